//! Col (Colin Vout's; Berlekamp, Conway and Guy, Winning Ways): the library's
//! Conway value of every board up to 3 x 3 (every shape, every filling of `.`, `x`, `o`) and of
//! boards with holes drawn from a seed is the game built here from the rule alone, by this
//! file's own move generator, checked with the plain implementation of Conway's definitions
//! (`conway/`); and small values derived by hand from the rule.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use grundy::rules::board::machinery::value::BoardValues;
use grundy::values::partizan::GameStore;

use conway::{board, check_grids, colourings, every_board, seeded_boards, value_text, Cells};

/// Col from its rule: Left colours `x`, Right `o`, never next to the mover's own colour.
fn moves(cells: &Cells, side: usize) -> Vec<Cells> {
    colourings(cells, side, |side| if side == 0 { 'x' } else { 'o' })
}

/// Every board of 1 x 1 to 3 x 3 cells, each cell empty, x or o (21,297 boards).
#[test]
fn col_values_are_the_games_of_their_moves() {
    assert_eq!(check_grids("col", &every_board(3, &['.', 'x', 'o']), &moves), 21_297);
}

/// 400 boards of up to 3 x 4 cells with holes, drawn from a seed (half the cells empty).
#[test]
fn col_boards_with_holes() {
    let boards = seeded_boards(0xc01, 400, 3, 1..=4, &['.', '.', '.', 'x', 'o', '#']);
    assert_eq!(check_grids("col", &boards, &moves), 400);
}

/// Values derived by hand from the rule: a lone cell is * (either player colours it, leaving
/// 0); a cell beside x is Right's alone, -1; two cells in a row are {-1|1} = 0 (a move leaves
/// the other cell to the other player), and so are three; a cell between x and o is dead, 0;
/// `x..` is {-1|0, 1} = -1/2; parts apart add.
#[test]
fn col_known_values() {
    for (text, value) in [
        (".", "*"),
        ("x.", "-1"),
        (".o", "1"),
        ("..", "0"),
        ("...", "0"),
        ("x.o", "0"),
        ("x..", "-1/2"),
        (".x.o.", "0"),
        ("x.#.x", "-2"),
    ] {
        assert_eq!(value_text("col", &[text]), value, "{text}");
    }
}

/// Every position of Col is a number or a number plus * (a theorem stated with the game in
/// Winning Ways): so is the value of every board up to 3 x 3.
#[test]
fn every_col_value_is_a_number_or_a_number_plus_star() {
    let b = board("col");
    let mut store = GameStore::new();
    let mut values = BoardValues::new(b.rules(), u64::MAX);
    let mut seen = 0;
    for text in every_board(3, &['.', 'x', 'o']) {
        let v = values.value(&mut store, &b.rules().parse(&[text.as_str()]).unwrap()).unwrap();
        let name = store.text(v).unwrap();
        let number = name.strip_suffix('*').unwrap_or(&name);
        let number = if number.is_empty() { "0" } else { number };
        let digits = number.strip_prefix('-').unwrap_or(number);
        assert!(
            !digits.is_empty() && digits.split('/').all(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())),
            "col {text}: {name} is not a number nor a number plus *"
        );
        seen += 1;
    }
    assert_eq!(seen, 21_297);
}
