//! A move in words, as `grundy analyze` words winning moves ("take 11 from heap 3 (12 -> 1)"):
//! what the session reports for each move played and what the computer says of its choice. The
//! words come from each game's own rules; a turn in several games is each game's move, joined.

use crate::game::{Move, Position};

use super::{apply, every};

/// The move in words, as `grundy analyze` words winning moves: "take 11 from heap 3 (12 -> 1)",
/// "divide by 2^2 = 4 (12 -> 3)".
pub fn describe(position: &Position, mv: &Move) -> String {
    // A move in several games at once (an Every-SG turn): each game's move, joined.
    if !position.kind().is_one_move(mv) {
        let next = apply(position, mv);
        if next != *position {
            return every::words(position, &next);
        }
    }
    position.kind().describe(mv)
}

/// The move from `position` to `next` in words: a turn of several games as each game's move,
/// joined; any other move as [`describe`] words it.
pub(super) fn describe_to(position: &Position, next: &Position, mv: &Move) -> String {
    // A board game is one game: its move in its own words; a sum's turn, game by game.
    match position.as_board() {
        Some(_) => describe(position, mv),
        None => every::words(position, next),
    }
}
