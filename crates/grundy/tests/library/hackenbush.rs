//! Green Hackenbush: the fusion and colon principles against the plain exhaustive solver on
//! every small multigraph (loops and parallel edges included) and on sums of two pictures,
//! counts and moves included; the judge problems' samples (POJ 3710, HDU 3094, AtCoder AGC 017
//! D); pictures of 10^5 edges; and bad pictures refused naming the picture.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome};

/// Every multiset of `size` edges among the pairs of vertices 0..n (loops included), as
/// pictures that reach the ground.
fn pictures(n: u64, size: usize) -> Vec<String> {
    let pairs: Vec<(u64, u64)> = (0..n).flat_map(|u| (u..n).map(move |v| (u, v))).collect();
    let mut out = vec![];
    let mut pick = vec![0usize; size];
    loop {
        let edges: Vec<(u64, u64)> = pick.iter().map(|&i| pairs[i]).collect();
        let token = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect::<Vec<_>>().join(",");
        if grundy::rules::board::pictures::hackenbush::parse_picture(&token).is_ok() {
            out.push(token);
        }
        // The next non-decreasing choice.
        let Some(i) = (0..size).rev().find(|&i| pick[i] + 1 < pairs.len()) else { break };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[i];
        }
    }
    out
}

#[test]
fn every_small_multigraph_agrees_with_exhaustive_search() {
    let mut positions: Vec<Vec<String>> = vec![];
    for size in 1..=5 {
        for p in pictures(4, size) {
            positions.push(vec![p]);
        }
    }
    // Six edges on five vertices: cycles sharing vertices, bridges between them.
    for p in pictures(5, 6).into_iter().step_by(7) {
        positions.push(vec![p]);
    }
    let n = common::assert_game_agrees_with_search("hackenbush", positions, Convention::Normal);
    assert!(n > 1000, "{n} positions");
}

#[test]
fn sums_of_pictures_and_misere_agree_with_exhaustive_search() {
    let small: Vec<String> = (1..=3).flat_map(|s| pictures(3, s)).collect();
    let mut sums = vec![];
    for (i, a) in small.iter().enumerate() {
        for b in small.iter().skip(i).step_by(3) {
            sums.push(vec![a.clone(), b.clone()]);
        }
    }
    sums.push(vec!["0".into(), "0-1,1-1".into()]);
    common::assert_game_agrees_with_search("hackenbush", sums.clone(), Convention::Normal);
    common::assert_game_agrees_with_search("hackenbush", sums.into_iter().step_by(5), Convention::Misere);
}

/// Random pictures bigger than the exhaustive list reaches: 7 to 10 edges on 6 vertices,
/// loops and parallel edges included, alone and in pairs.
#[test]
fn random_pictures_agree_with_exhaustive_search() {
    let mut state: u64 = 3710;
    let mut below = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut pictures = vec![];
    while pictures.len() < 60 {
        let size = 7 + below(4);
        let token = (0..size).map(|_| format!("{}-{}", below(6), below(6))).collect::<Vec<_>>().join(",");
        if let Ok(edges) = grundy::rules::board::pictures::hackenbush::parse_picture(&token) {
            pictures.push(grundy::rules::board::pictures::hackenbush::picture_token(&edges));
        }
    }
    let mut positions: Vec<Vec<String>> = pictures.iter().map(|p| vec![p.clone()]).collect();
    positions.extend(pictures.chunks(2).take(10).map(|pair| pair.to_vec()));
    common::assert_game_agrees_with_search("hackenbush", positions, Convention::Normal);
}

fn outcome(tokens: &[&str]) -> Outcome {
    let g: Game = "hackenbush".parse().unwrap();
    analyze(&g, &g.parse_position(tokens).unwrap(), &AnalyzeOptions::default()).unwrap().outcome
}

/// A judge problem's tree or picture, its vertices numbered from 1 with the root 1, written
/// as a picture on the ground 0 (vertex 1 becomes 0).
fn rooted_at_one(edges: &[(u64, u64)]) -> String {
    let v = |x: u64| if x == 1 { 0 } else { x };
    edges.iter().map(|&(a, b)| format!("{}-{}", v(a), v(b))).collect::<Vec<_>>().join(",")
}

#[test]
fn the_judge_samples() {
    // POJ 3710 "Christmas Game": two pictures, one edge 1-2, and a triangle 2-3-4 hanging from
    // the edge 1-2; Sally, who moves first, wins.
    let poj = [rooted_at_one(&[(1, 2)]), rooted_at_one(&[(1, 2), (2, 3), (2, 4), (3, 4)])];
    assert_eq!(outcome(&[&poj[0], &poj[1]]), Outcome::N);
    // HDU 3094 "A tree game": Alice, Bob, Alice.
    let hdu: [&[(u64, u64)]; 3] = [
        &[(1, 2), (2, 3)],
        &[(1, 2), (1, 3)],
        &[(6, 2), (4, 3), (8, 4), (9, 5), (8, 6), (2, 7), (5, 8), (1, 9), (6, 10)],
    ];
    let hdu: Vec<Outcome> = hdu.iter().map(|t| outcome(&[&rooted_at_one(t)])).collect();
    assert_eq!(hdu, [Outcome::N, Outcome::P, Outcome::N]);
    // AtCoder AGC 017 D "Game on Tree": Alice, Bob, Alice, Bob.
    let agc: [&[(u64, u64)]; 4] = [
        &[(1, 2), (2, 3), (2, 4), (4, 5)],
        &[(1, 2), (2, 3), (1, 4), (4, 5)],
        &[(1, 2), (2, 4), (5, 1), (6, 3), (3, 2)],
        &[(1, 2), (3, 7), (4, 6), (2, 3), (2, 4), (1, 5)],
    ];
    let agc: Vec<Outcome> = agc.iter().map(|t| outcome(&[&rooted_at_one(t)])).collect();
    assert_eq!(agc, [Outcome::N, Outcome::P, Outcome::N, Outcome::P]);
}

/// The analysis names every number of a position of 100,000 pictures (their labels are one
/// walk over the pictures' counts: naming each number alone walked from the first picture, 10^10
/// steps here), green and coloured pictures alike.
#[test]
fn the_numbers_of_a_hundred_thousand_pictures_are_named() {
    let g: Game = "hackenbush".parse().unwrap();
    let mut tokens = vec!["0-1,1-2"; 99_998];
    tokens.extend(["0-1:b,0-1:r", "0-0"]);
    let a = analyze(&g, &g.parse_position(&tokens).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.labels.len(), a.position.len());
    assert_eq!(
        a.labels[..6],
        [
            "picture 1 edges",
            "picture 1 edge 1",
            "picture 1 edge 1",
            "picture 1 edge 2",
            "picture 1 edge 2",
            "picture 2 edges"
        ]
    );
    let n = a.labels.len();
    // The coloured picture: three numbers an edge; the last picture, a loop at the ground.
    assert_eq!(
        a.labels[n - 10..n - 3],
        [
            "picture 99999 edges",
            "picture 99999 edge 1",
            "picture 99999 edge 1",
            "picture 99999 edge 1",
            "picture 99999 edge 2",
            "picture 99999 edge 2",
            "picture 99999 edge 2"
        ]
    );
    assert_eq!(a.labels[n - 3..], ["picture 100000 edges", "picture 100000 edge 1", "picture 100000 edge 1"]);
}

#[test]
fn pictures_of_a_hundred_thousand_edges() {
    let g: Game = "hackenbush".parse().unwrap();
    // A stalk of 10^5 edges is worth 10^5; alone, its one winning move cuts it at the ground.
    let stalk: String = (0..100_000u64).map(|i| format!("{}-{}", i, i + 1)).collect::<Vec<_>>().join(",");
    let a = analyze(&g, &g.parse_position(&[&stalk]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.sg, Some(100_000));
    assert_eq!(a.winning_move_count, Some(1));
    // Beside a stalk of 99,999 (100,000 XOR 99,999 = 63): the one winning move cuts the top
    // edge of the longer stalk; the shorter one cannot grow to 100,000.
    let short: String = (0..99_999u64).map(|i| format!("{}-{}", i, i + 1)).collect::<Vec<_>>().join(",");
    let a = analyze(&g, &g.parse_position(&[&stalk, &short]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.sg, Some(63));
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].text, "cut 99999-100000 in picture 1");
    // A chain of 50,000 triangles, each hanging from the last: bridges and cycles, deep.
    let mut edges = vec![];
    for i in 0..33_000u64 {
        let (a, b, c) = (2 * i, 2 * i + 1, 2 * i + 2);
        edges.push(format!("{a}-{b}"));
        edges.push(format!("{b}-{c}"));
        edges.push(format!("{a}-{c}"));
    }
    let tri = edges.join(",");
    let a = analyze(&g, &g.parse_position(&[&tri]).unwrap(), &AnalyzeOptions::default()).unwrap();
    // Triangles sharing vertices in a row are one 2-edge-connected part of 99,000 edges: one
    // vertex with an even number of loops, worth 0.
    assert_eq!(a.sg, Some(0));
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn a_count_past_the_budget_is_refused_with_what_it_takes() {
    let g: Game = "hackenbush".parse().unwrap();
    // A cycle of 3,001 edges on the ground beside a stalk of 2: each edge of the cycle must
    // be checked by working the cycle out again.
    let cycle: String = (0..3001u64).map(|i| format!("{}-{}", i, (i + 1) % 3001)).collect::<Vec<_>>().join(",");
    let p = g.parse_position(&[&cycle, "0-1,1-2"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.sg, Some(3));
    assert_eq!(a.winning_move_count, None);
    let why = a.winning_moves_not_listed.unwrap();
    assert!(why.starts_with("not counted, because") && why.contains("the budget of 2000000"), "{why}");
    // With a larger budget every move is counted: cutting the edge after a edges of the odd
    // cycle leaves two stalks of a and 3,000 - a edges, worth a XOR (3000 - a), which must be
    // 2 (the stalk's value); or the stalk's top edge is cut, leaving the cycle's 1.
    let big = AnalyzeOptions { budget: 40_000_000, ..AnalyzeOptions::default() };
    let a = analyze(&g, &p, &big).unwrap();
    let plain = (0..=3000u64).filter(|&a| a ^ (3000 - a) == 2).count() as u128 + 1;
    assert_eq!(a.winning_move_count, Some(plain));
}

#[test]
fn bad_pictures_are_refused_naming_them() {
    let g: Game = "hackenbush".parse().unwrap();
    for (tokens, says) in [
        (&["0-1", "1-x"][..], "picture 2: '1-x' is not an edge u-v of vertex numbers"),
        (&["0-1,1"][..], "picture 1: '1' is not an edge u-v"),
        (&["0-1,2-3"][..], "picture 1: edge 2-3 does not reach the ground"),
        (&["0-1,,1-2"][..], "picture 1: an empty edge"),
        (&["0-1\n1-2\n2-q"][..], "picture 1: line 3:"),
        (&[][..], "the position is empty"),
    ] {
        let e = g.parse_position(tokens).unwrap_err().to_string();
        assert!(e.starts_with(says), "{tokens:?}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
}

/// A cut is typed in Hackenbush's own words (`cut 0-1 in 2`), and as a picture and an edge the
/// way a heap and a take are typed (`2 0-1`, which once read '0-1' as a number and failed);
/// what is not a cut is refused naming the edge or picture at fault.
#[test]
fn a_cut_is_typed_as_its_edge_and_picture() {
    use grundy::{play::parse_move, Player};
    let g: Game = "hackenbush".parse().unwrap();
    let p = g.parse_position(&["0-1,1-2", "0-1"]).unwrap();
    let cut = parse_move(&p, Player::First, "cut 0-1 in 2").unwrap();
    for text in ["2 0-1", "0-1 in 2", "cut 0-1 in picture 2", " 2  1-0 "] {
        assert_eq!(parse_move(&p, Player::First, text).unwrap(), cut, "{text}");
    }
    assert_eq!(parse_move(&p, Player::First, "1 1-2").unwrap(), parse_move(&p, Player::First, "cut 1-2").unwrap());
    for (text, says) in [
        ("3 0-1", "there is no picture 3 (the pictures are numbered 1 to 2)"),
        ("2 1-2", "picture 2 has no edge 1-2"),
        ("x 0-1", "'x' is not a number"),
        ("0-1", "edge 0-1 is in pictures 1 and 2: say which, e.g. 'cut 0-1 in 1'"),
    ] {
        let e = parse_move(&p, Player::First, text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}
