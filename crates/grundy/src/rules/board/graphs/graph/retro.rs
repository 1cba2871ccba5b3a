//! Retrograde analysis of tokens on a graph: every position (the vertex of each token, and
//! the player to move) is won, lost or drawn, found backwards from the positions where the game
//! is over. A position is lost when every move leaves one the opponent wins, won when some
//! move leaves one the opponent loses, and drawn when neither is ever settled (the players
//! can keep the game going for ever). This handles what the generalized Sprague-Grundy
//! function does not: edges for one player alone (Codeforces 787C), goals, misère play, and
//! their sums.
//!
//! Positions are all tuples of vertices for the tokens (n^k of them for k tokens on n
//! vertices) times two players, so the work is bounded by the budget before it starts.
//! Positions are settled in the order of their distance to the end, so each won position
//! records its shortest win and each lost one its longest defence (its remoteness): the
//! winner moves to a lost position of smaller distance, and so makes progress.

use super::{player_bit, Goal, Graph};
use crate::error::{AnalyzeError, GaveUp, Work};

/// A position not settled: drawn, once the analysis is complete.
pub const DRAWN: u8 = 0;
/// Won for the player to move.
pub const WON: u8 = 1;
/// Lost for the player to move.
pub const LOST: u8 = 2;

/// The outcome of every position of k tokens, with its distance to the end.
#[derive(Clone, Debug)]
pub struct Retro {
    /// How many vertices (the base of the tuple's number).
    vertices: u64,
    /// How many tokens.
    tokens: usize,
    /// [`WON`], [`LOST`] or [`DRAWN`], by position number (tuple * 2 + player to move).
    outcome: Vec<u8>,
    /// Moves to the end with best play, for won and lost positions.
    distance: Vec<u32>,
}

impl Retro {
    /// How many positions `tokens` tokens on `vertices` vertices have, with the player to
    /// move, or `None` past u64.
    pub fn positions(vertices: usize, tokens: usize) -> Option<u64> {
        let k = u32::try_from(tokens).ok()?;
        (vertices as u64).checked_pow(k)?.checked_mul(2)
    }

    /// Settles every position of `tokens` tokens on `g`; under `misere`, a player with no move
    /// wins. Refused when the positions are more than `budget` allows.
    pub fn compute(g: &Graph, tokens: usize, misere: bool, budget: u64) -> Result<Retro, AnalyzeError> {
        let n = g.vertex_count();
        let budget = Work::PositionsSearched.clamp(budget);
        let total = match Retro::positions(n, tokens) {
            Some(t) if t <= budget => t,
            needed => {
                return Err(AnalyzeError::GaveUp(GaveUp { what: Work::PositionsSearched, used: budget, needed }));
            }
        };
        let size = total as usize;
        let mut outcome = vec![DRAWN; size];
        let mut distance = vec![0u32; size];
        let mut moves_left = vec![0u32; size];
        let mut queue: Vec<u64> = Vec::new();
        let base = n as u64;
        let mut tuple = vec![0u32; tokens];
        for t in 0..total / 2 {
            if t % 4096 == 0 {
                crate::stop::check()?;
            }
            decode(t, base, &mut tuple);
            let goal = tuple.iter().find_map(|&v| match g.goal(v) {
                Goal::None => None,
                goal => Some(goal),
            });
            for player in 0..2u64 {
                let s = (t * 2 + player) as usize;
                let settled = match goal {
                    // The player who moved the token there (the one not to move) wins or loses.
                    Some(Goal::Win) => Some(LOST),
                    Some(Goal::Lose) => Some(WON),
                    _ => {
                        let bit = player_bit(player as usize);
                        let count: u64 = tuple
                            .iter()
                            .map(|&v| g.followers(v).filter(|&(_, who)| who & bit != 0).count() as u64)
                            .sum();
                        if let Some(slot) = moves_left.get_mut(s) {
                            *slot = u32::try_from(count).unwrap_or(u32::MAX);
                        }
                        (count == 0).then_some(if misere { WON } else { LOST })
                    }
                };
                if let Some(o) = settled {
                    if let Some(slot) = outcome.get_mut(s) {
                        *slot = o;
                    }
                    queue.push(s as u64);
                }
            }
        }
        let mut head = 0;
        let mut before = vec![0u32; tokens];
        while let Some(&s) = queue.get(head) {
            head += 1;
            if head % 4096 == 0 {
                crate::stop::check()?;
            }
            let (t, to_move) = (s / 2, (s % 2) as usize);
            let here = outcome.get(s as usize).copied().unwrap_or(DRAWN);
            let d = distance.get(s as usize).copied().unwrap_or(0).saturating_add(1);
            // The player who moved into s is the other one.
            let mover = 1 - to_move;
            let bit = player_bit(mover);
            decode(t, base, &mut tuple);
            for i in 0..tokens {
                let v = tuple.get(i).copied().unwrap_or(0);
                for (u, who) in g.predecessors(v) {
                    if who & bit == 0 {
                        continue;
                    }
                    before.copy_from_slice(&tuple);
                    if let Some(slot) = before.get_mut(i) {
                        *slot = u;
                    }
                    // A position with a token on a goal is over: no move leaves it.
                    if before.iter().any(|&x| g.goal(x) != Goal::None) {
                        continue;
                    }
                    let p = (encode(&before, base) * 2 + mover as u64) as usize;
                    if outcome.get(p).copied() != Some(DRAWN) {
                        continue;
                    }
                    let settle = if here == LOST {
                        true
                    } else {
                        let left = moves_left.get(p).copied().unwrap_or(1).saturating_sub(1);
                        if let Some(slot) = moves_left.get_mut(p) {
                            *slot = left;
                        }
                        left == 0
                    };
                    if settle {
                        if let (Some(o), Some(dist)) = (outcome.get_mut(p), distance.get_mut(p)) {
                            *o = if here == LOST { WON } else { LOST };
                            *dist = d;
                        }
                        queue.push(p as u64);
                    }
                }
            }
        }
        Ok(Retro { vertices: base, tokens, outcome, distance })
    }

    /// The outcome ([`WON`], [`LOST`] or [`DRAWN`]) and distance of the position with the
    /// tokens on `tuple` and player `to_move` (0 or 1) to move.
    pub fn at(&self, tuple: &[u32], to_move: usize) -> (u8, u32) {
        if tuple.len() != self.tokens {
            return (DRAWN, 0);
        }
        let s = (encode(tuple, self.vertices) * 2 + to_move as u64) as usize;
        (self.outcome.get(s).copied().unwrap_or(DRAWN), self.distance.get(s).copied().unwrap_or(0))
    }
}

/// The tuple of position number `t` (token 0 the lowest digit).
fn decode(mut t: u64, base: u64, tuple: &mut [u32]) {
    for slot in tuple.iter_mut() {
        *slot = (t % base.max(1)) as u32;
        t /= base.max(1);
    }
}

/// The number of a tuple (token 0 the lowest digit).
fn encode(tuple: &[u32], base: u64) -> u64 {
    tuple.iter().rev().fold(0u64, |acc, &v| acc * base + u64::from(v))
}
