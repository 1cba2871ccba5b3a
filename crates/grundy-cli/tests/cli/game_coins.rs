//! Coin-turning games through the binary: analysis in text and JSON, the theorems named by
//! `--explain`, bad input refused with one line and exit status 2, and games played in the
//! terminal: the computer wins a won row and a won grid, and a person who types the hinted
//! move each turn wins a won row.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8_lossy(&grundy(args).stdout).to_string()
}

#[test]
fn coins_through_the_binary() {
    // HDU 3537's samples: lost, won, lost.
    assert!(stdout(&["analyze", "mock-turtles", "none"]).contains("outcome: P"));
    assert!(stdout(&["analyze", "mock-turtles", "0"]).contains("outcome: N"));
    assert!(stdout(&["analyze", "mock-turtles", "0", "1", "2", "3"]).contains("outcome: P"));
    // HDU 3404's samples.
    assert!(stdout(&["analyze", "coins-2d:turtlesxturtles", "1,2", "2,1"]).contains("outcome: P"));
    assert!(stdout(&["analyze", "coins-2d:turtlesxturtles", "1,1", "2,2"]).contains("outcome: N"));

    let out = grundy(&["analyze", "ruler", "3", "6", "12", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sg"], 1 ^ 2 ^ 4);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["labels"], serde_json::json!(["head 1 (coin 3)", "head 2 (coin 6)", "head 3 (coin 12)"]));
    let out = grundy(&["analyze", "coins-2d:turtlesxmock-turtles", "3,0", "2,5", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tokens"], serde_json::json!(["2,5", "3,0"]));
    assert_eq!(v["winning_move_count"], v["winning_moves"].as_array().unwrap().len());

    // Past coin 2^63 a Mock Turtles head is worth more than 2^64 - 1: no number in "sg", the
    // exact value in "sg_note".
    let out = grundy(&["analyze", "mock-turtles", "18446744073709551615", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["sg"].is_null());
    assert!(v["sg_note"].as_str().unwrap().starts_with("36893488147419103231 (exact"), "{v}");
    assert_eq!(v["winning_move_count"], 1);

    let text = stdout(&["analyze", "mock-turtles", "0", "1", "2", "3", "7", "--explain"]);
    assert!(text.contains("The coin-turning theorem (H. W. Lenstra"), "{text}");
    assert!(text.contains("Mock Turtles (Berlekamp, Conway and Guy, Winning Ways; HDU 3537)"), "{text}");
    let text = stdout(&["analyze", "coins-2d:turtlesxturtles", "1,1", "2,2", "--explain"]);
    assert!(text.contains("Lenstra's Tartan theorem"), "{text}");
    assert!(text.contains("turning corners (HDU 3404)"), "{text}");
    let text = stdout(&["analyze", "ruler", "8", "--explain"]);
    assert!(text.contains("Ruler (Berlekamp, Conway and Guy, Winning Ways)"), "{text}");

    // A winning Ruler run too long for a list of heads is counted, and said not to be listed.
    let text = stdout(&["analyze", "ruler", "4611686018427387904", "2305843009213693952"]);
    assert!(text.contains("winning moves (1): "), "{text}");
    assert!(text.contains("counted but not listed"), "{text}");

    for (bad, says) in [
        (&["analyze", "coins-2d:turtlesxturtles", "3"][..], "head 1 '3' is not a cell"),
        (&["analyze", "coins-2d:nimxturtles", "1,1"][..], "unknown coin rule 'nim'"),
        (&["analyze", "coins-2d:turtlesxturtles", "1,18446744073709551616"][..], "past the largest"),
        (&["analyze", "mock-turtles", "-1"][..], "head 1 '-1' is negative"),
        (&["analyze", "turtles", "0"][..], "numbers its coins from 1"),
    ] {
        let out = grundy(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}

/// Plays `args` with the computer first, the person typing `turn C` for each C in `tries`
/// over and over (the illegal ones are refused and the next tried); the computer must win.
fn computer_wins(args: &[&str], tries: &[String]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .args(["--computer-first", "--level", "perfect", "--seed", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines: String = (0..30).map(|_| tries.iter().map(|t| format!("turn {t}\n")).collect::<String>()).collect();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let text = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string();
    assert!(text.contains("The computer wins"), "{text}");
}

#[test]
fn the_computer_wins_won_positions() {
    let coins: Vec<String> = (0..8).map(|c| c.to_string()).collect();
    computer_wins(&["play", "mock-turtles", "0", "1", "2", "3", "7"], &coins);
    computer_wins(&["play", "ruler", "3", "6", "12"], &(1..13).map(|c| c.to_string()).collect::<Vec<_>>());
    let cells: Vec<String> = (1..4).flat_map(|x| (1..4).map(move |y| format!("{x},{y}"))).collect();
    computer_wins(&["play", "coins-2d:turtlesxturtles", "1,1", "2,2", "3,1"], &cells);
}

#[test]
fn a_person_following_the_hints_wins() {
    // turtles 3 5 9 has value 3 ^ 5 ^ 9 = 15: the person moves first and types each hint's move.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "turtles", "3", "5", "9", "--level", "perfect", "--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    input.write_all(b"hint\n").unwrap();
    let mut line = String::new();
    let mut awaiting = false;
    while output.read_line(&mut line).unwrap() > 0 {
        seen.push_str(&line);
        // The hint's first move is worded "turn over coins A and B (heads ...)": typed back
        // as 'turn A B'; the other moves it lists are left.
        if line.contains("You are winning") {
            awaiting = true;
        }
        if let Some(words) = line.trim().strip_prefix("turn over ").filter(|_| awaiting) {
            awaiting = false;
            let coins = words.split(" (").next().unwrap();
            let typed: Vec<&str> = coins.split([' ', ',']).filter(|w| w.parse::<u64>().is_ok()).collect();
            writeln!(input, "turn {}\nhint", typed.join(" ")).unwrap();
        }
        if line.contains("You win") || line.contains("computer wins") {
            break;
        }
        line.clear();
    }
    drop(input);
    let _ = child.wait();
    assert!(seen.contains("You win"), "{seen}");
}
