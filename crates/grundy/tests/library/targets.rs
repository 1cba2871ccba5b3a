//! Issue 49: every legal move a click away, and nothing else under the pointer. For every
//! catalogue game, on its example and on small random positions, the moves its face offers as
//! targets (`grundy::draw`'s `moves`) are the legal moves one to one: each target is a legal
//! move, no move has two targets, and every legal move has a target, or, where the face says
//! it cannot draw them all (a heap past what fits), a control of the drawing that picks it.
// The faces are the `draw` feature (on by default).
#![cfg(feature = "draw")]

use std::collections::{BTreeMap, BTreeSet};

use grundy::frontend::GAMES;
use grundy::play::{apply, legal_moves, parse_move};
use grundy::rules::draw::Field;
use grundy::{draw, Drawing, Game, Move, Player, Position};

/// Random positions tried per game (besides its example).
const SEEDS: u64 = 12;

/// The most legal moves of a position checked one by one: a random position past it is not
/// "small" and is skipped (its drawing is checked by `tests/library/draw.rs`).
const MOST_MOVES: usize = 400;

/// A move as the game sees it: the numbers it changes and what it leaves there, the heaps a
/// heap breaks into taken as a multiset (a Kayles row of 5 knocked at its second pin or at its
/// fourth leaves rows of 1 and 3 either way: two targets, both the one legal move).
fn key(position: &Position, mv: &Move) -> (usize, usize, Vec<u64>) {
    let mv = narrowest(position, mv);
    let mut to = mv.to.clone();
    if heap_of(position, mv.heap) {
        to.retain(|&h| h > 0);
        to.sort_unstable();
    }
    (mv.heap, mv.width, to)
}

/// The move written over the fewest numbers (a control writes Moore's move in heaps 1 and 2
/// of four as `1..4 -> 3 5 9 3`, the list of legal moves as `1..2 -> 3 5`).
fn narrowest(position: &Position, mv: &Move) -> Move {
    Move::between(&position.heaps(), &apply(position, mv).heaps()).unwrap_or_else(|| mv.clone())
}

/// Whether number `i` of `position` is a heap of a take-and-break rule (its parts a multiset).
fn heap_of(position: &Position, i: usize) -> bool {
    if position.as_heaps().is_some() {
        return true;
    }
    let mut start = 0;
    for part in position.as_parts().unwrap_or_default() {
        let len = part.heaps().len();
        if i < start + len {
            return heap_of(part, i - start);
        }
        start += len;
    }
    false
}

/// The most choices of a control's numbers checked one by one.
const MOST_CHOICES: u64 = 100_000;

/// The largest number of a small position.
const MOST_NUMBER: u64 = 200;

/// Checks one position; `Err` with what is wrong.
fn check(game: &Game, position: &Position, player: Player) -> Result<(), String> {
    let d: Drawing = draw(game, position, player);
    let legal: BTreeSet<_> = legal_moves(position, player).iter().map(|m| key(position, m)).collect();
    let mut offered: BTreeMap<(usize, usize, Vec<u64>), String> = BTreeMap::new();
    let mut exact: BTreeMap<Move, String> = BTreeMap::new();
    let mut problems = vec![];
    for text in &d.moves {
        let mv = match parse_move(position, player, text) {
            Ok(mv) => mv,
            Err(e) => {
                problems.push(format!("target '{text}' is not a legal move: {e}"));
                continue;
            }
        };
        if let Some(before) = exact.insert(narrowest(position, &mv), text.clone()) {
            problems.push(format!("targets '{before}' and '{text}' make the same move"));
        }
        offered.insert(key(position, &mv), text.clone());
    }
    // The moves the controls make: every choice of their numbers, tried as a typed move.
    let mut by_control: BTreeSet<(usize, usize, Vec<u64>)> = BTreeSet::new();
    for c in &d.controls {
        let choices = c.fields.iter().try_fold(1u64, |p, f| p.checked_mul(f.max - f.min + 1));
        if choices.is_none_or(|n| n > MOST_CHOICES) {
            problems.push(format!("control '{}' has too many choices to check here", c.label));
            continue;
        }
        let mut makes = 0;
        each_choice(&c.fields, &mut vec![], &mut |values| {
            if let Ok(mv) = parse_move(position, player, &c.fill(values)) {
                makes += 1;
                by_control.insert(key(position, &mv));
            }
        });
        if makes == 0 {
            problems.push(format!("control '{}' ({}) makes no legal move", c.label, c.template));
        }
        // Play pressed at once plays a move: the fields start at a legal one (issue 49's walk
        // found "2 -> 2", a split's fields at their least values, refused).
        let start: Vec<u64> = c.fields.iter().map(|f| f.value).collect();
        if let Err(e) = parse_move(position, player, &c.fill(&start)) {
            problems.push(format!("control '{}' starts at '{}', no legal move: {e}", c.label, c.fill(&start)));
        }
    }
    let missing: Vec<String> = legal
        .iter()
        .filter(|k| !offered.contains_key(*k) && !by_control.contains(*k))
        .map(|(h, w, to)| Move { heap: *h, to: to.clone(), width: *w }.to_string())
        .collect();
    if !missing.is_empty() {
        problems.push(format!("{} legal moves have no target: {}", missing.len(), missing.join(", ")));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Calls `f` with every choice of values of `fields`.
fn each_choice(fields: &[Field], values: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    match fields.split_first() {
        None => f(values),
        Some((first, rest)) => {
            for v in first.min..=first.max {
                values.push(v);
                each_choice(rest, values, f);
                values.pop();
            }
        }
    }
}

#[test]
fn every_legal_move_has_one_target_and_every_target_is_legal() {
    let mut failures = vec![];
    for kind in GAMES {
        let game = Game::example_of(kind).unwrap_or_else(|e| panic!("{}: {e}", kind.example_game));
        let mut positions: Vec<Vec<String>> =
            vec![kind.example_position.split_whitespace().map(String::from).collect()];
        positions.extend((0..SEEDS).map(|seed| game.random_position(seed)));
        let mut checked = 0;
        for tokens in positions {
            let Ok(position) = game.parse_position(&tokens) else { continue };
            if position.heaps().iter().any(|&n| n > MOST_NUMBER) {
                continue;
            }
            for player in [Player::First, Player::Second] {
                if legal_moves(&position, player).len() > MOST_MOVES {
                    continue;
                }
                checked += 1;
                if let Err(e) = check(&game, &position, player) {
                    failures.push(format!("{} {} ({player:?}): {e}", kind.example_game, tokens.join(" ")));
                }
            }
        }
        // Not vacuous: each game is checked on several small positions (the divisor game's
        // numbers are large by nature, its few moves checked in the test below).
        let least = if kind.example_game == "divisor" { 0 } else { 4 };
        assert!(checked >= least, "{}: only {checked} positions small enough to check", kind.example_game);
    }
    assert!(failures.is_empty(), "{} positions:\n{}", failures.len(), failures.join("\n"));
}

/// The positions issue 49 names: Kayles without its end pairs (row 1: `kayles 10` had no
/// `1 -> 8`, and in `kayles 9 7` two of the four winning moves had no target, as in a line
/// of `circle:kayles`), Fibonacci Nim's take buttons (row 4: 1, 2, 2, 4 at `97/4`, no 3 at
/// `100/10`), heaps past what is drawn, splits into three and Moore's moves in several heaps
/// (row 5); and the divisor game, whose numbers are too large for the test above.
#[test]
fn the_positions_of_issue_49_offer_every_move() {
    let cases: &[(&str, &str)] = &[
        ("kayles", "10"),
        ("kayles", "9 7"),
        ("octal:0.77", "2 5"),
        ("circle:kayles", "12 line:7"),
        ("fibonacci-nim", "97/4"),
        ("fibonacci-nim", "100/10"),
        ("multiple:3", "60/9"),
        ("nim", "40 45"),
        ("bounded:3", "40"),
        ("kayles", "31"),
        ("hex:0.8", "20"),
        ("moore:2", "5 6 9 3"),
        ("wythoff", "15 4"),
        ("take-or-split:2", "7 31"),
        ("mock-turtles", "0 1 2 3 7"),
        ("sum", "nim=40 hex:0.8=9 kayles=4"),
        ("divisor", "360"),
        ("divisor", "720720"),
    ];
    let mut failures = vec![];
    for (name, tokens) in cases {
        let game: Game = name.parse().unwrap();
        let tokens: Vec<&str> = tokens.split_whitespace().collect();
        let position = game.parse_position(&tokens).unwrap();
        if let Err(e) = check(&game, &position, Player::First) {
            failures.push(format!("{name} {}: {e}", tokens.join(" ")));
        }
    }
    assert!(failures.is_empty(), "{} positions:\n{}", failures.len(), failures.join("\n"));
}

/// Fibonacci Nim offers each take once, and the take the issue names: at `97/4` the buttons
/// were 1, 2, 2, 4 (no 3); at `100/10` the only winning move, take 3, had no button.
#[test]
fn fibonacci_nim_offers_each_take_once() {
    let game: Game = "fibonacci-nim".parse().unwrap();
    let position = game.parse_position(&["97/4"]).unwrap();
    let d = draw(&game, &position, Player::First);
    let takes: Vec<&str> = d
        .svg
        .split("class=\"button-label\" text-anchor=\"middle\">")
        .skip(1)
        .map(|t| t.split('<').next().unwrap())
        .collect();
    assert_eq!(takes, ["take 1", "take 2", "take 3", "take 4"]);
    let position = game.parse_position(&["100/10"]).unwrap();
    let d = draw(&game, &position, Player::First);
    let take3 = d.moves.iter().any(|m| m == "take 3") || d.controls.iter().any(|c| c.fill(&[3]) == "take 3");
    assert!(take3, "{:?} {:?}", d.moves, d.controls);
}

/// The boxes `(x, y, width, height, move)` of the rectangles and lines of `svg` that make a move, each
/// moved by the translation of the group around it (a sum's part).
fn move_boxes(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
    let attr = |e: &str, name: &str| -> Option<String> {
        Some(e.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.to_string())
    };
    let num = |e: &str, name: &str| attr(e, name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    let mut shift = vec![(0.0, 0.0)];
    let mut out = vec![];
    for e in svg.split('<').skip(1) {
        if e.starts_with("/g") {
            shift.pop();
        } else if e.starts_with("g ") || e.starts_with("g>") {
            let (dx, dy) = attr(e, "transform")
                .and_then(|t| {
                    let inner = t.strip_prefix("translate(")?.strip_suffix(')')?.to_string();
                    let (a, b) = inner.split_once(',')?;
                    Some((a.parse().ok()?, b.parse().ok()?))
                })
                .unwrap_or((0.0, 0.0));
            let (x, y) = *shift.last().unwrap();
            shift.push((x + dx, y + dy));
        } else if e.starts_with("line ") {
            // A straight line's area: its stroke, 9 wide as the drawing's style sets a cut's.
            if let Some(mv) = attr(e, "data-move") {
                let (dx, dy) = *shift.last().unwrap();
                let (x1, y1, x2, y2) = (num(e, "x1") + dx, num(e, "y1") + dy, num(e, "x2") + dx, num(e, "y2") + dy);
                let (x, y) = (x1.min(x2) - 4.5, y1.min(y2) - 4.5);
                out.push((x, y, (x2 - x1).abs() + 9.0, (y2 - y1).abs() + 9.0, mv));
            }
        } else if e.starts_with("rect ") {
            if let Some(mv) = attr(e, "data-move") {
                let (dx, dy) = *shift.last().unwrap();
                out.push((num(e, "x") + dx, num(e, "y") + dy, num(e, "width"), num(e, "height"), mv));
            }
        }
    }
    out
}

/// A hit area of a drawing (issue 64: a transparent rectangle marked `data-hit`, on top of
/// every shape): its box `(x0, y0, x1, y1)`, what it does (`data-move`, or `pick KEY`), its
/// title, and the pick group it shows with (`None`: always shown).
#[derive(Debug)]
struct HitArea {
    area: (f64, f64, f64, f64),
    action: String,
    title: String,
    group: Option<String>,
}

/// The hit areas of `svg`, in the order drawn.
fn hit_areas(svg: &str) -> Vec<HitArea> {
    let attr = |e: &str, name: &str| -> Option<String> {
        Some(e.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.to_string())
    };
    let num = |e: &str, name: &str| attr(e, name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    let pieces: Vec<&str> = svg.split('<').collect();
    let mut groups: Vec<Option<String>> = vec![];
    let mut out = vec![];
    for (i, e) in pieces.iter().enumerate() {
        if e.starts_with("/g") {
            groups.pop();
        } else if e.starts_with("g ") || e.starts_with("g>") {
            groups.push(attr(e, "data-choice"));
        } else if e.starts_with("rect ") && e.contains(" data-hit=") {
            let action = attr(e, "data-move").or_else(|| attr(e, "data-pick").map(|p| format!("pick {p}"))).unwrap();
            let (x, y) = (num(e, "x"), num(e, "y"));
            let title = pieces.get(i + 1).and_then(|t| t.strip_prefix("title>")).unwrap_or_default().to_string();
            let group = groups.iter().rev().find_map(Clone::clone);
            out.push(HitArea { area: (x, y, x + num(e, "width"), y + num(e, "height")), action, title, group });
        }
    }
    out
}

/// The hit areas that hold the point `at` and show while `group`'s are shown (those always
/// shown and that group's).
fn hits_at<'a>(hits: &'a [HitArea], at: (f64, f64), group: Option<&str>) -> Vec<&'a HitArea> {
    hits.iter()
        .filter(|h| h.group.is_none() || h.group.as_deref() == group)
        .filter(|h| h.area.0 <= at.0 && at.0 <= h.area.2 && h.area.1 <= at.1 && at.1 <= h.area.3)
        .collect()
}

/// Row 3 of issue 49: in `cutting 4x2 5x5` the centre of each vertical line of the 4x2 sheet lay
/// under the horizontal cut's hit area, so a click there played `4x1 4x1`. Now the hit areas of
/// different cuts do not overlap, and each area's centre lies in its own cut's areas only.
#[test]
fn the_hit_areas_of_cuts_do_not_overlap() {
    let game: Game = "cutting".parse().unwrap();
    for tokens in [&["4x2", "5x5"][..], &["3x3"], &["24x24"], &["1x7", "6x2"]] {
        let position = game.parse_position(tokens).unwrap();
        let d = draw(&game, &position, Player::First);
        let boxes = move_boxes(&d.svg);
        // Every move has an area: the cuts are all drawn as boxes.
        let moves: BTreeSet<&str> = boxes.iter().map(|b| b.4.as_str()).collect();
        assert_eq!(moves.len(), d.moves.len(), "{tokens:?}: {:?}", d.moves);
        for (i, a) in boxes.iter().enumerate() {
            let (cx, cy) = (a.0 + a.2 / 2.0, a.1 + a.3 / 2.0);
            for b in &boxes[i + 1..] {
                if a.4 == b.4 {
                    continue;
                }
                // Apart, or touching along an edge (coordinates are written to two decimals).
                let e = 0.01;
                let apart =
                    a.0 + a.2 <= b.0 + e || b.0 + b.2 <= a.0 + e || a.1 + a.3 <= b.1 + e || b.1 + b.3 <= a.1 + e;
                assert!(apart, "{tokens:?}: '{}' at {a:?} overlaps '{}' at {b:?}", a.4, b.4);
            }
            let under: BTreeSet<&str> = boxes
                .iter()
                .filter(|b| b.0 <= cx && cx <= b.0 + b.2 && b.1 <= cy && cy <= b.1 + b.3)
                .map(|b| b.4.as_str())
                .collect();
            assert_eq!(under, BTreeSet::from([a.4.as_str()]), "{tokens:?}: at the centre of {a:?}");
        }
    }
}

/// Row 14 of issue 49: in Turtles the coins right of the last head vanished after a move
/// (`turtles 3 5 9` drew coins 1 to 9, then 1 to 5). The row keeps its length through a game.
#[test]
fn a_row_of_coins_keeps_its_length_after_a_move() {
    let coins = |game: &Game, tokens: &[&str]| {
        let d = draw(game, &game.parse_position(tokens).unwrap(), Player::First);
        // The coins, heads and tails (`coin`, `coin tails`).
        d.svg.matches("class=\"coin").count()
    };
    for (name, before, after) in
        [("turtles", &["3", "5", "9"][..], &["3", "5"][..]), ("mock-turtles", &["0", "1", "2", "3", "7"], &["0", "1"])]
    {
        let game: Game = name.parse().unwrap();
        assert_eq!(coins(&game, before), coins(&game, after), "{name} {before:?} then {after:?}");
    }
}

/// A shape that takes a click: the points it runs along, how far from them it reaches, its move.
type Reach = (Vec<(f64, f64)>, f64, Option<String>);

/// The shapes of a Hackenbush drawing that show where to click: each edge that makes a move (a
/// path 14 wide, round ends) with its title, as the points along it, and each vertex (a circle
/// of radius 3.5).
fn hackenbush_shapes(svg: &str) -> Vec<Reach> {
    let attr = |e: &str, name: &str| -> Option<String> {
        Some(e.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.to_string())
    };
    let mut out = vec![];
    let pieces: Vec<&str> = svg.split('<').collect();
    for (i, e) in pieces.iter().enumerate().skip(1) {
        if e.starts_with("circle ") && attr(e, "class").as_deref() == Some("vertex") {
            let at = |n: &str| attr(e, n).unwrap().parse::<f64>().unwrap();
            out.push((vec![(at("cx"), at("cy"))], 3.5, None));
        } else if e.starts_with("path ") && attr(e, "class").as_deref() == Some("twig hit") {
            let d = attr(e, "d").unwrap();
            let n: Vec<f64> = d.replace(['M', 'Q', 'c'], " ").split_whitespace().map(|w| w.parse().unwrap()).collect();
            // `M x y Q cx cy x y`, or a loop `M x y c-14 -30 14 -30 0 0` (a cubic, relative).
            let (p, c1, c2, q) = if d.contains('Q') {
                let (p, c, q) = ((n[0], n[1]), (n[2], n[3]), (n[4], n[5]));
                // The quadratic as a cubic.
                let lerp =
                    |a: (f64, f64), b: (f64, f64)| (a.0 + 2.0 / 3.0 * (b.0 - a.0), a.1 + 2.0 / 3.0 * (b.1 - a.1));
                (p, lerp(p, c), lerp(q, c), q)
            } else {
                let p = (n[0], n[1]);
                let r = |i: usize| (p.0 + n[i], p.1 + n[i + 1]);
                (p, r(2), r(4), r(6))
            };
            let points = (0..=400)
                .map(|i| {
                    let t = i as f64 / 400.0;
                    let u = 1.0 - t;
                    let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
                    (
                        w[0] * p.0 + w[1] * c1.0 + w[2] * c2.0 + w[3] * q.0,
                        w[0] * p.1 + w[1] * c1.1 + w[2] * c2.1 + w[3] * q.1,
                    )
                })
                .collect();
            // The edge's title: its hit area's (the path itself makes no move since issue 64).
            let title = pieces.get(i + 1).and_then(|t| t.strip_prefix("title>")).map(str::to_string);
            out.push((points, 7.0, title));
        }
    }
    out
}

/// The first walk of issue 49 stopped at Hackenbush: in `0-2 0 0-1,0-2,2-4,0-4` the third
/// picture's vertices (one layer) lay 8 units apart, so the centre of the edge `2-4` lay under
/// vertex 4 and a click there made no move. On the random positions of the game and every
/// position one cut from them, the centre of each edge's box (where a browser clicks it) lies
/// on the edge, and in one hit area (issue 64: on top of every shape), that edge's.
#[test]
fn every_hackenbush_edge_is_on_top_at_its_centre() {
    let game: Game = "hackenbush".parse().unwrap();
    let mut starts: Vec<Vec<String>> = vec![vec!["0-2".into(), "0".into(), "0-1,0-2,2-4,0-4".into()]];
    starts.extend((0..150).map(|seed| game.random_position(seed)));
    let mut seen = BTreeSet::new();
    let mut checked = 0;
    let mut failures = vec![];
    for tokens in starts {
        let start = game.parse_position(&tokens).unwrap();
        let mut positions = vec![start.clone()];
        positions.extend(legal_moves(&start, Player::First).iter().map(|m| apply(&start, m)));
        for position in positions {
            let d = draw(&game, &position, Player::First);
            if !seen.insert(d.svg.clone()) {
                continue;
            }
            let shapes = hackenbush_shapes(&d.svg);
            let hits = hit_areas(&d.svg);
            let what = d.svg.split("<title>").nth(1).and_then(|t| t.split('<').next()).unwrap_or_default().to_string();
            let distance = |a: (f64, f64), points: &[(f64, f64)]| {
                points.iter().map(|p| ((a.0 - p.0).powi(2) + (a.1 - p.1).powi(2)).sqrt()).fold(f64::INFINITY, f64::min)
            };
            for (points, _, mv) in &shapes {
                let Some(mv) = mv else { continue };
                let (mut x0, mut x1, mut y0, mut y1) =
                    (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
                for &(x, y) in points {
                    (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
                }
                let centre = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                checked += 1;
                if distance(centre, points) > 7.0 {
                    failures.push(format!("{what}: the centre {centre:?} of '{mv}' is off its edge"));
                }
                let under: Vec<&str> = hits_at(&hits, centre, None).iter().map(|h| h.title.as_str()).collect();
                if under != [mv.as_str()] {
                    failures.push(format!("{what}: at the centre {centre:?} of '{mv}' lie the hit areas of {under:?}"));
                }
            }
        }
    }
    assert!(checked > 1000, "edges checked: {checked}");
    assert!(failures.is_empty(), "{} edges:\n{}", failures.len(), failures.join("\n"));
}

/// A circle of a drawing: centre, radius, class, title, and the group of a pick's moves it lies
/// in (shown only while that pick is picked).
type Circle = ((f64, f64), f64, String, Option<String>, Option<String>);

/// The circles of a drawing in the order drawn.
fn circles(svg: &str) -> Vec<Circle> {
    let attr = |e: &str, name: &str| -> Option<String> {
        Some(e.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.to_string())
    };
    let mut out = vec![];
    let mut group = None;
    let pieces: Vec<&str> = svg.split('<').collect();
    for (i, e) in pieces.iter().enumerate().skip(1) {
        if e.starts_with("g ") && e.contains("data-choice") {
            group = attr(e, "data-choice");
        } else if e.starts_with("/g") {
            group = None;
        } else if e.starts_with("circle ") {
            let at = |n: &str| attr(e, n).unwrap().parse::<f64>().unwrap();
            let class = attr(e, "class").unwrap_or_default();
            let title = pieces.get(i + 1).and_then(|t| t.strip_prefix("title>")).map(str::to_string);
            out.push(((at("cx"), at("cy")), at("r"), class, title, group.clone()));
        }
    }
    out
}

/// Issue 49: on a graph, a token's badge is clicked to pick the token. Badges stood in a row
/// beside their vertex, so a third token's lay past the drawing's right edge (`a a a b` on a
/// star of five leaves) and a neighbour's badge on it. On graphs with layers of many
/// vertices, many tokens on a vertex and tokens on neighbours: each badge's centre is inside
/// the drawing and lies in one hit area (issue 64: on top of every shape), the badge's pick, and
/// the centre of each target ring (shown once its token is picked) in that ring's alone.
#[test]
fn every_token_badge_is_on_top_at_its_centre() {
    let star = "s a\ns b\ns c\ns d\ns e\n";
    let wide: String = (1..=30).map(|i| format!("s v{i}\nv{i} w{i}\n")).collect();
    let mut state = 11u64;
    let mut next = |k: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % k
    };
    let mut cases: Vec<(String, Vec<String>)> = vec![
        (star.into(), ["a", "a", "a", "b"].map(String::from).to_vec()),
        (wide.clone(), (1..=30).map(|i| format!("v{i}")).collect()),
        (wide.clone(), (1..=12).flat_map(|i| [format!("v{i}"), format!("v{i}"), format!("w{i}")]).collect()),
    ];
    let edges = "a b\nb a\nb c\nc d\n";
    for x in ["a", "b", "c", "d"] {
        for y in ["a", "b", "c", "d"] {
            for z in ["a", "b", "c", "d"] {
                cases.push((edges.into(), vec![x.into(), y.into(), z.into()]));
            }
        }
    }
    for _ in 0..40 {
        let n = 3 + next(20);
        let text: String = (0..2 * n).map(|_| format!("x{} x{}\n", next(n), next(n))).collect();
        let tokens = (0..1 + next(6)).map(|_| format!("x{}", next(n))).collect();
        cases.push((text, tokens));
    }
    let mut badges = 0;
    let mut failures = vec![];
    for (text, tokens) in &cases {
        let game = Game::graph("graph", text).unwrap();
        let Ok(position) = game.parse_position(tokens) else { continue };
        let d = draw(&game, &position, Player::First);
        let root = &d.svg[..d.svg.find('>').unwrap()];
        let size = |n: &str| {
            root.split(&format!(" {n}=\"")).nth(1).unwrap().split('"').next().unwrap().parse::<f64>().unwrap()
        };
        let (width, height) = (size("width"), size("height"));
        let shapes = circles(&d.svg);
        let hits = hit_areas(&d.svg);
        let graph: String = text.replace('\n', ";").chars().take(40).collect();
        let what = format!("{} on {graph}", tokens.join(" "));
        for c in &shapes {
            let at = c.0;
            let title = c.3.clone().unwrap_or_default();
            let under: Vec<(&str, &str)> =
                hits_at(&hits, at, c.4.as_deref()).iter().map(|h| (h.action.as_str(), h.title.as_str())).collect();
            if c.2.split(' ').any(|k| k == "token") {
                badges += 1;
                if !(0.0..=width).contains(&at.0) || !(0.0..=height).contains(&at.1) {
                    failures.push(format!("{what}: badge '{title}' at {at:?} is off the drawing ({width} x {height})"));
                }
                if under.len() != 1 || !under[0].0.starts_with("pick ") || under[0].1 != title {
                    failures.push(format!("{what}: at badge '{title}' at {at:?} lie the hit areas of {under:?}"));
                }
            } else if c.2.split(' ').any(|k| k == "target") && (under.len() != 1 || under[0].1 != title) {
                failures.push(format!("{what}: at target ring '{title}' at {at:?} lie the hit areas of {under:?}"));
            }
        }
    }
    assert!(badges > 300, "badges checked: {badges}");
    assert!(failures.is_empty(), "{} badges:\n{}", failures.len(), failures.join("\n"));
}

/// Blue-Red-Green Hackenbush (issue 50): the targets are the mover's edges (blue or green for
/// Left, red or green for Right), one to one, with parallel edges of two colours and loops.
#[test]
fn coloured_hackenbush_offers_the_movers_edges_only() {
    let game: Game = "hackenbush".parse().unwrap();
    let cases: &[&[&str]] =
        &[&["0-1:b,1-2:r,1-3"], &["0-1:b,0-1:r,1-2,2-2:r", "0-1:r"], &["0-1:r,1-2:b,0-2", "0-0:b,0-1:b"]];
    let mut failures = vec![];
    for tokens in cases {
        let position = game.parse_position(tokens).unwrap();
        for player in [Player::First, Player::Second] {
            assert!(!legal_moves(&position, player).is_empty(), "{tokens:?} {player:?}");
            if let Err(e) = check(&game, &position, player) {
                failures.push(format!("{} ({player:?}): {e}", tokens.join(" ")));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Clobber (issue 50): a stone's moves are rings on the stones it clobbers, shown once the
/// stone is picked. The rings were drawn with the clobbering stone, so a stone drawn after it
/// lay on a ring over it (in `oo/xo` Left's a2 onto b2: a click on the ring picked nothing).
/// On every board of up to 2 x 3 and 3 x 2 cells, for either player, the centre of each ring
/// lies in one hit area (issue 64: on top of every shape) of those shown with it, the ring's.
#[test]
fn every_clobber_ring_is_on_top_at_its_centre() {
    let game: Game = "clobber".parse().unwrap();
    let mut rings = 0;
    let mut failures = vec![];
    for (rows, cols) in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)] {
        let cells = rows * cols;
        for code in 0..3usize.pow(cells as u32) {
            let mut text = String::new();
            for i in 0..cells {
                if i > 0 && i % cols == 0 {
                    text.push('/');
                }
                text.push(['.', 'x', 'o'][code / 3usize.pow(i as u32) % 3]);
            }
            let position = game.parse_position(&[text.as_str()]).unwrap();
            for player in [Player::First, Player::Second] {
                let svg = draw(&game, &position, player).svg;
                let hits = hit_areas(&svg);
                for ring in circles(&svg) {
                    if !ring.2.split(' ').any(|k| k == "target") {
                        continue;
                    }
                    rings += 1;
                    let (at, title) = (ring.0, ring.3.unwrap_or_default());
                    let under: Vec<&str> =
                        hits_at(&hits, at, ring.4.as_deref()).iter().map(|h| h.title.as_str()).collect();
                    if under != [title.as_str()] {
                        failures.push(format!(
                            "{text} ({player:?}): at ring '{title}' at {at:?} lie the hit areas of {under:?}"
                        ));
                    }
                }
            }
        }
    }
    assert!(rings > 1000, "rings checked: {rings}");
    assert!(failures.is_empty(), "{} rings:\n{}", failures.len(), failures.join("\n"));
}
