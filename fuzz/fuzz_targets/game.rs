//! `str::parse::<Game>()` and `str::parse::<Ruleset>()` on any text: never a panic, and what
//! parses writes back (`Display`) as text that parses to an equal value and writes the same.
#![no_main]

use grundy::{Game, Ruleset};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = text.parse::<Game>() {
        let shown = game.to_string();
        let again: Game = shown.parse().unwrap_or_else(|e| panic!("{text:?} writes as {shown:?}, which fails: {e}"));
        assert_eq!(again, game, "{text:?} -> {shown:?}");
        assert_eq!(again.to_string(), shown);
    }
    if let Ok(ruleset) = text.parse::<Ruleset>() {
        let shown = ruleset.to_string();
        let again: Ruleset = shown.parse().unwrap_or_else(|e| panic!("{text:?} writes as {shown:?}, which fails: {e}"));
        assert_eq!(again, ruleset, "{text:?} -> {shown:?}");
        // Every ruleset is a game of heaps that all follow it.
        assert_eq!(shown.parse::<Game>().ok(), Some(Game::Heaps(ruleset)), "{shown:?}");
    }
});
