//! The generalized Sprague-Grundy function of a directed graph that may have cycles (C. A. B.
//! Smith, "Graphs and composite games", 1966), computed by the labelling of A. S. Fraenkel and
//! Y. Yesha ("The generalized Sprague-Grundy function and its invariance under certain
//! mappings", 1986).
//!
//! Each vertex gets a finite value, or infinity with the set K of the finite values among its
//! followers. For a sum of tokens: when every value is finite, the position is lost for the
//! player to move exactly when their XOR is 0; with exactly one infinite token ∞(K) and the
//! others' XOR a, it is won when a is in K (move that token to a follower of value a) and
//! drawn otherwise; with two or more infinite tokens it is drawn.
//!
//! The labelling, for m = 0, 1, 2, ...: an unlabelled vertex u gets value m when no follower
//! has value m and every follower that is unlabelled or infinite has a follower of value m
//! (so a move there can be answered by a move back to m); repeated until nothing changes.
//! Then every unlabelled vertex with no follower of value m is infinite, and the rest go on
//! to m + 1. Each vertex also gets a counter, the order in which it was labelled: a follower
//! that was unlabelled or infinite when u was labelled has a follower of u's value with a
//! smaller counter, which is what lets the winner of a loopy game make progress (see
//! [`super::solve`]).
//!
//! The cost. Vertices from which no cycle can be reached (every vertex of an acyclic graph)
//! are labelled first, by the plain Sprague-Grundy recursion in reverse topological order:
//! there the labelling gives the mex of the followers' values, and each such vertex of value m
//! counts as labelled at the start of level m, before the others, in topological order (so a
//! follower's follower of the same value always has a smaller counter). This part costs
//! O(V + E). The levels then run on the rest only: the vertices still unlabelled at level m
//! have followers of every value below m, so each vertex is looked at in at most out-degree + 1
//! levels, O(E) in all; and each vertex w that is answered at a level (unlabelled or infinite,
//! with a follower of that level's value) tells its predecessors once per level, at most once
//! per distinct finite value among its followers. That last part is the only one that can
//! pass linear: at most the sum over such w of in-degree(w) x out-degree(w), which is bounded
//! before the work starts and counted as it goes against the budget (each such step one unit).

use super::Graph;

/// The value of a vertex that is infinite.
pub const INFINITE: u32 = u32::MAX;
/// A vertex not yet labelled (never left after the computation).
const UNLABELLED: u32 = u32::MAX - 1;

/// The generalized Sprague-Grundy function of an impartial graph: each vertex's value
/// ([`INFINITE`] for infinity) and counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gsg {
    /// Each vertex's value, [`INFINITE`] for infinity.
    pub value: Vec<u32>,
    /// The order in which each vertex with a finite value was labelled (0 for infinite ones).
    pub counter: Vec<u32>,
}

impl Gsg {
    /// Labels every vertex of `g`, treating every edge as a move for both players and ignoring
    /// goals (the caller uses this only for impartial graphs without goals). `budget` bounds
    /// the steps past linear (see the module's note); past it, `Err` with a bound of the steps
    /// the labelling can take, which is enough.
    pub fn compute(g: &Graph, budget: u64) -> Result<Gsg, u64> {
        let n = g.vertex_count();
        let mut value = vec![UNLABELLED; n];
        // 1. Vertices from which no cycle is reached, followers first: a vertex whose
        //    followers are all done is done. `order` is that topological order.
        let mut pending: Vec<u32> = (0..n as u32).map(|v| g.out_degree(v) as u32).collect();
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| at(&pending, v) == 0).collect();
        let mut seen_at = vec![u32::MAX; n + 1];
        let mut i = 0;
        while let Some(&u) = order.get(i) {
            // The mex of the followers' values (all done): mark them, then look up.
            for (w, _) in g.followers(u) {
                let x = at(&value, w) as usize;
                if let Some(slot) = seen_at.get_mut(x) {
                    *slot = u;
                }
            }
            let mex = (0..).find(|&x| seen_at.get(x as usize).is_none_or(|&s| s != u)).unwrap_or(0);
            set(&mut value, u, mex);
            for (w, _) in g.predecessors(u) {
                let left = at(&pending, w).saturating_sub(1);
                set(&mut pending, w, left);
                if left == 0 {
                    order.push(w);
                }
            }
            i += 1;
        }
        let acyclic_values: Vec<u32> = order.iter().map(|&v| at(&value, v)).collect();
        let in_rest = |v: u32| at(&pending, v) != 0;
        // 2. The rest, level by level. The steps past linear are bounded first.
        let rest: Vec<u32> = (0..n as u32).filter(|&v| in_rest(v)).collect();
        let bound: u64 = rest
            .iter()
            .map(|&w| (g.predecessors(w).count() as u64).saturating_mul(g.out_degree(w) as u64))
            .fold(0u64, u64::saturating_add);
        let mut steps: u64 = 0;
        // The acyclic vertices by value, each list in topological order.
        let top = acyclic_values.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut by_value: Vec<Vec<u32>> = vec![vec![]; top];
        for &v in &order {
            if let Some(list) = by_value.get_mut(at(&value, v) as usize) {
                list.push(v);
            }
        }
        // Followers in the rest that are not finite yet (acyclic followers never wait: below
        // their value they have a follower of every value, at it they are finite).
        let mut open_out: Vec<u32> = (0..n as u32)
            .map(|v| if in_rest(v) { g.followers(v).filter(|&(w, _)| in_rest(w)).count() as u32 } else { 0 })
            .collect();
        let mut answered_at = vec![u32::MAX; n];
        let mut waiting = vec![0u32; n];
        let mut unlabelled: Vec<u32> = rest;
        let mut labelled: Vec<u32> = vec![];
        let mut queue: Vec<u32> = vec![];
        let mut m = 0u32;
        while !unlabelled.is_empty() {
            queue.clear();
            for &u in &unlabelled {
                let open = at(&open_out, u);
                set(&mut waiting, u, open);
                if open == 0 {
                    queue.push(u);
                }
            }
            // Marks `w` answered at this level (a follower of value m), telling the waiting.
            let mut answer =
                |w: u32, value: &[u32], answered_at: &mut [u32], waiting: &mut [u32], queue: &mut Vec<u32>| {
                    if !matches!(at(value, w), UNLABELLED | INFINITE) || at(answered_at, w) == m {
                        return true;
                    }
                    set(answered_at, w, m);
                    for (x, _) in g.predecessors(w) {
                        steps += 1;
                        if at(value, x) == UNLABELLED {
                            let left = at(waiting, x).saturating_sub(1);
                            set(waiting, x, left);
                            if left == 0 {
                                queue.push(x);
                            }
                        }
                    }
                    steps <= budget || bound <= budget
                };
            // The acyclic vertices of value m come first.
            for &a in by_value.get(m as usize).map(Vec::as_slice).unwrap_or_default() {
                for (w, _) in g.predecessors(a) {
                    if !answer(w, &value, &mut answered_at, &mut waiting, &mut queue) {
                        return Err(bound);
                    }
                }
            }
            while let Some(u) = queue.pop() {
                if at(&value, u) != UNLABELLED || at(&answered_at, u) == m || at(&waiting, u) != 0 {
                    continue;
                }
                set(&mut value, u, m);
                labelled.push(u);
                for (w, _) in g.predecessors(u) {
                    let open = at(&open_out, w).saturating_sub(1);
                    set(&mut open_out, w, open);
                    if !answer(w, &value, &mut answered_at, &mut waiting, &mut queue) {
                        return Err(bound);
                    }
                }
            }
            unlabelled.retain(|&u| {
                if at(&value, u) != UNLABELLED {
                    false
                } else if at(&answered_at, u) != m {
                    set(&mut value, u, INFINITE);
                    false
                } else {
                    true
                }
            });
            m += 1;
        }
        // 3. Counters: level by level, the acyclic vertices of the level first (in topological
        //    order), then the others in the order they were labelled.
        let mut counter = vec![0u32; n];
        let mut next_counter = 0u32;
        let mut rest_labelled = labelled.iter().peekable();
        let levels = (top as u32).max(m);
        for level in 0..levels {
            for &a in by_value.get(level as usize).map(Vec::as_slice).unwrap_or_default() {
                set(&mut counter, a, next_counter);
                next_counter = next_counter.saturating_add(1);
            }
            while let Some(&&u) = rest_labelled.peek().filter(|&&&u| at(&value, u) == level) {
                set(&mut counter, u, next_counter);
                next_counter = next_counter.saturating_add(1);
                rest_labelled.next();
            }
        }
        Ok(Gsg { value, counter })
    }

    /// Vertex `v`'s value (`None` for infinity).
    pub fn finite(&self, v: u32) -> Option<u32> {
        Some(at(&self.value, v)).filter(|&x| x != INFINITE)
    }

    /// Vertex `v`'s counter.
    pub fn counter(&self, v: u32) -> u32 {
        at(&self.counter, v)
    }

    /// The finite values among the followers of an infinite vertex `v` (its K), in order.
    pub fn k_set(&self, g: &Graph, v: u32) -> Vec<u32> {
        let mut k: Vec<u32> = g.followers(v).filter_map(|(w, _)| self.finite(w)).collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// Whether some follower of `v` has value `a`.
    pub fn has_follower_of(&self, g: &Graph, v: u32, a: u32) -> bool {
        g.followers(v).any(|(w, _)| self.finite(w) == Some(a))
    }
}

fn at(values: &[u32], v: u32) -> u32 {
    values.get(v as usize).copied().unwrap_or(0)
}

fn set(values: &mut [u32], v: u32, x: u32) {
    if let Some(slot) = values.get_mut(v as usize) {
        *slot = x;
    }
}
