//! Sums of different games (`sum euclid=34,12 wythoff=3,5 kayles=7`): the Sprague-Grundy
//! theorem over each game's own value, checked against the plain exhaustive search of the
//! whole sum (outcome, every winning move, the count, the value by the mex); misère sums by
//! search.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::{analyze, AnalyzeOptions, Convention, Game};

fn sums() -> Vec<Vec<String>> {
    let mut out = vec![];
    for a in 0..=4u64 {
        for b in 0..=4u64 {
            for c in 0..=4u64 {
                out.push(vec![format!("euclid={a},{b}"), format!("nim={c}")]);
                out.push(vec![format!("wythoff={a},{b}"), format!("kayles={c}")]);
                out.push(vec![format!("euclid={a},{}", b + 1), format!("wythoff={c},2")]);
            }
        }
    }
    out
}

#[test]
fn normal_sums_agree_with_exhaustive_search() {
    common::assert_game_agrees_with_search("sum", sums(), Convention::Normal);
}

#[test]
fn misere_sums_agree_with_exhaustive_search() {
    common::assert_game_agrees_with_search("sum", sums().into_iter().step_by(3), Convention::Misere);
}

#[test]
fn tokens_round_trip_and_bad_parts_name_the_game() {
    let g: Game = "sum".parse().unwrap();
    let p = g.parse_position(&["euclid=34,12", "kayles=7", "nim=3", "nim=4"]).unwrap();
    assert_eq!(g.position_tokens(&p), ["euclid=34,12", "kayles=7", "nim=3", "nim=4"]);
    // Named first as a move types them (the whole position's numbers), then by their game.
    assert_eq!(p.labels()[1], "number 2: game 1 (euclid), number 2");
    assert_eq!(p.labels()[2], "number 3: game 2 (kayles), row 1");
    let err = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert_eq!(err(&["euclid=3,x"]), "game 1 of the sum: the second number 'x' is not a number");
    assert!(err(&["nim=3", "frob=3"]).starts_with("heap 2: unknown game 'frob'"), "{}", err(&["nim=3", "frob=3"]));
    // A partizan game is a part like any other since sums are valued by Conway's values.
    assert!(g.parse_position(&["kl:1,2=3,4", "nim=2"]).is_ok());
    assert!(err(&["euclid"]).contains("not RULESET=HEAP or GAME=TOKENS"));
    // A part with nothing after '=' (found by the fuzzer: blanks only) is refused.
    assert!(err(&["cutting=\t\t"]).contains("has no position after '='"), "{}", err(&["cutting=\t\t"]));
    // A sum of heaps alone is the sum of heaps it always was.
    assert!(g.parse_position(&["nim=3", "kayles=4"]).unwrap().as_heaps().is_some());
    // A huge Euclid game next to a huge heap is exact.
    let p = g.parse_position(&["euclid=18446744073709551615,3", "kayles=1000000000000000000"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert!(a.sg.is_some() && a.winning_move_count.is_some());
}

/// Each winning move of a sum of different games names its game as the explanation does
/// ("Game 3 (kayles=7) has value 2." and "in game 3 (kayles): knock down 1 pin from row 1 (7 -> 6)"),
/// whichever kind of game it is: a heap ruleset, Wythoff's board, Euclid's game.
#[test]
fn winning_moves_name_their_game_as_the_explanation_does() {
    let g: Game = "sum".parse().unwrap();
    for tokens in [["euclid=34,12", "wythoff=2,2", "kayles=7"], ["kayles=7", "euclid=5,3", "nim=4"]] {
        let p = g.parse_position(&tokens).unwrap();
        let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
        assert!(!a.winning_moves.is_empty(), "{tokens:?}");
        for m in &a.winning_moves {
            let k = (0..tokens.len())
                .find(|&k| m.text.starts_with(&format!("in game {} (", k + 1)))
                .unwrap_or_else(|| panic!("{tokens:?}: '{}' names no game of the sum", m.text));
            let part = tokens[k].split('=').next().unwrap();
            assert!(m.text.starts_with(&format!("in game {} ({part}): ", k + 1)), "{tokens:?}: {}", m.text);
            let named = format!("Game {} ({}) has value", k + 1, tokens[k]);
            assert!(a.explanation.iter().any(|l| l.starts_with(&named)), "{:?}", a.explanation);
        }
    }
}

/// Each number of a sum is named by its game, as the winning moves and the explanation name it:
/// the board's rows once called Kayles' heap in `sum euclid=34,12 wythoff=2,2 kayles=7` "heap 5"
/// while its moves said "in game 3 (kayles): take 1 from heap 1".
#[test]
fn each_number_of_a_sum_is_named_by_its_game() {
    let g: Game = "sum".parse().unwrap();
    let p = g.parse_position(&["euclid=34,12", "wythoff=2,2", "kayles=7"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(
        a.labels,
        [
            "number 1: game 1 (euclid), number 1",
            "number 2: game 1 (euclid), number 2",
            "number 3: game 2 (wythoff), heap 1",
            "number 4: game 2 (wythoff), heap 2",
            "number 5: game 3 (kayles), row 1"
        ]
    );
}
