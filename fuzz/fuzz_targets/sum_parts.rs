//! A sum of many games: the first two bytes say how many parts (up to 4,096), the rest is the
//! parts' tokens (`snort=..x. nim=3 ...`, split at spaces), repeated until there are that many,
//! analysed under the convention the third byte picks, for each player to move. Never a panic,
//! and an answer or a one-line refusal within libFuzzer's memory and time limits: a sum of
//! 2,000 Snort boards once held 1.25 GB (each winning move a copy of the whole sum), past the
//! 2 GB limit at 4,000.
#![no_main]

use grundy::{analyze, AnalyzeOptions, Convention, Game, Player};
use libfuzzer_sys::fuzz_target;

/// The most parts a sum is given: a few times a judge's largest input of small games.
const MOST_PARTS: usize = 4_096;

fuzz_target!(|data: &[u8]| {
    let [high, low, pick, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let tokens: Vec<&str> = text.split(' ').filter(|t| !t.is_empty()).collect();
    if tokens.is_empty() {
        return;
    }
    let count = (usize::from(*high) << 8 | usize::from(*low)) % MOST_PARTS + 1;
    let parts: Vec<&str> = tokens.iter().copied().cycle().take(count.max(tokens.len())).collect();
    let game: Game = "sum".parse().expect("the sum of games is a game");
    let Ok(position) = game.parse_position(&parts) else {
        return;
    };
    let convention = [Convention::Normal, Convention::Misere, Convention::Every][usize::from(*pick) % 3];
    for to_move in [Player::First, Player::Second] {
        // A small budget, as a judge's stress test runs thousands of positions.
        let options = AnalyzeOptions { convention, to_move, budget: 20_000, ..AnalyzeOptions::default() };
        match analyze(&game, &position, &options) {
            Ok(a) => {
                let listed = a.winning_moves.len() as u128;
                assert!(a.winning_move_count.is_none_or(|n| n >= listed), "{text:?} x{count}: {listed} listed");
            }
            Err(e) => assert!(!e.to_string().contains('\n'), "{text:?} x{count}: {e}"),
        }
    }
});
