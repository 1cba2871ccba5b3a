//! A random position of any game, from the game's own generator: a heap rule's
//! ([`crate::rules::heap::HeapRule::random_heaps`]), a board game's
//! ([`crate::rules::board::PlayHelp::random_position`]), and here those of the games that
//! hold heaps of their own (K-L-Nim, per-heap limits, sums). The web page's "Random" reads it,
//! so that every game gets a position it accepts.

use super::{Game, Position};
use crate::rules::catalogue::GAMES;
use crate::rules::Ruleset;

/// How many times a position with no move is drawn again before the last one is given.
const TRIES: usize = 64;

/// splitmix64 (Steele, Lea and Flood): a small seeded generator, so that a seed gives the same
/// position every time; nothing here needs more.
struct SplitMix(u64);

impl SplitMix {
    /// A number in `0..n` (0 when `n` is 0); the modulo bias is far too small to matter here.
    fn below(&mut self, n: u64) -> u64 {
        crate::key_hash::splitmix64(&mut self.0).checked_rem(n).unwrap_or(0)
    }
}

impl Game {
    /// A random position of this game, as tokens that [`Game::parse_position`] reads: small
    /// enough to analyse at once, and with a move for the first player (drawn again, a few
    /// times at most, while it has none). The same `seed` gives the same position; the
    /// catalogue's games are tested on 50 of them each (`tests/library/random_positions.rs`).
    ///
    /// ```
    /// use grundy::Game;
    /// let game: Game = "wythoff".parse().unwrap();
    /// let tokens = game.random_position(7);
    /// assert_eq!(tokens.len(), 2);
    /// assert!(game.parse_position(&tokens).is_ok());
    /// assert_eq!(game.random_position(7), tokens);
    /// ```
    pub fn random_position(&self, seed: u64) -> Vec<String> {
        let mut rng = SplitMix(seed);
        let mut below = |n: u64| rng.below(n);
        let mut tokens = vec![];
        for _ in 0..TRIES {
            tokens = self.draw_tokens(&mut below);
            // A position the game does not read is the generator's fault, never drawn again,
            // so that the tests see it.
            if self.parse_position(&tokens).map_or(true, |p| has_move(&p)) {
                break;
            }
        }
        tokens
    }

    /// One draw of [`Game::random_position`], with or without a move.
    fn draw_tokens(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let count = 2 + below(3);
        match self {
            Game::Heaps(rule) => rule.random_heaps(below).iter().map(u64::to_string).collect(),
            Game::Board(b) => b.rules().random_position(below),
            Game::BoundedPerHeap => (0..count).map(|_| format!("{}/{}", 1 + below(12), 1 + below(4))).collect(),
            // Heaps of the catalogue's heap rules, each with its own rule.
            Game::Sum => {
                let rules: Vec<Ruleset> =
                    GAMES.iter().filter(|g| g.heap_ruleset).filter_map(|g| g.example_game.parse().ok()).collect();
                let mut tokens = vec![];
                for _ in 0..count {
                    if let Some(r) = rules.get(below(rules.len() as u64) as usize) {
                        tokens.push(format!("{r}={}", 1 + below(10)));
                    }
                }
                tokens
            }
        }
    }
}

/// Whether the first player has a move in `position`.
fn has_move(position: &Position) -> bool {
    position.kind().has_move(crate::game::Player::First)
}
