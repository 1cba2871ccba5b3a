//! The faces a teacher would draw (issue 49, rows 7, 9 and 13): Kayles as rows of pins with a
//! line that says what to click, Grundy's game with split points that show, the circle games in
//! words and one coin style, and the graph games with their vertices' numbers, names that fit
//! their circles and badges large enough to read.
// The faces are the `draw` feature (on by default).
#![cfg(feature = "draw")]

use grundy::frontend::GAMES;
use grundy::{analyze, draw, AnalyzeOptions, Drawing, Game, Player};

fn drawing(game: &str, tokens: &[&str]) -> Drawing {
    let game: Game = game.parse().unwrap();
    let position = game.parse_position(tokens).unwrap();
    draw(&game, &position, Player::First)
}

/// The drawing of a catalogue game's example.
fn example(spelling: &str) -> Drawing {
    let kind = GAMES.iter().find(|k| k.spelling == spelling).unwrap();
    let game = Game::example_of(kind).unwrap();
    let tokens: Vec<&str> = kind.example_position.split_whitespace().collect();
    draw(&game, &game.parse_position(&tokens).unwrap(), Player::First)
}

/// The elements (their text from the tag's name on, up to the next tag) whose class list holds
/// `class`.
fn elements<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    svg.split('<')
        .filter(|e| {
            let tag = e.split('>').next().unwrap_or_default();
            tag.split(" class=\"")
                .nth(1)
                .and_then(|c| c.split('"').next())
                .is_some_and(|c| c.split(' ').any(|k| k == class))
        })
        .collect()
}

/// Attribute `name` of an element.
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    element.split('>').next()?.split(&format!(" {name}=\"")).nth(1)?.split('"').next()
}

/// The text of each `<text>` element of `class`, its title left out.
fn texts(svg: &str, class: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .filter(|e| attr(&format!(" {e}"), "class").is_some_and(|c| c.split(' ').any(|k| k == class)))
        .map(|e| {
            let inner = e.split_once('>').map_or("", |(_, rest)| rest).split("</text>").next().unwrap_or_default();
            match inner.split_once("</title>") {
                Some((_, text)) => text.to_string(),
                None => inner.to_string(),
            }
        })
        .collect()
}

/// The title of each element of `class`.
fn titles(svg: &str, class: &str) -> Vec<String> {
    let pieces: Vec<&str> = svg.split('<').collect();
    let mut out = vec![];
    for (i, e) in pieces.iter().enumerate() {
        if elements(e.split('>').next().map(|t| format!("<{t}>")).as_deref().unwrap_or_default(), class).is_empty() {
            continue;
        }
        if let Some(t) = pieces.get(i + 1).and_then(|t| t.strip_prefix("title>")) {
            out.push(t.to_string());
        }
    }
    out
}

/// Kayles is drawn as rows of pins ("row 1", skittles with a band at the neck), every word of
/// its board in its own terms, and one line says what to click: a pin knocks it down, a bar the
/// pins above it. Before, it drew blue balls labelled "heap" and bars nobody explained.
#[test]
fn kayles_is_rows_of_pins_and_says_what_to_click() {
    let d = drawing("kayles", &["10", "7"]);
    assert_eq!(elements(&d.svg, "pin").len(), 17, "{}", d.svg);
    assert!(elements(&d.svg, "obj").is_empty());
    assert_eq!(texts(&d.svg, "label"), ["row 1", "row 2"]);
    assert!(!d.svg.contains("heap"), "{}", d.svg);
    // On short lines, so that the drawing is no wider than its rows (it reads whole on a phone).
    assert_eq!(texts(&d.svg, "note"), ["Click a pin to knock it down,", "or a bar to knock down the pins above it."]);
    // Six pins a line, 44 units apart (issue 64: 40 CSS px each on a phone).
    assert!(d.width <= 370.0, "{}", d.width);
    // Each pin knocks itself down, and says so: its hit area (issue 64: a transparent rectangle
    // over it, marked data-hit) carries the move and its title.
    let hits: Vec<&str> = elements(&d.svg, "hit").into_iter().filter(|h| attr(h, "data-hit").is_some()).collect();
    assert!(hits.iter().all(|h| attr(h, "data-move").is_some()));
    assert!(titles(&d.svg, "hit").iter().filter(|t| t.contains(": knock down 1 pin")).count() >= 17, "{}", d.svg);
    let said = titles(&d.svg, "pin");
    assert_eq!(said.len(), 17);
    assert!(said.iter().all(|t| t.starts_with("row ") && t.contains(": knock down 1 pin")), "{said:?}");
    // Dawson's Kayles knocks down two pins a move: a single pin is no target (the pin next to
    // the end once knocked down itself and its neighbour), every move is a bar.
    let d = drawing("dawsons-kayles", &["12"]);
    assert!(!titles(&d.svg, "hit").iter().any(|t| t.contains(": knock down 1 pin")), "{}", d.svg);
    // Its hit areas are the bars': a bar under each pair of neighbours, 11, one of which runs
    // past the end of the first line of six pins and goes on at the start of the next (two
    // pieces, two hit areas); the two ends of the row make one move, written alike.
    let bars = elements(&d.svg, "bar");
    assert_eq!(bars.len(), 12, "a bar under each pair of neighbours: {}", d.svg);
    let hits: Vec<&str> = elements(&d.svg, "hit").into_iter().filter_map(|h| attr(h, "data-move")).collect();
    assert_eq!(hits.len(), 12, "{}", d.svg);
    assert_eq!(hits.iter().collect::<std::collections::BTreeSet<_>>().len(), 10);
    assert_eq!(texts(&d.svg, "note").join(" "), "Click a bar to knock down the pins above it.");
    // A code typed as digits, and every other heap game, keeps its heaps of objects.
    let d = drawing("octal:0.77", &["5"]);
    assert_eq!(texts(&d.svg, "label"), ["heap 1"]);
    assert_eq!(elements(&d.svg, "obj").len(), 5);
}

/// Kayles' moves are worded in its terms in the log and the analysis ("knock down 2 pins from
/// row 1, leaving rows of 2 and 3", never "split the rest"), its rows named "row"; Nim's words
/// are unchanged.
#[test]
fn kayles_moves_knock_down_pins_from_rows() {
    let kayles: Game = "kayles".parse().unwrap();
    let a = analyze(&kayles, &kayles.parse_position(&["7", "4"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        texts,
        ["knock down 2 pins from row 1, leaving rows of 2 and 3 (7 -> 2 + 3)", "knock down 2 pins from row 2 (4 -> 2)"]
    );
    assert_eq!(a.labels, ["row 1", "row 2"]);
    let huge = analyze(&kayles, &kayles.parse_position(&["1000000000000000000"]).unwrap(), &AnalyzeOptions::default())
        .unwrap();
    assert!(huge
        .winning_families
        .iter()
        .any(|f| f.text.starts_with("knock down 2 pins from row 1, leaving rows of a and")));
    let nim: Game = "nim".parse().unwrap();
    let a = analyze(&nim, &nim.parse_position(&["7", "9", "12", "15"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    assert!(a.winning_moves.iter().any(|m| m.text == "take 11 from heap 3 (12 -> 1)"));
    assert_eq!(a.labels[0], "heap 1");
}

/// Grundy's game shows where a heap may split: a solid line between two objects, past them above
/// and below, at each legal split (none between the halves of an even heap), and a line that says
/// to click one. Before, they were faint dashed lines in the 3-unit gap between two balls.
#[test]
fn grundys_game_shows_its_split_points() {
    let d = drawing("grundys-game", &["20"]);
    let lines = elements(&d.svg, "split");
    // 19 gaps, less the one between the halves.
    assert_eq!(lines.len(), 18, "{}", d.svg);
    let hits: Vec<&str> = elements(&d.svg, "hit").into_iter().filter(|h| attr(h, "data-move").is_some()).collect();
    assert_eq!(hits.len(), 18);
    // Each line reaches past the objects of its line (radius 7 about its middle: y = 24 on the
    // first line, six objects a line) and is drawn solid.
    for l in &lines {
        let (y1, y2): (f64, f64) = (attr(l, "y1").unwrap().parse().unwrap(), attr(l, "y2").unwrap().parse().unwrap());
        assert!(y2 - y1 >= 20.0, "{l}");
    }
    assert!(lines.iter().any(|l| attr(l, "y1") == Some("12") && attr(l, "y2") == Some("36")), "{}", d.svg);
    let style = d.svg.split(".split{").nth(1).and_then(|s| s.split('}').next()).unwrap();
    assert!(style.contains("stroke-width:2") && !style.contains("dasharray"), "{style}");
    assert_eq!(texts(&d.svg, "note").join(" "), "Click a line between two objects to split the heap there.");
}

/// The circle games read in words a student reads: the rows under the drawing are "circle of
/// 12 coins", "line of 10 coins" (each part is two numbers, which read as numbers said "closed
/// 1: 1"), and a circle opened into a line keeps its coins' look.
#[test]
fn circle_games_are_worded_and_keep_one_coin_style() {
    let d = drawing("circle:kayles", &["12", "line:10", "2", "line:0"]);
    let rows: Vec<(&str, &str)> = d.rows.iter().map(|(l, t)| (l.as_str(), t.as_str())).collect();
    assert_eq!(
        rows,
        [
            ("part 1", "circle of 12 coins"),
            ("part 2", "line of 10 coins"),
            ("part 3", "circle of 2 coins"),
            ("part 4", "empty line")
        ]
    );
    assert_eq!(elements(&d.svg, "coin").len(), 12 + 10 + 2, "{}", d.svg);
    assert!(elements(&d.svg, "obj").is_empty() && elements(&d.svg, "pin").is_empty(), "{}", d.svg);
    // A game drawn one row a number sends no rows of its own.
    assert!(drawing("nim", &["3", "4"]).rows.is_empty());
    let json = serde_json::to_value(drawing("nim", &["3"])).unwrap();
    assert!(json.get("rows").is_none(), "{json}");
}

/// Hackenbush's cuts name vertices (`cut 1-3`): each vertex of the drawing shows its number,
/// and the ground its 0.
#[test]
fn hackenbush_numbers_its_vertices() {
    let d = drawing("hackenbush", &["0-1,1-2,2-0,1-3"]);
    let mut numbers = texts(&d.svg, "vnum");
    numbers.sort();
    assert_eq!(numbers, ["0", "1", "2", "3"], "{}", d.svg);
    for m in &d.moves {
        let edge = m.strip_prefix("cut ").unwrap();
        assert!(edge.split('-').all(|v| numbers.iter().any(|n| n == v)), "{m}");
    }
}

/// The graph games' names fit their circles (12-unit type, about 6.8 units a character) and
/// their tokens' badges are large enough to read and tap, the token's number in them.
#[test]
fn graph_names_fit_their_circles_and_badges_read() {
    for spelling in ["geography:FILE", "graph:FILE"] {
        let d = example(spelling);
        let vertices = elements(&d.svg, "vertex");
        let names = texts(&d.svg, "vertex-label");
        assert_eq!(vertices.len(), names.len(), "{spelling}: {}", d.svg);
        for (v, name) in vertices.iter().zip(&names) {
            let r: f64 = attr(v, "r").unwrap().parse().unwrap();
            assert!(
                6.8 * name.chars().count() as f64 + 8.0 <= 2.0 * r,
                "{spelling}: '{name}' in a circle of radius {r}"
            );
        }
        let badges = elements(&d.svg, "token");
        assert!(!badges.is_empty());
        for b in &badges {
            let r: f64 = attr(b, "r").unwrap().parse().unwrap();
            assert!(r >= 10.0, "{spelling}: a badge of radius {r}");
        }
    }
    // The tokens on a graph carry their numbers in white bold type.
    assert_eq!(texts(&example("graph:FILE").svg, "token-label"), ["1", "2"]);
    assert!(example("graph:FILE").svg.contains(".token-label{fill:#fff;font-size:12px;font-weight:bold}"));
}
