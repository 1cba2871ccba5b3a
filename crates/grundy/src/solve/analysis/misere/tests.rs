//! The misère strategies against the plain exhaustive solver, one by one, and the order in
//! which the loop tries them.

use super::{misere_sum, Attempt, MISERE_STRATEGIES};
use crate::engine::QuotientCache;
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::{Component, Move, Position};
use crate::rules::Ruleset;
use crate::solve::analysis::AnalyzeOptions;
use crate::solve::naive::NaiveSolver;

/// Misère play, with one quotient cache for every test here (as a caller that analyses again
/// and again keeps one), so that each ruleset's quotient is computed once, not at every sum.
fn misere() -> AnalyzeOptions {
    static QUOTIENTS: std::sync::OnceLock<QuotientCache> = std::sync::OnceLock::new();
    let quotients = QUOTIENTS.get_or_init(QuotientCache::default).clone();
    AnalyzeOptions { convention: Convention::Misere, quotients, ..AnalyzeOptions::default() }
}

fn ruleset(name: &str) -> Ruleset {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every sum of one to three heaps of `r`, each at most `most` (heaps in order, so each sum once).
fn sums_of(r: &Ruleset, most: u64) -> Vec<Vec<Component>> {
    let c = |h: u64| Component::new(r.clone(), h);
    let mut out = vec![];
    for a in 0..=most {
        out.push(vec![c(a)]);
        for b in a..=most {
            out.push(vec![c(a), c(b)]);
            for d in b..=most {
                out.push(vec![c(a), c(b), c(d)]);
            }
        }
    }
    out
}

/// The small sums every strategy is checked on: Nim (heaps up to 4, up to three heaps), Kayles,
/// Dawson's Kayles, subtraction games, K-Nim, and Nim heaps beside K-Nim and subtraction heaps
/// (where the SJ theorem and Conway's genus theory meet).
fn small_sums() -> Vec<Vec<Component>> {
    let mut out = sums_of(&Ruleset::nim(), 4);
    for name in ["kayles", "dawsons-kayles", "subtraction:1,3,4", "subtraction:2,5", "bounded:3"] {
        out.extend(sums_of(&ruleset(name), 6));
    }
    for other in ["bounded:4", "subtraction:1..3", "subtraction:2,5"] {
        let r = ruleset(other);
        for a in 0..=5 {
            for b in 0..=5 {
                out.push(vec![Component::new(Ruleset::nim(), a), Component::new(r.clone(), b)]);
            }
        }
    }
    out
}

/// The moves of an answer, sorted, to compare as sets.
fn moves_of(a: &crate::Analysis) -> Vec<Move> {
    let mut moves: Vec<Move> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
    moves.sort();
    moves
}

#[test]
fn each_strategy_agrees_with_the_exhaustive_solver_where_it_answers() {
    let mut naive = NaiveSolver::new();
    let mut answered = vec![0usize; MISERE_STRATEGIES.len()];
    let sums = small_sums();
    for cs in &sums {
        let position = Position::of_heaps(cs.clone());
        let wins = naive.wins(&position, Convention::Misere, Player::First);
        let mut plain = naive.winning_moves(&position, Convention::Misere, Player::First);
        plain.sort();
        for (k, s) in MISERE_STRATEGIES.iter().enumerate() {
            let Attempt::Answer(a) = (s.attempt)(cs, &misere()).unwrap_or_else(|e| panic!("{}: {cs:?}: {e}", s.name))
            else {
                continue;
            };
            answered[k] += 1;
            assert_eq!(a.outcome, Outcome::from_win(wins), "{}: {cs:?}", s.name);
            assert_eq!(moves_of(&a), plain, "{}: {cs:?}", s.name);
        }
    }
    // Not vacuous: every strategy answers some of these, and the exact search answers them all.
    for (s, n) in MISERE_STRATEGIES.iter().zip(&answered) {
        assert!(*n > 0, "{} answered none of the {} sums", s.name, sums.len());
    }
    assert_eq!(answered.last(), Some(&sums.len()), "the exact search answers every sum");
}

#[test]
fn the_strategies_are_tried_in_the_order_the_explanation_promises() {
    // The rules stated outright first, then the quotient, the theorems checked heap by heap,
    // and the exhaustive search last, as the module's documentation and ARCHITECTURE.md say.
    let names: Vec<&str> = MISERE_STRATEGIES.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "Bouton's rule for misère Nim",
            "Plambeck and Siegel's misère quotient",
            "one heap's proven misère outcomes",
            "the SJ theorem",
            "Conway's genus theory of tame games",
            "exact search",
        ]
    );
    // The loop answers by the first strategy that applies, where later ones apply too: its
    // answer is that strategy's, with the notes of the ones before it after the first line.
    // `later[k]`: the strategies that also answered a sum strategy k answered first.
    let mut later = vec![vec![false; MISERE_STRATEGIES.len()]; MISERE_STRATEGIES.len()];
    for cs in small_sums() {
        let mut answers = vec![];
        let mut notes = vec![];
        for (j, s) in MISERE_STRATEGIES.iter().enumerate() {
            match (s.attempt)(&cs, &misere()).unwrap() {
                Attempt::Answer(a) => answers.push((j, a)),
                Attempt::NotApplicable(why) if answers.is_empty() => notes.extend(why),
                Attempt::NotApplicable(_) => {}
            }
        }
        let (k, first) = answers.remove(0);
        for (j, _) in &answers {
            later[k][*j] = true;
        }
        let mut expected = first.explanation.clone();
        let at = expected.len().min(1);
        expected.splice(at..at, notes);
        let a = misere_sum(&cs, &misere()).unwrap();
        assert_eq!(a.method, first.method, "{cs:?}");
        assert_eq!(a.explanation, expected, "{cs:?}");
        assert_eq!(a.winning_moves, first.winning_moves, "{cs:?}");
    }
    // Not vacuous: the order decides. Conway's genus theory covers Nim, one heap of K-Nim, and
    // the sums the SJ theorem answers, but Bouton's rule, one heap's outcomes and the SJ theorem
    // answer first; the search covers what the quotient answers.
    let index = |name: &str| MISERE_STRATEGIES.iter().position(|s| s.name == name).unwrap();
    let tame = index("Conway's genus theory of tame games");
    let search = index("exact search");
    for first in ["Bouton's rule for misère Nim", "one heap's proven misère outcomes", "the SJ theorem"] {
        assert!(later[index(first)][tame], "{first} never answered a sum the genus theory answers too");
    }
    for (k, s) in MISERE_STRATEGIES.iter().enumerate().take(search) {
        assert!(later[k][search], "{} never answered a sum the search answers too", s.name);
    }
}

#[test]
fn a_strategy_that_does_not_apply_says_why_in_the_answer() {
    // A table of max(S) = 10^8 does not fit the budget, so the genus theory cannot settle
    // whether the heaps are tame: the search answers, and the theory's sentence follows its
    // first line.
    let far = ruleset("subtraction:1,100000000");
    let cs = vec![Component::new(far.clone(), 5), Component::new(far, 4), Component::new(Ruleset::nim(), 3)];
    let a = misere_sum(&cs, &misere()).unwrap();
    assert_eq!(a.method, crate::Method::Search);
    assert!(a.explanation[0].starts_with("Under misère play"), "{:?}", a.explanation);
    assert!(a.explanation[1].starts_with("Conway's genus theory of tame games was not applied"), "{:?}", a.explanation);
}
