//! Helpers shared by the take-and-break tests (`octal.rs`, `hex.rs`): a game by name, its values
//! from the engine, and its values from the plain mex of every option; and the check that a
//! large position's winning moves are listed within the room of a listing.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed
#![allow(dead_code)] // each test file uses some of the helpers

use grundy::frontend::{mex_table, SparseEngine};
use grundy::Ruleset;

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

/// The Sprague-Grundy value of an impartial `position` by the definition: the mex of its
/// options' values, over the exhaustive solver's moves (no theorem), memoised in `memo`.
pub fn plain_value(position: &grundy::Position, memo: &mut std::collections::HashMap<grundy::Position, u64>) -> u64 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let values: std::collections::HashSet<u64> =
        grundy::naive::moves(position, grundy::Player::First).iter().map(|(_, next)| plain_value(next, memo)).collect();
    let v = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(position.clone(), v);
    v
}

/// Checks a game on every position in `positions` (tokens as the command line takes them)
/// under `convention`: the analysis agrees with the exhaustive solver (outcome, every winning
/// move, count, results), its value (when given) is the plain mex, and a missing value says
/// why. Returns how many positions were checked.
pub fn assert_game_agrees_with_search(
    game: &str,
    positions: impl IntoIterator<Item = Vec<String>>,
    convention: grundy::Convention,
) -> usize {
    let g: grundy::Game = game.parse().unwrap_or_else(|e| panic!("{game}: {e}"));
    let options = grundy::AnalyzeOptions { convention, ..grundy::AnalyzeOptions::default() };
    let mut naive = grundy::naive::NaiveSolver::new();
    let mut memo = std::collections::HashMap::new();
    let mut checked = 0;
    for tokens in positions {
        let context = format!("{game} {}", tokens.join(" "));
        let p = g.parse_position(&tokens).unwrap_or_else(|e| panic!("{context}: {e}"));
        let a = grundy::analyze(&g, &p, &options).unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_agrees_with_search(&a, &mut naive, &p, convention, &context);
        match a.sg {
            Some(v) => assert_eq!(v, plain_value(&p, &mut memo), "{context}: value"),
            None => assert!(a.sg_note.is_some(), "{context}: no value and no reason"),
        }
        assert_eq!(a.tokens, tokens, "{context}: tokens round-trip");
        checked += 1;
    }
    assert!(checked > 0, "{game}: no position checked");
    checked
}

/// The analysis `a` of `p` in `g` lists `room` winning moves, says why no more (the listing's
/// 2^20 numbers), and every 50th listed move leaves the opponent a losing position.
pub fn assert_listed_within_room(g: &grundy::Game, p: &grundy::Position, a: &grundy::Analysis, room: usize) {
    use grundy::{analyze, AnalyzeOptions, Outcome, Player};
    assert_eq!(a.winning_moves.len(), room);
    assert!(
        a.winning_moves_not_listed.as_deref().unwrap().contains("1048576 numbers"),
        "{:?}",
        a.winning_moves_not_listed
    );
    for m in a.winning_moves.iter().step_by(50) {
        let next = grundy::play::check_move(p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(g, &next, &AnalyzeOptions::default()).unwrap().outcome, Outcome::P, "{}", m.text);
    }
}
