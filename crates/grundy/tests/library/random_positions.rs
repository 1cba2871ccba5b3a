//! `Game::random_position`: for every game of the catalogue, a position the game reads, with a
//! move to make, small enough to analyse at once (what the web page's "Random" plays).

use std::collections::HashSet;

use grundy::frontend::GAMES;
use grundy::{analyze, naive, AnalyzeOptions, Game, Player};

/// Seeds tried per game.
const SEEDS: u64 = 50;

/// Seeds whose positions are analysed too: a take-and-break game's analysis costs about 40 ms
/// in the debug build whatever its small heaps, so all 50 would make this test slow.
const ANALYSED: u64 = 10;

/// A budget far below the default: a random position is answered within it, exactly.
const SMALL_BUDGET: u64 = 100_000;

#[test]
fn every_game_gives_valid_positions_with_a_move_that_analyse_at_once() {
    assert!(GAMES.len() > 30, "the catalogue lists every game");
    for kind in GAMES {
        let game = Game::example_of(kind).unwrap_or_else(|e| panic!("{}: {e}", kind.example_game));
        let mut seen = HashSet::new();
        for seed in 0..SEEDS {
            let tokens = game.random_position(seed);
            let at = || format!("{} {} (seed {seed})", kind.example_game, tokens.join(" "));
            assert_eq!(game.random_position(seed), tokens, "{}: the same seed gives the same position", at());
            let position = game.parse_position(&tokens).unwrap_or_else(|e| panic!("{}: {e}", at()));
            assert!(!naive::moves(&position, Player::First).is_empty(), "{}: no move", at());
            if seed < ANALYSED {
                let options = AnalyzeOptions { budget: SMALL_BUDGET, explain: false, ..AnalyzeOptions::default() };
                analyze(&game, &position, &options).unwrap_or_else(|e| panic!("{}: {e}", at()));
            }
            seen.insert(tokens);
        }
        // A generator, not a constant: the seeds give different positions.
        assert!(seen.len() >= 5, "{}: only {} different positions in {SEEDS} seeds", kind.example_game, seen.len());
    }
}

/// The positions the page gave before the games had their own generators, which these games
/// did not read: Wythoff's `12 11 11` (three heaps), Euclid's three numbers, a lone heap of
/// Fibonacci Nim written as two, chips sharing a cell, an odd count of coordinates.
#[test]
fn the_old_page_positions_are_refused_and_the_new_ones_read() {
    let refused = [
        ("wythoff", "12 11 11"),
        ("euclid", "3 7 9"),
        ("fibonacci-nim", "4 9"),
        ("multiple:3", "2 8 5"),
        ("multiplication", "1 6"),
        ("chips", "3 3 8"),
        ("coins-2d:turtlesxturtles", "3 5 2"),
        ("cutting", "4 7"),
    ];
    for (name, old) in refused {
        let kind = GAMES.iter().find(|g| g.example_game == name).unwrap();
        let game = Game::example_of(kind).unwrap();
        let tokens: Vec<&str> = old.split_whitespace().collect();
        assert!(game.parse_position(&tokens).is_err(), "{name} {old} should be refused");
        for seed in 0..SEEDS {
            assert!(game.parse_position(&game.random_position(seed)).is_ok(), "{name} seed {seed}");
        }
    }
}
