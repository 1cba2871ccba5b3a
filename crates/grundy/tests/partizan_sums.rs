//! Sums holding a partizan game (K-L-Nim beside Nim, subtraction games and Wythoff's game),
//! analysed by Conway's values (the value of a sum is the sum of the values: Conway, On
//! Numbers and Games, ch. 7), checked against the plain exhaustive solver over (position,
//! player to move): the outcome for each player to move, and every winning move.

use std::collections::BTreeSet;

use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Player};

/// Small sums: two K-L-Nim heaps of two rules beside an impartial game.
fn sums() -> Vec<Vec<String>> {
    let mut out = vec![];
    for a in 0..=5u64 {
        for b in 0..=4u64 {
            for other in ["nim=2", "nim=3", "subtraction:1,3=5", "wythoff=2,1", "kayles=3"] {
                out.push(vec![format!("kl:1,2={a}"), format!("kl:2,3={b}"), other.to_string()]);
            }
        }
    }
    out
}

#[test]
fn partizan_sums_agree_with_exhaustive_search() {
    let game: Game = "sum".parse().unwrap();
    let mut naive = NaiveSolver::new();
    let mut checked = 0;
    for tokens in sums() {
        let position = game.parse_position(&tokens).unwrap();
        for player in [Player::First, Player::Second] {
            let options = AnalyzeOptions { to_move: player, ..AnalyzeOptions::default() };
            let a = analyze(&game, &position, &options).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
            let wins = naive.wins(&position, Convention::Normal, player);
            assert_eq!(a.winner == Some(player), wins, "{tokens:?} {player:?}");
            assert!(a.conway.is_some(), "{tokens:?}: Conway's value is reported");
            let expected: BTreeSet<Vec<u64>> = naive
                .winning_moves(&position, Convention::Normal, player)
                .iter()
                .map(|m| m.apply(&position.heaps()))
                .collect();
            let found: BTreeSet<Vec<u64>> = a.winning_moves.iter().map(|m| m.result.clone()).collect();
            assert_eq!(found, expected, "{tokens:?} {player:?}");
            assert_eq!(a.winning_move_count, Some(a.winning_moves.len() as u128), "{tokens:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 300);
}

/// Misère and Every-SG sums of partizan games are refused in one line that says what is
/// computed instead.
#[test]
fn other_conventions_of_partizan_sums_are_refused() {
    let game: Game = "sum".parse().unwrap();
    let position = game.parse_position(&["kl:1,2=3", "nim=2"]).unwrap();
    let options = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    let e = analyze(&game, &position, &options).unwrap_err().to_string();
    assert!(e.contains("normal play, by Conway's values"), "{e}");
    assert!(!e.contains('\n'));
}
