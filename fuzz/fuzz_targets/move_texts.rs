//! Staircase positions and sums of games (normal play and Every-SG) from the fuzzer's bytes
//! into `analyze`: never a panic, the count of winning moves is at least the moves listed, and
//! each move's text stays short: a staircase move names only the two steps it changes (never
//! the whole position), and a turn of a sum holds one short move per game.
#![no_main]

use grundy::{analyze, AnalyzeOptions, Convention, Game};
use libfuzzer_sys::fuzz_target;

/// Games of a sum, picked by a byte; each takes its tokens from the numbers that follow.
const PARTS: [&str; 6] = ["nim", "euclid", "wythoff", "kayles", "subtraction:2,5", "staircase"];

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    // Numbers of one to three bytes: small, so the positions have many steps or games.
    let numbers: Vec<u64> =
        rest.chunks(2).map(|c| c.iter().fold(0u64, |a, &b| a * 256 + u64::from(b)) % 5000).collect();
    let options = AnalyzeOptions { budget: 10_000, ..AnalyzeOptions::default() };
    if mode % 2 == 0 {
        // A staircase of many steps.
        let game: Game = "staircase".parse().expect("staircase");
        let tokens: Vec<String> = numbers.iter().map(u64::to_string).collect();
        let Ok(position) = game.parse_position(&tokens.iter().map(String::as_str).collect::<Vec<_>>()) else {
            return;
        };
        let Ok(a) = analyze(&game, &position, &options) else {
            return;
        };
        assert!(a.winning_move_count.is_none_or(|n| n >= a.winning_moves.len() as u128));
        for m in &a.winning_moves {
            assert!(m.text.len() < 200, "a staircase move's text holds {} bytes: {}", m.text.len(), m.text);
        }
        return;
    }
    // A sum: each game from a byte of the numbers, its tokens from the next one or two.
    let mut parts = vec![];
    let mut it = numbers.iter();
    while let Some(&pick) = it.next() {
        let name = PARTS[pick as usize % PARTS.len()];
        let a = it.next().copied().unwrap_or(1) % 50;
        let b = it.next().copied().unwrap_or(1) % 50;
        parts.push(match name {
            "euclid" | "wythoff" | "staircase" => format!("{name}={},{}", a.max(1), b.max(1)),
            _ => format!("{name}={a}"),
        });
    }
    let tokens: Vec<&str> = parts.iter().map(String::as_str).collect();
    let game: Game = "sum".parse().expect("sum");
    let Ok(position) = game.parse_position(&tokens) else {
        return;
    };
    let convention = if mode % 4 == 1 { Convention::Normal } else { Convention::Every };
    let options = AnalyzeOptions { convention, ..options };
    let Ok(a) = analyze(&game, &position, &options) else {
        return;
    };
    assert!(a.winning_move_count.is_none_or(|n| n >= a.winning_moves.len() as u128));
    for m in &a.winning_moves {
        assert!(
            m.text.len() <= 120 * parts.len().max(1),
            "a turn of {} games holds {} bytes: {}",
            parts.len(),
            m.text.len(),
            m.text
        );
    }
});
