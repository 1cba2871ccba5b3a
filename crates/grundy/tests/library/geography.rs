//! Undirected vertex geography: the matching theorem (Fraenkel, Scheinerman and Ullman) with
//! Hopcroft-Karp and Edmonds' blossoms against the plain exhaustive solver on random small
//! graphs (bipartite or not) from every start and along paths, every winning move and its
//! count; BZOJ 1443's sample; grids of 10^5 edges; bad graphs and positions refused naming the
//! line or the vertex.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome};

/// A small pseudo-random generator (splitmix64), so the graphs are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// A random graph on vertices v0..v(n-1), each pair joined with probability `p` percent.
fn random_graph(rng: &mut Rng, n: u64, p: u64) -> String {
    let mut text: String = (0..n).map(|v| format!("v{v}\n")).collect();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < p {
                text += &format!("v{a} v{b}\n");
            }
        }
    }
    text
}

/// Every position of the game on `g` with a path of at most `longest` vertices, "-" first.
fn positions(g: &Game, longest: usize) -> Vec<grundy::Position> {
    let start = g.parse_position(&["-"]).unwrap();
    let mut out = vec![start.clone()];
    let mut frontier = vec![start];
    for _ in 0..longest {
        let mut next = vec![];
        for p in &frontier {
            for (_, q) in grundy::naive::moves(p, grundy::Player::First) {
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

fn check_graph(text: &str, longest: usize, convention: Convention) -> usize {
    let g = Game::geography("random", text).unwrap();
    let options = AnalyzeOptions { convention, ..AnalyzeOptions::default() };
    let mut naive = grundy::naive::NaiveSolver::new();
    let mut memo = std::collections::HashMap::new();
    let mut checked = 0;
    for p in positions(&g, longest) {
        let tokens = g.position_tokens(&p);
        let context = format!("{text:?} {tokens:?} {convention:?}");
        let a = analyze(&g, &p, &options).unwrap_or_else(|e| panic!("{context}: {e}"));
        common::assert_agrees_with_search(&a, &mut naive, &p, convention, &context);
        assert_eq!(g.parse_position(&tokens).unwrap(), p, "{context}: tokens round-trip");
        match a.sg {
            Some(v) => assert_eq!(v, common::plain_value(&p, &mut memo), "{context}: value"),
            None => assert!(convention == Convention::Misere && a.sg_note.is_some(), "{context}: no value"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn random_small_graphs_agree_with_exhaustive_search() {
    let mut rng = Rng(1443);
    let mut checked = 0;
    let mut odd_cycles = 0;
    for round in 0..240 {
        let n = 1 + rng.below(8);
        let p = [20, 35, 50, 70][round % 4];
        let text = random_graph(&mut rng, n, p);
        let g = Game::geography("random", &text).unwrap();
        let a = analyze(&g, &g.parse_position(&["-"]).unwrap(), &AnalyzeOptions::default()).unwrap();
        if a.explanation.iter().any(|l| l.contains("Edmonds")) {
            odd_cycles += 1;
        }
        checked += check_graph(&text, 3, Convention::Normal);
    }
    // Both algorithms were exercised: graphs with odd cycles go through Edmonds' blossoms.
    assert!(odd_cycles > 40, "{odd_cycles} graphs with odd cycles");
    assert!(checked > 5000, "{checked} positions");
}

#[test]
fn blossoms_inside_blossoms_and_misere_play() {
    // Two triangles joined by a path, a pentagon with a pendant, a wheel: nested blossoms.
    for text in [
        "a b\nb c\nc a\nc d\nd e\ne f\nf g\ng e\n",
        "a b\nb c\nc d\nd e\ne a\na x\n",
        "h a\nh b\nh c\nh d\nh e\na b\nb c\nc d\nd e\ne a\n",
        "a b\nb c\nc a\na d\nd e\ne a\nb f\nf g\ng b\nc x\n",
    ] {
        check_graph(text, 10, Convention::Normal);
        check_graph(text, 2, Convention::Misere);
    }
}

#[test]
fn the_bzoj_1443_sample() {
    // The 3 x 3 maze .## / ... / #.#: the cells a player may place the token on and win (the
    // other moves first) are (2, 3) and (3, 2).
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/geography/bzoj1443.txt")).unwrap();
    let g = Game::geography("bzoj1443.txt", &text).unwrap();
    let a = analyze(&g, &g.parse_position(&["-"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let starts: Vec<&str> = a.winning_moves.iter().map(|m| m.result_tokens.as_ref().unwrap()[0].as_str()).collect();
    assert_eq!(starts, ["r2c3", "r3c2"]);
    assert_eq!(a.winning_move_count, Some(2));
}

/// The grid of `rows` x `cols` cells, each joined to its right and lower neighbours.
fn grid(rows: u64, cols: u64) -> String {
    let mut text = String::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                text += &format!("{r}:{c} {r}:{}\n", c + 1);
            }
            if r + 1 < rows {
                text += &format!("{r}:{c} {}:{c}\n", r + 1);
            }
        }
    }
    text
}

#[test]
fn grids_of_a_hundred_thousand_edges() {
    // 223 x 225 cells, 99,902 edges: an odd number of cells. Removing any cell of the corners'
    // colour leaves a region dominoes tile (Gomory), so exactly those 25,088 cells are missed
    // by some maximum matching: placing the token there wins.
    let g = Game::geography("grid", &grid(223, 225)).unwrap();
    let a = analyze(&g, &g.parse_position(&["-"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_move_count, Some(25_088));
    // From a corner (in every maximum matching? no: a corner has the majority colour) the
    // player to move loses; from a cell of the other colour they win.
    let corner = analyze(&g, &g.parse_position(&["0:0"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(corner.outcome, Outcome::P);
    let next = analyze(&g, &g.parse_position(&["0:1"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(next.outcome, Outcome::N);
    // An even grid has a perfect matching: every start wins for the player to move.
    let even = Game::geography("even", &grid(224, 224)).unwrap();
    let a = analyze(&even, &even.parse_position(&["-"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!((a.outcome, a.winning_move_count), (Outcome::P, Some(0)));
}

#[test]
fn bad_graphs_and_positions_are_refused_naming_them() {
    for (text, says) in [
        ("a b\nb c d\n", "geography:g: line 2: 'b c d' is not an edge 'u v'"),
        ("a b\n\n# note\nb,c d\n", "geography:g: line 4: vertex name 'b,c' has a comma"),
        ("a -\n", "geography:g: line 1: '-' cannot name a vertex"),
        ("\n# nothing\n", "geography:g: the graph has no vertex"),
    ] {
        let e = Game::geography("g", text).unwrap_err().to_string();
        assert!(e.starts_with(says), "{text:?}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
    let g = Game::geography("g", "a b\nb c\nc d\n").unwrap();
    for (tokens, says) in [
        (&["zz"][..], "there is no vertex 'zz' in the graph g"),
        (&["a,c"][..], "the path goes from 'a' to 'c', which are not joined"),
        (&["a,b,a"][..], "the path visits 'a' twice"),
        (&["a", "b"][..], "the position is one token"),
    ] {
        let e = g.parse_position(tokens).unwrap_err().to_string();
        assert!(e.starts_with(says), "{tokens:?}: {e}");
    }
    assert!("geography".parse::<Game>().unwrap_err().to_string().contains("geography:FILE"));
}
