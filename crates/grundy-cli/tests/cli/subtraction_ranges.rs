//! `grundy analyze subtraction:L..R`: a range of a billion sizes answers a heap of 5 from six
//! values, a heap of 10^12 from the interval game's closed form, and a two-heap position of the
//! "take L to R stones" kind (AtCoder ABC 297G) as a plain win/lose search written here says.

use std::collections::HashMap;
use std::process::Command;

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = grundy(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// Whether the player to move wins the sum of heaps `a` and `b`, moves taking low..=high from
/// one heap, by the definition of P and N positions (no Sprague-Grundy values).
fn wins(a: u64, b: u64, low: u64, high: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    let key = (a.min(b), a.max(b));
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut w = false;
    for t in low..=high {
        if (t <= a && !wins(a - t, b, low, high, memo)) || (t <= b && !wins(a, b - t, low, high, memo)) {
            w = true;
            break;
        }
    }
    memo.insert(key, w);
    w
}

#[test]
fn a_heap_of_5_of_a_billion_sizes_is_answered_from_a_small_table() {
    let v = json(&["analyze", "subtraction:1..1000000000", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["sg"], 5);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([0]));
    let v = json(&["analyze", "subtraction:1000000000", "5"]);
    assert_eq!((v["outcome"].as_str(), v["sg"].as_u64()), (Some("P"), Some(0)));
}

#[test]
fn huge_heaps_of_an_interval_follow_its_closed_form() {
    let v = json(&["analyze", "subtraction:3..7", "1000000000000", "999999999999"]);
    // Period 10: 10^12 = 0 (mod 10) is worth 0; 999999999999 = 9 (mod 10) is worth floor(9/3) = 3.
    assert_eq!(v["heap_values"], serde_json::json!([0, 3]));
    assert_eq!((v["outcome"].as_str(), v["sg"].as_u64()), (Some("N"), Some(3)));
    // The one winning move leaves heap 2 worth 0: 999999999992 = 2 (mod 10), taking 7.
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([1000000000000u64, 999999999992u64]));
    let (code, out, _) = grundy(&["analyze", "subtraction:3..7", "1000000000000", "999999999999", "--explain"]);
    assert_eq!(code, 0);
    assert!(out.contains("floor((n mod 10) / 3)"), "{out}");
}

/// Two heaps, take L to R stones from one: the outcome and every winning move against the plain
/// search, for small L, R and heaps, through the command line.
#[test]
fn two_heaps_of_take_l_to_r_agree_with_plain_search() {
    for (low, high) in [(1, 3), (2, 5), (3, 3), (4, 9)] {
        let mut memo = HashMap::new();
        for (a, b) in [(0, 0), (5, 7), (9, 2), (13, 13), (17, 30), (25, 11), (31, 29)] {
            let game = format!("subtraction:{low}..{high}");
            let v = json(&["analyze", &game, &a.to_string(), &b.to_string()]);
            let w = wins(a, b, low, high, &mut memo);
            assert_eq!(v["outcome"], if w { "N" } else { "P" }, "{game} {a} {b}");
            let mut want: Vec<(u64, u64)> = vec![];
            for t in low..=high {
                if t <= a && !wins(a - t, b, low, high, &mut memo) {
                    want.push((a - t, b));
                }
                if t <= b && !wins(a, b - t, low, high, &mut memo) {
                    want.push((a, b - t));
                }
            }
            let mut got: Vec<(u64, u64)> = v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (m["result"][0].as_u64().unwrap(), m["result"][1].as_u64().unwrap()))
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{game} {a} {b}");
            assert_eq!(v["winning_move_count"], want.len(), "{game} {a} {b}");
        }
    }
}

#[test]
fn misere_intervals_agree_with_plain_search_and_huge_ones_answer() {
    // Misère: a heap with no move is won; otherwise won when some move leaves a lost heap.
    let (low, high) = (2u64, 5u64);
    let mut won: Vec<bool> = vec![];
    for n in 0..40u64 {
        let opts: Vec<bool> = (low..=high).filter(|&t| t <= n).map(|t| won[(n - t) as usize]).collect();
        won.push(opts.is_empty() || opts.iter().any(|&x| !x));
    }
    for n in 0..40u64 {
        let v = json(&["analyze", "subtraction:2..5", &n.to_string(), "--misere"]);
        assert_eq!(v["outcome"], if won[n as usize] { "N" } else { "P" }, "heap {n}");
    }
    let v = json(&["analyze", "subtraction:1..1000000000", "1000000000000", "--misere"]);
    // Lost exactly when n mod (L + R) lies in [L, 2L).
    let r = 1_000_000_000_000u128 % 1_000_000_001;
    assert_eq!(v["outcome"], if (1..2).contains(&r) { "P" } else { "N" });
}

#[test]
fn bad_ranges_are_refused_with_exit_2_naming_the_part() {
    for (set, part) in [("5..3", "5..3"), ("0..4", "0..4"), ("..", ".."), ("1..", "1..")] {
        let (code, _, err) = grundy(&["analyze", &format!("subtraction:{set}"), "5"]);
        assert_eq!(code, 2, "{set}: {err}");
        assert!(err.contains(&format!("'{part}'")), "{set}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{set}: {err}");
    }
}
