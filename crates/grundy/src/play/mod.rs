//! Playing a game against the computer: the computer's move at a chosen level, reading a
//! person's move with the reason when it is illegal, and a game [`Session`] with undo. Both the
//! terminal game (`grundy play`) and the web app use this; it does no I/O.
//!
//! A move is a [`Move`] (the crate's one move type, re-exported here): the 0-based index of the
//! heap moved in and the heaps it leaves in that heap's place (`[0]` when emptied, two or three
//! heaps for a splitting move, `[n']` for the divisor game). Heaps are numbered from 1 only in
//! what a person reads and types.
//!
//! The module is split by concern: legal moves (`legal.rs`), typed moves (`typed.rs`), moves in
//! words (`words.rs`), random and smallest moves (`pick.rs`), the longest game from a lost
//! position (`remoteness.rs`), the computer's choice (`choose.rs`) and the game in progress
//! (`session.rs`); this file holds what they share.

mod choose;
mod every;
mod examples;
pub mod export;
mod legal;
mod pick;
mod remoteness;
mod session;
mod typed;
mod words;

pub use choose::{check_perfect, choose_move, Choice, Level, Reason};
pub use examples::{drawn_move, example_moves, example_turns, typed_move, ExampleMove};
pub use legal::{apply, check_move, check_playable, check_turn, has_move, legal_moves, winner_of, winner_when_over};
pub use pick::{random_move, random_turn, smallest_move, smallest_turn};
pub use session::{Played, Session, REPETITIONS_FOR_A_DRAW};
pub use typed::{parse_move, parse_turn, typed_turn};
pub use words::describe;

use choose::choose;
use typed::read_move;
use words::describe_to;

use crate::game::Position;
pub use crate::game::{IllegalMove, Move};
use crate::rules::board::GraphGame;

/// A small seeded random number generator (splitmix64): the same seed gives the same game,
/// which is what tests and bug reports need; nothing here needs cryptographic quality.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator that starts from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        crate::key_hash::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (0 when `n` is 0). The modulo bias is below 2^-32 for every n a game
    /// uses, far too small to matter for choosing moves.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// Whether an event of `percent` percent chance happens.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

use crate::game::position::plural;

/// The graph and the tokens' vertices, for a position of tokens on a graph.
fn graph_of(position: &Position) -> Option<(&GraphGame, &[u64])> {
    position.downcast_board::<GraphGame>()
}

/// What the tests of play/ share: a game and a position read from text.
#[cfg(test)]
mod testing {
    use crate::game::{Game, Position};

    pub fn game(s: &str) -> Game {
        s.parse().unwrap()
    }

    pub fn pos(g: &Game, t: &[&str]) -> Position {
        g.parse_position(t).unwrap()
    }
}

#[cfg(test)]
mod tests {
    /// Issue 48 asks for this file under 600 lines (it had 1,746): each concern of play has a
    /// file of its own, and this one keeps only what they share. A new concern gets a new file.
    #[test]
    fn this_file_stays_under_600_lines() {
        let lines = include_str!("mod.rs").lines().count();
        assert!(lines < 600, "play/mod.rs has {lines} lines: put a new concern in a file of its own");
    }
}
