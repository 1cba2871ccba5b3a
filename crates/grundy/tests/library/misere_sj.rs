//! Misère sums by the SJ theorem (Jia Zhihao) where it applies: every single game's positions
//! of value 0 are over. Checked against the exhaustive solver on every small sum of Nim,
//! subtraction and K-Nim heaps small enough to hold the condition; where it does not hold the
//! answer comes from elsewhere and is still exact.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::{analyze, AnalyzeOptions, Convention, Game};

#[test]
fn sj_sums_agree_with_exhaustive_search() {
    let mut positions = vec![];
    for a in 0..=6u64 {
        for b in 0..=3u64 {
            for c in 0..=4u64 {
                positions.push(vec![format!("nim={a}"), format!("subtraction:1..3={b}"), format!("bounded:4={c}")]);
                positions.push(vec![format!("bounded:5={a}"), format!("subtraction:1..4={c}")]);
            }
        }
    }
    common::assert_game_agrees_with_search("sum", positions, Convention::Misere);
}

#[test]
fn the_explanation_names_the_theorem_only_where_it_applies() {
    let g: Game = "sum".parse().unwrap();
    let misere = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    let explain = |t: &[&str]| analyze(&g, &g.parse_position(t).unwrap(), &misere).unwrap().explanation.join("\n");
    assert!(explain(&["nim=1000000000000", "bounded:4=3"]).contains("SJ theorem (Jia Zhihao"));
    // A heap of 5 of bounded:4 has value 0 and a move: the theorem does not apply.
    assert!(!explain(&["nim=3", "bounded:4=5"]).contains("SJ theorem"));
}
