//! Moore's Nim_k: Moore's theorem and the exact count of winning moves against the plain
//! exhaustive solver on every small position, misère play by search, huge heaps, and bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

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
    // Past 2^128 winning moves the count is refused, never wrapped. Moore's Nim_4 on four heaps
    // of 2^64 - 1 and three of 2^63 - 1: the four big heaps all drop their top 1, and then each
    // of the 63 lower columns needs exactly 2 of their 4 bits set (3 ones sit outside them), so
    // those moves alone number 6^63 (about 2^162.9); the first ones are still listed, and win.
    let g4: Game = "moore:4".parse().unwrap();
    let top = u64::MAX.to_string();
    let half = (u64::MAX >> 1).to_string();
    let tokens = [&top, &top, &top, &top, &half, &half, &half].map(String::as_str);
    let p = g4.parse_position(&tokens).unwrap();
    let a = analyze(&g4, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_move_count, None, "6^63 winning moves cannot be counted in 128 bits");
    assert!(a.winning_moves_not_listed.as_deref().unwrap().contains("2^128"), "{:?}", a.winning_moves_not_listed);
    assert!(!a.winning_moves.is_empty());
    for m in a.winning_moves.iter().take(50) {
        let next = check_move(&p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(&g4, &next, &AnalyzeOptions::default()).unwrap().outcome, Outcome::P, "{}", m.text);
    }
    // The same shape a column lower, 2^50 - 1 and 2^49 - 1: no other set of at most 4 heaps
    // wins (a set leaving out j big heaps needs 5 - j ones in the top column from 4 - j heaps),
    // so the count is exactly 6^49 (about 2^126.7), under 2^128: a number, never refused.
    let top = ((1u64 << 50) - 1).to_string();
    let half = ((1u64 << 49) - 1).to_string();
    let tokens = [&top, &top, &top, &top, &half, &half, &half].map(String::as_str);
    let p = g4.parse_position(&tokens).unwrap();
    let a = analyze(&g4, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.winning_move_count, Some(6u128.pow(49)));
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
