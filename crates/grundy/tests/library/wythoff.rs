//! Wythoff's game: the golden-ratio rule (in integers) against the plain exhaustive solver on
//! every pair up to 14, the official samples of POJ 1067 and HDU 2177, and heaps to 2^64 - 1.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::check_move;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Move, Outcome, Player};

fn wythoff() -> Game {
    "wythoff".parse().unwrap()
}

fn pairs(upto: u64) -> impl Iterator<Item = Vec<String>> {
    (0..=upto).flat_map(move |a| (0..=upto).map(move |b| vec![a.to_string(), b.to_string()]))
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    assert_eq!(common::assert_game_agrees_with_search("wythoff", pairs(14), Convention::Normal), 225);
}

#[test]
fn misere_agrees_with_exhaustive_search() {
    common::assert_game_agrees_with_search("wythoff", pairs(20), Convention::Misere);
}

/// POJ 1067 (取石子游戏): the first player wins "2 1" and "8 4" and loses "4 7" (1 for a win,
/// 0 for a loss).
#[test]
fn poj_1067_sample() {
    let game = wythoff();
    for (a, b, first_wins) in [(2, 1, false), (8, 4, true), (4, 7, false)] {
        let p = game.parse_position(&[a.to_string(), b.to_string()]).unwrap();
        let r = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(r.outcome == Outcome::N, first_wins, "({a}, {b})");
    }
}

/// HDU 2177 (取(2堆)石子游戏): for a won position, every winning move's result, the move from
/// both heaps first, then the moves from one heap with the smaller pair first, each pair
/// written smaller heap first. Sample: "1 2" loses; "5 8" wins by (4, 7) or (3, 5); "4 7"
/// loses; "2 2" wins by (0, 0) or (1, 2).
#[test]
fn hdu_2177_sample() {
    let game = wythoff();
    type Pairs = &'static [(u64, u64)];
    let expected: &[(u64, u64, Pairs)] =
        &[(1, 2, &[]), (5, 8, &[(4, 7), (3, 5)]), (4, 7, &[]), (2, 2, &[(0, 0), (1, 2)])];
    for &(a, b, moves) in expected {
        let p = game.parse_position(&[a.to_string(), b.to_string()]).unwrap();
        let r = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
        let mut shown: Vec<(u64, u64)> =
            r.winning_moves.iter().map(|m| (m.result[0].min(m.result[1]), m.result[0].max(m.result[1]))).collect();
        // HDU 2177 prints a pair once even when two moves reach its mirror images.
        shown.dedup();
        assert_eq!(shown, moves, "({a}, {b})");
    }
}

#[test]
fn huge_heaps_are_exact() {
    let game = wythoff();
    let phi_pairs = [
        // (a_k, a_k + k) for k = 10^18: a P-position.
        ("1618033988749894848", "2618033988749894848", false),
        ("18446744073709551615", "18446744073709551615", true),
        ("0", "18446744073709551615", true),
        // k = 7 * 10^18: a_k = floor(k φ) by the exact decimal expansion of φ.
        ("11326237921249263937", "18326237921249263937", false),
        ("11326237921249263938", "18326237921249263937", true),
    ];
    for (a, b, wins) in phi_pairs {
        let p = game.parse_position(&[a, b]).unwrap();
        let r = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(r.outcome == Outcome::N, wins, "({a}, {b})");
        assert_eq!(r.winning_move_count, Some(r.winning_moves.len() as u128));
        for m in &r.winning_moves {
            // Each winning move is legal and leaves a P-position.
            let next = check_move(&p, Player::First, &m.mv).unwrap();
            let after = analyze(&game, &next, &AnalyzeOptions::default()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{}", m.text);
        }
        assert!(r.sg.is_none() && r.sg_note.as_deref().unwrap().starts_with("not computed"));
    }
}

#[test]
fn moves_and_bad_input_are_checked() {
    let game = wythoff();
    let p = game.parse_position(&["5", "8"]).unwrap();
    let e = |m: Move| check_move(&p, Player::First, &m).unwrap_err().to_string();
    assert_eq!(
        e(Move::between(&[5, 8], &[3, 7]).unwrap()),
        "taking from both heaps takes the same number from each, not 2 and 1"
    );
    assert!(check_move(&p, Player::First, &Move::between(&[5, 8], &[2, 5]).unwrap()).is_ok());
    let read = |t: &str| grundy::play::parse_move(&p, Player::First, t).map(|m| m.apply(&[5, 8]));
    assert_eq!(read("both 3").unwrap(), vec![2, 5]);
    assert_eq!(read("1..2 -> 2 5").unwrap(), vec![2, 5]);
    assert_eq!(read("2 8").unwrap(), vec![5, 0]);
    assert!(read("both 6").unwrap_err().to_string().contains("take 1 to 5"));
    let err = |t: &[&str]| game.parse_position(t).unwrap_err().to_string();
    assert_eq!(err(&["3"]), "Wythoff's game takes two heaps, not 1");
    assert!(err(&["3", "18446744073709551616"]).contains("heap 2"), "{}", err(&["3", "18446744073709551616"]));
}

/// A value past every budget says so with exact numbers, and names the largest budget as
/// `--budget` and the guide give it (2^31); a value past the default budget names a budget
/// that `analyze` accepts and that computes it.
#[test]
fn a_value_past_the_budget_names_exact_numbers_and_a_budget_that_works() {
    let g = wythoff();
    let huge = g.parse_position(&["1000000000000000000", "1000000000000000000"]).unwrap();
    let note = analyze(&g, &huge, &AnalyzeOptions::default()).unwrap().sg_note.unwrap();
    assert!(note.contains("the table holds 1000000000000000002000000000000000001 values"), "{note}");
    assert!(note.contains(&format!("{} (2^31)", grundy::frontend::MAX_BUDGET)), "{note}");
    assert!(!note.contains("18446744073709551615") && !note.contains("4294967296"), "{note}");
    let guide = include_str!("../../../../docs/analyze.md");
    assert!(guide.contains("A budget is at most 2^31"), "the guide gives the same largest budget");

    let past_default = g.parse_position(&["300", "300"]).unwrap();
    let note = analyze(&g, &past_default, &AnalyzeOptions::default()).unwrap().sg_note.unwrap();
    let budget: u64 = note.split("it needs at most ").nth(1).unwrap().trim_end_matches(')').parse().unwrap();
    assert!(budget <= grundy::frontend::MAX_BUDGET, "{note}");
    let options = AnalyzeOptions { budget, ..AnalyzeOptions::default() };
    assert!(analyze(&g, &past_default, &options).unwrap().sg.is_some(), "--budget {budget} computes it");
}
