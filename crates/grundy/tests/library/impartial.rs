//! The public `ImpartialGame` trait and `ImpartialSolver`, checked against the library's own
//! answers: subtraction values against `mex_table`, and take-and-break sums of one to three
//! heaps against the exhaustive `naive` solver (outcomes and the exact winning moves, under
//! both conventions). Then the refusals: budgets, stop tokens, cycles, deep games.

use std::collections::BTreeSet;

use grundy::frontend::mex_table;
use grundy::naive::{moves, NaiveSolver};
use grundy::{
    Component, Convention, GaveUp, ImpartialGame, ImpartialSession, ImpartialSolver, Outcome, Player, Position,
    Ruleset, SolveError, StopToken, Stopped, Work,
};

/// One heap; a move takes exactly s for some s in the list.
struct Subtraction(Vec<u64>);

impl ImpartialGame for Subtraction {
    type Position = u64;
    fn options(&self, &n: &u64) -> Vec<u64> {
        self.0.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
    }
}

#[test]
fn subtraction_1_2_4_matches_mex_table() {
    let table = mex_table(&"subtraction:1,2,4".parse().unwrap(), 199);
    let mut solver = ImpartialSolver::new(Subtraction(vec![1, 2, 4]));
    for n in 0..200u64 {
        let v = solver.grundy_value(&n).unwrap();
        assert_eq!(v, table[n as usize], "G({n})");
        let outcome = solver.outcome(&n, Convention::Normal).unwrap();
        assert_eq!(outcome, Outcome::from_win(v != 0), "{n}");
    }
}

/// Sums of heaps of a library ruleset, written through the trait from `Ruleset::for_each_option`
/// alone: sorted non-empty heaps, each heap a component.
struct Heaps(Ruleset);

fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

impl ImpartialGame for Heaps {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            self.0.for_each_option(h, &mut |parts| {
                let mut next = heaps.clone();
                next.remove(i);
                next.extend_from_slice(parts);
                out.push(canonical(next));
            });
        }
        out
    }
    fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        heaps.iter().map(|&h| vec![h]).collect()
    }
    fn option_count_bound(&self, heaps: &Vec<u64>) -> Option<u128> {
        Some(heaps.iter().map(|&h| self.0.option_count_bound(h)).sum())
    }
}

/// Heap tuples of 1..=3 heaps, non-decreasing, each at most `max[k - 1]` for k heaps.
fn tuples(max: [u64; 3]) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for a in 0..=max[0] {
        out.push(vec![a]);
    }
    for a in 0..=max[1] {
        for b in a..=max[1] {
            out.push(vec![a, b]);
        }
    }
    for a in 0..=max[2] {
        for b in a..=max[2] {
            for c in b..=max[2] {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

fn check_against_naive(ruleset: &str, max: [u64; 3]) {
    let ruleset: Ruleset = ruleset.parse().unwrap();
    let values = mex_table(&ruleset, max[0]);
    let mut solver = ImpartialSolver::new(Heaps(ruleset.clone()));
    let mut naive = NaiveSolver::new();
    for heaps in tuples(max) {
        let position = Position::of_heaps(heaps.iter().map(|&h| Component::new(ruleset.clone(), h)).collect());
        let mine = canonical(heaps.clone());
        let value = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
        assert_eq!(solver.grundy_value(&mine).unwrap(), value, "{ruleset} {heaps:?}");
        for convention in [Convention::Normal, Convention::Misere] {
            let wins = naive.wins(&position, convention, Player::First);
            let outcome = solver.outcome(&mine, convention).unwrap();
            assert_eq!(outcome, Outcome::from_win(wins), "{ruleset} {heaps:?} {convention}");
            // The naive winning moves, as the positions they leave.
            let winning = naive.winning_moves(&position, convention, Player::First);
            let expected: BTreeSet<Vec<u64>> = moves(&position, Player::First)
                .into_iter()
                .filter(|(m, _)| winning.contains(m))
                .map(|(_, next)| canonical(next.heaps()))
                .collect();
            let got = solver.winning_moves(&mine, convention).unwrap();
            let got_set: BTreeSet<Vec<u64>> = got.iter().cloned().collect();
            assert_eq!(got_set, expected, "{ruleset} {heaps:?} {convention}");
            // No winning move exactly at P-positions, and at the positions with no move at all
            // (which misère play makes N).
            let over = solver.options(&mine).unwrap().is_empty();
            assert_eq!(got.is_empty(), outcome == Outcome::P || over, "{ruleset} {heaps:?} {convention}");
            // The computer plays a winning move whenever there is one.
            let chosen = solver.computer_move(&mine, convention).unwrap();
            match chosen {
                Some(to) if outcome == Outcome::N => assert!(expected.contains(&to), "{heaps:?}: {to:?}"),
                Some(to) => assert!(solver.options(&mine).unwrap().contains(&to)),
                None => assert!(solver.options(&mine).unwrap().is_empty()),
            }
        }
    }
}

#[test]
fn kayles_sums_match_the_naive_solver() {
    check_against_naive("kayles", [14, 9, 6]);
}

#[test]
fn dawsons_kayles_and_grundys_game_sums_match_the_naive_solver() {
    check_against_naive("dawsons-kayles", [14, 9, 6]);
    check_against_naive("grundys-game", [14, 9, 6]);
    check_against_naive("subtraction:1,3,4", [14, 9, 6]);
}

#[test]
fn a_small_budget_gives_up_and_a_larger_one_goes_on() {
    let mut solver = ImpartialSolver::new(Heaps("kayles".parse().unwrap())).with_budget(20);
    let e = solver.grundy_value(&vec![40]).unwrap_err();
    assert!(matches!(e, SolveError::GaveUp(GaveUp { what: Work::PositionsSearched, used: 20, .. })), "{e}");
    assert!(e.to_string().starts_with("the budget of 20 positions searched is not enough"), "{e}");
    let e = solver.winning_moves(&vec![9, 9, 9, 9], Convention::Misere).unwrap_err();
    assert!(matches!(e, SolveError::GaveUp(_)), "{e}");
    solver.set_budget(100_000);
    let table = mex_table(&"kayles".parse().unwrap(), 40);
    assert_eq!(solver.grundy_value(&vec![40]).unwrap(), table[40]);
}

#[test]
fn options_past_the_budget_are_refused_before_they_are_listed() {
    // A Nim heap of 2^60 would take exabytes to list: its bound refuses it first.
    let mut solver = ImpartialSolver::new(Heaps(Ruleset::nim()));
    let e = solver.winning_moves(&vec![1 << 60], Convention::Normal).unwrap_err();
    assert!(matches!(e, SolveError::GaveUp(_)), "{e}");
    let e = solver.grundy_value(&vec![3, 1 << 60]).unwrap_err();
    assert!(matches!(e, SolveError::GaveUp(_)), "{e}");
}

#[test]
fn a_fired_stop_token_stops_the_solver() {
    let token = StopToken::new();
    token.cancel();
    let mut solver = ImpartialSolver::new(Heaps("kayles".parse().unwrap()));
    let e = token.run(|| solver.grundy_value(&vec![30])).unwrap_err();
    assert_eq!(e, SolveError::Stopped(Stopped::Cancelled));
    let e = token.run(|| solver.outcome(&vec![5, 6], Convention::Misere)).unwrap_err();
    assert_eq!(e, SolveError::Stopped(Stopped::Cancelled));
    // Without the token it answers.
    assert_eq!(solver.outcome(&vec![5, 6], Convention::Normal).unwrap(), Outcome::N);
}

/// A game with a cycle: from n (mod 5) a move goes to n + 1 (mod 5), and 7 leads into it.
struct Loop;
impl ImpartialGame for Loop {
    type Position = u64;
    fn options(&self, &n: &u64) -> Vec<u64> {
        match n {
            7 => vec![0, 9],
            9 => vec![],
            _ => vec![(n + 1) % 5],
        }
    }
}

/// Components that refer back to the position itself.
struct SelfPart;
impl ImpartialGame for SelfPart {
    type Position = u64;
    fn options(&self, _: &u64) -> Vec<u64> {
        vec![]
    }
    fn components(&self, &n: &u64) -> Vec<u64> {
        vec![n, 0]
    }
}

#[test]
fn a_game_that_is_not_finite_is_refused() {
    let mut solver = ImpartialSolver::new(Loop);
    for convention in [Convention::Normal, Convention::Misere] {
        let e = solver.outcome(&7, convention).unwrap_err();
        assert!(matches!(e, SolveError::NotFinite { .. }), "{e}");
        assert!(e.to_string().contains("not finite"), "{e}");
        assert!(solver.winning_moves(&7, convention).is_err());
        // The finite part still answers.
        assert_eq!(solver.outcome(&9, convention).unwrap(), Outcome::from_win(convention == Convention::Misere));
    }
    let e = ImpartialSolver::new(SelfPart).grundy_value(&3).unwrap_err();
    assert_eq!(e, SolveError::NotFinite { position: "3".into() });
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    // A chain 300,000 moves long: a recursive walk would overflow a test thread's stack.
    let mut solver = ImpartialSolver::new(Subtraction(vec![1]));
    assert_eq!(solver.grundy_value(&300_000).unwrap(), 0);
    assert_eq!(solver.outcome(&300_001, Convention::Misere).unwrap(), Outcome::P);
}

#[test]
fn a_session_checks_moves_and_the_computer_wins_from_n_positions() {
    let game = Heaps("kayles".parse().unwrap());
    let mut session = ImpartialSession::new(ImpartialSolver::new(&game), vec![4, 7], Convention::Normal);
    assert_eq!(session.to_move(), Player::First);
    let e = session.play(vec![1, 1]).unwrap_err();
    assert!(matches!(e, SolveError::IllegalMove { .. }), "{e}");
    assert_eq!(e.to_string(), "illegal move: [1, 1] is not an option of [4, 7]");
    session.play(vec![4, 5]).unwrap();
    assert_eq!(session.to_move(), Player::Second);
    assert_eq!(session.undo(), Some(vec![4, 5]));
    assert_eq!(session.position(), &vec![4, 7]);
    for convention in [Convention::Normal, Convention::Misere] {
        for start in tuples([10, 6, 4]) {
            let start = canonical(start);
            let mut session = ImpartialSession::new(ImpartialSolver::new(&game), start.clone(), convention);
            let first_wins = session.solver().outcome(&start, convention).unwrap() == Outcome::N;
            while session.computer_move().unwrap().is_some() {}
            let winner = if first_wins { Player::First } else { Player::Second };
            assert_eq!(session.winner().unwrap(), Some(winner), "{start:?} {convention}");
        }
    }
}
