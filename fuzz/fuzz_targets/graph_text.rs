//! Text into `Game::geography` (the graph of `geography:FILE`, one edge `u v` a line): never a
//! panic; a graph that parses answers the position before the token is placed and each start,
//! and every position it parses writes back as tokens that parse to the same position.
#![no_main]

use grundy::{analyze, AnalyzeOptions, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::geography("fuzz", text) else {
        return;
    };
    let options = AnalyzeOptions { budget: 10_000, ..AnalyzeOptions::default() };
    for token in text.split_whitespace().take(4).chain(["-"]) {
        if let Ok(position) = game.parse_position(&[token]) {
            let back = game.position_tokens(&position);
            assert_eq!(game.parse_position(&back).expect("tokens read back"), position, "{token:?} -> {back:?}");
            let _ = analyze(&game, &position, &options);
        }
    }
});
