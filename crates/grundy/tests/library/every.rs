//! Every-SG (`--every`, HDU 3595 "GG and MM"): each turn the player to move makes a move in
//! every game of the sum that is not over; the last to move wins. The step theorem is checked
//! against a plain exhaustive search of the sum in which every combination of moves is tried.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::collections::HashMap;

use crate::every_plain;
use every_plain::{combined, games, heaps, plain_wins};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player, Position};

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
            // Some turn of one move in every game that has one gives the listed numbers and
            // leaves a lost sum.
            let flat = |c: &[Position]| c.iter().flat_map(Position::heaps).collect::<Vec<_>>();
            let same: Vec<Vec<Position>> = combined(&parts).into_iter().filter(|c| flat(c) == m.result).collect();
            assert!(same.iter().any(|c| !plain_wins(c, &mut memo)), "{context}: {} is no winning turn", m.text);
            // Typed back as play reads a turn, the move is that turn, or is refused only because
            // its numbers share out among the games in more than one way (play then asks for
            // each game's move joined by ';').
            match grundy::play::check_turn(&p, Player::First, Convention::Every, &m.mv) {
                Ok(next) => {
                    assert_eq!(next.heaps(), m.result, "{context}");
                    assert!(!plain_wins(&games(&next), &mut memo), "{context}: {}", m.text);
                }
                Err(e) => {
                    assert!(e.to_string().contains("more than one way"), "{context}: {} ({}): {e}", m.text, m.mv);
                    assert!(same.len() > 1, "{context}: {} ({}) has one reading: {e}", m.text, m.mv);
                }
            }
            // The turn as play shows it (each game's move joined by ';') reads back as the move.
            let typed = grundy::play::typed_turn(&p, Convention::Every, &m.mv);
            let read = grundy::play::parse_turn(&p, Player::First, Convention::Every, &typed);
            assert_eq!(read.as_ref(), Ok(&m.mv), "{context}: '{typed}' for {}", m.text);
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

/// Board games in sums: the winning turns' count of each sum (the step theorem over each
/// board's own remoteness) equals the count of turns a plain search of every combination of
/// moves finds winning.
#[test]
fn board_games_in_sums_agree_with_plain_search() {
    let boards: Vec<Vec<String>> = vec![
        (0..=3u64).flat_map(|a| (a..=4).map(move |b| format!("wythoff={a},{b}"))).collect(),
        ["chips=1", "chips=1,3", "chips=2,4", "chips=1,2,5", "chips=3,4,6"].map(String::from).to_vec(),
        ["staircase=1", "staircase=1,2", "staircase=2,0,1", "staircase=1,2,3", "staircase=0,3,1"]
            .map(String::from)
            .to_vec(),
        ["turtles=1", "turtles=1,3", "turtles=2,4", "turtles=1,2,5", "turtles=3,6"].map(String::from).to_vec(),
        ["ruler=1", "ruler=1,3", "ruler=2,4", "ruler=4"].map(String::from).to_vec(),
        ["mock-turtles=1,2", "mock-turtles=3", "mock-turtles=2,5"].map(String::from).to_vec(),
        ["moore:2=1,2", "moore:2=1,2,3", "moore:2=2,2,1"].map(String::from).to_vec(),
    ];
    let mut positions = vec![];
    for (i, first) in boards.iter().enumerate() {
        for second in &boards[i..] {
            for a in first {
                for b in second {
                    for nim in 0..=2u64 {
                        positions.push(vec![a.clone(), b.clone(), format!("nim={nim}")]);
                    }
                }
            }
        }
    }
    let n = check("sum", positions.clone());
    assert_eq!(n, positions.len());
}
