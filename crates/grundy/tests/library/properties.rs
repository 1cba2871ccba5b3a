//! Property tests: the Sprague-Grundy theorem on random sums, the divisor game against its
//! definition, and the factoriser against multiplication.

use grundy::frontend::{factorize, is_prime};
use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Move, Outcome, Player};
use proptest::prelude::*;

fn ruleset() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("nim".to_string()),
        (1u64..5).prop_map(|k| format!("bounded:{k}")),
        prop::collection::btree_set(1u64..7, 1..4)
            .prop_map(|s| format!("subtraction:{}", s.iter().map(u64::to_string).collect::<Vec<_>>().join(","))),
        prop::collection::btree_set(1u64..6, 1..3)
            .prop_map(|s| format!("allbut:{}", s.iter().map(u64::to_string).collect::<Vec<_>>().join(","))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A sum of heaps with different rulesets is a P-position exactly when the XOR of the heaps'
    /// values is 0, and then the naive search agrees on the outcome and every winning move.
    #[test]
    fn sprague_grundy_theorem_on_mixed_sums(heaps in prop::collection::vec((ruleset(), 0u64..9), 1..4)) {
        let tokens: Vec<String> = heaps.iter().map(|(r, h)| format!("{r}={h}")).collect();
        let game = Game::Sum;
        let position = game.parse_position(&tokens).unwrap();
        let a = analyze(&game, &position, &AnalyzeOptions::default()).unwrap();
        let mut naive = NaiveSolver::new();
        let wins = naive.wins(&position, Convention::Normal, Player::First);
        prop_assert_eq!(a.outcome, Outcome::from_win(wins));
        prop_assert_eq!(a.sg == Some(0), !wins);
        // Both sides list the same `Move`s: no renumbering between them.
        let mut expected: Vec<Move> = naive.winning_moves(&position, Convention::Normal, Player::First);
        let mut got: Vec<Move> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
        expected.sort();
        got.sort();
        prop_assert_eq!(got, expected);
    }

    /// The divisor game (both conventions) against its definition.
    #[test]
    fn divisor_game_matches_its_definition(n in 1u64..50_000, misere in any::<bool>()) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let game: Game = "divisor".parse().unwrap();
        let position = game.parse_position(&[n.to_string()]).unwrap();
        let a = analyze(&game, &position, &AnalyzeOptions { convention, ..AnalyzeOptions::default() }).unwrap();
        let mut naive = NaiveSolver::new();
        prop_assert_eq!(a.outcome, Outcome::from_win(naive.wins(&position, convention, Player::First)));
        let mut expected: Vec<u64> = naive.winning_moves(&position, convention, Player::First)
            .into_iter().map(|m| m.to[0]).collect();
        let mut got: Vec<u64> = a.winning_moves.iter().map(|m| m.result[0]).collect();
        expected.sort_unstable();
        got.sort_unstable();
        prop_assert_eq!(got, expected);
    }

    /// Factorisations multiply back, with prime factors in increasing order.
    #[test]
    fn factorisations_multiply_back(n in 1u64..) {
        let f = factorize(n);
        let mut product: u64 = 1;
        for w in f.windows(2) {
            prop_assert!(w[0].0 < w[1].0);
        }
        for &(p, e) in &f {
            prop_assert!(is_prime(p));
            product = product.checked_mul(p.pow(e)).unwrap();
        }
        prop_assert_eq!(product, n);
    }

    /// Products of two random 32-bit primes come apart again.
    #[test]
    fn semiprimes_factor(a in 1u64 << 31..1u64 << 32, b in 1u64 << 31..1u64 << 32) {
        let next_prime = |mut x: u64| { while !is_prime(x) { x += 1; } x };
        let (p, q) = (next_prime(a), next_prime(b));
        let n = p * q;
        let expected = if p == q { vec![(p, 2)] } else { vec![(p.min(q), 1), (p.max(q), 1)] };
        prop_assert_eq!(factorize(n), expected);
    }
}
