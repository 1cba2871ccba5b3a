//! Chips on a strip ("Georgia and Bob", POJ 1704): `analyze` against the plain exhaustive
//! solver on every set of up to four chips on cells 1 to 10, the official sample, huge cells,
//! and bad positions refused with the bad part named.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

fn chips() -> Game {
    "chips".parse().unwrap()
}

fn tokens(cells: &[u64]) -> Vec<String> {
    cells.iter().map(u64::to_string).collect()
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    let game = chips();
    let mut naive = NaiveSolver::new();
    for mask in 1u32..(1 << 10) {
        if mask.count_ones() > 4 {
            continue;
        }
        // Given right to left, so that chip numbers are not the cells' order.
        let cells: Vec<u64> = (1..=10).rev().filter(|c| mask >> (c - 1) & 1 == 1).collect();
        let p = game.parse_position(&tokens(&cells)).unwrap();
        let a = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
        common::assert_agrees_with_search(&a, &mut naive, &p, Convention::Normal, &format!("{cells:?}"));
    }
}

/// POJ 1704 "Georgia and Bob": Georgia moves first; "1 2 3" is Bob's, the eight chips
/// Georgia's.
#[test]
fn the_official_sample() {
    let game = chips();
    for (cells, georgia_wins) in [(vec![1, 2, 3], false), (vec![1, 5, 6, 7, 9, 12, 14, 17], true)] {
        let a = analyze(&game, &game.parse_position(&tokens(&cells)).unwrap(), &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome == Outcome::N, georgia_wins, "{cells:?}");
    }
}

#[test]
fn huge_cells_and_bad_positions() {
    let game = chips();
    let cells = [1_000_000_000_000_000_000u64, 3, 18_446_744_073_709_551_615, 999_999_999_999];
    let a = analyze(&game, &game.parse_position(&tokens(&cells)).unwrap(), &AnalyzeOptions::default()).unwrap();
    for m in &a.winning_moves {
        assert!(!grundy::frontend::chips_win(&m.result), "{}", m.text);
    }
    assert_eq!(a.outcome == Outcome::N, !a.winning_moves.is_empty());
    let err = |t: &[&str]| game.parse_position(t).unwrap_err().to_string();
    assert_eq!(err(&["3", "7", "3"]), "chips 1 and 3 are both on cell 3: each cell holds at most one chip");
    assert_eq!(err(&["0"]), "chip 1: the cells are numbered from 1, not 0");
    assert!(err(&["4", "x"]).contains("chip 2 'x' is not a number"), "{}", err(&["4", "x"]));
    // A slide onto or past another chip is refused with the cells it may go to.
    let p = game.parse_position(&["2", "6"]).unwrap();
    let why = grundy::play::parse_move(&p, Player::First, "2 -> 2").unwrap_err().to_string();
    assert_eq!(why, "chip 2 cannot go onto or past the chip on cell 2: it may go to cells 3 to 5");
}

/// A position of many chips lists its winning moves within the room of a listing (each move is
/// listed with the whole position it leaves, so a slide for each of thousands of chips would
/// hold millions of numbers) and counts every one: 1,501 pairs whose gaps (1,024 to 1,028)
/// all hold the top bit of their nim-sum, so that every pair's right chip has a winning slide,
/// of which the first 349 (2^20 numbers / 3,002 cells) are listed.
#[test]
fn many_chips_list_their_winning_moves_within_the_room() {
    let mut cells = vec![];
    let mut at = 1u64;
    for i in 0..1501u64 {
        let gap = 1024 + i % 5;
        cells.extend([at, at + gap + 1]);
        at += gap + 7;
    }
    let g = chips();
    let p = g.parse_position(&tokens(&cells).iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    let room = (1usize << 20) / cells.len();
    assert_eq!(a.winning_move_count, Some(1501));
    common::assert_listed_within_room(&g, &p, &a, room);
}
