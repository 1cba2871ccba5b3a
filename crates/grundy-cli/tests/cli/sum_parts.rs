//! `grundy play` and `grundy analyze` on a sum of games shown as its parts: the position is
//! printed as its layout (`1: domineering ../.. | 2: hackenbush 0-1:b,1-2:r | 3: nim 2`),
//! each game drawn in its own way, never as the numbers of the whole position; moves are
//! typed `K: MOVE` in game K's own syntax; what is printed types back.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SUM: [&str; 4] = ["sum", "domineering=../..", "hackenbush=0-1:b,1-2:r", "nim=2"];
const LAYOUT: &str = "1: domineering ../.. | 2: hackenbush 0-1:b,1-2:r | 3: nim 2";

fn grundy(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("the binary ends")
}

fn text(args: &[&str]) -> String {
    let out = grundy(args, "");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The issue's sum: printed as its layout with each game drawn, `1: a1 a2` played, and every
/// layout printed reads back as the position it names (`analyze sum 'LAYOUT'` answers the same
/// as the position's tokens).
#[test]
fn play_prints_the_parts_and_takes_a_parts_move() {
    let mut args = vec!["play"];
    args.extend_from_slice(&SUM);
    args.extend_from_slice(&["--seed", "1", "--level", "easy"]);
    let out = grundy(&args, "hint\n1: a1 a2\nquit\n");
    let printed = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(out.status.success(), "{printed}{}", String::from_utf8_lossy(&out.stderr));
    assert!(printed.contains(&format!("  {LAYOUT}\n")), "{printed}");
    assert!(!printed.contains("number 7") && !printed.contains("picture 1 edges"), "{printed}");
    assert!(printed.contains("you: in game 1 (domineering): "), "{printed}");
    assert!(!printed.contains("illegal move"), "{printed}");
    // The hint types each winning move as its game's move.
    let typed: Vec<&str> = printed.lines().filter_map(|l| l.split_once("type '").map(|(_, t)| t)).collect();
    assert!(
        !typed.is_empty() && typed.iter().all(|t| t.starts_with(char::is_numeric) && t.contains(": ")),
        "{printed}"
    );
    // Each layout printed (before and after the moves) reads back.
    let layouts: Vec<&str> = printed.lines().map(str::trim).filter(|l| l.starts_with("1: domineering")).collect();
    assert!(layouts.len() >= 2, "{printed}");
    for layout in layouts {
        let by_layout = text(&["analyze", "sum", layout, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&by_layout).expect("JSON");
        let tokens: Vec<&str> = v["tokens"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        let mut again = vec!["analyze", "sum"];
        again.extend(&tokens);
        again.push("--json");
        assert_eq!(text(&again), by_layout, "{layout}");
    }
}

/// A move of a game that does not exist, or not legal in its game, is refused naming the game;
/// the numbered form of the whole position still reads.
#[test]
fn wrong_parts_are_named_and_the_numbered_form_still_reads() {
    let mut args = vec!["play"];
    args.extend_from_slice(&SUM);
    args.extend_from_slice(&["--seed", "1", "--level", "easy"]);
    let printed = String::from_utf8(grundy(&args, "4: 1 1\n1: a1 b1\n3: 1 3\nquit\n").stdout).expect("UTF-8");
    assert!(
        printed.contains("illegal move: there is no game 4 (the games of the sum are numbered 1 to 3)"),
        "{printed}"
    );
    assert!(printed.contains("illegal move: game 1 (domineering): cells a1 and b1 are side by side"), "{printed}");
    assert!(printed.contains("illegal move: game 3 (nim): heap 1: it has only 2 objects"), "{printed}");
    // Nim's heap is the last of the whole position's 14 numbers (the board's and the picture's
    // before it), as `analyze --json`'s labels name it.
    let mut analyze = vec!["analyze"];
    analyze.extend_from_slice(&SUM);
    analyze.push("--json");
    let labels: serde_json::Value = serde_json::from_str(&text(&analyze)).expect("JSON");
    assert_eq!(labels["labels"][13], "number 14: game 3 (nim), heap 1");
    let printed = String::from_utf8(grundy(&args, "14 2\nquit\n").stdout).expect("UTF-8");
    assert!(printed.contains("you: in game 3 (nim): take 2 from heap 1"), "{printed}");
}

/// The analysis's printed moves type back: each position after `=>` is read by `analyze` as the
/// same tokens, and each winning move, typed as its part's move, is accepted by `play`.
#[test]
fn the_analysiss_printed_moves_type_back() {
    let mut args = vec!["analyze"];
    args.extend_from_slice(&SUM);
    let printed = text(&args);
    let leaves: Vec<&str> = printed.lines().filter_map(|l| l.split_once("=> ").map(|(_, t)| t)).collect();
    assert!(!leaves.is_empty(), "{printed}");
    for left in leaves {
        let mut again = vec!["analyze", "sum"];
        again.extend(left.split(' '));
        again.push("--json");
        let v: serde_json::Value = serde_json::from_str(&text(&again)).expect("JSON");
        let tokens: Vec<&str> = v["tokens"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        assert_eq!(tokens.join(" "), left, "{printed}");
    }
}

/// The partizan games of a sum are named with the verb they agree with.
#[test]
fn a_sums_partizan_games_are_named_in_one_sentence() {
    let one = text(&["analyze", "sum", "domineering=../..", "nim=3", "--explain"]);
    assert!(one.contains("game 1 (domineering) of the sum is partizan, so"), "{one}");
    let three =
        text(&["analyze", "sum", "domineering=../..", "domineering=.../...", "nim=1", "snort=...", "--explain"]);
    assert!(
        three.contains("game 1 (domineering), game 2 (domineering) and game 4 (snort) of the sum are partizan, so"),
        "{three}"
    );
}
