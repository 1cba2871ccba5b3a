//! Euclid's game (Cole and Davie): `analyze` against the plain exhaustive solver on every
//! position with both numbers up to 40, the official sample of HDU 1525, and huge numbers.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome};

fn euclid() -> Game {
    "euclid".parse().unwrap()
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    let game = euclid();
    let mut naive = NaiveSolver::new();
    for a in 0..=40u64 {
        for b in 0..=40u64 {
            let p = game.parse_position(&[a.to_string(), b.to_string()]).unwrap();
            let fast = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
            common::assert_agrees_with_search(&fast, &mut naive, &p, Convention::Normal, &format!("({a}, {b})"));
        }
    }
}

/// HDU 1525 "Euclid's Game": Stan moves first; "34 12" is Stan's, "15 24" Ollie's.
#[test]
fn the_official_sample() {
    let game = euclid();
    for (a, b, stan_wins) in [(34, 12, true), (15, 24, false)] {
        let p = game.parse_position(&[a.to_string(), b.to_string()]).unwrap();
        let r = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(r.outcome == Outcome::N, stan_wins, "({a}, {b})");
    }
}

#[test]
fn huge_numbers_and_bad_input() {
    let game = euclid();
    let p = game.parse_position(&["18446744073709551615", "12200160415121876738"]).unwrap();
    let r = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
    // Every winning move leaves a position the rule calls lost for the opponent.
    for m in &r.winning_moves {
        assert!(!grundy::frontend::euclid_wins(m.result[0], m.result[1]), "{}", m.text);
    }
    assert_eq!(r.outcome == Outcome::N, !r.winning_moves.is_empty());
    let err = |t: &[&str]| game.parse_position(t).unwrap_err().to_string();
    assert_eq!(err(&["3"]), "Euclid's game takes two numbers, not 1");
    assert!(err(&["3", "-1"]).contains("the second number '-1' is negative"), "{}", err(&["3", "-1"]));
}

#[test]
fn misere_agrees_with_exhaustive_search_and_values_with_the_mex() {
    let pairs = || (0..=25u64).flat_map(|a| (0..=25u64).map(move |b| vec![a.to_string(), b.to_string()]));
    common::assert_game_agrees_with_search("euclid", pairs(), Convention::Misere);
    common::assert_game_agrees_with_search("euclid", pairs(), Convention::Normal);
}
