//! Backsliding Toads and Frogs through the command line (issue 81, item 6): `grundy value`
//! gives CGSuite's published value from the graph of positions (text and `--json`), `grundy
//! analyze` a draw with the moves that keep it, `grundy play` a perfect opponent that loses a
//! won game only at its end and keeps a drawn one drawn until a position comes up three times,
//! and bad strips and moves are refused in one line naming a legal move.

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

/// What `grundy play backsliding-toads-frogs STRIP --seed 1` prints with `moves` typed.
fn played(strip: &str, moves: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "backsliding-toads-frogs", strip, "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(moves.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// CGSuite's test suite (GameStripTest.scala): BackslidingToadsAndFrogs("ttt..fff") is
/// {on||0|-1/2} & {1/2|0||off}, drawn whoever starts.
#[test]
fn value_prints_cgsuites_published_value() {
    let text = answered(&["value", "backsliding-toads-frogs", "TTT..FFF"]);
    assert!(text.lines().any(|l| l == "value: {on|{0|-1/2}} & {{1/2|0}|off}"), "{text}");
    assert!(text.lines().any(|l| l == "positions: 560"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&answered(&["value", "backsliding-toads-frogs", "TTT..FFF", "--json"])).unwrap();
    assert_eq!(json["outcome_left_first"], "D");
    assert_eq!(json["outcome_right_first"], "D");
    assert_eq!(json["stopper"], false);
    assert_eq!(json["onside"], "{on|{0|-1/2}}");
    assert_eq!(json["offside"], "{{1/2|0}|off}");
}

#[test]
fn analyze_says_a_draw_and_the_moves_that_keep_it() {
    let text = answered(&["analyze", "backsliding-toads-frogs", "FF..TT"]);
    assert!(text.contains("outcome: D"), "{text}");
    assert!(text.contains("Left's toad on cell 5 steps back to cell 4  => FF.T.T"), "{text}");
}

#[test]
fn bad_strips_and_moves_are_refused_in_one_line() {
    let o = grundy(&["analyze", "backsliding-toads-frogs", "TxF"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("cell 2: 'x'"), "{err}");
    let text = played("FF..TT", "5\n4\n6-4\n");
    assert!(text.contains("the toad on cell 5 cannot move its way; it can only step back, typed 5-4"), "{text}");
    assert!(text.contains("cell 4 is empty: give the cell of a toad or a frog (e.g. 5-4)"), "{text}");
    assert!(text.contains("the toad on cell 6 cannot move to cell 4"), "{text}");
}

#[test]
fn play_a_won_game_to_its_end_and_a_drawn_one_to_a_draw() {
    // T..F is *: Left, moving first, wins; the computer's frog holds out longest.
    let won = played("T..F", "1\n2\n4-3\n3-2\n");
    assert!(
        won.contains(
            "computer: Right's frog on cell 4 steps to cell 3   (lost position: the move that holds out longest"
        ),
        "{won}"
    );
    assert!(won.contains("you: Left's toad on cell 4 steps back to cell 3"), "{won}");
    assert!(won.contains("You win!"), "{won}");
    // FF..TT is drawn: the computer keeps it drawn, and the third repetition ends it.
    let drawn = played("FF..TT", "5-4\n6-5\n5-6\n6-5\n5-6\n6-5\n5-6\n");
    assert!(drawn.contains("(drawn position: a move that keeps it drawn)"), "{drawn}");
    assert!(drawn.contains("Draw: the same position has come up three times"), "{drawn}");
    // A won game repeated three times is a draw by repetition, not said to be drawn with best
    // play: T..F is Left's, but Left shuffled the toad back and forth.
    let repeated = played("T..F", "1\n2-1\n1\n2-1\n1\n2-1\n");
    assert!(repeated.contains("Draw: the same position has come up three times with the first player to move: the game is drawn by repetition"), "{repeated}");
    assert!(!repeated.contains("best play neither"), "{repeated}");
}
