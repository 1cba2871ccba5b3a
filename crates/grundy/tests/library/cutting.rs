//! The cutting game (POJ 2311): the theory (Dawson's Kayles for sheets with a side of 2 or 3, a
//! table for the others, an immediate win from a sheet 1 square wide) against the plain
//! exhaustive solver, which plays the literal rule (every cut, a 1 x 1 piece ends the game), on
//! every position of one or two sheets up to 6 x 6 and 5 x 5; POJ 2311's sample; sheets to
//! 2^64 - 1 where a side is 2 or 3; bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::{check_move, parse_move};
use grundy::{analyze, AnalyzeError, AnalyzeOptions, Convention, Game, Outcome, Player};

fn cutting() -> Game {
    "cutting".parse().unwrap()
}

fn sheets(upto: u64) -> Vec<String> {
    (1..=upto).flat_map(|w| (1..=upto).map(move |h| format!("{w}x{h}"))).collect()
}

#[test]
fn every_sheet_and_pair_of_sheets_agrees_with_exhaustive_search() {
    let mut positions: Vec<Vec<String>> = sheets(8).into_iter().map(|s| vec![s]).collect();
    for a in sheets(6) {
        for b in sheets(5) {
            positions.push(vec![a.clone(), b]);
        }
    }
    assert_eq!(common::assert_game_agrees_with_search("cutting", positions, Convention::Normal), 64 + 36 * 25);
}

#[test]
fn misere_agrees_with_exhaustive_search() {
    let mut positions: Vec<Vec<String>> = sheets(5).into_iter().map(|s| vec![s]).collect();
    for a in sheets(3) {
        for b in sheets(3) {
            positions.push(vec![a.clone(), b]);
        }
    }
    common::assert_game_agrees_with_search("cutting", positions, Convention::Misere);
}

/// POJ 2311 (Cutting Game): one sheet W x H (2 <= W, H <= 200); the first player wins ("WIN")
/// or loses ("LOSE"). Sample: 2 x 2 and 3 x 2 lose, 4 x 2 wins.
#[test]
fn poj_2311_sample() {
    let g = cutting();
    for (sheet, wins) in [("2x2", false), ("3x2", false), ("4x2", true)] {
        let p = g.parse_position(&[sheet]).unwrap();
        let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome == Outcome::N, wins, "{sheet}");
    }
    // The largest sheet of the problem is within a larger budget, and refused with the budget
    // it needs under the default.
    let p = g.parse_position(&["200x200"]).unwrap();
    let e = analyze(&g, &p, &AnalyzeOptions::default()).unwrap_err();
    let AnalyzeError::GaveUp(gave) = e else { panic!("{e}") };
    let budget = gave.suggested_budget().unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions { budget, ..AnalyzeOptions::default() }).unwrap();
    assert!(a.winning_move_count.is_some());
}

/// SG(w, h) of the game without cuts that leave a piece 1 square wide, by its definition (the
/// mex over the cuts with both pieces at least 2 wide), for w <= 6 and h <= `height`.
fn reduced_values(height: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; height + 1]; 7];
    for w in 2..=6 {
        for h in 2..=height {
            let mut seen = std::collections::HashSet::new();
            for i in 2..=w - 2 {
                seen.insert(g[i][h] ^ g[w - i][h]);
            }
            for j in 2..=h.saturating_sub(2) {
                seen.insert(g[w][j] ^ g[w][h - j]);
            }
            g[w][h] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

/// Sheets with a side of 2 or 3 are answered through Dawson's Kayles, at lengths past the
/// exhaustive search: a pair of a long narrow sheet and a small sheet is lost exactly when
/// their values by the definition are equal (the theory's reduction, checked by search on
/// small sheets above), and each winning cut leaves pieces whose values make the XOR 0.
#[test]
fn narrow_sheets_agree_with_the_definition() {
    let g = cutting();
    let sg = reduced_values(160);
    for side in [2usize, 3] {
        for n in 2..=160usize {
            for (w, h) in [(2usize, 2usize), (2, 4), (4, 4), (4, 6), (5, 6), (6, 6), (3, 11)] {
                let tokens = [format!("{side}x{n}"), format!("{w}x{h}")];
                let p = g.parse_position(&tokens).unwrap();
                let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
                let (x, y) = (sg[side][n], sg[w][h]);
                assert_eq!(a.outcome == Outcome::P, x == y, "{tokens:?}");
                // Transposed, the same.
                let t = g.parse_position(&[format!("{n}x{side}"), format!("{h}x{w}")]).unwrap();
                assert_eq!(analyze(&g, &t, &AnalyzeOptions::default()).unwrap().outcome, a.outcome, "{tokens:?}");
                for m in &a.winning_moves {
                    let r = &m.result;
                    let value = |k: usize| {
                        let (pw, ph) = (r[2 * k] as usize, r[2 * k + 1] as usize);
                        let (lo, hi) = (pw.min(ph), pw.max(ph));
                        sg[lo][hi]
                    };
                    assert_eq!((0..r.len() / 2).map(value).fold(0, |a, v| a ^ v), 0, "{tokens:?}: {}", m.text);
                }
            }
        }
    }
}

#[test]
fn huge_narrow_sheets_are_exact() {
    let g = cutting();
    for tokens in [
        vec!["2x18446744073709551615"],
        vec!["18446744073709551615x3", "2x1000000000000000000"],
        vec!["3x1000000000000000000", "5x6"],
        vec!["1x18446744073709551615", "18446744073709551615x2"],
    ] {
        let p = g.parse_position(&tokens).unwrap();
        let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.tokens, tokens);
        assert!(a.sg.is_none() && a.sg_note.as_deref().unwrap().starts_with("not computed"));
        let count = a.winning_move_count.unwrap();
        assert!(count >= a.winning_moves.len() as u128);
        assert_eq!(a.outcome == Outcome::N, count > 0, "{tokens:?}");
        for m in a.winning_moves.iter().take(20) {
            let next = check_move(&p, Player::First, &m.mv).unwrap();
            let after = analyze(&g, &next, &AnalyzeOptions::default()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{tokens:?}: {}", m.text);
        }
    }
    // About one cut in 17 of a long 2 x n sheet wins (Dawson's Kayles' period is 34).
    let p = g.parse_position(&["2x1000000000000000000"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.winning_move_count, Some(29_411_764_705_882_353));
    // A wide sheet is refused past the budget, naming the budget that computes it.
    let p = g.parse_position(&["4x1000000"]).unwrap();
    let e = analyze(&g, &p, &AnalyzeOptions::default()).unwrap_err();
    assert!(matches!(e, AnalyzeError::GaveUp(_)), "{e}");
    assert!(!e.to_string().contains('\n'));
    // Every-SG searches along the games, which are refused past a bounded length (a game lasts
    // at most as many cuts as the squares).
    let every = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
    let p = g.parse_position(&["2x1000000000000"]).unwrap();
    let e = analyze(&g, &p, &every).unwrap_err().to_string();
    assert!(e.contains("can last 2000000000000"), "{e}");
    let p = g.parse_position(&["4x2", "3x3"]).unwrap();
    assert_eq!(analyze(&g, &p, &every).unwrap().outcome, Outcome::N);
}

#[test]
fn bad_sheets_are_named() {
    let g = cutting();
    let err = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert_eq!(err(&["3x"]), "sheet 1: the height is empty");
    assert_eq!(err(&["2x2", "0x5"]), "sheet 2 (0x5): a side is at least 1");
    assert_eq!(err(&["3*4"]), "sheet 1: '3*4' is not WxH (width x height, e.g. 3x4)");
    assert_eq!(err(&["ax4"]), "sheet 1: the width 'a' is not a number");
    assert!(err(&["3x18446744073709551616"]).contains("past the largest"));
    let p = g.parse_position(&["3x4"]).unwrap();
    assert_eq!(p.labels()[..2], ["width 1", "height 1"]);
}

#[test]
fn cuts_are_read_in_words_and_checked() {
    let g = cutting();
    let p = g.parse_position(&["4x2", "1x3"]).unwrap();
    let read = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&p.heaps()));
    assert_eq!(read("cut 1 into 2x2 2x2").unwrap(), vec![2, 2, 2, 2, 1, 3]);
    assert_eq!(read("1 into 1x2 and 3x2").unwrap(), vec![1, 2, 3, 2, 1, 3]);
    assert_eq!(read("cut 2 into 1x2 1x1").unwrap(), vec![4, 2, 1, 2, 1, 1]);
    assert_eq!(read("3..4 -> 1 1 1 2").unwrap(), vec![4, 2, 1, 1, 1, 2]);
    let e = |t: &str| read(t).unwrap_err().to_string();
    assert!(e("cut 1 into 2x2 3x2").contains("widths adding up to 4"), "{}", e("cut 1 into 2x2 3x2"));
    assert!(e("cut 3 into 1x1 1x1").contains("there is no sheet 3"));
    assert_eq!(e("cut 1 into 2x2 0x2"), "the second piece (0x2): a side is at least 1");
    let d = |t: &str| grundy::play::describe(&p, &parse_move(&p, Player::First, t).unwrap());
    assert_eq!(d("cut 1 into 2x2 2x2"), "cut sheet 1 (4x2) into 2x2 and 2x2");
    assert_eq!(d("cut 2 into 1x1 1x2"), "cut sheet 2 (1x3) into 1x1 and 1x2, cutting off a 1 x 1 piece");
    // After a 1 x 1 piece is cut off, the game is over.
    let over = g.parse_position(&["4x2", "1x1", "1x2"]).unwrap();
    assert!(!grundy::play::has_move(&over, Player::First));
    let a = analyze(&g, &over, &AnalyzeOptions::default()).unwrap();
    assert_eq!((a.outcome, a.sg), (Outcome::P, Some(0)));
    assert!(parse_move(&over, Player::First, "cut 1 into 2x2 2x2")
        .unwrap_err()
        .to_string()
        .contains("the game is over"));
}
