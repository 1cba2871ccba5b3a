//! `take-or-split:K` (Lasker's Nim for K = 2) through the built binary: `analyze` with the
//! samples of HDU 3032 and HDU 5795, `--json`, `--explain`, bad input (exit 2, one line on
//! stderr), and `play` through stdin, where the computer wins from a won position.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn text(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// HDU 3032: Alice (first) wins "2 2 3", Bob wins "3 3"; HDU 5795: "4 4" is the second player's,
/// "1 2 4" the first's.
#[test]
fn analyze_answers_the_official_samples() {
    let t = text(&["analyze", "take-or-split:2", "2", "2", "3"]);
    assert!(t.contains("outcome: N") && t.contains("take 3 from heap 3 (3 -> 0)"), "{t}");
    assert!(text(&["analyze", "take-or-split:2", "3", "3"]).contains("outcome: P"));
    assert_eq!(json(&["analyze", "take-or-split:3", "4", "4", "--json"])["winner"], "second");
    let v = json(&["analyze", "take-or-split:3", "1", "2", "4", "--json"]);
    assert_eq!((v["outcome"].as_str(), v["sg"].as_u64()), (Some("N"), Some(7)));
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([1, 2, 3]));
    assert_eq!(v["method"], "closed form");
}

#[test]
fn json_writes_splits_as_one_heap_replaced_by_k() {
    let v = json(&["analyze", "take-or-split:2", "9", "6", "--json"]);
    assert_eq!(v["winning_move_count"], 3);
    let split = &v["winning_moves"][1];
    assert_eq!(split["text"], "split heap 1 into 1 + 8 (9 -> 1 8)");
    assert_eq!((split["heap"].as_u64(), &split["to"]), (Some(1), &serde_json::json!([1, 8])));
    assert_eq!(split["result"], serde_json::json!([1, 8, 6]));
    // A heap of 2^64 - 1 has the value 2^64, past a JSON number's u64: given in words.
    let v = json(&["analyze", "take-or-split:2", "18446744073709551615", "--json"]);
    assert_eq!(v["sg"], Value::Null);
    assert!(v["sg_note"].as_str().unwrap().starts_with("18446744073709551616"), "{v}");
}

#[test]
fn explain_names_the_theorems() {
    let t = text(&["analyze", "take-or-split:2", "9", "6", "--explain"]);
    assert!(t.contains("Lasker's Nim (Emanuel Lasker, 1931)"), "{t}");
    assert!(t.contains("Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939)"), "{t}");
    let t = text(&["analyze", "take-or-split:3", "7", "1", "--misere", "--explain"]);
    assert!(t.contains("HDU 5795") && t.contains("Bouton's rule for misère Nim (Bouton, 1901)"), "{t}");
    let t = text(&["analyze", "take-or-split:4", "40", "--explain"]);
    assert!(t.contains("only up to heap 2^5 - 1 = 31") && t.contains("table by the definition"), "{t}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for (args, says) in [
        (vec!["analyze", "take-or-split:2", "3", "x"], "heap 2 'x' is not a number"),
        (vec!["analyze", "take-or-split:1", "3"], "K must be at least 2"),
        (vec!["analyze", "take-or-split:x", "3"], "K of take-or-split:K 'x' is not a number"),
        (vec!["analyze", "take-or-split", "3"], "needs its parameter"),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && err.trim_end().lines().count() == 1, "{args:?}: {err}");
    }
}

/// The computer, first from "9 6" (a won position), wins whatever the human does: here the
/// human always takes one object from the first non-empty heap, whose number and size are read
/// from the board.
#[test]
fn the_computer_wins_a_game_in_the_terminal() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "take-or-split:2", "9", "6", "--computer-first", "--level", "perfect", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut all = String::new();
    let mut buf = [0u8; 4096];
    for _ in 0..60 {
        // Read to the next prompt or the end.
        while !all.ends_with("your move> ") {
            let n = stdout.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            all.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        if !all.ends_with("your move> ") {
            break;
        }
        // The last board drawn: rows "  heap I   SIZE  ooo".
        let board: Vec<u64> = all
            .rsplit("computer:")
            .next()
            .unwrap()
            .lines()
            .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
                ["heap", _, size, ..] => size.parse().ok(),
                _ => None,
            })
            .collect();
        let i = board.iter().position(|&h| h > 0).expect("a non-empty heap while the game goes on");
        writeln!(stdin, "{} 1", i + 1).unwrap();
        all.push('\n');
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(all.contains("computer: ") && all.contains("(a winning move)"), "{all}");
    assert!(all.contains("The computer wins."), "{all}");
}

/// Every-SG searches each game's positions memoised on their canonical form (heaps in any
/// order are one position), and its budget counts the options it visits, checked as they are
/// listed: `take-or-split:2 20 --every` once took 47 s and 1.39 GB of ordered positions to end
/// in "the budget of 2000000 positions is not enough" (and the web's time limit advised this
/// very command); it answers now, and a budget too small is refused in the unit that costs.
#[test]
fn every_sg_searches_canonical_positions_within_a_budget_of_options_visited() {
    let t = text(&["analyze", "take-or-split:2", "20", "--every"]);
    assert!(t.contains("outcome: "), "{t}");
    let out = grundy(&["analyze", "take-or-split:2", "20", "--every", "--budget", "2000"]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("the budget of 2000 moves examined is not enough"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    // A heap of 999 has about 3 * 10^8 splits into 5 parts: counted, not listed, and refused
    // before the work.
    let started = std::time::Instant::now();
    let out = grundy(&["analyze", "take-or-split:5", "999", "--every"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("moves examined is not enough"));
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "{:?}", started.elapsed());
}
