//! The built-in claims and the guess checker, against answers computed here independently: a
//! tiny K-L-Nim search and a tiny position enumerator written in this file, sharing nothing with
//! the library but the types.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::collections::HashMap;

use grundy::frontend::{mex_table, subtraction_table, MoveSet};
use grundy::verify::{check_guess, claims, find_claim, Expect, GuessKind, GuessOptions, Shown, VerifyRange};
use grundy::{Convention, Pattern, Ruleset};

const SMALL: VerifyRange = VerifyRange { max_heap: 5, max_heaps: 3, max_param: 3, max_n: 400 };

/// The claims that are right as stated: they hold on a small range, with every case counted.
#[test]
fn true_claims_hold() {
    for name in [
        "bouton",
        "winning-move",
        "one-per-heap",
        "move-count",
        "misere",
        "k-nim",
        "per-heap-limits",
        "bash",
        "kl-equal",
        "kl-equal-sg",
        "kl-below-min",
        "kl-k-greater",
        "kl-k-less-after",
        "divisor",
    ] {
        let v = find_claim(name).unwrap().check(&SMALL).unwrap();
        assert!(v.holds(), "{name}: {:?}", v.counterexample);
        assert!(v.checked > 0, "{name}");
    }
}

#[test]
fn case_counts_are_exact() {
    // 1..3 heaps of 1..5: 5 + 15 + 35 multisets.
    assert_eq!(find_claim("bouton").unwrap().check(&SMALL).unwrap().checked, 55);
    // Times K in 1..3.
    assert_eq!(find_claim("k-nim").unwrap().check(&SMALL).unwrap().checked, 165);
    // n in 2..400.
    assert_eq!(find_claim("divisor").unwrap().check(&SMALL).unwrap().checked, 399);
    // The Bash game: n in 0..15 (H*K), m in 1..3.
    assert_eq!(find_claim("bash").unwrap().check(&SMALL).unwrap().checked, 48);
}

/// Who wins each (sorted heaps, player to move) of one K-L-Nim game.
type KlMemo = HashMap<(Vec<u64>, usize), bool>;

/// K-L-Nim by plain recursion: does the player to move (0 = P1, forbidden k; 1 = P2,
/// forbidden l) win?
fn kl_wins(heaps: &[u64], player: usize, forbidden: [u64; 2], memo: &mut HashMap<(Vec<u64>, usize), bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&(key.clone(), player)) {
        return w;
    }
    let mut win = false;
    'all: for i in 0..key.len() {
        for take in 1..=key[i] {
            if take == forbidden[player] {
                continue;
            }
            let mut next = key.clone();
            next[i] -= take;
            if !kl_wins(&next, 1 - player, forbidden, memo) {
                win = true;
                break 'all;
            }
        }
    }
    memo.insert((key, player), win);
    win
}

/// Every sorted tuple of 1..=k heaps of 1..=h, by (number of heaps, sum, tuple).
fn ordered_positions(k: usize, h: u64) -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = vec![];
    let mut stack: Vec<Vec<u64>> = (1..=h).map(|x| vec![x]).collect();
    while let Some(t) = stack.pop() {
        if t.len() < k {
            for x in *t.last().unwrap()..=h {
                let mut u = t.clone();
                u.push(x);
                stack.push(u);
            }
        }
        all.push(t);
    }
    all.sort_by_key(|t| (t.len(), t.iter().sum::<u64>(), t.clone()));
    all
}

/// The smallest (position, K, L) with K != L in the domain where `says` differs from the truth.
fn smallest_kl_failure(
    r: &VerifyRange,
    domain: impl Fn(&[u64], u64, u64) -> bool,
    says: impl Fn(&[u64], u64, u64) -> bool,
) -> Option<(String, Vec<String>)> {
    let mut memos: HashMap<(u64, u64), KlMemo> = HashMap::new();
    for h in ordered_positions(r.max_heaps, r.max_heap) {
        for k in 1..=r.max_param {
            for l in (1..=r.max_param).filter(|&l| l != k) {
                if !domain(&h, k, l) {
                    continue;
                }
                let truth = kl_wins(&h, 0, [k, l], memos.entry((k, l)).or_default());
                if truth != says(&h, k, l) {
                    return Some((format!("kl:{k},{l}"), h.iter().map(u64::to_string).collect()));
                }
            }
        }
    }
    None
}

fn nim_p1_wins(h: &[u64]) -> bool {
    h.iter().fold(0, |a, b| a ^ b) != 0
}

/// Enough K-L-Nim positions to meet the smallest counterexamples, small enough for debug builds.
const KL_RANGE: VerifyRange = VerifyRange { max_heap: 6, max_heaps: 3, max_param: 4, max_n: 10 };

#[test]
fn small_heaps_claim_fails_at_the_smallest_counterexample() {
    let r = KL_RANGE;
    let v = find_claim("kl-small-heaps").unwrap().check(&r).unwrap();
    let expected = smallest_kl_failure(&r, |h, k, l| h.iter().all(|&x| x <= k.min(l)), |h, _, _| nim_p1_wins(h));
    let c = v.counterexample.expect("the claim fails");
    assert_eq!(Some((c.game.clone(), c.position.clone())), expected);
    // K = 1, L = 2, one heap of 1: P1 may not take 1 and has no move.
    assert_eq!((c.game.as_str(), c.position.as_slice()), ("kl:1,2", &["1".to_string()][..]));
    assert!(c.claim_says.starts_with("P1"), "{}", c.claim_says);
    assert!(c.truth.starts_with("P2"), "{}", c.truth);
}

#[test]
fn literal_k_less_claim_fails_at_the_smallest_counterexample() {
    let r = KL_RANGE;
    let v = find_claim("kl-k-less").unwrap().check(&r).unwrap();
    // Literally, max(x_1..x_n) < K never holds when every heap is above K: P2 always wins.
    let expected = smallest_kl_failure(&r, |h, k, l| k < l && h.iter().all(|&x| x > k), |_, _, _| false);
    let c = v.counterexample.expect("the claim fails");
    assert_eq!(Some((c.game.clone(), c.position.clone())), expected);
    assert_eq!(c.command, "grundy analyze kl:1,2 2");
}

/// Exactly the two K-L-Nim claims that are false as literally stated are expected to fail, each
/// with its reason; every other claim is expected to hold, and on a small range every claim
/// comes out as expected.
#[test]
fn expectations_are_data_on_the_claims() {
    let expected_false: Vec<&str> =
        claims().iter().filter(|c| matches!(c.expected, Expect::False { .. })).map(|c| c.name).collect();
    assert_eq!(expected_false, ["kl-small-heaps", "kl-k-less"]);
    for (name, corrected) in [("kl-small-heaps", "kl-below-min"), ("kl-k-less", "kl-k-less-after")] {
        let Expect::False { reason } = find_claim(name).unwrap().expected else { panic!("{name}") };
        assert!(reason.contains(corrected), "{name}: {reason}");
    }
    for c in claims() {
        let v = c.check(&KL_RANGE).unwrap();
        assert_eq!(v.expected, c.expected, "{}", c.name);
        assert!(v.as_expected(), "{}: {:?}", c.name, v.counterexample);
        assert_eq!(v.holds(), c.expected == Expect::Holds, "{}", c.name);
    }
}

/// A claim expected to hold that fails, or one expected to be false that holds, is a surprise.
#[test]
fn surprises_are_not_as_expected() {
    let v = find_claim("kl-small-heaps").unwrap().check(&KL_RANGE).unwrap();
    assert!(!v.holds() && v.as_expected());
    let held = grundy::verify::Verdict { failures: 0, counterexample: None, ..v.clone() };
    assert!(held.holds() && !held.as_expected());
    let failed = grundy::verify::Verdict { expected: Expect::Holds, ..v };
    assert!(!failed.holds() && !failed.as_expected());
}

#[test]
fn every_claim_is_listed_with_a_source_and_statement() {
    assert_eq!(claims().len(), 16);
    for c in claims() {
        assert!(!c.statement.is_empty() && !c.source.is_empty(), "{}", c.name);
    }
    assert!(find_claim("no-such-claim").is_none());
}

#[test]
fn bad_ranges_are_errors() {
    let bouton = find_claim("bouton").unwrap();
    let e = bouton.check(&VerifyRange { max_heap: 0, ..SMALL }).unwrap_err();
    assert_eq!(e.to_string(), "--max-heap must be at least 1, not 0");
    let e = bouton.check(&VerifyRange { max_heap: 1000, max_heaps: 10, ..SMALL }).unwrap_err();
    assert!(e.to_string().contains("lower --max-heap"), "{e}");
    // With only K = L = 1 there is no K != L pair to check.
    let e = find_claim("kl-k-greater").unwrap().check(&VerifyRange { max_param: 1, ..SMALL }).unwrap_err();
    assert!(e.to_string().contains("no position in this range"), "{e}");
}

fn sg(game: &str, expr: &str, upto: u64) -> grundy::verify::GuessReport {
    let o = GuessOptions { kind: GuessKind::Sg, upto, convention: Convention::Normal };
    check_guess(&game.parse().unwrap(), expr, &o).unwrap()
}

fn p_positions(game: &str, expr: &str, upto: u64, convention: Convention) -> grundy::verify::GuessReport {
    let o = GuessOptions { kind: GuessKind::PPositions, upto, convention };
    check_guess(&game.parse().unwrap(), expr, &o).unwrap()
}

#[test]
fn wrong_guess_fails_at_its_smallest_counterexample() {
    let r = sg("bounded:2", "n % 4", 100);
    assert!(!r.holds);
    let m = r.mismatch.unwrap();
    // Independently: G(n) = mex of the two or fewer values below; the first n where n % 4 differs.
    let g = mex_table(&Ruleset::bounded(2), 100);
    let first = (0..=100u64).find(|&n| n % 4 != g[n as usize]).unwrap();
    assert_eq!(m.n, first);
    assert_eq!((m.n, m.guess.clone(), m.truth.clone()), (3, Shown::Number(3), Shown::Number(0)));
}

#[test]
fn right_guesses_are_proven_for_every_n() {
    let r = sg("bounded:2", "n % (K + 1)", 20);
    assert!(r.holds && r.for_every_n, "{r:?}");
    // The K-L-Nim problem's K = L formula, with the case split written as a comparison.
    for game in ["allbut:3", "kl:2,2"] {
        let r = sg(game, "n / (2*K) * K + n % (2*K) - (n % (2*K) >= K) * K", 30);
        assert!(r.holds && r.for_every_n, "{game}: {r:?}");
    }
    let r = p_positions("subtraction:2,5", "n % 7 < 2 || n % 7 == 4", 30, Convention::Normal);
    assert!(r.holds && r.for_every_n, "{r:?}");
}

#[test]
fn guesses_that_part_past_upto_are_caught_through_the_period() {
    // Agrees with G up to 100, then differs from n = 5001 on.
    let r = sg("bounded:3", "n % 4 + (n > 5000)", 100);
    assert!(!r.holds && !r.for_every_n);
    assert_eq!(r.mismatch.unwrap().n, 5001);
    // Different growth: n / 2 agrees with allbut:1's values 0 0 1 1 2 2 ...? It does; n / 3 does not.
    let r = sg("allbut:1", "n / 2", 10);
    assert!(r.holds && r.for_every_n, "{r:?}");
    let r = sg("nim", "n - (n > 50) * (n % 2)", 10);
    assert_eq!(r.mismatch.unwrap().n, 51);
}

#[test]
fn unprovable_guesses_hold_only_up_to_upto() {
    let r = sg("nim", "n * n / max(n, 1)", 200);
    assert!(r.holds && !r.for_every_n, "{r:?}");
    assert!(r.reach.contains("nothing is claimed past 200"), "{}", r.reach);
    // Partizan: P-positions by exhaustive search, and no period.
    let r = p_positions("kl:1,2", "n <= 1", 60, Convention::Normal);
    assert!(r.holds && !r.for_every_n, "{r:?}");
}

#[test]
fn guess_errors_name_the_bad_part() {
    let o = GuessOptions { kind: GuessKind::Sg, upto: 10, convention: Convention::Normal };
    let e = check_guess(&"nim".parse().unwrap(), "n +* 2", &o).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad expression 'n +* 2': expected a number, n, a parameter or '(' but found '*' at column 4"
    );
    let e = check_guess(&"kl:1,2".parse().unwrap(), "n", &o).unwrap_err();
    assert!(e.to_string().contains("partizan"), "{e}");
    let e = check_guess(&"bounded".parse().unwrap(), "n", &o).unwrap_err();
    assert!(e.to_string().contains("one kind of heap"), "{e}");
    let e = check_guess(&"nim".parse().unwrap(), "M", &o).unwrap_err();
    assert!(e.to_string().contains("unknown name 'M'"), "{e}");
    // Division by zero at one n is a failure there, not a panic.
    let r = sg("nim", "n / (n - 2)", 10);
    let m = r.mismatch.unwrap();
    assert_eq!((m.n, m.guess), (1, Shown::Number(-1))); // 0 / -2 = 0 = G(0); 1 / -1 = -1 != 1
    let r = sg("nim", "10 / (n - 2) * 0 + n", 10);
    assert_eq!(r.mismatch.unwrap().guess, Shown::Text("undefined (division by zero at column 4)".into()));
}

#[test]
fn misere_and_divisor_guesses() {
    // Misère Nim, one heap: P exactly at 1.
    let r = p_positions("nim", "n == 1", 40, Convention::Misere);
    assert!(r.holds && !r.for_every_n, "{r:?}");
    // Misère divisor game: Alice loses exactly at the primes (one move, to 1) and ... check
    // against the problem's rule directly: P when the exponents' misère-Nim rule says lose.
    let r = p_positions("divisor", "n == 0", 30, Convention::Misere);
    assert_eq!(r.mismatch.unwrap().n, 2); // n = 2: the only move makes 1 and loses
    let r = sg("divisor", "n == 1", 30);
    assert_eq!(r.mismatch.unwrap().n, 1); // G(1) = 0
}

#[test]
fn patterns_match_proven_periods() {
    for s in ["2,5", "1,3,4", "3,5,9", "1"] {
        let set: MoveSet = s.parse().unwrap();
        let proven = subtraction_table(&set, 100_000).unwrap().period().unwrap();
        let values = mex_table(&Ruleset::subtraction(set), 400);
        let g = Pattern::find(&values).expect("a rule in 400 values");
        assert_eq!(g.family(), "period", "{s}: {}", g.words());
        assert_eq!(g.from(), proven.preperiod, "{s}");
        assert!(!g.proven() && g.words().contains("not proven"), "{}", g.words());
        assert!(g.words().contains(&format!("period {}", proven.period)), "{}", g.words());
        // The written expression is itself a correct guess, checked by the definition.
        let r = sg(&format!("subtraction:{s}"), &g.expression(), 100);
        assert!(r.holds, "{s}: {}: {r:?}", g.expression());
    }
}
