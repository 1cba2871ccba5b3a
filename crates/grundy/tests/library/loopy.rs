//! Loopy games against plain definitions: every game graph of up to three vertices (each
//! vertex any set of Left and Right options, cycles and passes included) and sums of two of
//! them, their outcomes against a plain retrograde solver written here from the definitions
//! of winning and losing; every stopper's simplest form read back from its text and checked
//! equal to the game by the outcomes of its sums with test games (equal games have equal
//! outcomes in every sum), and by comparison both ways; every pair of sides checked equal to
//! the game's by the comparison of sides.

use grundy::values::partizan::loopy::{
    loopy_value, outcomes_of_sides, parse_loopy, stoppers_equal, LoopyGraph, LoopyOutcome, Retrograde,
};
use grundy::values::partizan::GameStore;

/// Who wins from each (vertex, player to move), by plain iteration to a fixed point: a state is
/// won for the mover when some move reaches a state lost for the other player, lost when every
/// move (none included) reaches a state won for the other; what is never settled is a draw.
fn plain_outcomes(g: &LoopyGraph) -> Vec<[LoopyOutcome; 2]> {
    let n = g.len();
    // Some(true): the player to move wins; Some(false): loses.
    let mut state: Vec<[Option<bool>; 2]> = vec![[None, None]; n];
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            for p in 0..2 {
                if state[v as usize][p].is_some() {
                    continue;
                }
                let opts = g.options(v, p);
                let next = |w: u32| state[w as usize][1 - p];
                let result = if opts.iter().any(|&w| next(w) == Some(false)) {
                    Some(true)
                } else if opts.iter().all(|&w| next(w) == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if result.is_some() {
                    state[v as usize][p] = result;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    state
        .iter()
        .map(|s| {
            let mut o = [LoopyOutcome::Draw; 2];
            for (p, slot) in o.iter_mut().enumerate() {
                *slot = match s[p] {
                    Some(true) if p == 0 => LoopyOutcome::Left,
                    Some(true) => LoopyOutcome::Right,
                    Some(false) if p == 0 => LoopyOutcome::Right,
                    Some(false) => LoopyOutcome::Left,
                    None => LoopyOutcome::Draw,
                };
            }
            o
        })
        .collect()
}

/// The graph with `n` vertices whose options are coded by the bits of `code`: for vertex v,
/// bits [2n·v, 2n·v + n) its Left options, the next n its Right options.
fn graph_of(n: usize, code: u64) -> LoopyGraph {
    let mut g = LoopyGraph::new();
    for _ in 0..n {
        g.add_vertex();
    }
    for v in 0..n {
        for w in 0..n {
            if code >> (2 * n * v + w) & 1 == 1 {
                g.add_left(v as u32, w as u32);
            }
            if code >> (2 * n * v + n + w) & 1 == 1 {
                g.add_right(v as u32, w as u32);
            }
        }
    }
    g
}

/// A small xorshift generator, seeded, so that a failure can be replayed.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn outcomes_of_every_small_graph_match_plain_retrograde() {
    for n in 1..=3usize {
        for code in 0..1u64 << (2 * n * n) {
            let g = graph_of(n, code);
            let plain = plain_outcomes(&g);
            let retro = Retrograde::solve(&g);
            for v in 0..n as u32 {
                for (p, &want) in plain[v as usize].iter().enumerate() {
                    assert_eq!(retro.outcome(v, p), want, "n={n} code={code} v={v} p={p}");
                }
            }
        }
    }
}

#[test]
fn outcomes_of_sums_of_two_small_graphs_match_plain_retrograde() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let (n1, n2) = (1 + next(&mut seed) as usize % 4, 1 + next(&mut seed) as usize % 4);
        let a = graph_of(n1, next(&mut seed) & ((1 << (2 * n1 * n1)) - 1));
        let b = graph_of(n2, next(&mut seed) & ((1 << (2 * n2 * n2)) - 1));
        let s = a.sum(0, &b, 0, 1 << 20).unwrap();
        let plain = plain_outcomes(&s);
        let retro = Retrograde::solve(&s);
        for (p, &want) in plain[0].iter().enumerate() {
            assert_eq!(retro.outcome(0, p), want);
        }
    }
}

/// Test games X for the sums G + X: short games and the plumtrees.
const PROBES: [&str; 14] =
    ["0", "*", "1", "-1", "1/2", "{1|0}", "^", "v*", "{2|-2}", "on", "off", "over", "under", "upon"];

/// The outcome pair of G + X for each probe X, G vertex 0 of `g`.
fn probe_outcomes(g: &LoopyGraph, store: &mut GameStore) -> Vec<[LoopyOutcome; 2]> {
    PROBES
        .iter()
        .map(|x| {
            let xg = parse_loopy(x, store).unwrap();
            let s = g.sum(0, &xg, 0, 1 << 20).unwrap();
            let r = Retrograde::solve(&s);
            [r.outcome(0, 0), r.outcome(0, 1)]
        })
        .collect()
}

/// Checks a game's value against the game itself: a stopper's written simplest form read back
/// has the same outcome in every probe sum; the outcomes reported are the plain ones.
fn check_value(g: &LoopyGraph, what: &str) {
    let mut store = GameStore::new();
    let plain = plain_outcomes(g);
    let value = match loopy_value(g, 0, &mut store, 1 << 26) {
        Ok(v) => v,
        Err(e) => {
            // Only a game that is not a stopper may be refused (its sides not found).
            assert!(!g.is_stopper(0), "{what}: a stopper refused: {e}");
            return;
        }
    };
    assert_eq!([value.outcome_left_first, value.outcome_right_first], plain[0], "{what}");
    assert_eq!(value.stopper, g.is_stopper(0), "{what}");
    if let Some(canonical) = &value.canonical {
        let back = parse_loopy(canonical, &mut store)
            .unwrap_or_else(|e| panic!("{what}: '{canonical}' does not read back: {e}"));
        assert!(back.is_stopper(0), "{what}: '{canonical}' is not a stopper");
        assert_eq!(probe_outcomes(g, &mut store), probe_outcomes(&back, &mut store), "{what}: '{canonical}'");
    } else {
        let (on, off) = (value.onside.clone().unwrap(), value.offside.clone().unwrap());
        let mut sides = Vec::new();
        for side in [&on, &off] {
            let back =
                parse_loopy(side, &mut store).unwrap_or_else(|e| panic!("{what}: '{side}' does not read back: {e}"));
            assert!(back.is_stopper(0), "{what}: side '{side}' is not a stopper");
            sides.push(back);
        }
        // The sides decide the outcomes (Left wins moving first when she wins the offside,
        // Right when he wins the onside): checked against the game's own retrograde analysis.
        let (l, r) = outcomes_of_sides(&sides[0], &sides[1]);
        assert_eq!([l, r], plain[0], "{what}: the outcomes of {on} & {off}");
    }
}

#[test]
fn every_graph_of_up_to_two_vertices_is_valued_exactly() {
    for n in 1..=2usize {
        for code in 0..1u64 << (2 * n * n) {
            check_value(&graph_of(n, code), &format!("n={n} code={code}"));
        }
    }
}

#[test]
fn random_graphs_of_three_and_four_vertices_are_valued_exactly() {
    let mut seed = 0x2545_f491_4f6c_dd1d;
    for _ in 0..3000 {
        let n = 3 + next(&mut seed) as usize % 2;
        // Sparse: each edge with probability 1/4, so that stoppers are common.
        let code = next(&mut seed) & next(&mut seed) & ((1 << (2 * n * n)) - 1);
        check_value(&graph_of(n, code), &format!("n={n} code={code}"));
    }
}

#[test]
fn sums_of_two_small_graphs_are_valued_exactly() {
    let mut seed = 0x1234_5678_9abc_def1;
    for _ in 0..600 {
        let (n1, n2) = (1 + next(&mut seed) as usize % 3, 1 + next(&mut seed) as usize % 3);
        let a = graph_of(n1, next(&mut seed) & next(&mut seed) & ((1 << (2 * n1 * n1)) - 1));
        let b = graph_of(n2, next(&mut seed) & next(&mut seed) & ((1 << (2 * n2 * n2)) - 1));
        let s = a.sum(0, &b, 0, 1 << 20).unwrap();
        check_value(&s, "a sum");
    }
}

/// The simplest form of a stopper is one: simplifying it again changes nothing, and the
/// stoppers written for equal games are the same text.
#[test]
fn simplest_forms_are_fixed_and_unique() {
    let mut seed = 0x0f0f_1234_5555_aaaa;
    for _ in 0..1500 {
        let n = 1 + next(&mut seed) as usize % 4;
        let g = graph_of(n, next(&mut seed) & next(&mut seed) & ((1 << (2 * n * n)) - 1));
        if !g.is_stopper(0) {
            continue;
        }
        let mut store = GameStore::new();
        let v = loopy_value(&g, 0, &mut store, 1 << 26).unwrap();
        let text = v.canonical.unwrap();
        let back = parse_loopy(&text, &mut store).unwrap();
        let again = loopy_value(&back, 0, &mut store, 1 << 26).unwrap();
        assert_eq!(again.canonical.as_deref(), Some(text.as_str()));
    }
}

/// Backsliding Toads and Frogs (Winning Ways; Albert and Nowakowski, "Backsliding Toads and
/// Frogs", Games of No Chance 3): a toad steps right or back left into an empty cell, or jumps
/// right over one frog; a frog the same the other way. The graph of every strip reached.
fn backsliding(start: &str) -> LoopyGraph {
    use std::collections::HashMap;
    let mut index: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut list: Vec<Vec<u8>> = vec![start.bytes().collect()];
    let mut g = LoopyGraph::new();
    index.insert(list[0].clone(), g.add_vertex());
    let mut i = 0;
    while i < list.len() {
        let cells = list[i].clone();
        for (player, (me, other, dir)) in [(b'T', b'F', 1i64), (b'F', b'T', -1i64)].into_iter().enumerate() {
            for at in 0..cells.len() as i64 {
                if cells[at as usize] != me {
                    continue;
                }
                let cell = |k: i64| if k >= 0 && (k as usize) < cells.len() { Some(cells[k as usize]) } else { None };
                let mut targets = vec![];
                if cell(at + dir) == Some(b'.') {
                    targets.push(at + dir);
                }
                if cell(at - dir) == Some(b'.') {
                    targets.push(at - dir);
                }
                if cell(at + dir) == Some(other) && cell(at + 2 * dir) == Some(b'.') {
                    targets.push(at + 2 * dir);
                }
                for t in targets {
                    let mut next = cells.clone();
                    next.swap(at as usize, t as usize);
                    let w = match index.get(&next) {
                        Some(&w) => w,
                        None => {
                            let w = g.add_vertex();
                            index.insert(next.clone(), w);
                            list.push(next);
                            w
                        }
                    };
                    if player == 0 {
                        g.add_left(i as u32, w);
                    } else {
                        g.add_right(i as u32, w);
                    }
                }
            }
        }
        i += 1;
    }
    g
}

/// Whether two stoppers written as text are equal: the same outcome in every probe sum and
/// each at most the other (a sum with the other's negative that Left survives moving second).
fn same_stopper(a: &str, b: &str) -> bool {
    let mut store = GameStore::new();
    let (ga, gb) = (parse_loopy(a, &mut store).unwrap(), parse_loopy(b, &mut store).unwrap());
    probe_outcomes(&ga, &mut store) == probe_outcomes(&gb, &mut store) && stoppers_equal(&ga, &gb).unwrap()
}

#[test]
fn backsliding_toads_and_frogs_has_cgsuites_published_value() {
    // CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala):
    // BackslidingToadsAndFrogs("ttt..fff") is {on||0|-1/2} & {1/2|0||off} (written there with
    // CGSuite's nested bars; grundy writes the inner braces).
    let g = backsliding("TTT..FFF");
    let mut store = GameStore::new();
    let v = loopy_value(&g, 0, &mut store, 1 << 30).unwrap();
    assert!(!v.stopper);
    let (on, off) = (v.onside.unwrap(), v.offside.unwrap());
    assert!(same_stopper(&on, "{on||0|-1/2}"), "onside {on}");
    assert!(same_stopper(&off, "{1/2|0||off}"), "offside {off}");
    assert_eq!(v.text, "{on|{0|-1/2}} & {{1/2|0}|off}");
}
