//! Issue 50's partizan board games through the built binary: `grundy analyze` answers each
//! for either player from Conway's value, `grundy draw --moves` offers the mover's moves (each
//! read back as a legal move), and bad input is one line with exit status 2.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A game, a position, its value, and the moves its face offers Left and Right.
type Case = (&'static str, &'static str, &'static str, &'static [&'static str], &'static [&'static str]);

/// Each game's case.
const CASES: [Case; 4] = [
    ("domineering", "../..", "±1", &["a1 a2", "b1 b2"], &["a1 b1", "a2 b2"]),
    ("toads-frogs", "T.TFF", "↑", &["1"], &["4"]),
    ("cutcake", "2x3 1x4", "3", &["v 1 in 1", "v 2 in 1", "v 1 in 2", "v 2 in 2", "v 3 in 2"], &["h 1 in 1"]),
    ("clobber", "xo.o", "*", &["a1 b1"], &["b1 a1"]),
];

#[test]
fn analyze_answers_each_game_from_its_value_for_either_player() {
    for (game, position, value, _, _) in CASES {
        for to_move in ["first", "second"] {
            let mut args = vec!["analyze", game];
            args.extend(position.split_whitespace());
            args.extend(["--to-move", to_move, "--json"]);
            let out = stdout(&args);
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert!(
                v["sg_note"].as_str().unwrap_or_default().contains(&format!("Conway's value is {value}")),
                "{game} {position}: {v}"
            );
            // Every winning move listed is a legal move of the player to move, read back.
            for m in v["winning_moves"].as_array().unwrap() {
                let text = m["text"].as_str().unwrap();
                assert!(!text.is_empty(), "{game} {position}: {m}");
            }
        }
    }
    let out = stdout(&["analyze", "domineering", ".../..."]);
    assert!(out.contains("Conway's value: {2|-1/2}"), "{out}");
    // The domino keeps its owner (issue 64: `L`, Left's), the position typed back as printed.
    assert!(out.contains("(leaves 2)  => .L./.L."), "{out}");
    assert!(out.contains("Left places a vertical domino on b1-b2"), "{out}");
}

#[test]
fn draw_offers_the_movers_moves() {
    let dir = std::env::temp_dir().join(format!("grundy-partizan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("face.svg");
    let file = file.to_str().unwrap();
    for (game, position, _, left, right) in CASES {
        for (to_move, want) in [("first", left), ("second", right)] {
            let mut args = vec!["draw", game];
            args.extend(position.split_whitespace());
            args.extend(["-o", file, "--moves", "--to-move", to_move]);
            let out = stdout(&args);
            let moves: Vec<&str> = out.lines().filter(|l| !l.starts_with("wrote")).collect();
            assert_eq!(moves, want.to_vec(), "{game} {position} {to_move}");
            let svg = std::fs::read_to_string(file).unwrap();
            assert_eq!(svg.matches("data-move=").count(), want.len(), "{game} {position} {to_move}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_positions_and_misere_play_are_one_line_with_status_2() {
    for (args, error) in [
        (&["analyze", "domineering", "../.x"][..], "cell b2 (row 2, column 2): 'x' is not one of '.', '#', 'L', 'R'"),
        (&["analyze", "clobber", "xo/o"], "row 2 has 1 cells, row 1 has 2"),
        (&["analyze", "toads-frogs", "T.Z"], "cell 3: 'Z' is not '.' (empty), 'T'"),
        (&["analyze", "cutcake", "2x3", "0x4"], "cake 2 (0x4): a side is 1 to 1000"),
        (&["analyze", "cutcake", "2x3", "--misere"], "misère play of cutcake is not computed"),
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(error), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A row of 1,000 K-L-Nim heaps, whose sum's canonical form is far past the work an answer
/// takes, is decided by its heaps' atomic weights (the two-ahead rule): for kl:2,3 each heap of
/// 2 or more weighs -1, so Right wins whoever starts; Left to move has no winning move, and
/// Right to move wins by every move the rule still decides, counted.
#[test]
fn a_long_row_of_kl_heaps_is_decided_by_atomic_weights() {
    let heaps: Vec<String> = (0..1000u64).map(|i| (2 + (i * 7) % 30).to_string()).collect();
    let mut args = vec!["analyze", "kl:2,3"];
    args.extend(heaps.iter().map(String::as_str));
    args.push("--json");
    let left = grundy(&args);
    assert!(left.status.success(), "{}", String::from_utf8_lossy(&left.stderr));
    let a: serde_json::Value = serde_json::from_slice(&left.stdout).unwrap();
    assert_eq!(a["outcome"], "P");
    assert_eq!(a["winning_move_count"], 0);
    args.extend(["--to-move", "second"]);
    let right = grundy(&args);
    assert!(right.status.success(), "{}", String::from_utf8_lossy(&right.stderr));
    let a: serde_json::Value = serde_json::from_slice(&right.stdout).unwrap();
    assert_eq!(a["outcome"], "N");
    // Every Right move leaves weight -999 or -1000: each one wins, none is banned but taking 3.
    let moves: u64 = heaps.iter().map(|h| h.parse::<u64>().unwrap() - u64::from(h.parse::<u64>().unwrap() >= 3)).sum();
    assert_eq!(a["winning_move_count"], moves);
    assert!(a["explanation"][1].as_str().unwrap().contains("two-ahead rule"));
}

/// `grundy value` of such a row is past the work a value may take, and says so; its refusal
/// gives the outcome the atomic weights decide, and names the command that answers it. A
/// refusal whose outcome takes a search of its own stays as it was.
#[test]
fn a_value_refused_says_the_outcome_its_parts_decide() {
    let heaps: Vec<String> = (0..20u64).map(|i| (2 + (i * 7) % 30).to_string()).collect();
    let mut args = vec!["value", "kl:2,3"];
    args.extend(heaps.iter().map(String::as_str));
    args.extend(["--work", "100000"]);
    let out = grundy(&args);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--work raises the limit"), "{err}");
    assert!(
        err.contains("its outcome is known without it: Right wins whoever starts (outcome class R) (`grundy analyze`"),
        "{err}"
    );
    // A board whose outcome is no quicker than its value: the refusal alone.
    let out = grundy(&[
        "value",
        "domineering",
        "......../......../......../......../......../......../......../........",
        "--work",
        "100000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--work") && !err.contains("outcome is known"), "{err}");
}

/// `grundy play` draws a board of cells as rows under its one-line form, with the letters of
/// its columns and the numbers of its rows, so that a cell's name (`b2`) can be read off it.
#[test]
fn play_draws_a_board_of_cells_as_rows_with_their_names() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "clobber", "xo./.ox", "--seed", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let text = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned();
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let at = lines.iter().position(|l| l.trim() == "board  xo./.ox").unwrap_or_else(|| panic!("{text}"));
    let picture: Vec<&str> = lines[at + 1..at + 4].iter().map(|l| l.trim()).collect();
    assert_eq!(picture, ["a b c", "1  x o .", "2  . o x"], "{text}");
}
