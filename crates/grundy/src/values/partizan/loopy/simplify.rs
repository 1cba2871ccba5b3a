//! The simplest form of a stopper (Conway; Bach's uniqueness theorem; Siegel, "Combinatorial
//! Game Theory", ch. VI.3): reversible options bypassed, dominated options removed, and equal
//! vertices fused into one. Every edit keeps each vertex's value, so the comparison of every
//! pair of vertices, made once at the start, stays true throughout.

use crate::values::partizan::loopy::compare::stopper_pairs_le;
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::PartizanError;

/// The simplest form of the stopper at vertex `start` of `graph`, packed with its start at 0:
/// no two of its vertices are equal, and no option is dominated or reversible.
pub fn simplest_stopper(graph: &LoopyGraph, start: u32, max_steps: u64) -> Result<LoopyGraph, PartizanError> {
    let g = graph.packed(start);
    let le = stopper_pairs_le(&g, 0, |_, _| false);
    let (g, fused) = simplify_all(g, &le, &[0], max_steps)?;
    Ok(g.packed(fused.first().copied().unwrap_or(0)))
}

/// Simplifies every vertex reachable from `roots` in place: afterwards each such vertex's
/// reachable part is its simplest form. `le_all` is the comparison of every pair of vertices
/// ([`stopper_pairs_le`]). Returns the graph and where each vertex went (equal vertices fused
/// into one).
pub fn simplify_all(
    mut g: LoopyGraph,
    le_all: &[bool],
    roots: &[u32],
    max_steps: u64,
) -> Result<(LoopyGraph, Vec<u32>), PartizanError> {
    let n = g.len();
    let le = |x: u32, y: u32| le_all.get(x as usize * n + y as usize).copied().unwrap_or(false);
    let mut steps: u64 = 0;
    let count = |steps: &mut u64| -> Result<(), PartizanError> {
        *steps += 1;
        if (*steps).is_multiple_of(4096) {
            crate::stop::check()?;
        }
        if *steps > max_steps {
            return Err(PartizanError::TooMuchWork { operation: "a loopy game's simplest form", limit: max_steps });
        }
        Ok(())
    };
    let mut changed = true;
    while changed {
        changed = false;
        for v in g.reachable_all(roots) {
            for player in 0..2 {
                // A Left option x of v reverses through a Right option y of x with y <= v:
                // x is replaced by y's Left options (Right's the other way round).
                let mut options = g.options(v, player).to_vec();
                let mut i = 0;
                while let Some(&x) = options.get(i) {
                    count(&mut steps)?;
                    let reversing =
                        g.options(x, 1 - player)
                            .iter()
                            .copied()
                            .find(|&y| if player == 0 { le(y, v) } else { le(v, y) });
                    match reversing {
                        Some(y) => {
                            options.remove(i);
                            for &z in g.options(y, player) {
                                if !options.contains(&z) {
                                    options.push(z);
                                }
                            }
                            changed = true;
                        }
                        None => i += 1,
                    }
                }
                // A dominated option: a Left option below another, a Right one above.
                let mut kept: Vec<u32> = Vec::new();
                for &x in &options {
                    count(&mut steps)?;
                    let worse = |a: u32, b: u32| if player == 0 { le(a, b) } else { le(b, a) };
                    if kept.iter().any(|&k| worse(x, k)) {
                        continue;
                    }
                    kept.retain(|&k| !worse(k, x));
                    kept.push(x);
                }
                if kept.len() != g.options(v, player).len() || kept.iter().any(|k| !g.options(v, player).contains(k)) {
                    changed = true;
                }
                g.set_options(v, player, kept);
            }
        }
    }
    // Fuse equal vertices: each into the first equal one reached.
    let order = g.reachable_all(roots);
    let mut fused: Vec<u32> = (0..n as u32).collect();
    for (i, &v) in order.iter().enumerate() {
        count(&mut steps)?;
        if let Some(&w) = order.iter().take(i).find(|&&w| fused[w as usize] == w && le(v, w) && le(w, v)) {
            fused[v as usize] = w;
        }
    }
    for &v in &order {
        for player in 0..2 {
            let mut options: Vec<u32> = Vec::new();
            for &x in g.options(v, player) {
                let x = fused[x as usize];
                if !options.contains(&x) {
                    options.push(x);
                }
            }
            g.set_options(v, player, options);
        }
    }
    Ok((g, fused))
}
