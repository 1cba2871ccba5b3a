//! Who is to move, who wins, and which play convention decides the winner.

use std::fmt;
use std::str::FromStr;

/// The play convention: who wins when a player has no move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// A player with no move loses (the player who makes the last move wins).
    #[default]
    Normal,
    /// The player who makes the last move loses; a player with no move wins.
    Misere,
    /// Every-SG: the position is a sum of games, and each turn the player to move makes one
    /// move in every game that is not over; whoever makes the last move wins (see
    /// [`crate::solve::every`]).
    Every,
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
        })
    }
}

impl FromStr for Convention {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "normal" => Ok(Convention::Normal),
            "misere" => Ok(Convention::Misere),
            "every" => Ok(Convention::Every),
            _ => Err(format!("unknown convention '{s}' (expected normal, misere or every)")),
        }
    }
}

/// One of the two players. In the partizan `kl` game they have different rules; in the impartial
/// games the name only says who is to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moved first in the game.
    #[default]
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use grundy::Player;
    /// assert_eq!(Player::First.other(), Player::Second);
    /// ```
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-player data.
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "first" => Ok(Player::First),
            "second" => Ok(Player::Second),
            _ => Err(format!("unknown player '{s}' for --to-move (expected first or second)")),
        }
    }
}

/// The outcome class of a position with best play, seen from the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player (the one who just moved) wins.
    P,
    /// Neither player can force a win: with best play the game goes on for ever (a game on a
    /// graph with cycles).
    D,
}

impl Outcome {
    /// `N` when `to_move_wins`, else `P`.
    pub fn from_win(to_move_wins: bool) -> Outcome {
        if to_move_wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The winner, given who is to move; `None` for a draw.
    pub fn winner(self, to_move: Player) -> Option<Player> {
        match self {
            Outcome::N => Some(to_move),
            Outcome::P => Some(to_move.other()),
            Outcome::D => None,
        }
    }

    /// The outcome in words, e.g. "Draw: neither player can force a win".
    pub fn words(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
            Outcome::D => "Draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        })
    }
}
