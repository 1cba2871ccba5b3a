//! `grundy verify` end to end through the built binary: exit statuses, the report, JSON, errors.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input: exit 2, one line on stderr naming the problem, nothing on stdout.
fn usage_error(args: &[&str], needle: &str) {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
    assert!(e.contains(needle), "{args:?}: {e}");
}

#[test]
fn holding_claims_exit_0() {
    let o = grundy(&["verify", "bouton", "misere", "kl-k-greater", "--max-heap", "5", "--max-heaps", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = stdout(&o);
    assert!(s.contains("bouton") && s.contains("Bouton (1901)") && s.contains("holds"), "{s}");
    assert!(!s.contains("FAILS"), "{s}");
}

/// The default run checks every classic claim: two of them are false as stated, which is what
/// the project expects, so the summary says so and the exit status is 0.
#[test]
fn the_claims_known_to_be_false_fail_as_expected_and_exit_0() {
    let o = grundy(&["verify"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    let s = stdout(&o);
    assert_eq!(s.matches("FAILS as expected").count(), 2, "{s}");
    assert!(
        s.contains(
            "\nSummary: 14 claims hold; 2 of the classic claims are false as stated, as expected: kl-small-heaps, kl-k-less (see the counterexamples above).\n"
        ),
        "{s}"
    );
    assert!(!s.contains("UNEXPECTED"), "{s}");
    assert!(s.contains("  known:      false as stated: read literally, max(x_1..x_n) < K contradicts"), "{s}");

    let o = grundy(&["verify", "bouton", "kl-k-less", "--max-heap", "4", "--max-heaps", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "Summary: 1 claim holds; 1 of the classic claims is false as stated, as expected: kl-k-less (see the counterexample above).\n"
        ),
        "{}",
        stdout(&o)
    );
}

/// A user's own failing guess is what makes the exit status 1.
#[test]
fn a_failing_guess_exits_1() {
    let o = grundy(&["verify", "--game", "bounded:2", "--sg", "n % 2"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("FAILS at n = 2"), "{}", stdout(&o));
}

#[test]
fn failing_claim_shows_its_smallest_counterexample() {
    let o = grundy(&["verify", "bouton", "kl-small-heaps", "--max-heap", "5", "--max-heaps", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stderr.is_empty());
    let s = stdout(&o);
    assert!(s.contains("FAILS"), "{s}");
    assert!(s.contains("position:   kl:1,2 1"), "{s}");
    assert!(s.contains("claim says: P1"), "{s}");
    assert!(s.contains("true:       P2"), "{s}");
    assert!(s.contains("see:        grundy analyze kl:1,2 1"), "{s}");
}

#[test]
fn json_report_shape() {
    let o =
        grundy(&["verify", "kl-k-less", "divisor", "--max-heap", "4", "--max-heaps", "2", "--max-n", "100", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["all_hold"], false);
    assert_eq!(v["all_as_expected"], true);
    assert_eq!(v["range"]["max_heap"], 4);
    let claims = v["claims"].as_array().unwrap();
    assert_eq!(claims.len(), 2);
    assert_eq!(claims[0]["name"], "kl-k-less");
    assert_eq!(claims[0]["source"], "the K-L-Nim problem");
    assert_eq!(claims[0]["holds"], false);
    assert_eq!(claims[0]["expected"], "false");
    assert!(claims[0]["expected_reason"].as_str().unwrap().contains("kl-k-less-after"));
    assert_eq!(claims[0]["as_expected"], true);
    assert_eq!(claims[0]["counterexample"]["game"], "kl:1,2");
    assert_eq!(claims[0]["counterexample"]["position"], serde_json::json!(["2"]));
    assert!(claims[0]["counterexample"]["claim_says"].as_str().unwrap().starts_with("P2"));
    assert_eq!(claims[1]["name"], "divisor");
    assert_eq!(claims[1]["holds"], true);
    assert_eq!(claims[1]["expected"], "holds");
    assert!(claims[1]["expected_reason"].is_null());
    assert_eq!(claims[1]["as_expected"], true);
    assert_eq!(claims[1]["checked"], 99);
    assert!(claims[1]["counterexample"].is_null());
}

#[test]
fn list_names_every_claim() {
    let o = grundy(&["verify", "--list"]);
    assert_eq!(o.status.code(), Some(0));
    let s = stdout(&o);
    for name in ["bouton", "winning-move", "kl-k-less-after", "divisor"] {
        assert!(s.contains(name), "{name}: {s}");
    }
    let o = grundy(&["verify", "--list", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 16);
}

#[test]
fn guesses_end_to_end() {
    let o = grundy(&["verify", "--game", "bounded:2", "--sg", "n % 4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("FAILS at n = 3: the guess gives 3, the true value is 0"), "{}", stdout(&o));

    let o = grundy(&["verify", "--game", "bounded:2", "--sg", "n % 4", "--json", "--upto", "20"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["mismatch"], serde_json::json!({"n": 3, "guess": 3, "true": 0}));
    assert_eq!(v["holds"], false);
    assert_eq!(v["kind"], "sg");

    let o = grundy(&["verify", "--game", "allbut:2", "--sg", "n / (2*K) * K + n % (2*K) - (n % (2*K) >= K) * K"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("holds for every n"));

    let o = grundy(&["verify", "--game", "bash:3", "--p-positions", "n % (M + 1) == 0", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["for_every_n"].clone(), v["kind"].clone()),
        (serde_json::json!(true), serde_json::json!("p-positions"))
    );

    let o = grundy(&["verify", "--game", "nim", "--p-positions", "n == 1", "--misere", "--upto", "30"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("holds for n = 0..30"), "{}", stdout(&o));
}

#[test]
fn bad_input_exits_2() {
    usage_error(&["verify", "no-such-claim"], "unknown claim 'no-such-claim'");
    usage_error(&["verify", "--max-heap", "0"], "--max-heap must be at least 1");
    usage_error(&["verify", "--max-heap", "x"], "--max-heap 'x' is not a number");
    usage_error(&["verify", "--max-heaps", "-2"], "negative");
    usage_error(&["verify", "--max-heap", "500", "--max-heaps", "9"], "lower --max-heap");
    usage_error(&["verify", "--max-n", "99999999"], "--max-n");
    usage_error(
        &["verify", "--game", "nim", "--sg", "n % (3"],
        "bad expression 'n % (3': expected ')' but found the end of the expression at column 7",
    );
    usage_error(&["verify", "--game", "nim", "--sg", "n # 2"], "unexpected character '#' at column 3");
    usage_error(&["verify", "--game", "nim", "--sg", "K"], "unknown name 'K'");
    usage_error(&["verify", "--game", "nim"], "--sg EXPR or --p-positions EXPR");
    usage_error(&["verify", "--game", "frob:2", "--sg", "n"], "unknown game 'frob:2'");
    usage_error(&["verify", "--game", "kl:1,2", "--sg", "n"], "partizan");
    usage_error(&["verify", "--game", "nim", "--sg", "n", "--upto", "99999999"], "--upto");
    usage_error(&["verify", "--sg", "n"], "--sg is for a guess and needs --game GAME");
    usage_error(&["verify", "bouton", "--upto", "5"], "--upto is for a guess and needs --game GAME");
    // A conflict clap finds is clap's own error: the problem, the usage and the help hint.
    let o = grundy(&["verify", "bouton", "--game", "nim", "--sg", "n"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let e = stderr(&o);
    assert!(e.contains("cannot be used with") && e.contains("Usage: grundy verify"), "{e}");
}

/// Guesses nested or chained too deeply for the stack are refused with the column, not a crash.
#[test]
fn deep_guesses_are_refused_not_a_stack_overflow() {
    let parens = format!("{}n{}", "(".repeat(10_000), ")".repeat(10_000));
    usage_error(
        &["verify", "--game", "nim", "--sg", &parens],
        "expression nested deeper than 200 levels at column 201",
    );
    let minuses = format!("{}n", "-".repeat(30_000));
    usage_error(
        &["verify", "--game", "nim", "--sg", &minuses],
        "expression nested deeper than 200 levels at column 201",
    );
    let sum = format!("n{}", "+n".repeat(30_000));
    usage_error(
        &["verify", "--game", "nim", "--sg", &sum],
        "expression is more than 1000 operators deep at column 2002",
    );
    // The deepest accepted chain runs through evaluation and the period proof.
    let o = grundy(&["verify", "--game", "nim", "--sg", &format!("n{}", "-n+n".repeat(499)), "--upto", "50"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("for every n"), "{}", stdout(&o));
}
