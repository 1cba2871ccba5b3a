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
//! Counters: the work of level m is the vertices still unlabelled at its start (each has
//! followers of every value below m, so m is at most its out-degree) and the edges into
//! vertices labelled at it, once each, plus the edges into predecessors of vertices labelled
//! m that are unlabelled or infinite: linear in the graph for each level, and the levels are
//! few in practice.

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
    /// goals (the caller uses this only for impartial graphs without goals).
    pub fn compute(g: &Graph) -> Gsg {
        let n = g.vertex_count();
        let mut value = vec![UNLABELLED; n];
        let mut counter = vec![0u32; n];
        // Followers with a finite value, by vertex.
        let mut finite_followers = vec![0u32; n];
        // The level at which a vertex got a follower labelled with that level's value.
        let mut answered_at = vec![u32::MAX; n];
        // Followers still unlabelled or infinite and not yet answered at this level.
        let mut waiting = vec![0u32; n];
        let mut unlabelled: Vec<u32> = (0..n as u32).collect();
        let mut queue: Vec<u32> = vec![];
        let mut next_counter = 0u32;
        let mut m = 0u32;
        while !unlabelled.is_empty() {
            queue.clear();
            for &u in &unlabelled {
                let open = g.out_degree(u) as u32 - at(&finite_followers, u);
                set(&mut waiting, u, open);
                if open == 0 {
                    queue.push(u);
                }
            }
            while let Some(u) = queue.pop() {
                if at(&value, u) != UNLABELLED || at(&answered_at, u) == m || at(&waiting, u) != 0 {
                    continue;
                }
                set(&mut value, u, m);
                set(&mut counter, u, next_counter);
                next_counter = next_counter.saturating_add(1);
                for (w, _) in g.predecessors(u) {
                    let finite_now = at(&finite_followers, w) + 1;
                    set(&mut finite_followers, w, finite_now);
                    let open = matches!(at(&value, w), UNLABELLED | INFINITE);
                    if open && at(&answered_at, w) != m {
                        set(&mut answered_at, w, m);
                        for (x, _) in g.predecessors(w) {
                            if at(&value, x) == UNLABELLED {
                                let left = at(&waiting, x).saturating_sub(1);
                                set(&mut waiting, x, left);
                                if left == 0 {
                                    queue.push(x);
                                }
                            }
                        }
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
        Gsg { value, counter }
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
