//! Amazons (Zamkauskas, 1988; Berlekamp, "Sums of N x 2 Amazons", 2000; Snatzke, "Exhaustive
//! search in the game Amazons", More Games of No Chance, 2002): the library's Conway value of
//! every board of up to 6 cells (every shape, every filling of `.`, `x`, `o`, `#`), of every 3 x 3
//! board with at most two amazons, and of larger boards drawn from a seed is the game built
//! here from the rule alone, by this file's own move generator, checked with the plain
//! implementation of Conway's definitions (`conway/`); a value CGSuite computed; and small
//! values derived by hand from the rule.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use grundy::rules::board::machinery::value::BoardValues;
use grundy::values::partizan::GameStore;

use conway::{board, check_grids, every_board, seeded_boards, value_text, Cells};

/// The eight directions of a chess queen.
const QUEEN: [(i64, i64); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The cells a queen on (r, c) of `cells` reaches in direction `d` through empty cells.
fn line(cells: &Cells, (r, c): (i64, i64), (dr, dc): (i64, i64)) -> Vec<(usize, usize)> {
    let (rows, cols) = (cells.len() as i64, cells[0].len() as i64);
    let mut out = vec![];
    let (mut a, mut b) = (r + dr, c + dc);
    while (0..rows).contains(&a) && (0..cols).contains(&b) && cells[a as usize][b as usize] == '.' {
        out.push((a as usize, b as usize));
        a += dr;
        b += dc;
    }
    out
}

/// Amazons from its rule: an amazon of side 0 (Left, `x`) or 1 (Right, `o`) moves like a
/// queen through empty cells, its cell emptied, then shoots an arrow from where it landed,
/// like a queen through empty cells, and the cell the arrow lands on is burnt (`#`).
fn moves(cells: &Cells, side: usize) -> Vec<Cells> {
    let me = if side == 0 { 'x' } else { 'o' };
    let mut out = vec![];
    for r in 0..cells.len() {
        for c in 0..cells[0].len() {
            if cells[r][c] != me {
                continue;
            }
            for d in QUEEN {
                for (a, b) in line(cells, (r as i64, c as i64), d) {
                    let mut moved = cells.clone();
                    moved[r][c] = '.';
                    moved[a][b] = me;
                    for e in QUEEN {
                        for (x, y) in line(&moved, (a as i64, b as i64), e) {
                            let mut shot = moved.clone();
                            shot[x][y] = '#';
                            out.push(shot);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every board of 1 to 6 cells (every shape up to 2 x 3 and 3 x 2, and 1 x 4 to 1 x 6 and
/// their columns) and every 3 x 3 board with at most two amazons, each cell empty, x, o or
/// burnt.
fn small_boards() -> Vec<String> {
    let mut out: Vec<String> = every_board(3, &['.', 'x', 'o', '#'])
        .into_iter()
        .filter(|t| {
            t.chars().filter(|&c| c != '/').count() <= 6 || t.chars().filter(|&c| c == 'x' || c == 'o').count() <= 2
        })
        .collect();
    for n in 4..=6u32 {
        for mut code in 0..4usize.pow(n) {
            let mut row = String::new();
            for _ in 0..n {
                row.push(['.', 'x', 'o', '#'][code % 4]);
                code /= 4;
            }
            out.push(row.chars().map(String::from).collect::<Vec<_>>().join("/"));
            out.push(row);
        }
    }
    out
}

/// Every board of up to 6 cells, and every 3 x 3 board with at most two amazons (the plain
/// game of each built from this file's moves).
#[test]
fn amazons_values_are_the_games_of_their_moves() {
    let boards = small_boards();
    assert_eq!(check_grids("amazons", &boards, &moves), boards.len());
    assert!(boards.len() > 30_000, "{}", boards.len());
}

/// 150 boards of up to 4 x 4 cells drawn from a seed (most cells empty, a few burnt, about two
/// amazons of each side), where amazons meet and regions split.
#[test]
fn amazons_larger_boards_from_a_seed() {
    let boards = seeded_boards(0xa3a2, 150, 3, 3..=4, &['.', '.', '.', '.', '.', '#', '#', 'x', 'o']);
    assert_eq!(check_grids("amazons", &boards, &moves), 150);
}

/// The value CGSuite gives `x..#|....|.#.o` (the cgt crate's test of Amazons, cgt-tools
/// `short/partizan/games/amazons.rs`, "confirmed with cgsuite"), written here as the crate
/// writes its canonical forms (`^` up, `v` down), the rows joined by `/`.
#[test]
fn amazons_value_as_cgsuite_computed_it() {
    let b = board("amazons");
    let mut s = GameStore::new();
    let v =
        BoardValues::new(b.rules(), 10_000_000).value(&mut s, &b.rules().parse(&["x..#/..../.#.o"]).unwrap()).unwrap();
    let cgsuite = "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}";
    let text = cgsuite.replace("v*", "↓*").replace('v', "↓").replace('^', "↑");
    assert_eq!(v, s.parse(&text).unwrap(), "{}", s.text(v).unwrap());
}

/// Values derived by hand from the rule. A lone amazon with no empty cell, or empty cells
/// without amazons, are 0. `x.` is 1 (Left moves and burns the cell she left) and `x..` 2
/// (then once more); `x.o` is {0|0} = * (either amazon steps in and burns the cell it left,
/// and nobody moves again), as Berlekamp's rooms of one cell between the two are; `x.#.o` is
/// 1 - 1 = 0, two regions apart (cells touching at a corner are one region: `x#/#.` is 1);
/// the mirror image with colours swapped is the negative. A region with the amazons of one
/// player only is an integer, the moves that player has there: `x../#..` four, one a cell
/// (a1 to b1 burning a1, to c1 burning b1, to c2 burning c1, to b2 burning c2), and `x../...`
/// five.
#[test]
fn amazons_known_values() {
    for (text, value) in [
        ("x", "0"),
        ("...", "0"),
        ("x.", "1"),
        ("o.", "-1"),
        ("x..", "2"),
        ("x.o", "*"),
        ("x.#.o", "0"),
        ("x#/#.", "1"),
        ("x../#..", "4"),
        ("x../...", "5"),
        ("o../...", "-5"),
    ] {
        assert_eq!(value_text("amazons", &[text]), value, "{text}");
    }
}
