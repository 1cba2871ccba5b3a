//! Fission (as the cgt crate and CGSuite have it): the library's Conway value of every board up
//! to 3 x 3 (every shape, each cell empty, a stone or no cell) and of larger boards drawn from
//! a seed is the game built here from the rule alone, by this file's own move generator, checked
//! with the plain implementation of Conway's definitions (`conway/`); and the values of the
//! positions CGSuite's documentation of Fission shows.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use conway::{check_grids, every_board, seeded_boards, value_text, Cells};

/// Fission from its rule: side 0 (Left) takes a stone whose cells above and below are on the
/// board and empty and puts a stone on each; side 1 (Right) the same to its left and right.
fn fissions(cells: &Cells, side: usize) -> Vec<Cells> {
    let (rows, cols) = (cells.len() as i64, cells[0].len() as i64);
    let empty =
        |r: i64, c: i64| (0..rows).contains(&r) && (0..cols).contains(&c) && cells[r as usize][c as usize] == '.';
    let (dr, dc) = if side == 0 { (1, 0) } else { (0, 1) };
    let mut out = vec![];
    for r in 0..rows {
        for c in 0..cols {
            if cells[r as usize][c as usize] == 'x' && empty(r - dr, c - dc) && empty(r + dr, c + dc) {
                let mut next = cells.clone();
                next[r as usize][c as usize] = '.';
                next[(r - dr) as usize][(c - dc) as usize] = 'x';
                next[(r + dr) as usize][(c + dc) as usize] = 'x';
                out.push(next);
            }
        }
    }
    out
}

/// Every board of 1 x 1 to 3 x 3 cells, each cell empty, a stone or no cell (21,297 boards).
#[test]
fn fission_values_are_the_games_of_their_moves() {
    assert_eq!(check_grids("fission", &every_board(3, &['.', 'x', '#']), &fissions), 21_297);
}

/// 200 boards of 1 to 4 rows and 4 or 5 columns, drawn from a seed (about two cells in three
/// empty, a few holes), where stones split again and again.
#[test]
fn fission_larger_boards_from_a_seed() {
    let boards = seeded_boards(0x4669_7373, 200, 4, 4..=5, &['.', '.', '.', '.', '.', 'x', 'x', '#']);
    assert_eq!(check_grids("fission", &boards, &fissions), 200);
}

/// CGSuite's documentation of Fission (`game.grid.Fission`) shows a game of four positions and
/// a board with blocked cells, rows joined by `|` where grundy joins them by `/`; their values,
/// as the cgt crate's tests (cgt-tools, `fission.rs`) give them: 0, -2, -1, {-1|-4} and 0.
#[test]
fn fission_cgsuite_documentation_values() {
    for (text, value) in [
        ("..../..x./..../....", "0"),
        ("..x./..../..x./....", "-2"),
        (".x.x/..../..x./....", "-1"),
        (".x.x/..x./..../..x.", "{-1|-4}"),
        ("..../..x./..../#..#", "0"),
        // One stone: on a column of three only Left splits it (1), on a row only Right (-1);
        // in the middle of 3 x 3 either may, and the splits cancel (0).
        (".../.x./...", "0"),
        ("./x/.", "1"),
        (".x.", "-1"),
    ] {
        assert_eq!(value_text("fission", &[text]), value, "{text}");
    }
}
