//! Playing Every-SG (`--every`, HDU 3595 "GG and MM"): a turn is one move in every game of the
//! sum that is not over. The player's turns are checked against the definition (every
//! combination of one move per live game, from the plain exhaustive search of each game), and
//! the computer at level perfect is checked to win every won small position against every reply.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::collections::HashMap;

use crate::every_plain;
use every_plain::{combined, games, heaps, plain_wins};
use grundy::play::{
    apply, check_turn, choose_move, describe, parse_turn, random_turn, smallest_turn, typed_turn, Level, Move, Reason,
    Rng, Session,
};
use grundy::{AnalyzeOptions, Convention, Game, Player, Position};

fn numbers(parts: &[Position]) -> Vec<u64> {
    parts.iter().flat_map(Position::heaps).collect()
}

fn every(to_move: Player) -> AnalyzeOptions {
    AnalyzeOptions { convention: Convention::Every, to_move, ..AnalyzeOptions::default() }
}

/// From each position, the computer (the first player) at level perfect plays against every
/// reply, depth first: from a won position it must win every line, and every turn it makes
/// must be a turn by the definition. Every turn by the definition is accepted by `check_turn`
/// as the move between the numbers, leading to that position. Returns the won positions tried.
fn computer_wins_every_won_position(game: &str, positions: &[Vec<String>]) -> usize {
    let g: Game = game.parse().unwrap();
    let mut memo = HashMap::new();
    let mut won = 0;
    for tokens in positions {
        let start = g.parse_position(tokens).unwrap();
        let context = format!("{game} {}", tokens.join(" "));
        if !plain_wins(&games(&start), &mut memo) {
            // Lost: the computer still makes a legal turn, holding out.
            if let Some(c) = choose_move(&g, &start, &every(Player::First), Level::Perfect, &mut Rng::new(1)).unwrap() {
                assert_eq!(c.reason, Reason::Longest, "{context}");
                let next = check_turn(&start, Player::First, Convention::Every, &c.mv).unwrap();
                assert!(combined(&games(&start)).iter().any(|t| numbers(t) == next.heaps()), "{context}");
            }
            continue;
        }
        won += 1;
        let mut stack = vec![(start, Player::First)];
        while let Some((p, player)) = stack.pop() {
            let parts = games(&p);
            let turns = combined(&parts);
            if player == Player::First {
                assert!(plain_wins(&parts, &mut memo), "{context}: {p:?} should be won");
                let c = choose_move(&g, &p, &every(player), Level::Perfect, &mut Rng::new(7)).unwrap().unwrap();
                assert_eq!(c.reason, Reason::Winning, "{context}: {p:?}");
                let next = check_turn(&p, player, Convention::Every, &c.mv).unwrap();
                assert_eq!(next.heaps(), c.result, "{context}");
                assert_eq!(apply(&p, &c.mv), next, "{context}");
                assert!(turns.iter().any(|t| numbers(t) == c.result), "{context}: {} is not a turn", c.text);
                stack.push((next, player.other()));
            } else {
                assert!(!turns.is_empty() || !plain_wins(&parts, &mut memo), "{context}");
                for t in turns {
                    let mv = Move::between(&p.heaps(), &numbers(&t)).unwrap();
                    let next = check_turn(&p, player, Convention::Every, &mv)
                        .unwrap_or_else(|e| panic!("{context}: {p:?} {mv}: {e}"));
                    assert_eq!(numbers(&games(&next)), numbers(&t), "{context}");
                    // Typed game by game, the turn reads back to the same move.
                    let typed = typed_turn(&p, Convention::Every, &mv);
                    assert_eq!(parse_turn(&p, player, Convention::Every, &typed), Ok(mv.clone()), "{context}: {typed}");
                    stack.push((next, player.other()));
                }
            }
        }
    }
    won
}

#[test]
fn the_computer_wins_every_won_sum_of_heaps() {
    assert!(computer_wins_every_won_position("nim", &heaps(3, 3)) > 20);
    assert!(computer_wins_every_won_position("subtraction:1,2", &heaps(3, 4)) > 20);
    let mixed: Vec<Vec<String>> =
        heaps(2, 4).into_iter().map(|v| vec![format!("nim={}", v[0]), format!("bounded:2={}", v[1])]).collect();
    assert!(computer_wins_every_won_position("sum", &mixed) > 5);
}

#[test]
fn the_computer_wins_every_won_sum_of_games() {
    let mut positions = vec![];
    for a in 0..=4u64 {
        for b in 1..=4u64 {
            for c in 0..=3u64 {
                positions.push(vec![format!("euclid={a},{b}"), format!("euclid={c},2")]);
                positions.push(vec![format!("euclid={a},{b}"), format!("nim={c}")]);
                positions.push(vec![format!("wythoff={a},{c}"), format!("nim={b}")]);
            }
        }
    }
    // Games whose moves change how many numbers they have: the first move of Fibonacci Nim
    // (`5` becomes `N/L`), a sheet cut in two, a heap split in take-or-split.
    for a in 1..=5u64 {
        for b in 0..=3u64 {
            positions.push(vec![format!("fibonacci-nim={a}"), format!("nim={b}")]);
            positions.push(vec![format!("cutting={}x2", a.min(3)), format!("nim={b}")]);
            positions.push(vec![format!("take-or-split:2={a}"), format!("nim={b}")]);
        }
    }
    assert!(computer_wins_every_won_position("sum", &positions) > 50);
    // One game alone: a turn is its move.
    let euclid: Vec<Vec<String>> =
        (1..=6u64).flat_map(|a| (1..=6u64).map(move |b| vec![a.to_string(), b.to_string()])).collect();
    assert!(computer_wins_every_won_position("euclid", &euclid) > 10);
}

fn pos(game: &str, tokens: &[&str]) -> (Game, Position) {
    let g: Game = game.parse().unwrap();
    let p = g.parse_position(tokens).unwrap();
    (g, p)
}

#[test]
fn turns_are_read_game_by_game_and_refused_naming_the_game() {
    let f = Player::First;
    let e = Convention::Every;
    let (_, p) = pos("nim", &["3", "5", "0", "7"]);
    let read = |t: &str| parse_turn(&p, f, e, t).map(|m| m.apply(&p.heaps()));
    assert_eq!(read("1 3; 2 -> 2; 4 1"), Ok(vec![0, 2, 0, 6]));
    assert_eq!(read(" 4 -> 6 ;1 1;2 5 "), Ok(vec![2, 0, 0, 6]));
    assert_eq!(read("1..4 -> 0 2 0 6"), Ok(vec![0, 2, 0, 6]));
    // A heap's move written with an empty heap beside what it leaves still leaves one heap (a
    // turn the fuzzer found read game by game but not in its general form).
    assert_eq!(read("1 3; 2 -> 0 2; 4 1"), Ok(vec![0, 2, 0, 6]));
    let (_, q) = pos("allbut:2", &["6", "100"]);
    let turn = parse_turn(&q, f, e, " 2->0 2;\u{c}1->0").unwrap();
    assert_eq!(check_turn(&q, f, e, &turn).unwrap().heaps(), vec![0, 2]);
    let err = |t: &str| parse_turn(&p, f, e, t).unwrap_err().to_string();
    assert!(err("1 3").starts_with("heap 2: no move was given for it"), "{}", err("1 3"));
    assert!(err("1 3; 2 5").starts_with("heap 4: no move was given"), "{}", err("1 3; 2 5"));
    // The reason, then how a heap's move is typed (issue 80, row 11: a move's own forms).
    assert!(err("1 3; 2 6; 4 1").starts_with("heap 2: it has only 5 objects ('HEAP TAKE'"), "{}", err("1 3; 2 6; 4 1"));
    assert!(err("1 3; 1 1; 2 5; 4 1").starts_with("heap 1: two moves"), "{}", err("1 3; 1 1; 2 5; 4 1"));
    assert!(err("1 3; 2 5; 3 -> 0; 4 1").contains("a move must take at least one object"));
    assert!(err("1 3;; 2 5").contains("empty move"));
    assert!(err("1..4 -> 0 2 1 6").starts_with("heap 3: it is over"), "{}", err("1..4 -> 0 2 1 6"));
    assert!(err("1..4 -> 0 5 0 6").starts_with("heap 2: no move was given"), "{}", err("1..4 -> 0 5 0 6"));
    assert!(err("9 1").contains("no heap 9"));
    assert!(err("x").contains("is not a move"));
    for t in ["1 3", "1..4 -> 0 2 1 6", "1 3;; 2 5", "1 3; 1 1; 2 5; 4 1", "1..2 -> 3"] {
        assert!(!err(t).contains('\n'), "{t}");
    }

    // A sum of games: numbers counted in the whole position, refusals naming the game.
    let (_, p) = pos("sum", &["euclid=5,3", "euclid=3,2", "nim=0"]);
    let read = |t: &str| parse_turn(&p, f, e, t).map(|m| m.apply(&p.heaps()));
    assert_eq!(read("1 3; 3 2"), Ok(vec![2, 3, 1, 2, 0]));
    assert_eq!(read("1..3 -> 2 3 1"), Ok(vec![2, 3, 1, 2, 0]));
    let err = |t: &str| parse_turn(&p, f, e, t).unwrap_err().to_string();
    assert!(err("1 3").starts_with("game 2 (euclid): no move was given"), "{}", err("1 3"));
    assert!(err("1 3; 3 1").starts_with("game 2 (euclid): 3 cannot become 2"), "{}", err("1 3; 3 1"));
    assert!(err("1 3; 2..3 -> 1 1").contains("not all in one game"), "{}", err("1 3; 2..3 -> 1 1"));

    // One game alone: a turn is its move, without ';'.
    let (_, p) = pos("euclid", &["5", "3"]);
    assert_eq!(parse_turn(&p, f, e, "1 3").unwrap(), Move::new(0, vec![2]));
    assert!(parse_turn(&p, f, e, "1 3; 2 1").unwrap_err().to_string().contains("one game"));
}

/// Games whose moves change how many numbers they have can make a turn's numbers readable as
/// two different turns; the general form is then refused and the form game by game read.
#[test]
fn an_ambiguous_general_turn_is_refused() {
    let (_, p) = pos("sum", &["take-or-split:2=4", "take-or-split:2=4"]);
    // 4 -> 1 3 and 4 -> 1, or 4 -> 1 and 4 -> 3 1: both leave the numbers 1 3 1.
    let e = parse_turn(&p, Player::First, Convention::Every, "1..2 -> 1 3 1").unwrap_err().to_string();
    assert!(e.contains("more than one way"), "{e}");
    let split_first = parse_turn(&p, Player::First, Convention::Every, "1 -> 1 3; 2 -> 1").unwrap();
    let next = check_turn(&p, Player::First, Convention::Every, &split_first);
    assert!(next.is_err(), "the general form of this turn cannot be read back either");
}

#[test]
fn random_and_smallest_turns_move_in_every_live_game() {
    let (g, p) = pos("sum", &["euclid=9,4", "nim=6", "nim=0", "wythoff=3,5"]);
    let parts = games(&p);
    let turns: Vec<Vec<u64>> = combined(&parts).iter().map(|t| numbers(t)).collect();
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        let mv = random_turn(&p, Player::First, Convention::Every, &mut rng).unwrap();
        assert!(turns.contains(&mv.apply(&p.heaps())), "{mv}");
    }
    let smallest = smallest_turn(&p, Player::First, Convention::Every).unwrap();
    assert_eq!(smallest.apply(&p.heaps()), vec![5, 4, 5, 0, 2, 5]);
    assert_eq!(
        describe(&p, &smallest),
        "in game 1 (euclid): subtract 1 x 4 = 4 from number 1 (9 4 -> 5 4); in game 2 (nim): take 1 from heap 1 (6 -> 5); in game 4 (wythoff): take 1 from heap 1 (3 5 -> 2 5)"
    );
    // Lower levels make random turns, always legal.
    for level in [Level::Good, Level::Easy] {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let c = choose_move(&g, &p, &every(Player::First), level, &mut rng).unwrap().unwrap();
            assert!(turns.contains(&c.result), "{level} {}", c.text);
        }
    }
}

#[test]
fn a_session_plays_every_sg_with_hint_and_undo() {
    let (g, p) = pos("nim", &["3", "5", "7"]);
    let mut s = Session::new(g, p, every(Player::First), Player::Second, Level::Perfect, 1);
    let hint = s.analysis().unwrap();
    assert_eq!(hint.winning_moves.len(), 1);
    let w = &hint.winning_moves[0];
    assert_eq!(w.text, "take 3 from heap 1 (3 -> 0); take 5 from heap 2 (5 -> 0); take 7 from heap 3 (7 -> 0)");
    // A worse turn: the computer then wins.
    let played = s.play_text("1 1; 2 1; 3 1").unwrap();
    assert_eq!(played.text, "take 1 from heap 1 (3 -> 2); take 1 from heap 2 (5 -> 4); take 1 from heap 3 (7 -> 6)");
    assert_eq!(played.result, vec![2, 4, 6]);
    let c = s.computer_move().unwrap().unwrap();
    assert_eq!((c.reason, c.result.clone()), (Reason::Winning, vec![0, 0, 0]));
    assert_eq!(s.winner(), Some(Player::Second));
    assert_eq!(s.undo(Player::First), 2);
    assert_eq!(s.position().heaps(), vec![3, 5, 7]);
    // The hint's turn, played as the page plays it (its general form), wins.
    let typed = format!("{}", w.mv);
    s.play_text(&typed).unwrap();
    assert_eq!(s.winner(), Some(Player::First));
    assert!(s.play_text("1 1").unwrap_err().to_string().contains("game is over"));
}

#[test]
fn splitting_heaps_and_partizan_games_are_not_played() {
    let (g, p) = pos("kayles", &["5", "3"]);
    for level in [Level::Perfect, Level::Easy] {
        let e = choose_move(&g, &p, &every(Player::First), level, &mut Rng::new(1)).unwrap_err().to_string();
        assert!(e.contains("can split into several"), "{e}");
    }
    let e = parse_turn(&p, Player::First, Convention::Every, "1 -> 1 2; 2 1").unwrap_err().to_string();
    assert!(e.contains("can split into several"), "{e}");
    let (g, p) = pos("kl:1,2", &["5", "3"]);
    assert!(choose_move(&g, &p, &every(Player::First), Level::Easy, &mut Rng::new(1)).is_err());
    // A sum holding a partizan game is not played either, whichever part it is: the computer
    // once chose no move in domineering + nim 2 and called the game lost.
    for tokens in [["domineering=../..", "nim=2"], ["nim=2", "clobber=xxo"]] {
        let (g, p) = pos("sum", &tokens);
        for level in [Level::Perfect, Level::Easy] {
            let e = choose_move(&g, &p, &every(Player::First), level, &mut Rng::new(1)).unwrap_err().to_string();
            assert!(e.contains("Every-SG is defined for impartial games"), "{tokens:?}: {e}");
        }
        let e = parse_turn(&p, Player::First, Convention::Every, "1 1; 2 2").unwrap_err().to_string();
        assert!(e.contains("Every-SG is defined for impartial games"), "{tokens:?}: {e}");
    }
}
