//! Misère sums of several heaps: Conway's genus theory of tame games for Nim, K-Nim, Bash and
//! subtraction heaps (outcome and the exact set of winning moves against plain exhaustive search
//! on every small sum, whether the rule answers or the search does), huge heaps through the
//! rule, and the refusal at once of take-and-break sums past the budget.

use grundy::frontend::{tame_sum_wins, Method, TameHeaps};
use grundy::naive::NaiveSolver;
use grundy::{
    analyze, AnalyzeError, AnalyzeOptions, Component, Convention, Game, Outcome, Player, Position, Ruleset, Work,
};

/// Misère play, with one quotient cache for every test here (as a caller that analyses again
/// and again keeps one), so that each ruleset's quotient is computed once, not at every sum.
fn misere() -> AnalyzeOptions {
    static QUOTIENTS: std::sync::OnceLock<grundy::frontend::QuotientCache> = std::sync::OnceLock::new();
    let quotients = QUOTIENTS.get_or_init(grundy::frontend::QuotientCache::default).clone();
    AnalyzeOptions { convention: Convention::Misere, quotients, ..AnalyzeOptions::default() }
}

/// bounded:1..6, bash:1..4, every subtraction set within {1..5}, and a few others.
fn rulesets() -> Vec<Ruleset> {
    let mut names: Vec<String> = (1..=6).map(|k| format!("bounded:{k}")).collect();
    names.extend((1..=4).map(|m| format!("bash:{m}")));
    for mask in 1u32..32 {
        let set: Vec<String> = (1..=5).filter(|s| mask & (1 << (s - 1)) != 0).map(|s| s.to_string()).collect();
        names.push(format!("subtraction:{}", set.join(",")));
    }
    names.extend(["subtraction:2,3,7", "subtraction:1,4,6", "subtraction:3,4,9"].map(String::from));
    names.iter().map(|n| n.parse().unwrap()).collect()
}

/// Compares `analyze` with the exhaustive solver on one sum; returns whether the rule answered.
fn check(naive: &mut NaiveSolver, cs: Vec<Component>) -> bool {
    let position = Position::of_heaps(cs);
    let a = analyze(&Game::Sum, &position, &misere()).unwrap_or_else(|e| panic!("{position:?}: {e}"));
    let wins = naive.wins(&position, Convention::Misere, Player::First);
    assert_eq!(a.outcome == Outcome::N, wins, "{:?} ({})", a.tokens, a.method);
    let mut fast: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
    let mut plain = naive.winning_moves(&position, Convention::Misere, Player::First);
    fast.sort();
    plain.sort();
    assert_eq!(fast, plain, "{:?} ({})", a.tokens, a.method);
    assert_eq!(a.winning_move_count, Some(plain.len() as u128));
    a.method == Method::MisereRule && a.explanation.iter().any(|l| l.contains("tame"))
}

#[test]
fn tame_sums_agree_with_exhaustive_search() {
    let mut naive = NaiveSolver::new();
    let mut by_rule = 0;
    let mut searched = 0;
    for r in rulesets() {
        let c = |h: u64| Component::new(r.clone(), h);
        // Two and three heaps of the ruleset, each up to 10.
        for a in 1..=10u64 {
            for b in a..=10 {
                for third in [None, Some(1), Some(2), Some(5), Some(b)] {
                    let mut cs = vec![c(a), c(b)];
                    cs.extend(third.map(c));
                    if check(&mut naive, cs) {
                        by_rule += 1;
                    } else {
                        searched += 1;
                    }
                }
            }
        }
        // Beside Nim heaps, and beside another ruleset.
        let other: Ruleset = "subtraction:1,3,4".parse().unwrap();
        for a in 1..=9u64 {
            for b in 1..=5u64 {
                for extra in [Component::new(Ruleset::nim(), b), Component::new(other.clone(), b + 2)] {
                    let cs = vec![c(a), extra, Component::new(Ruleset::nim(), 1)];
                    if check(&mut naive, cs) {
                        by_rule += 1;
                    } else {
                        searched += 1;
                    }
                }
            }
        }
    }
    // The rule answers most of these (the others are searched, and agree as well).
    assert!(by_rule > searched, "{by_rule} by the rule, {searched} searched");
}

#[test]
fn four_heaps_of_small_rulesets_agree() {
    let mut naive = NaiveSolver::new();
    for name in ["bounded:2", "bash:3", "subtraction:1,3,4", "subtraction:2,5", "subtraction:1,2,5"] {
        let r: Ruleset = name.parse().unwrap();
        for a in 1..=6u64 {
            for b in a..=6 {
                for c in b..=6 {
                    for d in c..=6 {
                        check(&mut naive, [a, b, c, d].map(|h| Component::new(r.clone(), h)).to_vec());
                    }
                }
            }
        }
    }
}

#[test]
fn huge_tame_heaps_answer_by_the_rule_and_their_moves_leave_lost_sums() {
    let bounded: Ruleset = "bounded:3".parse().unwrap();
    let sub: Ruleset = "subtraction:1,3,4".parse().unwrap();
    let e18 = 1_000_000_000_000_000_000u64;
    let sums: Vec<Vec<Component>> = vec![
        vec![Component::new(bounded.clone(), e18), Component::new(bounded.clone(), e18 + 1)],
        vec![Component::new(bounded.clone(), e18 + 2), Component::new(bounded.clone(), 5)],
        vec![Component::new(bounded.clone(), u64::MAX), Component::new(sub.clone(), e18 + 3)],
        vec![
            Component::new(bounded.clone(), e18 + 3),
            Component::new(sub.clone(), 123_456_789_012_345),
            Component::new(Ruleset::nim(), 6),
        ],
    ];
    let mut naive = NaiveSolver::new();
    for cs in sums {
        let position = Position::of_heaps(cs.clone());
        let a = analyze(&Game::Sum, &position, &misere()).unwrap();
        assert_eq!(a.method, Method::MisereRule, "{:?}", a.tokens);
        // The same sum with each heap brought down through its period to a small heap of the
        // same record, which the exhaustive solver can decide.
        let small = |c: &Component| {
            let t = TameHeaps::new(&c.ruleset, 1_000_000).unwrap().unwrap();
            let h = match t.period() {
                Some(p) if c.heap >= p.preperiod + p.period => {
                    p.preperiod + (c.heap - p.preperiod) % p.period + p.period
                }
                _ => c.heap,
            };
            assert_eq!(t.record(h), t.record(c.heap));
            Component::new(c.ruleset.clone(), h)
        };
        let reduced = Position::of_heaps(cs.iter().map(small).collect());
        assert_eq!(a.outcome == Outcome::N, naive.wins(&reduced, Convention::Misere, Player::First), "{:?}", a.tokens);
        assert_eq!(a.winning_moves.is_empty(), a.outcome == Outcome::P);
        for m in &a.winning_moves {
            let after: Vec<Component> =
                cs.iter().zip(&m.result).map(|(c, &h)| Component::new(c.ruleset.clone(), h)).collect();
            let classes =
                after.iter().map(|c| TameHeaps::new(&c.ruleset, 1_000_000).unwrap().unwrap().class(c.heap).unwrap());
            assert!(!tame_sum_wins(classes), "{}", m.text);
            let b = analyze(&Game::Sum, &Position::of_heaps(after.clone()), &misere()).unwrap();
            assert_eq!(b.outcome, Outcome::P, "{}", m.text);
            let reduced = Position::of_heaps(after.iter().map(small).collect());
            assert!(!naive.wins(&reduced, Convention::Misere, Player::First), "{}", m.text);
        }
    }
}

#[test]
fn the_rule_is_used_only_on_heaps_proven_tame() {
    // subtraction:2 has heaps 0 and 1 with no move, both fickle of value 0: two heaps of 1 are
    // a position with no move, won under misère play. Every answer agrees with the search.
    let mut naive = NaiveSolver::new();
    let r: Ruleset = "subtraction:2".parse().unwrap();
    for a in 0..=8u64 {
        for b in 0..=8u64 {
            check(&mut naive, vec![Component::new(r.clone(), a), Component::new(r.clone(), b)]);
        }
    }
}

/// The sum of the partition numbers p(0..=n), computed here by Euler's pentagonal recurrence
/// (the library counts them another way).
fn partitions_up_to(n: usize) -> u64 {
    let mut p = vec![0i128; n + 1];
    p[0] = 1;
    for m in 1..=n as i128 {
        let mut total = 0;
        for k in 1.. {
            let (g1, g2) = (k * (3 * k - 1) / 2, k * (3 * k + 1) / 2);
            if g1 > m {
                break;
            }
            let sign = if k % 2 == 1 { 1 } else { -1 };
            total += sign * p[(m - g1) as usize];
            if g2 <= m {
                total += sign * p[(m - g2) as usize];
            }
        }
        p[m as usize] = total;
    }
    p.iter().sum::<i128>() as u64
}

/// Kayles is answered at any size by its misère quotient (Plambeck and Siegel), so the
/// search's refusals are checked on Dawson's Kayles at heaps past what its quotient covers.
#[test]
fn big_misere_sums_without_a_quotient_are_refused_at_once_with_a_budget_that_suffices() {
    let kayles: Game = "kayles".parse().unwrap();
    let dawson: Game = "dawsons-kayles".parse().unwrap();
    let refused = |heaps: &[&str], budget: u64| {
        let options = AnalyzeOptions { budget, ..misere() };
        analyze(&dawson, &dawson.parse_position(heaps).unwrap(), &options).unwrap_err()
    };
    match refused(&["60"], 2_000_000) {
        AnalyzeError::GaveUp(g) => {
            assert_eq!(g.what, Work::PositionsSearched);
            assert_eq!(g.needed, Some(partitions_up_to(60)));
        }
        e => panic!("{e}"),
    }
    // Past what memory holds: no budget is suggested.
    for heaps in [&["200"][..], &["90", "90"], &["1000000000000"]] {
        match refused(heaps, 2_000_000) {
            AnalyzeError::Unsupported(m) => assert!(m.contains("not searched"), "{m}"),
            e => panic!("{heaps:?}: {e}"),
        }
    }
    // Kayles, at the sizes its search refused, and small sums, agree with exhaustive search.
    for heaps in [&["18", "7"][..], &["20"], &["5", "7"], &["3", "4", "5"]] {
        let position = kayles.parse_position(heaps).unwrap();
        let options = AnalyzeOptions { budget: 1_000, ..misere() };
        let a = analyze(&kayles, &position, &options).unwrap();
        assert_eq!(a.outcome == Outcome::N, NaiveSolver::new().wins(&position, Convention::Misere, Player::First));
    }
    let a = analyze(&kayles, &kayles.parse_position(&["60"]).unwrap(), &misere()).unwrap();
    assert_eq!(a.method, grundy::frontend::Method::MisereQuotient);
}

#[test]
fn bounded_tables_are_the_nim_heaps_of_the_residues_which_large_k_uses() {
    for k in 1..=120u64 {
        let t = TameHeaps::new(&Ruleset::bounded(k), 1_000_000).unwrap().unwrap();
        let p = t.period().unwrap();
        assert_eq!((p.preperiod, p.period), (0, k + 1), "bounded:{k}");
        for n in 0..=3 * k + 3 {
            let r = n % (k + 1);
            let c = t.class(n).unwrap();
            assert_eq!((c.value, c.fickle), (r, r <= 1), "bounded:{k} heap {n}");
        }
    }
    // Past the tables, the residues' Nim heaps, and their winning moves agree with the search
    // (in a thread with room for the exhaustive solver's recursion, one level per object).
    std::thread::Builder::new().stack_size(256 << 20).spawn(past_the_tables).unwrap().join().unwrap();
    let huge = Game::Sum;
    let tokens =
        ["bounded:1000000000000=1000000000000000000", "bounded:1000000000000=7", "bash:18446744073709551615=5"];
    let a = analyze(&huge, &huge.parse_position(&tokens).unwrap(), &misere()).unwrap();
    assert_eq!(a.method, Method::MisereRule);
}

fn past_the_tables() {
    let mut naive = NaiveSolver::new();
    let big = Ruleset::bounded(2050);
    for cs in [[2051u64, 2], [2052, 1], [2053, 3], [2050, 0], [2049, 1]] {
        let position = Position::of_heaps(cs.iter().map(|&h| Component::new(big.clone(), h)).collect());
        let a = analyze(&Game::Sum, &position, &misere()).unwrap();
        // One non-empty heap is answered by the single-heap closed form, more by the rule.
        assert_ne!(a.method, Method::Search, "{cs:?}");
        assert_eq!(a.outcome == Outcome::N, naive.wins(&position, Convention::Misere, Player::First), "{cs:?}");
        let mut fast: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
        let mut plain = naive.winning_moves(&position, Convention::Misere, Player::First);
        fast.sort();
        plain.sort();
        assert_eq!(fast, plain, "{cs:?}");
    }
}

#[test]
fn a_ruleset_whose_tameness_is_not_settled_is_searched_and_says_why() {
    // A table of max(S) = 10^8 does not fit the budget, so the genus is not known.
    let game = Game::Sum;
    let position = game.parse_position(&["subtraction:1,100000000=5", "subtraction:1,100000000=4", "nim=3"]).unwrap();
    let a = analyze(&game, &position, &misere()).unwrap();
    assert_eq!(a.method, Method::Search);
    assert!(
        a.explanation.iter().any(|l| l.contains("genus theory of tame games was not applied")),
        "{:?}",
        a.explanation
    );
    assert_eq!(a.outcome == Outcome::N, NaiveSolver::new().wins(&position, Convention::Misere, Player::First));
}
