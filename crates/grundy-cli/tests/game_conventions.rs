//! Through the binary: Wythoff's game, sums of different games (`sum GAME=TOKENS ...`) and the
//! conventions beyond normal and misère play (`--every`, the SJ theorem for misère sums).

use std::io::Write;
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

fn refused(args: &[&str]) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn wythoff_through_the_binary() {
    let v = json(&["analyze", "wythoff", "5", "8", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 2);
    let both = &v["winning_moves"][0];
    assert_eq!(both["text"], "take 1 from both heaps (5 8 -> 4 7)");
    assert_eq!(
        (both["heap"].clone(), both["width"].clone(), both["to"].clone()),
        (1.into(), 2.into(), serde_json::json!([4, 7]))
    );
    let text = String::from_utf8_lossy(&grundy(&["analyze", "wythoff", "5", "8", "--explain"]).stdout).to_string();
    assert!(text.contains("Wythoff's theorem (Wythoff, 1907)"), "{text}");
    assert!(refused(&["analyze", "wythoff", "5"]).contains("Wythoff's game takes two heaps, not 1"));
    assert!(refused(&["analyze", "wythoff", "5", "18446744073709551616"]).contains("heap 2"));
}

#[test]
fn every_sg_through_the_binary() {
    let v = json(&["analyze", "sum", "euclid=5,3", "euclid=3,2", "--every", "--json"]);
    assert_eq!(v["convention"], "every");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["heap_values"], serde_json::json!([3, 2]));
    assert!(v["explanation"].as_array().unwrap().iter().any(|l| l.as_str().unwrap().contains("Jia Zhihao")));
    let out = grundy(&["analyze", "nim", "3", "--every", "--misere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(refused(&["play", "nim", "3", "4", "--every"]).contains("grundy analyze nim 3 4 --every"));
}

#[test]
fn misere_sums_name_the_sj_theorem() {
    let text = String::from_utf8_lossy(
        &grundy(&["analyze", "sum", "nim=7", "bounded:4=3", "subtraction:1,2,3=2", "--misere", "--explain"]).stdout,
    )
    .to_string();
    assert!(text.contains("SJ theorem (Jia Zhihao"), "{text}");
}

#[test]
fn a_sum_of_games_is_played_in_the_terminal() {
    // euclid 34,12 (value 2) + wythoff 2,2 (value 1) + nim 4: nim-sum 7, won. The person asks
    // for a hint and plays its first move each turn; the computer never wins.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "sum", "euclid=34,12", "wythoff=2,2", "nim=4", "--level", "perfect", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The winning moves, typed in the Move form the analysis gives.
    let moves = json(&["analyze", "sum", "euclid=34,12", "wythoff=2,2", "nim=4", "--json"]);
    let first = &moves["winning_moves"][0];
    let typed = format!(
        "{} -> {}\n",
        first["heap"],
        first["to"].as_array().unwrap().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
    );
    child.stdin.take().unwrap().write_all(typed.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("game 1 (euclid): number 1"), "{text}");
    assert!(text.contains(&format!("you: {}", first["text"].as_str().unwrap())), "{text}");
}
