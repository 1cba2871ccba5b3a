//! Blue-Red(-Green) Hackenbush (issue 50): coloured pictures on the existing syntax. Conway's
//! values checked against the plain recursion of the definitions on every colouring of small
//! pictures (stalks, two stalks, V's, triangles with a stalk, loops and parallel edges), the
//! analysis against the exhaustive solver for both players, known values from their sources,
//! the text round trip, bad colours named, a coloured picture as one part of a sum, and the
//! face's targets (the mover's edges only).

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use grundy::naive::NaiveSolver;
use grundy::rules::board::machinery::value::BoardValues;
use grundy::rules::board::pictures::hackenbush::{numbers_of_coloured, parse_coloured_picture, Colour, ColouredEdge};
use grundy::rules::board::Hackenbush;
use grundy::values::partizan::GameStore;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

/// The shapes every colouring of which is checked: up to 5 edges.
const SHAPES: &[&str] = &[
    // Stalks.
    "0-1",
    "0-1,1-2",
    "0-1,1-2,2-3",
    "0-1,1-2,2-3,3-4",
    "0-1,1-2,2-3,3-4,4-5",
    // Two stalks on the ground.
    "0-1,0-2",
    "0-1,1-2,0-3",
    "0-1,1-2,0-3,3-4",
    "0-1,1-2,2-3,0-4",
    "0-1,1-2,2-3,0-4,4-5",
    // V's: two branches at a vertex above the ground.
    "0-1,1-2,1-3",
    "0-1,1-2,1-3,2-4",
    "0-1,1-2,1-3,2-4,3-5",
    "0-1,1-2,2-3,2-4,4-5",
    // A triangle, with a stalk on it.
    "0-1,1-2,0-2",
    "0-1,1-2,0-2,2-3",
    "0-1,1-2,0-2,2-3,3-4",
    "0-1,1-2,0-2,1-3,2-4",
    // Loops and parallel edges.
    "0-1,1-1",
    "0-0,0-1,1-2",
    "0-1,0-1,1-2",
    "0-1,1-2,1-2,2-2",
];

/// Every colouring of the picture `shape` (3^edges of them).
fn colourings(shape: &str) -> Vec<Vec<ColouredEdge>> {
    let edges: Vec<ColouredEdge> = parse_coloured_picture(shape).unwrap();
    let n = edges.len() as u32;
    (0..3u32.pow(n))
        .map(|mut code| {
            edges
                .iter()
                .map(|&(e, _)| {
                    let c = [Colour::Green, Colour::Blue, Colour::Red][(code % 3) as usize];
                    code /= 3;
                    (e, c)
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_colouring_of_small_pictures_is_the_game_of_its_moves() {
    let mut positions: Vec<Vec<u64>> = vec![];
    for shape in SHAPES {
        for p in colourings(shape) {
            positions.push(numbers_of_coloured(&[p]));
        }
    }
    // Sums of two small pictures, each coloured.
    let small: Vec<Vec<ColouredEdge>> = ["0-1", "0-1,1-2", "0-1,1-1"].iter().flat_map(|s| colourings(s)).collect();
    for (i, a) in small.iter().enumerate() {
        for b in small.iter().skip(i).step_by(2) {
            positions.push(numbers_of_coloured(&[a.clone(), b.clone()]));
        }
    }
    let n = conway::check_positions(&Hackenbush, &positions);
    assert_eq!(n, 2257, "every colouring of every shape, and the sums");
}

/// The analysis (Conway's value, through `grundy::analyze`) against the exhaustive solver, for
/// the player to move being either: the outcome and every winning move.
#[test]
fn the_analysis_agrees_with_exhaustive_search_for_both_players() {
    let game: Game = "hackenbush".parse().unwrap();
    let mut naive = NaiveSolver::new();
    let mut checked = 0;
    // Shapes of one branch at the ground, and of several (answered branch by branch: two
    // stalks, a loop beside a stalk, two parallel edges at the ground).
    for shape in
        ["0-1,1-2,2-3", "0-1,1-2,1-3", "0-1,1-2,0-2,2-3", "0-1,0-1,1-2", "0-1,0-2,2-3", "0-0,0-1,1-2", "0-1,0-1,0-2"]
    {
        for p in colourings(shape) {
            let token = grundy::rules::board::pictures::hackenbush::coloured_token(&p);
            let tokens = [token.as_str(), "0-1:r,1-2:b"];
            let position = game.parse_position(&tokens).unwrap();
            for player in [Player::First, Player::Second] {
                let options = AnalyzeOptions { to_move: player, ..AnalyzeOptions::default() };
                let a = analyze(&game, &position, &options).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
                let wins = naive.wins(&position, Convention::Normal, player);
                assert_eq!(a.outcome == Outcome::N, wins, "{tokens:?} {player:?}");
                let mut fast: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
                let mut plain = naive.winning_moves(&position, Convention::Normal, player);
                fast.sort();
                plain.sort();
                assert_eq!(fast, plain, "{tokens:?} {player:?}");
                assert_eq!(a.tokens, tokens, "round trip");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (27 + 27 + 81 + 27 + 27 + 27 + 27));
}

/// A picture of many edges at the ground (issue 62 row 5: the analysis kept every option's
/// whole position, memory quadratic in the edges): every winning move counted exactly, the
/// first ones listed within the listing's bound, each with the value it leaves.
#[test]
fn a_wide_star_counts_every_winning_move_and_lists_the_first() {
    let game: Game = "hackenbush".parse().unwrap();
    let mut edges: Vec<String> = (1..=2000).map(|i| format!("0-{i}:b")).collect();
    edges.push("0-2001:r".into());
    edges.push("0-2002".into());
    let token = edges.join(",");
    let position = game.parse_position(&[token.as_str()]).unwrap();
    // The value is 2000 - 1 + * = 1999*: every Left move leaves a positive value (1998* after
    // a blue edge, 1999 after the green one), so all 2001 win.
    let a = analyze(&game, &position, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_move_count, Some(2001));
    let listed = a.winning_moves.len();
    assert!((1..2001).contains(&listed), "{listed} listed");
    let right = AnalyzeOptions { to_move: Player::Second, ..AnalyzeOptions::default() };
    let a = analyze(&game, &position, &right).unwrap();
    // Right moving first loses: after the red edge (2000*) or the green one (1999) the value
    // is still positive.
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(a.winning_move_count, Some(0));
}

/// Misère play of a coloured position: the exact search over (position, player to move)
/// against the exhaustive solver.
#[test]
fn misere_coloured_pictures_agree_with_exhaustive_search() {
    let game: Game = "hackenbush".parse().unwrap();
    let mut naive = NaiveSolver::new();
    for p in colourings("0-1,1-2,1-3").into_iter().chain(colourings("0-1,1-2,0-2")) {
        let token = grundy::rules::board::pictures::hackenbush::coloured_token(&p);
        let position = game.parse_position(&[token.as_str(), "0-1:b"]).unwrap();
        for player in [Player::First, Player::Second] {
            let options =
                AnalyzeOptions { to_move: player, convention: Convention::Misere, ..AnalyzeOptions::default() };
            let a = analyze(&game, &position, &options).unwrap();
            assert_eq!(
                a.outcome == Outcome::N,
                naive.wins(&position, Convention::Misere, player),
                "{token} {player:?}"
            );
            let mut fast: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
            let mut plain = naive.winning_moves(&position, Convention::Misere, player);
            fast.sort();
            plain.sort();
            assert_eq!(fast, plain, "{token} {player:?}");
        }
    }
}

/// Conway's value of a position of `hackenbush`, named.
fn value(tokens: &[&str]) -> String {
    let game: Game = "hackenbush".parse().unwrap();
    let numbers = game.parse_position(tokens).unwrap().heaps();
    let mut store = GameStore::new();
    let v = BoardValues::new(&Hackenbush, 1_000_000).value(&mut store, &numbers).unwrap();
    store.text(v).unwrap()
}

/// Stalks are binary fractions (Berlekamp's rule, Winning Ways ch. 2 "Hackenbush strings";
/// Lessons in Play ch. 2): until the first change of colour each edge counts 1 (blue) or -1
/// (red), after it each edge half the one below it. BBRB = 7/4 is the example of the Blue-Red
/// Hackenbush calculator at wopravil.cz ("the string BBRB would be worth +1+1-1/2+1/4=7/4").
#[test]
fn stalks_are_binary_fractions() {
    let stalk = |colours: &str| -> String {
        colours.chars().enumerate().map(|(i, c)| format!("{i}-{}:{c}", i + 1)).collect::<Vec<_>>().join(",")
    };
    for (colours, expected) in [
        ("b", "1"),
        ("r", "-1"),
        ("bb", "2"),
        ("br", "1/2"),
        ("rb", "-1/2"),
        ("brr", "1/4"),
        ("brb", "3/4"),
        ("rbb", "-1/4"),
        ("rbr", "-3/4"),
        ("bbr", "3/2"),
        ("bbrb", "7/4"),
        ("brrr", "1/8"),
        ("brbrbrbr", "85/128"),
    ] {
        assert_eq!(value(&[&stalk(colours)]), expected, "{colours}");
    }
}

/// Green edges (Winning Ways ch. 2 and 7): a green edge is *, a blue and a green edge on the
/// ground 1*, a green edge on a blue edge 1* (Left cuts either: {0, 1 | 1}), a blue edge on a
/// green edge ↑* ({0, * | 0}), and two green edges on the ground 0 (Green Hackenbush).
#[test]
fn green_edges_are_nimbers_and_mix_with_numbers() {
    assert_eq!(value(&["0-1:g"]), "*");
    assert_eq!(value(&["0-1:b,0-2:g"]), "1*");
    assert_eq!(value(&["0-1:b", "0-1"]), "1*");
    assert_eq!(value(&["0-1:b,1-2:g"]), "1*");
    assert_eq!(value(&["0-1:g,1-2:b"]), "↑*");
    assert_eq!(value(&["0-1,0-2"]), "0");
    // A blue and a red edge on the ground cancel (Lessons in Play ch. 2: G + (-G) = 0).
    assert_eq!(value(&["0-1:b,0-2:r"]), "0");
    assert_eq!(value(&["0-1:b,1-2:r", "0-1:r,1-2:b"]), "0");
}

/// Blue-Red trees: Kattis "Hackenbush Purplehearts" (problem hackenbushpurplehearts), whose
/// samples give each vertex's parent (-1 the ground) and its edge's colour, B or R, and the
/// tree's value: 5/2^6 and 65/2^12.
#[test]
fn the_purplehearts_samples() {
    let tree = |parents: &[i64], colours: &str| -> String {
        parents
            .iter()
            .zip(colours.chars())
            .enumerate()
            .map(|(i, (&p, c))| format!("{}-{}:{}", if p < 0 { 0 } else { p }, i + 1, c.to_ascii_lowercase()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let one = tree(&[-1, 1, 2, 3, 3, 5, 5, 7, -1, -1, 10, 10], "BRBBRBBRRBRR");
    assert_eq!(value(&[&one]), "5/64");
    let two = tree(
        &[
            -1, 1, 2, 3, 4, 4, 4, 7, 7, 9, 9, 1, 12, 13, 13, 15, 16, 16, 18, 18, 15, 21, 21, 12, 24, 25, 25, 24, 28,
            28, 24, 31, 12, 33, 34, 34, 2, 37, 37,
        ],
        "BRRRBBRRBBRRRBBRRBRRBBBRBRRBRRBRRBRRRBR",
    );
    assert_eq!(value(&[&two]), "65/4096");
}

#[test]
fn colours_round_trip_and_bad_ones_are_named() {
    let game: Game = "hackenbush".parse().unwrap();
    let p = game.parse_position(&["0-1:b,1-2:R,2-3:g", "0-1:g,1-1"]).unwrap();
    // Green is written bare; an all-green picture is stored and written as Green Hackenbush's.
    assert_eq!(game.position_tokens(&p), ["0-1:b,1-2:r,2-3", "0-1,1-1"]);
    let green = game.parse_position(&["0-1,1-1"]).unwrap();
    assert_eq!(game.parse_position(&["0-1:g,1-1:g"]).unwrap().heaps(), green.heaps());
    assert_eq!(green.heaps(), [2, 0, 1, 1, 1]);
    let again = game.parse_position(&game.position_tokens(&p)).unwrap();
    assert_eq!(again.heaps(), p.heaps());
    for (bad, says) in [
        ("0-1:x", "picture 1: edge '0-1:x': 'x' is not a colour: write b (blue, Left's), r (red, Right's) or g"),
        ("0-1:", "picture 1: edge '0-1:': '' is not a colour"),
        ("0-1:b,1-2:blue", "picture 1: edge '1-2:blue': 'blue' is not a colour"),
    ] {
        let e = game.parse_position(&[bad]).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

/// Moves name the colour where it matters, and a player may cut only their own or green edges.
#[test]
fn moves_follow_the_colours() {
    let game: Game = "hackenbush".parse().unwrap();
    let p = game.parse_position(&["0-1:b,0-1:r,1-2"]).unwrap();
    let left = grundy::play::parse_move(&p, Player::First, "cut 0-1:b").unwrap();
    assert_eq!(game.position_tokens(&grundy::play::apply(&p, &left)), ["0-1:r,1-2"]);
    let e = grundy::play::parse_move(&p, Player::First, "cut 0-1:r").unwrap_err().to_string();
    assert!(e.contains("edge 0-1 is red (Right's), and Left cuts blue or green edges only"), "{e}");
    let e = grundy::play::parse_move(&p, Player::Second, "cut 0-1").unwrap_err().to_string();
    assert!(e.contains("a blue and a red edge 0-1: say which, e.g. 'cut 0-1:r'"), "{e}");
    // Left has two moves (the blue edge, the green one), Right two.
    assert_eq!(grundy::play::legal_moves(&p, Player::First).len(), 2);
    assert_eq!(grundy::play::legal_moves(&p, Player::Second).len(), 2);
    let q = game.parse_position(&["0-1:r"]).unwrap();
    assert!(grundy::play::legal_moves(&q, Player::First).is_empty());
}

/// `sum` reads a coloured picture as one part, its edges joined with commas
/// (`hackenbush=0-1:b,1-2:r`), several pictures of one part with spaces; its value is the sum
/// of the parts' values (1/2 and *3).
#[test]
fn a_coloured_picture_is_one_part_of_a_sum() {
    let sum: Game = "sum".parse().unwrap();
    let p = sum.parse_position(&["hackenbush=0-1:b,1-2:r", "nim=3"]).unwrap();
    let parts = p.as_parts().unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].heaps(), [COLOURED_2, 0, 1, 1, 1, 2, 2]);
    assert_eq!(sum.position_tokens(&p), ["hackenbush=0-1:b,1-2:r", "nim=3"]);
    let mut store = GameStore::new();
    let (v, _) = grundy::solve::value::position_value(&sum, &p, &mut store, 1_000_000).unwrap();
    assert_eq!(store.text(v).unwrap(), "1/2*3");
    // Several pictures in one part, and a green picture of several edges, read back as written.
    let q = sum.parse_position(&["hackenbush=0-1:b 0-1,1-2", "kayles=3"]).unwrap();
    assert_eq!(q.as_parts().unwrap().len(), 2);
    assert_eq!(sum.position_tokens(&q), ["hackenbush=0-1:b 0-1,1-2", "kayles=3"]);
    assert_eq!(sum.parse_position(&sum.position_tokens(&q)).unwrap(), q);
}

/// A picture of two coloured edges: its count word carries the colour flag.
const COLOURED_2: u64 = grundy::rules::board::pictures::hackenbush::COLOURED + 2;

/// The face: blue and red edges drawn as Left's and Right's, targets on the mover's edges only,
/// and the colours named in the click line.
#[test]
#[cfg(feature = "draw")]
fn the_face_offers_the_movers_edges() {
    let game: Game = "hackenbush".parse().unwrap();
    let p = game.parse_position(&["0-1:b,1-2:r,1-3"]).unwrap();
    let left = grundy::draw(&game, &p, Player::First);
    assert_eq!(left.moves, ["cut 0-1:b", "cut 1-3"]);
    assert!(left.svg.contains("class=\"twig edge left\"") && left.svg.contains("class=\"twig edge right\""));
    assert!(left.svg.contains("Left to move: click a blue or green edge;"), "{}", left.svg);
    assert!(left.svg.contains("Blue edges are Left&#39;s, red Right&#39;s, green either&#39;s."), "{}", left.svg);
    let right = grundy::draw(&game, &p, Player::Second);
    assert_eq!(right.moves, ["cut 1-2:r", "cut 1-3"]);
    // An all-green picture is drawn as before.
    let green = game.parse_position(&["0-1,1-2"]).unwrap();
    let d = grundy::draw(&game, &green, Player::Second);
    assert_eq!(d.moves, ["cut 0-1", "cut 1-2"]);
    assert!(d.svg.contains("Click an edge to cut it;") && !d.svg.contains("edge left"));
}

/// An analysis is one bounded computation: at most 25 steps a unit of its budget over the
/// value and every option's, not only the positions it stores. A coloured cycle of 45 edges
/// (blue, red, green in turn) has few positions but large canonical forms: under a budget of
/// 2,000 the analysis gives up, naming that budget (it once ran to its end regardless, and a
/// 200-edge cycle on past 30 s); under the default budget it answers, with every winning move.
#[test]
fn an_analysis_is_bounded_in_all_by_its_budget() {
    let cycle: Vec<String> = (0..45).map(|i| format!("{i}-{}:{}", (i + 1) % 45, ['b', 'r', 'g'][i % 3])).collect();
    let game: Game = "hackenbush".parse().unwrap();
    let p = game.parse_position(&[cycle.join(",").as_str()]).unwrap();
    match analyze(&game, &p, &AnalyzeOptions { budget: 2000, ..AnalyzeOptions::default() }) {
        Err(grundy::AnalyzeError::GaveUp(g)) => assert_eq!(g.used, 2000, "{g}"),
        other => panic!("expected the budget to give up: {other:?}"),
    }
    let a = analyze(&game, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.winning_moves.len(), 29);
}

/// A green edge beside a red or blue one with the same ends is offered as `cut U-V:g`: the
/// drawing offered `cut 1-2`, which the game refuses as naming two edges (found by the fuzz
/// target `draw` on its large pictures, issue 80). Every move drawn is legal, for both players.
#[test]
#[cfg(feature = "draw")]
fn a_green_edge_beside_a_coloured_one_is_named_by_its_colour() {
    let game: Game = "hackenbush".parse().unwrap();
    let p = game.parse_position(&["0-1,1-2,1-2:r,2-1:b"]).unwrap();
    for (player, want) in [
        (Player::First, ["cut 0-1", "cut 1-2:g", "cut 1-2:b"]),
        (Player::Second, ["cut 0-1", "cut 1-2:g", "cut 1-2:r"]),
    ] {
        let d = grundy::draw(&game, &p, player);
        let mut moves = d.moves.clone();
        moves.sort();
        let mut want = want.to_vec();
        want.sort();
        assert_eq!(moves, want, "{player:?}");
        for m in &d.moves {
            grundy::play::parse_move(&p, player, m).unwrap_or_else(|e| panic!("{player:?} {m}: {e}"));
        }
    }
}
