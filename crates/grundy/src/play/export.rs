//! `grundy graph export`: the positions reachable from a position of any game, written as the
//! text of a graph (`u v` lines) that `graph:FILE` reads back, so that a person can start from
//! a game grundy knows and change it, or check a script that writes a graph of their own.

use std::collections::{HashSet, VecDeque};

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::Player;
use crate::game::{Component, Game, Move, Position};
use crate::play::{apply, legal_moves};
use crate::rules::board::graph::{Goal, MAX_GRAPH_BYTES};
use crate::rules::Ruleset;

/// What an export of a sum of heaps reaches at most, known before it starts: `positions`, an
/// upper bound of the positions, and `text`, when known, a lower bound of the text's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportBound {
    /// At most this many positions are reachable.
    pub positions: u128,
    /// The text is at least this long (known for Nim, whose every option is listed).
    pub text: Option<u128>,
}

/// The bound of an export of heaps, or `None` for positions with no cheap bound (board games,
/// K-L-Nim, games of several kinds). A heap of n whose moves never split it takes at most
/// n + 1 sizes; one that may split becomes a sequence of heaps of total at most n, at most 2^n
/// of them (compositions of 0..=n). The positions are at most the product over the heaps. In
/// Nim every tuple of sizes below the start is reached and lists every smaller size of each
/// heap: with heaps h_i, P = prod (h_i + 1) positions, P sum(h_i) / 2 moves, each a line of at
/// least two names of k numbers (2k - 1 characters each), a space and a newline.
///
/// ```
/// use grundy::{Game, play::export::export_bound};
/// let nim: Game = "nim".parse().unwrap();
/// let b = export_bound(&nim.parse_position(&["1000", "1000"]).unwrap()).unwrap();
/// assert_eq!(b.positions, 1001 * 1001);
/// assert_eq!(b.text, Some(1001 * 1001 * 1000 * 8));
/// let kayles: Game = "kayles".parse().unwrap();
/// assert_eq!(export_bound(&kayles.parse_position(&["40"]).unwrap()).unwrap().positions, 1 << 40);
/// ```
pub fn export_bound(position: &Position) -> Option<ExportBound> {
    let Position::Sum(components) = position else { return None };
    let splits = |c: &Component| c.ruleset.split_rules().is_some_and(|r| !r.split.is_empty() || !r.split3.is_empty());
    let mut positions: u128 = 1;
    for c in components {
        let sizes = match splits(c) {
            true => 1u128.checked_shl(u32::try_from(c.heap).ok()?).filter(|_| c.heap < 127).unwrap_or(u128::MAX),
            false => u128::from(c.heap) + 1,
        };
        positions = positions.saturating_mul(sizes);
    }
    let nim = components.iter().all(|c| c.ruleset == Ruleset::Nim);
    let text = nim.then(|| {
        let k = components.len() as u128;
        let total: u128 = components.iter().map(|c| u128::from(c.heap)).sum();
        positions.saturating_mul(total) / 2 * (2 * (2 * k).saturating_sub(1) + 2)
    });
    Some(ExportBound { positions, text })
}

/// The largest number a position may hold to be exported: every position reachable is listed
/// with every move, one by one.
pub const EXPORT_MAX_NUMBER: u64 = 1_000_000;

/// The positions reachable from `position` of `game` as the text of a graph: a line `vertex S`
/// for the start, then `u v` for each move (`u v left` or `u v right` for a move of one
/// player alone, in a partizan game), and `win V` or `lose V` for a goal of a game on a graph.
/// A vertex is named by the position's tokens joined by commas (`3,4,5`). Refused when the
/// positions are more than `budget`, a number is past [`EXPORT_MAX_NUMBER`], or the text
/// would be longer than `graph:FILE` reads.
///
/// ```
/// use grundy::{Game, play::export::export_graph};
/// let nim: Game = "nim".parse().unwrap();
/// let text = export_graph(&nim, &nim.parse_position(&["2"]).unwrap(), 100).unwrap();
/// assert_eq!(text, "vertex 2\n2 1\n2 0\n1 0\n");
/// ```
pub fn export_graph(game: &Game, position: &Position, budget: u64) -> Result<String, AnalyzeError> {
    let big = position.heaps().into_iter().find(|&n| n > EXPORT_MAX_NUMBER).filter(|_| game.as_graph().is_none());
    if let Some(big) = big {
        return Err(AnalyzeError::Unsupported(format!(
            "graph export lists every position reachable, one by one: {big} is past {EXPORT_MAX_NUMBER}, the largest number it takes"
        )));
    }
    let budget = Work::PositionsSearched.clamp(budget);
    // Refused at once when the bound shows the export cannot fit: its positions past the
    // budget (the bound, an upper one, is a budget that is enough), or its text past what
    // graph:FILE reads.
    if let Some(bound) = export_bound(position) {
        if let Some(text) = bound.text.filter(|&t| t > u128::from(MAX_GRAPH_BYTES)) {
            return Err(AnalyzeError::Unsupported(format!(
                "graph export lists every move of {} positions: at least {} of text, past the {} MiB graph:FILE reads",
                bound.positions,
                crate::error::human_bytes(text),
                MAX_GRAPH_BYTES >> 20
            )));
        }
        let max = Work::PositionsSearched.max_budget();
        if bound.positions > u128::from(max) {
            // An upper bound, not a count: said as one, with no budget advised.
            let bound = match bound.positions {
                u128::MAX => "more than 2^127".to_string(),
                b => b.to_string(),
            };
            return Err(AnalyzeError::Unsupported(format!(
                "graph export bounds its positions before it starts: these heaps may reach up to {bound} (n + 1 sizes of a heap of n, 2^n sequences of heaps for one that splits), past the {max} positions one computation may hold"
            )));
        }
        if bound.positions > u128::from(budget) {
            // The bound is an upper one: as a budget it is enough.
            let needed = Some(bound.positions as u64);
            return Err(AnalyzeError::GaveUp(GaveUp { what: Work::PositionsSearched, used: budget, needed }));
        }
    }
    let name = |p: &Position| {
        let tokens = game.position_tokens(p);
        if tokens.is_empty() {
            "empty".to_string()
        } else {
            tokens.join(",")
        }
    };
    let mut ids: HashSet<Position> = HashSet::new();
    let mut names: HashSet<String> = HashSet::new();
    let mut queue: VecDeque<Position> = VecDeque::new();
    let start = name(position);
    let mut out = format!("vertex {start}\n");
    let mut goals = String::new();
    ids.insert(position.clone());
    names.insert(start);
    queue.push_back(position.clone());
    while let Some(p) = queue.pop_front() {
        crate::stop::check()?;
        let from = name(&p);
        if let Some(g) = game.as_graph() {
            if let Position::Board(_, numbers) = &p {
                match g.goal_reached(numbers) {
                    Some((_, Goal::Win)) => goals += &format!("win {from}\n"),
                    Some((_, _)) => goals += &format!("lose {from}\n"),
                    None => {}
                }
            }
        }
        // Each player's moves: a move both may make is one edge, a move of one player alone is
        // marked with the side (the first player is left).
        let first: Vec<Move> = legal_moves(&p, Player::First);
        let second: Vec<Move> = if game.is_impartial() && game.as_graph().is_none_or(|g| !g.is_partizan()) {
            first.clone()
        } else {
            legal_moves(&p, Player::Second)
        };
        let mut edges: Vec<(Position, &str)> = vec![];
        let mut seen: HashSet<Position> = HashSet::new();
        let after_second: Vec<Position> = second.iter().map(|m| apply(&p, m)).collect();
        // Looked up in a set: a search of the list was quadratic in the options.
        let second_set: HashSet<&Position> = after_second.iter().collect();
        for m in &first {
            let next = apply(&p, m);
            if !seen.insert(next.clone()) {
                continue;
            }
            let side = if second_set.contains(&next) { "" } else { " left" };
            edges.push((next, side));
        }
        drop(second_set);
        for next in after_second {
            if seen.insert(next.clone()) {
                edges.push((next, " right"));
            }
        }
        for (next, side) in edges {
            let to = name(&next);
            out += &format!("{from} {to}{side}\n");
            if out.len() as u64 > MAX_GRAPH_BYTES {
                return Err(AnalyzeError::Unsupported(format!(
                    "the graph's text would pass {} MiB, the most graph:FILE reads",
                    MAX_GRAPH_BYTES >> 20
                )));
            }
            if !ids.contains(&next) {
                if ids.len() as u64 >= budget {
                    return Err(AnalyzeError::GaveUp(GaveUp {
                        what: Work::PositionsSearched,
                        used: budget,
                        needed: None,
                    }));
                }
                if !names.insert(to.clone()) {
                    return Err(AnalyzeError::Unsupported(format!(
                        "two positions would both be named '{to}' in the graph"
                    )));
                }
                ids.insert(next.clone());
                queue.push_back(next);
            }
        }
    }
    Ok(out + &goals)
}
