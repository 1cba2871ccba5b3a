//! `circle:RULESET` through the built binary: `analyze` (text, `--json`, `--explain`), bad
//! input (exit 2, one line on stderr), and a game of `play` that the computer wins.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn analyze_text_json_and_explain() {
    let text = stdout(&["analyze", "circle:kayles", "12", "line:7"]);
    assert!(text.starts_with("circle:kayles 12 line:7 (normal play, first player to move)"), "{text}");
    assert!(text.contains("outcome: N") && text.contains("Sprague-Grundy value: 2"), "{text}");
    assert!(text.contains("winning moves (3):"), "{text}");
    assert!(text.contains("take 2 from circle 1 (12 -> a line of 10)  "), "{text}");
    // POJ 2484: Bob wins from 3 coins.
    let text = stdout(&["analyze", "circle:kayles", "3"]);
    assert!(text.contains("outcome: P (the second player wins"), "{text}");

    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["analyze", "circle:kayles", "12", "line:7", "--json"])).unwrap();
    assert_eq!(v["position"], serde_json::json!([1, 12, 0, 7]));
    assert_eq!(v["tokens"], serde_json::json!(["12", "line:7"]));
    assert_eq!(v["labels"], serde_json::json!(["closed 1", "circle 1", "closed 2", "line 2"]));
    assert_eq!(v["sg"], 2);
    assert_eq!(v["winning_move_count"], 3);
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([0, 10, 0, 7]));

    let text = stdout(&["analyze", "circle:octal:0.777", "1000000000", "--explain"]);
    assert!(text.contains("outcome: P"), "{text}");
    assert!(text.contains("Tweedledum and Tweedledee strategy; Berlekamp, Conway and Guy"), "{text}");
    let text = stdout(&["analyze", "circle:kayles", "1000000000000000000", "line:5", "--explain"]);
    assert!(text.contains("Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939)"), "{text}");
    assert!(text.contains("periodic with period 12"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["analyze", "circle:kayles", "3x"][..],
        &["analyze", "circle:kayles", "line:-1"],
        &["analyze", "circle:nim", "5"],
        &["analyze", "circle:grundys-game", "5"],
        &["analyze", "circle", "5"],
    ] {
        let out = grundy(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let err = String::from_utf8(grundy(&["analyze", "circle:nim", "5"]).stderr).unwrap();
    assert!(err.contains("plays exactly as a heap of as many coins (analyse `nim N`)"), "{err}");
}

#[test]
fn the_computer_wins_a_lost_circle_for_us() {
    // A circle of 6 under Kayles is lost for the first player: whatever we take, the computer
    // splits the line into two equal lines and copies us. We try every part in turn; the
    // moves that are not legal are refused and the next line is read.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "circle:kayles", "6", "--level", "perfect", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::new();
    for _ in 0..6 {
        for part in 1..=4 {
            input += &format!("take 1 from {part}\n");
        }
    }
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text.contains("  circle 1 6  oooooo"), "{text}");
    assert!(text.contains("you: take 1 from circle 1 (6 -> a line of 5)"), "{text}");
    assert!(text.contains("(a winning move)"), "{text}");
    assert!(text.contains("The computer wins."), "{text}");
}
