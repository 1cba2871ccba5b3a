//! The onside and offside of a game that is not a stopper (Conway's sidling; Siegel,
//! "Combinatorial Game Theory", ch. VI.4): each a stopper, found here by deleting edges of the
//! game's own graph that take part in endless alternating play, one at a time, each deletion
//! kept only when the comparison of sides shows the side unchanged. What comes out is checked
//! equal to the side it stands for, so an answer is exact; a game whose sides no deletions
//! reach (Bach's carousel, whose sides are not stoppers) is refused.

use crate::values::partizan::loopy::compare::{all_pairs_le, Side};
use crate::values::partizan::loopy::graph::strong_components;
use crate::values::partizan::loopy::simplify::simplest_stopper;
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::PartizanError;

/// The simplest form of the onside (`Side::On`) or offside (`Side::Off`) of vertex 0 of the
/// packed graph `g`.
pub fn side_of(g: &LoopyGraph, side: Side, max_steps: u64) -> Result<LoopyGraph, PartizanError> {
    let mut h = g.packed(0);
    let mut steps: u64 = 0;
    'deleting: while !h.is_stopper(0) {
        for (v, player, w) in alternating_edges(&h) {
            steps += (g.len() * h.len()) as u64;
            if steps > max_steps {
                return Err(PartizanError::TooMuchWork { operation: "a loopy game's sides", limit: max_steps });
            }
            let mut candidate = h.clone();
            let kept: Vec<u32> = candidate.options(v, player).iter().copied().filter(|&x| x != w).collect();
            candidate.set_options(v, player, kept);
            if equal(&candidate, g, side) {
                h = candidate.packed(0);
                continue 'deleting;
            }
        }
        return Err(PartizanError::Undefined(format!(
            "the {} of this game is not reached by deleting its edges; its sides may not be stoppers (as for Bach's carousel), and grundy does not value it",
            if side == Side::On { "onside" } else { "offside" }
        )));
    }
    simplest_stopper(&h, 0, max_steps)
}

/// Whether vertex 0 of `a` and of `b` have the same side.
fn equal(a: &LoopyGraph, b: &LoopyGraph, side: Side) -> bool {
    let ab = all_pairs_le(a, b, side);
    let ba = all_pairs_le(b, a, side);
    ab.first().copied().unwrap_or(false) && ba.first().copied().unwrap_or(false)
}

/// The edges (vertex, player, option) on some endless alternating play from vertex 0: both
/// ends in one strongly connected part of the graph of (vertex, player to move).
fn alternating_edges(g: &LoopyGraph) -> Vec<(u32, usize, u32)> {
    let n = g.len();
    let comp = alternating_components(g);
    let mut out = Vec::new();
    for v in g.reachable(0) {
        for player in 0..2 {
            for &w in g.options(v, player) {
                let (s, t) = (v as usize * 2 + player, w as usize * 2 + (1 - player));
                if s < 2 * n && t < 2 * n && comp[s] == comp[t] {
                    out.push((v, player, w));
                }
            }
        }
    }
    out
}

/// The strongly connected component of each state (vertex, player to move) of the
/// alternating graph, a state alone in its component marked apart (`usize::MAX - state`): the
/// alternating graph has no edge from a state to itself, so a singleton is on no cycle.
fn alternating_components(g: &LoopyGraph) -> Vec<usize> {
    let succ = |s: usize| -> Vec<usize> {
        let (v, p) = ((s / 2) as u32, s % 2);
        g.options(v, p).iter().map(|&w| w as usize * 2 + (1 - p)).collect()
    };
    let (comp, count) = strong_components(g.len() * 2, succ);
    let mut size = vec![0usize; count];
    for &c in &comp {
        if let Some(n) = size.get_mut(c) {
            *n += 1;
        }
    }
    comp.iter()
        .enumerate()
        .map(|(s, &c)| if size.get(c).is_some_and(|&n| n > 1) { c } else { usize::MAX - s })
        .collect()
}
