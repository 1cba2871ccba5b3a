//! Perfect play at any size: the computer wins from an N-position of 10^18 (each of its moves
//! leaves a position of value 0, whatever the opponent does), resists in a lost one with the move
//! that leaves the fewest winning replies (the count checked against `analyze` of the position
//! it leaves), and says before the game when it cannot play perfectly.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::play::{check_perfect, choose_move, random_move, Level, Reason, Rng, Session};
use grundy::{analyze, AnalyzeError, AnalyzeOptions, Game, Outcome, Player};

fn game(s: &str) -> Game {
    s.parse().unwrap()
}

#[test]
fn the_computer_keeps_winning_a_huge_kayles_game_whatever_the_opponent_does() {
    for (name, heaps) in [
        ("kayles", vec!["1000000000000000000"]),
        ("kayles", vec!["999999999999999999", "123456789012345678", "5"]),
        ("octal:0.07", vec!["1000000000000000000"]),
        ("octal:0.137", vec!["777777777777777777", "3"]),
    ] {
        let g = game(name);
        let start = g.parse_position(&heaps).unwrap();
        let a = analyze(&g, &start, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{name} {heaps:?} is a won start");
        check_perfect(&g, &start, &AnalyzeOptions::default()).unwrap();
        for seed in 0..3 {
            let mut s =
                Session::new(g.clone(), start.clone(), AnalyzeOptions::default(), Player::First, Level::Perfect, seed);
            let mut rng = Rng::new(seed + 100);
            for round in 0..6 {
                let c = s.computer_move().unwrap().unwrap();
                assert_eq!(c.reason, Reason::Winning, "{name} round {round}: {}", c.note);
                let left =
                    analyze(&g, s.position(), &AnalyzeOptions { to_move: s.to_move(), ..AnalyzeOptions::default() })
                        .unwrap();
                assert_eq!(left.sg, Some(0), "{name} round {round}: {} leaves value {:?}", c.text, left.sg);
                // The opponent answers with a random move (often a split of a huge heap).
                let reply = random_move(s.position(), s.to_move(), &mut rng).unwrap();
                s.play(&reply).unwrap();
            }
        }
    }
}

#[test]
fn in_a_lost_huge_position_it_leaves_the_fewest_winning_replies_it_found() {
    for (name, heaps) in [
        ("nim", vec!["1000000000000000000", "1000000000000000000", "7", "7"]),
        ("kayles", vec!["1000000000000000000", "1000000000000000000"]),
    ] {
        let g = game(name);
        let p = g.parse_position(&heaps).unwrap();
        let options = AnalyzeOptions::default();
        assert_eq!(analyze(&g, &p, &options).unwrap().outcome, Outcome::P);
        let c = choose_move(&g, &p, &options, Level::Perfect, &mut Rng::new(5)).unwrap().unwrap();
        assert_eq!(c.reason, Reason::Fewest, "{name}: {}", c.note);
        // The count in the note is the exact count of the opponent's winning replies.
        let after = g.parse_position(&c.result.iter().map(u64::to_string).collect::<Vec<_>>()).unwrap();
        let replies = analyze(&g, &after, &AnalyzeOptions { to_move: Player::Second, ..options }).unwrap();
        let count = replies.winning_move_count.unwrap();
        assert!(count >= 1);
        assert!(c.note.contains(&format!("({count} of them")), "{name}: {} vs {count}", c.note);
    }
}

#[test]
fn a_value_out_of_reach_is_said_before_the_game_and_lower_levels_still_move() {
    let g = game("grundys-game");
    let p = g.parse_position(&["100000000"]).unwrap();
    let options = AnalyzeOptions::default();
    let why = check_perfect(&g, &p, &options).unwrap_err();
    assert!(matches!(why, AnalyzeError::Unsupported(_)), "{why}");
    assert!(why.to_string().contains("--store DIR"), "{why}");
    for level in [Level::Good, Level::Easy] {
        let c = choose_move(&g, &p, &options, level, &mut Rng::new(1)).unwrap().unwrap();
        assert!(matches!(c.reason, Reason::Smallest | Reason::Mistake), "{level}: {:?}", c.reason);
    }
}
