//! A game from a small fixed list (the first byte) and tokens (the rest, split at spaces) into
//! `Game::parse_position`: never a panic, and a parsed position writes back as tokens
//! (`Game::position_tokens`) that parse to the same position.
#![no_main]

use grundy::Game;
use libfuzzer_sys::fuzz_target;

const GAMES: [&str; 14] = [
    "nim",
    "bounded:3",
    "bounded",
    "bash:4",
    "subtraction:1,3,5",
    "allbut:2",
    "kl:2,3",
    "divisor",
    "sum",
    "kayles",
    "octal:0.137",
    "hex:4.f1",
    "circle:kayles",
    "cutting",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Some(name) = GAMES.get(usize::from(pick) % GAMES.len()) else {
        return;
    };
    let game: Game = name.parse().expect("the fixed games parse");
    let tokens: Vec<&str> = if text.is_empty() { vec![] } else { text.split(' ').collect() };
    if let Ok(position) = game.parse_position(&tokens) {
        let back = game.position_tokens(&position);
        let again = game.parse_position(&back).unwrap_or_else(|e| panic!("{name} {text:?} -> {back:?}: {e}"));
        assert_eq!(again, position, "{name} {text:?} -> {back:?}");
    }
});
