//! Digraph placement (Clow and McKay, arXiv 2407.12219): a move places on a vertex of the
//! mover's colour, which goes with every vertex it points to. The library's Conway value of
//! random digraphs on up to 6 vertices against the game built here from the rule alone
//! (`conway/`'s plain definitions); Snort and Col on rows and small boards, written as the
//! placement games they are, against grundy's own Snort and Col; the cgt crate's example
//! (`two_down_star`: 2↓*); positions write back as typed; bad input named.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use std::collections::HashMap;

use conway::{check_against, Plain};
use grundy::{analyze, AnalyzeOptions, Game, Player};

/// A graph: each vertex's colour (1 blue, 2 red) and its arcs, 0-based.
type Graph = (Vec<u8>, Vec<(usize, usize)>);

fn token((colours, arcs): &Graph) -> String {
    let c: String = colours.iter().map(|&c| if c == 1 { 'b' } else { 'r' }).collect();
    let a: Vec<String> = arcs.iter().map(|(u, v)| format!("{}>{}", u + 1, v + 1)).collect();
    if a.is_empty() {
        c
    } else {
        format!("{c}:{}", a.join(","))
    }
}

/// The game of the vertices `alive` of `g` from the rule alone, memoised on the set.
fn plain(g: &Graph, alive: u64, memo: &mut HashMap<u64, Plain>) -> Plain {
    if let Some(p) = memo.get(&alive) {
        return p.clone();
    }
    let mut sides = [vec![], vec![]];
    for (player, side) in sides.iter_mut().enumerate() {
        for v in 0..g.0.len() {
            if alive >> v & 1 == 0 || g.0[v] != player as u8 + 1 {
                continue;
            }
            let mut left = alive & !(1 << v);
            for &(u, w) in &g.1 {
                if u == v {
                    left &= !(1 << w);
                }
            }
            side.push(plain(g, left, memo));
        }
    }
    let [l, r] = sides;
    let p = Plain::new(l, r);
    memo.insert(alive, p.clone());
    p
}

fn rules() -> grundy::rules::board::Board {
    match "digraph-placement".parse::<Game>().unwrap() {
        Game::Board(b) => b,
        other => panic!("{other:?}"),
    }
}

#[test]
fn random_digraphs_are_the_games_of_their_placements() {
    let b = rules();
    let mut cases = vec![];
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut draw = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    for _ in 0..400 {
        let n = 1 + draw(6) as usize;
        let colours: Vec<u8> = (0..n).map(|_| 1 + draw(2) as u8).collect();
        let arcs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (0..n).map(move |v| (u, v)))
            .filter(|&(u, v)| u != v)
            .filter(|_| draw(3) == 0)
            .collect();
        let g = (colours, arcs);
        let mut memo = HashMap::new();
        let p = plain(&g, (1 << n) - 1, &mut memo);
        cases.push((b.rules().parse(&[&token(&g)]).unwrap(), p));
    }
    assert_eq!(check_against(b.rules(), &cases), 400);
}

/// Snort or Col on a board of `rows` x `cols` empty cells as a placement game: each cell a blue
/// and a red vertex, each pointing to the other (a cell takes one colour) and to the
/// neighbours' vertices it spoils: Snort's the other colour's, Col's its own.
fn placement_of(rows: usize, cols: usize, col: bool) -> String {
    let n = rows * cols;
    let mut colours = vec![1u8; n];
    colours.extend(vec![2u8; n]);
    let mut arcs = vec![];
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            arcs.push((i, n + i));
            arcs.push((n + i, i));
            let mut next = vec![];
            if r + 1 < rows {
                next.push(i + cols);
            }
            if c + 1 < cols {
                next.push(i + 1);
            }
            if r > 0 {
                next.push(i - cols);
            }
            if c > 0 {
                next.push(i - 1);
            }
            for j in next {
                if col {
                    arcs.push((i, j));
                    arcs.push((n + i, n + j));
                } else {
                    arcs.push((i, n + j));
                    arcs.push((n + i, j));
                }
            }
        }
    }
    token(&(colours, arcs))
}

fn value(game: &str, position: &str) -> String {
    let g: Game = game.parse().unwrap();
    let a = analyze(&g, &g.parse_position(&[position]).unwrap(), &AnalyzeOptions::default()).unwrap();
    a.conway.unwrap().value.unwrap()
}

#[test]
fn snort_and_col_are_placement_games() {
    for (rows, cols) in [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2), (2, 3)] {
        let board = vec![".".repeat(cols); rows].join("/");
        for (game, col) in [("snort", false), ("col", true)] {
            assert_eq!(
                value("digraph-placement", &placement_of(rows, cols, col)),
                value(game, &board),
                "{game} {board}"
            );
        }
    }
}

/// The cgt crate's test `two_down_star` (cgt-tools, `digraph_placement.rs`): its graph, vertices
/// numbered from 1 here, is worth 2↓*.
#[test]
fn the_cgt_crates_example_is_two_down_star() {
    assert_eq!(value("digraph-placement", "rrbbb:2>1,3>1,4>1,5>1,3>2,4>2,5>2,2>5,3>5,4>5"), "2↓*");
}

#[test]
fn positions_write_back_and_bad_input_is_named() {
    let g: Game = "digraph-placement".parse().unwrap();
    let p = g.parse_position(&["bbr:1>2,2>3", "rb"]).unwrap();
    assert_eq!(g.position_tokens(&p), ["bbr:1>2,2>3", "rb"]);
    // After a placement the gone vertices are '.', and the position reads back.
    let m = grundy::play::parse_move(&p, Player::First, "place 1 in 1").unwrap();
    let after = grundy::play::apply(&p, &m);
    assert_eq!(g.position_tokens(&after), ["..r", "rb"]);
    assert_eq!(g.parse_position(&["..r", "rb"]).unwrap(), after);
    let err = |tokens: &[&str]| g.parse_position(tokens).unwrap_err().to_string();
    assert!(err(&["bx"]).contains("vertex 2: 'x' is not a colour"), "{}", err(&["bx"]));
    assert!(err(&["bb:1>3"]).contains("there is no vertex 3"));
    assert!(err(&["b.:1>2"]).contains("vertex 2 is gone"));
    assert!(err(&["bb:1>1"]).contains("is a loop"));
    let refused = grundy::play::parse_move(&p, Player::First, "place 3 in 1").unwrap_err().to_string();
    assert!(refused.contains("vertex 3 of graph 1 is Right's: Left places on blue vertices"), "{refused}");
}
