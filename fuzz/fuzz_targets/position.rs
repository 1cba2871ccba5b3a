//! A game of the catalogue (the first byte picks it) and tokens (the rest, split at spaces) into
//! `Game::parse_position`: never a panic, and a parsed position writes back as tokens
//! (`Game::position_tokens`) that parse to the same position.
#![no_main]

use grundy::Game;
use libfuzzer_sys::fuzz_target;

/// Games beyond the catalogue's examples, with parameters the examples do not show.
const MORE: [&str; 6] = ["bounded:3", "subtraction:1,3,5", "allbut:2", "kl:2,3", "octal:0.137", "hex:4.f1"];

/// Every game of the catalogue (its example) and the ones above: a game added to the catalogue
/// is fuzzed without a change here.
fn games() -> Vec<Game> {
    let examples = grundy::frontend::GAMES.iter().map(|g| Game::example_of(g).expect("the catalogue's examples parse"));
    examples.chain(MORE.iter().map(|g| g.parse().expect("the fixed games parse"))).collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let games = games();
    let Some(game) = games.get(usize::from(pick) % games.len()) else {
        return;
    };
    let name = game.to_string();
    let tokens: Vec<&str> = if text.is_empty() { vec![] } else { text.split(' ').collect() };
    if let Ok(position) = game.parse_position(&tokens) {
        let back = game.position_tokens(&position);
        let again = game.parse_position(&back).unwrap_or_else(|e| panic!("{name} {text:?} -> {back:?}: {e}"));
        assert_eq!(again, position, "{name} {text:?} -> {back:?}");
    }
});
