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
    for g in grundy::GAMES {
        let mut args = vec!["analyze", g.example_game];
        args.extend(g.example_position.split_whitespace());
        args.push("--explain");
        // The example of graph:FILE reads the file the README shows, written here; other
        // examples name files under the repository's examples/, linked here.
        let dir = std::env::temp_dir().join(format!("grundy-wording-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("edges.txt"), grundy::rules::catalogue::EXAMPLE_GRAPH).unwrap();
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
