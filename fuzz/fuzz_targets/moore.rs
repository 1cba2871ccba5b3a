//! Moore's Nim_k with any K up to 2^64 - 1 (the first eight bytes) and a few heaps (the rest,
//! each of one or eight bytes): never a panic, under either convention, and every listed winning
//! move of a small position leaves a position the analysis calls lost.
#![no_main]

use grundy::play::check_move;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let (k, rest) = data.split_at(8);
    let k = u64::from_le_bytes(k.try_into().expect("eight bytes")).max(1);
    let (&shape, rest) = rest.split_first().expect("a byte");
    // Small heaps from single bytes, or huge ones from eight bytes each.
    let heaps: Vec<u64> = if shape % 2 == 0 {
        rest.iter().take(6).map(|&b| u64::from(b % 16)).collect()
    } else {
        rest.chunks(8).take(5).map(|c| c.iter().fold(0u64, |a, &b| a << 8 | u64::from(b))).collect()
    };
    if heaps.is_empty() {
        return;
    }
    let game: Game = format!("moore:{k}").parse().expect("moore:K parses for every K >= 1");
    let tokens: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let position = game.parse_position(&tokens.iter().map(String::as_str).collect::<Vec<_>>()).expect("heaps");
    let convention = if shape % 4 == 2 { Convention::Misere } else { Convention::Normal };
    let options = AnalyzeOptions { budget: 20_000, convention, ..AnalyzeOptions::default() };
    let Ok(a) = analyze(&game, &position, &options) else {
        return;
    };
    assert!(a.winning_move_count.is_none_or(|n| n >= a.winning_moves.len() as u128));
    if convention == Convention::Normal {
        for m in a.winning_moves.iter().take(8) {
            let next = check_move(&position, Player::First, &m.mv).expect("a listed move is legal");
            let after = analyze(&game, &next, &options).expect("the position a move leaves is answered");
            assert_eq!(after.outcome, Outcome::P, "moore:{k} {heaps:?}: {} does not win", m.text);
        }
    }
});
