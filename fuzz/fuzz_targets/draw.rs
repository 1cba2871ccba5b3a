//! The drawing of games on graphs and of Hackenbush pictures (`grundy draw`, `POST /api/draw`):
//! bytes read as a graph's text and its tokens, or as pictures, or as a sum of pictures and
//! heaps, drawn as SVG with either player to move. Never a panic; the SVG is well-formed XML
//! (tags nest and close, attributes quoted, entities only, no character XML 1.0 forbids) and
//! bounded in size, and every move it offers is a legal move as `grundy play` reads it.
//!
//! The first byte picks the game (graph, Hackenbush, sum) and the player; the rest is split at
//! the first `|`: a graph's text, then its tokens (the first vertex when none); or pictures,
//! one a `|`-separated part; or the parts of a sum. A first byte of 128 or more builds one
//! large picture instead ([`large_picture`]: Arc Kayles or coloured Hackenbush, up to
//! [`MOST_EDGES`] edges from a byte each or a run of them), so that pictures past the 150 edges
//! and 200 vertices a drawing lays out are reached from inputs of a few bytes (issue 80: a
//! picture of 101 disjoint edges panicked).
#![no_main]

use grundy::play::parse_move;
use grundy::{draw, Game, Player};
use libfuzzer_sys::fuzz_target;

/// The most bytes a drawing holds: a bounded number of shapes, whatever the position.
const MAX_SVG: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else { return };
    let player = if head & 1 == 0 { Player::First } else { Player::Second };
    if head >= 128 {
        // Any bytes: each is a step, not text.
        let (name, picture) = large_picture(head, rest);
        let game: Game = name.parse().expect("a picture game");
        let Ok(position) = game.parse_position(&[picture.as_str()]) else { return };
        check(&game, &position, player);
        return;
    }
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (game, position) = match head / 2 % 3 {
        0 => {
            let (graph, tokens) = text.split_once('|').unwrap_or((text, ""));
            let Ok(game) = Game::graph("graph:fuzz.txt", graph) else { return };
            let first = game.as_graph().map(|g| g.name(0).to_string()).unwrap_or_default();
            let mut tokens: Vec<&str> = tokens.split_whitespace().take(60).collect();
            if tokens.is_empty() {
                tokens.push(&first);
            }
            let Ok(position) = game.parse_position(&tokens) else { return };
            (game, position)
        }
        1 => {
            let game: Game = "hackenbush".parse().expect("hackenbush");
            let pictures: Vec<&str> = text.split('|').take(12).collect();
            let Ok(position) = game.parse_position(&pictures) else { return };
            (game, position)
        }
        _ => {
            let game: Game = "sum".parse().expect("sum");
            let parts: Vec<&str> = text.split('|').take(12).collect();
            let Ok(position) = game.parse_position(&parts) else { return };
            (game, position)
        }
    };
    check(&game, &position, player);
});

/// The most edges of a picture [`large_picture`] builds: twice what a drawing shows.
const MOST_EDGES: usize = 300;

/// A picture of Arc Kayles (bit 1 of `head` clear) or of coloured Hackenbush (set) built from
/// `bytes`, one step a byte: the top two bits pick the step, the low six its number `k`. Step 0
/// adds k + 1 disjoint edges (Hackenbush: stalks of two edges, the ground's edge first); step 1
/// an edge from a new vertex to vertex k (mod the vertices so far); step 2 an edge between two
/// vertices there are; step 3 sets the colour of the edges after it (k mod 3: green, blue,
/// red; Hackenbush only). Bit 2 of `head` lists the edges at vertex 0 last (every stalk's
/// far edge first).
fn large_picture(head: u8, bytes: &[u8]) -> (&'static str, String) {
    let hackenbush = head & 2 != 0;
    // Vertex 0 is Hackenbush's ground: every edge reaches it.
    let mut vertices: u64 = u64::from(hackenbush);
    let mut colour = "";
    let mut edges: Vec<String> = vec![];
    for &b in bytes {
        let k = u64::from(b & 63);
        let mut add = |u: u64, v: u64, colour: &str| {
            if edges.len() < MOST_EDGES {
                edges.push(format!("{u}-{v}{colour}"));
            }
        };
        match b >> 6 {
            0 => {
                for _ in 0..=k {
                    if hackenbush {
                        add(0, vertices, colour);
                        add(vertices, vertices + 1, colour);
                    } else {
                        add(vertices, vertices + 1, colour);
                    }
                    vertices += 2;
                }
            }
            1 if vertices > 0 => {
                add(k % vertices, vertices, colour);
                vertices += 1;
            }
            2 if vertices > 1 => {
                let (u, v) = (k % vertices, (k * 7 + 3) % vertices);
                if u != v {
                    add(u.min(v), u.max(v), colour);
                }
            }
            3 if hackenbush => colour = [":g", ":b", ":r"][k as usize % 3],
            _ => {}
        }
        if edges.len() >= MOST_EDGES {
            break;
        }
    }
    if head & 4 != 0 {
        // The edges at vertex 0 last: Hackenbush's 150 drawn edges then hold up to 300 ends.
        edges.sort_by_key(|e| e.starts_with("0-"));
    }
    (if hackenbush { "hackenbush" } else { "arc-kayles" }, edges.join(","))
}

/// Draws `position` for `player`: no panic, a well-formed and bounded SVG, and every move it
/// offers drawn and legal.
fn check(game: &Game, position: &grundy::Position, player: Player) {
    let drawing = draw(game, position, player);
    let svg = &drawing.svg;
    assert!(svg.len() < MAX_SVG, "{} bytes", svg.len());
    let data_moves = well_formed(svg);
    for m in &data_moves {
        assert!(drawing.moves.contains(m), "data-move {m:?} is not offered");
    }
    for m in &drawing.moves {
        assert!(data_moves.contains(m), "move {m:?} is not drawn");
        if let Err(e) = parse_move(position, player, m) {
            panic!("data-move {m:?} is not a legal move: {e}");
        }
    }
}

/// Checks that `svg` is well-formed XML and returns its `data-move` values, unescaped.
fn well_formed(svg: &str) -> Vec<String> {
    let forbidden = |c: char| !(matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}'));
    assert!(!svg.contains(forbidden), "a character XML forbids: {:?}", svg.chars().find(|&c| forbidden(c)));
    let entities = |s: &str| {
        s.match_indices('&').all(|(i, _)| {
            ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].iter().any(|e| s.get(i..).is_some_and(|t| t.starts_with(e)))
        })
    };
    let unescape = |s: &str| {
        s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
    };
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"), "an SVG document");
    let mut stack: Vec<&str> = vec![];
    let mut moves = vec![];
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        assert!(!text.contains('>') && entities(text), "text {text:?}");
        let close = open + rest[open..].find('>').expect("a tag ends");
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "closing tag");
            continue;
        }
        let name = tag.split_whitespace().next().expect("a tag name");
        let mut attrs = tag[name.len()..].trim_end_matches('/').trim();
        while !attrs.is_empty() {
            let eq = attrs.find("=\"").expect("name=\"value\"");
            let key = attrs[..eq].trim();
            assert!(key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'), "attribute {key:?}");
            let end = eq + 2 + attrs[eq + 2..].find('"').expect("a closing quote");
            let value = &attrs[eq + 2..end];
            assert!(!value.contains('<') && entities(value), "attribute value {value:?}");
            if key == "data-move" {
                moves.push(unescape(value));
            }
            attrs = attrs[end + 1..].trim();
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    assert!(rest.is_empty() && stack.is_empty(), "every tag closed: {stack:?}");
    moves
}
