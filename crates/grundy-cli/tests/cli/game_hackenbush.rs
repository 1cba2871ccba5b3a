//! Green Hackenbush through the binary: the principles in the explanation, exact counts in
//! JSON, a big picture read with @FILE, bad pictures refused in one line with exit status 2,
//! and a won game played in the terminal.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

#[test]
fn hackenbush_through_the_binary() {
    let out = grundy(&["analyze", "hackenbush", "0-1,1-2,2-0,1-3", "0-1,1-1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["sg"], 2);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["result_tokens"], serde_json::json!(["0-1,1-2,0-2,1-3", "0"]));
    let text =
        String::from_utf8_lossy(&grundy(&["analyze", "hackenbush", "0-1,1-2,2-0,1-3", "--explain"]).stdout).to_string();
    assert!(text.contains("the fusion principle") || text.contains("The fusion principle"), "{text}");
    assert!(text.contains("Berlekamp, Conway and Guy"), "{text}");
}

#[test]
fn a_big_picture_from_a_file() {
    // A stalk of 100,000 edges, one a line, beside a stalk of 3: worth 100,000 XOR 3. The
    // one winning move leaves the long stalk worth 3 (cut above its third edge); the short
    // one would have to grow.
    let dir = std::env::temp_dir().join(format!("grundy-hackenbush-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stalk.txt");
    let text: String = (0..100_000u64).map(|i| format!("{}-{}\n", i, i + 1)).collect();
    std::fs::write(&file, text).unwrap();
    let arg = format!("@{}", file.display());
    let out = grundy(&["analyze", "hackenbush", &arg, "0-1,1-2,2-3", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sg"], 100_000 ^ 3);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["text"], "cut 3-4 in picture 1 (99996 more edges fall away)");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_pictures_exit_2_with_one_line() {
    for (args, says) in [
        (&["analyze", "hackenbush", "0-1,1-2", "x"][..], "picture 2: 'x' is not an edge u-v"),
        (&["analyze", "hackenbush", "0-1,2-3"][..], "picture 1: edge 2-3 does not reach the ground"),
        (
            &["analyze", "hackenbush", "0-1", "@/no/such/file"][..],
            "picture 2: @/no/such/file: cannot read '/no/such/file'",
        ),
        (&["analyze", "hackenbush", "0-1,-1"][..], "picture 1: '-1' is not an edge u-v of vertex numbers"),
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn the_computer_wins_a_won_position() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "hackenbush", "0-1,1-2,2-0,1-3", "0-1,1-1,1-2", "--computer-first", "--level", "perfect"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The person cuts whatever edge is listed first that still stands.
    let lines: String = ["0-1 in 1", "1-2 in 1", "0-2 in 1", "1-3 in 1", "0-1 in 2", "1-1 in 2", "1-2 in 2"]
        .map(|e| format!("cut {e}\n"))
        .concat();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let text = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string();
    assert!(text.contains("The computer wins."), "{text}");
}
