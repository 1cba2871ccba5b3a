//! The file readers with byte-order marks: a graph file, a geography file and a Hackenbush
//! picture read the same with a byte-order mark at the start (as editors write it) as without,
//! and with marks anywhere between words as with spaces there. Never a panic, an error in one
//! line.
#![no_main]

use grundy::Game;
use libfuzzer_sys::fuzz_target;

const MARK: &str = "\u{FEFF}";

/// What reading gave: the game's own text back, or the error, in one line.
fn read(kind: u8, text: &str) -> Result<String, String> {
    let game = match kind % 3 {
        0 => Game::graph("graph", text).map(|g| g.as_graph().expect("a graph").to_text()),
        1 => Game::geography("fuzz", text).map(|g| format!("{g:?}")),
        _ => {
            let game: Game = "hackenbush".parse().expect("hackenbush");
            return game.parse_position(&[text]).map(|p| game.position_tokens(&p).join(" ")).map_err(|e| e.to_string());
        }
    };
    game.map_err(|e| e.to_string())
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if text.contains(MARK) {
        return;
    }
    let plain = read(kind, text);
    if let Err(e) = &plain {
        assert!(!e.contains('\n'), "{e}");
    }
    let marked = read(kind, &format!("{MARK}{text}"));
    match (&plain, &marked) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "a mark at the start changed what was read"),
        (Err(_), Err(_)) => {}
        _ => panic!("a mark at the start changed whether {text:?} reads: {plain:?} / {marked:?}"),
    }
    // Marks for the spaces between words (not inside a line's end or a comment's words).
    let spaced = text.replace(' ', MARK);
    let with_marks = read(kind, &spaced);
    if plain.is_ok() && !text.contains('#') {
        assert!(with_marks.is_ok(), "marks for spaces: {text:?} read, {spaced:?} did not: {with_marks:?}");
    }
});
