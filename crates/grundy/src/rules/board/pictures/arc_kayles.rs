//! Arc Kayles (Schaefer, 1978): a move picks an edge of a graph and deletes its two ends, with
//! every edge that touches them; whoever makes the last move wins. The players' moves are the
//! same, so a position has a Sprague-Grundy value: each connected part of each graph is valued
//! alone, by the value search over its options, and the parts add by XOR
//! ([`crate::rules::board::machinery::value`], whose nimbers are the values). On a path of n vertices it is
//! Dawson's Kayles (0.07: two adjacent vertices go), and on a cycle of n it is a path of n - 2
//! after the first move; Huggan and Stevens (INTEGERS 16, 2016) give its values on paths,
//! cycles and wheels.
//!
//! A position is a list of graphs written as their edges ([`Pictures`]): `1-2,2-3,3-1` one
//! argument a graph, `@FILE` for a big one, `0` for a graph with no edges left. A move is typed
//! `pick 1-2` (the graph holding edge 1-2) or `pick 1-2 in 3`.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::HashSet;

use crate::error::IllegalMove;
use crate::key_hash::KeyMap;
use crate::rules::board::pictures::hackenbush::{
    coloured_pictures, compress, numbers_of_coloured, ColouredEdge, Edge, COLOURED,
};
#[cfg(feature = "draw")]
use crate::rules::board::pictures::PictureFace;
use crate::rules::board::pictures::Pictures;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, Theory, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Arc Kayles in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "arc-kayles",
    name: "Arc Kayles",
    a_move: "pick an edge of a graph (edges `u-v`, one argument a graph, `@FILE` for a big one): its two ends go, with every edge at them",
    example_game: "arc-kayles",
    example_position: "1-2,2-3,3-4,4-1,1-3 5-6,6-7",
    heap_ruleset: false,
    move_syntax: "`pick U-V` picks edge U-V of the graph that has it; `pick U-V in G` of graph G",
    example_move: "pick 1-3",
}];

/// How the graphs are written: no ground, no colours.
const GRAPHS: Pictures = Pictures { name: "graph", ground: false, colours: false };

/// Reads Arc Kayles's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "arc-kayles").then(|| Ok(Board::new(ArcKayles)))
}

/// Arc Kayles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArcKayles;

/// The graph `edges` after picking the edge `(u, v)`: every edge at u or v gone, the rest in
/// their order.
pub(crate) fn pick(edges: &[ColouredEdge], e: Edge) -> Vec<ColouredEdge> {
    edges.iter().copied().filter(|&(x, _)| !touches(x, e)).collect()
}

/// The edge picked to go from `before` to `after`, when `after` is what picking one edge of
/// `before` leaves; in time linear in the graph, trying at most four edges: the first edge
/// gone has one of the picked ends, and the other end is on every edge gone that misses it.
fn picked(before: &[ColouredEdge], after: &[ColouredEdge]) -> Option<Edge> {
    // What picking leaves is `before` less the edges gone, in order: `after` follows it.
    let mut kept = after.iter().peekable();
    let mut gone: Vec<Edge> = vec![];
    for &e in before {
        if kept.peek() == Some(&&e) {
            kept.next();
        } else {
            gone.push(e.0);
        }
    }
    let &(a, b) = gone.first()?;
    let has = |e: Edge| before.iter().any(|&(f, _)| f == e);
    let ends = |x: u64, y: u64| (x.min(y), x.max(y));
    let mut tried: Vec<Edge> = vec![];
    for x in [a, b] {
        let candidates: Vec<u64> = match gone.iter().find(|&&(c, d)| c != x && d != x) {
            Some(&(c, d)) => vec![c, d],
            // Every edge gone is at x: the other end is a neighbour of x all of whose edges are
            // at x (any such neighbour leaves the same graph).
            None => {
                let outside: HashSet<u64> =
                    before.iter().filter(|&&((c, d), _)| c != x && d != x).flat_map(|&((c, d), _)| [c, d]).collect();
                before
                    .iter()
                    .filter_map(|&((c, d), _)| match (c == x, d == x) {
                        (true, _) => Some(d),
                        (_, true) => Some(c),
                        _ => None,
                    })
                    .find(|y| !outside.contains(y))
                    .into_iter()
                    .collect()
            }
        };
        for y in candidates {
            let e = ends(x, y);
            if tried.contains(&e) {
                continue;
            }
            tried.push(e);
            if has(e) && pick(before, e) == after {
                return Some(e);
            }
        }
    }
    None
}

/// Whether the edge `x` has an end on the edge `e`.
fn touches(x: Edge, e: Edge) -> bool {
    x.0 == e.0 || x.0 == e.1 || x.1 == e.0 || x.1 == e.1
}

/// What each pick of a graph deletes, from each vertex's edges in one walk: the count of the
/// edges a pick deletes and a hash of their places in the graph (its signature: two picks that
/// delete the same edges have the same one), and whether two picks delete the same edges, told
/// exactly in a few look-ups ([`Signatures::same`]). So the distinct moves of a graph are found
/// in time linear in its edges (beside a sort), without building the graph each pick leaves: a
/// star of 10^5 edges, whose every pick deletes every edge, took minutes when each pick's
/// graph was built and hashed. Picks are named by their edges' places, vertices by their
/// indices ([`compress`]).
struct Signatures {
    /// Each edge's two ends, the smaller first.
    ends: Vec<(usize, usize)>,
    /// Each vertex's edges: their count and the sum of their places' hashes.
    at: Vec<(usize, u64)>,
    /// Each pair of vertices joined by edges (parallel edges; loops left out), sorted, with the
    /// same of the edges between them.
    between: Vec<((usize, usize), (usize, u64))>,
    /// Each edge's pair in `between` (a loop's: none).
    pair: Vec<Option<usize>>,
    /// Each vertex's neighbours while it has at most two (itself for a loop), `None` past
    /// that: a pick deletes every edge at a vertex other than its ends only when its ends are
    /// all of that vertex's neighbours.
    near: Vec<Option<[Option<usize>; 2]>>,
}

impl Signatures {
    fn of(edges: &[ColouredEdge]) -> Signatures {
        let (ends, n) = compress(&edges.iter().map(|&(e, _)| e).collect::<Vec<Edge>>());
        // The edges' places spread over 64 bits.
        let hash = |i: usize| crate::key_hash::splitmix64(&mut (i as u64));
        let add = |slot: &mut (usize, u64), i: usize| *slot = (slot.0 + 1, slot.1.wrapping_add(hash(i)));
        let mut at = vec![(0, 0); n];
        let mut near: Vec<Option<[Option<usize>; 2]>> = vec![Some([None, None]); n];
        // Notes `x` among the neighbours of `w`.
        let mut meet = |w: usize, x: usize| {
            if let Some(slot) = near.get_mut(w) {
                *slot = match *slot {
                    Some([a, b]) if a == Some(x) || b == Some(x) => Some([a, b]),
                    Some([None, b]) => Some([Some(x), b]),
                    Some([a, None]) => Some([a, Some(x)]),
                    _ => None,
                };
            }
        };
        let mut joined: Vec<((usize, usize), usize)> = vec![];
        for (i, &(u, v)) in ends.iter().enumerate() {
            if let Some(slot) = at.get_mut(u) {
                add(slot, i);
            }
            meet(u, v);
            meet(v, u);
            if u != v {
                if let Some(slot) = at.get_mut(v) {
                    add(slot, i);
                }
                joined.push(((u, v), i));
            }
        }
        joined.sort_unstable();
        let mut between: Vec<((usize, usize), (usize, u64))> = vec![];
        let mut pair = vec![None; ends.len()];
        for (ends, i) in joined {
            match between.last_mut() {
                Some((last, slot)) if *last == ends => add(slot, i),
                _ => between.push((ends, (1, hash(i)))),
            }
            if let Some(p) = pair.get_mut(i) {
                *p = Some(between.len() - 1);
            }
        }
        Signatures { ends, at, between, pair, near }
    }

    /// The edges at vertex `w`: their count and hashes' sum.
    fn at(&self, w: usize) -> (usize, u64) {
        self.at.get(w).copied().unwrap_or_default()
    }

    /// The signature of picking edge `i`: how many edges it deletes, and their hashes' sum.
    fn of_pick(&self, i: usize) -> (usize, u64) {
        let Some(&(u, v)) = self.ends.get(i) else { return (0, 0) };
        let a = self.at(u);
        if u == v {
            return a;
        }
        let b = self.at(v);
        let both = self.pair.get(i).copied().flatten().and_then(|p| self.between.get(p)).map_or((0, 0), |b| b.1);
        (a.0 + b.0 - both.0, a.1.wrapping_add(b.1).wrapping_sub(both.1))
    }

    /// Whether picking edge `i` deletes every edge at vertex `w`: `w` is an end of it, or each
    /// edge at `w` goes to an end of it (a loop at `w` goes to neither).
    fn covers(&self, i: usize, w: usize) -> bool {
        let Some(&(u, v)) = self.ends.get(i) else { return false };
        if w == u || w == v {
            return true;
        }
        // A loop at `w` makes `w` its own neighbour, which neither end is.
        self.near.get(w).copied().flatten().is_some_and(|n| n.iter().flatten().all(|&x| x == u || x == v))
    }

    /// Whether picking edge `i` and picking edge `j` delete the same edges, exactly: picking `j`
    /// deletes the edges at its two ends, so when picking `i` deletes every edge at both of
    /// them, `j`'s edges are among `i`'s, and as many are the same.
    fn same(&self, i: usize, j: usize) -> bool {
        let Some(&(x, y)) = self.ends.get(j) else { return false };
        self.of_pick(i).0 == self.of_pick(j).0 && self.covers(i, x) && self.covers(i, y)
    }

    /// For each of the first `first` edges, the first of them whose pick deletes the same edges
    /// (itself when none): picks grouped by their signatures, each told from its group's
    /// leaders by [`Signatures::same`] (a group has one leader but where two hashes' sums meet).
    fn leaders(&self, first: usize) -> Vec<usize> {
        let mut groups: KeyMap<(usize, u64), Vec<usize>> = KeyMap::default();
        let mut leaders = Vec::with_capacity(first.min(self.ends.len()));
        for i in 0..first.min(self.ends.len()) {
            let firsts = groups.entry(self.of_pick(i)).or_default();
            let same = firsts.iter().copied().find(|&l| self.same(l, i));
            leaders.push(same.unwrap_or_else(|| {
                firsts.push(i);
                i
            }));
        }
        leaders
    }
}

/// The places of the picks of a graph that leave distinct graphs, each the first edge of its
/// move, in order ([`Signatures::leaders`]), with the graph's signatures.
fn distinct_picks(edges: &[ColouredEdge]) -> (Signatures, Vec<usize>) {
    let signatures = Signatures::of(edges);
    let leaders = signatures.leaders(edges.len());
    let picks = leaders.iter().enumerate().filter(|&(i, &l)| i == l).map(|(i, _)| i).collect();
    (signatures, picks)
}

/// For each of the first `drawn` edges of a graph, the first of them whose pick leaves the
/// same graph (itself when none), for the face's targets ([`Signatures::leaders`]).
#[cfg(feature = "draw")]
fn same_moves(edges: &[ColouredEdge], drawn: usize) -> Vec<usize> {
    Signatures::of(edges).leaders(drawn)
}

/// The first graph that differs between `before` and `after`, with the edge picked there
/// (`None` for the edge when it is not one move).
fn changed(before: &[Vec<ColouredEdge>], after: &[Vec<ColouredEdge>]) -> Option<(usize, Option<Edge>)> {
    let k = (0..before.len().min(after.len())).find(|&k| before.get(k) != after.get(k))?;
    Some((k, picked(before.get(k)?, after.get(k)?)))
}

/// A graph relabelled by the order its vertices first appear in its sorted edges, then sorted
/// again: the same graph up to names, so that positions equal but for their vertices' names
/// often share one entry of a search's memo.
fn relabelled(edges: &[ColouredEdge]) -> Vec<ColouredEdge> {
    let mut sorted = edges.to_vec();
    sorted.sort_unstable();
    // Each vertex's index among the vertices ([`compress`]), then its name by first appearance
    // (0 while it has none): no hashing of the vertex numbers, a search's most frequent step.
    let (ids, n) = compress(&sorted.iter().map(|&(e, _)| e).collect::<Vec<Edge>>());
    let mut names = vec![0u64; n];
    let mut named = 0u64;
    let mut name = |w: usize| match names.get_mut(w) {
        Some(slot) if *slot == 0 => {
            named += 1;
            *slot = named;
            named
        }
        Some(slot) => *slot,
        None => 0,
    };
    let mut out: Vec<ColouredEdge> = ids
        .iter()
        .zip(&sorted)
        .map(|(&(u, v), &(_, c))| {
            let (a, b) = (name(u), name(v));
            ((a.min(b), a.max(b)), c)
        })
        .collect();
    out.sort_unstable();
    out
}

impl RulesCore for ArcKayles {
    fn words(&self) -> Words {
        Words::new(
            "arc-kayles",
            Players::Impartial,
            "Arc Kayles: each graph is a set of edges u-v; a move picks one edge and deletes its two ends, with every edge that touches them; whoever makes the last move wins.",
            "Type 'pick 1-2' (its two ends go, with every edge at them) or 'pick 1-2 in 3' (in graph 3)",
        )
        .with_pictures(GRAPHS)
    }

    /// Each edge of each graph picked, once for each graph it leaves (two edges whose ends'
    /// edges are the same make one move: either edge of a path of three vertices empties it),
    /// found without building the graph each pick leaves ([`distinct_picks`]), so that the time
    /// is linear in the edges beside the options written ([`RulesCore::each_option`]).
    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let mut out = vec![];
        // Nothing stops the listing: every option is listed.
        let _ = self.each_option(numbers, mover, &mut |option| {
            out.push(option);
            Ok(())
        });
        out
    }

    /// The options, each written straight from the numbers (the other graphs' numbers as they
    /// are, around the graph left), one at a time.
    fn each_option(
        &self,
        numbers: &[u64],
        _mover: usize,
        each: &mut dyn FnMut(Vec<u64>) -> Result<(), crate::stop::Stopped>,
    ) -> Result<(), crate::stop::Stopped> {
        let Some(all) = coloured_pictures(numbers) else { return Ok(()) };
        let mut start = 0usize;
        for edges in &all {
            // A graph's numbers: its count, then two numbers an edge (three when coloured).
            let coloured = numbers.get(start).is_some_and(|&w| w >= COLOURED);
            let end = start + 1 + if coloured { 3 } else { 2 } * edges.len();
            let (Some(before), Some(after)) = (numbers.get(..start), numbers.get(end..)) else { return Ok(()) };
            for i in distinct_picks(edges).1 {
                let Some(&(e, _)) = edges.get(i) else { continue };
                let mut option = Vec::with_capacity(numbers.len());
                option.extend_from_slice(before);
                if coloured {
                    option.extend(numbers_of_coloured(&[pick(edges, e)]));
                } else {
                    let at = option.len();
                    option.push(0);
                    for &((u, v), _) in edges.iter().filter(|&&(x, _)| !touches(x, e)) {
                        option.extend([u, v]);
                    }
                    let kept = ((option.len() - at - 1) / 2) as u64;
                    if let Some(count) = option.get_mut(at) {
                        *count = kept;
                    }
                }
                option.extend_from_slice(after);
                each(option)?;
            }
            start = end;
        }
        Ok(())
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let before = coloured_pictures(numbers).ok_or("the position is not a list of graphs")?;
        let next = coloured_pictures(after).ok_or("the move does not leave a list of graphs")?;
        if before.len() != next.len() {
            return Err(format!("a move keeps the {} graphs in place", before.len()).into());
        }
        let Some((k, edge)) = changed(&before, &next) else { return Err("a move picks one edge".into()) };
        if before.iter().zip(&next).skip(k + 1).any(|(b, n)| b != n) {
            return Err("a move picks an edge of one graph only".into());
        }
        match edge {
            Some(_) => Ok(()),
            None => Err(format!(
                "graph {}: that is not what picking one edge (its two ends gone, with every edge at them) leaves",
                k + 1
            )
            .into()),
        }
    }

    /// Each graph relabelled and sorted ([`relabelled`]), the graphs sorted, the empty ones
    /// left out.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let Some(all) = coloured_pictures(numbers) else { return numbers.to_vec() };
        let mut graphs: Vec<Vec<ColouredEdge>> = all.iter().filter(|g| !g.is_empty()).map(|g| relabelled(g)).collect();
        graphs.sort();
        numbers_of_coloured(&graphs)
    }
}

impl Notation for ArcKayles {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (Some(before), Some(next)) = (coloured_pictures(numbers), coloured_pictures(after)) else {
            return "a move".into();
        };
        match changed(&before, &next) {
            Some((k, Some((u, v)))) => {
                let gone = before.get(k).map_or(0, Vec::len) - next.get(k).map_or(0, Vec::len);
                let copies = before.get(k).map_or(0, |g| g.iter().filter(|&&(e, _)| e == (u, v)).count());
                let which = if before.len() == 1 { String::new() } else { format!(" in graph {}", k + 1) };
                let vertices = if u == v { format!("vertex {u} goes") } else { format!("vertices {u} and {v} go") };
                let more = match gone.saturating_sub(copies) {
                    0 => String::new(),
                    1 => ", with 1 more edge".into(),
                    m => format!(", with {m} more edges"),
                };
                format!("pick {u}-{v}{which} ({vertices}{more})")
            }
            Some((k, None)) => format!("change graph {}", k + 1),
            None => "a move".into(),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (edge, graph) = match words[..] {
            ["pick", e] | [e] => (e, None),
            ["pick", e, "in", g] | [e, "in", g] | ["pick", e, "in", "graph", g] | [e, "in", "graph", g] => (e, Some(g)),
            // A graph and an edge, as a heap and what to take are typed in heap games (`2 1-2`).
            [g, e] if e.contains('-') && !g.contains('-') => (e, Some(g)),
            _ => return None,
        };
        let (u, v) = edge.split_once('-')?;
        Some((|| {
            let end = |s: &str| crate::number::parse_u64(s, "a vertex");
            let (u, v) = (end(u)?, end(v)?);
            let e = (u.min(v), u.max(v));
            let all = coloured_pictures(numbers).ok_or("the position is not a list of graphs")?;
            let holding: Vec<usize> =
                (0..all.len()).filter(|&k| all.get(k).is_some_and(|g| g.iter().any(|&(f, _)| f == e))).collect();
            let named = format!("{}-{}", e.0, e.1);
            let k = match graph {
                Some(g) => {
                    let g = crate::number::parse_u64(g, "the graph")?;
                    let k =
                        usize::try_from(g).ok().and_then(|g| g.checked_sub(1)).filter(|&k| k < all.len()).ok_or_else(
                            || format!("there is no graph {g} (the graphs are numbered 1 to {})", all.len()),
                        )?;
                    if !holding.contains(&k) {
                        return Err(format!("graph {g} has no edge {named}"));
                    }
                    k
                }
                None => match holding[..] {
                    [] => return Err(format!("no graph has an edge {named}")),
                    [k] => k,
                    [k, ..] => {
                        return Err(format!(
                            "edge {named} is in graphs {}: say which, e.g. 'pick {named} in {}'",
                            holding.iter().map(|k| (k + 1).to_string()).collect::<Vec<_>>().join(" and "),
                            k + 1
                        ))
                    }
                },
            };
            let mut next = all.clone();
            let graph = next.get_mut(k).ok_or("no such graph")?;
            *graph = pick(graph, e);
            Ok(numbers_of_coloured(&next))
        })())
    }
}

impl PlayHelp for ArcKayles {
    /// At most one option an edge.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        Some(Pictures::edges(numbers))
    }

    /// Each graph's distinct picks ([`distinct_picks`]), each leaving the position less two
    /// numbers an edge deleted, and less a count for each graph emptied (the canonical form
    /// leaves empty graphs out): so that a path of a million edges, whose options are each
    /// nearly as long, is refused before they are listed.
    fn option_words(&self, numbers: &[u64], _mover: usize) -> Option<u128> {
        let all = coloured_pictures(numbers)?;
        let (len, graphs) = (numbers.len() as u128, all.len() as u128);
        let mut words: u128 = 0;
        for edges in &all {
            let (signatures, picks) = distinct_picks(edges);
            for i in picks {
                let gone = signatures.of_pick(i).0 as u128;
                words += len.saturating_sub(2 * gone + graphs);
            }
        }
        Some(words)
    }

    /// A random graph with an edge, then a random edge of it picked (every draw 0: the first
    /// edge of the first graph that has one).
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let mut all = coloured_pictures(numbers)?;
        let live: Vec<usize> = (0..all.len()).filter(|&k| all.get(k).is_some_and(|g| !g.is_empty())).collect();
        let k = *live.get(below(live.len().max(1) as u64) as usize)?;
        let graph = all.get_mut(k)?;
        let (e, _) = *graph.get(below(graph.len() as u64) as usize)?;
        *graph = pick(graph, e);
        Some(numbers_of_coloured(&all))
    }
}

/// Answered by the default: the value search, whose nimbers are the Sprague-Grundy values,
/// and under misère play the exact search.
impl Theory for ArcKayles {}

#[cfg(feature = "draw")]
impl Face for ArcKayles {
    /// Each graph in layers from its first vertex, a target on each edge.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let effect = "its two ends go, with every edge at them";
        let face = PictureFace {
            verb: "pick",
            moves: "moves",
            effect,
            help: vec!["Click an edge to pick it:".into(), format!("{effect}.")],
            over: format!("No edge is left: the {} player wins.", if mover == 0 { "second" } else { "first" }),
            same_move: Some(same_moves),
        };
        GRAPHS.draw(numbers, mover, &face)
    }
}
