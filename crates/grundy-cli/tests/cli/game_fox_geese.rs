//! Fox and Geese through the command line (issue 81, item 5): `grundy value` gives a loopy
//! game's value from the graph of its positions (text and `--json`), `grundy analyze` who wins
//! by retrograde analysis, `grundy play` a perfect fox, and bad boards, moves and bounds are
//! refused in one line with exit 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// The text printed by a run that succeeds.
fn answered(args: &[&str]) -> String {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: exit {:?}: {}", o.status.code(), String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// The one line of a refusal (exit 2).
fn refused(args: &[&str]) -> String {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&o.stdout));
    let err = String::from_utf8(o.stderr).expect("UTF-8");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line: {err}");
    err
}

/// CGSuite's value of the fox at its (2,4) in front of the geese on row 3 (its test suite's
/// ValuesTable, GameGridTest.scala): 2, with two spare rows behind the geese.
#[test]
fn value_prints_the_loopy_value_and_its_outcomes() {
    let board = "......../...F..../G.G.G.G./......../........";
    let text = answered(&["value", "fox-and-geese", board]);
    assert!(text.lines().any(|l| l == "value: 2"), "{text}");
    assert!(text.lines().any(|l| l == "Left first: Left wins"), "{text}");
    assert!(text.lines().any(|l| l == "Right first: Left wins"), "{text}");
    assert!(text.lines().any(|l| l == "stopper: yes"), "{text}");
    let over: serde_json::Value = serde_json::from_str(&answered(&[
        "value",
        "fox-and-geese",
        "......../.F....../G.G.G.G./......../........",
        "--json",
    ]))
    .unwrap();
    assert_eq!(over["value"], "2 + over", "{over}");
    assert_eq!(over["position"][0], "......../.F....../G.G.G.G./......../........");
    assert!(over["positions"].as_u64().is_some_and(|n| n > 1000), "{over}");
}

#[test]
fn analyze_answers_by_retrograde_analysis() {
    let board = "F......./......../G.G.....";
    let first = answered(&["analyze", "fox-and-geese", board]);
    assert!(first.contains("outcome: N") && first.contains("winning moves (2)"), "{first}");
    // Every winning move reads back as a position Left wins with Right to move.
    assert!(first.contains("Left moves the goose from a3 to b2  => F......./.G....../..G....."), "{first}");
    let second = answered(&["analyze", "fox-and-geese", board, "--to-move", "second"]);
    assert!(second.contains("outcome: P"), "{second}");
    let j: serde_json::Value = serde_json::from_str(&answered(&["analyze", "fox-and-geese", board, "--json"])).unwrap();
    assert_eq!(j["method"], "retrograde analysis", "{j:.400}");
}

#[test]
fn bad_boards_moves_and_bounds_are_refused_in_one_line() {
    let e = refused(&["value", "fox-and-geese", "F......./......"]);
    assert!(e.contains("row 2 ('......') has 6 cells: every row has 8"), "{e}");
    let e = refused(&["value", "fox-and-geese", "FG......"]);
    assert!(e.contains("the goose on b1"), "{e}");
    let e = refused(&["value", "fox-and-geese", "F......./......../G.G.....", "--budget", "10"]);
    assert!(e.contains("--budget"), "{e}");
    let e = refused(&["value", "fox-and-geese", "F......./......../G.G.....", "--svg", "/tmp/never.svg"]);
    assert!(e.contains("no thermograph"), "{e}");
    let e = refused(&["analyze", "fox-and-geese", "F......./......../G.G.....", "--misere"]);
    assert!(e.contains("misère"), "{e}");
}

/// `grundy play`: the person's geese against the computer's fox at level perfect, on a board
/// the fox wins: a malformed move is answered with a legal example, and the fox wins.
#[test]
fn play_against_a_perfect_fox() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "fox-and-geese", "......F./......../G.G.....", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // More moves than the game has: each goose up, then up again, in every order tried.
    let moves = "zz\na3-b2\nc3-d2\nb2-a1\nb2-c1\nd2-c1\nd2-e1\nc3-b2\na3-b2\n";
    child.stdin.take().unwrap().write_all(moves.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("'zz' is not a move of fox-and-geese") && text.contains("here e.g. '"), "{text}");
    assert!(text.contains("computer: Right moves the fox from g1"), "{text}");
    assert!(text.contains("a winning move, which wins within"), "{text}");
    assert!(text.contains("computer wins") || text.contains("Computer wins") || text.contains("you lose"), "{text}");
}
