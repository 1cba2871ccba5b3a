//! Fibonacci Nim and K-multiple Nim through the real binary: `analyze` (text, `--json`,
//! `--explain`), bad positions refused in one line with exit 2, and a game of `play` that the
//! computer wins from a won position.

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

fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes()).expect("the game reads its input");
    let out = child.wait_with_output().expect("the game ends");
    (out.status.code(), String::from_utf8(out.stdout).expect("UTF-8"))
}

#[test]
fn analyze_lists_every_winning_take() {
    let t = text(&["analyze", "fibonacci-nim", "100"]);
    assert!(t.contains("outcome: N"), "{t}");
    assert!(t.contains("winning moves (2):"), "{t}");
    assert!(t.contains("take 3 (100 -> 97; the next move may take at most 6)"), "{t}");
    assert!(t.contains("take 11 (100 -> 89; the next move may take at most 22)"), "{t}");
    // HDU 2516: 13 is "Second win".
    assert!(text(&["analyze", "fibonacci-nim", "13"]).contains("outcome: P"));
}

#[test]
fn json_writes_positions_as_tokens_that_read_back() {
    let out = grundy(&["analyze", "multiple:3", "19", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["game"], "multiple:3");
    assert_eq!(v["tokens"], json!(["19"]));
    assert_eq!(v["labels"], json!(["heap"]));
    assert_eq!(v["outcome"], "N");
    // HDU 2486: 19 = 15 + 4 with K = 3, so the smallest winning first move is 4.
    assert_eq!(v["winning_moves"][0]["result"], json!([15, 12]));
    assert_eq!(v["winning_move_count"], 1);
    let out = grundy(&["analyze", "multiple:3", "15/12", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["tokens"], json!(["15/12"]));
    assert_eq!(v["labels"], json!(["heap", "may take"]));
    assert_eq!(v["outcome"], "P");
    // Past the value table's budget the value is null with a reason.
    let out = grundy(&["analyze", "fibonacci-nim", "18446744073709551615", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["sg"], Value::Null);
    assert!(v["sg_note"].as_str().unwrap_or("").starts_with("not computed"), "{v}");
}

#[test]
fn explain_names_the_theorems() {
    let t = text(&["analyze", "fibonacci-nim", "100", "--explain"]);
    assert!(t.contains("Fibonacci Nim (Whinihan, 1963)") && t.contains("Zeckendorf"), "{t}");
    assert!(t.contains("100 = 89 + 8 + 3"), "{t}");
    let t = text(&["analyze", "multiple:3", "19", "--explain", "--misere"]);
    assert!(t.contains("(Schwenk, 1970)") && t.contains("Misère play"), "{t}");
}

#[test]
fn bad_positions_exit_2_with_one_line() {
    for args in [
        &["analyze", "fibonacci-nim", "5/6"][..],
        &["analyze", "fibonacci-nim", "5/0"],
        &["analyze", "fibonacci-nim", "x"],
        &["analyze", "fibonacci-nim", "5", "3"],
        &["analyze", "multiple:0", "5"],
        &["analyze", "multiple:x", "5"],
    ] {
        let out = grundy(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_computer_wins_a_won_game() {
    // 20 = 13 + 5 + 2: the computer, first, takes 2 and keeps winning while we take 1 a turn.
    let (code, out) =
        play(&["fibonacci-nim", "20", "--computer-first", "--level", "perfect", "--seed", "1"], &"take 1\n".repeat(20));
    assert_eq!(code, Some(0));
    assert!(out.contains("computer: take 2 (20 -> 18; the next move may take at most 4)   (a winning move)"), "{out}");
    assert!(out.contains("the whole heap"), "{out}");
    assert!(out.contains("The computer wins."), "{out}");
    assert!(out.contains("  may take 4  \n"), "{out}");
    // An illegal take is refused and the game goes on.
    let (_, out) = play(&["fibonacci-nim", "10", "--seed", "1"], "take 10\nquit\n");
    assert!(out.contains("the first move takes 1 to 9 (not the whole heap), not 10"), "{out}");
}
