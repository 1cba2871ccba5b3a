//! Partizan Arc Kayles: Left picks blue or green edges, Right red or green ones, and a pick
//! deletes the edge's two ends with every edge at them. The library's Conway value of every
//! coloured graph on up to 4 vertices (each of the 6 possible edges absent, blue, red or green:
//! 4,096 graphs), and of random ones on 5 and 6 vertices, against the game built here from the
//! rule alone (`conway/`'s plain definitions); on all-green graphs, the nimber of Arc Kayles's
//! Sprague-Grundy value; small values worked by hand; a pick of the other player's edge refused.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use std::collections::HashMap;

use conway::{check_against, Plain};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Player};

/// An edge's colour: 1 blue (Left's), 2 red (Right's), 3 green (either's).
type Edge = (u64, u64, u8);

/// The graph as its token, `0` when it has no edges.
fn token(edges: &[Edge]) -> String {
    if edges.is_empty() {
        return "0".into();
    }
    let colour = |c: u8| match c {
        1 => ":b",
        2 => ":r",
        _ => "",
    };
    edges.iter().map(|&(u, v, c)| format!("{u}-{v}{}", colour(c))).collect::<Vec<_>>().join(",")
}

/// The game of `edges` from the rule alone: each player's picks (an edge of their colour or
/// green), both ends deleted with every edge at them; memoised on the sorted edges.
fn plain(edges: &[Edge], memo: &mut HashMap<Vec<Edge>, Plain>) -> Plain {
    let mut key = edges.to_vec();
    key.sort_unstable();
    if let Some(p) = memo.get(&key) {
        return p.clone();
    }
    let mut sides = [vec![], vec![]];
    for (player, side) in sides.iter_mut().enumerate() {
        let mine = if player == 0 { 1 } else { 2 };
        for &(u, v, c) in &key {
            if c != mine && c != 3 {
                continue;
            }
            let left: Vec<Edge> =
                key.iter().copied().filter(|&(a, b, _)| a != u && a != v && b != u && b != v).collect();
            side.push(plain(&left, memo));
        }
    }
    let [l, r] = sides;
    let p = Plain::new(l, r);
    memo.insert(key, p.clone());
    p
}

fn rules() -> grundy::rules::board::Board {
    match "partizan-arc-kayles".parse::<Game>().unwrap() {
        Game::Board(b) => b,
        other => panic!("{other:?}"),
    }
}

/// The graph of vertices 1..=n whose pair i has colour `colours[i]` (0: no edge).
fn graph(n: u64, colours: &[u8]) -> Vec<Edge> {
    let pairs: Vec<(u64, u64)> = (1..=n).flat_map(|u| (u + 1..=n).map(move |v| (u, v))).collect();
    pairs.iter().zip(colours).filter(|(_, &c)| c != 0).map(|(&(u, v), &c)| (u, v, c)).collect()
}

#[test]
fn every_coloured_graph_on_four_vertices_is_the_game_of_its_picks() {
    let b = rules();
    let mut memo = HashMap::new();
    let mut cases = vec![];
    for code in 0..4u32.pow(6) {
        let colours: Vec<u8> = (0..6).map(|i| (code / 4u32.pow(i) % 4) as u8).collect();
        let edges = graph(4, &colours);
        let numbers = b.rules().parse(&[&token(&edges)]).unwrap();
        cases.push((numbers, plain(&edges, &mut memo)));
    }
    assert_eq!(check_against(b.rules(), &cases), 4096);
}

#[test]
fn random_coloured_graphs_and_sums_on_more_vertices_are_the_games_of_their_picks() {
    let b = rules();
    let mut memo = HashMap::new();
    let mut cases = vec![];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut draw = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    for _ in 0..300 {
        let n = 5 + draw(2);
        let pairs = (n * (n - 1) / 2) as usize;
        let colours: Vec<u8> = (0..pairs).map(|_| if draw(2) == 0 { 0 } else { 1 + draw(3) as u8 }).collect();
        let edges = graph(n, &colours);
        let numbers = b.rules().parse(&[&token(&edges)]).unwrap();
        cases.push((numbers, plain(&edges, &mut memo)));
    }
    assert_eq!(check_against(b.rules(), &cases), 300);
}

#[test]
fn an_all_green_graph_is_worth_the_nimber_of_arc_kayles() {
    for text in ["1-2,2-3,3-4", "1-2,2-3,3-1", "1-2,2-3,3-4,4-5,5-6,6-1", "1-2,1-3,1-4,1-5,2-3"] {
        let sg = analyze(
            &"arc-kayles".parse().unwrap(),
            &"arc-kayles".parse::<Game>().unwrap().parse_position(&[text]).unwrap(),
            &AnalyzeOptions::default(),
        )
        .unwrap()
        .sg
        .unwrap();
        let g: Game = "partizan-arc-kayles".parse().unwrap();
        let a = analyze(&g, &g.parse_position(&[text]).unwrap(), &AnalyzeOptions::default()).unwrap();
        let nimber = match sg {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        };
        assert_eq!(a.conway.unwrap().value.as_deref(), Some(nimber.as_str()), "{text}");
    }
}

/// Small values worked by hand: a lone blue edge is one move for Left (1), a lone red one -1;
/// a blue edge beside a red one at a shared vertex: either pick empties the graph ({0|0} = *);
/// two blue edges in a path: Left's pick empties it, Right has none ({0|} = 1); a green edge
/// with a blue one at each end: {0, 1|0} = {1|0}.
#[test]
fn small_values_worked_by_hand() {
    let g: Game = "partizan-arc-kayles".parse().unwrap();
    for (text, value) in
        [("1-2:b", "1"), ("1-2:r", "-1"), ("1-2:b,2-3:r", "*"), ("1-2:b,2-3:b", "1"), ("1-2:b,2-3,3-4:b", "{1|0}")]
    {
        let a = analyze(&g, &g.parse_position(&[text]).unwrap(), &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.conway.unwrap().value.as_deref(), Some(value), "{text}");
    }
}

#[test]
fn a_pick_of_the_other_players_edge_is_refused_naming_whose_it_is() {
    let g: Game = "partizan-arc-kayles".parse().unwrap();
    let p = g.parse_position(&["1-2:r,3-4"]).unwrap();
    let err = grundy::play::parse_move(&p, Player::First, "pick 1-2").unwrap_err().to_string();
    assert!(err.contains("edge 1-2 of graph 1 is Right's: Left picks a blue or green edge"), "{err}");
    assert!(grundy::play::parse_move(&p, Player::Second, "pick 1-2").is_ok());
    assert!(grundy::play::parse_move(&p, Player::First, "pick 3-4").is_ok());
    // As the drawing words a click: the edge with its colour.
    assert!(grundy::play::parse_move(&p, Player::Second, "pick 1-2:r").is_ok());
    // Under misère play the partizan game is refused in one line, as every partizan game is.
    let misere = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    assert!(analyze(&g, &p, &misere).is_err());
}
