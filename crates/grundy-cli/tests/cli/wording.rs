//! What users read names the theorems and problems (Bouton's theorem, the Sprague-Grundy
//! theorem, the K-L-Nim problem, "Alice and Bob"), never the project's internal "seeds".

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::process::Command;

/// Everything `grundy ARGS` writes, stdout and stderr, and whether it exited 0 or 1.
fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn assert_no_seed(args: &[&str], text: &str) {
    let lower = text.to_lowercase();
    if let Some(at) = lower.find("seed") {
        let from = lower[..at].rfind('\n').map_or(0, |i| i + 1);
        let to = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
        panic!("grundy {}: says 'seed': {}", args.join(" "), &text[from..to]);
    }
}

#[test]
fn verify_names_no_seed() {
    for args in [&["verify"][..], &["verify", "--json"], &["verify", "--list"], &["verify", "--list", "--json"]] {
        assert_no_seed(args, &run(args));
    }
}

/// `analyze --explain` of every game's example (the catalogue's `example_game` and
/// `example_position`).
#[test]
fn explanations_name_no_seed() {
    for g in grundy::frontend::GAMES {
        let mut args = vec!["analyze", g.example_game];
        args.extend(g.example_position.split_whitespace());
        args.push("--explain");
        // The example of graph:FILE reads the file the guide shows, written here; other
        // examples name files under the repository's examples/, linked here.
        let dir = std::env::temp_dir().join(format!("grundy-wording-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("edges.txt"), grundy::frontend::EXAMPLE_GRAPH).unwrap();
        if !dir.join("examples").exists() {
            std::os::unix::fs::symlink(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"), dir.join("examples"))
                .unwrap();
        }
        let out =
            Command::new(env!("CARGO_BIN_EXE_grundy")).args(&args).current_dir(&dir).output().expect("the binary runs");
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && text.contains("\nwhy:\n"), "{args:?}: {text}");
        assert_no_seed(&args, &text);
    }
}

/// `divisor` says which game it is and names the one that looks alike ("replace n by a proper
/// divisor", AtCoder ABC 368F), and what it says of that one is true: by plain search its value
/// is Ω(n), while the divisor game's differs (n = 6: Nim of the exponents 1 and 1 is 0).
#[test]
fn the_divisor_game_names_the_game_that_looks_alike() {
    let games = run(&["games"]);
    let line = games.lines().find(|l| l.trim_start().starts_with("divisor ")).unwrap();
    assert!(line.contains("ABC 368F") && line.contains("Ω(n)"), "{line}");
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/games-heaps.md")).unwrap();
    assert!(guide.contains("ABC 368F"));
    // G of "replace n by a proper divisor", by the mex over every proper divisor.
    let n_max = 400usize;
    let mut g = vec![0u32; n_max + 1];
    for n in 2..=n_max {
        let options: Vec<u32> = (1..n).filter(|d| n % d == 0).map(|d| g[d]).collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    let omega = |mut n: usize| {
        let (mut count, mut p) = (0, 2);
        while n > 1 {
            while n.is_multiple_of(p) {
                n /= p;
                count += 1;
            }
            p += 1;
        }
        count
    };
    assert!((1..=n_max).all(|n| g[n] == omega(n)));
    let six = run(&["analyze", "divisor", "6", "--json"]);
    assert!(six.contains("\"sg\":0"), "{six}");
    assert_eq!(g[6], 2);
}
