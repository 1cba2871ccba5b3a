//! The onside and offside of a game that is not a stopper (Conway's sidling; Siegel,
//! "Combinatorial Game Theory", ch. VI.4): each a stopper, found here by deleting edges of the
//! game's own graph that take part in endless alternating play, one at a time, each deletion
//! kept only when the comparison of sides shows the side unchanged. What comes out is checked
//! equal to the side it stands for, so an answer is exact; a game whose sides no deletions
//! reach (Bach's carousel, whose sides are not stoppers) is refused.

use crate::values::partizan::loopy::compare::stopper_pairs_le;
use crate::values::partizan::loopy::compare::{all_pairs_le, Side};
use crate::values::partizan::loopy::graph::strong_components;
use crate::values::partizan::loopy::simplify::{simplest_stopper, simplify_all};
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::PartizanError;

/// The simplest form of the onside (`Side::On`) or offside (`Side::Off`) of vertex 0 of the
/// packed graph `g`: found one strongly connected part at a time (the parts below a part
/// replaced by their sides, found first), and the answer checked equal to `g`'s side on the
/// whole graph; where that check fails, or a part is too tangled, the whole graph's edges are
/// deleted in one search instead.
pub fn side_of(g: &LoopyGraph, side: Side, max_steps: u64, memory: u64) -> Result<LoopyGraph, PartizanError> {
    let mut steps: u64 = 0;
    if let Some(form) = side_by_parts(g, side, max_steps, &mut steps)? {
        if equal_at(&form, 0, g, 0, side)? {
            return Ok(form);
        }
    }
    // The search over the whole graph compares every pair of its positions, each pair with
    // each player to move holding a few bytes: refused before it where that passes the bound.
    let table = (g.len() as u64).saturating_mul(g.len() as u64).saturating_mul(16);
    if table > memory {
        return Err(PartizanError::TooMuchMemory {
            operation: "a loopy game's sides over its whole graph",
            limit: memory,
        });
    }
    let mut h = g.packed(0);
    delete_edges(&mut h, g, &[0], side, max_steps, &mut steps)?;
    simplest_stopper(&h, 0, max_steps)
}

/// Deletes edges of `h` on endless alternating play, one at a time, keeping each deletion
/// after which every vertex of `keep` has the same side in `h` as in `original` (vertex
/// numbers shared), until `h` is a stopper from each of `keep`.
fn delete_edges(
    h: &mut LoopyGraph,
    original: &LoopyGraph,
    keep: &[u32],
    side: Side,
    max_steps: u64,
    steps: &mut u64,
) -> Result<(), PartizanError> {
    'deleting: while keep.iter().any(|&v| !h.is_stopper(v)) {
        for (v, player, w) in alternating_edges(h, keep) {
            crate::stop::check()?;
            *steps += (original.len() * h.len()) as u64;
            if *steps > max_steps {
                return Err(PartizanError::TooMuchWork { operation: "a loopy game's sides", limit: max_steps });
            }
            let mut candidate = h.clone();
            let kept: Vec<u32> = candidate.options(v, player).iter().copied().filter(|&x| x != w).collect();
            candidate.set_options(v, player, kept);
            let (ab, ba) = (all_pairs_le(&candidate, original, side)?, all_pairs_le(original, &candidate, side)?);
            let n = original.len();
            let same = keep.iter().all(|&k| {
                let at = k as usize * n + k as usize;
                ab.get(at).copied().unwrap_or(false) && ba.get(at).copied().unwrap_or(false)
            });
            if same {
                *h = candidate;
                continue 'deleting;
            }
        }
        return Err(PartizanError::Undefined(format!(
            "the {} of this game is not reached by deleting its edges; its sides may not be stoppers (as for Bach's carousel), and grundy does not value it",
            if side == Side::On { "onside" } else { "offside" }
        )));
    }
    Ok(())
}

/// Whether vertex `x` of `a` and `y` of `b` have the same side.
fn equal_at(a: &LoopyGraph, x: u32, b: &LoopyGraph, y: u32, side: Side) -> Result<bool, PartizanError> {
    let ab = all_pairs_le(a, b, side)?;
    let ba = all_pairs_le(b, a, side)?;
    Ok(ab.get(x as usize * b.len() + y as usize).copied().unwrap_or(false)
        && ba.get(y as usize * a.len() + x as usize).copied().unwrap_or(false))
}

/// The side of vertex 0 found part by part: each strongly connected part, with the sides of
/// the positions it moves out to copied beside it, has its edges deleted until it is a
/// stopper with every position's side unchanged, then is simplified. `None` when a part cannot
/// be made a stopper so.
fn side_by_parts(
    g: &LoopyGraph,
    side: Side,
    max_steps: u64,
    steps: &mut u64,
) -> Result<Option<LoopyGraph>, PartizanError> {
    let n = g.len();
    let (_, members) = g.parts();
    // Each position's side, a stopper in simplest form (vertex 0 its start).
    let mut forms: Vec<Option<LoopyGraph>> = vec![None; n];
    for part in &members {
        let mut local = LoopyGraph::new();
        let mut at = std::collections::HashMap::new();
        for &v in part {
            at.insert(v, local.add_vertex());
        }
        let mut copied = std::collections::HashMap::new();
        for &v in part {
            for player in 0..2 {
                for &w in g.options(v, player) {
                    let target = match at.get(&w) {
                        Some(&t) => t,
                        None => match copied.get(&w) {
                            Some(&t) => t,
                            None => {
                                let Some(form) = forms.get(w as usize).cloned().flatten() else { return Ok(None) };
                                let t = local.append(&form);
                                copied.insert(w, t);
                                t
                            }
                        },
                    };
                    let from = at.get(&v).copied().unwrap_or(0);
                    if player == 0 {
                        local.add_left(from, target);
                    } else {
                        local.add_right(from, target);
                    }
                }
            }
        }
        // Each part's work is at least its pairs of vertices (the comparisons below).
        crate::stop::check()?;
        *steps = steps.saturating_add((local.len() as u64).saturating_mul(local.len() as u64));
        if *steps > max_steps {
            return Err(PartizanError::TooMuchWork { operation: "a loopy game's sides", limit: max_steps });
        }
        let keep: Vec<u32> = (0..part.len() as u32).collect();
        let original = local.clone();
        if delete_edges(&mut local, &original, &keep, side, max_steps, steps).is_err() {
            return Ok(None);
        }
        let le = stopper_pairs_le(&local, 0, |_, _| false);
        let (simple, fused) = simplify_all(local, &le, &keep, max_steps)?;
        for (&v, &k) in part.iter().zip(&keep) {
            forms[v as usize] = Some(simple.packed(fused.get(k as usize).copied().unwrap_or(k)));
        }
    }
    Ok(forms.first().cloned().flatten())
}

/// The edges (vertex, player, option) on some endless alternating play from the vertices
/// `from`: both ends in one strongly connected part of the graph of (vertex, player to move).
fn alternating_edges(g: &LoopyGraph, from: &[u32]) -> Vec<(u32, usize, u32)> {
    let n = g.len();
    let comp = alternating_components(g);
    let mut out = Vec::new();
    for v in g.reachable_all(from) {
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
