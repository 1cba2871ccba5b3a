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

    /// Each graph with its gone vertices left out, empty graphs dropped, the graphs sorted.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let Some(all) = graphs(numbers) else { return numbers.to_vec() };
        let mut kept: Vec<Digraph> = all.iter().map(Digraph::compressed).filter(|g| !g.colours.is_empty()).collect();
        kept.sort();
        numbers_of(&kept)
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

    /// A random placement of the mover's (every draw 0: the first).
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let options = self.options(numbers, mover);
        options.get(below(options.len().max(1) as u64) as usize).cloned()
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
