//! Take or split (`take-or-split:K`; Lasker's Nim for K = 2): the closed forms of its module
//! (Theorems 1 and 2) and its table against the plain mex, the whole game against the
//! exhaustive solver on every small position under both conventions for K = 2, 3 and 4, the
//! samples of HDU 3032 and HDU 5795, heaps to 2^64 - 1, and bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::{check_move, parse_move};
use grundy::rules::board::numbers::take_or_split::{block_value, value_table, TakeOrSplit};
use grundy::{analyze, AnalyzeError, AnalyzeOptions, Convention, Game, Outcome, Player};

fn game(k: u64) -> Game {
    format!("take-or-split:{k}").parse().unwrap()
}

fn tokens(heaps: &[u64]) -> Vec<String> {
    heaps.iter().map(u64::to_string).collect()
}

/// One heap up to 12 and two heaps up to 7.
fn small_positions() -> impl Iterator<Item = Vec<String>> {
    let one = (0..=12u64).map(|a| tokens(&[a]));
    let two = (0..=7u64).flat_map(|a| (0..=7u64).map(move |b| tokens(&[a, b])));
    one.chain(two)
}

#[test]
fn every_small_position_agrees_with_exhaustive_search() {
    for k in [2, 3, 4] {
        for convention in [Convention::Normal, Convention::Misere] {
            let checked =
                common::assert_game_agrees_with_search(&format!("take-or-split:{k}"), small_positions(), convention);
            assert_eq!(checked, 13 + 64);
        }
    }
}

/// Every split of n into k non-empty heaps, parts from the smallest.
fn splits(n: u64, k: u64) -> Vec<Vec<u64>> {
    fn go(n: u64, k: u64, lo: u64, parts: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if k == 1 {
            if n >= lo {
                parts.push(n);
                out.push(parts.clone());
                parts.pop();
            }
            return;
        }
        let mut a = lo;
        while a * k <= n {
            parts.push(a);
            go(n - a, k - 1, a, parts, out);
            parts.pop();
            a += 1;
        }
    }
    let mut out = vec![];
    go(n, k, 1, &mut vec![], &mut out);
    out
}

/// g(0..=upto) by the plain mex over every take and every split, walked one by one.
fn plain_values(k: u64, upto: u64) -> Vec<u64> {
    let mut g: Vec<u64> = vec![];
    for n in 0..=upto {
        let mut seen: Vec<u64> = g.clone();
        seen.extend(splits(n, k).iter().map(|p| p.iter().fold(0, |a, &x| a ^ g[x as usize])));
        seen.sort_unstable();
        seen.dedup();
        g.push(seen.iter().enumerate().find(|(i, &v)| *i as u64 != v).map_or(seen.len() as u64, |(i, _)| i as u64));
    }
    g
}

#[test]
fn the_table_is_the_plain_mex() {
    for (k, upto) in [(2, 60), (3, 50), (4, 40), (5, 36), (6, 30), (7, 30), (8, 30)] {
        assert_eq!(value_table(k, upto, 1 << 30).unwrap(), plain_values(k, upto), "K = {k}");
    }
}

/// Theorems 1 and 2 against the table by the definition: K = 2 and 3 to a few thousand, K from
/// 4 to 8 to 2^(K+1) - 1 and a little past, where the closed form must stop.
#[test]
fn the_closed_forms_agree_with_the_table() {
    for (k, upto) in [(2u64, 4000u64), (3, 2500)] {
        let table = value_table(k, upto, 1 << 32).unwrap();
        for (n, &v) in table.iter().enumerate() {
            assert_eq!(u128::from(v), block_value(k, n as u64), "K = {k}, n = {n}");
        }
    }
    for k in 4..=8u64 {
        let limit = (1u64 << (k + 1)) - 1;
        let table = value_table(k, limit + 64, 1 << 32).unwrap();
        let game = TakeOrSplit::new(k).unwrap();
        for (n, &v) in table.iter().enumerate() {
            let n = n as u64;
            match game.closed_value(n) {
                Some(f) => assert_eq!(u128::from(v), f, "K = {k}, n = {n}"),
                None => assert!(n > limit, "K = {k}: no closed value at {n}"),
            }
        }
        // The rule stops at 2^(K+1): g(2^(K+1)) = 2^(K+1) + 1, not 2^(K+1) - 1.
        assert_eq!(table[limit as usize + 1], limit + 2, "K = {k}");
    }
}

/// HDU 3032 (Nim or not Nim?): Lasker's Nim. Alice moves first and wins "2 2 3"; Bob wins "3 3".
#[test]
fn hdu_3032_sample() {
    let lasker = game(2);
    for (heaps, alice_wins) in [(vec![2, 2, 3], true), (vec![3, 3], false)] {
        let p = lasker.parse_position(&tokens(&heaps)).unwrap();
        let a = analyze(&lasker, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome == Outcome::N, alice_wins, "{heaps:?}");
    }
}

/// HDU 5795 (A Simple Nim): splits into three heaps. "4 4": the second player wins; "1 2 4":
/// the first player wins.
#[test]
fn hdu_5795_sample() {
    let three = game(3);
    for (heaps, first_wins) in [(vec![4, 4], false), (vec![1, 2, 4], true)] {
        let p = three.parse_position(&tokens(&heaps)).unwrap();
        let a = analyze(&three, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome == Outcome::N, first_wins, "{heaps:?}");
    }
}

/// Past the exhaustive solver's reach the count is checked against every move walked one by
/// one (the values from the closed form or the table), and every listed move leaves a P-position.
#[test]
fn medium_positions_count_every_winning_move() {
    for (k, heaps) in [
        (2u64, vec![200u64, 77, 5]),
        (2, vec![1000, 999]),
        (3, vec![150, 41]),
        (3, vec![301]),
        (4, vec![60, 45]),
        (5, vec![90, 7, 3]),
    ] {
        let g = game(k);
        let p = g.parse_position(&tokens(&heaps)).unwrap();
        let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
        let largest = *heaps.iter().max().unwrap();
        let table = value_table(k, largest, 1 << 32).unwrap();
        let x = heaps.iter().fold(0, |a, &h| a ^ table[h as usize]);
        assert_eq!(a.sg, Some(x), "{k} {heaps:?}");
        let mut count = 0u128;
        for (i, &h) in heaps.iter().enumerate() {
            let t = x ^ table[h as usize];
            count += (0..h).filter(|&m| table[m as usize] == t).count() as u128;
            count +=
                splits(h, k).iter().filter(|s| s.iter().fold(0, |a, &y| a ^ table[y as usize]) == t).count() as u128;
            let _ = i;
        }
        assert_eq!(a.winning_move_count, Some(count), "{k} {heaps:?}");
        assert_eq!(a.winning_moves.len() as u128, count.min(10_000));
        for m in &a.winning_moves {
            let next = check_move(&p, Player::First, &m.mv).unwrap();
            assert_eq!(next.heaps(), m.result);
            let after = analyze(&g, &next, &AnalyzeOptions::default()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{k} {heaps:?}: {}", m.text);
        }
    }
}

#[test]
fn moves_are_listed_takes_first_then_splits_from_the_smallest_part() {
    // Lasker's Nim, 9 and 6: values 9 and 6, nim-sum 15; heap 1 must reach the value 6: take it
    // to 6, or split it into 1 + 8 (1 ⊕ 7) or 4 + 5 (3 ⊕ 5); heap 2 cannot reach 9.
    let g = game(2);
    let p = g.parse_position(&["9", "6"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        texts,
        ["take 3 from heap 1 (9 -> 6)", "split heap 1 into 1 + 8 (9 -> 1 8)", "split heap 1 into 4 + 5 (9 -> 4 5)"]
    );
    assert_eq!(a.winning_moves[1].mv.to_string(), "1 -> 1 8");
    assert_eq!((a.winning_moves[1].mv.heap, a.winning_moves[1].mv.width), (0, 1));
}

#[test]
fn huge_heaps_are_exact() {
    let max = u64::MAX.to_string();
    for k in [2u64, 3] {
        let g = game(k);
        for heaps in [
            vec![max.clone()],
            vec![max.clone(), "18446744073709551614".into()],
            vec!["1000000000000000000".into(), "123456789012345678".into(), "98765432109876543".into()],
        ] {
            let p = g.parse_position(&heaps).unwrap();
            let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
            let count = a.winning_move_count.unwrap();
            assert!(count >= a.winning_moves.len() as u128, "{k} {heaps:?}");
            assert_eq!(a.outcome == Outcome::N, count > 0, "{k} {heaps:?}");
            for m in a.winning_moves.iter().take(20) {
                let next = check_move(&p, Player::First, &m.mv).unwrap();
                let after = analyze(&g, &next, &AnalyzeOptions::default()).unwrap();
                assert_eq!(after.outcome, Outcome::P, "{k} {heaps:?}: {}", m.text);
            }
        }
        // A single heap of 2^64 - 1: value 2^64 for both (2^64 - 1 = -1 mod 4 and mod 8), past
        // u64, so the value is given in the note.
        let p = g.parse_position(&[max.as_str()]).unwrap();
        let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.sg, None);
        assert!(a.sg_note.as_deref().unwrap().starts_with("18446744073709551616"), "{:?}", a.sg_note);
    }
    // Lasker's Nim, 2^62 and 2^62 - 1 (values 2^62 - 1 and 2^62 + ... : nim-sum 2^63 - 1): the
    // splits of either heap that reach the other's value are many; the count is exact and the
    // list holds the first 10,000, in increasing first part.
    let g = game(2);
    let p = g.parse_position(&["4611686018427387904", "4611686018427387903"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.winning_move_count, Some(1 << 61));
    assert_eq!(a.winning_moves.len(), 10_000);
    assert!(
        a.winning_moves_not_listed.as_deref().unwrap().contains("the first 10000"),
        "{:?}",
        a.winning_moves_not_listed
    );
    for m in a.winning_moves.iter().step_by(997) {
        let next = check_move(&p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(&g, &next, &AnalyzeOptions::default()).unwrap().outcome, Outcome::P, "{}", m.text);
    }
    let firsts: Vec<u64> = a.winning_moves.iter().filter(|m| m.mv.to.len() == 2).map(|m| m.mv.to[0]).collect();
    assert!(firsts.windows(2).all(|w| w[0] < w[1]), "splits in increasing first part");
}

#[test]
fn k_four_and_up_past_the_closed_form_use_a_table_within_the_budget() {
    let g = game(4);
    let p = g.parse_position(&["100", "33"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    let table = value_table(4, 100, 1 << 32).unwrap();
    assert_eq!(a.sg, Some(table[100] ^ table[33]));
    assert_eq!(a.method, grundy::frontend::Method::Table);
    // Far past the table's reach: refused, saying what it would take.
    let p = g.parse_position(&["1000000000"]).unwrap();
    let e = analyze(&g, &p, &AnalyzeOptions::default()).unwrap_err();
    assert!(matches!(e, AnalyzeError::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("a proven closed form only up to heap 2^5 - 1 = 31"), "{e}");
    let p = g.parse_position(&["3000"]).unwrap();
    let e = analyze(&g, &p, &AnalyzeOptions::default()).unwrap_err();
    assert!(matches!(e, AnalyzeError::GaveUp(_)), "{e}");
    // Within the closed form of K = 63 and up every heap is answered.
    let g = game(100);
    let p = g.parse_position(&["18446744073709551615", "5"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.sg, Some(u64::MAX ^ 5));
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g = game(3);
    let p = g.parse_position(&["7", "4"]).unwrap();
    let read = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[7, 4]));
    let err = |t: &str| read(t).unwrap_err().to_string();
    assert_eq!(read("1 3").unwrap(), vec![4, 4]);
    assert_eq!(read("1 -> 1 2 4").unwrap(), vec![1, 2, 4, 4]);
    assert_eq!(read("split 1 into 1 2 4").unwrap(), vec![1, 2, 4, 4]);
    assert_eq!(read("split heap 2 into 2 1 1").unwrap(), vec![7, 2, 1, 1]);
    assert_eq!(read("take 4 from heap 2").unwrap(), vec![7, 0]);
    assert_eq!(err("split 1 into 1 2"), "a split leaves exactly 3 heaps, not 2");
    assert_eq!(err("split 1 into 1 2 5"), "heap 1: a split takes nothing, so its 3 heaps add up to 7, not 8");
    assert_eq!(err("1 -> 0 3 4"), "heap 1: a split leaves 3 non-empty heaps, not a heap of 0");
    assert_eq!(err("1 -> 3 4"), "a move takes from one heap (leaving it in place) or splits one heap into exactly 3 heaps; this leaves 3 heaps where there were 2");
    assert_eq!(err("split 3 into 1 1 1"), "there is no heap 3 (the heaps are numbered 1 to 2)");
    assert!(err("split 1 into 1 x 5").contains("'x' is not a number"));
    assert!(err("split").contains("split HEAP into"));
    assert!(err("1 8").contains("only 7"), "{}", err("1 8"));
    assert!(err("1..2 -> 3 3").contains("takes from one heap only"), "{}", err("1..2 -> 3 3"));
    let bad = |s: &str| s.parse::<Game>().unwrap_err().to_string();
    assert_eq!(
        bad("take-or-split:1"),
        "take-or-split:1: K must be at least 2 (a split leaves K non-empty heaps and takes nothing)"
    );
    assert_eq!(bad("take-or-split:x"), "K of take-or-split:K 'x' is not a number");
    assert_eq!(
        bad("take-or-split"),
        "game 'take-or-split' needs its parameter: take-or-split:K (e.g. take-or-split:2)"
    );
    assert!(bad("take-or-split:5000").contains("at most 1024"));
    assert!(bad("take-or-split:-2").contains("negative"));
    let perr = |t: &[&str]| g.parse_position(t).unwrap_err().to_string();
    assert!(perr(&["3", "x"]).contains("heap 2 'x' is not a number"), "{}", perr(&["3", "x"]));
    assert!(perr(&["18446744073709551616"]).contains("heap 1"));
    assert!(perr(&[]).contains("empty"));
}

/// A position of many heaps lists its winning moves within the room of a listing (each move is
/// listed with the whole position it leaves, so a take for each of thousands of heaps would
/// hold millions of numbers), and counts every one: 3,000 heaps below 10^9 have about 1,500
/// winning takes, of which the first 349 (2^20 numbers / 3,001) are listed.
#[test]
fn many_heaps_list_their_winning_moves_within_the_room() {
    let mut seed = 12345u64;
    let heaps: Vec<String> = (0..3000)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (1 + (seed >> 33) % 1_000_000_000).to_string()
        })
        .collect();
    let tokens: Vec<&str> = heaps.iter().map(String::as_str).collect();
    let g = game(2);
    let p = g.parse_position(&tokens).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    let room = (1usize << 20) / 3001;
    let count = a.winning_move_count.unwrap();
    assert!(count > room as u128, "{count} winning moves: the position must have more than the room");
    common::assert_listed_within_room(&g, &p, &a, room);
}
