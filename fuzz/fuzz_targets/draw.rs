//! The drawing of games on graphs and of Hackenbush pictures (`grundy draw`, `POST /api/draw`):
//! bytes read as a graph's text and its tokens, or as pictures, or as a sum of pictures and
//! heaps, drawn as SVG with either player to move. Never a panic; the SVG is well-formed XML
//! (tags nest and close, attributes quoted, entities only, no character XML 1.0 forbids) and
//! bounded in size, and every move it offers is a legal move as `grundy play` reads it.
//!
//! The first byte picks the game (graph, Hackenbush, sum) and the player; the rest is split at
//! the first `|`: a graph's text, then its tokens (the first vertex when none); or pictures,
//! one a `|`-separated part; or the parts of a sum.
#![no_main]

use grundy::play::parse_move;
use grundy::{draw, Game, Player};
use libfuzzer_sys::fuzz_target;

/// The most bytes a drawing holds: a bounded number of shapes, whatever the position.
const MAX_SVG: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let player = if head & 1 == 0 { Player::First } else { Player::Second };
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
    let drawing = draw(&game, &position, player);
    let svg = &drawing.svg;
    assert!(svg.len() < MAX_SVG, "{} bytes", svg.len());
    let data_moves = well_formed(svg);
    for m in &data_moves {
        assert!(drawing.moves.contains(m), "data-move {m:?} is not offered");
    }
    for m in &drawing.moves {
        assert!(data_moves.contains(m), "move {m:?} is not drawn");
        if let Err(e) = parse_move(&position, player, m) {
            panic!("data-move {m:?} is not a legal move: {e}");
        }
    }
});

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
