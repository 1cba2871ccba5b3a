//! Fibonacci Nim and K-multiple Nim: the rule by greedy sums (Whinihan; Schwenk) against the
//! plain exhaustive solver on every small position for K = 1 to 5, under both conventions; the
//! official samples of HDU 2516 and HDU 2486; heaps to 2^64 - 1; bad input refused.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::{check_move, parse_move};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

fn game(s: &str) -> Game {
    s.parse().unwrap()
}

/// Every start N <= `upto` and every N/L with 1 <= L <= N <= `upto`, and the empty heap.
fn positions(upto: u64) -> impl Iterator<Item = Vec<String>> {
    let starts = (0..=upto).map(|n| vec![n.to_string()]);
    let states = (1..=upto).flat_map(|n| (1..=n).map(move |l| vec![format!("{n}/{l}")]));
    starts.chain(states).chain(std::iter::once(vec!["0/0".to_string()]))
}

fn analysis(g: &str, token: &str, convention: Convention) -> grundy::Analysis {
    let game = game(g);
    let p = game.parse_position(&[token]).unwrap();
    analyze(&game, &p, &AnalyzeOptions { convention, ..AnalyzeOptions::default() }).unwrap()
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    for (g, upto) in
        [("fibonacci-nim", 40), ("multiple:1", 32), ("multiple:3", 32), ("multiple:4", 28), ("multiple:5", 28)]
    {
        for convention in [Convention::Normal, Convention::Misere] {
            let checked = common::assert_game_agrees_with_search(g, positions(upto), convention);
            assert_eq!(checked as u64, upto + 1 + upto * (upto + 1) / 2 + 1, "{g}");
        }
    }
    // multiple:2 is Fibonacci Nim under its other name.
    common::assert_game_agrees_with_search("multiple:2", positions(12), Convention::Normal);
}

/// A factor past the heap: every heap up to K + 1 is a term, so a start is lost and a heap
/// is won only by taking all of it.
#[test]
fn huge_factors_need_no_table() {
    common::assert_game_agrees_with_search("multiple:18446744073709551615", positions(14), Convention::Normal);
    common::assert_game_agrees_with_search("multiple:18446744073709551615", positions(14), Convention::Misere);
    common::assert_game_agrees_with_search("multiple:10", positions(24), Convention::Normal);
    let a = analysis("multiple:18446744073709551615", "18446744073709551615", Convention::Normal);
    assert_eq!(a.outcome, Outcome::P);
    let a = analysis("multiple:18446744073709551615", "18446744073709551615/18446744073709551615", Convention::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].result, vec![0, 0]);
}

/// HDU 2516 (取石子游戏, Fibonacci Nim from the start): 2 and 13 are "Second win", 10000 is
/// "First win".
#[test]
fn hdu_2516_sample() {
    for (n, first_wins) in [(2, false), (13, false), (10000, true)] {
        let a = analysis("fibonacci-nim", &n.to_string(), Convention::Normal);
        assert_eq!(a.outcome == Outcome::N, first_wins, "{n}");
    }
}

/// HDU 2486 (A simple stone game): n and k; the smallest winning first move, or "lose".
/// Sample: (16, 1) lose; (11, 1) 1; (32, 2) 3; (34, 2) lose; (19, 3) 4.
#[test]
fn hdu_2486_sample() {
    for (n, k, first) in [(16, 1, None), (11, 1, Some(1)), (32, 2, Some(3)), (34, 2, None), (19, 3, Some(4))] {
        let a = analysis(&format!("multiple:{k}"), &n.to_string(), Convention::Normal);
        let smallest = a.winning_moves.first().map(|m| n - m.result[0]);
        assert_eq!(smallest, first, "n {n} k {k}");
        assert_eq!(a.outcome == Outcome::N, first.is_some());
    }
}

#[test]
fn every_winning_move_and_the_tokens() {
    // 17 = 13 + 3 + 1: take 1 (13 + 3 left, 3 > 2), 4 (13 > 8), not 17 (the first move).
    let a = analysis("fibonacci-nim", "17", Convention::Normal);
    let takes: Vec<u64> = a.winning_moves.iter().map(|m| 17 - m.result[0]).collect();
    assert_eq!(takes, vec![1, 4]);
    assert_eq!(a.winning_move_count, Some(2));
    assert_eq!(a.winning_moves[1].result, vec![13, 8]);
    assert_eq!(a.winning_moves[1].text, "take 4 (17 -> 13; the next move may take at most 8)");
    assert_eq!(a.labels, vec!["heap"]);
    // Once the whole heap may be taken, that wins too.
    let a = analysis("fibonacci-nim", "17/17", Convention::Normal);
    assert_eq!(
        a.winning_moves.iter().map(|m| m.result.clone()).collect::<Vec<_>>(),
        vec![vec![16, 2], vec![13, 8], vec![0, 0]]
    );
    assert_eq!(a.winning_moves[2].text, "take 17, the whole heap (17 -> 0)");
    assert_eq!(a.labels, vec!["heap", "may take"]);
    // A move from the start writes N/L, which reads back.
    let g = game("fibonacci-nim");
    let p = g.parse_position(&["10"]).unwrap();
    let next = check_move(&p, Player::First, &parse_move(&p, Player::First, "take 3").unwrap()).unwrap();
    assert_eq!(g.position_tokens(&next), vec!["7/6"]);
    assert_eq!(g.parse_position(&["7/6"]).unwrap(), next);
    // The values: a small table, and a note past the budget.
    assert!(analysis("fibonacci-nim", "100", Convention::Normal).sg.is_some());
    let a = analysis("fibonacci-nim", "1000000", Convention::Normal);
    assert!(a.sg.is_none() && a.sg_note.as_deref().unwrap().starts_with("not computed: Fibonacci Nim's values"));
}

/// Heaps to 2^64 - 1: each listed move is legal and leaves a lost position, and the count is
/// the list.
#[test]
fn huge_heaps_are_exact() {
    let max = u64::MAX.to_string();
    let cases = [
        ("fibonacci-nim", max.clone()),
        ("fibonacci-nim", format!("{max}/{max}")),
        ("fibonacci-nim", format!("{max}/1000")),
        // F(92), a Fibonacci number: lost at the start.
        ("fibonacci-nim", "7540113804746346429".to_string()),
        ("multiple:1", max.clone()),
        ("multiple:1", "9223372036854775808".to_string()),
        ("multiple:3", format!("{max}/{}", u64::MAX / 3)),
        ("multiple:1000", max.clone()),
    ];
    for (g, token) in cases {
        let game = game(g);
        let p = game.parse_position(&[token.as_str()]).unwrap();
        for convention in [Convention::Normal, Convention::Misere] {
            let options = AnalyzeOptions { convention, ..AnalyzeOptions::default() };
            let r = analyze(&game, &p, &options).unwrap();
            assert_eq!(r.winning_move_count, Some(r.winning_moves.len() as u128));
            assert_eq!(r.outcome == Outcome::N, !r.winning_moves.is_empty(), "{g} {token}");
            for m in &r.winning_moves {
                let next = check_move(&p, Player::First, &m.mv).unwrap();
                assert_eq!(analyze(&game, &next, &options).unwrap().outcome, Outcome::P, "{g} {token}: {}", m.text);
            }
            assert_eq!(r.tokens, vec![token.clone()]);
        }
    }
    let a = analysis("fibonacci-nim", "7540113804746346429", Convention::Normal);
    assert_eq!(a.outcome, Outcome::P);
    let a = analysis("multiple:1", "9223372036854775808", Convention::Normal);
    assert_eq!(a.outcome, Outcome::P);
    let a = analysis("multiple:1", &u64::MAX.to_string(), Convention::Normal);
    // Binary: 2^64 - 1 = 2^63 + ... + 1; every take 2^j - 1 (j = 1..63) leaves 2^64 - 2^j.
    assert_eq!(a.winning_move_count, Some(63));
}

#[test]
fn a_large_factor_past_the_budget_is_refused() {
    let game = game("multiple:100000000");
    let p = game.parse_position(&[u64::MAX.to_string()]).unwrap();
    let e = analyze(&game, &p, &AnalyzeOptions::default()).unwrap_err().to_string();
    assert!(e.contains("budget"), "{e}");
    assert!(!e.contains('\n'));
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g = game("fibonacci-nim");
    let p = g.parse_position(&["10"]).unwrap();
    let read = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[10])).map_err(|e| e.to_string());
    assert_eq!(read("take 3").unwrap(), vec![7, 6]);
    assert_eq!(read("3").unwrap(), vec![7, 6]);
    assert_eq!(read("1 3").unwrap(), vec![7, 6]);
    assert_eq!(read("1 -> 7").unwrap(), vec![7, 6]);
    assert_eq!(read("1 -> 7 6").unwrap(), vec![7, 6]);
    assert_eq!(read("take 10").unwrap_err(), "the first move takes 1 to 9 (not the whole heap), not 10");
    assert!(read("take 11").unwrap_err().contains("only 10"));
    assert!(read("2 3").unwrap_err().contains("only heap 1"));
    assert_eq!(read("1 -> 7 5").unwrap_err(), "after taking 3 the next move may take at most 6, not 5");
    let q = g.parse_position(&["7/2"]).unwrap();
    assert_eq!(parse_move(&q, Player::First, "3").unwrap_err().to_string(), "at most 2 may be taken now, not 3");
    assert!(parse_move(&q, Player::First, "0").is_err());
    let err = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert!(err(&[]).starts_with("the position is empty"), "{}", err(&[]));
    assert!(err(&["5", "3"]).contains("one heap"));
    assert_eq!(err(&["5/6"]), "5/6: the next move may take at most the whole heap of 5, not 6");
    assert!(err(&["5/0"]).contains("at least 1"));
    assert!(err(&["x"]).contains("the heap 'x' is not a number"));
    assert!(err(&["5/y"]).contains("not a number"));
    assert!(err(&["18446744073709551616"]).contains("past the largest"));
    for e in [err(&[]), err(&["5/6"]), err(&["1/2/3"])] {
        assert!(!e.contains('\n'));
    }
    let bad = |s: &str| s.parse::<Game>().unwrap_err().to_string();
    assert_eq!(bad("multiple:0"), "multiple:K: K must be at least 1, not 0");
    assert!(bad("multiple").contains("multiple:K"));
    assert!(bad("multiple:x").contains("not a number"));
    assert_eq!(game("multiple:2").to_string(), "multiple:2");
    assert_eq!(game("fibonacci-nim").to_string(), "fibonacci-nim");
}

/// N = 0 and N = 1 at the start have no move (the first move may not take the whole heap):
/// the player to move loses under normal play and wins under misère.
#[test]
fn heaps_of_0_and_1_have_no_move() {
    for n in ["0", "1", "0/0"] {
        let a = analysis("fibonacci-nim", n, Convention::Normal);
        assert_eq!((a.outcome, a.sg), (Outcome::P, Some(0)), "{n}");
        let a = analysis("fibonacci-nim", n, Convention::Misere);
        assert_eq!(a.outcome, Outcome::N, "{n}");
        assert!(a.winning_moves.is_empty());
    }
    // 1/1: the last object must be taken.
    assert_eq!(analysis("fibonacci-nim", "1/1", Convention::Normal).outcome, Outcome::N);
    assert_eq!(analysis("fibonacci-nim", "1/1", Convention::Misere).outcome, Outcome::P);
}
