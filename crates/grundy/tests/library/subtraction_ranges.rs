//! Subtraction sets with ranges (`subtraction:L..R`, `1,4..9,20`): the interval game's closed
//! forms (normal and misère play) and the run-by-run table, each against a plain search written
//! here from the definition (the options of n are n - s for the sizes s <= n), and the set's
//! parsing.

use grundy::frontend::{
    interval_misere_wins, interval_value, misere_subtraction_table, subtraction_table, MisereHeaps, MoveSet,
    DEFAULT_BUDGET,
};
use grundy::{analyze, AnalyzeOptions, Convention, Game, HeapSolver, Outcome, Ruleset};

/// G(0..=upto) by the definition: the mex of G(n - s) over the sizes s <= n.
fn plain_values(sizes: &[u64], upto: u64) -> Vec<u64> {
    let mut g: Vec<u64> = vec![];
    for n in 0..=upto {
        let opts: Vec<u64> = sizes.iter().filter(|&&s| s <= n).map(|&s| g[(n - s) as usize]).collect();
        g.push((0..).find(|v| !opts.contains(v)).unwrap());
    }
    g
}

/// Whether the player to move wins a single heap of each size 0..=upto under misère play, by
/// the definition: with no move they win; else they win when some move leaves a lost heap.
fn plain_misere(sizes: &[u64], upto: u64) -> Vec<bool> {
    let mut w: Vec<bool> = vec![];
    for n in 0..=upto {
        let opts: Vec<bool> = sizes.iter().filter(|&&s| s <= n).map(|&s| w[(n - s) as usize]).collect();
        w.push(opts.is_empty() || opts.iter().any(|&x| !x));
    }
    w
}

fn ruleset(s: &str) -> Ruleset {
    s.parse().unwrap()
}

/// A small deterministic generator (xorshift), so that the random sets are the same each run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn the_interval_closed_form_equals_plain_search() {
    for low in 1..=12u64 {
        for high in low..=12 {
            let sizes: Vec<u64> = (low..=high).collect();
            let plain = plain_values(&sizes, 200);
            let misere = plain_misere(&sizes, 200);
            let r = ruleset(&format!("subtraction:{low}..{high}"));
            let solver = HeapSolver::new(&r, 200, DEFAULT_BUDGET).unwrap();
            let heaps = MisereHeaps::new(&r, DEFAULT_BUDGET).unwrap().unwrap();
            for n in 0..=200u64 {
                let g = plain[n as usize];
                assert_eq!(interval_value(low, high, n), g, "{low}..{high} at {n}");
                assert_eq!(solver.value(n), Some(g), "{low}..{high} at {n}");
                assert_eq!(interval_misere_wins(low, high, n), misere[n as usize], "misère {low}..{high} at {n}");
                assert_eq!(heaps.mover_wins(n), misere[n as usize], "misère {low}..{high} at {n}");
            }
            assert_eq!(solver.period().map(|p| p.period), Some(low + high));
        }
    }
}

/// Every winning move of the closed forms, as families, is exactly the set of options a plain
/// search finds, under both conventions.
#[test]
fn interval_winning_moves_are_every_option_plain_search_finds() {
    for (low, high) in [(1, 1), (1, 5), (2, 2), (2, 7), (3, 4), (3, 9), (5, 12)] {
        let sizes: Vec<u64> = (low..=high).collect();
        let plain = plain_values(&sizes, 150);
        let misere = plain_misere(&sizes, 150);
        let r = ruleset(&format!("subtraction:{low}..{high}"));
        let solver = HeapSolver::new(&r, 150, DEFAULT_BUDGET).unwrap();
        let heaps = MisereHeaps::new(&r, DEFAULT_BUDGET).unwrap().unwrap();
        for n in 0..=150u64 {
            for target in 0..4 {
                let mut want: Vec<u64> =
                    sizes.iter().filter(|&&s| s <= n && plain[(n - s) as usize] == target).map(|&s| n - s).collect();
                let mut got: Vec<u64> = solver
                    .winning_families(n, target)
                    .unwrap()
                    .iter()
                    .flat_map(|f| f.members().map(|m| m.to[0]).collect::<Vec<_>>())
                    .collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{low}..{high}, heap {n}, value {target}");
            }
            let mut want: Vec<u64> =
                sizes.iter().filter(|&&s| s <= n && !misere[(n - s) as usize]).map(|&s| n - s).collect();
            let mut got: Vec<u64> = heaps
                .winning_families(n)
                .iter()
                .flat_map(|f| f.members().map(|m| m.to[0]).collect::<Vec<_>>())
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "misère {low}..{high}, heap {n}");
        }
    }
}

/// A heap of 10^18 of a range of 10^9 sizes: answered at once, with the moves counted exactly
/// (the options that reach value 0 form one block of L heaps, or two across a period's end).
#[test]
fn huge_heaps_of_huge_ranges_are_answered_with_exact_counts() {
    let (low, high) = (1_000u64, 1_000_000_000u64);
    let game: Game = format!("subtraction:{low}..{high}").parse().unwrap();
    let n = 1_000_000_000_000_000_000u64;
    let g = interval_value(low, high, n);
    assert!(g > 0);
    let a = analyze(&game, &game.parse_position(&[n.to_string()]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!((a.outcome, a.sg), (Outcome::N, Some(g)));
    // The moves to value 0 leave m with m mod (L + R) < L, inside n - R .. n - L.
    let p = u128::from(low + high);
    let (lo, hi) = (u128::from(n - high), u128::from(n - low));
    let count: u128 = (lo / p..=hi / p)
        .map(|k| {
            let (a, b) = ((k * p).max(lo), (k * p + u128::from(low) - 1).min(hi));
            if a <= b {
                b - a + 1
            } else {
                0
            }
        })
        .sum();
    assert_eq!(a.winning_move_count, Some(count));
    assert!(count >= 1);
    for m in &a.winning_moves {
        assert_eq!(interval_value(low, high, m.mv.to[0]), 0);
    }
}

/// A random comma list of sizes and ranges with its sizes written out.
fn random_set(rng: &mut Rng, top: u64) -> (String, Vec<u64>) {
    let mut parts = vec![];
    let mut sizes = vec![];
    for _ in 0..1 + rng.below(4) {
        let lo = 1 + rng.below(top);
        if rng.below(2) == 0 {
            parts.push(lo.to_string());
            sizes.push(lo);
        } else {
            let hi = lo + rng.below(top / 2 + 1);
            parts.push(format!("{lo}..{hi}"));
            sizes.extend(lo..=hi);
        }
    }
    sizes.sort_unstable();
    sizes.dedup();
    (parts.join(","), sizes)
}

#[test]
fn mixed_lists_by_table_equal_plain_search_to_300() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..150 {
        let (text, sizes) = random_set(&mut rng, 40);
        let plain = plain_values(&sizes, 300);
        let misere = plain_misere(&sizes, 300);
        let r = ruleset(&format!("subtraction:{text}"));
        let Some(set) = r.move_set() else { panic!() };
        assert_eq!(set.count(), sizes.len() as u64, "{text}");
        let solver = HeapSolver::new(&r, 300, DEFAULT_BUDGET).unwrap();
        let periodic = subtraction_table(set, DEFAULT_BUDGET).unwrap();
        let lost = misere_subtraction_table(set, DEFAULT_BUDGET).unwrap();
        for n in 0..=300u64 {
            let g = plain[n as usize];
            assert_eq!(solver.value(n), Some(g), "{text} at {n}");
            assert_eq!(periodic.get(n), Some(g), "{text} at {n} through its period");
            assert_eq!(lost.get(n), Some(u64::from(misere[n as usize])), "misère {text} at {n}");
            let mut want: Vec<u64> =
                sizes.iter().filter(|&&s| s <= n && plain[(n - s) as usize] == 0).map(|&s| n - s).collect();
            let mut got: Vec<u64> = solver
                .winning_families(n, 0)
                .unwrap()
                .iter()
                .flat_map(|f| f.members().map(|m| m.to[0]).collect::<Vec<_>>())
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{text}, heap {n}");
        }
    }
}

/// Long ranges cost by their runs: a table of 10^5 values of `1,4..50000,70000` is a few steps
/// a value (a mex over every size would be 5 * 10^9 steps), and agrees with plain search where
/// plain search is cheap, and with the interval rule it reduces to below 70000.
#[test]
fn a_long_mixed_range_is_tabulated_by_its_runs() {
    let r = ruleset("subtraction:1,4..50000,70000");
    let solver = HeapSolver::new(&r, 100_000, DEFAULT_BUDGET).unwrap();
    let sizes: Vec<u64> = std::iter::once(1).chain(4..=50_000).chain([70_000]).collect();
    let plain = plain_values(&sizes, 400);
    for n in 0..=400 {
        assert_eq!(solver.value(n), Some(plain[n as usize]), "at {n}");
    }
    // Below 70000 and past 50000 + 4, only a few values are possible: check the table is whole.
    assert!(solver.value(100_000).is_some());
}

#[test]
fn move_sets_round_trip_and_merge() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let (text, sizes) = random_set(&mut rng, 30);
        let set: MoveSet = text.parse().unwrap();
        let shown = set.to_string();
        let again: MoveSet = shown.parse().unwrap();
        assert_eq!(again, set, "{text} -> {shown}");
        assert_eq!(again.to_string(), shown, "canonical: {text}");
        assert_eq!(set.sizes_upto(u64::MAX).collect::<Vec<_>>(), sizes, "{text}");
        // The same sizes written one by one give the same set and the same text.
        let listed = sizes.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(listed.parse::<MoveSet>().unwrap().to_string(), shown);
    }
    assert_eq!("3..7".parse::<MoveSet>().unwrap().to_string(), "3..7");
    assert_eq!("3..3".parse::<MoveSet>().unwrap().to_string(), "3");
    assert_eq!("3..4".parse::<MoveSet>().unwrap().to_string(), "3,4");
    assert_eq!("1,2,3,5".parse::<MoveSet>().unwrap().to_string(), "1..3,5");
    assert_eq!(ruleset("subtraction:20,1,4..9").to_string(), "subtraction:1,4..9,20");
    let huge: MoveSet = format!("1..{}", u64::MAX).parse().unwrap();
    assert_eq!(huge.count(), u64::MAX);
    assert_eq!(ruleset("subtraction:1..1000000000").option_count_bound(5), 5);
    assert_eq!(ruleset("allbut:2..4").to_string(), "allbut:2..4");
}

#[test]
fn bad_ranges_get_one_line_naming_the_part() {
    for (text, part, why) in [
        ("5..3", "'5..3'", "ends below its start"),
        ("0..4", "'0..4'", "0 is not a move size"),
        ("..", "'..'", "needs both ends"),
        ("1..", "'1..'", "needs both ends"),
        ("..5", "'..5'", "needs both ends"),
        ("1..18446744073709551616", "'18446744073709551616'", "past the largest"),
        ("2,1..x", "'x'", "not a number"),
        ("1...4", "'.4'", "not a number"),
    ] {
        let e = format!("subtraction:{text}").parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.contains(part) && e.contains(why), "{text}: {e}");
        assert!(!e.contains('\n'), "{text}: {e}");
    }
}

/// Misère play of a single heap of a huge interval: the closed form, checked at a heap of each
/// class against the rule restated here, and every move it lists leaves a lost heap.
#[test]
fn misere_single_heaps_of_huge_intervals() {
    let (low, high) = (3u64, 1_000_000_000u64);
    let game: Game = format!("subtraction:{low}..{high}").parse().unwrap();
    let options = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    for n in [0, 2, 3, 5, 6, 7, 1_000_000_003, 1_000_000_005, 1_000_000_006, u64::MAX] {
        let a = analyze(&game, &game.parse_position(&[n.to_string()]).unwrap(), &options).unwrap();
        let lost = (u128::from(n) % u128::from(low + high)).wrapping_sub(u128::from(low)) < u128::from(low);
        assert_eq!(a.outcome, if lost { Outcome::P } else { Outcome::N }, "heap {n}");
        for m in &a.winning_moves {
            assert!(!interval_misere_wins(low, high, m.mv.to[0]), "heap {n}: {}", m.text);
        }
    }
}
