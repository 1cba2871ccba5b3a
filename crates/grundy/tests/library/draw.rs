//! The drawings of positions (`grundy::draw`): for the example of every catalogue game and for
//! positions at the edges (huge heaps, games over), the SVG is well formed, bounded in size,
//! and every `data-move` is a legal move as `grundy play` reads it; a position with a move
//! offers at least one.
// The faces are the `draw` feature (on by default).
#![cfg(feature = "draw")]

use grundy::frontend::GAMES;
use grundy::play::{has_move, parse_move};
use grundy::rules::board::pictures::hackenbush::Hackenbush;
use grundy::rules::board::Face;
use grundy::{draw, Drawing, Game, Player, Position};

/// A small XML check: tags nest and close, attributes are quoted, text has no bare `<` or `&`
/// that is not an entity. Returns the `data-move` values in document order.
fn well_formed(svg: &str) -> Vec<String> {
    let mut stack: Vec<String> = vec![];
    let mut moves = vec![];
    let mut rest = svg;
    assert!(svg.starts_with("<svg "), "starts with <svg: {}", &svg[..svg.len().min(80)]);
    // Only the characters XML 1.0 allows (its production Char): no controls but tab, line feed
    // and carriage return, no U+FFFE or U+FFFF.
    if let Some(c) =
        svg.chars().find(|&c| !(matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')))
    {
        panic!("a character XML forbids: {:?}", c);
    }
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].iter().any(|e| entity.starts_with(e)),
                "a bare & in text: {text}"
            );
        }
        let close = rest[open..].find('>').expect("a tag ends") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing tag {name} matches");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().expect("a tag name").to_string();
        // Attributes: name="value", with no quote inside a value.
        let mut attrs = tag[name.len()..].trim();
        while !attrs.is_empty() {
            let eq = attrs.find("=\"").unwrap_or_else(|| panic!("attribute in <{tag}>"));
            let key = attrs[..eq].trim();
            assert!(key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'), "attribute name {key}");
            let value_end = attrs[eq + 2..].find('"').expect("a closing quote") + eq + 2;
            let value = &attrs[eq + 2..value_end];
            assert!(!value.contains('<'), "no < in an attribute: {value}");
            if key == "data-move" {
                moves.push(
                    value
                        .replace("&gt;", ">")
                        .replace("&lt;", "<")
                        .replace("&quot;", "\"")
                        .replace("&#39;", "'")
                        .replace("&amp;", "&"),
                );
            }
            attrs = attrs[value_end + 1..].trim();
        }
        if !self_closing {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "every tag closed: {stack:?}");
    moves
}

fn drawn(game: &Game, position: &Position, player: Player) -> Drawing {
    let d = draw(game, position, player);
    let moves = well_formed(&d.svg);
    // Each move offered is some shape's data-move, and each data-move is offered.
    for m in &moves {
        assert!(d.moves.contains(m), "{game}: data-move {m} is in the moves");
    }
    for m in &d.moves {
        assert!(moves.contains(m), "{game}: move {m} is drawn");
        if let Err(e) = parse_move(position, player, m) {
            panic!("{game} {:?}: data-move '{m}' is not a legal move: {e}", game.position_tokens(position));
        }
    }
    // A bounded drawing, whatever the size of the position (each target shape with its hit
    // area on top, issue 64).
    assert!(d.svg.matches('<').count() < 12_000, "{game}: {} tags", d.svg.matches('<').count());
    // Every note is whole: a note longer than a line is cut short with '…' (Turtles' note on
    // how to pick coins once was).
    for note in d.svg.split("class=\"note\"").skip(1) {
        let text = note.split('>').nth(1).and_then(|t| t.split('<').next()).unwrap_or_default();
        assert!(!text.ends_with('…'), "{game}: a note cut short: {text}");
    }
    // No two lines of notes on top of each other (a note that wraps onto a second line where
    // its face placed the next note a line below).
    let mut ys: Vec<f64> = attr_of(&d.svg, "note", "y");
    ys.sort_by(f64::total_cmp);
    for w in ys.windows(2) {
        assert!(w[1] - w[0] >= 12.0, "{game}: notes at y = {} and {}", w[0], w[1]);
    }
    // A file of it scales down to a narrow screen, keeping its proportions.
    let root = &d.svg[..d.svg.find('>').unwrap()];
    assert!(root.contains("viewBox=\"0 0 ") && root.contains("style=\"max-width:100%;height:auto\""), "{game}: {root}");
    d
}

/// The numbers of attribute `name` in each element of `class` ("x2" of the ground line).
fn attr_of(svg: &str, class: &str, name: &str) -> Vec<f64> {
    svg.split('<')
        .filter(|e| e.contains(&format!("class=\"{class}\"")))
        .filter_map(|e| e.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse().ok())
        .collect()
}

/// A small Hackenbush picture stands at the left on a ground line as long as it is wide, and
/// the drawing is as wide as the picture and its notes, not the standard 640.
#[test]
fn a_hackenbush_picture_stands_on_a_ground_as_wide_as_itself() {
    let game: Game = "hackenbush".parse().unwrap();
    for tokens in
        [&["0-1,1-2,2-0,1-3"][..], &["0-1,1-2,2-0,1-3", "0-1,1-1"], &["0-1,1-2,2-3,3-4,4-0,2-5,5-6,6-7,0-8,8-9,9-3"]]
    {
        let position = game.parse_position(tokens).unwrap();
        let d = drawn(&game, &position, Player::First);
        assert!(d.width < 400.0, "{tokens:?}: {} wide", d.width);
        let grounds = attr_of(&d.svg, "ground", "x2");
        let vertices = attr_of(&d.svg, "vertex", "cx");
        assert_eq!(grounds.len(), tokens.len(), "{tokens:?}: a ground per picture");
        let ground = grounds.iter().copied().fold(0.0, f64::max);
        assert!(ground <= d.width, "{tokens:?}: the ground ends within the drawing");
        assert!(vertices.iter().all(|&x| (8.0..=ground).contains(&x)), "{tokens:?}: {vertices:?} on {ground}");
        // The picture fills its ground: no long stretch of bare ground at either end.
        let (lo, hi) = vertices.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        assert!(
            lo - 8.0 <= 60.0 && ground - hi <= 60.0,
            "{tokens:?}: vertices from {lo} to {hi} on a ground to {ground}"
        );
    }
}

fn example(kind: &grundy::GameKind) -> (Game, Position) {
    let game = Game::example_of(kind).unwrap();
    let tokens: Vec<&str> = kind.example_position.split_whitespace().collect();
    let position = game.parse_position(&tokens).unwrap();
    (game, position)
}

#[test]
fn every_catalogue_example_is_drawn_with_legal_moves() {
    for kind in GAMES {
        let (game, position) = example(kind);
        let d = drawn(&game, &position, Player::First);
        if has_move(&position, Player::First) {
            assert!(!d.moves.is_empty(), "{}: the drawing offers a move", kind.spelling);
        }
    }
}

/// The room a drawing has on a 390 px phone, in CSS px: the board's box (356 px, the screen
/// less the page's margins in crates/grundy-web/static/style.css) less 10 to spare for the
/// browser's rounding and fonts.
const PHONE_ROOM: f64 = 346.0;

/// How wide the page shows a drawing on a phone, in CSS px: scaled so that its least hit area
/// (`data-hit-min`) is 40 px, and not below 0.8 (`HIT_PX` and `DRAWING_MIN_SCALE` of app.js).
fn phone_width(d: &Drawing) -> f64 {
    let least = d
        .svg
        .split(" data-hit-min=\"")
        .nth(1)
        .and_then(|r| r.split('"').next()?.parse::<f64>().ok())
        .filter(|&m| m > 0.0);
    d.width * least.map_or(0.8, |m| (40.0 / m).max(0.8))
}

/// Issue 84: every catalogue example fits a 390 px phone without scrolling sideways, each of
/// its targets 40 CSS px (e2e/phone.test.mjs measures the same in a browser). Long strips of
/// coins, rows of heaps and chips fold into lines; bars and buttons stay within a phone's room.
#[test]
fn every_catalogue_example_fits_a_phone() {
    let mut wide = vec![];
    for kind in GAMES {
        let (game, position) = example(kind);
        let d = drawn(&game, &position, Player::First);
        let px = phone_width(&d);
        if px > PHONE_ROOM {
            wide.push(format!("{} {}: {px:.0} px ({} units)", kind.spelling, kind.example_position, d.width));
        }
    }
    assert!(wide.is_empty(), "{} wider than {PHONE_ROOM} px:\n{}", wide.len(), wide.join("\n"));
}

/// Positions at the edges: the largest heaps, games over, many heaps, both players.
#[test]
fn huge_and_finished_positions_are_drawn_within_bounds() {
    let max = u64::MAX.to_string();
    let cases: &[(&str, &[&str])] = &[
        ("nim", &[&max, "0", "1"]),
        ("kayles", &[&max, "30", "7"]),
        ("grundys-game", &["9", &max]),
        ("subtraction:2,5", &[&max, "999999999999999999"]),
        ("allbut:3", &["1000000000000", "77"]),
        ("bounded", &["7/3", "18446744073709551615/2"]),
        ("kl:2,3", &[&max, "4", "2"]),
        ("divisor", &[&max]),
        ("divisor", &["1"]),
        ("divisor", &["9223372036854775808"]),
        ("euclid", &[&max, "3"]),
        ("euclid", &["0", "3"]),
        ("euclid", &["7", "7"]),
        ("chips", &["1", "9223372036854775807", &max]),
        ("chips", &["1", "2", "3"]),
        ("hex:0.8", &["20", "40"]),
        ("octal:0.16", &["100"]),
    ];
    for (g, tokens) in cases {
        let game: Game = g.parse().unwrap();
        let position = game.parse_position(tokens).unwrap();
        for player in [Player::First, Player::Second] {
            let d = drawn(&game, &position, player);
            if has_move(&position, player) {
                assert!(!d.moves.is_empty(), "{g} {tokens:?}: a move is offered");
            }
        }
    }
    // Five hundred heaps: forty rows and a note.
    let nim: Game = "nim".parse().unwrap();
    let many: Vec<String> = (1..=500).map(|i| i.to_string()).collect();
    let d = drawn(&nim, &nim.parse_position(&many).unwrap(), Player::First);
    assert!(d.svg.contains("and 460 more heaps"), "{}", d.svg.len());
}

/// A narrow graph (the examples of tokens on a graph and of geography: a path and a small
/// tree) stands at the left and the drawing is only as wide as it and its notes, not the full
/// 640 with the graph at its middle, so that it reads larger on a phone.
#[test]
fn a_narrow_graph_is_drawn_at_the_left() {
    for name in ["graph", "geography"] {
        let kind = GAMES.iter().find(|k| k.spelling.starts_with(name)).unwrap();
        let (game, position) = example(kind);
        let d = drawn(&game, &position, Player::First);
        // Every vertex's circle (class "vertex", "vertex visited", ...).
        let left = d
            .svg
            .split('<')
            .filter(|e| e.starts_with("circle") && e.contains("class=\"vertex"))
            .filter_map(|e| e.split(" cx=\"").nth(1)?.split('"').next()?.parse::<f64>().ok())
            .fold(f64::INFINITY, f64::min);
        assert!((24.0..=40.0).contains(&left), "{name}: the leftmost vertex at {left}");
        assert!(d.width < 500.0, "{name}: {} wide", d.width);
    }
}

/// A heap too large to draw object by object (its bar and buttons), Euclid's bars, the
/// divisor game's buttons and the multiplication game's line to N are drawn at most 480 wide (text by a generous estimate), not the full
/// 640, so that a phone shows them nearly whole at the page's least scale (0.8: 384 px); the
/// bar was 528 long, N at x = 620, and notes of a hundred characters made a drawing 640 wide.
#[test]
fn bars_and_buttons_fit_a_phone() {
    let max = u64::MAX.to_string();
    for (name, tokens) in [
        ("subtraction:2,5", &["999999999999999999"][..]),
        ("allbut:3", &["1000000000000", "77"]),
        ("nim", &[max.as_str(), "12345678901234567"]),
        ("fibonacci-nim", &["100"]),
        ("multiplication", &["162"]),
        ("multiplication", &[max.as_str()]),
        ("staircase", &["3", "1000000000000"]),
        ("euclid", &["34", "12"]),
        ("euclid", &[max.as_str(), "3"]),
        ("divisor", &["1000000000000000"]),
        ("divisor", &["9223372036854775808"]),
    ] {
        let game: Game = name.parse().unwrap();
        let position = game.parse_position(tokens).unwrap();
        let d = drawn(&game, &position, Player::First);
        assert!(d.width <= 480.0, "{name} {tokens:?}: {} wide", d.width);
    }
}

/// A random tree of `n` edges as Hackenbush's text (the parent of vertex i + 1 uniform in
/// 0..=i), one edge a line, as `@FILE` holds it.
fn random_tree(n: u64) -> String {
    let mut state = 46u64;
    (0..n)
        .map(|i| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            format!("{}-{}\n", (state >> 33) % (i + 1), i + 1)
        })
        .collect()
}

/// A picture of 10^5 edges draws 150 of them, each cut offered by its words alone: no move
/// carries the numbers after it, which would cut the whole picture once for each edge drawn
/// (20 s and 250 MB for 10^5 edges, never ending for 10^6). The cuts are legal moves, and a
/// sum of pictures reads its moves from those words.
#[test]
fn a_large_picture_offers_the_cuts_it_draws_by_their_words() {
    let game: Game = "hackenbush".parse().unwrap();
    let text = random_tree(100_000);
    let position = game.parse_position(&[text.as_str()]).unwrap();
    let sketch = Hackenbush.draw(&position.heaps(), 0);
    assert_eq!(sketch.targets().len(), 150);
    assert!(sketch
        .targets()
        .iter()
        .all(|t| t.after.is_none() && t.words.as_deref().is_some_and(|w| w.starts_with("cut "))));
    let d = draw(&game, &position, Player::First);
    well_formed(&d.svg);
    assert_eq!(d.moves.len(), 150);
    assert!(d.svg.len() < 200_000, "{} bytes", d.svg.len());
    for m in [&d.moves[0], &d.moves[149]] {
        parse_move(&position, Player::First, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // In a sum, each move is the picture's own words after its game's number (`K: MOVE`),
    // read by the sum as that game's move.
    let sum: Game = "sum".parse().unwrap();
    let position = sum.parse_position(&["hackenbush=0-1 0-2 0-0", "kayles=3"]).unwrap();
    let d = drawn(&sum, &position, Player::First);
    assert_eq!(d.moves[..3], ["1: cut 0-1 in 1", "1: cut 0-2 in 2", "1: cut 0-0 in 3"], "{:?}", d.moves);
    for m in &d.moves {
        parse_move(&position, Player::First, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// A vertex of 3 x 10^5 followers draws in linear time: each follower was looked up again
/// among those found before it (quadratic: 30 CPU s for 10^5 in a release build, minutes
/// here). The watch only catches that; it claims no speed.
#[test]
fn a_token_on_a_vertex_of_many_followers_is_drawn_in_linear_time() {
    let text: String = (0..300_000).map(|i| format!("c {i}\n")).collect();
    let game = Game::graph("graph", &text).unwrap();
    let position = game.parse_position(&["c"]).unwrap();
    let start = std::time::Instant::now();
    let d = drawn(&game, &position, Player::First);
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "{:?}", start.elapsed());
    assert_eq!(d.moves.len(), 199, "the followers shown beside c");
}

/// Many tokens on a vertex of many followers: the drawing holds a bounded number of rings (at
/// most 800 moves), says how many tokens it leaves out, and its moves are legal.
#[test]
fn many_tokens_on_a_vertex_of_many_followers_are_drawn_within_bounds() {
    let text: String = (0..300).map(|i| format!("c {i}\n")).collect();
    let game = Game::graph("graph", &text).unwrap();
    let tokens = vec!["c"; 100];
    let position = game.parse_position(&tokens).unwrap();
    let d = drawn(&game, &position, Player::First);
    assert_eq!(d.moves.len(), 4 * 199, "{}", d.moves.len());
    assert!(d.svg.contains(">and 96 more tokens, not drawn: type their moves (&#39;5<"), "{}", &d.svg[..2000]);
}

/// Vertex names holding characters XML 1.0 forbids (a control character, NUL, U+FFFE, U+FFFF)
/// draw as a well-formed document: the characters become U+FFFD in the text, and a move to such
/// a vertex, which no SVG attribute can carry, is not offered.
#[test]
fn names_with_characters_xml_forbids_draw_a_well_formed_document() {
    let text = "a b\u{1}\nb\u{1} c\u{FFFE}\nc\u{FFFE} d\u{0}x\na \u{FFFF}\na ok\n";
    let game = Game::graph("graph:c\u{1}.txt", text).unwrap();
    for start in ["a", "b\u{1}", "c\u{FFFE}"] {
        let position = game.parse_position(&[start]).unwrap();
        let d = drawn(&game, &position, Player::First);
        assert!(d.svg.contains('\u{FFFD}'), "{}", d.svg);
        if start == "a" {
            assert_eq!(d.moves, vec!["1 ok".to_string()]);
        }
    }
}

/// Vertices named `to` and `->` (the words that may join a token and its vertex) are moves a
/// person can type and click: the drawing offered `1 to`, which read as token 1 alone (found by
/// the fuzz target `draw`).
#[test]
fn vertices_named_like_the_joining_words_are_legal_moves() {
    let game = Game::graph("graph", "a to\nto ->\n-> a\n").unwrap();
    for (start, moves) in [("a", ["1 to"]), ("to", ["1 ->"]), ("->", ["1 a"])] {
        let position = game.parse_position(&[start]).unwrap();
        assert_eq!(drawn(&game, &position, Player::First).moves, moves);
    }
    let two = game.parse_position(&["a", "to"]).unwrap();
    for typed in ["1 to", "1 -> to", "2 ->", "2 to ->", "1 to to"] {
        parse_move(&two, Player::First, typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
    }
    let one = game.parse_position(&["a"]).unwrap();
    for typed in ["to", "to to", "-> to"] {
        parse_move(&one, Player::First, typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
    }
}

/// A picture drawn in part says so in a note that runs to two lines ("150 of the picture's
/// 100000 edges drawn; ..."): the lines after it start below its second line, so that no two
/// lines of notes are drawn over each other.
#[test]
fn a_two_line_note_pushes_the_notes_after_it_down() {
    let game: Game = "hackenbush".parse().unwrap();
    let text = random_tree(100_000);
    let position = game.parse_position(&[text.as_str()]).unwrap();
    let d = draw(&game, &position, Player::First);
    let mut ys: Vec<f64> = d
        .svg
        .split("<text")
        .skip(1)
        .filter(|t| t.split('>').next().is_some_and(|head| head.contains("class=\"note\"")))
        .map(|t| {
            let at = t.find(" y=\"").unwrap() + 4;
            t[at..].split('"').next().unwrap().parse().unwrap()
        })
        .collect();
    assert!(ys.len() >= 4, "{ys:?}");
    ys.sort_by(f64::total_cmp);
    assert!(ys.windows(2).all(|w| w[1] - w[0] >= 12.0), "notes drawn over each other at {ys:?}");
}

/// Issue 80: a picture whose drawn edges have more than 200 ends (an Arc Kayles matching of 101
/// and of 150 edges; Hackenbush's 101 stalks of two edges listed far edges first, whose first
/// 150 edges reach 202 vertices) was a panic: the layout placed only the first 200 vertices.
/// Each is drawn whole now, for both players: every drawn end has its circle, inside the
/// drawing, and every drawn edge the mover may take is offered.
#[test]
fn pictures_of_more_than_200_vertices_are_drawn_whole() {
    let matching = |k: u64| (0..k).map(|i| format!("{}-{}", 2 * i, 2 * i + 1)).collect::<Vec<_>>().join(",");
    let stalks = (0..101u64)
        .map(|i| format!("{}-{}", 2 * i + 1, 2 * i + 2))
        .chain((0..101u64).map(|i| format!("0-{}", 2 * i + 1)))
        .collect::<Vec<_>>()
        .join(",");
    // Blue, red and green stalks in turn: the coloured face too.
    let coloured = (0..101u64)
        .map(|i| format!("{}-{}{}", 2 * i + 1, 2 * i + 2, [":b", ":r", ""][i as usize % 3]))
        .chain((0..101u64).map(|i| format!("0-{}", 2 * i + 1)))
        .collect::<Vec<_>>()
        .join(",");
    // (game, picture, the ends of its first 150 edges, less the ground, and the first player's moves)
    let cases = [
        ("arc-kayles", matching(101), 202, 101),
        ("arc-kayles", matching(150), 300, 150),
        ("arc-kayles", matching(400), 300, 150),
        ("hackenbush", stalks.clone(), 202, 150),
        ("hackenbush", coloured, 202, 150 - 34),
    ];
    for (name, picture, ends, moves) in cases {
        let game: Game = name.parse().unwrap();
        let position = game.parse_position(&[picture.as_str()]).unwrap();
        for player in [Player::First, Player::Second] {
            let d = drawn(&game, &position, player);
            let (xs, ys) = (attr_of(&d.svg, "vertex", "cx"), attr_of(&d.svg, "vertex", "cy"));
            assert_eq!((xs.len(), ys.len()), (ends, ends), "{name}: a circle for each end drawn");
            assert!(xs.iter().all(|&x| (0.0..=d.width).contains(&x)), "{name}: {xs:?} in {}", d.width);
            assert!(ys.iter().all(|&y| (0.0..=d.height).contains(&y)), "{name}: {ys:?} in {}", d.height);
            if player == Player::First {
                assert_eq!(d.moves.len(), moves, "{name}: {:?}", d.moves);
            }
        }
    }
}
