//! Positions that type back: for the example of every game of the catalogue (`grundy::frontend::GAMES`),
//! each winning move's `leaves` (JSON) and the text after its `=>` (the report), typed back to
//! `grundy analyze`, are accepted and are P-positions (the player who made the move wins), under
//! normal play and, where the example's misère analysis is answered, under misère play.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A directory holding the files the examples name (`graph:edges.txt`, `geography:examples/...`),
/// written from the catalogue's own copies, so that every example runs as the guide (docs/games.md) writes it.
fn examples_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-leaves-{test}-{}", std::process::id()));
    for kind in grundy::frontend::GAMES {
        if let (Some(text), Some((_, file))) =
            (grundy::frontend::example_graph(kind), kind.example_game.split_once(':'))
        {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().expect("a file in a folder")).expect("the folder is made");
            std::fs::write(path, text).expect("the example's file is written");
        }
    }
    std::fs::create_dir_all(&dir).expect("the folder is made");
    dir
}

fn grundy(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).current_dir(dir).args(args).output().expect("the binary runs")
}

/// `analyze GAME TOKENS --json` with `extra`, as JSON; the error object when refused.
fn analysis(dir: &Path, game: &str, tokens: &[&str], extra: &[&str]) -> (bool, Value) {
    let mut args = vec!["analyze", game];
    args.extend_from_slice(tokens);
    args.extend_from_slice(extra);
    args.push("--json");
    let out = grundy(dir, &args);
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e})"));
    (out.status.success(), v)
}

/// The texts after `=>` of the report's listed moves, in order.
fn arrows(dir: &Path, game: &str, tokens: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args = vec!["analyze", game];
    args.extend_from_slice(tokens);
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--limit", "all"]);
    let out = grundy(dir, &args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|l| l.split_once("  => ").map(|(_, r)| r.to_string()))
        .collect()
}

/// Checks every winning move of `game`'s example under `convention` (`[]` or `["--misere"]`);
/// returns how many positions were typed back.
fn check(dir: &Path, game: &str, position: &str, convention: &[&str]) -> usize {
    let tokens: Vec<&str> = position.split_whitespace().collect();
    let (ok, a) = analysis(dir, game, &tokens, convention);
    if !ok {
        // Misère analysis of some examples is refused (a search past its budget): one error
        // object, never a wrong answer. Normal play is answered for every example.
        assert!(!convention.is_empty(), "{game} {position}: {a}");
        assert!(a["error"]["message"].is_string(), "{game} {position} {convention:?}: {a}");
        return 0;
    }
    let moves = a["winning_moves"].as_array().expect("a list");
    let texts = arrows(dir, game, &tokens, convention);
    assert_eq!(texts.len(), moves.len(), "{game} {position}: one => per listed move");
    // After the move the other player is to move (it matters in partizan games).
    let next = if a["to_move"] == "first" { "second" } else { "first" };
    let mut typed = 0;
    for (m, arrow) in moves.iter().zip(&texts) {
        let leaves: Vec<&str> =
            m["leaves"].as_array().expect("leaves").iter().map(|t| t.as_str().expect("a token")).collect();
        assert_eq!(leaves.join(" "), *arrow, "{game} {position}: `=>` prints what `leaves` holds");
        for written in [leaves.clone(), arrow.split_whitespace().collect()] {
            let mut extra = convention.to_vec();
            extra.extend_from_slice(&["--to-move", next]);
            let (ok, b) = analysis(dir, game, &written, &extra);
            assert!(ok, "{game} {position} {convention:?}: {} leaves {written:?}, refused: {b}", m["text"]);
            assert_eq!(b["outcome"], "P", "{game} {position} {convention:?}: {} leaves {written:?}: {b}", m["text"]);
            assert_eq!(b["tokens"], m["leaves"], "{game}: the position read back writes the same tokens");
            typed += 1;
        }
    }
    typed
}

#[test]
fn every_catalogue_example_leaves_positions_that_type_back() {
    let dir = examples_dir("every");
    // Four games at a time: each check waits on the binary.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let typed: usize = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    let mut typed = 0;
                    while let Some(kind) =
                        grundy::frontend::GAMES.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        for convention in [&[][..], &["--misere"][..]] {
                            typed += check(&dir, kind.example_game, kind.example_position, convention);
                        }
                    }
                    typed
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("no check failed")).sum()
    });
    // Most examples are won (a P-position example has no winning move to check).
    assert!(typed >= 100, "only {typed} positions typed back");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_known_failures_type_back() {
    // The positions the catalogue's examples once printed that analyze refused or misread.
    let dir = examples_dir("known");
    for (game, position, leaves) in [
        ("multiplication", "162", "162/9"),
        ("bounded", "7/3 9/2 12/5", "4/3 9/2 12/5"),
        ("fibonacci-nim", "100", "97/6"),
        ("circle:kayles", "12 line:7", "12 line:3 line:3"),
        ("sum", "nim=7 subtraction:2,5=9 bounded:3=5", "nim=0 subtraction:2,5=9 bounded:3=5"),
    ] {
        let tokens: Vec<&str> = position.split_whitespace().collect();
        assert!(arrows(&dir, game, &tokens, &[]).iter().any(|a| a == leaves), "{game} {position}: no `=> {leaves}`");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
