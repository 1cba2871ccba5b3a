//! Every piece of work reachable from input is bounded: the inputs that once ran for minutes,
//! exhausted memory or overflowed the stack now answer, or are refused at once with what the
//! work would take. Each test runs the real binary under a watchdog; the watchdog only catches
//! a hang (its limit is far above the expected time), it claims no speed.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the binary did: exit status, standard output and error.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `grundy ARGS` with `stdin` as its input, killing it after `limit`.
fn run_with(args: &[String], stdin: &str, limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("stdin written");
    drop(input);
    // Read both pipes while the program runs, so that a long output cannot fill a pipe and
    // stall it.
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out_pipe.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {} ran past {limit:?}: the work is not bounded", summary(args));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stdout: out_reader.join().expect("stdout read"),
        stderr: err_reader.join().expect("stderr read"),
    }
}

/// The watchdog: far above any expected time (the tests run unoptimised binaries on a shared
/// machine), far below "minutes".
const WATCHDOG: Duration = Duration::from_secs(60);

fn run(args: &[String]) -> Run {
    run_with(args, "", WATCHDOG)
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// The first words of a command, for messages (some arguments are thousands of characters).
fn summary(args: &[String]) -> String {
    args.iter().take(3).map(|a| a.chars().take(40).collect::<String>()).collect::<Vec<_>>().join(" ")
}

/// A refusal: exit status 2 and one line on standard error containing each of `words`.
fn assert_refused(r: &Run, words: &[&str]) {
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(r.stderr.trim_end().lines().count(), 1, "one line: {}", r.stderr);
    for w in words {
        assert!(r.stderr.contains(w), "{w:?} in {}", r.stderr);
    }
    assert_no_unholdable_budget(&r.stderr);
}

/// No message suggests a budget past the largest any computation here can hold.
fn assert_no_unholdable_budget(text: &str) {
    for (i, _) in text.match_indices("--budget ") {
        // Only suggestions count ("rerun with --budget N", "e.g. --budget N", "at most --budget
        // N"), not the user's own budget quoted back.
        let before = &text[..i];
        if !(before.ends_with("with ") || before.ends_with("e.g. ") || before.ends_with("most ")) {
            continue;
        }
        let n: String = text[i + 9..].chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = n.parse::<u64>() {
            assert!(n <= grundy::frontend::MAX_BUDGET, "suggests --budget {n}: {text}");
        }
    }
}

#[test]
fn the_computer_moves_at_once_in_a_lost_divisor_game_of_two_large_primes() {
    // n = 1000000007 * 1000000009: the computer, to move, is lost and holds out longest. Its
    // move was once found by listing every k in 2..=n.
    let r = run_with(&args(&["play", "divisor", "1000000016000000063", "--computer-first"]), "quit\n", WATCHDOG);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("computer: divide by 1000000007"), "{}", r.stdout);
    assert!(r.stdout.contains("holds out longest"), "{}", r.stdout);
    // Misère, a prime: the computer's only move ends the game and loses it.
    let r = run_with(&args(&["play", "divisor", "100000000003", "--computer-first", "--misere"]), "", WATCHDOG);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("You win"), "{}", r.stdout);
}

#[test]
fn budgets_past_what_the_machine_holds_are_refused_at_once() {
    for words in [
        &["analyze", "kayles", "999999999999999998", "--budget", "1000000000000000001"][..],
        &["analyze", "subtraction:4294967295", "5000000000", "--budget", "18446744073709551615"],
        &["sg", "subtraction:4294967295", "--upto", "5000000000", "--budget", "18446744073709551615"],
    ] {
        let r = run(&args(words));
        assert_refused(&r, &["budget", "GiB"]);
    }
    // The largest budget is accepted, and a heap with 10^17 winning moves lists them as
    // families at once.
    let r =
        run(&args(&["analyze", "kayles", "999999999999999998", "--budget", &grundy::frontend::MAX_BUDGET.to_string()]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("(mod 12)") && r.stdout.contains("in families"), "{}", r.stdout);
    assert_no_unholdable_budget(&r.stdout);
    // A subtraction table past the memory limit is refused by what it would need; a heap
    // below the largest size is answered from its own table.
    let r = run(&args(&["analyze", "subtraction:4294967293,4294967295", "5000000000"]));
    assert_refused(&r, &["past the"]);
    let r = run(&args(&["analyze", "subtraction:4294967293,4294967295", "5"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("Sprague-Grundy value: 0"), "{}", r.stdout);
    // One size s is the interval s..s: its closed form, floor((n mod 2s) / s), needs no table.
    let r = run(&args(&["analyze", "subtraction:4294967295", "5000000000"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("Sprague-Grundy value: 1"), "{}", r.stdout);
}

#[test]
fn grundys_game_past_its_budget_is_refused_at_once_with_what_it_takes() {
    let r = run(&args(&["analyze", "grundys-game", "1000000000"]));
    assert_refused(&r, &["GiB", "roughly", "grundy sg grundys-game --upto 1000000000 --store DIR"]);
    let r = run(&args(&["sg", "grundys-game", "--upto", "10", "--at", "1000000000000000000"]));
    assert_refused(&r, &["no theorem proves a period", "TiB"]);
    let r = run(&args(&["sg", "grundys-game", "--upto", "18446744073709551615", "--summary"]));
    assert_refused(&r, &["no theorem proves a period"]);
}

#[test]
fn octal_codes_of_many_digits_answer_small_heaps_and_refuse_huge_ones() {
    let sevens = |k: usize| format!("octal:0.{}", "7".repeat(k));
    let r = run(&args(&["analyze", &sevens(20), "30"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("winning moves"), "{}", r.stdout);
    let r = run(&args(&["analyze", &sevens(255), "30"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(&args(&["analyze", &sevens(255), "3000000"]));
    assert_refused(&r, &["is not known", "a table of 3000001 values", "--store DIR"]);
    // A million values: the forecast (2 to 15 minutes for 100,000 on a loaded machine, against
    // the two-minute limit) is then far past the limit whatever the build or the load.
    let r = run(&args(&["sg", &sevens(255), "--upto", "1000000"]));
    assert_refused(&r, &["forecast", "--store DIR"]);
}

#[test]
fn three_heap_codes_of_many_digits_are_forecast_and_refused() {
    let code = format!("hex:0.{}", "f".repeat(255));
    // 60,000 values: at least quadratic in the plain method, the forecast is far past the limit
    // whatever the build or the machine's load.
    let r = run(&args(&["sg", &code, "--upto", "60000"]));
    assert_refused(&r, &["forecast", "--store DIR"]);
}

#[test]
fn all_but_games_of_many_sizes_are_refused_at_once() {
    let sizes: Vec<String> = (0..20_000).map(|i| (2 * i + 1).to_string()).collect();
    let game = format!("allbut:{}", sizes.join(","));
    let r = run(&args(&["analyze", &game, "1000000"]));
    assert_refused(&r, &["20000 sizes", "steps"]);
    let r = run(&args(&["sg", &game, "--upto", "1000000"]));
    assert_refused(&r, &["20000 sizes"]);
    // A table that holds the heaps asked about answers them (up to 5 only even sizes may be
    // taken: G = 0 0 1 1 2 2 by the mex).
    let r = run(&args(&["sg", &game, "--upto", "5"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("0: 0 0 1 1 2 2\n"), "{}", &r.stdout[r.stdout.len().saturating_sub(200)..]);
    // Fewer sizes are answered.
    let sizes: Vec<String> = (0..2_000).map(|i| (2 * i + 1).to_string()).collect();
    let r = run(&args(&["analyze", &format!("allbut:{}", sizes.join(",")), "1000000"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn a_hundred_thousand_nim_heaps_are_analysed_in_linear_space() {
    let heaps: Vec<String> = (1..=100_000).map(|h: u64| h.to_string()).collect();
    for flags in [&["--json"][..], &["--explain"], &["--misere"], &["--misere", "--json", "--explain"]] {
        let mut a = args(&["analyze", "nim"]);
        a.extend(heaps.iter().cloned());
        a.extend(args(flags));
        let r = run(&a);
        assert_eq!(r.code, Some(0), "{flags:?}: {}", r.stderr);
        // Listing every winning move with the whole position after it would take 50,000 x
        // 100,000 numbers; the output stays within a small multiple of the input (each listed
        // move gives the position after it twice: its numbers, `result`, and its tokens,
        // `leaves`).
        assert!(r.stdout.len() < 60_000_000, "{flags:?}: {} bytes", r.stdout.len());
        assert!(r.stdout.contains("the families give every one"), "{flags:?}: the rest are counted");
        if flags.contains(&"--json") {
            let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
            // 1 ^ 2 ^ ... ^ 100000 = 100000 (n = 0 mod 4 gives n).
            if !flags.contains(&"--misere") {
                assert_eq!(v["sg"], 100_000);
            }
            assert_eq!(v["outcome"], "N");
        }
    }
}

#[test]
fn misere_searches_of_many_large_heaps_are_held_to_memory() {
    // 200 heaps under misère play: each state holds 200 heaps, and each position has
    // thousands of moves; the search once grew to 8 GB and ran on. (Kayles is now answered by
    // its misère quotient; Dawson's Kayles past what its quotient covers is searched.)
    let mut a = args(&["analyze", "dawsons-kayles"]);
    a.extend((1..=200).map(|h: u64| h.to_string()));
    a.push("--misere".into());
    let r = run(&a);
    // Their total passes what any search here holds, so it is refused before it starts.
    assert_refused(&r, &["not searched", "positions"]);
}

#[test]
fn summaries_of_values_growing_without_bound_are_refused_at_once_with_no_budget_to_try() {
    for words in [
        &["sg", "nim", "--upto", "18446744073709551615", "--summary"][..],
        &["sg", "nim", "--upto", "2000000", "--summary", "--budget", "3000000"],
        &["sg", "allbut:2,5", "--upto", "100000000000", "--summary"],
    ] {
        let r = run(&args(words));
        assert_refused(&r, &["more than 1048576 distinct values"]);
        assert!(!r.stderr.contains("--budget"), "{words:?}: {}", r.stderr);
    }
    // A summary within the limit still counts exactly.
    let r = run(&args(&["sg", "nim", "--upto", "1000", "--summary"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("1000: 1"), "{}", r.stdout);
}
