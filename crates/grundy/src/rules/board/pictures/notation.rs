//! Positions that are graphs written as their edges (Hackenbush's pictures `0-1,1-2,2-0`, the
//! graphs of Arc Kayles): one notation read, written, named and drawn at random in one place,
//! as [`Strips`](crate::rules::board::strips::Strips) is for strips of cells.
//!
//! A position is a list of pictures, one argument each (`@FILE` for a big one), each its edges
//! `u-v` separated by commas, spaces or line breaks, or `0` for a picture with no edges left.
//! As numbers, each picture is its edge count, then the two ends of each edge (the smaller
//! first); a picture whose edges carry colours (`u-v:b`, `u-v:r`, `u-v:g`: Blue-Red-Green
//! Hackenbush) is its count plus [`COLOURED`], then three numbers an edge. The storage and the
//! colours are Hackenbush's ([`crate::rules::board::pictures::hackenbush`]), where they began.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::HashMap;

use crate::rules::board::pictures::hackenbush::{
    coloured_pictures, coloured_token, compress, numbers_of_coloured, prune, Colour, ColouredEdge, Edge, COLOURED,
    MAX_EDGES,
};
use crate::rules::board::{file_words, trim_blank, TextRows};

/// How a game of pictures writes its positions ([`Words::with_pictures`]): the defaults of
/// [`Notation::parse`], [`Notation::tokens`], [`Notation::labels`],
/// [`PlayHelp::longest_game`] and [`PlayHelp::random_position`] read, write, name, bound and
/// draw them through it.
///
/// [`Words::with_pictures`]: crate::rules::board::Words::with_pictures
/// [`Notation::parse`]: crate::rules::board::Notation::parse
/// [`Notation::tokens`]: crate::rules::board::Notation::tokens
/// [`Notation::labels`]: crate::rules::board::Notation::labels
/// [`PlayHelp::longest_game`]: crate::rules::board::PlayHelp::longest_game
/// [`PlayHelp::random_position`]: crate::rules::board::PlayHelp::random_position
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pictures {
    /// What one picture is called: "picture", "graph".
    pub name: &'static str,
    /// Whether the pictures stand on the ground, vertex 0, which every edge must reach
    /// (Hackenbush); otherwise vertex 0 is a vertex like any other.
    pub ground: bool,
    /// Whether an edge may carry a colour (`u-v:b`, `u-v:r`, `u-v:g`); otherwise every edge is
    /// written bare, and a colour is refused.
    pub colours: bool,
}

impl Pictures {
    /// The rows the page shows under the drawing: one a picture, numbered, `0` when it has no
    /// edges left.
    pub const fn text_rows(&self) -> TextRows {
        TextRows { label: self.name, numbered: true, empty: Some(["0", "no edges left"]), turn: &[] }
    }

    /// Reads a position, one picture a token; the error names the picture and, in it, the
    /// bad edge.
    pub fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let name = self.name;
        if tokens.is_empty() {
            return Err(format!("the position is empty: give at least one {name}, its edges u-v (e.g. 0-1,1-2,2-0)"));
        }
        let mut all = vec![];
        let mut total = 0usize;
        for (i, t) in tokens.iter().enumerate() {
            let p = self.read(t).map_err(|e| format!("{name} {}: {e}", i + 1))?;
            total += p.len();
            if total > MAX_EDGES {
                return Err(format!(
                    "{name} {}: the {name}s hold more than {MAX_EDGES} edges in all, past what a position here holds",
                    i + 1
                ));
            }
            all.push(p);
        }
        Ok(numbers_of_coloured(&all))
    }

    /// Reads one picture: edges `u-v` separated by commas, spaces or line breaks (a file read
    /// with `@FILE` may hold one edge a line), or `0` for a picture with no edges, each edge
    /// coloured `u-v:b`, `u-v:r` or `u-v:g` where the game has colours. On the ground every
    /// edge must reach vertex 0. Errors name the edge and, for text of several lines, its line.
    pub fn read(&self, text: &str) -> Result<Vec<ColouredEdge>, String> {
        if trim_blank(text) == "0" {
            return Ok(vec![]);
        }
        let many_lines = trim_blank(text).contains('\n');
        let mut edges = vec![];
        for (l, line) in text.lines().enumerate() {
            let at = |what: String| if many_lines { format!("line {}: {what}", l + 1) } else { what };
            if trim_blank(line).is_empty() {
                continue;
            }
            for item in line.split(',') {
                let words: Vec<&str> = file_words(item).collect();
                if words.is_empty() {
                    return Err(at(format!(
                        "an empty edge between commas in '{}' (write edges u-v, e.g. 0-1,1-2)",
                        line.trim()
                    )));
                }
                for w in words {
                    let (edge, colour) = match w.split_once(':') {
                        Some((_, _)) if !self.colours => {
                            return Err(at(format!(
                                "edge '{w}': the edges of a {} have no colours (write u-v)",
                                self.name
                            )))
                        }
                        Some((edge, c)) => (edge, Colour::parse(c).map_err(|e| at(format!("edge '{w}': {e}")))?),
                        None => (w, Colour::Green),
                    };
                    let (u, v) = edge
                        .split_once('-')
                        .ok_or_else(|| at(format!("'{w}' is not an edge u-v (two vertex numbers, e.g. 0-1)")))?;
                    let end = |s: &str| {
                        crate::number::parse_u64(s, "a vertex")
                            .map_err(|e| at(format!("'{w}' is not an edge u-v of vertex numbers: {e}")))
                    };
                    let (u, v) = (end(u)?, end(v)?);
                    edges.push(((u.min(v), u.max(v)), colour));
                    if edges.len() > MAX_EDGES {
                        return Err(format!("more than {MAX_EDGES} edges: past what a position here holds"));
                    }
                }
            }
        }
        if edges.is_empty() {
            let bare = if self.ground { " (the bare ground)" } else { "" };
            return Err(format!("a {} with no edges is written 0{bare}", self.name));
        }
        if self.ground {
            let ends: Vec<Edge> = edges.iter().map(|&(e, _)| e).collect();
            let kept = prune(&ends);
            if kept.len() != ends.len() {
                let kept: std::collections::HashSet<&Edge> = kept.iter().collect();
                let lost = ends.iter().find(|e| !kept.contains(e)).copied().unwrap_or_default();
                return Err(format!(
                    "edge {}-{} does not reach the ground (vertex 0): every edge of a {} must be connected to 0",
                    lost.0, lost.1, self.name
                ));
            }
        }
        Ok(edges)
    }

    /// Writes the numbers back as tokens that [`Pictures::parse`] reads, one a picture.
    pub fn tokens(numbers: &[u64]) -> Vec<String> {
        coloured_pictures(numbers).unwrap_or_default().iter().map(|p| coloured_token(p)).collect()
    }

    /// Each picture's edge count ("picture 2 edges"), then each edge's numbers ("picture 2
    /// edge 1"), in one walk over the counts; "number N" past the pictures.
    pub fn labels(&self, numbers: &[u64]) -> Vec<String> {
        let name = self.name;
        let mut out = Vec::with_capacity(numbers.len());
        let mut k = 0usize;
        while let Some(&word) = numbers.get(out.len()) {
            k += 1;
            out.push(format!("{name} {k} edges"));
            // A coloured picture holds three numbers an edge (its ends and its colour).
            let (count, stride) = if word >= COLOURED { (word - COLOURED, 3) } else { (word, 2) };
            let end =
                usize::try_from(count).ok().and_then(|c| c.checked_mul(stride)).map(|c| c.saturating_add(out.len()));
            let Some(end) = end else { break };
            let edge = out.len();
            while out.len() < end.min(numbers.len()) {
                out.push(format!("{name} {k} edge {}", (out.len() - edge) / stride + 1));
            }
        }
        while out.len() < numbers.len() {
            out.push(format!("number {}", out.len() + 1));
        }
        out
    }

    /// The parts of one picture that no move crosses, each as the indices of its edges in the
    /// picture, in the order of their first edges: its edges joined to each other through their
    /// vertices, and on the ground through vertices other than the ground (Hackenbush's
    /// branches at the ground; a loop at the ground alone), so that a picture is the sum of
    /// its parts. Union-find over the vertices, numbered by [`compress`].
    pub fn parts(&self, p: &[ColouredEdge]) -> Vec<Vec<usize>> {
        let ends: Vec<Edge> = p.iter().map(|&(e, _)| e).collect();
        let (ids, n) = compress(&ends);
        // On the ground its vertex (index 0) joins nothing.
        let joins = |v: usize| !self.ground || v != 0;
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while let Some(&p) = parent.get(v) {
                if p == v {
                    break;
                }
                let up = parent.get(p).copied().unwrap_or(p);
                if let Some(slot) = parent.get_mut(v) {
                    *slot = up;
                }
                v = p;
            }
            v
        }
        for &(a, b) in &ids {
            if joins(a) && joins(b) {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                if let Some(slot) = parent.get_mut(ra) {
                    *slot = rb;
                }
            }
        }
        let mut out: Vec<Vec<usize>> = vec![];
        let mut group: HashMap<usize, usize> = HashMap::new();
        for (k, &(a, b)) in ids.iter().enumerate() {
            if !joins(a) && !joins(b) {
                out.push(vec![k]);
                continue;
            }
            let r = root(&mut parent, if joins(a) { a } else { b });
            let g = *group.entry(r).or_insert_with(|| {
                out.push(vec![]);
                out.len() - 1
            });
            if let Some(part) = out.get_mut(g) {
                part.push(k);
            }
        }
        out
    }

    /// The parts of a position no move crosses: each picture's [`Pictures::parts`] in turn,
    /// each written as a position of one picture, so that its value is the sum of theirs.
    /// `None` when there is one part or none.
    pub fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let all = coloured_pictures(numbers)?;
        let mut parts: Vec<Vec<u64>> = vec![];
        for p in &all {
            for part in self.parts(p) {
                let edges: Vec<ColouredEdge> = part.iter().filter_map(|&i| p.get(i).copied()).collect();
                parts.push(numbers_of_coloured(&[edges]));
            }
        }
        (parts.len() > 1).then_some(parts)
    }

    /// The position `numbers` with its part `k` (of [`Pictures::components`]) replaced by
    /// `part`, a picture of some of that part's edges in their order (what a move in it
    /// leaves): the picture that holds the part keeps its other edges, and those of the part
    /// that `part` keeps, in their places. `None` when there is no part `k`, or `part` is not
    /// one picture of the part's edges in their order.
    pub fn with_part(&self, numbers: &[u64], k: usize, part: &[u64]) -> Option<Vec<u64>> {
        let mut all = coloured_pictures(numbers)?;
        let kept = coloured_pictures(part)?;
        let [kept] = kept.as_slice() else { return None };
        let mut k = k;
        for p in &mut all {
            let parts = self.parts(p);
            let Some(indices) = parts.get(k) else {
                k -= parts.len();
                continue;
            };
            let mut mine = vec![false; p.len()];
            for &i in indices {
                *mine.get_mut(i)? = true;
            }
            // The part's edges in their order, each kept when it is the next one `part` keeps.
            let mut next = kept.iter().peekable();
            let mut out = Vec::with_capacity(p.len());
            for (&e, &in_part) in p.iter().zip(&mine) {
                if !in_part || next.next_if_eq(&&e).is_some() {
                    out.push(e);
                }
            }
            if next.next().is_some() {
                return None;
            }
            *p = out;
            return Some(numbers_of_coloured(&all));
        }
        None
    }

    /// The edges of all the pictures: a bound on the moves left, since every move deletes one
    /// edge or more.
    pub fn edges(numbers: &[u64]) -> u128 {
        coloured_pictures(numbers).unwrap_or_default().iter().map(|p| p.len() as u128).sum()
    }

    /// 2 to 4 pictures of 1 to 4 edges, each edge hanging from a vertex already drawn (so every
    /// edge reaches vertex 0), now and then with one more edge back to 0; for a game with
    /// colours, one time in two coloured, each edge blue, red or green at random
    /// (Blue-Red-Green Hackenbush).
    pub fn random(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let coloured = self.colours && below(2) == 1;
        let colour = |below: &mut dyn FnMut(u64) -> u64| match (coloured, below(3)) {
            (false, _) => "",
            (true, 0) => ":b",
            (true, 1) => ":r",
            (true, _) => ":g",
        };
        (0..2 + below(3))
            .map(|_| {
                let size = 1 + below(4);
                let mut edges: Vec<String> =
                    (1..=size).map(|v| format!("{}-{v}{}", below(v), colour(&mut *below))).collect();
                if below(2) == 1 {
                    edges.push(format!("0-{}{}", edges.len(), colour(&mut *below)));
                }
                edges.join(",")
            })
            .collect()
    }
}
