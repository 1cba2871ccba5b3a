//! Every-SG (`--every`, HDU 3595 "GG and MM"): each turn the player to move makes a move in
//! every game of the sum that is not over; the last to move wins. The step theorem is checked
//! against a plain exhaustive search of the sum in which every combination of moves is tried.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::collections::HashMap;

mod every_plain;
use every_plain::{combined, games, heaps, plain_wins};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Position};

fn check(game: &str, positions: impl IntoIterator<Item = Vec<String>>) -> usize {
    let g: Game = game.parse().unwrap();
    let every = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
    let mut memo = HashMap::new();
    let mut n = 0;
    for tokens in positions {
        let p = g.parse_position(&tokens).unwrap();
        let context = format!("{game} {}", tokens.join(" "));
        let a = analyze(&g, &p, &every).unwrap_or_else(|e| panic!("{context}: {e}"));
        let parts = games(&p);
        assert_eq!(a.outcome == Outcome::N, plain_wins(&parts, &mut memo), "{context}");
        let winning = combined(&parts).into_iter().filter(|next| !plain_wins(next, &mut memo)).count();
        assert_eq!(a.winning_move_count, Some(winning as u128), "{context}: count");
        for m in &a.winning_moves {
            // The listed move is one move in every game that has one, and leaves a lost sum.
            let next = grundy::play::apply(&p, &m.mv);
            assert_eq!(next.heaps(), m.result, "{context}");
            let next_parts = games(&next);
            assert!(
                combined(&parts).iter().any(|c| c.iter().map(Position::heaps).collect::<Vec<_>>()
                    == next_parts.iter().map(Position::heaps).collect::<Vec<_>>()),
                "{context}: {} is not a combined move",
                m.text
            );
            assert!(!plain_wins(&next_parts, &mut memo), "{context}: {}", m.text);
        }
        n += 1;
    }
    n
}

#[test]
fn heaps_of_rulesets_agree_with_plain_search() {
    assert_eq!(check("nim", heaps(3, 4)), 125);
    check("subtraction:1,3", heaps(3, 6));
    check("bounded:2", heaps(2, 7));
    check("sum", heaps(2, 5).into_iter().map(|v| vec![format!("nim={}", v[0]), format!("subtraction:2,3={}", v[1])]));
}

#[test]
fn sums_of_euclid_games_agree_with_plain_search() {
    let mut positions = vec![];
    for a in 0..=5u64 {
        for b in 1..=5u64 {
            for c in 0..=5u64 {
                positions.push(vec![format!("euclid={a},{b}"), format!("euclid={c},3")]);
                positions.push(vec![format!("euclid={a},{b}"), format!("nim={c}")]);
            }
        }
    }
    check("sum", positions);
    // One game alone under Every-SG is normal play.
    check("euclid", (0..=9u64).flat_map(|a| (0..=9u64).map(move |b| vec![a.to_string(), b.to_string()])));
    check("wythoff", (0..=5u64).flat_map(|a| (0..=5u64).map(move |b| vec![a.to_string(), b.to_string()])));
}

#[test]
fn huge_euclid_games_are_answered_by_their_steps() {
    let g: Game = "sum".parse().unwrap();
    let p = g
        .parse_position(&["euclid=18446744073709551615,12200160415121876738", "euclid=1000000000000000000,3"])
        .unwrap();
    let every = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
    let a = analyze(&g, &p, &every).unwrap();
    assert!(a.winning_move_count.is_some());
    assert!(a.explanation.iter().any(|l| l.contains("Jia Zhihao")));
}

#[test]
fn splitting_heaps_and_partizan_games_are_refused() {
    let every = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
    let kayles: Game = "kayles".parse().unwrap();
    let e = analyze(&kayles, &kayles.parse_position(&["5", "3"]).unwrap(), &every).unwrap_err().to_string();
    assert!(e.contains("can split into several"), "{e}");
    let kl: Game = "kl:1,2".parse().unwrap();
    assert!(analyze(&kl, &kl.parse_position(&["5", "3"]).unwrap(), &every).is_err());
}
