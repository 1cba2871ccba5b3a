//! Moore's Nim_k: Moore's theorem and the exact count of winning moves against the plain
//! exhaustive solver on every small position, misère play by search, huge heaps, and bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

mod common;

use grundy::play::{check_move, parse_move};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

fn positions(heaps: usize, most: u64) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..heaps {
        out = out.into_iter().flat_map(|v| (0..=most).map(move |c| [v.clone(), vec![c]].concat())).collect();
    }
    out.into_iter().map(|v| v.iter().map(u64::to_string).collect()).collect()
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    for k in 1..=3 {
        let game = format!("moore:{k}");
        for n in 1..=3 {
            common::assert_game_agrees_with_search(&game, positions(n, 7), Convention::Normal);
        }
        common::assert_game_agrees_with_search(&game, positions(4, 4), Convention::Normal);
        common::assert_game_agrees_with_search(&game, positions(3, 4), Convention::Misere);
    }
}

#[test]
fn huge_heaps_are_counted_exactly_and_each_listed_move_wins() {
    let g: Game = "moore:2".parse().unwrap();
    let p = g.parse_position(&["18446744073709551615", "12345678901234567890", "9876543210987654321", "3"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let n = a.winning_move_count.unwrap();
    assert!(n >= a.winning_moves.len() as u128 && !a.winning_moves.is_empty());
    for m in a.winning_moves.iter().take(200) {
        let next = check_move(&p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(&g, &next, &AnalyzeOptions::default()).unwrap().outcome, Outcome::P, "{}", m.text);
    }
    // Past 2^128 winning moves the count is refused, never wrapped.
    let g5: Game = "moore:5".parse().unwrap();
    let big = ["18446744073709551615"; 5];
    let a = analyze(&g5, &g5.parse_position(&big).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    if a.winning_move_count.is_none() {
        assert!(a.winning_moves_not_listed.is_some());
    }
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g: Game = "moore:2".parse().unwrap();
    let p = g.parse_position(&["5", "6", "9"]).unwrap();
    let after = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[5, 6, 9]));
    assert_eq!(after("1 3, 3 4").unwrap(), vec![2, 6, 5]);
    assert_eq!(after("2 6").unwrap(), vec![5, 0, 9]);
    assert!(after("1 1, 2 1, 3 1").unwrap_err().to_string().contains("at most 2 heaps, not 3"));
    assert!(after("1 9, 2 1").unwrap_err().to_string().contains("heap 1 has only 5"));
    for (bad, says) in [("moore:0", "at least 1"), ("moore", "needs its K"), ("moore:x", "moore:K: K 'x'")] {
        let e = bad.parse::<Game>().unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
    let e = g.parse_position(&["5", "x"]).unwrap_err().to_string();
    assert!(e.contains("heap 2"), "{e}");
}
