//! `subtraction:` and the text after it (sizes and ranges such as `1..5,7`, `2..1000000000`)
//! read as a game: never a panic; what reads writes back as the same game; and a heap of up
//! to 40 (the first byte) is analysed within a small budget as the plain exhaustive solver
//! (`grundy::naive`) finds, or refused in one line.
#![no_main]

use grundy::naive::NaiveSolver;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&heap, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(game) = format!("subtraction:{text}").parse::<Game>() else {
        return;
    };
    let shown = game.to_string();
    let again: Game = shown.parse().unwrap_or_else(|e| panic!("{text:?} writes as {shown:?}, which fails: {e}"));
    assert_eq!(again, game, "{text:?} -> {shown:?}");
    let heap = (heap % 41).to_string();
    let Ok(position) = game.parse_position(&[heap.as_str()]) else {
        return;
    };
    let options = AnalyzeOptions { budget: 10_000, ..AnalyzeOptions::default() };
    match analyze(&game, &position, &options) {
        Ok(a) => {
            let wins = NaiveSolver::new().wins(&position, Convention::Normal, Player::First);
            assert_eq!(a.outcome == Outcome::N, wins, "{shown} heap {heap}: {:?}", a.outcome);
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{shown} heap {heap}: {e}"),
    }
});
