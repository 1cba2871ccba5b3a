//! `cutting` (POJ 2311) through the built binary: `analyze` (text, `--json`, `--explain`), bad
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
    // POJ 2311's sample: 2 x 2 and 3 x 2 lose, 4 x 2 wins.
    for (sheet, outcome) in [("2x2", "outcome: P"), ("3x2", "outcome: P"), ("4x2", "outcome: N")] {
        let text = stdout(&["analyze", "cutting", sheet]);
        assert!(text.contains(outcome), "{sheet}: {text}");
    }
    let text = stdout(&["analyze", "cutting", "4x2"]);
    assert!(text.contains("winning moves (1):\n  cut sheet 1 (4x2) into 2x2 and 2x2  => 2x2 2x2"), "{text}");
    assert!(text.contains("Sprague-Grundy value: not computed: a cut that leaves a piece 1 square wide"), "{text}");

    let v: serde_json::Value = serde_json::from_str(&stdout(&["analyze", "cutting", "1x5", "4x1", "--json"])).unwrap();
    assert_eq!(v["position"], serde_json::json!([1, 5, 4, 1]));
    assert_eq!(v["tokens"], serde_json::json!(["1x5", "4x1"]));
    assert_eq!(v["labels"], serde_json::json!(["width 1", "height 1", "width 2", "height 2"]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["sg"], serde_json::Value::Null);
    assert_eq!(v["winning_move_count"], 2);

    let text = stdout(&["analyze", "cutting", "2x1000000000000000000", "5x5", "--explain"]);
    assert!(text.contains("Dawson's Kayles (Dawson, 1935)"), "{text}");
    assert!(text.contains("Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939)"), "{text}");
    let text = stdout(&["analyze", "cutting", "200x200", "--budget", "4000000"]);
    assert!(text.starts_with("cutting 200x200 (normal play"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (arg, says) in [
        ("3x", "sheet 1: the height is empty"),
        ("0x5", "sheet 1 (0x5): a side is at least 1"),
        ("3*4", "sheet 1: '3*4' is not WxH (width x height, e.g. 3x4)"),
    ] {
        let out = grundy(&["analyze", "cutting", "2x2", arg]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{arg}: {err}");
        assert_eq!(err.lines().count(), 1, "{arg}: {err}");
        assert!(err.contains(&says.replace("sheet 1", "sheet 2")), "{arg}: {err}");
    }
    // The table past the budget is refused with the budget it needs.
    let out = grundy(&["analyze", "cutting", "200x200"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("rerun with --budget"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn the_computer_wins_a_won_sheet() {
    // 4 x 2 is won for the first player, here the computer: it cuts 2 x 2 and 2 x 2, and any
    // cut of ours leaves a 1 x 2 piece, from which it cuts off a 1 x 1.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "cutting", "4x2", "--computer-first", "--level", "perfect", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"cut 1 into 2x2 2x2\ncut 1 into 1x2 1x2\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text.contains("computer: cut sheet 1 (4x2) into 2x2 and 2x2   (a winning move)"), "{text}");
    assert!(text.contains("illegal move: cutting sheet 1 (2x2) along a grid line"), "{text}");
    assert!(text.contains("you: cut sheet 1 (2x2) into 1x2 and 1x2"), "{text}");
    assert!(text.contains("cutting off a 1 x 1 piece   (a winning move)"), "{text}");
    assert!(text.contains("The computer wins."), "{text}");
}
