//! Sums holding a partizan game (K-L-Nim beside Nim, subtraction games and Wythoff's game),
//! analysed by Conway's values (the value of a sum is the sum of the values: Conway, On
//! Numbers and Games, ch. 7), checked against the plain exhaustive solver over (position,
//! player to move): the outcome for each player to move, and every winning move.

use std::collections::BTreeSet;

use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Player};

/// Small sums: two K-L-Nim heaps of two rules beside an impartial game.
fn sums() -> Vec<Vec<String>> {
    let mut out = vec![];
    for a in 0..=5u64 {
        for b in 0..=4u64 {
            for other in ["nim=2", "nim=3", "subtraction:1,3=5", "wythoff=2,1", "kayles=3"] {
                out.push(vec![format!("kl:1,2={a}"), format!("kl:2,3={b}"), other.to_string()]);
            }
        }
    }
    out
}

#[test]
fn partizan_sums_agree_with_exhaustive_search() {
    let game: Game = "sum".parse().unwrap();
    let mut naive = NaiveSolver::new();
    let mut checked = 0;
    for tokens in sums() {
        let position = game.parse_position(&tokens).unwrap();
        for player in [Player::First, Player::Second] {
            let options = AnalyzeOptions { to_move: player, ..AnalyzeOptions::default() };
            let a = analyze(&game, &position, &options).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
            let wins = naive.wins(&position, Convention::Normal, player);
            assert_eq!(a.winner == Some(player), wins, "{tokens:?} {player:?}");
            assert!(a.conway.is_some(), "{tokens:?}: Conway's value is reported");
            let expected: BTreeSet<Vec<u64>> = naive
                .winning_moves(&position, Convention::Normal, player)
                .iter()
                .map(|m| m.apply(&position.heaps()))
                .collect();
            let found: BTreeSet<Vec<u64>> = a.winning_moves.iter().map(|m| m.result.clone()).collect();
            assert_eq!(found, expected, "{tokens:?} {player:?}");
            assert_eq!(a.winning_move_count, Some(a.winning_moves.len() as u128), "{tokens:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 300);
}

/// A sum holding a partizan game, under every convention, with every kind of part beside it
/// (heaps, an impartial board, an impartial game of pictures, another partizan board): under
/// normal play the outcome for each player to move and every winning move agree with the
/// exhaustive solver; misère play is answered exactly or refused; Every-SG, defined for
/// impartial games, is refused in one line that names the partizan game, never answered (a
/// search of the steps from the first player's options once called domineering + nim 2 a loss
/// for the player to move, who wins by a domino and a heap emptied).
#[test]
fn sums_holding_a_partizan_game_under_every_convention() {
    let game: Game = "sum".parse().unwrap();
    let partizan = [
        "kl:1,2=3",
        "domineering=../..",
        "clobber=xxo",
        "toads-frogs=T.F",
        "cutcake=2x1",
        "toppling-dominoes=bg",
        "snort=..x.",
        "col=...",
        "konane=xo.",
        "hackenbush=0-1:b,1-2:r",
    ];
    let others = ["nim=0", "nim=2", "kayles=3", "wythoff=1,2", "arc-kayles=0-1,1-2", "domineering=.."];
    let mut naive = NaiveSolver::new();
    let mut refused = 0;
    for p in partizan {
        for other in others {
            for tokens in [vec![p, other], vec![other, p]] {
                let position = game.parse_position(&tokens).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
                for convention in [Convention::Normal, Convention::Misere, Convention::Every] {
                    for player in [Player::First, Player::Second] {
                        let options = AnalyzeOptions { convention, to_move: player, ..AnalyzeOptions::default() };
                        let context = format!("{tokens:?} {convention:?} {player:?}");
                        match analyze(&game, &position, &options) {
                            Ok(a) => {
                                assert_ne!(convention, Convention::Every, "{context}: answered {:?}", a.outcome);
                                let wins = naive.wins(&position, convention, player);
                                assert_eq!(a.winner == Some(player), wins, "{context}");
                                let expected: BTreeSet<Vec<u64>> = naive
                                    .winning_moves(&position, convention, player)
                                    .iter()
                                    .map(|m| m.apply(&position.heaps()))
                                    .collect();
                                let found: BTreeSet<Vec<u64>> =
                                    a.winning_moves.iter().map(|m| m.result.clone()).collect();
                                assert_eq!(found, expected, "{context}");
                            }
                            Err(e) => {
                                let e = e.to_string();
                                assert_ne!(convention, Convention::Normal, "{context}: {e}");
                                assert!(e.contains("partizan"), "{context}: {e}");
                                assert!(!e.contains('\n'), "{context}: {e}");
                                if convention == Convention::Every {
                                    assert!(e.contains("Every-SG is defined for impartial games"), "{context}: {e}");
                                }
                                refused += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    // Misère and Every-SG, each player to move, both orders: every sum refused.
    assert_eq!(refused, partizan.len() * others.len() * 2 * 2 * 2);
}
