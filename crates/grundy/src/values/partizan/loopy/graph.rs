//! A loopy game's graph: vertices with Left's and Right's options, cycles allowed (an edge
//! back to the vertex itself is a pass). A game is a graph and a start vertex; the graph of a
//! sum is the product of its parts' graphs, reachable part only, built within a bound.

use std::collections::HashMap;

use crate::values::partizan::PartizanError;

/// A game graph: vertex `v`'s Left options are `left(v)`, its Right options `right(v)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopyGraph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// The most vertices a graph built here may have (vertex numbers are `u32`).
pub const MAX_VERTICES: usize = 1 << 31;

impl LoopyGraph {
    /// An empty graph.
    pub fn new() -> LoopyGraph {
        LoopyGraph::default()
    }

    /// A new vertex with no options; its number.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Adds a Left option `to` of `from` (kept once).
    pub fn add_left(&mut self, from: u32, to: u32) {
        if let Some(l) = self.left.get_mut(from as usize) {
            if !l.contains(&to) {
                l.push(to);
            }
        }
    }

    /// Adds a Right option `to` of `from` (kept once).
    pub fn add_right(&mut self, from: u32, to: u32) {
        if let Some(r) = self.right.get_mut(from as usize) {
            if !r.contains(&to) {
                r.push(to);
            }
        }
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The Left options of `v` (none for a vertex not in the graph).
    pub fn left(&self, v: u32) -> &[u32] {
        self.left.get(v as usize).map_or(&[], |l| l.as_slice())
    }

    /// The Right options of `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        self.right.get(v as usize).map_or(&[], |r| r.as_slice())
    }

    /// The options of `v` for `player` (0 Left, 1 Right).
    pub fn options(&self, v: u32, player: usize) -> &[u32] {
        if player == 0 {
            self.left(v)
        } else {
            self.right(v)
        }
    }

    /// Replaces the options of `v` for `player`.
    pub(crate) fn set_options(&mut self, v: u32, player: usize, options: Vec<u32>) {
        let side = if player == 0 { &mut self.left } else { &mut self.right };
        if let Some(o) = side.get_mut(v as usize) {
            *o = options;
        }
    }

    /// The negative: every vertex with its players' options swapped.
    pub fn negated(&self) -> LoopyGraph {
        LoopyGraph { left: self.right.clone(), right: self.left.clone() }
    }

    /// The vertices reachable from `start` (start included), in the order first reached.
    pub fn reachable(&self, start: u32) -> Vec<u32> {
        self.reachable_all(&[start])
    }

    /// The vertices reachable from any of `roots`, in the order first reached.
    pub fn reachable_all(&self, roots: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = Vec::new();
        for &r in roots {
            if let Some(s) = seen.get_mut(r as usize) {
                if !*s {
                    *s = true;
                    order.push(r);
                }
            }
        }
        let mut i = 0;
        while let Some(&v) = order.get(i) {
            i += 1;
            for &w in self.left(v).iter().chain(self.right(v)) {
                if let Some(s) = seen.get_mut(w as usize) {
                    if !*s {
                        *s = true;
                        order.push(w);
                    }
                }
            }
        }
        order
    }

    /// The part reachable from `start`, renumbered so that `start` is vertex 0.
    pub fn packed(&self, start: u32) -> LoopyGraph {
        let order = self.reachable(start);
        let mut number = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            number[v as usize] = i as u32;
        }
        let map = |os: &[u32]| os.iter().map(|&w| number[w as usize]).collect::<Vec<u32>>();
        LoopyGraph {
            left: order.iter().map(|&v| map(self.left(v))).collect(),
            right: order.iter().map(|&v| map(self.right(v))).collect(),
        }
    }

    /// Appends a copy of `other` (its vertex `v` becomes `v + offset`); the offset.
    pub fn append(&mut self, other: &LoopyGraph) -> u32 {
        let offset = self.len() as u32;
        for v in 0..other.len() as u32 {
            self.left.push(other.left(v).iter().map(|&w| w + offset).collect());
            self.right.push(other.right(v).iter().map(|&w| w + offset).collect());
        }
        offset
    }

    /// The graph of the sum of `a` (a vertex of `self`) and `b` (a vertex of `other`): the
    /// positions (x, y) reachable from (a, b), a move in either part, numbered from 0 for
    /// (a, b); refused past `max_vertices` positions.
    pub fn sum(&self, a: u32, other: &LoopyGraph, b: u32, max_vertices: usize) -> Result<LoopyGraph, PartizanError> {
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pairs = vec![(a, b)];
        index.insert((a, b), 0);
        let mut out = LoopyGraph::new();
        out.add_vertex();
        let mut i = 0;
        while let Some(&(x, y)) = pairs.get(i) {
            for player in 0..2 {
                let next: Vec<(u32, u32)> = self
                    .options(x, player)
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(other.options(y, player).iter().map(|&y2| (x, y2)))
                    .collect();
                for p in next {
                    let w = match index.get(&p) {
                        Some(&w) => w,
                        None => {
                            if pairs.len() >= max_vertices {
                                return Err(PartizanError::Undefined(format!(
                                    "the sum's game graph has more than {max_vertices} positions"
                                )));
                            }
                            let w = out.add_vertex();
                            index.insert(p, w);
                            pairs.push(p);
                            w
                        }
                    };
                    if player == 0 {
                        out.add_left(i as u32, w);
                    } else {
                        out.add_right(i as u32, w);
                    }
                }
            }
            i += 1;
        }
        Ok(out)
    }

    /// Each vertex's predecessors for each player: `preds[p][w]` lists the `v` with `w` among
    /// `v`'s options for player p.
    pub(crate) fn predecessors(&self) -> [Vec<Vec<u32>>; 2] {
        let mut preds = [vec![Vec::new(); self.len()], vec![Vec::new(); self.len()]];
        for v in 0..self.len() as u32 {
            for (p, side) in preds.iter_mut().enumerate() {
                for &w in self.options(v, p) {
                    if let Some(list) = side.get_mut(w as usize) {
                        list.push(v);
                    }
                }
            }
        }
        preds
    }

    /// Whether no play from any subposition of `start` goes on for ever with the players
    /// alternating (a stopper, Conway): the graph of (vertex, player to move), a move leading
    /// to the other player's turn, has no cycle among the states of the vertices reachable
    /// from `start`.
    pub fn is_stopper(&self, start: u32) -> bool {
        // Kahn's count over the reachable states: acyclic iff every state is removed.
        let n = self.len();
        let state = |v: u32, p: usize| v as usize * 2 + p;
        let mut seen = vec![false; n * 2];
        let mut order = Vec::new();
        // Every subposition with either player to move: endless alternating play from any of
        // them makes the game not a stopper, whether or not the start's own play reaches it.
        for v in self.reachable(start) {
            for p in 0..2 {
                seen[state(v, p)] = true;
                order.push((v, p));
            }
        }
        let mut i = 0;
        let mut indegree = vec![0u32; n * 2];
        while let Some(&(v, p)) = order.get(i) {
            i += 1;
            for &w in self.options(v, p) {
                let s = state(w, 1 - p);
                indegree[s] += 1;
                if !seen[s] {
                    seen[s] = true;
                    order.push((w, 1 - p));
                }
            }
        }
        let mut ready: Vec<(u32, usize)> = order.iter().copied().filter(|&(v, p)| indegree[state(v, p)] == 0).collect();
        let mut removed = 0;
        while let Some((v, p)) = ready.pop() {
            removed += 1;
            for &w in self.options(v, p) {
                let s = state(w, 1 - p);
                indegree[s] -= 1;
                if indegree[s] == 0 {
                    ready.push((w, 1 - p));
                }
            }
        }
        removed == order.len()
    }

    /// The strongly connected parts of the graph (both players' edges): each vertex's part,
    /// and each part's vertices, a part numbered after every part it moves into.
    pub(crate) fn parts(&self) -> (Vec<usize>, Vec<Vec<u32>>) {
        let succ = |v: usize| -> Vec<usize> {
            self.left(v as u32).iter().chain(self.right(v as u32)).map(|&w| w as usize).collect()
        };
        let (comp, count) = strong_components(self.len(), succ);
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); count];
        for (v, &c) in comp.iter().enumerate() {
            if let Some(m) = members.get_mut(c) {
                m.push(v as u32);
            }
        }
        (comp, members)
    }

    /// Whether no cycle at all is reachable from `start`: the game is short.
    pub fn is_loopfree(&self, start: u32) -> bool {
        let reach = self.reachable(start);
        let mut indegree = vec![0u32; self.len()];
        for &v in &reach {
            for &w in self.left(v).iter().chain(self.right(v)) {
                indegree[w as usize] += 1;
            }
        }
        let mut ready: Vec<u32> = reach.iter().copied().filter(|&v| indegree[v as usize] == 0).collect();
        let mut removed = 0;
        while let Some(v) = ready.pop() {
            removed += 1;
            for &w in self.left(v).iter().chain(self.right(v)) {
                indegree[w as usize] -= 1;
                if indegree[w as usize] == 0 {
                    ready.push(w);
                }
            }
        }
        removed == reach.len()
    }
}

/// The strongly connected components of a graph of `n` nodes with successors `succ` (Tarjan's
/// algorithm, iterative): each node's component and their number. Components are numbered in
/// the order they are completed, which puts every component after all those it reaches.
pub(crate) fn strong_components(n: usize, succ: impl Fn(usize) -> Vec<usize>) -> (Vec<usize>, usize) {
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![usize::MAX; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut count = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, Vec<usize>, usize)> = vec![(root, succ(root), 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((s, succs, i)) = work.last_mut() {
            let s = *s;
            if let Some(&t) = succs.get(*i) {
                *i += 1;
                if index[t] == usize::MAX {
                    index[t] = next;
                    low[t] = next;
                    next += 1;
                    stack.push(t);
                    on_stack[t] = true;
                    work.push((t, succ(t), 0));
                } else if on_stack[t] {
                    low[s] = low[s].min(index[t]);
                }
            } else {
                work.pop();
                if let Some((parent, _, _)) = work.last() {
                    low[*parent] = low[*parent].min(low[s]);
                }
                if low[s] == index[s] {
                    while let Some(t) = stack.pop() {
                        on_stack[t] = false;
                        comp[t] = count;
                        if t == s {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
    }
    (comp, count)
}
