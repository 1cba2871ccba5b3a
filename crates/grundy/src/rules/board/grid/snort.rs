//! Snort (Simon Norton's; Berlekamp, Conway and Guy, *Winning Ways*): a move colours
//! one empty cell of the board in the mover's colour, blue (`x`) for Left, the first player, red
//! (`o`) for Right, but never next to (up, down, left or right of) a cell of the other player's
//! colour. A player with no cell to colour loses. The game is partizan and hot (a move gains its
//! maker room), so it is answered from Conway's value of the position
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board, rows joined by `/` (`..x./...o`; `#` a hole), read and valued by
//! [`crate::rules::board::grid::colouring`], which Snort shares with Col: the board without its dead
//! cells falls apart into regions of empty cells, valued apart. A move is typed `x b1` (Left
//! colours b1) or `o b1` (Right).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::rules::board::grid::colouring::{Colouring, ColouringGame, Forbids};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::catalogue::GameKind;

/// Snort in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "snort",
    name: "Snort",
    a_move: "colour an empty cell in your colour (`x` Left's, blue; `o` Right's, red; `.` empty; `#` a hole; rows joined by `/`), never next to a cell of the other player's colour",
    example_game: "snort",
    example_position: "..x./...o",
    heap_ruleset: false,
    move_syntax: "`x CELL` colours the empty cell CELL blue (Left), `o CELL` red (Right) (columns a, b... from the left, rows 1, 2... from the top), e.g. `x a1`",
    example_move: "x a1",
}];

/// Snort's rule and words.
pub static SNORT: ColouringGame = ColouringGame {
    spelling: "snort",
    name: "Snort",
    rule: Forbids::Opponents,
    sentence: "Snort: a move colours an empty cell, blue (x) for Left, the first player, red (o) for Right, never next to (up, down, left or right of) a cell of the other player's colour; a player with no cell to colour loses.",
    players: "Left colours cells blue and Right red, never next to a cell of the other player's colour",
    note: "Never next to a cell of the other player's colour.",
};

/// Reads Snort's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "snort").then(|| Ok(Board::new(Colouring(&SNORT))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{Notation, RulesCore};

    const GAME: Colouring = Colouring(&super::SNORT);

    fn numbers(text: &str) -> Vec<u64> {
        GAME.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("x../...");
        let left = GAME.read_move(&n, "x b1", 0).unwrap().unwrap();
        assert_eq!(GAME.tokens(&left), ["xx./..."]);
        assert_eq!(GAME.describe(&n, &left), "Left colours b1 blue");
        assert!(GAME.check(&n, 0..0, &left, 0).is_ok());
        assert_eq!(
            GAME.check(&n, 0..0, &left, 1).unwrap_err().to_string(),
            "b1 colours x (blue): Right colours red (o)"
        );
        let right = GAME.read_move(&n, "o b1", 0).unwrap().unwrap();
        assert!(GAME.check(&n, 0..0, &right, 1).unwrap_err().to_string().contains("next to a1, coloured blue"));
        // A cell alone is coloured by the player to move.
        assert_eq!(GAME.read_move(&n, "b1", 1), Some(Ok(right.clone())));
        assert_eq!(GAME.read_move(&n, "b1", 0), Some(Ok(left.clone())));
        assert_eq!(GAME.read_move(&n, "x a1", 0).unwrap().unwrap_err(), "cell a1 is not empty");
        assert_eq!(
            GAME.read_move(&n, "x d1", 0).unwrap().unwrap_err(),
            "there is no cell d1 (the board has 2 rows and 3 columns)"
        );
        assert!(GAME.read_move(&n, "1 2", 0).is_none());
        assert_eq!(GAME.options(&n, 0).len(), 5);
        assert_eq!(GAME.options(&n, 1).len(), 3);
    }

    #[test]
    fn dead_cells_and_regions() {
        // b1 lies between x and o: nobody may colour it, and it parts a1 from c1.
        assert_eq!(GAME.components(&numbers("x.o/...")), None);
        assert_eq!(GAME.components(&numbers(".x.o.")).map(|c| c.len()), Some(2));
        assert_eq!(GAME.canonical(&numbers("#..")), GAME.canonical(&numbers("../##")));
        assert_eq!(GAME.canonical(&numbers("x.o")), GAME.canonical(&numbers("#")));
    }
}
