//! Tables answer what they hold: a heap of a subtraction or all-but game is answered from the
//! values up to it when its period is not proven (or not cheaply), with the default budget, and
//! equal to the plain mex of every option (`mex_table`). The judge's sizes: AtCoder DP K
//! "Stones" (up to 100 sizes, heaps up to 10^5), sets of 20 sizes up to 10^5.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::frontend::{mex_table, Method};
use grundy::{analyze, AnalyzeOptions, Game, Ruleset};

/// A small generator of the test's random sets (a fixed sequence, so failures reproduce).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random set of 1..=`most` distinct sizes in 1..=`largest`, as the game's text.
fn random_set(rng: &mut Lcg, most: u64, largest: u64) -> String {
    let count = 1 + rng.below(most);
    let mut sizes: Vec<u64> = (0..count).map(|_| 1 + rng.below(largest)).collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// `analyze` of one heap against the plain table: the value, and the winning moves' count (the
/// sizes that leave a heap of value 0).
fn check(kind: &str, set: &str, heap: u64) -> Method {
    let text = format!("{kind}:{set}");
    let game: Game = text.parse().unwrap();
    let position = game.parse_position(&[heap.to_string()]).unwrap();
    let a = analyze(&game, &position, &AnalyzeOptions::default()).unwrap_or_else(|e| panic!("{text} {heap}: {e}"));
    let ruleset: Ruleset = text.parse().unwrap();
    let plain = mex_table(&ruleset, heap);
    assert_eq!(a.sg, Some(plain[heap as usize]), "{text} {heap}");
    let mut winning = 0u128;
    ruleset.for_each_option(heap, &mut |parts| {
        if parts.iter().fold(0, |x, &h| x ^ plain[h as usize]) == 0 {
            winning += 1;
        }
    });
    assert_eq!(a.winning_move_count, Some(winning), "{text} {heap}");
    a.method
}

#[test]
fn subtraction_heaps_are_answered_from_the_values_up_to_them() {
    let mut rng = Lcg(46);
    let mut unproven = 0;
    for _ in 0..100 {
        let set = random_set(&mut rng, 20, 100_000);
        let heap = rng.below(100_001);
        if check("subtraction", &set, heap) == Method::Table {
            unproven += 1;
        }
    }
    // Most of these sets have no period within the cheap search: the table answered them.
    assert!(unproven > 10, "{unproven}");
}

#[test]
fn atcoder_dp_k_stones_at_full_size() {
    let mut rng = Lcg(47);
    for _ in 0..10 {
        let set = random_set(&mut rng, 100, 100_000);
        check("subtraction", &set, 100_000);
    }
}

#[test]
fn a_small_heap_needs_no_table_of_the_largest_size() {
    // Every size is past the heap: G = 0, at once, whatever the budget.
    assert_eq!(check("subtraction", "1000000000,3000000000", 5), Method::Table);
    // One size is the interval 10^9..10^9: its closed form answers every heap.
    assert_eq!(check("subtraction", "1000000000", 5), Method::ClosedForm);
    assert_eq!(check("subtraction", "3,18446744073709551615", 7), Method::Table);
    // A proven period is still found where it is cheap.
    assert_eq!(check("subtraction", "2,5", 7), Method::ProvenPeriod);
}

#[test]
fn allbut_heaps_are_answered_from_the_values_up_to_them() {
    let mut rng = Lcg(48);
    for _ in 0..20 {
        let set = random_set(&mut rng, 20, 3_000);
        let heap = rng.below(3_001);
        check("allbut", &set, heap);
    }
}
