//! Moore's Nim through the binary: the theorem in the explanation, exact counts in JSON, bad
//! game names and positions refused with one line, and a won game played in the terminal.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

#[test]
fn moore_through_the_binary() {
    let out = grundy(&["analyze", "moore:2", "5", "6", "9", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], v["winning_moves"].as_array().unwrap().len());
    let text =
        String::from_utf8_lossy(&grundy(&["analyze", "moore:2", "5", "6", "9", "3", "--explain"]).stdout).to_string();
    assert!(text.contains("Moore's theorem (E. H. Moore, 1910)"), "{text}");
    for bad in [&["analyze", "moore:0", "3"][..], &["analyze", "moore:2", "3", "x"][..]] {
        let out = grundy(bad);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end().lines().count(), 1);
    }
}

#[test]
fn the_computer_wins_a_won_position() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "moore:2", "5", "6", "9", "3", "--computer-first", "--level", "perfect", "--seed", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines: String = (0..40).map(|_| (1..=4).map(|h| format!("{h} 1\n")).collect::<String>()).collect();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let text = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string();
    assert!(text.contains("computer wins"), "{text}");
}
