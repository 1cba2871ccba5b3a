//! The multiplication game through the real binary: `analyze` (text, `--json`, `--explain`),
//! bad positions refused in one line with exit 2, and a game of `play` that the computer wins
//! from a won position.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn text(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn analyze_reproduces_hdu_1517() {
    // Stan (first) wins 162 and 34012226; Ollie wins 17.
    for (n, outcome) in [("162", "outcome: N"), ("17", "outcome: P"), ("34012226", "outcome: N")] {
        let t = text(&["analyze", "multiplication", n]);
        assert!(t.contains(outcome), "{n}: {t}");
    }
    let t = text(&["analyze", "multiplication", "100"]);
    assert!(t.contains("winning moves (4):") && t.contains("multiply by 6 (1 -> 6)"), "{t}");
}

#[test]
fn json_and_explain() {
    let out = grundy(&["analyze", "multiplication", "10/2", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["tokens"], json!(["10/2"]));
    assert_eq!(v["labels"], json!(["target", "product"]));
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["result"], json!([10, 10]));
    assert_eq!(v["winning_moves"][0]["text"], "multiply by any of 5 to 9 (2 -> at least 10, reaching the target)");
    assert!(v["sg"].is_u64());
    let t = text(&["analyze", "multiplication", "18446744073709551615", "--explain"]);
    assert!(t.contains("HDU 1517") && t.contains("r = 18446744073709551615"), "{t}");
    assert!(t.contains("Sprague-Grundy value:"), "{t}");
}

#[test]
fn bad_positions_exit_2_with_one_line() {
    for args in [
        &["analyze", "multiplication", "1"][..],
        &["analyze", "multiplication", "10/11"],
        &["analyze", "multiplication", "10/0"],
        &["analyze", "multiplication", "ten"],
        &["analyze", "multiplication", "10", "2"],
    ] {
        let out = grundy(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_computer_wins_a_won_game() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "multiplication", "100", "--computer-first", "--level", "perfect", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin is piped").write_all(b"times 1\n2\n2\n2\n").expect("the game reads its input");
    let out = child.wait_with_output().expect("the game ends");
    let out = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(out.matches("(a winning move)").count(), 2, "{out}");
    assert!(out.contains("illegal move: multiply by 2 to 9, not 1"), "{out}");
    assert!(out.contains("reaching the target") && out.contains("The computer wins."), "{out}");
}
