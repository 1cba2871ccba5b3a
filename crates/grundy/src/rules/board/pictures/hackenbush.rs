//! Green Hackenbush (Berlekamp, Conway and Guy, *Winning Ways*): pictures drawn on the ground,
//! each an undirected multigraph of edges `u-v` rooted at the ground vertex 0. A move deletes
//! one edge, and every edge no longer connected to the ground falls away; whoever makes the
//! last move wins (POJ 3710, HDU 3094, AtCoder AGC 017 D).
//!
//! The value of a picture comes from two principles of *Winning Ways*:
//! - the fusion principle: the vertices of a cycle may be fused into one vertex without changing
//!   the value, so each 2-edge-connected part (the edges that lie on a cycle) becomes one vertex
//!   whose edges are loops, each loop worth a stalk of one edge;
//! - the colon principle: on the tree that remains (the bridges), a vertex is worth the XOR of
//!   (value + 1) over the branches above it, and of 1 for each loop.
//!
//! Both run in linear time: the bridges by Tarjan's lowlink walk, iterative, so a picture of a
//! million edges needs no deep stack. A sum of pictures is worth the XOR of their values (the
//! Sprague-Grundy theorem).
//!
//! Winning moves: deleting a bridge drops the branch above it, and whether that leaves the
//! wanted value is read off a target passed down the tree of parts (the value each part would
//! need for the picture to reach its target: from `A xor (x + 1) = t`, `x = (A xor t) - 1`), so
//! every bridge is decided in O(1). Deleting an edge on a cycle reshapes its 2-edge-connected
//! part; that part is worked out again for each such edge, within the budget (the count is
//! refused past it, saying what it would take).
//!
//! A position is stored as numbers: for each picture its number of edges, then the two ends of
//! each edge (the smaller first). Tokens write each picture back as `0-1,1-2` (`0` for the bare
//! ground, a picture with no edges left).

use crate::error::IllegalMove;
use crate::rules::analysis::Analysis;
#[cfg(feature = "draw")]
use crate::rules::board::pictures::PictureFace;
use crate::rules::board::pictures::Pictures;
use crate::rules::board::Players;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use std::collections::HashMap;

use crate::error::{AnalyzeError, GaveUp, Work};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{
    listed_note, listing_room, BoardContext, Method, Notation, PlayHelp, RulesCore, SearchedGame, Theory,
};

mod colours;
pub use colours::{
    coloured_pictures, coloured_token, cut_coloured, numbers_of_coloured, Colour, ColouredEdge, COLOURED,
};

/// The most edges a position may hold in all (the pictures of the judge problems have at most
/// 10^5; a million edges take a few hundred milliseconds).
pub const MAX_EDGES: usize = 1 << 21;

/// The most edges a misère position may hold: it is searched position by position.
const MISERE_EDGES: usize = 20;

/// How the pictures are written: on the ground, their edges coloured.
const PICTURES: Pictures = Pictures { name: "picture", ground: true, colours: true };

/// An edge: its two ends, the smaller first.
pub type Edge = (u64, u64);

/// Green Hackenbush in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "hackenbush",
        name: "Hackenbush",
        a_move: "delete one edge of a picture (edges `u-v` on the ground vertex 0, one argument a picture, `@FILE` for a big one; `u-v:b` is Left's, `u-v:r` Right's, green either's); what no longer reaches the ground falls away",
        example_game: "hackenbush",
        example_position: "0-1,1-2,2-0,1-3 0-1,1-1",
        heap_ruleset: false,
        move_syntax: "`cut U-V` deletes edge U-V of picture 1; `cut U-V in P` of picture P",
        example_move: "cut 1-3",
    },
];

/// Reads Green Hackenbush's spelling (`hackenbush`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "hackenbush").then(|| Ok(Board::new(Hackenbush)))
}

/// Green Hackenbush.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

/// Reads the pictures back from the numbers, their edges without colours (`None` when they
/// are not a list of pictures); [`coloured_pictures`] keeps the colours.
pub fn pictures(numbers: &[u64]) -> Option<Vec<Vec<Edge>>> {
    Some(coloured_pictures(numbers)?.into_iter().map(|p| p.into_iter().map(|(e, _)| e).collect()).collect())
}

/// Writes pictures as numbers: each picture's number of edges, then the ends of each edge.
pub fn numbers_of(pictures: &[Vec<Edge>]) -> Vec<u64> {
    let mut out = Vec::with_capacity(pictures.iter().map(|p| 1 + 2 * p.len()).sum());
    for p in pictures {
        out.push(p.len() as u64);
        for &(u, v) in p {
            out.push(u);
            out.push(v);
        }
    }
    out
}

/// One picture written as a token: `0-1,1-2`, or `0` for the bare ground.
pub fn picture_token(edges: &[Edge]) -> String {
    if edges.is_empty() {
        return "0".into();
    }
    edges.iter().map(|(u, v)| format!("{u}-{v}")).collect::<Vec<_>>().join(",")
}

/// Reads one picture's edges, their colours left out (see [`parse_coloured_picture`]).
pub fn parse_picture(text: &str) -> Result<Vec<Edge>, String> {
    Ok(parse_coloured_picture(text)?.into_iter().map(|(e, _)| e).collect())
}

/// Reads one picture: edges `u-v` separated by commas, spaces or line breaks (a file read
/// with `@FILE` may hold one edge a line), or `0` for the bare ground, each edge green or
/// coloured `u-v:b` (blue, Left's), `u-v:r` (red, Right's), `u-v:g` (green). Every edge must
/// reach the ground (vertex 0). Errors name the edge and, for text of several lines, its line.
pub fn parse_coloured_picture(text: &str) -> Result<Vec<ColouredEdge>, String> {
    PICTURES.read(text)
}

/// The edges still connected to the ground (vertex 0), in their order.
pub fn prune(edges: &[Edge]) -> Vec<Edge> {
    grounded(edges).into_iter().filter_map(|i| edges.get(i).copied()).collect()
}

/// The indices of the edges still connected to the ground (vertex 0), in their order.
fn grounded(edges: &[Edge]) -> Vec<usize> {
    let (ends, n) = compress(edges);
    let adj = adjacency(n, &ends, None);
    let mut seen = vec![false; n];
    let mut stack = vec![0usize];
    if n > 0 {
        seen[0] = true;
    }
    while let Some(v) = stack.pop() {
        for &(w, _) in adj.of(v) {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    ends.iter().enumerate().filter(|(_, &(a, _))| seen.get(a).copied().unwrap_or(false)).map(|(i, _)| i).collect()
}

/// The picture after deleting edge `i`: what stays connected to the ground.
pub fn cut(edges: &[Edge], i: usize) -> Vec<Edge> {
    let mut rest = edges.to_vec();
    if i < rest.len() {
        rest.remove(i);
    }
    prune(&rest)
}

/// Vertex numbers to indices 0..n, the ground (vertex 0) always index 0.
pub(crate) fn compress(edges: &[Edge]) -> (Vec<(usize, usize)>, usize) {
    // Sorted vertex numbers (0 first, as the smallest) and a binary search: faster than
    // hashing for the sizes here.
    let mut vertices: Vec<u64> = Vec::with_capacity(2 * edges.len() + 1);
    vertices.push(0);
    for &(u, v) in edges {
        vertices.push(u);
        vertices.push(v);
    }
    vertices.sort_unstable();
    vertices.dedup();
    let id = |x: u64| vertices.binary_search(&x).unwrap_or(0);
    let ends = edges.iter().map(|&(u, v)| (id(u), id(v))).collect();
    (ends, vertices.len())
}

/// Adjacency lists in one array: the neighbours of v with the edge's index.
struct Adjacency {
    start: Vec<usize>,
    list: Vec<(usize, usize)>,
}

impl Adjacency {
    fn of(&self, v: usize) -> &[(usize, usize)] {
        match (self.start.get(v), self.start.get(v + 1)) {
            (Some(&a), Some(&b)) => self.list.get(a..b).unwrap_or_default(),
            _ => &[],
        }
    }
}

/// The adjacency of `n` vertices joined by `ends`, leaving out edge `skip`. A loop appears
/// once in its vertex's list.
fn adjacency(n: usize, ends: &[(usize, usize)], skip: Option<usize>) -> Adjacency {
    let mut degree = vec![0usize; n + 1];
    for (e, &(a, b)) in ends.iter().enumerate() {
        if Some(e) == skip {
            continue;
        }
        degree[a] += 1;
        if a != b {
            degree[b] += 1;
        }
    }
    let mut start = vec![0usize; n + 1];
    for v in 0..n {
        start[v + 1] = start[v] + degree[v];
    }
    let mut fill = start.clone();
    let mut list = vec![(0, 0); start[n]];
    for (e, &(a, b)) in ends.iter().enumerate() {
        if Some(e) == skip {
            continue;
        }
        list[fill[a]] = (b, e);
        fill[a] += 1;
        if a != b {
            list[fill[b]] = (a, e);
            fill[b] += 1;
        }
    }
    Adjacency { start, list }
}

/// A picture seen through the fusion and colon principles: its 2-edge-connected parts, the
/// tree the bridges make of them, and each part's value.
struct Structure {
    /// Whether each edge is a bridge.
    bridge: Vec<bool>,
    /// The part of each vertex (`usize::MAX` for a vertex the ground does not reach).
    part: Vec<usize>,
    /// The parts in the order a walk from the ground meets them (parents before children).
    order: Vec<usize>,
    /// For each part but the ground's, its parent part and the bridge to it.
    parent: Vec<Option<(usize, usize)>>,
    /// The vertex where each part is entered (the ground's part: the root).
    entry: Vec<usize>,
    /// The edges on cycles in each part (loops after fusion).
    loops: Vec<u64>,
    /// Each part's value with everything above it (colon principle).
    value: Vec<u64>,
}

impl Structure {
    /// The structure of the graph of `n` vertices and edges `ends` (edge `skip` left out),
    /// rooted at `root`, where each vertex also carries `weight` (the value of what hangs
    /// there, XORed in: for a part worked out again, the branches above it).
    fn of(n: usize, ends: &[(usize, usize)], skip: Option<usize>, weight: Option<&[u64]>, root: usize) -> Structure {
        let adj = adjacency(n, ends, skip);
        let m = ends.len();
        // Tarjan's lowlink walk, iterative: (vertex, edge it was entered by, next neighbour).
        let none = usize::MAX;
        let mut disc = vec![none; n];
        let mut low = vec![none; n];
        let mut bridge = vec![false; m];
        let mut time = 0usize;
        let mut stack: Vec<(usize, usize, usize)> = vec![];
        if root < n {
            disc[root] = 0;
            low[root] = 0;
            time = 1;
            stack.push((root, none, 0));
        }
        while let Some(top) = stack.last_mut() {
            let (v, by, next) = *top;
            if let Some(&(w, e)) = adj.of(v).get(next) {
                top.2 += 1;
                if e == by {
                    continue;
                }
                if disc[w] == none {
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if low[v] > disc[p] {
                        bridge[by] = true;
                    }
                }
            }
        }
        // The parts, in the order a walk from the root meets them: a part other than the
        // root's is entered only through its bridge, so its parent is met first.
        let mut part = vec![none; n];
        let mut order = vec![];
        let mut parent = vec![];
        let mut entry = vec![];
        let mut queue = std::collections::VecDeque::new();
        let mut new_part = |v: usize, from: Option<(usize, usize)>, part: &mut Vec<usize>| {
            let id = order.len();
            order.push(id);
            parent.push(from);
            entry.push(v);
            part[v] = id;
            id
        };
        if root < n {
            new_part(root, None, &mut part);
            queue.push_back(root);
        }
        // Fill each part through its non-bridge edges before crossing bridges, so that a
        // bridge always leads to a new part.
        let mut pending_bridges: Vec<(usize, usize, usize)> = vec![];
        loop {
            while let Some(v) = queue.pop_front() {
                for &(w, e) in adj.of(v) {
                    if bridge[e] {
                        pending_bridges.push((v, w, e));
                    } else if part[w] == none {
                        part[w] = part[v];
                        queue.push_back(w);
                    }
                }
            }
            let Some((v, w, e)) = pending_bridges.pop() else { break };
            if part[w] == none {
                new_part(w, Some((part[v], e)), &mut part);
                queue.push_back(w);
            }
        }
        let parts = order.len();
        let mut loops = vec![0u64; parts];
        for (e, &(a, _)) in ends.iter().enumerate() {
            if Some(e) != skip && !bridge[e] && part[a] != none {
                loops[part[a]] += 1;
            }
        }
        let mut above = vec![0u64; parts];
        if let Some(weight) = weight {
            for (v, &w) in weight.iter().enumerate() {
                if let Some(&p) = part.get(v).filter(|&&p| p != none) {
                    above[p] ^= w;
                }
            }
        }
        // Parts were numbered in the order met, parents first: children are done first
        // walking backwards.
        let mut value = vec![0u64; parts];
        for c in (0..parts).rev() {
            value[c] = above[c] ^ (loops[c] & 1);
            if let Some((p, _)) = parent[c] {
                above[p] ^= value[c] + 1;
            }
        }
        Structure { bridge, part, order, parent, entry, loops, value }
    }
}

/// The value of one picture by the fusion and colon principles.
pub fn picture_value(edges: &[Edge]) -> u64 {
    Picture::of(edges).value()
}

/// A picture with its vertices numbered 0.. (the ground 0) and its structure, worked out once
/// for its value, its explanation and its winning cuts.
struct Picture {
    ends: Vec<(usize, usize)>,
    s: Structure,
}

impl Picture {
    fn of(edges: &[Edge]) -> Picture {
        let (ends, n) = compress(edges);
        let s = Structure::of(n, &ends, None, None, 0);
        Picture { ends, s }
    }

    fn value(&self) -> u64 {
        self.s.value.first().copied().unwrap_or(0)
    }
}

/// The edges of a picture whose deletion leaves it worth `target`, by index; `Err` with the
/// work it would take when the edges on cycles would cost more than `budget` to check; the
/// outer error when the stop token fired (a time limit, a cancelled request).
fn winning_edges(
    picture: &Picture,
    target: u64,
    budget: &mut u64,
) -> Result<Result<Vec<usize>, u128>, crate::stop::Stopped> {
    let (ends, s) = (&picture.ends, &picture.s);
    let parts = s.order.len();
    // What each part's value would have to become for the picture to be worth the target.
    let mut need: Vec<Option<u64>> = vec![None; parts];
    if parts > 0 {
        need[0] = Some(target);
    }
    for c in 1..parts {
        if let Some((p, _)) = s.parent[c] {
            let others = s.value[p] ^ (s.value[c] + 1);
            need[c] = need[p].and_then(|t| (others ^ t).checked_sub(1));
        }
    }
    // The edges and vertices of each part whose edges on cycles must be looked at.
    let mut part_edges: Vec<Vec<usize>> = vec![vec![]; parts];
    for (e, &(a, _)) in ends.iter().enumerate() {
        if !s.bridge[e] && s.part[a] < parts && need[s.part[a]].is_some() {
            part_edges[s.part[a]].push(e);
        }
    }
    let mut part_vertices: Vec<Vec<usize>> = vec![vec![]; parts];
    for (v, &p) in s.part.iter().enumerate() {
        if p < parts && !part_edges[p].is_empty() {
            part_vertices[p].push(v);
        }
    }
    let work: u128 =
        (0..parts).map(|c| part_edges[c].len() as u128 * (part_edges[c].len() + part_vertices[c].len()) as u128).sum();
    if work > u128::from(*budget) {
        return Ok(Err(work));
    }
    *budget -= work as u64;
    let mut winning = vec![];
    for (e, &(a, _)) in ends.iter().enumerate() {
        if s.bridge[e] {
            // The part above the bridge (the one whose parent edge it is) falls away.
            let (x, y) = ends[e];
            let Some(c) =
                [s.part[x], s.part[y]].into_iter().find(|&c| c < parts && s.parent[c].map(|(_, b)| b) == Some(e))
            else {
                continue;
            };
            if let Some((p, _)) = s.parent[c] {
                if need[p] == Some(s.value[p] ^ (s.value[c] + 1)) {
                    winning.push(e);
                }
            }
        } else if s.part[a] < parts && need[s.part[a]].is_some() {
            winning.push(e);
        }
    }
    // The edges on cycles: each part worked out again without the edge, with what hangs
    // above each of its vertices as that vertex's weight.
    let mut keep = vec![true; ends.len()];
    // What hangs at each vertex of the parts to be worked out again: the branches above it,
    // gathered in one pass over the parts.
    let mut hanging: Vec<Vec<(usize, u64)>> = vec![vec![]; parts];
    for d in 0..parts {
        if let Some((p, b)) = s.parent[d] {
            if !part_edges[p].is_empty() && need[p].is_some() {
                let (x, y) = ends[b];
                let at = if s.part[x] == p { x } else { y };
                hanging[p].push((at, s.value[d] + 1));
            }
        }
    }
    for c in 0..parts {
        if part_edges[c].is_empty() {
            continue;
        }
        let Some(t) = need[c] else { continue };
        let local: HashMap<usize, usize> = part_vertices[c].iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut weight = vec![0u64; part_vertices[c].len()];
        for &(at, w) in &hanging[c] {
            if let Some(&i) = local.get(&at) {
                weight[i] ^= w;
            }
        }
        let local_ends: Vec<(usize, usize)> =
            part_edges[c].iter().map(|&e| (local[&ends[e].0], local[&ends[e].1])).collect();
        let root = local[&s.entry[c]];
        for (j, &e) in part_edges[c].iter().enumerate() {
            crate::stop::check()?;
            let again = Structure::of(weight.len(), &local_ends, Some(j), Some(&weight), root);
            keep[e] = again.value.first() == Some(&t);
        }
    }
    winning.retain(|&e| s.bridge[e] || keep[e]);
    Ok(Ok(winning))
}

/// Why a picture is worth what it is, in a line: its edges, bridges and edges on cycles.
fn picture_line(i: usize, edges: &[Edge], picture: &Picture) -> String {
    let s = &picture.s;
    let bridges = s.bridge.iter().filter(|&&b| b).count();
    let on_cycles = edges.len() - bridges;
    let fused = s.loops.iter().filter(|&&l| l > 0).count();
    format!(
        "Picture {} ({} edge{}): {bridges} bridge{}{}; value {}.",
        i + 1,
        edges.len(),
        if edges.len() == 1 { "" } else { "s" },
        if bridges == 1 { "" } else { "s" },
        if on_cycles == 0 {
            String::new()
        } else {
            format!(
                " and {on_cycles} edge{} on cycles, fused into {fused} vertex{} with {on_cycles} loop{}",
                if on_cycles == 1 { "" } else { "s" },
                if fused == 1 { "" } else { "es" },
                if on_cycles == 1 { "" } else { "s" }
            )
        },
        s.value.first().copied().unwrap_or(0)
    )
}

impl Hackenbush {
    /// The edge whose deletion turns picture `before` into `after`, by index, if one does
    /// (checked by deleting it when `verify`; describing a move known to be one skips that).
    fn cut_edge(before: &[ColouredEdge], after: &[ColouredEdge], verify: bool) -> Option<usize> {
        let mut left: HashMap<ColouredEdge, usize> = HashMap::new();
        for &e in after {
            *left.entry(e).or_default() += 1;
        }
        let mut gone = vec![];
        for (i, &e) in before.iter().enumerate() {
            match left.get_mut(&e) {
                Some(k) if *k > 0 => *k -= 1,
                _ => gone.push(i),
            }
        }
        if left.values().any(|&k| k > 0) {
            return None;
        }
        let candidate = match gone[..] {
            [i] => i,
            _ => {
                // The edge cut is the one of those gone that touches what stays (or the
                // ground); everything else gone hung above it.
                let mut stays: std::collections::HashSet<u64> = after.iter().flat_map(|&((u, v), _)| [u, v]).collect();
                stays.insert(0);
                *gone.iter().find(|&&i| stays.contains(&before[i].0 .0) || stays.contains(&before[i].0 .1))?
            }
        };
        if !verify {
            return Some(candidate);
        }
        // Deleting either of two edges with the same ends leaves the same picture, its edges
        // in another order: any copy will do.
        let edge = before[candidate];
        (0..before.len()).find(|&j| before[j] == edge && cut_coloured(before, j) == after)
    }

    /// Every move of player `mover` (0: Left, 1: Right; green edges are either's): the
    /// picture, the edge's index, and the numbers it leaves.
    fn cuts_for(numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let all = coloured_pictures(numbers).unwrap_or_default();
        let mut out: Vec<Vec<u64>> = vec![];
        for (k, p) in all.iter().enumerate() {
            for i in 0..p.len() {
                // Deleting either of two edges with the same ends and colour leaves the same
                // picture: one move.
                if !p[i].1.cut_by(mover) || p[..i].contains(&p[i]) {
                    continue;
                }
                let mut next = all.clone();
                next[k] = cut_coloured(p, i);
                out.push(numbers_of_coloured(&next));
            }
        }
        out
    }

    /// The answer for a position with a blue or red edge: Conway's value and the moves of the
    /// player to move under normal play; under misère play, an exact search over (position,
    /// player to move) for at most [`MISERE_EDGES`] edges.
    fn solve_coloured(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let rules = "Blue-Red-Green Hackenbush (Berlekamp, Conway and Guy, Winning Ways): Left (the first player) cuts blue or green edges, Right (the second) red or green ones, and what no longer reaches the ground falls away. A blue or red edge makes the game partizan";
        if context.misere {
            let edges = self.longest_game(numbers);
            if edges > MISERE_EDGES as u128 {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère Blue-Red Hackenbush is searched position by position (Conway's values are for normal play), for at most {MISERE_EDGES} edges in all; this position has {edges}"
                )));
            }
            let me = context.to_move.min(1);
            let game = Searched(*self);
            let state = |n: &[u64], mover: usize| {
                let mut s = self.canonical(n);
                s.push(mover as u64);
                s
            };
            let mut search = context.search.start(&game, true, context.budget, None, 8 * (numbers.len() as u64 + 1));
            let wins = search.wins(&state(numbers, me))?;
            let mut winning = vec![];
            for next in Self::cuts_for(numbers, me) {
                if !search.wins(&state(&next, 1 - me))? {
                    winning.push(next);
                }
            }
            let mut answer = Analysis::of_board(self, numbers, wins, None, winning, Method::Search);
            answer.sg_note = Some("none (misère play)".into());
            answer.explanation = vec![
                format!("{rules}."),
                format!(
                    "Misère play (whoever makes the last move loses): Conway's values are for normal play, so every position reachable is searched, with the player to move, by the definition of P and N positions ({} positions).",
                    search.positions()
                ),
            ];
            return Ok(answer);
        }
        let mut answer = colours::answer_by_branches(self, numbers, context)?;
        answer.explanation.insert(
            0,
            format!(
                "{rules}: the position has Conway's value, the sum of the values of its pictures and of their branches at the ground. A tree is valued by the colon principle (an edge under a branch of value H is the ordinal sum edge:H; for a blue or red edge under a number, Berlekamp's rule: a blue edge under x >= 0 is x + 1, under x < 0 it is (x + n)/2^(n-1) for the least n >= 1 with x + n > 1); an all-green part is the nimber of its Green Hackenbush value; any other picture is valued from its options."
            ),
        );
        Ok(answer)
    }
}

/// A coloured position as the engine's exact search sees it (misère play): the canonical
/// numbers, then the player to move.
struct Searched(Hackenbush);

impl SearchedGame for Searched {
    fn options(&self, state: &[u64]) -> Vec<Vec<u64>> {
        let Some((&mover, numbers)) = state.split_last() else { return vec![] };
        let mover = mover.min(1) as usize;
        Hackenbush::cuts_for(numbers, mover)
            .into_iter()
            .map(|next| {
                let mut s = self.0.canonical(&next);
                s.push(1 - mover as u64);
                s
            })
            .collect()
    }

    fn option_count_bound(&self, state: &[u64]) -> Option<u128> {
        Some(self.size(state))
    }

    fn size(&self, state: &[u64]) -> u128 {
        state.split_last().map_or(0, |(_, numbers)| self.0.longest_game(numbers))
    }
}

impl RulesCore for Hackenbush {
    fn words(&self) -> Words {
        Words::new(
            "hackenbush",
            Players::Impartial,
            "Hackenbush: each picture is a set of edges drawn on the ground (vertex 0); a move deletes one edge, a green one by either player, a blue one by Left (the first player) only, a red one by Right (the second) only, and whatever no longer reaches the ground falls away; whoever makes the last move wins.",
            "Type 'cut 1-2' (delete edge 1-2; what no longer reaches the ground falls) or 'cut 1-2 in 3' (in picture 3)",
        )
        // One picture a row; a picture with no edges left is written `0`.
        .with_pictures(PICTURES)
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut all: Vec<Vec<ColouredEdge>> = coloured_pictures(numbers).unwrap_or_default();
        for p in &mut all {
            p.sort_unstable();
        }
        all.retain(|p| !p.is_empty());
        all.sort();
        numbers_of_coloured(&all)
    }

    /// A picture with a blue or red edge is partizan, an all-green one impartial; the game as a
    /// whole is impartial (its green pictures have Sprague-Grundy values).
    fn players(&self, numbers: Option<&[u64]>) -> Players {
        match numbers {
            Some(numbers) if colours::any_coloured(numbers) => Players::Partizan("a blue or red edge".into()),
            _ => Players::Impartial,
        }
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        Self::cuts_for(numbers, mover)
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let before = coloured_pictures(numbers).ok_or("the position is not a list of pictures")?;
        let next = coloured_pictures(after).ok_or("the move does not leave a list of pictures")?;
        if before.len() != next.len() {
            return Err(format!("a move keeps the {} pictures in place", before.len()).into());
        }
        let changed: Vec<usize> = (0..before.len()).filter(|&k| before[k] != next[k]).collect();
        match changed[..] {
            [] => Err("a move deletes one edge".into()),
            [k] => {
                let i = Hackenbush::cut_edge(&before[k], &next[k], true).ok_or_else(|| {
                    format!("picture {}: that is not what deleting one edge (and what falls with it) leaves", k + 1)
                })?;
                let ((u, v), colour) = before[k][i];
                if colour.cut_by(mover) {
                    Ok(())
                } else {
                    Err(format!(
                        "picture {}: edge {u}-{v} is {} ({}), and {} cuts {} or green edges only",
                        k + 1,
                        colour.name(),
                        colour.owner(),
                        if mover == 0 { "Left" } else { "Right" },
                        if mover == 0 { "blue" } else { "red" }
                    )
                    .into())
                }
            }
            _ => Err("a move deletes an edge of one picture only".into()),
        }
    }

    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        colours::components(numbers)
    }
}

impl Notation for Hackenbush {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (Some(before), Some(next)) = (coloured_pictures(numbers), coloured_pictures(after)) else {
            return "a move".into();
        };
        let Some(k) = (0..before.len().min(next.len())).find(|&k| before[k] != next[k]) else {
            return "a move".into();
        };
        match Hackenbush::cut_edge(&before[k], &next[k], false) {
            Some(i) => {
                let ((u, v), colour) = before[k][i];
                let fall = before[k].len() - next[k].len() - 1;
                let falls = match fall {
                    0 => String::new(),
                    1 => " (1 more edge falls away)".into(),
                    f => format!(" ({f} more edges fall away)"),
                };
                let which = if before.len() == 1 { String::new() } else { format!(" in picture {}", k + 1) };
                format!("cut {u}-{v}{}{which}{falls}", colour.suffix())
            }
            None => format!("change picture {}", k + 1),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (edge, picture) = match words[..] {
            ["cut", e] | [e] => (e, None),
            ["cut", e, "in", p] | [e, "in", p] | ["cut", e, "in", "picture", p] | [e, "in", "picture", p] => {
                (e, Some(p))
            }
            // A picture and an edge, as a heap and what to take are typed in heap games (`2 0-1`).
            [p, e] if e.contains('-') && !p.contains('-') => (e, Some(p)),
            _ => return None,
        };
        // An edge may name its colour (`cut 0-1:r`), to pick one of two edges with the same
        // ends.
        let (edge, colour) = match edge.split_once(':') {
            Some((edge, c)) => (edge, Some(c)),
            None => (edge, None),
        };
        let (u, v) = edge.split_once('-')?;
        Some((|| {
            let end = |s: &str| crate::number::parse_u64(s, "a vertex");
            let (u, v) = (end(u)?, end(v)?);
            let colour = colour.map(Colour::parse).transpose()?;
            let e = (u.min(v), u.max(v));
            let fits = |&(x, c): &ColouredEdge| x == e && colour.is_none_or(|want| want == c);
            let all = coloured_pictures(numbers).ok_or("the position is not a list of pictures")?;
            let holding: Vec<usize> = (0..all.len()).filter(|&k| all[k].iter().any(fits)).collect();
            let named = format!("{}-{}{}", e.0, e.1, colour.map_or("", Colour::suffix));
            let k = match picture {
                Some(p) => {
                    let p = crate::number::parse_u64(p, "the picture")?;
                    let k =
                        usize::try_from(p).ok().and_then(|p| p.checked_sub(1)).filter(|&k| k < all.len()).ok_or_else(
                            || format!("there is no picture {p} (the pictures are numbered 1 to {})", all.len()),
                        )?;
                    if !holding.contains(&k) {
                        return Err(format!("picture {p} has no edge {named}"));
                    }
                    k
                }
                None => match holding[..] {
                    [] => return Err(format!("no picture has an edge {named}")),
                    [k] => k,
                    _ => {
                        return Err(format!(
                            "edge {named} is in pictures {}: say which, e.g. 'cut {named} in {}'",
                            holding.iter().map(|k| (k + 1).to_string()).collect::<Vec<_>>().join(" and "),
                            holding[0] + 1
                        ))
                    }
                },
            };
            let i = all[k].iter().position(fits).ok_or("no such edge")?;
            let other = all[k].iter().find(|&&(x, c)| colour.is_none() && x == e && c != all[k][i].1);
            if let Some(&(_, other)) = other {
                return Err(format!(
                    "picture {} has a {} and a {} edge {named}: say which, e.g. 'cut {named}{}'",
                    k + 1,
                    all[k][i].1.name(),
                    other.name(),
                    other.suffix()
                ));
            }
            let mut next = all.clone();
            next[k] = cut_coloured(&all[k], i);
            Ok(numbers_of_coloured(&next))
        })())
    }
}

impl PlayHelp for Hackenbush {
    /// A random picture with an edge the mover may cut, then a random such edge of it (every
    /// draw 0: the last edge the mover may cut in the first picture that has one).
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let mut all = coloured_pictures(numbers)?;
        let mine = |p: &[ColouredEdge]| -> Vec<usize> { (0..p.len()).filter(|&i| p[i].1.cut_by(mover)).collect() };
        let live: Vec<usize> = (0..all.len()).filter(|&k| !mine(&all[k]).is_empty()).collect();
        let k = *live.get(below(live.len().max(1) as u64) as usize)?;
        let edges = mine(&all[k]);
        // Counted from the last edge, so that drawing 0 cuts the one nearest the top.
        let i = *edges.get(edges.len().checked_sub(1 + below(edges.len() as u64) as usize)?)?;
        all[k] = cut_coloured(&all[k], i);
        Some(numbers_of_coloured(&all))
    }
}

impl Theory for Hackenbush {
    fn known_value(
        &self,
        numbers: &[u64],
        store: &mut crate::values::partizan::GameStore,
    ) -> Option<Result<crate::values::partizan::GameValue, crate::values::partizan::PartizanError>> {
        colours::known_value(numbers, store)
    }

    /// A position with a blue or red edge is answered from Conway's value
    /// ([`Hackenbush::solve_coloured`]); an all-green one as Green Hackenbush.
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        if colours::any_coloured(numbers) {
            return self.solve_coloured(numbers, context);
        }
        let (misere, budget) = (context.misere, context.budget);
        let all = pictures(numbers)
            .ok_or_else(|| AnalyzeError::Unsupported("the position is not a list of pictures".into()))?;
        if misere {
            let edges: usize = all.iter().map(Vec::len).sum();
            if edges > MISERE_EDGES {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère Green Hackenbush is searched position by position (the colon and fusion principles are for normal play), for at most {MISERE_EDGES} edges in all; this position has {edges}"
                )));
            }
            return crate::rules::board::search_misere(
                self,
                numbers,
                context,
                "the colon and fusion principles are for normal play",
            );
        }
        let worked: Vec<Picture> = all.iter().map(|p| Picture::of(p)).collect();
        let values: Vec<u64> = worked.iter().map(Picture::value).collect();
        let total = values.iter().fold(0, |a, v| a ^ v);
        let mut answer = Analysis::of_board(self, numbers, total != 0, Some(total), vec![], Method::ClosedForm);
        answer.explanation = vec![
            "Green Hackenbush (Berlekamp, Conway and Guy, Winning Ways): each picture is worth a Nim heap, and the pictures together are worth the XOR of their values (the Sprague-Grundy theorem).".into(),
            "The fusion principle: the vertices of a cycle may be fused into one without changing the value, so the edges on cycles (each 2-edge-connected part) become loops at one vertex, each loop worth a stalk of one edge.".into(),
            "The colon principle: on the tree of bridges that remains, a vertex is worth the XOR of (value + 1) over the branches above it, and of 1 for each loop.".into(),
        ];
        const SHOWN: usize = 12;
        for (k, p) in all.iter().enumerate().take(SHOWN) {
            answer.explanation.push(picture_line(k, p, &worked[k]));
        }
        if all.len() > SHOWN {
            answer.explanation.push(format!("... and {} more pictures.", all.len() - SHOWN));
        }
        answer.explanation.push(if total == 0 {
            "The XOR is 0: the player to move loses.".into()
        } else {
            format!("The XOR is {total}: the player to move wins by cutting an edge that leaves a picture worth its value XOR {total}.")
        });
        if total == 0 {
            answer.set_board_count(Some(0), None);
            return Ok(answer);
        }
        let room = listing_room(numbers.len());
        let mut left = budget;
        let mut count: u128 = 0;
        let mut listed = vec![];
        for (k, p) in all.iter().enumerate() {
            let target = values[k] ^ total;
            match winning_edges(&worked[k], target, &mut left)? {
                Ok(edges) => {
                    let mut seen = std::collections::HashSet::new();
                    for i in edges {
                        // Edges with the same ends are one move (they leave the same picture).
                        if !seen.insert(p[i]) {
                            continue;
                        }
                        count += 1;
                        if listed.len() < room {
                            let mut next = all.clone();
                            next[k] = cut(p, i);
                            listed.push(numbers_of(&next));
                        }
                    }
                }
                Err(work) => {
                    let e = GaveUp {
                        what: Work::MovesExamined,
                        used: budget,
                        needed: Some(u64::try_from(work.saturating_add(u128::from(budget - left))).unwrap_or(u64::MAX)),
                    };
                    let why = format!(
                        "not counted, because deleting an edge on a cycle reshapes its 2-edge-connected part, which is worked out again for each such edge: picture {} needs about {work} steps more: {e}",
                        k + 1
                    );
                    answer.set_board_winning(self, numbers, listed);
                    answer.set_board_count(None, Some(why));
                    return Ok(answer);
                }
            }
        }
        let not_listed = (count > listed.len() as u128).then(|| listed_note(listed.len(), numbers.len(), "numbers"));
        answer.set_board_winning(self, numbers, listed);
        answer.set_board_count(Some(count), not_listed);
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Hackenbush {
    /// Each picture on its ground line, a blue edge drawn blue, a red one red, a green one
    /// green; a target on each edge the mover may cut.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let effect = "what no longer reaches the ground falls away";
        let (help, over) = if colours::any_coloured(numbers) {
            let (who, other, mine) = if mover == 0 { ("Left", "Right", "blue") } else { ("Right", "Left", "red") };
            (
                vec![
                    format!("{who} to move: click a {mine} or green edge;"),
                    format!("{effect}."),
                    "Blue edges are Left's, red Right's, green either's.".into(),
                ],
                format!("{who} has no {mine} or green edge left: {other} wins."),
            )
        } else {
            (
                vec!["Click an edge to cut it;".into(), format!("{effect}.")],
                format!("No edge is left: the {} player wins.", if mover == 0 { "second" } else { "first" }),
            )
        };
        PICTURES.draw(numbers, mover, &PictureFace { verb: "cut", moves: "cuts", effect, help, over, same_move: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stalks_loops_and_cycles() {
        assert_eq!(picture_value(&[(0, 1), (1, 2), (2, 3)]), 3);
        assert_eq!(picture_value(&[(0, 1), (0, 2)]), 0);
        assert_eq!(picture_value(&[(0, 0)]), 1);
        // A triangle on the ground: three loops, worth 1; a square: worth 0.
        assert_eq!(picture_value(&[(0, 1), (1, 2), (0, 2)]), 1);
        assert_eq!(picture_value(&[(0, 1), (1, 2), (2, 3), (0, 3)]), 0);
    }

    #[test]
    fn pictures_round_trip_and_bad_ones_are_named() {
        let p = parse_picture("0-1,2-1,1-1").unwrap();
        assert_eq!(picture_token(&p), "0-1,1-2,1-1");
        assert!(parse_picture("0-1,,1-2").unwrap_err().contains("empty edge"));
        assert!(parse_picture("0-1,x").unwrap_err().contains("'x' is not an edge"));
        assert!(parse_picture("0-1\n1-2\n3-4").unwrap_err().contains("3-4 does not reach the ground"));
        assert!(parse_picture("0-1\n1-y").unwrap_err().starts_with("line 2:"));
    }
}
