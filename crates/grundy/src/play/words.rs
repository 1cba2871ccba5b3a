//! A move in words, as `grundy analyze` words winning moves ("take 11 from heap 3 (12 -> 1)"):
//! what the session reports for each move played and what the computer says of its choice. The
//! words come from each game's own rules; a turn in several games is each game's move, joined.

use crate::game::games::Parts;
use crate::game::{Move, Position};
use crate::rules::board::GraphGame;

use super::{apply, every};

/// The move in words, as `grundy analyze` words winning moves: "take 11 from heap 3 (12 -> 1)",
/// "divide by 2^2 = 4 (12 -> 3)".
pub fn describe(position: &Position, mv: &Move) -> String {
    // A move in several games at once (an Every-SG turn): each game's move, joined.
    let several = match position {
        Position::Games(parts) => Parts::of(parts).local(mv).is_none(),
        Position::Sum(_) => mv.width > 1,
        _ => false,
    };
    if several {
        let next = apply(position, mv);
        if next != *position {
            return every::words(position, &next);
        }
    }
    let heaps = position.heaps();
    let n = heaps.get(mv.heap).copied().unwrap_or(0);
    match position {
        Position::Board(b, numbers) => match b.downcast::<GraphGame>() {
            Some(g) => {
                let to = mv.to.first().copied().unwrap_or(0) as u32;
                g.describe_move(numbers, mv.heap, to)
            }
            None => b.rules().describe(numbers, &mv.apply(numbers)),
        },
        Position::Games(parts) => {
            let layout = Parts::of(parts);
            match layout.local(mv).and_then(|(i, local)| Some((i, local, parts.get(i)?))) {
                // Worded as analyze words it: the game's own move, with which game of the sum
                // it is, as the explanation names it.
                Some((i, local, part)) => {
                    format!("in game {} ({}): {}", i + 1, crate::game::games::part_game(part), describe(part, &local))
                }
                None => mv.to_string(),
            }
        }
        Position::Sum(cs) => cs[mv.heap].ruleset.describe_move(mv.heap + 1, n, &mv.to),
    }
}

/// The move from `position` to `next` in words: a turn of several games as each game's move,
/// joined; any other move as [`describe`] words it.
pub(super) fn describe_to(position: &Position, next: &Position, mv: &Move) -> String {
    match position {
        Position::Sum(_) | Position::Games(_) => every::words(position, next),
        _ => describe(position, mv),
    }
}
