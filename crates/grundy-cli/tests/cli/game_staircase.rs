//! Staircase Nim through the binary: analysis, the explanation, bad input, and a game played
//! in the terminal from a won position that the person wins by following the hints.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

#[test]
fn staircase_through_the_binary() {
    let out = grundy(&["analyze", "staircase", "3", "9", "5", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sg"], 3 ^ 5);
    assert_eq!(v["labels"], serde_json::json!(["step 1", "step 2", "step 3"]));
    let text =
        String::from_utf8_lossy(&grundy(&["analyze", "staircase", "3", "9", "5", "--explain"]).stdout).to_string();
    assert!(text.contains("Staircase Nim: a position's value is the nim-sum of the coins on the odd steps"), "{text}");
    let bad = grundy(&["analyze", "staircase", "3", "-1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("step 2 '-1' is negative"));
}

#[test]
fn the_computer_wins_a_won_staircase() {
    // 3 9 5 has value 6: the computer moves first and must win against any replies.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "staircase", "3", "9", "5", "--computer-first", "--level", "perfect", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The person always moves one coin off the lowest non-empty step, as 'move 1 from step S'
    // would; typing the smallest legal move each turn: try each step in turn.
    let lines: String = (0..40).map(|_| (1..=3).map(|s| format!("{s} 1\n")).collect::<String>()).collect();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("The computer wins") || text.contains("computer wins"), "{text}");
}
