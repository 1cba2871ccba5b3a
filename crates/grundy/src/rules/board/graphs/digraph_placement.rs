//! Digraph placement (Clow and McKay, "Digraph placement games", arXiv 2407.12219, 2024; the
//! cgt crate's `DigraphPlacement`): a directed graph whose vertices are blue (Left's) or red
//! (Right's); a move places on a vertex of the mover's colour, which leaves the graph with
//! every vertex it points to. Whoever makes the last move wins. Snort and Col are placement
//! games of this kind on the graph of a board's cells (a cell's colour for each player, its
//! neighbours the vertices it spoils), so the family holds them and many more.
//!
//! A position is one graph a token: the vertices' colours in order, `b` blue, `r` red, `.` a
//! vertex gone, then `:` and the arcs `u>v` (u points to v; vertices numbered from 1):
//! `rrbbb:2>1,3>1,4>1,5>1,3>2,4>2,5>2,2>5,3>5,4>5`. A vertex keeps its number as the others
//! go, so that every position writes back as typed. A move is typed `place 3` (or `3`, and
//! `place 3 in 2` for graph 2).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::machinery::partizan::side;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, TextRows, Theory, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Digraph placement in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "digraph-placement",
    name: "Digraph placement",
    a_move: "place on a vertex of your colour (`b` Left's, `r` Right's) of a directed graph (`bbr:1>2,2>3`): it goes, with every vertex it points to",
    example_game: "digraph-placement",
    example_position: "rrbbb:2>1,3>1,4>1,5>1,3>2,4>2,5>2,2>5,3>5,4>5",
    heap_ruleset: false,
    move_syntax: "`place V` places on vertex V (numbered from 1) of the graph that has it; `place V in G` of graph G",
    example_move: "place 3",
}];

/// The most vertices of one graph.
const MAX_VERTICES: usize = 64;

/// A vertex's colour as a number: gone, blue (Left's) or red (Right's).
const GONE: u64 = 0;

/// Reads digraph placement's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "digraph-placement").then(|| Ok(Board::new(DigraphPlacement)))
}

/// Digraph placement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigraphPlacement;

/// One graph: each vertex's colour (0 gone, 1 blue, 2 red) and the arcs between vertices
/// still there, as 0-based pairs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Digraph {
    colours: Vec<u64>,
    arcs: Vec<(usize, usize)>,
}

impl Digraph {
    /// Reads a graph's token (`bbr:1>2,2>3`); the error names the bad part.
    fn read(token: &str) -> Result<Digraph, String> {
        let (colours, arcs) = token.split_once(':').unwrap_or((token, ""));
        let colours: Vec<u64> = colours
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '.' => Ok(GONE),
                'b' | 'B' => Ok(1),
                'r' | 'R' => Ok(2),
                _ => Err(format!("vertex {}: '{c}' is not a colour (b blue, r red, . gone)", i + 1)),
            })
            .collect::<Result<_, _>>()?;
        if colours.is_empty() {
            return Err(format!("'{token}' has no vertices: write their colours first (e.g. bbr:1>2)"));
        }
        if colours.len() > MAX_VERTICES {
            return Err(format!("a graph has at most {MAX_VERTICES} vertices, not {}", colours.len()));
        }
        let mut out = vec![];
        for arc in arcs.split(',').filter(|a| !a.is_empty()) {
            let (u, v) = arc.split_once('>').ok_or_else(|| format!("arc '{arc}' is not u>v"))?;
            let vertex = |s: &str| -> Result<usize, String> {
                let n: usize = s.trim().parse().map_err(|_| format!("arc '{arc}': '{s}' is not a vertex number"))?;
                match n.checked_sub(1).and_then(|i| colours.get(i).map(|&c| (i, c))) {
                    Some((i, c)) if c != GONE => Ok(i),
                    Some(_) => Err(format!("arc '{arc}': vertex {n} is gone ('.')")),
                    None => {
                        Err(format!("arc '{arc}': there is no vertex {n} (the vertices are 1 to {})", colours.len()))
                    }
                }
            };
            let (u, v) = (vertex(u)?, vertex(v)?);
            if u == v {
                return Err(format!("arc '{arc}' is a loop: a vertex placed on goes anyway"));
            }
            out.push((u, v));
        }
        out.sort_unstable();
        out.dedup();
        Ok(Digraph { colours, arcs: out })
    }

    /// The token it is written as.
    fn write(&self) -> String {
        let colours: String =
            self.colours.iter().map(|&c| ['.', 'b', 'r'].get(c as usize).copied().unwrap_or('?')).collect();
        let arcs: Vec<String> = self.arcs.iter().map(|(u, v)| format!("{}>{}", u + 1, v + 1)).collect();
        if arcs.is_empty() {
            colours
        } else {
            format!("{colours}:{}", arcs.join(","))
        }
    }

    /// The graph after a placement on vertex `v`: it and every vertex it points to gone.
    fn placed(&self, v: usize) -> Digraph {
        let mut colours = self.colours.clone();
        for i in std::iter::once(v).chain(self.arcs.iter().filter(|&&(u, _)| u == v).map(|&(_, w)| w)) {
            if let Some(c) = colours.get_mut(i) {
                *c = GONE;
            }
        }
        let there = |i: usize| colours.get(i).is_some_and(|&c| c != GONE);
        let arcs = self.arcs.iter().copied().filter(|&(u, w)| there(u) && there(w)).collect();
        Digraph { colours, arcs }
    }

    /// The vertices `mover` may place on: those of their colour.
    fn places(&self, mover: usize) -> impl Iterator<Item = usize> + '_ {
        let colour = mover as u64 + 1;
        (0..self.colours.len()).filter(move |&i| self.colours.get(i) == Some(&colour))
    }

    /// The graph with its gone vertices left out and the rest numbered in order: the same game.
    fn compressed(&self) -> Digraph {
        let kept: Vec<usize> = (0..self.colours.len()).filter(|&i| self.colours.get(i) != Some(&GONE)).collect();
        let new = |i: usize| kept.iter().position(|&k| k == i).unwrap_or(0);
        let mut arcs: Vec<(usize, usize)> = self.arcs.iter().map(|&(u, v)| (new(u), new(v))).collect();
        arcs.sort_unstable();
        Digraph { colours: kept.iter().map(|&i| self.colours.get(i).copied().unwrap_or(GONE)).collect(), arcs }
    }

    /// Its weakly connected parts, each compressed: no placement in one touches another, so
    /// the graph is their sum (Conway). Gone vertices belong to none.
    fn connected_parts(&self) -> Vec<Digraph> {
        let n = self.colours.len();
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while let Some(&r) = root.get(i) {
                if r == i {
                    break;
                }
                let up = root.get(r).copied().unwrap_or(r);
                if let Some(slot) = root.get_mut(i) {
                    *slot = up;
                }
                i = r;
            }
            i
        }
        for &(u, v) in &self.arcs {
            let (a, b) = (find(&mut root, u), find(&mut root, v));
            if let Some(slot) = root.get_mut(a.max(b)) {
                *slot = a.min(b);
            }
        }
        let mut parts: Vec<(usize, Digraph)> = vec![];
        for i in (0..n).filter(|&i| self.colours.get(i) != Some(&GONE)) {
            let r = find(&mut root, i);
            let at = match parts.iter().position(|(k, _)| *k == r) {
                Some(at) => at,
                None => {
                    parts.push((r, Digraph { colours: vec![GONE; n], arcs: vec![] }));
                    parts.len() - 1
                }
            };
            if let Some((_, part)) = parts.get_mut(at) {
                if let Some(c) = part.colours.get_mut(i) {
                    *c = self.colours.get(i).copied().unwrap_or(GONE);
                }
            }
        }
        for (r, part) in &mut parts {
            part.arcs = self.arcs.iter().copied().filter(|&(u, _)| find(&mut root, u) == *r).collect();
        }
        parts.into_iter().map(|(_, part)| part.compressed()).collect()
    }

    /// The numbers of the graph: its vertex count, their colours, its arc count, the arcs.
    fn push_numbers(&self, out: &mut Vec<u64>) {
        out.push(self.colours.len() as u64);
        out.extend_from_slice(&self.colours);
        out.push(self.arcs.len() as u64);
        for &(u, v) in &self.arcs {
            out.extend([u as u64, v as u64]);
        }
    }
}

/// The graphs held in `numbers`; `None` when they hold none.
fn graphs(numbers: &[u64]) -> Option<Vec<Digraph>> {
    let mut out = vec![];
    let mut rest = numbers;
    while let Some((&n, tail)) = rest.split_first() {
        let n = usize::try_from(n).ok().filter(|&n| n <= MAX_VERTICES)?;
        let colours = tail.get(..n)?.to_vec();
        let (&m, tail) = tail.get(n..)?.split_first()?;
        let m = usize::try_from(m).ok().filter(|&m| m <= n * n)?;
        let pairs = tail.get(..2 * m)?;
        let arcs = pairs
            .chunks(2)
            .map(|p| (p.first().copied().unwrap_or(0) as usize, p.get(1).copied().unwrap_or(0) as usize))
            .collect();
        out.push(Digraph { colours, arcs });
        rest = tail.get(2 * m..)?;
    }
    Some(out)
}

/// The numbers of `graphs`.
fn numbers_of(graphs: &[Digraph]) -> Vec<u64> {
    let mut out = vec![];
    for g in graphs {
        g.push_numbers(&mut out);
    }
    out
}

/// The position after `mover` places on vertex `v` of graph `k`.
fn after_placing(all: &[Digraph], k: usize, v: usize) -> Vec<u64> {
    let mut next = all.to_vec();
    if let Some(g) = next.get_mut(k) {
        *g = g.placed(v);
    }
    numbers_of(&next)
}

/// A position of exactly one graph read in place (no copy): its colours and its arcs as a flat
/// run of pairs, when the arcs are in order and join vertices still there (as every position
/// read, and every option made from one, holds them). `None` for anything else, which the
/// general path ([`graphs`]) serves. The value search asks this of every position it meets:
/// the fast paths below make no graph, where the general path made a dozen vectors an option.
fn one_graph(numbers: &[u64]) -> Option<(&[u64], &[u64])> {
    let (&n, tail) = numbers.split_first()?;
    let n = usize::try_from(n).ok().filter(|&n| n <= MAX_VERTICES)?;
    let colours = tail.get(..n)?;
    let (&m, arcs) = tail.get(n..)?.split_first()?;
    if usize::try_from(m).ok()? != arcs.len() / 2 || arcs.len() % 2 != 0 {
        return None;
    }
    let there = present(colours);
    let mut last = None;
    for pair in arcs.chunks_exact(2) {
        let &[u, v] = pair else { return None };
        if u == v || u >= n as u64 || v >= n as u64 || (there >> u) & (there >> v) & 1 == 0 || last >= Some((u, v)) {
            return None;
        }
        last = Some((u, v));
    }
    Some((colours, arcs))
}

/// The vertices of `colours` still there, as a mask (vertex i is bit i).
fn present(colours: &[u64]) -> u64 {
    colours.iter().enumerate().filter(|&(_, &c)| c != GONE).fold(0, |mask, (i, _)| mask | 1 << i)
}

/// Each vertex's out-neighbours as a mask (vertex i is bit i), and the same with the arcs
/// taken both ways when `both` (the graph's weak connections).
fn neighbour_masks(n: usize, arcs: &[u64], both: bool) -> [u64; MAX_VERTICES] {
    let mut masks = [0u64; MAX_VERTICES];
    for pair in arcs.chunks(2) {
        if let (Some(&u), Some(&v)) = (pair.first(), pair.get(1)) {
            let (u, v) = (u as usize % n.max(1), v as usize % n.max(1));
            if let Some(m) = masks.get_mut(u) {
                *m |= 1 << v;
            }
            if let (true, Some(m)) = (both, masks.get_mut(v)) {
                *m |= 1 << u;
            }
        }
    }
    masks
}

/// The numbers of one graph `colours`/`arcs` with the vertices of `gone` (a mask) gone: kept
/// in place and written `.` (`squeeze` false: a move's result, as play shows it), or left out
/// and the rest numbered in order (`squeeze` true: the canonical form). Arcs stay in order
/// either way, since the numbering keeps the vertices' order.
fn without(colours: &[u64], arcs: &[u64], gone: u64, squeeze: bool) -> Vec<u64> {
    let mut new = [0u64; MAX_VERTICES];
    let mut out = Vec::with_capacity(2 + colours.len() + arcs.len());
    out.push(if squeeze { 0 } else { colours.len() as u64 });
    let mut count = 0u64;
    for ((i, &c), slot) in colours.iter().enumerate().zip(new.iter_mut()) {
        *slot = count;
        let kept = gone >> i & 1 == 0 && c != GONE;
        count += u64::from(kept);
        if kept || !squeeze {
            out.push(if kept { c } else { GONE });
        }
    }
    if squeeze {
        if count == 0 {
            return vec![];
        }
        if let Some(first) = out.first_mut() {
            *first = count;
        }
    }
    let at = out.len();
    out.push(0);
    let name = |i: u64| if squeeze { new.get(i as usize).copied().unwrap_or(0) } else { i };
    for pair in arcs.chunks_exact(2) {
        if let &[u, v] = pair {
            if (gone >> u | gone >> v) & 1 == 0 {
                out.extend([name(u), name(v)]);
            }
        }
    }
    let arcs_kept = (out.len() - at - 1) as u64 / 2;
    if let Some(slot) = out.get_mut(at) {
        *slot = arcs_kept;
    }
    out
}

/// The options of `numbers` for `mover` made graph by graph: the general path, for any list of
/// graphs.
fn options_of_graphs(numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
    let Some(all) = graphs(numbers) else { return vec![] };
    let mut out = vec![];
    for (k, g) in all.iter().enumerate() {
        for v in g.places(mover) {
            let option = after_placing(&all, k, v);
            if !out.contains(&option) {
                out.push(option);
            }
        }
    }
    out
}

/// The canonical numbers of `numbers` made graph by graph: the general path.
fn canonical_of_graphs(numbers: &[u64]) -> Vec<u64> {
    let Some(all) = graphs(numbers) else { return numbers.to_vec() };
    let mut kept: Vec<Digraph> = all.iter().map(Digraph::compressed).filter(|g| !g.colours.is_empty()).collect();
    kept.sort();
    numbers_of(&kept)
}

/// Every weakly connected part of every graph of `numbers`, when there is more than one: the
/// general path.
fn parts_of_graphs(numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
    let parts: Vec<Vec<u64>> =
        graphs(numbers)?.iter().flat_map(Digraph::connected_parts).map(|g| numbers_of(&[g])).collect();
    (parts.len() > 1).then_some(parts)
}

impl RulesCore for DigraphPlacement {
    fn words(&self) -> Words {
        Words::new(
            "digraph-placement",
            Players::Partizan("Left places on blue vertices, Right on red ones".into()),
            "Digraph placement: each graph's vertices are blue (Left's) or red (Right's), with arcs u>v; a move places on a vertex of the mover's colour, which goes with every vertex it points to; whoever makes the last move wins.",
            "Type 'place 3' (a vertex of your colour: it goes, with every vertex it points to) or 'place 3 in 2' (in graph 2)",
        )
        .with_text_rows(TextRows { label: "graph", numbered: true, empty: None, turn: &[] })
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        if let Some((colours, arcs)) = one_graph(numbers) {
            // One graph: a placement on v takes v and its out-neighbours, a mask; two
            // placements leave the same graph exactly when their masks are equal.
            let out_of = neighbour_masks(colours.len(), arcs, false);
            let mut taken: Vec<u64> = vec![];
            let colour = mover as u64 + 1;
            for v in (0..colours.len()).filter(|&v| colours.get(v) == Some(&colour)) {
                let gone = 1 << v | out_of.get(v).copied().unwrap_or(0);
                if !taken.contains(&gone) {
                    taken.push(gone);
                }
            }
            return taken.into_iter().map(|gone| without(colours, arcs, gone, false)).collect();
        }
        options_of_graphs(numbers, mover)
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        if self.options(numbers, mover).iter().any(|o| o == after) {
            return Ok(());
        }
        Err(format!(
            "that is not what {} placing on a {} vertex (it goes, with every vertex it points to) leaves",
            side(mover),
            if mover == 0 { "blue" } else { "red" }
        )
        .into())
    }

    /// Every weakly connected part of every graph, each a position of one graph, when there
    /// is more than one: the value search values them apart and sums them.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        if let Some((colours, arcs)) = one_graph(numbers) {
            // Most positions the value search meets are one connected graph: found so by a
            // walk over masks, without making the parts.
            let next = neighbour_masks(colours.len(), arcs, true);
            let there = present(colours);
            let mut reached = there & there.wrapping_neg();
            let mut edge = reached;
            while edge != 0 {
                let v = edge.trailing_zeros() as usize;
                edge &= edge - 1;
                let new = next.get(v).copied().unwrap_or(0) & !reached;
                reached |= new;
                edge |= new;
            }
            if reached == there {
                return None;
            }
        }
        parts_of_graphs(numbers)
    }

    /// Each graph with its gone vertices left out, empty graphs dropped, the graphs sorted.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        if let Some((colours, arcs)) = one_graph(numbers) {
            return without(colours, arcs, 0, true);
        }
        canonical_of_graphs(numbers)
    }
}

impl Notation for DigraphPlacement {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Err(
                "the position is empty: give at least one graph, its colours then its arcs (e.g. bbr:1>2,2>3)".into()
            );
        }
        let all = tokens
            .iter()
            .enumerate()
            .map(|(k, t)| Digraph::read(t).map_err(|e| format!("graph {}: {e}", k + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(numbers_of(&all))
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        graphs(numbers).unwrap_or_default().iter().map(Digraph::write).collect()
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (Some(before), Some(next)) = (graphs(numbers), graphs(after)) else { return "a move".into() };
        for (k, (b, n)) in before.iter().zip(&next).enumerate() {
            if b == n {
                continue;
            }
            let which = if before.len() == 1 { String::new() } else { format!(" in graph {}", k + 1) };
            // The vertex placed on: one of those gone whose placement leaves the graph after.
            let gone: Vec<usize> = (0..b.colours.len())
                .filter(|&i| b.colours.get(i) != Some(&GONE) && n.colours.get(i) == Some(&GONE))
                .collect();
            if let Some(&v) = gone.iter().find(|&&v| b.placed(v) == *n) {
                let more = match gone.len() - 1 {
                    0 => String::new(),
                    1 => " (with 1 vertex it points to)".into(),
                    m => format!(" (with {m} vertices it points to)"),
                };
                return format!("place {}{which}{more}", v + 1);
            }
        }
        "a move".into()
    }

    fn read_move(&self, numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (vertex, graph) = match words[..] {
            ["place", v] | [v] => (v, None),
            ["place", v, "in", g] | [v, "in", g] | ["place", v, "in", "graph", g] => (v, Some(g)),
            _ => return None,
        };
        let v: usize = vertex.parse().ok()?;
        Some((|| {
            let all = graphs(numbers).ok_or("the position is not a list of graphs")?;
            let k = match graph {
                Some(g) => {
                    let g: usize = g.parse().map_err(|_| format!("'{g}' is not a graph number"))?;
                    g.checked_sub(1)
                        .filter(|&k| k < all.len())
                        .ok_or_else(|| format!("there is no graph {g} (the graphs are numbered 1 to {})", all.len()))?
                }
                None if all.len() == 1 => 0,
                None => {
                    return Err(format!(
                        "say which graph: 'place {v} in 1' (the graphs are numbered 1 to {})",
                        all.len()
                    ))
                }
            };
            let g = all.get(k).ok_or("no such graph")?;
            let i = v.checked_sub(1).filter(|&i| i < g.colours.len()).ok_or_else(|| {
                format!("graph {} has no vertex {v} (its vertices are 1 to {})", k + 1, g.colours.len())
            })?;
            match g.colours.get(i).copied() {
                Some(GONE) => Err(format!("vertex {v} of graph {} is gone", k + 1)),
                Some(c) if c != mover as u64 + 1 => Err(format!(
                    "vertex {v} of graph {} is {}'s: {} places on {} vertices",
                    k + 1,
                    side(1 - mover),
                    side(mover),
                    if mover == 0 { "blue" } else { "red" }
                )),
                _ => Ok(after_placing(&all, k, i)),
            }
        })())
    }
}

impl PlayHelp for DigraphPlacement {
    /// At most one option a vertex.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        Some(graphs(numbers)?.iter().map(|g| g.colours.len() as u128).sum())
    }

    /// One or two graphs of 2 to 6 vertices, each blue or red, each arc there one time in
    /// three.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..1 + below(2))
            .map(|_| {
                let n = 2 + below(5) as usize;
                let colours = (0..n).map(|_| 1 + below(2)).collect();
                let arcs =
                    (0..n).flat_map(|u| (0..n).map(move |v| (u, v))).filter(|&(u, v)| u != v).collect::<Vec<_>>();
                let arcs = arcs.into_iter().filter(|_| below(3) == 0).collect();
                Digraph { colours, arcs }.write()
            })
            .collect()
    }
}

/// Answered by the default: Conway's value from the value search.
impl Theory for DigraphPlacement {}

#[cfg(feature = "draw")]
impl Face for DigraphPlacement {
    /// Each graph's vertices in layers (Sugiyama's method), blue and red, its arcs as arrows,
    /// a target on each vertex the mover may place on.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        use crate::rules::board::machinery::layout::layered;
        let mut s = Sketch::new();
        let all = graphs(numbers).unwrap_or_default();
        let (width, radius) = (320.0, 14.0);
        let mut y = 6.0;
        let mut any = false;
        for (k, g) in all.iter().enumerate().take(6) {
            s.text(
                8.0,
                y + 14.0,
                &format!("graph {}: {}", k + 1, crate::rules::draw::clip(&g.write(), 40)),
                "label",
                "start",
            );
            let n = g.colours.len();
            // Room for the layers of a long chain of arcs, a vertex's step apart (56).
            let height = (56.0 * n as f64).clamp(90.0, 330.0);
            let at = layered(n, &g.arcs, width, height, 24.0);
            let point = |i: usize| at.get(i).map_or((0.0, 0.0), |&(x, py)| (x + 8.0, py + y + 24.0));
            for &(u, v) in &g.arcs {
                let ((x1, y1), (x2, y2)) = (point(u), point(v));
                let (dx, dy) = (x2 - x1, y2 - y1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                let (tx, ty) = (x2 - ux * (radius + 2.0), y2 - uy * (radius + 2.0));
                s.line(x1 + ux * radius, y1 + uy * radius, tx, ty, "edge");
                let head = format!(
                    "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
                    tx,
                    ty,
                    tx - ux * 8.0 - uy * 4.5,
                    ty - uy * 8.0 + ux * 4.5,
                    tx - ux * 8.0 + uy * 4.5,
                    ty - uy * 8.0 - ux * 4.5
                );
                s.path(&head, "arrow");
            }
            for i in 0..n {
                let Some(&colour) = g.colours.get(i) else { continue };
                if colour == GONE {
                    continue;
                }
                let (x, py) = point(i);
                let class = if colour == 1 { "obj" } else { "queen" };
                let who = side(colour as usize - 1);
                if colour == mover as u64 + 1 {
                    any = true;
                    let words = if all.len() == 1 {
                        format!("place {}", i + 1)
                    } else {
                        format!("place {} in {}", i + 1, k + 1)
                    };
                    let t = s.target(after_placing(&all, k, i), Some(words));
                    s.circle(x, py, radius, class).makes(t).title(format!("{who}'s vertex {}: place on it", i + 1));
                } else {
                    s.circle(x, py, radius, class).title(format!("{who}'s vertex {}", i + 1));
                }
                s.text(x, py + 4.5, &(i + 1).to_string(), "queen-label", "middle");
            }
            y += height + 36.0;
        }
        if all.len() > 6 {
            y = s.note(y, &format!("and {} more graphs, not drawn: type their moves ('place 1 in 7')", all.len() - 6));
        }
        let next = s
            .note(y + 4.0, "Left places on blue vertices, Right on red; a vertex goes with every vertex it points to.");
        let what = if any {
            format!("{} to move: click a {} vertex.", side(mover), if mover == 0 { "blue" } else { "red" })
        } else {
            format!("{} has no vertex to place on: {} wins.", side(mover), side(1 - mover))
        };
        let end = s.turn_note(next, !any, &what);
        s.width = width + 16.0;
        s.height = end + 8.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast paths for one graph (options by masks, canonical numbers and the connected
    /// check made in place) give what the general path gives, graph by graph, on 3,000 random
    /// graphs of 1 to 12 vertices with some gone, both players.
    #[test]
    fn one_graphs_fast_paths_are_the_general_paths() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut below = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n.max(1)
        };
        let (mut split, mut moves) = (0, 0);
        for _ in 0..3000 {
            let n = 1 + below(12) as usize;
            let colours: Vec<u64> = (0..n).map(|_| below(3)).collect();
            let there = |i: usize| colours.get(i).is_some_and(|&c| c != GONE);
            let mut arcs = vec![];
            let p = 1 + below(5);
            for u in (0..n).filter(|&u| there(u)) {
                for v in (0..n).filter(|&v| v != u && there(v)) {
                    if below(p + 2) == 0 {
                        arcs.push((u, v));
                    }
                }
            }
            let numbers = numbers_of(&[Digraph { colours: colours.clone(), arcs }]);
            assert!(one_graph(&numbers).is_some());
            assert_eq!(DigraphPlacement.canonical(&numbers), canonical_of_graphs(&numbers), "{numbers:?}");
            assert_eq!(DigraphPlacement.components(&numbers), parts_of_graphs(&numbers), "{numbers:?}");
            split += usize::from(parts_of_graphs(&numbers).is_some());
            for mover in 0..2 {
                let mut fast = DigraphPlacement.options(&numbers, mover);
                let mut general = options_of_graphs(&numbers, mover);
                moves += general.len();
                fast.sort();
                general.sort();
                assert_eq!(fast, general, "{numbers:?}");
            }
        }
        assert!(split > 300 && moves > 3000, "{split} split, {moves} moves");
    }
}
