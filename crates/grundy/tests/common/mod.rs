//! Helpers shared by the take-and-break tests (`octal.rs`, `hex.rs`): a game by name, its values
//! from the engine, and its values from the plain mex of every option.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed
#![allow(dead_code)] // each test file uses some of the helpers

use grundy::{mex_table, Ruleset, SparseEngine};

pub fn ruleset(s: &str) -> Ruleset {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// G(0..len) from the engine the library uses for take-and-break games.
pub fn engine_values(code: &str, len: usize) -> Vec<u16> {
    let mut e = SparseEngine::new(ruleset(code).split_rules().expect("a take-and-break game"));
    e.extend_to(len).unwrap();
    e.values().to_vec()
}

/// G(0..=upto) by the definition: the mex of the values of every option.
pub fn mex_values(code: &str, upto: u64) -> Vec<u16> {
    mex_table(&ruleset(code), upto).into_iter().map(|v| u16::try_from(v).unwrap()).collect()
}

/// Asserts that `a`, the analysis of `position`, has the outcome and exactly the winning moves
/// of the plain exhaustive solver, with their count, and that each listed move leaves the
/// position it says.
pub fn assert_agrees_with_search(
    a: &grundy::Analysis,
    naive: &mut grundy::naive::NaiveSolver,
    position: &grundy::Position,
    convention: grundy::Convention,
    context: &str,
) {
    let player = grundy::Player::First;
    assert_eq!(a.outcome == grundy::Outcome::N, naive.wins(position, convention, player), "{context}");
    let mut fast: Vec<grundy::Move> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
    let mut plain = naive.winning_moves(position, convention, player);
    fast.sort();
    plain.sort();
    assert_eq!(fast, plain, "{context}");
    assert_eq!(a.winning_move_count, Some(plain.len() as u128), "{context}");
    for m in &a.winning_moves {
        assert_eq!(grundy::play::check_move(position, player, &m.mv).unwrap().heaps(), m.result, "{context}");
    }
}
