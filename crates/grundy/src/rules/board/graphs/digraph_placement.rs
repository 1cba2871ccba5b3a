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

    /// The numbers of the graph: its vertex count, the masks of its blue and its red vertices
    /// (vertex i is bit i), then each vertex's out-neighbours as a mask (0 for a vertex gone).
    fn push_numbers(&self, out: &mut Vec<u64>) {
        let n = self.colours.len();
        let at = out.len();
        out.push(n as u64);
        out.extend([self.colours_mask(1), self.colours_mask(2)]);
        out.resize(at + 3 + n, 0);
        for &(u, v) in &self.arcs {
            if let Some(m) = out.get_mut(at + 3 + u) {
                *m |= 1 << v;
            }
        }
    }

    /// The vertices of colour `c` as a mask.
    fn colours_mask(&self, c: u64) -> u64 {
        self.colours.iter().enumerate().filter(|&(_, &k)| k == c).fold(0, |mask, (i, _)| mask | 1 << i)
    }
}

/// The graphs held in `numbers`; `None` when they hold none.
fn graphs(numbers: &[u64]) -> Option<Vec<Digraph>> {
    let mut out = vec![];
    let mut rest = numbers;
    while !rest.is_empty() {
        let (g, tail) = Masks::first(rest)?;
        let colours = (0..g.n)
            .map(|i| {
                if g.blue >> i & 1 == 1 {
                    1
                } else if g.red >> i & 1 == 1 {
                    2
                } else {
                    GONE
                }
            })
            .collect();
        let arcs = (0..g.n)
            .zip(g.outs)
            .flat_map(|(u, &m)| (0..g.n).filter(move |&v| m >> v & 1 == 1).map(move |v| (u, v)))
            .collect();
        out.push(Digraph { colours, arcs });
        rest = tail;
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

/// One graph's numbers read in place (no copy): its vertex count, the masks of its blue and
/// red vertices, and each vertex's out-neighbours (vertex i is bit i).
#[derive(Clone, Copy)]
struct Masks<'a> {
    n: usize,
    blue: u64,
    red: u64,
    outs: &'a [u64],
}

impl<'a> Masks<'a> {
    /// The first graph of `numbers` and the numbers after it, when its masks are those of a
    /// graph: no vertex both colours, none past the count, no arc from or to a vertex gone,
    /// no loop.
    fn first(numbers: &'a [u64]) -> Option<(Masks<'a>, &'a [u64])> {
        let (&n, tail) = numbers.split_first()?;
        let n = usize::try_from(n).ok().filter(|&n| n <= MAX_VERTICES)?;
        let (&[blue, red], tail) = tail.split_first_chunk::<2>()?;
        let outs = tail.get(..n)?;
        let within = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let there = blue | red;
        if blue & red != 0 || there & !within != 0 {
            return None;
        }
        for (i, &m) in outs.iter().enumerate() {
            let allowed = if there >> i & 1 == 1 { there & !(1 << i) } else { 0 };
            if m & !allowed != 0 {
                return None;
            }
        }
        Some((Masks { n, blue, red, outs }, tail.get(n..)?))
    }

    /// A position of exactly one graph, read in place. `None` for anything else, which the
    /// general path ([`graphs`]) serves. The value search asks this of every position it
    /// meets: the fast paths below make no graph, where the general path made a dozen vectors
    /// an option.
    fn one(numbers: &'a [u64]) -> Option<Masks<'a>> {
        Masks::first(numbers).filter(|(_, rest)| rest.is_empty()).map(|(g, _)| g)
    }

    /// The vertices still there.
    fn there(&self) -> u64 {
        self.blue | self.red
    }

    /// The numbers of the graph with the vertices of `gone` gone, kept in place (a move's
    /// result, as play shows it).
    fn without(&self, gone: u64) -> Vec<u64> {
        let mut out = Vec::with_capacity(3 + self.n);
        out.extend([self.n as u64, self.blue & !gone, self.red & !gone]);
        out.extend(self.outs.iter().enumerate().map(|(i, &m)| if gone >> i & 1 == 1 { 0 } else { m & !gone }));
        out
    }

    /// The numbers of the part `keep` of the graph (no arc joins it to the rest, or the rest
    /// is gone) with the other vertices left out and its own numbered in order: the canonical
    /// numbers of a graph. Empty when `keep` is.
    fn squeezed(&self, keep: u64) -> Vec<u64> {
        if keep == 0 {
            return vec![];
        }
        let runs = Runs::of(keep);
        let mut out = Vec::with_capacity(3 + keep.count_ones() as usize);
        out.extend([u64::from(keep.count_ones()), runs.squeeze(self.blue), runs.squeeze(self.red)]);
        out.extend(self.outs.iter().enumerate().filter(|&(i, _)| keep >> i & 1 == 1).map(|(_, &m)| runs.squeeze(m)));
        out
    }

    /// The weakly connected part of the graph that holds the vertices of `start`.
    fn reach(&self, start: u64) -> u64 {
        let (mut reached, mut edge) = (start, start);
        while edge != 0 {
            // The vertices the edge points to, and those pointing into it.
            let mut new = 0;
            for (i, &m) in self.outs.iter().enumerate() {
                if edge >> i & 1 == 1 {
                    new |= m;
                } else if m & edge != 0 {
                    new |= 1 << i;
                }
            }
            edge = new & !reached;
            reached |= edge;
        }
        reached
    }
}

/// The runs of set bits of a mask, each with how far down it moves when the mask's bits are
/// packed together in order (the parallel bit extract, done a run at a time: a graph's
/// vertices still there lie in few runs).
struct Runs {
    runs: [(u32, u64); 32],
    len: usize,
}

impl Runs {
    /// The runs of `keep`.
    fn of(keep: u64) -> Runs {
        let mut runs = Runs { runs: [(0, 0); 32], len: 0 };
        let (mut rest, mut below) = (keep, 0u32);
        while rest != 0 {
            let start = rest.trailing_zeros();
            let width = (rest >> start).trailing_ones();
            let run = if width == 64 { u64::MAX } else { ((1u64 << width) - 1) << start };
            if let Some(slot) = runs.runs.get_mut(runs.len) {
                *slot = (start - below, run);
            }
            runs.len += 1;
            below += width;
            rest &= !run;
        }
        runs
    }

    /// The bits of `x` at the places of the mask's, packed together in order.
    fn squeeze(&self, x: u64) -> u64 {
        self.runs.iter().take(self.len).fold(0, |out, &(shift, run)| out | (x & run) >> shift)
    }
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
        if let Some(g) = Masks::one(numbers) {
            // One graph: a placement on v takes v and its out-neighbours, a mask; two
            // placements leave the same graph exactly when their masks are equal.
            let mut taken: Vec<u64> = vec![];
            let mut mine = if mover == 0 { g.blue } else { g.red };
            while mine != 0 {
                let v = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                let gone = 1 << v | g.outs.get(v).copied().unwrap_or(0);
                if !taken.contains(&gone) {
                    taken.push(gone);
                }
            }
            return taken.into_iter().map(|gone| g.without(gone)).collect();
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
        if let Some(g) = Masks::one(numbers) {
            // Most positions the value search meets are one graph: its parts found by walks
            // over masks, each written squeezed, in the order of their least vertices.
            let mut left = g.there();
            let mut parts = vec![];
            while left != 0 {
                let part = g.reach(left & left.wrapping_neg());
                if part == g.there() {
                    return None;
                }
                parts.push(g.squeezed(part));
                left &= !part;
            }
            return (parts.len() > 1).then_some(parts);
        }
        parts_of_graphs(numbers)
    }

    /// Each graph with its gone vertices left out, empty graphs dropped, the graphs sorted.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        if let Some(g) = Masks::one(numbers) {
            return g.squeezed(g.there());
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
    /// At most one option a vertex still there, counted from the masks (the value search asks
    /// it of every position it meets: making the graphs took a fifth of its time).
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        let (mut rest, mut count) = (numbers, 0u128);
        while !rest.is_empty() {
            let (g, tail) = Masks::first(rest)?;
            count += u128::from(g.there().count_ones());
            rest = tail;
        }
        Some(count)
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
            assert!(Masks::one(&numbers).is_some());
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
