//! Single heaps under misère play (Nim, K-Nim, the Bash game, subtraction and all-but games,
//! and take-and-break games by search): the outcome
//! and every winning move of `analyze` against plain exhaustive search on every heap up to 150,
//! the proven periods against the search beyond the table, and huge heaps through the period.

use grundy::frontend::{Method, MisereHeaps};
use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player, Ruleset};

const RULESETS: [&str; 15] = [
    "bash:1",
    "bash:2",
    "bash:3",
    "bounded:5",
    "subtraction:1,3,4",
    "subtraction:2,5",
    "subtraction:3,5,7",
    "subtraction:1,2,4,8",
    "subtraction:4,9",
    "subtraction:2",
    "allbut:1",
    "allbut:3",
    "allbut:1,3",
    "allbut:2,5",
    "allbut:1,2,3,7",
];

fn misere() -> AnalyzeOptions {
    AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() }
}

#[test]
fn single_heaps_agree_with_exhaustive_search() {
    for name in RULESETS {
        let game: Game = name.parse().unwrap();
        let mut naive = NaiveSolver::new();
        // One heap, and one heap beside an empty one (which the rule treats the same).
        for n in 0..=150u64 {
            for tokens in [vec![n.to_string()], vec!["0".to_string(), n.to_string()]] {
                let position = game.parse_position(&tokens).unwrap();
                let a = analyze(&game, &position, &misere()).unwrap();
                let wins = naive.wins(&position, Convention::Misere, Player::First);
                assert_eq!(a.outcome == Outcome::N, wins, "{name} {tokens:?}");
                let mut fast: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
                let mut plain = naive.winning_moves(&position, Convention::Misere, Player::First);
                fast.sort();
                plain.sort();
                assert_eq!(fast, plain, "{name} {tokens:?}");
                assert_eq!(a.winning_move_count, Some(plain.len() as u128));
                if n > 0 {
                    assert_ne!(a.method, Method::Search, "{name} {tokens:?} was searched");
                }
            }
        }
    }
}

#[test]
fn periods_hold_beyond_the_table_and_answer_huge_heaps() {
    for name in RULESETS.iter().chain(&["nim"]) {
        let ruleset: Ruleset = name.parse().unwrap();
        let heaps = MisereHeaps::new(&ruleset, 1_000_000).unwrap().unwrap();
        let p = heaps.period();
        // The search, far past the period's first repetition.
        let game = Game::Heaps(ruleset.clone());
        let mut naive = NaiveSolver::new();
        let reach = p.preperiod + 3 * p.period + 40;
        for n in 0..=reach.min(400) {
            let position = game.parse_position(&[n.to_string()]).unwrap();
            assert_eq!(heaps.mover_wins(n), naive.wins(&position, Convention::Misere, Player::First), "{name} {n}");
        }
        // Huge heaps: the period brings them back to a small one.
        for n in [1_000_000_000_000_000_000u64, u64::MAX, u64::MAX - 1, 123_456_789_012_345_678] {
            let small = p.preperiod + (n - p.preperiod) % p.period;
            assert_eq!(heaps.mover_wins(n), heaps.mover_wins(small), "{name} {n}");
        }
    }
}

#[test]
fn misere_bash_of_a_huge_heap_answers_with_its_move() {
    let game: Game = "bash:3".parse().unwrap();
    for n in [1_000_000_000_000_000_000u64, 1_000_000_000_000_000_001, u64::MAX] {
        let a = analyze(&game, &game.parse_position(&[n.to_string()]).unwrap(), &misere()).unwrap();
        assert_eq!(a.method, Method::ClosedForm);
        assert_eq!(a.outcome == Outcome::P, n % 4 == 1, "{n}");
        for m in &a.winning_moves {
            assert_eq!(m.result[0] % 4, 1, "{n}: {}", m.text);
        }
        assert_eq!(a.winning_move_count, Some(u128::from(n % 4 != 1)));
    }
    // subtraction:1,3,4 has misère period 7 (and normal period 7 too).
    let heaps = MisereHeaps::new(&"subtraction:1,3,4".parse().unwrap(), 1_000_000).unwrap().unwrap();
    assert_eq!((heaps.period().preperiod, heaps.period().period), (0, 7));
}

/// Take-and-break games have no window argument: their single-heap misère outcomes come from a
/// search of the sums the splits leave, which agrees with the plain exhaustive solver, and is
/// refused at once past what it could hold.
#[test]
fn take_and_break_single_heaps_are_searched_exactly() {
    for name in ["kayles", "octal:0.07", "octal:0.137", "grundys-game", "octal:4.7", "hex:0.8"] {
        let ruleset: Ruleset = name.parse().unwrap();
        assert!(MisereHeaps::new(&ruleset, 1_000_000).unwrap().is_none(), "{name} has no window argument");
        let wins = grundy::frontend::misere_single_heaps(&ruleset, 16, 1_000_000).unwrap();
        let game = Game::Heaps(ruleset.clone());
        let mut naive = NaiveSolver::new();
        for (n, &w) in wins.iter().enumerate() {
            let position = game.parse_position(&[n.to_string()]).unwrap();
            assert_eq!(w, naive.wins(&position, Convention::Misere, Player::First), "{name} {n}");
        }
    }
    // Misère Kayles' lost heaps below 21 are 1, 4, 9, 12 and 20 (Winning Ways, chapter 13).
    let kayles = grundy::frontend::misere_single_heaps(&"kayles".parse().unwrap(), 21, 1_000_000).unwrap();
    let lost: Vec<usize> = (0..=21).filter(|&n| !kayles[n]).collect();
    assert_eq!(lost, vec![1, 4, 9, 12, 20]);
    let refused = grundy::frontend::misere_single_heaps(&"kayles".parse().unwrap(), 500, 1_000_000).unwrap_err();
    assert!(refused.to_string().contains("not searched"), "{refused}");
}

/// All-but games under misère play: the lost heaps are few and end below a bound, so a heap of
/// any size is answered, with its winning moves.
#[test]
fn all_but_heaps_of_any_size_are_answered() {
    let game: Game = "allbut:2,5".parse().unwrap();
    let heaps = MisereHeaps::new(&"allbut:2,5".parse().unwrap(), 1_000_000).unwrap().unwrap();
    let p = heaps.period();
    assert_eq!(p.period, 1);
    for n in [p.preperiod, 1_000_000_000_000_000_000u64, u64::MAX] {
        let a = analyze(&game, &game.parse_position(&[n.to_string()]).unwrap(), &misere()).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{n}");
        assert_eq!(a.method, Method::ProvenPeriod);
        // Each winning move leaves a lost heap, one of the few below the bound.
        assert!(!a.winning_moves.is_empty());
        for m in &a.winning_moves {
            assert!(!heaps.mover_wins(m.mv.to[0]) && m.mv.to[0] < p.preperiod, "{n}: {}", m.mv);
        }
    }
}
