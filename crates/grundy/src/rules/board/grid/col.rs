//! Col (Colin Vout's; Berlekamp, Conway and Guy, *Winning Ways*): a move colours one
//! empty cell of the board in the mover's colour, blue (`x`) for Left, the first player, red
//! (`o`) for Right, but never next to (up, down, left or right of) a cell of the mover's own
//! colour. A player with no cell to colour loses. The game is partizan and cold (a move takes
//! room from its maker), so it is answered from Conway's value of the position
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board, rows joined by `/` (`..x./...o`; `#` a hole), read and valued by
//! [`crate::rules::board::grid::colouring`], which Col shares with Snort: the board without its dead
//! cells falls apart into regions of empty cells, valued apart. A move is typed `x b1` (Left
//! colours b1) or `o b1` (Right).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::rules::board::grid::colouring::{Colouring, ColouringGame, Forbids};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::catalogue::GameKind;

/// Col in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "col",
    name: "Col",
    a_move: "colour an empty cell in your colour (`x` Left's, blue; `o` Right's, red; `.` empty; `#` a hole; rows joined by `/`), never next to a cell of your own colour",
    example_game: "col",
    example_position: "..x./...o",
    heap_ruleset: false,
    move_syntax: "`x CELL` colours the empty cell CELL blue (Left), `o CELL` red (Right) (columns a, b... from the left, rows 1, 2... from the top), e.g. `x a1`",
    example_move: "x a1",
}];

/// Col's rule and words.
pub static COL: ColouringGame = ColouringGame {
    spelling: "col",
    name: "Col",
    rule: Forbids::Own,
    sentence: "Col: a move colours an empty cell, blue (x) for Left, the first player, red (o) for Right, never next to (up, down, left or right of) a cell of the mover's own colour; a player with no cell to colour loses.",
    players: "Left colours cells blue and Right red, never next to a cell of their own colour",
    note: "Never next to a cell of your own colour.",
};

/// Reads Col's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "col").then(|| Ok(Board::new(Colouring(&COL))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{Notation, RulesCore};

    const GAME: Colouring = Colouring(&super::COL);

    fn numbers(text: &str) -> Vec<u64> {
        GAME.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("x../...");
        let right = GAME.read_move(&n, "o b1", 0).unwrap().unwrap();
        assert_eq!(GAME.tokens(&right), ["xo./..."]);
        assert_eq!(GAME.describe(&n, &right), "Right colours b1 red");
        assert!(GAME.check(&n, 0..0, &right, 1).is_ok());
        let left = GAME.read_move(&n, "b1 x", 0).unwrap().unwrap();
        assert!(GAME.check(&n, 0..0, &left, 0).unwrap_err().to_string().contains("next to a1, coloured blue"));
        assert_eq!(GAME.options(&n, 0).len(), 3);
        assert_eq!(GAME.options(&n, 1).len(), 5);
    }

    #[test]
    fn dead_cells_and_regions() {
        // b1 lies between x and o: nobody may colour it, and it parts a1 from c1.
        assert_eq!(GAME.components(&numbers("x.o/...")), None);
        assert_eq!(GAME.components(&numbers(".x.o.")).map(|c| c.len()), Some(2));
        assert_eq!(GAME.canonical(&numbers("x.o")), GAME.canonical(&numbers("#")));
    }
}
