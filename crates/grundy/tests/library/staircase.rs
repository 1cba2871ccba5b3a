//! Staircase Nim: the nim-sum of the odd steps against the plain exhaustive solver (outcome,
//! every winning move, the count, the value by the mex) on every staircase of up to four steps
//! of up to three coins, misère play by search, huge steps, and bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::parse_move;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

fn staircases(steps: usize, most: u64) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..steps {
        out = out.into_iter().flat_map(|v| (0..=most).map(move |c| [v.clone(), vec![c]].concat())).collect();
    }
    out.into_iter().map(|v| v.iter().map(u64::to_string).collect()).collect()
}

#[test]
fn every_small_staircase_agrees_with_exhaustive_search() {
    for k in 1..=4 {
        common::assert_game_agrees_with_search("staircase", staircases(k, 3), Convention::Normal);
        common::assert_game_agrees_with_search("staircase", staircases(k, 2), Convention::Misere);
    }
}

#[test]
fn huge_steps_are_exact() {
    let g: Game = "staircase".parse().unwrap();
    let p = g.parse_position(&["1", "9223372036854775807", "1000000000000000000", "5"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.sg, Some(1 ^ 1_000_000_000_000_000_000));
    assert_eq!(a.outcome, Outcome::N);
    for m in &a.winning_moves {
        let next = grundy::play::check_move(&p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(&g, &next, &AnalyzeOptions::default()).unwrap().sg, Some(0), "{}", m.text);
    }
    assert!(a.explanation[0].contains("nim-sum of the coins on the odd steps"));
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g: Game = "staircase".parse().unwrap();
    let p = g.parse_position(&["3", "4"]).unwrap();
    let after = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[3, 4]));
    assert_eq!(after("2 3").unwrap(), vec![6, 1]);
    assert_eq!(after("move 2 from step 1").unwrap(), vec![1, 4]);
    assert_eq!(after("1..2 -> 5 2").unwrap(), vec![5, 2]);
    assert!(after("2 5").unwrap_err().to_string().contains("step 2 holds 4 coins"));
    assert!(after("1..2 -> 4 2").unwrap_err().to_string().contains("no more and no fewer"));
    assert!(after("2 -> 1").unwrap_err().to_string().contains("to the step just below"));
    let err = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert!(err(&["3", "x"]).contains("step 2"));
    assert!(err(&["18446744073709551615", "1"]).contains("total more than"));
    assert!(err(&[]).contains("empty"));
}
