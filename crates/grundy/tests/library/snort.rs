//! Snort (Simon Norton's; Berlekamp, Conway and Guy, Winning Ways): the library's
//! Conway value of every board up to 3 x 3 (every shape, every filling of `.`, `x`, `o`) and of
//! boards with holes drawn from a seed is the game built here from the rule alone, by this
//! file's own move generator, checked with the plain implementation of Conway's definitions
//! (`conway/`); and small values derived by hand from the rule.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use conway::{check_grids, colourings, every_board, seeded_boards, value_text, Cells};

/// Snort from its rule: Left colours `x`, Right `o`, never next to the other's colour.
fn moves(cells: &Cells, side: usize) -> Vec<Cells> {
    colourings(cells, side, |side| if side == 0 { 'o' } else { 'x' })
}

/// Every board of 1 x 1 to 3 x 3 cells, each cell empty, x or o (21,297 boards).
#[test]
fn snort_values_are_the_games_of_their_moves() {
    assert_eq!(check_grids("snort", &every_board(3, &['.', 'x', 'o']), &moves), 21_297);
}

/// 400 boards of up to 3 x 4 cells with holes, drawn from a seed (half the cells empty).
#[test]
fn snort_boards_with_holes() {
    let boards = seeded_boards(0x5eed, 400, 3, 1..=4, &['.', '.', '.', 'x', 'o', '#']);
    assert_eq!(check_grids("snort", &boards, &moves), 400);
}

/// Values derived by hand from the rule: a lone cell is * (either player colours it, leaving
/// 0); a cell beside x is Left's alone, 1; two cells in a row are ±1 (the mover colours one and
/// keeps the other for themself); three are ±2 (the middle cell keeps both ends); a cell
/// between x and o is dead, 0; `x..` is {1|0} (Left colours either cell and keeps the other,
/// Right may only take c1, killing b1); parts apart add.
#[test]
fn snort_known_values() {
    for (text, value) in [
        (".", "*"),
        ("x.", "1"),
        (".o", "-1"),
        ("..", "±1"),
        ("...", "±2"),
        ("x.o", "0"),
        ("x..", "{1|0}"),
        (".x.o.", "0"),
        ("x.#.x", "2"),
    ] {
        assert_eq!(value_text("snort", &[text]), value, "{text}");
    }
}
