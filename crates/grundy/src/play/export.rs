//! `grundy graph export`: the positions reachable from a position of any game, written as the
//! text of a graph (`u v` lines) that `graph:FILE` reads back, so that a person can start from
//! a game grundy knows and change it, or check a script that writes a graph of their own.

use std::collections::{HashSet, VecDeque};

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::Player;
use crate::game::{Game, Move, Position};
use crate::play::{apply, legal_moves};
use crate::rules::board::graph::{Goal, MAX_GRAPH_BYTES};

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
        for m in &first {
            let next = apply(&p, m);
            if !seen.insert(next.clone()) {
                continue;
            }
            let side = if after_second.contains(&next) { "" } else { " left" };
            edges.push((next, side));
        }
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
