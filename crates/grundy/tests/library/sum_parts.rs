//! A sum of games shown and played as its parts: its layout (`1: domineering ../.. | 2:
//! hackenbush 0-1:b,1-2:r | 3: nim 2`) reads back as the same position, every legal move of
//! either player is typed `K: MOVE` in game K's own syntax and reads back as the same move,
//! the numbered form of the whole position still reads, and the face's moves are typed the
//! same way.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::game::games::layout_text;
use grundy::play::{parse_move, typed_move};
use grundy::{Game, Player, Position};

/// Sums mixing partizan board games, a coloured Hackenbush picture and heaps.
const SUMS: [&[&str]; 4] = [
    &["domineering=../..", "hackenbush=0-1:b,1-2:r", "nim=2"],
    &["domineering=.../...", "kayles=3"],
    &["hackenbush=0-1:b,1-2", "euclid=5,3", "wythoff=1,2"],
    &["toads-frogs=TT..FF", "kl:2,3=4"],
];

fn sum(tokens: &[&str]) -> (Game, Position) {
    let g: Game = "sum".parse().unwrap();
    let p = g.parse_position(tokens).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
    (g, p)
}

/// The layout as one argument or split at spaces (as a shell passes it unquoted, `|` quoted),
/// read as the sum's position.
fn read_layout(g: &Game, text: &str) -> Position {
    let one = g.parse_position(&[text]).unwrap_or_else(|e| panic!("'{text}': {e}"));
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(g.parse_position(&words).unwrap(), one, "{text}");
    one
}

#[test]
fn the_layout_names_each_part_in_its_own_notation_and_reads_back() {
    let (g, p) = sum(SUMS[0]);
    let text = layout_text(p.as_parts().unwrap());
    assert_eq!(text, "1: domineering ../.. | 2: hackenbush 0-1:b,1-2:r | 3: nim 2");
    assert_eq!(read_layout(&g, &text), p);
    // Every position one move away, for either player, reads back from its layout too.
    for tokens in SUMS {
        let (g, p) = sum(tokens);
        for player in [Player::First, Player::Second] {
            for (_, next) in p.kind().moves(player) {
                if let Some(parts) = next.as_parts() {
                    assert_eq!(read_layout(&g, &layout_text(parts)), next, "{tokens:?}");
                }
            }
        }
    }
}

#[test]
fn a_misnumbered_or_empty_part_of_the_layout_is_refused_naming_it() {
    let g: Game = "sum".parse().unwrap();
    let err = |t: &str| g.parse_position(&[t]).unwrap_err().to_string();
    assert!(
        err("1: nim 2 | 3: nim 4").contains("game 2 of the sum: '3: nim 4' is numbered 3"),
        "{}",
        err("1: nim 2 | 3: nim 4")
    );
    assert!(err("1: nim 2 | 2:").contains("game 2 of the sum: '2:' names no game"), "{}", err("1: nim 2 | 2:"));
    assert!(err("1: domineering ../.. | 2: nim x").contains("x"), "{}", err("1: domineering ../.. | 2: nim x"));
}

#[test]
fn every_move_is_typed_as_its_part_types_it_and_reads_back() {
    for tokens in SUMS {
        let (_, p) = sum(tokens);
        let parts = p.as_parts().unwrap().to_vec();
        for player in [Player::First, Player::Second] {
            for (mv, next) in p.kind().moves(player) {
                let typed = typed_move(&p, player, &mv).unwrap_or_else(|| panic!("{tokens:?}: {mv} untyped"));
                let (k, local) = typed.split_once(": ").unwrap_or_else(|| panic!("{tokens:?}: '{typed}'"));
                // The part's own move, read by the part alone, is the same move there.
                let part = &parts[k.parse::<usize>().unwrap() - 1];
                assert!(parse_move(part, player, local).is_ok(), "{tokens:?}: '{local}' in {part:?}");
                let read = parse_move(&p, player, &typed).unwrap_or_else(|e| panic!("{tokens:?}: '{typed}': {e}"));
                assert_eq!(p.kind().after(&read), Some(next.clone()), "{tokens:?}: '{typed}'");
                // The numbered form of the whole position still reads.
                assert_eq!(parse_move(&p, player, &mv.to_string()).unwrap(), mv, "{tokens:?}");
            }
        }
    }
}

#[test]
fn the_issues_moves_read_and_wrong_parts_are_named() {
    let (_, p) = sum(SUMS[0]);
    let left = parse_move(&p, Player::First, "1: a1 a2").unwrap();
    assert_eq!(typed_move(&p, Player::First, &left).as_deref(), Some("1: a1-a2"), "{left}");
    assert!(parse_move(&p, Player::First, "2: cut 0-1").is_ok());
    assert!(parse_move(&p, Player::First, "3: 1 2").is_ok());
    let err = |t: &str| parse_move(&p, Player::First, t).unwrap_err().to_string();
    assert_eq!(err("4: 1 2"), "there is no game 4 (the games of the sum are numbered 1 to 3)");
    assert_eq!(err("0: 1 2"), "there is no game 0 (the games of the sum are numbered 1 to 3)");
    assert!(err("1: a1 b1").starts_with("game 1 (domineering): "), "{}", err("1: a1 b1"));
    assert!(err("3: 1 3").starts_with("game 3 (nim): "), "{}", err("3: 1 3"));
}

#[test]
#[cfg(feature = "draw")]
fn the_face_names_each_part_and_its_moves_read_back() {
    for tokens in SUMS {
        let (g, p) = sum(tokens);
        for player in [Player::First, Player::Second] {
            let d = grundy::draw(&g, &p, player);
            // Each game headed by its number and its position in its own notation, not by the
            // numbers of the whole position.
            assert!(!d.svg.contains("numbers 1 to") && !d.svg.contains("game 1:"), "{tokens:?}");
            let layout = layout_text(p.as_parts().unwrap());
            for (k, part) in layout.split(" | ").enumerate() {
                assert!(d.svg.contains(part), "{tokens:?}: no heading '{part}'");
                assert_eq!(
                    d.rows.get(k).map(|r| (r.0.as_str(), r.1.as_str())),
                    Some((&*format!("game {}", k + 1), &part[part.find(": ").unwrap() + 2..])),
                    "{tokens:?}"
                );
            }
            for m in &d.moves {
                assert!(m.contains(": "), "{tokens:?}: '{m}' is not typed as its part's move");
                let read: grundy::Move = parse_move(&p, player, m).unwrap_or_else(|e| panic!("{tokens:?}: '{m}': {e}"));
                assert!(p.kind().moves(player).iter().any(|(mv, _)| *mv == read), "{tokens:?}: '{m}'");
            }
        }
    }
}

/// A part of a sum where the mover has no move is not the sum's end: drawn alone, its board
/// says who has won; drawn as a part, it does not (the sum's own status says who wins).
#[test]
#[cfg(feature = "draw")]
fn a_part_that_is_over_does_not_announce_a_winner() {
    let over = [
        ("domineering", "LL/LL", "has no room for a domino"),
        ("clobber", "x.o", "has no stone next to"),
        ("toads-frogs", "TF", "has no move"),
        ("cutcake", "1x1", "has no cut left"),
        ("hackenbush", "0-1:r", "green edge left"),
        ("kl:1,2", "1", "has no move"),
        ("psub:2:1", "1", "has no move"),
        ("fission", "x", "has no stone to split"),
        ("ski-jumps", "R", "has no move"),
    ];
    for (game, position, said) in over {
        let alone: Game = game.parse().unwrap();
        let p = alone.parse_position(&[position]).unwrap();
        let d = grundy::draw(&alone, &p, Player::First);
        assert!(d.svg.contains(said) && d.svg.contains("wins."), "{game} {position}: alone, no verdict");
        let (g, p) = sum(&[&format!("{game}={position}"), "nim=1"]);
        let d = grundy::draw(&g, &p, Player::First);
        assert!(!d.svg.contains(said) && !d.svg.contains("wins."), "{game} {position}: a part announces a winner");
        assert!(!d.moves.is_empty(), "{game} {position}: the sum still has a move");
    }
}
