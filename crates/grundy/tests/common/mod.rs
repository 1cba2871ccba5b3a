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
