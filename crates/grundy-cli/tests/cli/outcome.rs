//! `grundy analyze` of partizan boards past the reach of their values, the real binary: who
//! wins by the outcome search, its class and a winning move in the text and the JSON, a move
//! that is a move of the board and wins (checked by a second analysis of the position it
//! leaves), `--memory` read and refused as a bad argument, the node bound refused in one line;
//! the forecast's refusal before the search, whose advice works; `--time` printing what was
//! proven; a board past what the search holds refused in one line.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

const SIX: &str = "....../....../....../....../....../......";

#[test]
fn the_empty_six_by_six_board_is_won_by_the_first_player_with_a_move_that_wins() {
    let a = json(&["analyze", "domineering", SIX, "--json"]);
    assert_eq!(a["outcome_class"], "N");
    assert_eq!(a["winner"], "first");
    assert!(a["search_nodes"].as_u64().is_some_and(|n| n > 0));
    assert!(a["winning_move_count"].is_null(), "the search counts no moves: {}", a["winning_move_count"]);
    let moves = a["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    // The position the move leaves, with Right to move, is lost for Right.
    let leaves = moves[0]["leaves"][0].as_str().unwrap();
    let after = json(&["analyze", "domineering", leaves, "--to-move", "second", "--json"]);
    assert_eq!(after["winner"], "first", "{leaves}: {after}");
    // Right moving first wins too (class N).
    let right = json(&["analyze", "domineering", SIX, "--to-move", "second", "--json"]);
    assert_eq!(right["winner"], "second");
    assert_eq!(right["outcome_class"], "N");
}

#[test]
fn the_text_names_the_class_and_the_search() {
    let out = grundy(&["analyze", "domineering", SIX, "--explain"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("outcome class: N (by an outcome search of "), "{text}");
    assert!(text.contains("Left moving first wins, with Left places a vertical domino on"), "{text}");
    assert!(text.contains("Right moving first wins, with Right places a horizontal domino on"), "{text}");
}

#[test]
fn memory_is_read_and_a_bad_one_refused() {
    let a = json(&["analyze", "domineering", SIX, "--memory", "4194304", "--json"]);
    assert_eq!(a["outcome_class"], "N");
    // 1 MiB is read: half of it the table, 16,384 positions, and the search still answers.
    let small = json(&["analyze", "domineering", SIX, "--memory", "1048576", "--json"]);
    assert_eq!(small["outcome_class"], "N");
    for bad in ["5", "x", "-1"] {
        let out = grundy(&["analyze", "domineering", SIX, "--memory", bad]);
        assert_eq!(out.status.code(), Some(2), "--memory {bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--memory") && err.lines().count() == 1, "{err}");
    }
}

#[test]
fn a_search_past_its_nodes_is_refused_naming_the_budget() {
    let out = grundy(&["analyze", "domineering", SIX, "--budget", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    // Refused by its probe's forecast with the budget that holds it, or where no forecast is
    // made, at its bound with the flag that raises it.
    let advised = err.split("--budget ").skip(1).any(|rest| {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(" raises it")
    });
    let named = err.contains("--budget raises it") || advised;
    assert!(named && err.lines().count() == 1, "{err}");
}

#[test]
fn a_konane_board_of_twenty_nine_cells_is_answered() {
    let a = json(&["analyze", "konane", "xoxoxo/oxoxox/xoxo.o/oxoxox/xoxoxo", "--json"]);
    assert_eq!(a["outcome_class"], "L");
}

/// A partizan position's outcome names Left and Right, not N or P beside its class L or R.
#[test]
fn a_partizan_outcome_names_the_sides() {
    for (args, line, class) in [
        (&["analyze", "cutcake", "2x3", "1x4"][..], "outcome: Left, to move, wins with best play", "class L"),
        (
            &["analyze", "cutcake", "2x3", "1x4", "--to-move", "second"][..],
            "outcome: Right, to move, loses: Left wins with best play",
            "class L",
        ),
        (
            &["analyze", "domineering", "../..", "--to-move", "second"][..],
            "outcome: Right, to move, wins with best play",
            "class N",
        ),
    ] {
        let out = grundy(args);
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().nth(1), Some(line), "{text}");
        assert!(text.contains(class), "{text}");
    }
    // An impartial one keeps N and P.
    let text = String::from_utf8(grundy(&["analyze", "nim", "3", "4"]).stdout).unwrap();
    assert_eq!(text.lines().nth(1), Some("outcome: N (the first player wins with best play)"), "{text}");
}

const EIGHT_BY_SEVEN: &str = "......./......./......./......./......./......./......./.......";

/// A search forecast past its budget is refused before it runs, in one line naming the
/// forecast, its CPU time and the budget that raises it; that budget answers.
#[test]
fn a_search_forecast_past_its_budget_is_refused_with_advice_that_works() {
    let out = grundy(&["analyze", "domineering", EIGHT_BY_SEVEN, "--budget", "2048"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the outcome search is forecast to visit about ") && err.contains(" s of CPU"), "{err}");
    let advised =
        err.split("--budget ").last().and_then(|t| t.split(' ').next()).expect("the budget that raises it").to_string();
    assert!(err.contains(&format!("--budget {advised} raises it")), "{err}");
    let a = json(&["analyze", "domineering", EIGHT_BY_SEVEN, "--budget", &advised, "--json"]);
    assert_eq!(a["outcome_class"], "L");
}

/// `--time` stops the search and prints what it had proven for each first player (an 8x8
/// board with three cells of its top row filled and a table of 1 MiB: Left moving first is
/// answered within 190 thousand positions, 0.2 s of a release build's CPU, and Right moving
/// first takes 39.5 million, 32 s, so that a stop at 6 s of wall time falls between them with a
/// wide margin either way, in the slower test build and two runs side by side; the board of four
/// cells filled, 3.7 million positions in all since the table's index was mended, finished
/// within the 6 s), with one line on stderr saying so;
/// `--json` prints it as one object. Stopped before anything is proven, one line says so. A bad
/// `--time` is refused.
#[test]
fn time_stops_the_search_and_prints_what_was_proven() {
    let board = "#.#.#.../......../......../......../......../......../......../........";
    let args = ["analyze", "domineering", board, "--memory", "1048576", "--time", "6"];
    let (text_run, json_run) = std::thread::scope(|s| {
        let text = s.spawn(|| grundy(&args));
        let json = s.spawn(|| grundy(&[&args[..], &["--json"]].concat()));
        (text.join().unwrap(), json.join().unwrap())
    });
    assert_eq!(text_run.status.code(), Some(2));
    let err = String::from_utf8(text_run.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("grundy: stopped at --time 6 after ") && err.contains("a longer --time, or none"), "{err}");
    let text = String::from_utf8(text_run.stdout).unwrap();
    assert!(text.starts_with("stopped at --time 6 after an outcome search of "), "{text}");
    assert!(text.contains("\n  Left moving first wins, with Left places a vertical domino on "), "{text}");
    assert!(text.contains("\n  Right moving first: "), "{text}");
    let j: serde_json::Value = serde_json::from_slice(&json_run.stdout).unwrap();
    assert_eq!(j["stopped"], "stopped at --time 6");
    assert!(j["search_nodes"].as_u64().is_some_and(|n| n > 0) && j["proven"].as_array().unwrap().len() == 2, "{j}");
    // Left moving first on this board takes 23 million positions (15 s of a release build), with
    // nothing proven before its end; the empty 8 x 8, used before, is answered in about 1 s since
    // the outcome table's index was mended.
    let long = "#.#....#/......../......../......../......../......../......../........";
    let out = grundy(&["analyze", "domineering", long, "--time", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("before the answer was complete") && err.contains("nothing was proven yet"), "{err}");
    assert!(out.stdout.is_empty());
    for bad in ["0", "-1", "x"] {
        let out = grundy(&["analyze", "domineering", SIX, "--time", bad]);
        assert_eq!(out.status.code(), Some(2), "--time {bad}");
        assert!(String::from_utf8(out.stderr).unwrap().contains("--time"));
    }
}

/// `--search-store DIR` keeps the table: a run refused after the forecast's probe leaves what
/// the probe proved, a run that answers goes on from it (the same answer in fewer positions
/// than a run from nothing), and the next is answered from the table; a damaged table, and a
/// game whose search keys its table by one run's values, are refused in one line.
#[test]
fn a_search_store_keeps_the_table_for_the_next_run() {
    let board = ["........"; 7].join("/");
    let dir = std::env::temp_dir().join(format!("grundy-search-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = dir.to_str().unwrap();
    let fresh = json(&["analyze", "domineering", &board, "--json"]);
    let refused = grundy(&["analyze", "domineering", &board, "--search-store", store, "--budget", "64"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(dir.join("outcome-table").is_file());
    let resumed = json(&["analyze", "domineering", &board, "--search-store", store, "--json"]);
    assert_eq!((&resumed["outcome_class"], &resumed["winner"]), (&fresh["outcome_class"], &fresh["winner"]));
    let nodes = |a: &serde_json::Value| a["search_nodes"].as_u64().unwrap();
    assert!(nodes(&resumed) < nodes(&fresh), "{} against {}", nodes(&resumed), nodes(&fresh));
    let again = json(&["analyze", "domineering", &board, "--search-store", store, "--json"]);
    assert_eq!(again["outcome_class"], fresh["outcome_class"]);
    assert!(nodes(&again) * 100 < nodes(&fresh), "{} against {}", nodes(&again), nodes(&fresh));
    let table = dir.join("outcome-table");
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&table, bytes).unwrap();
    let damaged = grundy(&["analyze", "domineering", &board, "--search-store", store]);
    assert_eq!(damaged.status.code(), Some(2));
    let err = String::from_utf8(damaged.stderr).unwrap();
    assert!(err.lines().count() == 1 && err.contains("--search-store") && err.contains("remove it"), "{err}");
    let clobber = grundy(&["analyze", "clobber", "xoxo/oxox/xoxo/oxox", "--search-store", store, "--budget", "1"]);
    assert_eq!(clobber.status.code(), Some(2));
    let err = String::from_utf8(clobber.stderr).unwrap();
    assert!(err.lines().count() == 1 && err.contains("cannot keep this table"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Domineering board past 112 cells (11x11) is refused in one line saying what is supported:
/// the outcome search holds a board and its size in one 128-bit key. Another grid game's board
/// past 64 cells (9x9 Clobber) is refused as before.
#[test]
fn a_board_past_what_the_search_holds_is_refused_in_one_line() {
    for (game, side, cells, most) in
        [("domineering", 11, "121 cells (11 x 11)", 112), ("clobber", 9, "81 cells (9 x 9)", 64)]
    {
        let board = vec![".".repeat(side); side].join("/");
        let out = grundy(&["analyze", game, &board]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(cells) && err.contains(&format!("at most {most} cells are supported")), "{err}");
    }
}

/// A Clobber board the parser takes whose stones in play lie past the outcome search's key
/// (the 8 x 8 checkerboard less a corner: 64 cells around them, past 56) is refused at once in
/// one line that says what the search holds, not only that it cannot.
#[test]
fn a_clobber_board_past_the_search_key_is_refused_saying_what_fits() {
    let board = "xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxo.";
    let out = grundy(&["analyze", "clobber", board]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot hold this position") && err.contains("at most 56 cells"), "{err}");
    // Seven rows of it (56 cells) are held: refused, if at all, by the forecast, not the key.
    let seven = board.rsplit_once('/').unwrap().0;
    let out = grundy(&["analyze", "clobber", seven, "--budget", "1"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("cannot hold") && err.contains("forecast"), "{err}");
}

/// `--to-move-only` searches the player to move alone (as Obsequi answers one first player):
/// the same winner as the whole search, no outcome class, fewer positions, and a winning move
/// that wins; the text says the class was not sought.
#[test]
fn to_move_only_answers_the_player_to_move_alone() {
    let board = "...#.../......./......./...#.../......./......./.......";
    for to_move in ["first", "second"] {
        let whole = json(&["analyze", "domineering", board, "--to-move", to_move, "--json"]);
        let alone = json(&["analyze", "domineering", board, "--to-move", to_move, "--to-move-only", "--json"]);
        assert_eq!(alone["winner"], whole["winner"], "{to_move}");
        assert!(whole["outcome_class"].is_string(), "{whole}");
        assert!(alone["outcome_class"].is_null(), "{alone}");
        let (n_alone, n_whole) = (alone["search_nodes"].as_u64().unwrap(), whole["search_nodes"].as_u64().unwrap());
        assert!(n_alone < n_whole, "{to_move}: {n_alone} positions alone, {n_whole} both");
        if let Some(m) = alone["winning_moves"].as_array().and_then(|m| m.first()) {
            let leaves = m["leaves"][0].as_str().unwrap();
            let other = if to_move == "first" { "second" } else { "first" };
            let after = json(&["analyze", "domineering", leaves, "--to-move", other, "--json"]);
            assert_eq!(after["winner"], to_move, "{leaves}: {after}");
        }
    }
    let out = grundy(&["analyze", "domineering", board, "--to-move-only"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("outcome class: not sought (--to-move-only: only Left moving first was searched"), "{text}");
}
