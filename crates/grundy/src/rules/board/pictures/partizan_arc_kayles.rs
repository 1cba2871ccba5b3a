//! Partizan Arc Kayles: Arc Kayles ([`crate::rules::board::pictures::arc_kayles`]) on a graph
//! whose edges are coloured, as Hackenbush's are: Left (the first player) picks a blue or green
//! edge, Right a red or green one, and a pick deletes the edge's two ends with every edge that
//! touches them. Whoever makes the last move wins. The players' moves differ, so a position has
//! Conway's value, from the value search over its options (each connected part of each graph
//! valued alone, the parts added); on an all-green graph it is the nimber of Arc Kayles's
//! Sprague-Grundy value.
//!
//! A position is a list of graphs written as their edges ([`Pictures`] with colours):
//! `1-2:b,2-3:r,3-1` one argument a graph (`:b` blue, `:r` red, bare or `:g` green), `@FILE` for
//! a big one, `0` for a graph with no edges left. A move is typed as in Arc Kayles, `pick 1-2`
//! or `pick 1-2 in 3`.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::HashSet;

use crate::error::IllegalMove;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::pictures::arc_kayles::{pick, ArcKayles};
use crate::rules::board::pictures::hackenbush::{coloured_pictures, numbers_of_coloured, ColouredEdge, Edge};
#[cfg(feature = "draw")]
use crate::rules::board::pictures::PictureFace;
use crate::rules::board::pictures::Pictures;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, Theory, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Partizan Arc Kayles in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "partizan-arc-kayles",
    name: "Partizan Arc Kayles",
    a_move: "pick an edge of your colour (Left blue `:b`, Right red `:r`, either green) of a graph: its two ends go, with every edge at them",
    example_game: "partizan-arc-kayles",
    example_position: "1-2:b,2-3:r,3-4,4-1:b,1-3:r 5-6:r,6-7:b",
    heap_ruleset: false,
    move_syntax: "`pick U-V` picks edge U-V of the graph that has it, of the mover's colour or green; `pick U-V in G` of graph G",
    example_move: "pick 1-2",
}];

/// How the graphs are written: no ground, edges coloured.
const GRAPHS: Pictures = Pictures { name: "graph", ground: false, colours: true };

/// Reads Partizan Arc Kayles's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "partizan-arc-kayles").then(|| Ok(Board::new(PartizanArcKayles)))
}

/// Partizan Arc Kayles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartizanArcKayles;

/// The graphs each pick of `mover` leaves from graph `k` of `all`, once each: an edge of the
/// mover's colour or green, two edges whose picks leave the same graph making one move.
fn picks(all: &[Vec<ColouredEdge>], k: usize, mover: usize) -> Vec<(Edge, Vec<ColouredEdge>)> {
    let Some(edges) = all.get(k) else { return vec![] };
    let mut seen = HashSet::new();
    edges
        .iter()
        .filter(|(_, colour)| colour.cut_by(mover))
        .map(|&(e, _)| (e, pick(edges, e)))
        .filter(|(_, left)| seen.insert(left.clone()))
        .collect()
}

/// For each of the first `drawn` edges of a graph, the drawn edge whose words name its move
/// (the face's targets): among the edges whose picks leave the same graph, the first green one,
/// else the first of its own colour, so that whoever may pick the edge may pick the one named.
#[cfg(feature = "draw")]
fn same_moves(edges: &[ColouredEdge], drawn: usize) -> Vec<usize> {
    use crate::rules::board::pictures::hackenbush::Colour;
    let shown = edges.get(..drawn).unwrap_or(edges);
    let left: Vec<Vec<ColouredEdge>> = shown.iter().map(|&(e, _)| pick(edges, e)).collect();
    (0..shown.len())
        .map(|i| {
            let same = |j: &usize| left.get(*j) == left.get(i);
            let colour = |j: usize| shown.get(j).map(|&(_, c)| c);
            (0..shown.len())
                .filter(same)
                .find(|&j| colour(j) == Some(Colour::Green))
                .or_else(|| (0..=i).filter(same).find(|&j| colour(j) == colour(i)))
                .unwrap_or(i)
        })
        .collect()
}

impl RulesCore for PartizanArcKayles {
    fn words(&self) -> Words {
        Words::new(
            "partizan-arc-kayles",
            Players::Partizan("Left picks blue or green edges, Right red or green ones".into()),
            "Partizan Arc Kayles: each graph is a set of edges u-v, blue (Left's), red (Right's) or green (either's); a move picks an edge of the mover's colour or green and deletes its two ends, with every edge that touches them; whoever makes the last move wins.",
            "Type 'pick 1-2' (an edge of your colour or green: its two ends go, with every edge at them) or 'pick 1-2 in 3' (in graph 3)",
        )
        .with_pictures(GRAPHS)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let Some(all) = coloured_pictures(numbers) else { return vec![] };
        let mut out = vec![];
        for k in 0..all.len() {
            for (_, left) in picks(&all, k, mover) {
                let mut next = all.clone();
                if let Some(graph) = next.get_mut(k) {
                    *graph = left;
                }
                out.push(numbers_of_coloured(&next));
            }
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let before = coloured_pictures(numbers).ok_or("the position is not a list of graphs")?;
        let next = coloured_pictures(after).ok_or("the move does not leave a list of graphs")?;
        if before.len() != next.len() {
            return Err(format!("a move keeps the {} graphs in place", before.len()).into());
        }
        let changed: Vec<usize> = (0..before.len()).filter(|&k| before.get(k) != next.get(k)).collect();
        let [k] = changed[..] else { return Err("a move picks an edge of one graph only".into()) };
        let target = next.get(k).ok_or("no such graph")?;
        if picks(&before, k, mover).iter().any(|(_, left)| left == target) {
            return Ok(());
        }
        // The same pick with an edge of the other colour names whose edge it was.
        let other = picks(&before, k, 1 - mover).into_iter().find(|(_, left)| left == target);
        Err(match other {
            Some(((u, v), _)) => format!(
                "edge {u}-{v} of graph {} is {}'s: {} picks a {} or green edge",
                k + 1,
                side(1 - mover),
                side(mover),
                if mover == 0 { "blue" } else { "red" }
            ),
            None => format!(
                "graph {}: that is not what picking one edge (its two ends gone, with every edge at them) leaves",
                k + 1
            ),
        }
        .into())
    }

    /// As Arc Kayles relabels and sorts its graphs, colours kept.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        ArcKayles.canonical(numbers)
    }
}

impl Notation for PartizanArcKayles {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        ArcKayles.describe(numbers, after)
    }

    /// Read as Arc Kayles reads a pick, then checked against the mover's colour. An edge may
    /// name its colour (`pick 1-2:b`, as the drawing words a click): the pick of any edge with
    /// those ends leaves the same graph, so the colour only says which edge is meant.
    fn read_move(&self, numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
        let plain: Vec<&str> = text
            .split_whitespace()
            .map(|w| w.strip_suffix(":b").or(w.strip_suffix(":r")).or(w.strip_suffix(":g")).unwrap_or(w))
            .collect();
        let read = ArcKayles.read_move(numbers, &plain.join(" "), mover)?;
        Some(read.and_then(|after| {
            self.check(numbers, 0..numbers.len(), &after, mover).map(|()| after).map_err(|e| e.to_string())
        }))
    }
}

impl PlayHelp for PartizanArcKayles {
    /// At most one option an edge.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        Some(Pictures::edges(numbers))
    }

    /// A random pick of the mover's among all of them (every draw 0: the first).
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let options = self.options(numbers, mover);
        options.get(below(options.len().max(1) as u64) as usize).cloned()
    }
}

/// Answered by the default: Conway's value from the value search.
impl Theory for PartizanArcKayles {}

#[cfg(feature = "draw")]
impl Face for PartizanArcKayles {
    /// Each graph in layers from its first vertex, its edges in their colours, a target on each
    /// edge the mover may pick.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let effect = "its two ends go, with every edge at them";
        let (who, other, mine) = if mover == 0 { ("Left", "Right", "blue") } else { ("Right", "Left", "red") };
        let face = PictureFace {
            verb: "pick",
            moves: "moves",
            effect,
            help: vec![
                format!("{who} to move: click a {mine} or green edge;"),
                format!("{effect}."),
                "Blue edges are Left's, red Right's, green either's.".into(),
            ],
            over: format!("{who} has no {mine} or green edge left: {other} wins."),
            same_move: Some(same_moves),
        };
        GRAPHS.draw(numbers, mover, &face)
    }
}
