//! Konane (Ernst, "Playing Konane mathematically: A combinatorial game-theoretic analysis",
//! UMAP Journal 16(2), 1995): the library's Conway value of every board up to 3 x 3 (every
//! shape, every filling of `.`, `x`, `o`) and of larger boards drawn from a seed is the game
//! built here from the rule alone, by this file's own jump generator, checked with the plain
//! implementation of Conway's definitions (`conway/`); and small values derived by hand from
//! the rule.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use conway::{check_grids, every_board, seeded_boards, value_text, Cells};

/// Konane from its rule: a stone of side 0 (Left, `x`) or 1 (Right, `o`) jumps over a
/// neighbouring stone of the other's into the empty cell beyond, capturing it, and may go on
/// in the same line, each number of captures one move.
fn jumps(cells: &Cells, side: usize) -> Vec<Cells> {
    let (me, other) = if side == 0 { ('x', 'o') } else { ('o', 'x') };
    let (rows, cols) = (cells.len() as i64, cells[0].len() as i64);
    let at = |r: i64, c: i64| {
        if (0..rows).contains(&r) && (0..cols).contains(&c) {
            cells[r as usize][c as usize]
        } else {
            '#'
        }
    };
    let mut out = vec![];
    for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| at(r, c) == me) {
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let mut next = cells.clone();
            next[r as usize][c as usize] = '.';
            let mut k = 1;
            while at(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == other && at(r + 2 * k * dr, c + 2 * k * dc) == '.' {
                next[(r + (2 * k - 1) * dr) as usize][(c + (2 * k - 1) * dc) as usize] = '.';
                let mut landed = next.clone();
                landed[(r + 2 * k * dr) as usize][(c + 2 * k * dc) as usize] = me;
                out.push(landed);
                k += 1;
            }
        }
    }
    out
}

/// Every board of 1 x 1 to 3 x 3 cells, each cell empty, x or o (21,297 boards).
#[test]
fn konane_values_are_the_games_of_their_moves() {
    assert_eq!(check_grids("konane", &every_board(3, &['.', 'x', 'o']), &jumps), 21_297);
}

/// 200 boards of 1 to 4 rows and 4 or 5 columns, drawn from a seed (a third of the cells
/// empty), where double and triple jumps have room.
#[test]
fn konane_larger_boards_from_a_seed() {
    let boards = seeded_boards(0x4b6f_6e61, 200, 4, 4..=5, &['.', 'x', 'o']);
    assert_eq!(check_grids("konane", &boards, &jumps), 200);
}

/// Values derived by hand from the rule: `xo.` is {0|} = 1 (only x can jump, once); `.xo.` is
/// {0|0} = * (either jumps, and nothing is left to jump); `xo.o.` is {0, *|} = 1 (x jumps
/// once, leaving `..xo.` = *, or twice, leaving 0: the double jump is one move); `xo.xo.` is
/// {1|0}; stones of one colour, or no stones, are 0; the mirror image of a position is its
/// negative with the colours swapped.
#[test]
fn konane_known_values() {
    for (text, value) in [
        ("xo.", "1"),
        (".ox", "1"),
        ("ox.", "-1"),
        (".xo.", "*"),
        ("xo.o.", "1"),
        ("..xo.", "*"),
        ("xo.xo.", "{1|0}"),
        ("xx..x", "0"),
        ("...", "0"),
        ("x/o/.", "1"),
    ] {
        assert_eq!(value_text("konane", &[text]), value, "{text}");
    }
}
