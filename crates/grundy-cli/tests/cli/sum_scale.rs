//! Sums and boards at sizes past what a person types (the fourth hostile pass, issue 80): a sum
//! of many parts is answered in memory linear in its parts, a small partizan game beside a big
//! Nim heap is answered by a search, and a board whose game graph no file could hold is refused
//! before the work.

use std::process::{Command, Output};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The binary run with `args` under a limit of `kib` KiB of virtual memory (`ulimit -v`), so
/// that a run that grows past it fails (an abort) where it would otherwise take the machine's.
fn grundy_within(kib: u64, args: &[String]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(r#"ulimit -v {kib} && exec "$0" "$@""#))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("sh runs")
}

/// `grundy analyze sum` of `n` copies of `part`.
fn sum_of(n: usize, part: &str, more: &[&str]) -> Vec<String> {
    let mut args = vec!["analyze".to_string(), "sum".to_string()];
    args.extend(std::iter::repeat_n(part.to_string(), n));
    args.extend(more.iter().map(|s| s.to_string()));
    args
}

/// Row 3: a sum of 10,000 Snort strips (and of Toppling Dominoes, Hackenbush, Konane, Arc Kayles
/// and Wythoff parts) is answered within 512 MiB: each winning move listed holds the whole
/// position after it, so the list is kept to a bounded count of numbers and the rest are
/// counted, where every one of the 30,000 moves copied the whole sum (2,000 parts took 1.25 GB).
#[test]
fn a_sum_of_ten_thousand_parts_is_answered_in_linear_memory() {
    for (part, n, value, moves) in [
        ("snort=..x.", 10_000, "Conway's value: 15000 ", "winning moves (30000):"),
        ("toppling-dominoes=bg", 10_000, "Conway's value: 5000 ", "winning moves (30000):"),
        ("hackenbush=0-1:b,1-2:r", 10_000, "Conway's value: 5000 ", "winning moves (10000):"),
        ("konane=xo..", 10_000, "Conway's value: 10000 ", "winning moves (10000):"),
        // Impartial parts: the nim-sum of 10,001 values 1 (or 2), each part's move a winning one.
        ("arc-kayles=0-1", 10_001, "Sprague-Grundy value: 1\n", "winning moves (10001):"),
        ("wythoff=1,1", 10_001, "Sprague-Grundy value: 2\n", "winning moves (10001):"),
    ] {
        let o = grundy_within(512 * 1024, &sum_of(n, part, &[]));
        let out = stdout(&o);
        assert!(o.status.success(), "{part}: {}{out}", stderr(&o));
        assert!(out.contains(value) && out.contains(moves), "{part}: {out}");
    }
}

/// Row 18: a small partizan game beside a big Nim heap is answered by comparing the game with
/// the nimbers, exactly, where it was refused naming `grundy value`, which ran for minutes: the
/// outcome class, and every winning move (the heap's as one family, at any size).
#[test]
fn a_partizan_game_beside_a_big_nim_heap_is_answered() {
    let args = |heap: &str| vec!["analyze".to_string(), "sum".into(), format!("nim={heap}"), "snort=..x.".into()];
    let mut all = args("1000");
    all.extend(["--limit".into(), "all".into()]);
    let o = grundy_within(1 << 20, &all);
    let out = stdout(&o);
    assert!(o.status.success(), "{}{out}", stderr(&o));
    assert!(out.contains("outcome: Left, to move, wins with best play"), "{out}");
    assert!(out.contains("{2|1} + *1000") && out.contains("outcome class L, mean 3/2, temperature 1/2"), "{out}");
    // Every move of the heap wins ({2|1} + *k >= 0), and the three of the strip.
    assert!(out.contains("winning moves (1003)"), "{out}");
    assert!(out.contains("in game 1 (nim): take 1 to 1000 from heap 1 (leaving 0 to 999; 1000 moves)"), "{out}");
    assert!(out.contains("in game 2 (snort): Left colours d1 blue"), "{out}");
    let o = grundy_within(1 << 20, &args("18446744073709551615"));
    let out = stdout(&o);
    assert!(o.status.success(), "{}{out}", stderr(&o));
    assert!(out.contains("winning moves (18446744073709551618)"), "{out}");
    // Right to move loses: {2|1} + *n >= 0.
    let mut second = args("1000");
    second.extend(["--to-move".into(), "second".into(), "--json".into()]);
    let o = grundy_within(1 << 20, &second);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(json["outcome"], "P", "{json}");
    assert_eq!(json["winning_move_count"], 0, "{json}");
    assert_eq!(json["conway"]["outcome"], "L", "{json}");
}
