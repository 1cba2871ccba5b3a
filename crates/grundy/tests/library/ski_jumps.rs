//! Ski Jumps (Berlekamp, Conway and Guy, *Winning Ways*, ch. 2): the library's Conway value of
//! every board of up to 6 cells (every shape, each cell empty or any of the four skiers) and of
//! larger boards drawn from a seed is the game built here from the rule alone, by this file's
//! own move generator, checked with the plain implementation of Conway's definitions
//! (`conway/`); and the values *Winning Ways* gives.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use conway::{check_grids, seeded_boards, value_text, Cells};

/// Whose skier `c` is: 0 (Left: `L` a jumper, `l` a slipper), 1 (Right: `R`, `r`), none.
fn owner(c: char) -> Option<usize> {
    match c {
        'L' | 'l' => Some(0),
        'R' | 'r' => Some(1),
        _ => None,
    }
}

/// Ski Jumps from its rule: a skier of side 0 (Left) slides right, of side 1 (Right) left, one
/// or more cells over empty ones, or off the board; a jumper (`L`, `R`) jumps down over a
/// skier of the other side just below it onto the empty cell below that, on the board, and the
/// skier jumped over becomes a slipper.
fn ski(cells: &Cells, side: usize) -> Vec<Cells> {
    let (rows, cols) = (cells.len(), cells[0].len());
    let mut out = vec![];
    for r in 0..rows {
        for c in 0..cols {
            let me = cells[r][c];
            if owner(me) != Some(side) {
                continue;
            }
            let mut away = cells.clone();
            away[r][c] = '.';
            // Each empty cell in its direction until a skier stops it; off the board when none does.
            let path: Vec<usize> = if side == 0 { (c + 1..cols).collect() } else { (0..c).rev().collect() };
            let mut blocked = false;
            for t in path {
                if cells[r][t] != '.' {
                    blocked = true;
                    break;
                }
                let mut next = away.clone();
                next[r][t] = me;
                out.push(next);
            }
            if !blocked {
                out.push(away.clone());
            }
            if (me == 'L' || me == 'R')
                && r + 2 < rows
                && owner(cells[r + 1][c]) == Some(1 - side)
                && cells[r + 2][c] == '.'
            {
                let mut next = away.clone();
                next[r + 1][c] = cells[r + 1][c].to_ascii_lowercase();
                next[r + 2][c] = me;
                out.push(next);
            }
        }
    }
    out
}

/// Every board of `rows` x `cols` cells, each cell one of `alphabet`.
fn boards(rows: usize, cols: usize, alphabet: &[char]) -> Vec<String> {
    let n = rows * cols;
    (0..alphabet.len().pow(n as u32))
        .map(|mut code| {
            let mut text = String::new();
            for i in 0..n {
                if i > 0 && i % cols == 0 {
                    text.push('/');
                }
                text.push(alphabet[code % alphabet.len()]);
                code /= alphabet.len();
            }
            text
        })
        .collect()
}

/// Every board of 1 to 6 cells, every shape (1x1 to 6x1), each cell empty, L, l, R or r
/// (70,930 boards).
#[test]
fn ski_jumps_values_are_the_games_of_their_moves() {
    let alphabet = ['.', 'L', 'l', 'R', 'r'];
    let mut texts = vec![];
    for rows in 1..=6 {
        for cols in 1..=6 / rows {
            texts.extend(boards(rows, cols, &alphabet));
        }
    }
    assert_eq!(check_grids("ski-jumps", &texts, &ski), 70_930);
}

/// 200 boards of 1 to 5 rows and 3 or 4 columns, drawn from a seed (about two cells in three
/// empty), where jumps land on boards of several bands and slides run long.
#[test]
fn ski_jumps_larger_boards_from_a_seed() {
    let boards =
        seeded_boards(0x5348_4a55, 200, 5, 3..=4, &['.', '.', '.', '.', '.', '.', '.', '.', 'L', 'l', 'R', 'r']);
    assert_eq!(check_grids("ski-jumps", &boards, &ski), 200);
}

/// *Winning Ways* (Berlekamp, Conway and Guy, 2nd ed., vol. 1, ch. 2, "Ski-Jumps"): the
/// positions of its figures with their values, as the cgt crate's tests (cgt-tools,
/// `ski_jumps.rs`, `winning_ways_examples`) transcribe them, rows joined by `/`; and the
/// crate's own checks of a jump onto a taken cell (there is none) and of skiers that meet in a
/// row.
#[test]
fn ski_jumps_winning_ways_values() {
    for (text, value) in [
        ("...L..../..R...../........", "2"),
        ("......../...l..../.......R/......../......L.", "-1"),
        (".L.../.R.../.....", "5/2"),
        ("...R./...L./.....", "-5/2"),
        ("L..../....R/.....", "1/2"),
        ("L..../R..../.....", "9/2"),
        ("L..../....R/l....", "5"),
        ("L/R/R", "-1"),
        ("R/L/L", "1"),
        (".LR", "0"),
        ("L.R", "*"),
        ("L..R", "*2"),
        ("R.L.R", "-1*"),
        ("L.R/..L", "1*"),
    ] {
        assert_eq!(value_text("ski-jumps", &[text]), value, "{text}");
    }
}
