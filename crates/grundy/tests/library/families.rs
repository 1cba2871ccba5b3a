//! Winning moves as families (arithmetic progressions of splits) for take-and-break games with a
//! proven period: on every small heap the families hold exactly the options of the target value
//! found by walking every option, and at 10^18 their count agrees with a count made another way
//! and their sampled members land on positions of value 0.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use std::collections::BTreeSet;

use common::{mex_values, ruleset};
use grundy::frontend::MoveFamily;
use grundy::{analyze, AnalyzeOptions, Game, HeapSolver, Ruleset};

/// Octal games whose periods the engine proves quickly: from period 1 to 34, pre-periods from 0
/// to 143, with and without splits that take nothing.
const PERIODIC: [&str; 13] = [
    "kayles",
    "octal:0.07",
    "octal:0.137",
    "octal:0.51",
    "octal:0.71",
    "octal:0.33",
    "octal:0.53",
    "octal:0.35",
    "octal:0.15",
    "octal:4.7",
    "octal:0.26",
    "octal:0.44",
    "octal:0.54",
];

fn solver(name: &str) -> HeapSolver {
    let s = HeapSolver::new(&ruleset(name), 1 << 62, 4_000_000).unwrap();
    assert!(s.period().is_some(), "{name}: the period is proven");
    s
}

/// Every option of a heap of n with value `target`, by walking all of them.
fn plain_options(r: &Ruleset, s: &HeapSolver, n: u64, target: u64) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    r.for_each_option(n, &mut |to| {
        if to.iter().map(|&h| s.value(h).unwrap()).fold(0, |a, v| a ^ v) == target {
            out.insert(to.to_vec());
        }
    });
    out
}

fn members(families: &[MoveFamily]) -> Vec<Vec<u64>> {
    families.iter().flat_map(|f| f.members().map(|m| m.to)).collect()
}

#[test]
fn families_hold_exactly_the_options_of_each_value_on_every_small_heap() {
    for name in PERIODIC {
        let r = ruleset(name);
        let s = solver(name);
        let p = s.period().unwrap();
        // The values through the table agree with the plain mex of every option.
        let plain = mex_values(name, 400);
        for (n, &v) in plain.iter().enumerate() {
            assert_eq!(s.value(n as u64), Some(u64::from(v)), "{name} G({n})");
        }
        let last = (2 * (p.preperiod + p.period) + 40).min(400);
        for n in 0..=last {
            for target in 0..=8 {
                let families = s.winning_families(n, target).unwrap();
                let listed = members(&families);
                let distinct: BTreeSet<Vec<u64>> = listed.iter().cloned().collect();
                assert_eq!(listed.len(), distinct.len(), "{name} n = {n}: a move counted twice");
                assert_eq!(distinct, plain_options(&r, &s, n, target), "{name} n = {n} target {target}");
                for f in &families {
                    assert!(f.count >= 1 && f.members().all(|m| f.contains(&m)), "{name} {f}");
                }
            }
        }
    }
}

/// The number of options of a heap of n with value `target`, counted one by one (the rules
/// list each option once).
fn plain_count(r: &Ruleset, s: &HeapSolver, n: u64, target: u64) -> u128 {
    plain_options(r, s, n, target).len() as u128
}

#[test]
fn huge_heaps_count_as_the_linear_growth_of_small_ones_predicts() {
    // Past the pre-period the number of splits of each class grows by one every time the heap
    // grows by twice the period (the first heap of a split runs to half the rest), so the count
    // at 10^18 follows from two counts made one by one on heaps a few thousand big, at the same
    // residue modulo twice the period.
    for name in PERIODIC {
        let r = ruleset(name);
        let s = solver(name);
        let p = s.period().unwrap();
        let big: u64 = 1_000_000_000_000_000_000;
        let cycle = 2 * p.period;
        let base = 4 * (p.preperiod + p.period) + 100;
        let n1 = base + (big - base) % cycle;
        let n2 = n1 + cycle;
        for target in 0..=4 {
            let (c1, c2) = (plain_count(&r, &s, n1, target), plain_count(&r, &s, n2, target));
            let predicted = c1 + (c2 - c1) * u128::from((big - n1) / cycle);
            let families = s.winning_families(big, target).unwrap();
            let count: u128 = families.iter().map(|f| u128::from(f.count)).sum();
            assert_eq!(count, predicted, "{name} n = 10^18 target {target}");
            // Sampled members (the first, the last and a few between) are legal moves that reach
            // the target value.
            let rules = r.split_rules().unwrap();
            for f in &families {
                for j in [0, 1, f.count / 3, f.count / 2, f.count.saturating_sub(1)] {
                    let Some(m) = f.member(j) else { continue };
                    assert!(rules.allows(big, &m.to), "{name}: {m} is not a move");
                    let v = m.to.iter().map(|&h| s.value(h).unwrap()).fold(0, |a, v| a ^ v);
                    assert_eq!(v, target, "{name}: {m}");
                }
            }
        }
    }
}

#[test]
fn kayles_of_ten_to_the_eighteen_lists_its_families_with_the_exact_count() {
    let game: Game = "kayles".parse().unwrap();
    let big = 1_000_000_000_000_000_000u64;
    let a = analyze(&game, &game.parse_position(&[big.to_string()]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome.to_string(), "N");
    let families: Vec<MoveFamily> = a.winning_families.iter().map(|f| f.family.clone()).collect();
    let count: u128 = families.iter().map(|f| u128::from(f.count)).sum();
    assert_eq!(a.winning_move_count, Some(count));
    assert!(count > 10u128.pow(16), "{count}");
    // The moves listed one by one are the first ones, all winning, and each in a family.
    assert_eq!(a.winning_moves.len(), grundy::frontend::LISTED_MOVES);
    let s = solver("kayles");
    for m in &a.winning_moves {
        assert!(families.iter().any(|f| f.contains(&m.mv)), "{}", m.mv);
        assert_eq!(m.mv.to.iter().map(|&h| s.value(h).unwrap()).fold(0, |x, v| x ^ v), 0);
    }
    assert!(a.winning_moves_not_listed.as_deref().unwrap().contains("the families give every one"));
    // A family's words name its class and range.
    let wide = a.winning_families.iter().find(|f| f.family.count > 1).unwrap();
    assert!(
        wide.text.contains("(mod 12)") && wide.text.contains(&format!("({} moves)", wide.family.count)),
        "{}",
        wide.text
    );
    // JSON keeps the count exact.
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["winning_move_count"].as_u64().map(u128::from), Some(count));
}

#[test]
fn sums_add_the_families_of_each_heap() {
    let game: Game = "kayles".parse().unwrap();
    let s = solver("kayles");
    let heaps = [999_999_999_999_999_989u64, 1_000_000_000_000_000_000, 7];
    let a = analyze(&game, &game.parse_position(&heaps.map(|h| h.to_string())).unwrap(), &AnalyzeOptions::default())
        .unwrap();
    let x = heaps.iter().map(|&h| s.value(h).unwrap()).fold(0, |a, v| a ^ v);
    assert_eq!(a.sg, Some(x));
    let mut expected: u128 = 0;
    for (i, &h) in heaps.iter().enumerate() {
        let target = s.value(h).unwrap() ^ x;
        let mine: u128 = s.winning_families(h, target).unwrap().iter().map(|f| u128::from(f.count)).sum();
        let listed: u128 =
            a.winning_families.iter().filter(|f| f.family.heap == i).map(|f| u128::from(f.family.count)).sum();
        assert_eq!(listed, mine, "heap {}", i + 1);
        expected += mine;
    }
    assert_eq!(a.winning_move_count, Some(expected));
    assert!(a.winning_moves.iter().all(|m| a.winning_families.iter().any(|f| f.family.contains(&m.mv))));
}
