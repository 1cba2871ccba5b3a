//! Take-and-break games: the sparse engine against the plain mex table, octal spellings of the
//! seed rulesets against those rulesets, and known periods.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::frontend::{guy_smith_period, OctalCode, SparseEngine};
use grundy::{HeapSolver, Period, Ruleset};

use crate::common;

use common::{engine_values, mex_values, ruleset};

/// Every code with two digits after the point, some longer ones, codes with 4 before the
/// point, and Grundy's game: the sparse engine equals the mex of all options, value by value.
#[test]
fn sparse_engine_equals_mex_table() {
    let mut codes: Vec<String> = vec![];
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("octal:0.{d1}{d2}"));
        }
    }
    for c in [
        "0.137", "0.1777", "0.156", "0.106", "0.007", "0.165", "0.3f", "4.07", "4.4", "4.16", "0.4444", "0.72",
        "0.3333",
    ] {
        if !c.contains('f') {
            codes.push(format!("octal:{c}"));
        }
    }
    codes.push("grundys-game".into());
    for code in &codes {
        let upto = if code.len() <= 10 { 1200 } else { 2500 };
        assert_eq!(engine_values(code, upto + 1), mex_values(code, upto as u64), "{code}");
    }
    // A longer run, where the mask is rebuilt several times.
    for code in ["octal:0.16", "octal:0.6", "grundys-game"] {
        assert_eq!(engine_values(code, 4001), mex_values(code, 4000), "{code}");
    }
}

/// Games with many move sizes, where a heap has more options than objects and the values pass
/// 255 within a few hundred heaps (the plain mex table once sized its flags by the heap and
/// disagreed with the engine here: the engine was right).
#[test]
fn many_options_and_large_values() {
    for code in ["octal:4.7777777777777777", "octal:0.3777777777777777", "octal:0.6666666666666666666"] {
        let (engine, mex) = (engine_values(code, 1201), mex_values(code, 1200));
        assert_eq!(engine, mex, "{code}");
        assert!(mex.iter().any(|&v| v > 255), "{code}: values pass 255");
    }
}

/// Octal spellings of seed rulesets: 0.33 is bounded:2, 0.3^K is bash:K, a 3 at each size of S
/// is subtraction:S, and 0.333...3 is nim up to its length.
#[test]
fn octal_codes_equal_seed_rulesets() {
    let pairs = [
        ("octal:0.33", "bounded:2"),
        ("octal:0.3333", "bash:4"),
        ("octal:0.303", "subtraction:1,3"),
        ("octal:0.0303", "subtraction:2,4"),
        ("octal:0.03003", "subtraction:2,5"),
        ("octal:0.3", "bounded:1"),
    ];
    for (octal, seed) in pairs {
        let a = HeapSolver::new(&ruleset(octal), 3000, 1_000_000).unwrap();
        let b = HeapSolver::new(&ruleset(seed), 3000, 1_000_000).unwrap();
        for n in (0..3000).chain([1_000_000_007, u64::MAX - 5]) {
            assert_eq!(a.value(n), b.value(n), "{octal} vs {seed} at {n}");
        }
        let (pa, pb) = (a.period().unwrap(), b.period().unwrap());
        assert_eq!((pa.preperiod, pa.period), (pb.preperiod, pb.period), "{octal} vs {seed}");
    }
    let digits = "3".repeat(40);
    let long_nim = HeapSolver::new(&ruleset(&format!("octal:0.{digits}")), 40, 1_000_000).unwrap();
    for n in 0..=40 {
        assert_eq!(long_nim.value(n), Some(n), "0.{digits} at {n}");
    }
}

/// Known periods, each found by the engine and checked against the plain mex table on the
/// values it covers (pre-period and period as published and as ogsolve reports them).
#[test]
fn known_periods() {
    let known = [
        ("kayles", 71, 12),
        ("dawsons-kayles", 53, 34),
        ("dawsons-chess", 52, 34),
        ("octal:0.127", 46578, 4),
        ("octal:0.56", 326640, 144),
        ("octal:0.16", 105351, 149459),
    ];
    for (game, pre, per) in known {
        let r = ruleset(game);
        // Asking for a heap past the pre-period makes the solver compute until it is proven.
        let s = HeapSolver::new(&r, 1_000_000, 2_000_000).unwrap_or_else(|e| panic!("{game}: {e}"));
        let p = s.period().unwrap_or_else(|| panic!("{game}: no period"));
        assert_eq!((p.preperiod, p.period, p.saltus), (pre, per, 0), "{game}");
        // The plain table agrees where it is cheap to compute, through the period too.
        let reference = mex_values(game, 1500);
        for (n, &v) in reference.iter().enumerate() {
            assert_eq!(s.value(n as u64), Some(u64::from(v)), "{game} at {n}");
        }
    }
    // Dawson's chess is Dawson's Kayles shifted by one heap.
    let (dc, dk) = (
        HeapSolver::new(&ruleset("dawsons-chess"), 0, 100_000).unwrap(),
        HeapSolver::new(&ruleset("dawsons-kayles"), 0, 100_000).unwrap(),
    );
    for n in 0..10_000u64 {
        assert_eq!(dc.value(n), dk.value(n + 1), "n = {n}");
    }
}

/// Games not known to be periodic report no period: 0.16 before its period can be proven,
/// and Grundy's game, where the theorem does not apply.
#[test]
fn no_period_without_proof() {
    assert_eq!(guy_smith_period(&engine_values("octal:0.16", 100_000), 2), None);
    let mut e = SparseEngine::new(ruleset("grundys-game").split_rules().unwrap());
    e.extend_to(20_000).unwrap();
    assert_eq!(e.period(), None);
    let err = HeapSolver::new(&ruleset("grundys-game"), 10_000_000, 100_000).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("a table of 10000001 values"), "{text}");
    assert!(text.contains("grundy sg grundys-game --upto 10000000 --store DIR"), "{text}");
    assert!(text.contains("roughly"), "a time estimate: {text}");
}

/// The proof condition itself: the period is claimed exactly when G(n + p) = G(n) holds on
/// n0 <= n < 2 max(n0, 1) + p + t, the smallest such pre-period and period.
#[test]
fn guy_smith_condition_is_exact() {
    let v = engine_values("kayles", 400);
    let t = 2;
    let Period { preperiod, period, .. } = guy_smith_period(&v, t).unwrap();
    let (n0, p) = (preperiod as usize, period as usize);
    let need = 2 * n0.max(1) + 2 * p + t as usize;
    assert!(guy_smith_period(&v[..need], t).is_some());
    assert!(guy_smith_period(&v[..need - 1], t).is_none());
    assert!((n0..v.len() - p).all(|n| v[n + p] == v[n]));
    assert_ne!(v[n0 - 1 + p], v[n0 - 1]);
}

/// Codes read and write back; malformed ones are refused with the bad part named.
#[test]
fn codes_round_trip_and_errors() {
    for s in ["octal:0.77", "octal:4.07", "kayles", "dawsons-kayles", "dawsons-chess", "officers", "grundys-game"] {
        assert_eq!(ruleset(s).to_string(), s);
    }
    assert_eq!("kayles".parse::<OctalCode>().unwrap().code(), "0.77");
    for (s, part) in [("octal:0.8", "'8'"), ("octal:", "empty"), ("octal:abc", "'a'"), ("octal", "needs a parameter")] {
        let e = s.parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.contains(part), "{s}: {e}");
    }
}

/// Winning moves in a sum with splits: every listed move leads to value 0.
#[test]
fn winning_splits_are_listed() {
    let kayles = ruleset("kayles");
    let s = HeapSolver::new(&kayles, 20, 1000).unwrap();
    let moves = s.options_with_value(8, 0).unwrap();
    let reference = mex_values("kayles", 20);
    let mut expected = vec![];
    kayles.for_each_option(8, &mut |to| {
        if to.iter().fold(0, |x, &h| x ^ reference[h as usize]) == 0 {
            expected.push(to.to_vec());
        }
    });
    assert_eq!(moves, expected);
    assert!(moves.iter().any(|m| m.len() == 2));
    // Too many options for the budget: a refusal, not a partial list.
    let small = HeapSolver::new(&kayles, 0, 100).unwrap();
    assert!(small.options_with_value(1_000_000, 0).is_err());
}

/// A heap with more options than the budget: the outcome and value are still given, the moves
/// of that heap are said to be left out, the other heaps' moves are listed, the count is not
/// known (not the number listed), and a bigger budget lists them all. (Splits into two heaps of
/// a game with a proven period come as families at any size: see `families.rs`; splits into
/// three heaps are walked one by one.)
#[test]
fn huge_split_heap_keeps_outcome_without_its_moves() {
    let game: grundy::Game = "hex:0.8".parse().unwrap();
    let pos = game.parse_position(&["600", "5"]).unwrap();
    let tight = grundy::AnalyzeOptions { budget: 10_000, ..grundy::AnalyzeOptions::default() };
    let a = grundy::analyze(&game, &pos, &tight).unwrap();
    let reference = mex_values("hex:0.8", 600);
    assert_eq!(a.sg, Some(u64::from(reference[600] ^ reference[5])));
    assert_eq!(a.outcome.to_string(), if reference[600] == reference[5] { "P" } else { "N" });
    assert_ne!(reference[600], reference[5], "the position is an N-position, with moves to list");
    let why = a.winning_moves_not_listed.as_deref().expect("heap 1's moves are left out");
    assert!(why.contains("heap 1") && why.contains("it needs at most"), "{why}");
    let needed = a.listing_budget.expect("a budget that lists them");
    assert!(a.explanation.iter().any(|l| l.starts_with("Not every winning move is listed")));
    // Heap 2's moves are listed, nothing of heap 1, and the count is not known.
    assert!(a.winning_moves.iter().all(|m| m.mv.heap == 1));
    assert_eq!(a.winning_move_count, None);
    // The budget it names lists every move, each leaving a position of value 0.
    let enough = grundy::AnalyzeOptions { budget: needed, ..tight };
    let b = grundy::analyze(&game, &pos, &enough).unwrap();
    assert!(b.winning_moves_not_listed.is_none());
    assert_eq!(b.winning_move_count, Some(b.winning_moves.len() as u128));
    assert!(b.winning_moves.iter().any(|m| m.mv.heap == 0), "a move in heap 1");
    for m in &b.winning_moves {
        assert_eq!(m.result.iter().map(|&h| reference[h as usize]).fold(0, |x, v| x ^ v), 0, "{}", m.mv);
    }
}
