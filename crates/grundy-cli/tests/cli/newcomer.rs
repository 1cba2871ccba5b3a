//! What a newcomer met on the command line (issue 64, item 6), through the built binary: a game
//! named with no position, a misspelt game, pieces in lower case, Northcott's moves as `ROW
//! SQUARE` with a header that says who is to move, and the computer's note from a lost position.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// The one line of a refusal (exit status 2).
fn refusal(args: &[&str]) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: one line: {e}");
    e
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_game_with_no_position_names_what_is_missing_not_a_file() {
    for (game, words) in [
        ("domineering", "no position given after domineering: give the board, rows joined by '/' (e.g. ../..)"),
        ("kl:2,3", "no position given after kl:2,3: give at least one heap (e.g. `grundy value kl:2,3 4 5 6`)"),
    ] {
        let e = refusal(&["value", game]);
        assert_eq!(e.trim_end(), format!("grundy: {words}"));
    }
}

#[test]
fn a_misspelt_game_gets_the_nearest_name() {
    for args in
        [&["analyze", "dominering", "../.."][..], &["value", "dominering", "../.."], &["play", "dominering", "../.."]]
    {
        let e = refusal(args);
        assert!(e.contains("unknown game 'dominering': did you mean 'domineering'?"), "{args:?}: {e}");
    }
}

#[test]
fn pieces_read_in_lower_case_as_in_capitals() {
    // The same position, written back in capitals.
    assert_eq!(stdout(&["value", "toads-frogs", "tt..ff"]), stdout(&["value", "toads-frogs", "TT..FF"]));
}

#[test]
fn northcott_moves_are_row_and_square_and_the_header_says_who_moves() {
    let moves = stdout(&["draw", "northcott", "5:1,4", "3:3,1", "--moves"]);
    let mut moves: Vec<&str> = moves.lines().collect();
    moves.sort_unstable();
    // White's checker on square 1 of row 1 goes to 2 or 3 (black is on 4); on square 3 of row 2
    // it goes to 2 (black is on 1).
    assert_eq!(moves, ["1 2", "1 3", "2 2"]);
    for (tokens, header) in [
        (&["5:1,4"][..], "White to move"),
        (&["5:1,4", "black"], "Black to move"),
        (&["2:1,2"], "Game over: Black wins."),
    ] {
        let mut args = vec!["draw", "northcott"];
        args.extend(tokens);
        let svg = stdout(&args);
        assert!(svg.contains(&format!(">{header}</text>")), "{tokens:?}: {svg}");
    }
}

#[test]
fn from_a_position_known_to_be_lost_the_computer_says_lost() {
    // Misère Nim of two equal huge heaps: lost by Bouton's rule, too large to search for the
    // longest game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "play",
            "nim",
            "18446744073709551615",
            "18446744073709551615",
            "--misere",
            "--computer-first",
            "--seed",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    assert!(out.contains("(the position is lost: the smallest move)"), "{out}");
}
