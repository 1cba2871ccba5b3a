//! Partizan octal games, `poctal:LEFT:RIGHT` (Fraenkel and Kotzig's partizan octal games): the
//! library's Conway value of every list of one to three heaps, on fourteen pairs of codes (most
//! of them splitting heaps), against the game built here from the codes' digits alone
//! (`conway/`'s plain definitions); the codes of a partizan subtraction game (a 3 at each size
//! taken) give `psub`'s values heap by heap; equal codes are the impartial octal game; bad
//! spellings and moves outside the mover's code are refused in one line.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use std::collections::HashMap;

use conway::{board, check_against, value_in, value_text, Plain};
use grundy::play::{check_move, parse_move};
use grundy::rules::board::machinery::value::BoardValues;
use grundy::values::partizan::GameStore;
use grundy::{analyze, AnalyzeOptions, Game, Player};

/// The digits of a code written `D.DDD` (octal) or `hex:D.DDD`: index t the digit for taking t.
fn digits(code: &str) -> Vec<u8> {
    let (radix, code) = code.strip_prefix("hex:").map_or((8, code), |c| (16, c));
    code.chars().filter(|&c| c != '.').map(|c| c.to_digit(radix).unwrap() as u8).collect()
}

/// The heaps a move by `code` may leave of a heap of `n`, from the digits alone: for each t
/// with digit d, bit 1 empties a heap of exactly t, bit 2 leaves n - t > 0 as one heap, bit 4
/// splits n - t into two non-empty heaps, bit 8 into three.
fn leaves(code: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for (t, &d) in code.iter().enumerate() {
        let t = t as u64;
        if d & 1 != 0 && t > 0 && n == t {
            out.push(vec![]);
        }
        if d & 2 != 0 && t > 0 && n > t {
            out.push(vec![n - t]);
        }
        if d & 4 != 0 && n >= t + 2 {
            let m = n - t;
            out.extend((1..=m / 2).map(|a| vec![a, m - a]));
        }
        if d & 8 != 0 && n >= t + 3 {
            let m = n - t;
            for a in 1..=m / 3 {
                out.extend((a..=(m - a) / 2).map(|b| vec![a, b, m - a - b]));
            }
        }
    }
    out
}

/// The game of the heaps `heaps` from the rule alone, each player's moves by their code,
/// memoised on the sorted heaps.
fn plain(codes: &[Vec<u8>; 2], heaps: &[u64], memo: &mut HashMap<Vec<u64>, Plain>) -> Plain {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(p) = memo.get(&key) {
        return p.clone();
    }
    let [left, right] = [0, 1].map(|p| {
        let mut out = vec![];
        for (i, &n) in key.iter().enumerate() {
            for parts in leaves(&codes[p], n) {
                let mut next: Vec<u64> = key.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
                next.extend(parts);
                out.push(plain(codes, &next, memo));
            }
        }
        out
    });
    let g = Plain::new(left, right);
    memo.insert(key, g.clone());
    g
}

/// The pairs of codes: subtraction only, splits for one or both players, whole heaps only
/// (digit 1), a split without taking (4.), Dawson's Kayles and Kayles against others, and
/// hexadecimal codes (`hex:0.8`: take 1 and leave three heaps; `hex:c.1`: split a heap in two or
/// three without taking).
const PAIRS: [(&str, &str); 16] = [
    ("0.07", "0.15"),
    ("0.77", "0.07"),
    ("0.6", "0.33"),
    ("4.0", "0.3"),
    ("0.137", "0.7"),
    ("0.1", "0.2"),
    ("0.52", "0.34"),
    ("0.04", "0.3"),
    ("0.16", "0.61"),
    ("0.333", "0.303"),
    ("0.7", "0.77"),
    ("0.14", "0.41"),
    ("4.1", "0.05"),
    ("0.26", "0.06"),
    ("hex:0.8", "0.7"),
    ("0.33", "hex:c.1"),
];

/// Every list of one heap up to 12, and of two or three heaps of 1 to 12 with at most 12 in
/// all: the library's value is the plain game's, and so is the outcome.
#[test]
fn values_are_the_plain_games_of_the_codes() {
    let mut lists: Vec<Vec<u64>> = (0..=12).map(|n| vec![n]).collect();
    for a in 1..=12u64 {
        for b in a..=12 - a {
            lists.push(vec![a, b]);
            for c in b..=(12 - a - b) {
                lists.push(vec![a, b, c]);
            }
        }
    }
    let mut checked = 0;
    for (l, r) in PAIRS {
        let name = format!("poctal:{l}:{r}");
        let b = board(&name);
        let codes = [digits(l), digits(r)];
        let mut memo = HashMap::new();
        let cases: Vec<(Vec<u64>, Plain)> = lists.iter().map(|h| (h.clone(), plain(&codes, h, &mut memo))).collect();
        checked += check_against(b.rules(), &cases);
    }
    assert_eq!(checked, PAIRS.len() * lists.len());
}

/// A partizan subtraction game is the partizan octal game with a 3 at each size its player
/// takes: heaps 0 to 40 have the same values.
#[test]
fn subtraction_codes_give_psubs_values() {
    for (psub, poctal) in [
        ("psub:1,2:1,3", "poctal:0.33:0.303"),
        ("psub:1,3:2,3", "poctal:0.303:0.033"),
        ("psub:1,6:2,3", "poctal:0.300003:0.033"),
        ("psub:2:1,4", "poctal:0.03:0.3003"),
    ] {
        // One store values both games, and equal games made by one store are one handle: the
        // values are compared as handles, not as their names (psub:1,3:2,3's pass a hundred
        // thousand characters, and writing them took 30 s of the test build's 31).
        let (a, b) = (board(psub), board(poctal));
        let mut store = GameStore::new();
        let (mut a_values, mut b_values) =
            (BoardValues::new(a.rules(), 1_000_000), BoardValues::new(b.rules(), 1_000_000));
        for n in 0..=40u64 {
            let heap = n.to_string();
            let x = value_in(&mut a_values, &mut store, a.rules(), &[&heap]);
            let y = value_in(&mut b_values, &mut store, b.rules(), &[&heap]);
            assert_eq!(x, y, "{poctal} heap {n}: {} against {}", short(&mut store, x), short(&mut store, y));
        }
        // The texts agree where they are short.
        assert_eq!(value_text(psub, &["12"]), value_text(poctal, &["12"]), "{poctal} heap 12");
    }
}

/// The first 200 characters of `v`'s name, for a failure's message.
fn short(store: &mut GameStore, v: grundy::values::partizan::GameValue) -> String {
    store.text(v).unwrap().chars().take(200).collect()
}

/// With the same code for both players the game is impartial, the octal game of that code:
/// each heap's value is the nimber of its Sprague-Grundy value.
#[test]
fn equal_codes_are_the_impartial_octal_game() {
    let game: Game = "poctal:0.07:0.07".parse().unwrap();
    assert!(game.is_impartial());
    let seq = grundy::SequenceBuilder::new(&"octal:0.07".parse().unwrap()).upto(20).build().unwrap();
    let mut store = GameStore::new();
    for n in 0..=20u64 {
        let text = value_text("poctal:0.07:0.07", &[&n.to_string()]);
        let nimber = store.nimber(seq.value(n).unwrap()).unwrap();
        assert_eq!(store.parse(&text).unwrap(), nimber, "heap {n}: {text}");
    }
}

/// A position is analysed with either player first, a split typed as `HEAP -> A B` is played,
/// and moves outside the mover's code are refused naming the code.
#[test]
fn moves_are_checked_against_the_movers_code() {
    let game: Game = "poctal:0.07:0.15".parse().unwrap();
    let pos = game.parse_position(&["5", "7"]).unwrap();
    let play = |text: &str, player: Player| -> Result<String, String> {
        let mv = parse_move(&pos, player, text).map_err(|e| e.to_string())?;
        let next = check_move(&pos, player, &mv).map_err(|e| e.to_string())?;
        Ok(game.position_tokens(&next).join(" "))
    };
    // Left (0.07) takes 2 and leaves one heap or two; Right (0.15) takes 1 only from a heap of 1,
    // and 2 only leaving two heaps or none.
    assert_eq!(play("2 -> 2 3", Player::First).unwrap(), "5 2 3");
    assert_eq!(play("2 -> 5", Player::First).unwrap(), "5 5");
    let e = play("2 1", Player::Second).unwrap_err();
    assert!(e.contains("Right's code 0.15 does not allow 7 -> 6"), "{e}");
    let e = play("2 -> 5", Player::Second).unwrap_err();
    assert!(e.contains("Right's code 0.15 does not allow 7 -> 5"), "{e}");
    assert_eq!(play("2 -> 2 3", Player::Second).unwrap(), "5 2 3");
    let e = play("2 -> 4 4", Player::First).unwrap_err();
    assert!(e.contains("cannot add objects"), "{e}");
    // A hexadecimal code's 8 leaves three heaps: Left (hex:0.8) takes 1 from 7 and leaves 1 + 2 + 3.
    let hex: Game = "poctal:hex:0.8:0.7".parse().unwrap();
    let seven = hex.parse_position(&["7"]).unwrap();
    let mv = parse_move(&seven, Player::First, "1 -> 1 2 3").unwrap();
    assert_eq!(hex.position_tokens(&check_move(&seven, Player::First, &mv).unwrap()).join(" "), "1 2 3");
    let e = parse_move(&seven, Player::Second, "1 -> 1 2 3").unwrap_err().to_string();
    assert!(e.contains("Right's code 0.7 does not allow 7 -> 1 + 2 + 3"), "{e}");
    for to_move in [Player::First, Player::Second] {
        let a = analyze(&game, &pos, &AnalyzeOptions { to_move, ..AnalyzeOptions::default() }).unwrap();
        assert!(a.conway.is_some_and(|c| c.value.is_some()), "{to_move}");
    }
}

/// Bad spellings are refused in one line naming the bad part.
#[test]
fn bad_spellings_are_refused_in_one_line() {
    let err = |s: &str| s.parse::<Game>().unwrap_err().to_string();
    assert!(err("poctal").contains("poctal:LEFT:RIGHT"), "{}", err("poctal"));
    assert!(err("poctal:0.07").contains("is not poctal:LEFT:RIGHT"), "{}", err("poctal:0.07"));
    let e = err("poctal:0.8:0.7");
    assert!(e.contains("Left's code '0.8'") && e.contains("'8'"), "{e}");
    let e = err("poctal:hex:0.g:0.7");
    assert!(e.contains("Left's code 'hex:0.g'") && e.contains("'g'"), "{e}");
    assert_eq!(board("poctal:hex:0.8:hex:0.F").rules().spelling(), "poctal:hex:0.8:hex:0.f");
    let e = err("poctal:0.07:3.1");
    assert!(e.contains("Right's code '3.1'") && e.contains("0 or 4"), "{e}");
    for s in ["poctal", "poctal:0.07", "poctal:0.8:0.7", "poctal:0.07:3.1"] {
        assert!(!err(s).contains('\n'), "{s}");
    }
}
