//! The plain search of Every-SG shared by `every.rs` (the analysis) and `every_play.rs`
//! (playing it): a turn is tried as every combination of one move in each game that has one,
//! straight from the definition, with nothing of the step theorem.

#![allow(dead_code)] // each test file uses some of the helpers

use std::collections::HashMap;

use grundy::naive::{moves, NaiveSolver};
use grundy::{Player, Position};

/// The games of a position: each heap of a sum of heaps, each game of a sum of games, or the
/// position itself.
pub fn games(p: &Position) -> Vec<Position> {
    if let Some(cs) = p.as_heaps() {
        return cs.iter().map(|c| Position::of_heaps(vec![c.clone()])).collect();
    }
    match p.as_parts() {
        Some(ps) => ps.to_vec(),
        None => vec![p.clone()],
    }
}

/// Every turn by the definition: one move in each game that has one (none when no game has).
pub fn combined(parts: &[Position]) -> Vec<Vec<Position>> {
    let mut out: Vec<Vec<Position>> = vec![vec![]];
    let mut any = false;
    for p in parts {
        let options: Vec<Position> = moves(p, Player::First).into_iter().map(|(_, n)| n).collect();
        if options.is_empty() {
            out.iter_mut().for_each(|c| c.push(p.clone()));
            continue;
        }
        any = true;
        out =
            out.into_iter().flat_map(|c| options.iter().map(move |o| [c.clone(), vec![o.clone()]].concat())).collect();
    }
    if any {
        out
    } else {
        vec![]
    }
}

/// Whether the player to move wins, by trying every turn.
pub fn plain_wins(parts: &[Position], memo: &mut HashMap<Vec<Position>, bool>) -> bool {
    let key: Vec<Position> = parts.iter().map(NaiveSolver::key_of).collect();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let w = combined(parts).iter().any(|next| !plain_wins(next, memo));
    memo.insert(key, w);
    w
}

/// Every position of k heaps of 0..=upto, as tokens.
pub fn heaps(k: usize, upto: u64) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..k {
        out = out.into_iter().flat_map(|v| (0..=upto).map(move |h| [v.clone(), vec![h]].concat())).collect();
    }
    out.into_iter().map(|v| v.iter().map(u64::to_string).collect()).collect()
}
