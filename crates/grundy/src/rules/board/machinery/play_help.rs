//! What the player and the searches need beyond the rule: whether a player can move, the
//! smallest and a random move at any size, random positions, and bounds on options and on the
//! length of a game.

use crate::rules::board::pictures::Pictures;
use crate::rules::board::{Notation, RulesCore, Written};

/// Moves for the player at any size, random positions, and bounds for the searches.
pub trait PlayHelp: RulesCore + Notation {
    /// Whether player `mover` has any move left, at any size: by default whether there is a
    /// smallest move.
    fn has_move(&self, numbers: &[u64], mover: usize) -> bool {
        self.smallest_move(numbers, mover).is_some()
    }

    /// The move of player `mover` that changes the position least, at any size. By default
    /// [`PlayHelp::random_move`] with every draw 0: a game draws its random move's choices
    /// smallest first (the first heap that has a move, then the least taken), so that drawing
    /// nothing is the smallest move. With `random_move`'s default that is the first of
    /// [`RulesCore::options`].
    fn smallest_move(&self, numbers: &[u64], mover: usize) -> Option<Vec<u64>> {
        self.random_move(numbers, mover, &mut |_| 0)
    }

    /// A random move of player `mover`, at any size; `below(k)` draws uniformly from 0..k
    /// (k >= 1), and every draw 0 gives [`PlayHelp::smallest_move`]. By default one of
    /// [`RulesCore::options`], drawn once: right for a game whose positions list their options
    /// at any size (a board of cells, a strip, a path on a graph, in reading order); a game
    /// whose numbers may be as large as 2^64 - 1 gives its own, which lists nothing.
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let mut all = self.options(numbers, mover);
        if all.is_empty() {
            return None;
        }
        let i = below(all.len() as u64) as usize;
        (i < all.len()).then(|| all.swap_remove(i))
    }

    /// How many options `numbers` has, or an upper bound, when known without listing them
    /// (`None`, the default, when not): a search refuses a position whose options alone would
    /// pass its budget before it lists them.
    fn option_count_bound(&self, _numbers: &[u64]) -> Option<u128> {
        None
    }

    /// How many numbers the options of player `mover` from `numbers` hold together, written
    /// canonically ([`RulesCore::canonical`]), at least, when known without listing them
    /// (`None`, the default, when not): the value search and its forecast refuse a position
    /// whose options alone would take more work to list than is left before they list them
    /// (each option of an Arc Kayles path of a million edges is nearly as long as the path).
    /// Asked only of a position of n numbers whose options, n of them each n numbers long,
    /// might not fit: a game whose options are fewer than its numbers and no longer than its
    /// position gives it.
    fn option_words(&self, _numbers: &[u64], _mover: usize) -> Option<u128> {
        None
    }

    /// An upper bound on how many moves a game from `numbers` can last, for searches that
    /// recurse along a game (Every-SG refuses past a limit rather than overflow its stack); by
    /// default the sum of the numbers, right for games whose every move lowers some number (the
    /// edges in all for a game of [`Pictures`]: a move deletes one or more), and
    /// `u128::MAX` for a game whose positions may repeat ([`Words::with_repeats`]), which can
    /// last for ever: no search along it is tried. (Read for every child a search orders: a
    /// game whose words are long to build, formatted from its parameters or its graph, gives
    /// its own.)
    ///
    /// [`Words::with_repeats`]: crate::rules::board::Words::with_repeats
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        let words = self.words();
        if words.repeats {
            return u128::MAX;
        }
        if let Written::Pictures(_) = words.written {
            return Pictures::edges(numbers);
        }
        numbers.iter().map(|&n| u128::from(n)).sum()
    }

    /// A random position to play, as tokens that [`Notation::parse`] reads, small enough to
    /// analyse at once and with a move to make most of the time (`grundy::Game::random_position`
    /// draws again when it has none); `below(k)` draws uniformly from 0..k (k >= 1). By
    /// default, for a game whose play starts from nothing (the position of no tokens is one,
    /// with a move: geography's token not yet placed, `-`), that start or, one time in two, the
    /// start after a random first move; for a game of [`Pictures`] small pictures
    /// ([`Pictures::random`]); for any other game 2 to 4 numbers from 1 to 12. A game
    /// whose position is neither gives its own.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        if let Written::Pictures(pictures) = self.words().written {
            return pictures.random(below);
        }
        if let Some(start) = self.parse(&[]).ok().filter(|start| self.has_move(start, 0)) {
            let moved = if below(2) == 1 { self.random_move(&start, 0, below) } else { None };
            return self.tokens(&moved.unwrap_or(start));
        }
        (0..2 + below(3)).map(|_| (1 + below(12)).to_string()).collect()
    }
}
