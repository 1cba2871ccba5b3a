//! Plain exhaustive search by the definition of P and N positions, for small
//! positions only: the reference every faster method is tested against.
//!
//! A position with no move is P under normal play and N under misère; any other position is N
//! exactly when some move leads to a P position. Nothing here uses a theorem about the games.

use std::collections::HashMap;

use crate::game::convention::{Convention, Player};
use crate::game::{Move, Position};

/// The name this module's moves had before every part of the crate used [`Move`]; the same type.
pub type NaiveMove = Move;

/// Every move from `position` for `player`, with the position it leaves.
pub fn moves(position: &Position, player: Player) -> Vec<(Move, Position)> {
    position.kind().moves(player)
}

/// A memoised exhaustive solver. Keep one alive to decide many positions of the same games.
#[derive(Default)]
pub struct NaiveSolver {
    memo: HashMap<(Position, Convention, Player), bool>,
}

impl NaiveSolver {
    /// An empty solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// Canonical key: heap order does not matter, and only a partizan game whose position does
    /// not say who moves (a board game with [`crate::rules::board::Players::Partizan`], such
    /// as `kl:K,L`) cares who is to move.
    pub(crate) fn key(position: &Position, convention: Convention, player: Player) -> (Position, Convention, Player) {
        let (key, who_matters) = position.kind().key();
        (key, convention, if who_matters { player } else { Player::First })
    }

    /// The canonical form of an impartial position (the order of its heaps or games, and its
    /// finished heaps, set aside), as the solver's memo keys it.
    pub fn key_of(position: &Position) -> Position {
        Self::key(position, Convention::Normal, Player::First).0
    }

    /// Whether the player to move wins, by the definition of P and N positions.
    ///
    /// ```
    /// use grundy::{naive::NaiveSolver, Convention, Player, Game};
    /// let nim: Game = "nim".parse().unwrap();
    /// let p = nim.parse_position(&["1", "2", "3"]).unwrap();
    /// assert!(!NaiveSolver::new().wins(&p, Convention::Normal, Player::First));
    /// ```
    pub fn wins(&mut self, position: &Position, convention: Convention, player: Player) -> bool {
        let key = Self::key(position, convention, player);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let ms = moves(position, player);
        let w = if ms.is_empty() {
            convention == Convention::Misere
        } else {
            ms.iter().any(|(_, next)| !self.wins(next, convention, player.other()))
        };
        self.memo.insert(key, w);
        w
    }

    /// Every winning move: the moves to positions where the opponent loses.
    pub fn winning_moves(&mut self, position: &Position, convention: Convention, player: Player) -> Vec<Move> {
        moves(position, player)
            .into_iter()
            .filter(|(_, next)| !self.wins(next, convention, player.other()))
            .map(|(m, _)| m)
            .collect()
    }
}
