//! The multiplication game: the rule on r = ceil(N / p) against the plain exhaustive solver on
//! every small target and product, under both conventions; HDU 1517's sample; targets to
//! 2^64 - 1; bad input refused.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::{check_move, parse_move};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

fn game() -> Game {
    "multiplication".parse().unwrap()
}

/// Every start N (2 <= N <= `upto`) and every N/P with 1 <= P <= N.
fn positions(upto: u64) -> impl Iterator<Item = Vec<String>> {
    let starts = (2..=upto).map(|n| vec![n.to_string()]);
    let states = (2..=upto).flat_map(|n| (1..=n).map(move |p| vec![format!("{n}/{p}")]));
    starts.chain(states)
}

fn analysis(token: &str, convention: Convention) -> grundy::Analysis {
    let p = game().parse_position(&[token]).unwrap();
    analyze(&game(), &p, &AnalyzeOptions { convention, ..AnalyzeOptions::default() }).unwrap()
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    for convention in [Convention::Normal, Convention::Misere] {
        let checked = common::assert_game_agrees_with_search("multiplication", positions(120), convention);
        assert_eq!(checked, 119 + (2..=120).sum::<usize>());
    }
    // Past 324 = 18^2 and 648 = 2 * 18^2, where the next intervals start, the starts alone.
    let starts = (2..=700u64).map(|n| vec![n.to_string()]);
    common::assert_game_agrees_with_search("multiplication", starts.clone(), Convention::Normal);
    common::assert_game_agrees_with_search("multiplication", starts, Convention::Misere);
}

/// HDU 1517 (A Multiplication Game): Stan (first) wins 162 and 34012226, Ollie wins 17.
#[test]
fn hdu_1517_sample() {
    for (n, stan) in [(162, true), (17, false), (34_012_226, true)] {
        assert_eq!(analysis(&n.to_string(), Convention::Normal).outcome == Outcome::N, stan, "{n}");
    }
}

#[test]
fn winning_multipliers_and_words() {
    // N = 100: r = 100 in (18, 162]; 100 / m must land in (9, 18]: m = 6 (17), 7 (15), 8 (13),
    // 9 (12).
    let a = analysis("100", Convention::Normal);
    let results: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| m.result.clone()).collect();
    assert_eq!(results, vec![vec![100, 6], vec![100, 7], vec![100, 8], vec![100, 9]]);
    assert_eq!(a.winning_moves[0].text, "multiply by 6 (1 -> 6)");
    assert_eq!(a.labels, vec!["target"]);
    assert_eq!(a.tokens, vec!["100"]);
    // Every multiplier from 5 reaches 10 from 2: one move.
    let a = analysis("10/2", Convention::Normal);
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].result, vec![10, 10]);
    assert_eq!(a.winning_moves[0].text, "multiply by any of 5 to 9 (2 -> at least 10, reaching the target)");
    assert_eq!(a.labels, vec!["target", "product"]);
    let a = analysis("100/12", Convention::Normal);
    assert_eq!(a.winning_moves[0].text, "multiply by 9 (12 -> 108, reaching the target 100)");
    // A finished game reads back, and the player to move has lost.
    let a = analysis("10/10", Convention::Normal);
    assert_eq!((a.outcome, a.sg), (Outcome::P, Some(0)));
    assert_eq!(analysis("10/10", Convention::Misere).outcome, Outcome::N);
    // A move from the start writes N/P, which reads back.
    let g = game();
    let p = g.parse_position(&["100"]).unwrap();
    let next = check_move(&p, Player::First, &parse_move(&p, Player::First, "times 9").unwrap()).unwrap();
    assert_eq!(g.position_tokens(&next), vec!["100/9"]);
    assert_eq!(g.parse_position(&["100/9"]).unwrap(), next);
}

#[test]
fn huge_targets_are_exact() {
    let max = u64::MAX;
    for token in
        [max.to_string(), format!("{max}/{}", max - 1), format!("{max}/3"), "34012224".into(), "34012225".into()]
    {
        let g = game();
        let p = g.parse_position(&[token.as_str()]).unwrap();
        for convention in [Convention::Normal, Convention::Misere] {
            let options = AnalyzeOptions { convention, ..AnalyzeOptions::default() };
            let r = analyze(&g, &p, &options).unwrap();
            assert_eq!(r.outcome == Outcome::N, !r.winning_moves.is_empty(), "{token}");
            assert_eq!(r.winning_move_count, Some(r.winning_moves.len() as u128));
            for m in &r.winning_moves {
                let next = check_move(&p, Player::First, &m.mv).unwrap();
                assert_eq!(analyze(&g, &next, &options).unwrap().outcome, Outcome::P, "{token}: {}", m.text);
            }
            if convention == Convention::Normal {
                assert!(r.sg.is_some(), "{token}");
            }
        }
    }
    // 18^6 = 34012224 is the second player's, 18^6 + 1 the first's.
    assert_eq!(analysis("34012224", Convention::Normal).outcome, Outcome::P);
    assert_eq!(analysis("34012225", Convention::Normal).outcome, Outcome::N);
    // 2^64 - 1 lies in (18^15, 9 * 18^15] (18^15 is about 6.7 * 10^18): the first player's.
    assert_eq!(analysis(&max.to_string(), Convention::Normal).outcome, Outcome::N);
    // A tiny budget refuses the value with a reason, never a wrong one.
    let p = game().parse_position(&[max.to_string()]).unwrap();
    let a = analyze(&game(), &p, &AnalyzeOptions { budget: 10, ..AnalyzeOptions::default() }).unwrap();
    assert!(a.sg.is_none() && a.sg_note.unwrap().starts_with("not computed"));
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g = game();
    let p = g.parse_position(&["100/4"]).unwrap();
    let read = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[100, 4])).map_err(|e| e.to_string());
    for t in ["times 9", "9", "x9", "x 9", "*9", "multiply by 9"] {
        assert_eq!(read(t).unwrap(), vec![100, 36], "{t}");
    }
    assert_eq!(read("times 10").unwrap_err(), "multiply by 2 to 9, not 10");
    assert_eq!(read("1").unwrap_err(), "multiply by 2 to 9, not 1");
    assert!(read("times x").unwrap_err().contains("not a number"));
    assert_eq!(read("2 -> 36").unwrap(), vec![100, 36]);
    assert_eq!(read("2 -> 37").unwrap_err(), "4 cannot become 37: multiply it by 2 to 9");
    let err = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert!(err(&[]).starts_with("the position is empty"));
    assert!(err(&["5", "3"]).contains("one number"));
    assert!(err(&["1"]).contains("at least 2"));
    assert!(err(&["0"]).contains("at least 2"));
    assert!(err(&["10/11"]).contains("written 10/10"));
    assert!(err(&["10/0"]).contains("at least 1"));
    assert!(err(&["x"]).contains("the target 'x' is not a number"));
    assert!(err(&["10/y"]).contains("the product 'y' is not a number"));
    assert!(err(&["18446744073709551616"]).contains("past the largest"));
    for e in [err(&[]), err(&["10/11"]), err(&["1/2/3"])] {
        assert!(!e.contains('\n'));
    }
    let done = g.parse_position(&["10/10"]).unwrap();
    assert!(parse_move(&done, Player::First, "2").unwrap_err().to_string().contains("game is over"));
}
