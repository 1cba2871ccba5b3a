//! Hexadecimal codes: the engine (plain method for three-heap splits) against the mex of every
//! option, hexadecimal spellings of octal games against those games, and proven periods
//! checked far past their proof.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use common::{engine_values, mex_values, ruleset};
use grundy::HeapSolver;

/// Codes with three-heap moves (digits 8 to f), before and after the point.
const THREE_HEAP_CODES: [&str; 16] = [
    "hex:0.8", "hex:0.f", "hex:8.0", "hex:0.48", "hex:0.88", "hex:0.b", "hex:0.9", "hex:c.1", "hex:0.18", "hex:0.38",
    "hex:0.f8", "hex:4.8", "hex:0.08", "hex:0.c", "hex:0.28", "hex:8.31",
];

#[test]
fn three_heap_engine_equals_mex_table() {
    for code in THREE_HEAP_CODES {
        assert_eq!(engine_values(code, 301), mex_values(code, 300), "{code}");
    }
    // Every one-digit code, and a longer run where the values pass 255 (two-byte cells).
    for d in 0..16 {
        let code = format!("hex:0.{d:x}");
        assert_eq!(engine_values(&code, 200), mex_values(&code, 199), "{code}");
    }
    assert_eq!(engine_values("hex:0.f8", 601), mex_values("hex:0.f8", 600), "hex:0.f8");
}

/// A code of octal digits is the octal game: same values, same proven period.
#[test]
fn octal_digits_in_hex_are_the_octal_game() {
    for (hex, octal) in
        [("hex:0.77", "kayles"), ("hex:4.07", "octal:4.07"), ("hex:0.137", "dawsons-chess"), ("hex:0.16", "octal:0.16")]
    {
        assert_eq!(engine_values(hex, 3000), engine_values(octal, 3000), "{hex}");
        let (a, b) = (
            HeapSolver::new(&ruleset(hex), 100, 1 << 20).unwrap(),
            HeapSolver::new(&ruleset(octal), 100, 1 << 20).unwrap(),
        );
        assert_eq!(a.period(), b.period(), "{hex}");
    }
}

/// Whenever a period is proven for a three-heap game (by the theorem's bound for three heaps),
/// the plain mex table agrees with it far beyond the values that proved it. Some of these games
/// are periodic, so the check is not empty.
#[test]
fn proven_three_heap_periods_hold_far_out() {
    let mut proven = 0;
    for code in THREE_HEAP_CODES.iter().copied().chain(["hex:0.3f", "hex:0.b1", "hex:0.7f", "hex:4.f"]) {
        let solver = HeapSolver::new(&ruleset(code), 10, 1 << 20);
        let Some(p) = solver.ok().and_then(|s| s.period()) else { continue };
        proven += 1;
        let far = 3 * (p.preperiod + p.period) + 200;
        let v = mex_values(code, far);
        for n in p.preperiod..=far - p.period {
            assert_eq!(v[(n + p.period) as usize], v[n as usize], "{code}: G({}) != G({n})", n + p.period);
        }
        // The smallest pre-period: one step earlier breaks it.
        if p.preperiod > 0 {
            let n = (p.preperiod - 1) as usize;
            assert_ne!(v[n + p.period as usize], v[n], "{code}: pre-period {} is not the smallest", p.preperiod);
        }
    }
    assert!(proven >= 3, "only {proven} three-heap codes had a proven period");
}

/// The three-heap bound is larger than the two-heap one: values that prove a period for an
/// octal game do not prove it for a game that leaves three heaps.
#[test]
fn three_heap_proof_needs_more_values() {
    let v: Vec<u16> = (0..12).map(|n| n % 2).collect();
    assert!(grundy::frontend::guy_smith_period_parts(&v[..7], 1, 2).is_some());
    assert!(grundy::frontend::guy_smith_period_parts(&v[..9], 1, 3).is_none());
    assert!(grundy::frontend::guy_smith_period_parts(&v[..10], 1, 3).is_some());
    // And the rules pick the bound: one object taken, leaving two heaps (0.4) or three (hex:0.8).
    let two = ruleset("octal:0.4").split_rules().unwrap();
    let three = ruleset("hex:0.8").split_rules().unwrap();
    assert!(two.proven_period(&v[..7]).is_some());
    assert!(three.proven_period(&v[..9]).is_none());
    assert!(three.proven_period(&v[..10]).is_some());
}

#[test]
fn huge_heaps_of_growing_three_heap_games_are_refused() {
    let e = HeapSolver::new(&ruleset("hex:0.8"), 1_000_000_000, 1 << 20).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("hex:0.8") && e.contains("three") && !e.contains('\n'), "{e}");
}
