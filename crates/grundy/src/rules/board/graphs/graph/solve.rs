//! The answer for one position of tokens on a graph: whether the player to move wins, loses or
//! draws, every move with what it leaves, and the move the computer makes.
//!
//! Impartial graphs without goals under normal play are answered by the generalized
//! Sprague-Grundy function ([`super::gsg`]) for any number of tokens; everything else by
//! retrograde analysis ([`super::retro`]) within the budget.
//!
//! Progress. In a loopy game a winning move is not enough: moving a token up to a larger
//! value and back again forever wins nothing. The computer's winning move is chosen to make
//! progress. From the generalized Sprague-Grundy function: among the moves that leave an
//! all-finite position of XOR 0, the one whose result has the smallest sum of values, then
//! the smallest sum of counters. The position the computer leaves then goes strictly down in
//! that order from one turn to its next: when the opponent lowers a value, the usual reply of
//! Nim lowers the sum further; when they raise a value or move to an infinite vertex, the
//! labelling guarantees a move back to the old value with a smaller counter. A decreasing
//! sequence of pairs of natural numbers ends, so the game does. From retrograde analysis: the
//! winning move with the shortest distance to the end.

use std::collections::HashSet;

use super::gsg::Gsg;
use super::retro::{LOST, WON};
use super::{Goal, Graph};
use crate::error::AnalyzeError;
use crate::rules::board::Method;

/// A position's result for the player to move, or a move's result for the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Won with best play.
    Win,
    /// Lost with best play.
    Lose,
    /// Drawn: neither player can force a win.
    Draw,
}

/// A generalized Sprague-Grundy value: a number, or infinity with the finite values of the
/// vertex's followers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GsgValue {
    /// A finite value.
    Finite(u64),
    /// Infinity, ∞(K) with K the finite values among the followers.
    Infinite(Vec<u32>),
}

impl GsgValue {
    /// The value when finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            GsgValue::Finite(x) => Some(*x),
            GsgValue::Infinite(_) => None,
        }
    }
}

impl std::fmt::Display for GsgValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GsgValue::Finite(x) => write!(f, "{x}"),
            // ∞ alone when K is empty, as Smith writes it.
            GsgValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            GsgValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// One move: token `token` (0-based) to vertex `to`, with its result for the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphMove {
    /// The token moved (0-based).
    pub token: usize,
    /// The vertex it goes to.
    pub to: u32,
    /// What the move leaves, for the player making it: `Win` when it leaves the opponent a
    /// lost position.
    pub verdict: Verdict,
    /// The order the computer prefers among moves of the same verdict (smaller first).
    pub rank: (i64, i64),
}

impl GraphMove {
    /// The tokens' vertices after the move.
    pub fn after(&self, numbers: &[u64]) -> Vec<u64> {
        let mut next = numbers.to_vec();
        if let Some(slot) = next.get_mut(self.token) {
            *slot = u64::from(self.to);
        }
        next
    }
}

/// How the answer was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphMethod {
    /// The generalized Sprague-Grundy function.
    Gsg,
    /// Retrograde analysis of every position.
    Retrograde,
    /// A token is on a goal: the game is over.
    Over,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphReport {
    /// The result for the player to move.
    pub verdict: Verdict,
    /// The generalized Sprague-Grundy value of the whole position, when that function
    /// answered and the value is finite or one token is infinite.
    pub value: Option<GsgValue>,
    /// Each token's generalized Sprague-Grundy value, when that function answered.
    pub token_values: Option<Vec<GsgValue>>,
    /// Every move of the player to move, with its result for them.
    pub moves: Vec<GraphMove>,
    /// How the answer was found.
    pub method: GraphMethod,
    /// The result with the other player to move (partizan graphs: the answer of Codeforces
    /// 787C for each player), when retrograde analysis gave it.
    pub other_player: Option<Verdict>,
    /// The reasoning, one line each.
    pub explanation: Vec<String>,
}

impl GraphReport {
    /// The board method the analysis reports.
    pub fn board_method(&self) -> Method {
        match self.method {
            GraphMethod::Gsg => Method::ClosedForm,
            GraphMethod::Retrograde | GraphMethod::Over => Method::Search,
        }
    }

    /// The move the computer makes: a winning move that makes progress, else a drawing move
    /// (the first in the preferred order), else the move that holds out longest; `None` when
    /// there is no move.
    pub fn best_move(&self) -> Option<&GraphMove> {
        let of = |v: Verdict| self.moves.iter().filter(move |m| m.verdict == v).min_by_key(|m| m.rank);
        of(Verdict::Win).or_else(|| of(Verdict::Draw)).or_else(|| of(Verdict::Lose))
    }
}

/// The answer for tokens on `numbers` (vertices) with player `mover` (0 first, 1 second) to
/// move; `misere`: a player with no move wins. Refused (with what it would take) when
/// retrograde analysis is needed and the positions are past `budget`.
pub fn report(
    g: &Graph,
    numbers: &[u64],
    mover: usize,
    misere: bool,
    budget: u64,
) -> Result<GraphReport, AnalyzeError> {
    let tuple: Vec<u32> = numbers.iter().map(|&v| v as u32).collect();
    if tuple.iter().any(|&v| v as usize >= g.vertex_count()) || numbers.iter().any(|&v| v > u64::from(u32::MAX)) {
        return Err(AnalyzeError::Unsupported("a token is on a vertex the graph lacks".into()));
    }
    let goals: Vec<(usize, Goal)> =
        tuple.iter().enumerate().filter(|(_, &v)| g.goal(v) != Goal::None).map(|(i, &v)| (i, g.goal(v))).collect();
    if let Some(&(i, goal)) = goals.first() {
        if goals.iter().any(|&(_, other)| other != goal) {
            return Err(AnalyzeError::Unsupported(format!(
                "tokens {} and {} are both on goals, one won and one lost: the game cannot have ended that way",
                i + 1,
                goals.iter().find(|&&(_, o)| o != goal).map_or(0, |&(j, _)| j + 1)
            )));
        }
        let (verdict, why) = match goal {
            Goal::Win => (Verdict::Lose, "won for the player who moved it there, so lost for the player to move"),
            _ => (Verdict::Win, "lost for the player who moved it there, so won for the player to move"),
        };
        return Ok(GraphReport {
            verdict,
            value: None,
            token_values: None,
            moves: vec![],
            method: GraphMethod::Over,
            other_player: None,
            explanation: vec![format!(
                "Token {} is on {}, a goal: the game is over, {why}.",
                i + 1,
                g.name(tuple.get(i).copied().unwrap_or(0))
            )],
        });
    }
    if !g.is_partizan() && !g.has_goals() && !misere {
        return by_gsg(g, &tuple, mover, budget);
    }
    by_retrograde(g, &tuple, mover, misere, budget)
}

/// The answer from the generalized Sprague-Grundy function.
fn by_gsg(g: &Graph, tuple: &[u32], mover: usize, budget: u64) -> Result<GraphReport, AnalyzeError> {
    let gsg = g.gsg(budget)?;
    let values: Vec<Option<u32>> = tuple.iter().map(|&v| gsg.finite(v)).collect();
    let infinite: Vec<usize> = (0..tuple.len()).filter(|&i| values.get(i).copied().flatten().is_none()).collect();
    let xor_finite = |skip: &[usize]| -> u64 {
        values
            .iter()
            .enumerate()
            .filter(|(i, _)| !skip.contains(i))
            .fold(0u64, |acc, (_, v)| acc ^ u64::from(v.unwrap_or(0)))
    };
    let vertex = |i: usize| tuple.get(i).copied().unwrap_or(0);
    let k_of: Vec<HashSet<u32>> =
        infinite.iter().take(2).map(|&i| gsg.k_set(g, vertex(i)).into_iter().collect()).collect();
    let in_k = |slot: usize, a: u64| k_of.get(slot).is_some_and(|k| u32::try_from(a).is_ok_and(|a| k.contains(&a)));
    let verdict = match infinite.len() {
        0 if xor_finite(&[]) == 0 => Verdict::Lose,
        0 => Verdict::Win,
        1 if in_k(0, xor_finite(&infinite)) => Verdict::Win,
        _ => Verdict::Draw,
    };
    // The result of each move for the player making it, from the sum rule on what it leaves.
    let x_all = xor_finite(&infinite);
    let mut moves = vec![];
    for (i, &v) in tuple.iter().enumerate() {
        let here = values.get(i).copied().flatten();
        let base_rank = (here.map_or(i64::MAX / 4, i64::from), i64::from(gsg.counter(v)));
        for w in g.moves_from(v, mover) {
            let there = gsg.finite(w);
            // The finite tokens' XOR after the move, and the infinite tokens left.
            let x = x_all ^ u64::from(here.unwrap_or(0)) ^ u64::from(there.unwrap_or(0));
            let mut inf_left: Vec<usize> = infinite.iter().copied().filter(|&j| j != i).collect();
            if there.is_none() {
                inf_left.push(i);
            }
            let opponent = match inf_left[..] {
                [] if x == 0 => Verdict::Lose,
                [] => Verdict::Win,
                [j] => {
                    let wins = if j == i {
                        gsg.has_follower_of(g, w, u32::try_from(x).unwrap_or(u32::MAX))
                    } else {
                        let slot = infinite.iter().position(|&s| s == j).unwrap_or(0);
                        in_k(slot, x)
                    };
                    if wins {
                        Verdict::Win
                    } else {
                        Verdict::Draw
                    }
                }
                _ => Verdict::Draw,
            };
            let verdict = match opponent {
                Verdict::Win => Verdict::Lose,
                Verdict::Lose => Verdict::Win,
                Verdict::Draw => Verdict::Draw,
            };
            let new_rank = (there.map_or(i64::MAX / 4, i64::from), i64::from(gsg.counter(w)));
            let rank = match verdict {
                // Progress: the smallest sum of values, then of counters, left behind.
                Verdict::Win => (new_rank.0 - base_rank.0, new_rank.1 - base_rank.1),
                // Holding out: the largest value left (infinity first), then counter.
                Verdict::Lose => (-new_rank.0, -new_rank.1),
                Verdict::Draw => (0, 0),
            };
            moves.push(GraphMove { token: i, to: w, verdict, rank });
        }
    }
    let token_values: Vec<GsgValue> = tuple
        .iter()
        .map(|&v| match gsg.finite(v) {
            Some(x) => GsgValue::Finite(u64::from(x)),
            None => GsgValue::Infinite(gsg.k_set(g, v)),
        })
        .collect();
    let value = match infinite[..] {
        [] => Some(GsgValue::Finite(x_all)),
        _ => None,
    };
    let mut explanation = vec![
        "The generalized Sprague-Grundy function (C. A. B. Smith, 1966; labelled as Fraenkel and Yesha do) gives each vertex a value: a number, or ∞(K), infinity with K the finite values among its followers. A finite value behaves as a Nim heap; an infinite one is a vertex from which the game can be kept going.".to_string(),
    ];
    let listed: Vec<String> = token_values
        .iter()
        .enumerate()
        .take(20)
        .map(|(i, v)| format!("token {} on {}: {v}", i + 1, g.name(vertex(i))))
        .collect();
    explanation.push(format!("Values: {}{}.", listed.join("; "), if token_values.len() > 20 { "; ..." } else { "" }));
    explanation.push(match (infinite.len(), verdict) {
        (0, Verdict::Lose) => "Every value is finite and their XOR is 0: the player to move loses (Smith's theorem, as Bouton's for Nim), every move leaving a position the opponent wins.".to_string(),
        (0, _) => format!("Every value is finite and their XOR is {x_all}, not 0: the player to move wins by moving one token to a vertex that makes the XOR 0."),
        (1, Verdict::Win) => format!("One token is infinite and the others' XOR is {x_all}, which is in its K: the player to move wins by moving that token to a follower of value {x_all}."),
        (1, _) => format!("One token is infinite and the others' XOR is {x_all}, which is not in its K: neither player can force a win, so the game is drawn."),
        (n, _) => format!("{n} tokens are infinite: neither player can force a win, so the game is drawn."),
    });
    Ok(GraphReport {
        verdict,
        value,
        token_values: Some(token_values),
        moves,
        method: GraphMethod::Gsg,
        other_player: None,
        explanation,
    })
}

/// The answer from retrograde analysis of every position.
fn by_retrograde(
    g: &Graph,
    tuple: &[u32],
    mover: usize,
    misere: bool,
    budget: u64,
) -> Result<GraphReport, AnalyzeError> {
    let r = g.retro(tuple.len(), misere, budget)?;
    let word = |o: u8| match o {
        WON => Verdict::Win,
        LOST => Verdict::Lose,
        _ => Verdict::Draw,
    };
    let (here, distance) = r.at(tuple, mover);
    let verdict = word(here);
    let other = word(r.at(tuple, 1 - mover).0);
    let mut moves = vec![];
    let mut next = tuple.to_vec();
    for (i, &v) in tuple.iter().enumerate() {
        for w in g.moves_from(v, mover) {
            if let Some(slot) = next.get_mut(i) {
                *slot = w;
            }
            let (o, d) = r.at(&next, 1 - mover);
            let d = i64::from(d);
            let (verdict, rank) = match o {
                LOST => (Verdict::Win, (d, 0)),
                WON => (Verdict::Lose, (-d, 0)),
                _ => (Verdict::Draw, (0, 0)),
            };
            moves.push(GraphMove { token: i, to: w, verdict, rank });
            if let Some(slot) = next.get_mut(i) {
                *slot = v;
            }
        }
    }
    let positions = super::retro::Retro::positions(g.vertex_count(), tuple.len()).unwrap_or(0);
    let mut why = vec![];
    if g.is_partizan() {
        why.push("some edges are one player's alone");
    }
    if g.has_goals() {
        why.push("some vertices are goals");
    }
    if misere {
        why.push("under misère play a player with no move wins");
    }
    let mut explanation = vec![format!(
        "Retrograde analysis ({}): every one of the {positions} positions (the vertex of each token, and the player to move) is settled backwards from the ends of the game; a position is won when some move leaves the opponent a lost one, lost when every move leaves the opponent a won one, and drawn when neither is ever settled: the game can be kept going for ever.",
        why.join("; ")
    )];
    explanation.push(match verdict {
        Verdict::Win => format!("The player to move wins, in at most {} with best play.", count_moves(distance)),
        Verdict::Lose => format!("The player to move loses; with best play the game lasts {}.", count_moves(distance)),
        Verdict::Draw => "Neither player can force a win: the game is drawn.".to_string(),
    });
    if g.is_partizan() {
        let say = |v: Verdict| match v {
            Verdict::Win => "wins",
            Verdict::Lose => "loses",
            Verdict::Draw => "draws (the game can go on for ever)",
        };
        explanation.push(format!(
            "With the {} player to move instead, that player {}.",
            if mover == 0 { "second" } else { "first" },
            say(other)
        ));
    }
    Ok(GraphReport {
        verdict,
        value: None,
        token_values: None,
        moves,
        method: GraphMethod::Retrograde,
        other_player: Some(other),
        explanation,
    })
}

/// "1 move", "3 moves".
fn count_moves(n: u32) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

/// The generalized Sprague-Grundy values of every vertex of an impartial graph, for tests and
/// for export; `None` when the graph is partizan or has goals.
pub fn vertex_values(g: &Graph) -> Option<Vec<GsgValue>> {
    if g.is_partizan() || g.has_goals() {
        return None;
    }
    let gsg: std::sync::Arc<Gsg> = g.gsg(u64::MAX).ok()?;
    Some(
        (0..g.vertex_count() as u32)
            .map(|v| match gsg.finite(v) {
                Some(x) => GsgValue::Finite(u64::from(x)),
                None => GsgValue::Infinite(gsg.k_set(g, v)),
            })
            .collect(),
    )
}

/// One vertex's answer in [`each_vertex`]: a single token on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexAnswer {
    /// The vertex.
    pub vertex: u32,
    /// The result for the player to move with one token on the vertex.
    pub verdict: Verdict,
    /// Its generalized Sprague-Grundy value, where that function answers (impartial graphs
    /// without goals under normal play).
    pub value: Option<GsgValue>,
}

/// The answer for a single token on every vertex of `g` at once (who wins from every start,
/// Codeforces 1033C's question), with player `mover` to move: one labelling of the graph (the
/// generalized Sprague-Grundy function, or retrograde analysis of the one-token positions)
/// read at each vertex, the same verdicts as [`report`] gives for each vertex alone.
pub fn each_vertex(g: &Graph, mover: usize, misere: bool, budget: u64) -> Result<Vec<VertexAnswer>, AnalyzeError> {
    let vertices = u32::try_from(g.vertex_count()).unwrap_or(u32::MAX);
    if !g.is_partizan() && !g.has_goals() && !misere {
        let gsg = g.gsg(budget)?;
        return Ok((0..vertices)
            .map(|v| {
                let value = match gsg.finite(v) {
                    Some(x) => GsgValue::Finite(u64::from(x)),
                    None => GsgValue::Infinite(gsg.k_set(g, v)),
                };
                // One token: a finite value wins unless 0; an infinite one wins exactly when a
                // follower has value 0 (0 is in K), else the game is drawn.
                let verdict = match &value {
                    GsgValue::Finite(0) => Verdict::Lose,
                    GsgValue::Finite(_) => Verdict::Win,
                    GsgValue::Infinite(k) if k.contains(&0) => Verdict::Win,
                    GsgValue::Infinite(_) => Verdict::Draw,
                };
                VertexAnswer { vertex: v, verdict, value: Some(value) }
            })
            .collect());
    }
    let r = g.retro(1, misere, budget)?;
    Ok((0..vertices)
        .map(|v| {
            let verdict = match g.goal(v) {
                // The game is over: a won goal was won by the player who moved there.
                Goal::Win => Verdict::Lose,
                Goal::None => match r.at(&[v], mover).0 {
                    WON => Verdict::Win,
                    LOST => Verdict::Lose,
                    _ => Verdict::Draw,
                },
                _ => Verdict::Win,
            };
            VertexAnswer { vertex: v, verdict, value: None }
        })
        .collect())
}
