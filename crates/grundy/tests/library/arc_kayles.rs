//! Arc Kayles (Schaefer, 1978): the library's answer (outcome, every winning move, the
//! Sprague-Grundy value from the value search's nimbers) against the plain exhaustive solver
//! and the plain mex on every simple graph of up to 5 vertices, on sums and parallel edges,
//! and under misère play; against a mex over edge sets written here from the rule alone; and
//! on paths, Dawson's Kayles (octal 0.07, its values from the library's heap engine, itself
//! held to the published sequence) as Huggan and Stevens (INTEGERS 16, 2016) note, with
//! cycles and complete graphs one move on.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use std::collections::HashMap;

use grundy::{analyze, AnalyzeOptions, Convention, Game};

/// The graph of the edges among vertices 1..=n picked by the bits of `mask`, as a token
/// (`0` when none).
fn graph(n: u64, mask: u32) -> String {
    let pairs: Vec<(u64, u64)> = (1..=n).flat_map(|u| (u + 1..=n).map(move |v| (u, v))).collect();
    let edges: Vec<String> =
        pairs.iter().enumerate().filter(|&(i, _)| mask >> i & 1 == 1).map(|(_, (u, v))| format!("{u}-{v}")).collect();
    if edges.is_empty() {
        "0".into()
    } else {
        edges.join(",")
    }
}

/// The Sprague-Grundy value by the rule alone: the mex of the values of the graphs left by
/// picking each edge (both its ends deleted, with every edge at them), no parts, no theory.
fn plain(edges: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, u64>) -> u64 {
    let mut key = edges.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = vec![];
    for &(u, v) in &key {
        let left: Vec<(u64, u64)> =
            key.iter().copied().filter(|&(a, b)| a != u && a != v && b != u && b != v).collect();
        seen.push(plain(&left, memo));
    }
    let value = (0..).find(|x| !seen.contains(x)).unwrap();
    memo.insert(key, value);
    value
}

fn edges_of(token: &str) -> Vec<(u64, u64)> {
    if token == "0" {
        return vec![];
    }
    token
        .split(',')
        .map(|e| {
            let (u, v) = e.split_once('-').unwrap();
            (u.parse().unwrap(), v.parse().unwrap())
        })
        .collect()
}

fn value(tokens: &[String]) -> u64 {
    let g: Game = "arc-kayles".parse().unwrap();
    let a = analyze(&g, &g.parse_position(tokens).unwrap(), &AnalyzeOptions::default()).unwrap();
    a.sg.unwrap_or_else(|| panic!("{tokens:?}: no value: {:?}", a.sg_note))
}

/// Every simple graph on the vertices 1..5 (1,024 of them): the answer agrees with the
/// exhaustive solver, its value with the plain mex of the position's moves and with the mex
/// over edge sets written here.
#[test]
fn every_graph_of_five_vertices_agrees_with_exhaustive_search() {
    let graphs: Vec<String> = (0..1u32 << 10).map(|mask| graph(5, mask)).collect();
    let positions: Vec<Vec<String>> = graphs.iter().map(|g| vec![g.clone()]).collect();
    assert_eq!(common::assert_game_agrees_with_search("arc-kayles", positions, Convention::Normal), 1024);
    let mut memo = HashMap::new();
    for g in graphs.iter().step_by(7) {
        assert_eq!(value(std::slice::from_ref(g)), plain(&edges_of(g), &mut memo), "{g}");
    }
}

/// Sums of two graphs, parallel edges and loops (a loop deletes its one vertex), under normal
/// and misère play.
#[test]
fn sums_multigraphs_and_misere_agree_with_exhaustive_search() {
    let small: Vec<String> = (0..1u32 << 6).map(|mask| graph(4, mask)).collect();
    let mut sums: Vec<Vec<String>> = vec![];
    for (i, a) in small.iter().enumerate().step_by(3) {
        for b in small.iter().skip(i).step_by(5) {
            sums.push(vec![a.clone(), b.clone()]);
        }
    }
    for multi in ["1-2,1-2", "1-2,1-2,2-3", "1-1", "1-1,1-2,2-2,2-3", "0-1,1-2,0-2,0-0"] {
        sums.push(vec![multi.into()]);
        sums.push(vec![multi.into(), "4-5,5-6,6-7".into()]);
    }
    common::assert_game_agrees_with_search("arc-kayles", sums.clone(), Convention::Normal);
    common::assert_game_agrees_with_search("arc-kayles", sums.into_iter().step_by(4), Convention::Misere);
}

/// A path of n vertices is Dawson's Kayles's heap of n (picking an edge deletes two adjacent
/// vertices: octal 0.07), for n up to 60; a cycle of n leaves a path of n - 2 after any move,
/// so it is worth 1 when that path is worth 0, else 0; the complete graph on n vertices leaves
/// the one on n - 2, so it is worth floor(n / 2) mod 2; a star is worth 1.
#[test]
fn paths_are_dawsons_kayles_and_cycles_complete_graphs_and_stars_follow() {
    let dawson: Game = "octal:0.07".parse().unwrap();
    let heap = |n: u64| {
        analyze(&dawson, &dawson.parse_position(&[n.to_string()]).unwrap(), &AnalyzeOptions::default())
            .unwrap()
            .sg
            .unwrap()
    };
    let path = |n: u64| {
        if n < 2 {
            "0".to_string()
        } else {
            (1..n).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(",")
        }
    };
    for n in 0..=60 {
        assert_eq!(value(&[path(n)]), heap(n), "path of {n} vertices");
    }
    for n in 3..=30 {
        let cycle = format!("{},1-{n}", path(n));
        let expected = u64::from(heap(n - 2) == 0);
        assert_eq!(value(&[cycle]), expected, "cycle of {n} vertices");
    }
    for n in 2..=7 {
        let complete = graph(n, (1u32 << (n * (n - 1) / 2)) - 1);
        assert_eq!(value(&[complete]), n / 2 % 2, "complete graph on {n} vertices");
    }
    let star = (2..=40).map(|v| format!("1-{v}")).collect::<Vec<_>>().join(",");
    assert_eq!(value(&[star]), 1);
}

/// Moves are read in the game's words, written back as they are read, checked by the rule,
/// and bad ones refused naming what is wrong.
#[test]
fn moves_are_read_checked_and_refused_by_name() {
    use grundy::play::{check_move, parse_move};
    use grundy::Player;
    let read_move = |p: &grundy::Position, text: &str| parse_move(p, Player::First, text);
    let g: Game = "arc-kayles".parse().unwrap();
    let p = g.parse_position(&["1-2,2-3,3-4", "5-6,1-2"]).unwrap();
    let after = |text: &str| {
        let mv = read_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let next = check_move(&p, Player::First, &mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.position_tokens(&next).join(" ")
    };
    assert_eq!(after("pick 2-3 in 1"), "0 5-6,1-2");
    assert_eq!(after("pick 3-2 in graph 1"), "0 5-6,1-2");
    assert_eq!(after("2 5-6"), "1-2,2-3,3-4 1-2");
    assert_eq!(after("pick 3-4"), "1-2 5-6,1-2");
    for (text, error) in [
        ("pick 1-2", "edge 1-2 is in graphs 1 and 2: say which, e.g. 'pick 1-2 in 1'"),
        ("pick 1-3", "no graph has an edge 1-3"),
        ("pick 5-6 in 1", "graph 1 has no edge 5-6"),
        ("pick 1-2 in 3", "there is no graph 3 (the graphs are numbered 1 to 2)"),
    ] {
        assert!(read_move(&p, text).unwrap_err().to_string().contains(error), "{text}");
    }
    for (tokens, error) in [
        (&["1-2:b"][..], "graph 1: edge '1-2:b': the edges of a graph have no colours (write u-v)"),
        (&["1-2,,2-3"][..], "graph 1: an empty edge between commas"),
        (&[][..], "the position is empty: give at least one graph"),
        (&["1-x"][..], "graph 1: '1-x' is not an edge u-v of vertex numbers"),
    ] {
        assert!(g.parse_position(tokens).unwrap_err().to_string().contains(error), "{tokens:?}");
    }
}

/// The graphs left by each pick of `token`'s graph, by the rule alone (both ends of the edge
/// deleted, with every edge at them), each once, in the order of the first edge that leaves
/// it, as tokens.
fn picks_by_rule(token: &str) -> Vec<String> {
    let edges = edges_of(token);
    let mut out: Vec<String> = vec![];
    for &(u, v) in &edges {
        let left: Vec<String> = edges
            .iter()
            .filter(|&&(a, b)| a != u && a != v && b != u && b != v)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let left = if left.is_empty() { "0".to_string() } else { left.join(",") };
        if !out.contains(&left) {
            out.push(left);
        }
    }
    out
}

/// Issue 80, row 4: the moves of a graph, found without building the graph each pick leaves,
/// are the graphs the rule leaves, each once: on random multigraphs with loops and parallel
/// edges (a few vertices, so that picks often delete the same edges), stars, bundles of
/// parallel edges (k of them one move, to the empty graph) and paths of three vertices.
#[test]
fn the_moves_are_the_graphs_the_rule_leaves_each_once() {
    let g: Game = "arc-kayles".parse().unwrap();
    let mut tokens: Vec<String> = vec!["1-2,2-3".into(), "1-1".into(), "1-1,1-2".into(), "1-2,2-2,2-3,1-3,3-3".into()];
    for k in [2, 3, 50] {
        tokens.push(vec!["4-7"; k].join(","));
        tokens.push((1..=k).map(|v| format!("0-{v}")).collect::<Vec<_>>().join(","));
    }
    let mut state = 7u64;
    let mut below = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for _ in 0..3000 {
        let (vertices, count) = (2 + below(5), 1 + below(9));
        let edges: Vec<String> = (0..count)
            .map(|_| {
                let (u, v) = (below(vertices), below(vertices));
                format!("{}-{}", u.min(v), u.max(v))
            })
            .collect();
        tokens.push(edges.join(","));
    }
    for token in &tokens {
        let p = g.parse_position(std::slice::from_ref(token)).unwrap();
        let moves: Vec<String> = grundy::naive::moves(&p, grundy::Player::First)
            .iter()
            .map(|(_, next)| g.position_tokens(next).join(" "))
            .collect();
        assert_eq!(moves, picks_by_rule(token), "{token}");
    }
}

/// Issue 80, row 14: one graph of several connected parts is valued part by part and its
/// winning moves found part by part, each put back in its place in the graph: the answer (every
/// winning move, with the position it leaves) agrees with the exhaustive solver over the whole
/// graph's moves, and the value with the plain mex, on graphs made of two or three small ones
/// whose edges are interleaved.
#[test]
fn one_graph_of_several_parts_agrees_with_exhaustive_search() {
    let small: Vec<Vec<(u64, u64)>> = (1..1u32 << 6).step_by(3).map(|mask| edges_of(&graph(4, mask))).collect();
    let mut positions: Vec<Vec<String>> = vec![];
    for (i, a) in small.iter().enumerate() {
        for (j, b) in small.iter().enumerate().skip(i).step_by(2) {
            let c = &small[(i + j) % small.len()];
            // The second graph's vertices 11..14, the third's 21..24; their edges dealt in turn.
            let shifted = |g: &[(u64, u64)], by: u64| g.iter().map(|&(u, v)| (u + by, v + by)).collect::<Vec<_>>();
            let parts = [a.clone(), shifted(b, 10), if (i + j) % 2 == 0 { shifted(c, 20) } else { vec![] }];
            let mut edges = vec![];
            for k in 0..6 {
                edges.extend(parts.iter().filter_map(|p| p.get(k)).map(|(u, v)| format!("{u}-{v}")));
            }
            positions.push(vec![edges.join(",")]);
        }
    }
    positions.push(vec!["1-2,3-4,1-2,5-6,3-4".into(), "7-8,9-9".into()]);
    assert!(positions.len() > 100);
    common::assert_game_agrees_with_search("arc-kayles", positions, Convention::Normal);
}
