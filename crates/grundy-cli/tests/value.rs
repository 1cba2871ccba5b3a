//! `grundy value`: Conway's value of a position or of a game written in Conway's notation, as
//! text and as JSON; names that read back as the same value; bad input and work past the limit
//! refused in one line, with advice that works when followed.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = grundy(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The values of Siegel's and Lessons in Play's examples: a number's temperature is -1/2^k
/// (Siegel, Combinatorial Game Theory, II.5), ±1 is hot at 1, {2|-1} has mean 1/2 and
/// temperature 3/2, ↑ + ↑ = ⇑ (Lessons in Play, ch. 5).
#[test]
fn values_of_texts_and_their_thermography() {
    let cases = [
        ("3/4", "3/4", "L", "3/4", "-1/4"),
        ("-3/8", "-3/8", "R", "-3/8", "-1/8"),
        ("2", "2", "L", "2", "-1"),
        ("±1", "±1", "N", "0", "1"),
        ("{2|-1}", "{2|-1}", "N", "1/2", "3/2"),
        ("^+^", "⇑", "L", "0", "0"),
        ("{0|*}", "↑", "L", "0", "0"),
        ("*+*", "0", "P", "0", "-1"),
    ];
    for (text, canonical, outcome, mean, temperature) in cases {
        let v = json(&["value", text]);
        assert_eq!(v["canonical"], canonical, "{text}");
        assert_eq!(v["outcome"], outcome, "{text}");
        assert_eq!(v["mean"], mean, "{text}");
        assert_eq!(v["temperature"], temperature, "{text}");
    }
}

/// A position's report has every field the issue names, and its canonical form, typed back to
/// `grundy value`, is the same game (same form, outcome, mean and temperature).
#[test]
fn a_positions_value_reads_back() {
    for args in [
        &["value", "kl:2,3", "4"][..],
        &["value", "kl:1,2", "3", "5"],
        &["value", "sum", "kl:1,2=5", "nim=3"],
        &["value", "nim", "3", "5"],
    ] {
        let v = json(args);
        for key in ["canonical", "outcome", "outcome_words", "mean", "temperature", "thermograph_svg"] {
            assert!(v[key].is_string(), "{args:?}: {key} in {v}");
        }
        assert!(v["stops"].as_array().is_some_and(|s| s.len() == 2 && s.iter().all(|x| x.is_string())), "{v}");
        let canonical = v["canonical"].as_str().unwrap();
        let back = json(&["value", canonical]);
        for key in ["canonical", "outcome", "mean", "temperature"] {
            assert_eq!(back[key], v[key], "{args:?}: {key}");
        }
    }
    let text = String::from_utf8(grundy(&["value", "nim", "3", "5"]).stdout).unwrap();
    assert!(text.contains("value: *6\n") && text.contains("outcome: N"), "{text}");
}

/// Bad text, a game with no value as a short game, and a bad flag: exit 2, one line naming the
/// bad part.
#[test]
fn bad_input_is_refused_in_one_line() {
    for (args, names) in [
        (&["value", "{1|"][..], "character"),
        (&["value", "kl:2,3", "x"], "heap 1"),
        (&["value", "1/3"], "1/3"),
        (&["value", "kl:2,3", "4", "--work", "0"], "--work"),
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
    }
}

/// Past its work limit, `grundy value` says so and names `--work`, with no number it does not
/// know to be enough (the need is not known before the work); the default limit answers.
#[test]
fn work_past_the_limit_names_the_flag() {
    let args = ["value", "sum", "kl:1,2=6", "kl:2,3=5", "nim=6"];
    let mut small = args.to_vec();
    small.extend(["--work", "300"]);
    let out = grundy(&small);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("more than 300 steps") && err.contains("--work raises the limit"), "{err}");
    assert!(!err.contains("rerun with"), "{err}");
    assert!(grundy(&args).status.success());
}

/// `--svg FILE` writes the thermograph: {2|-1}'s mast stands at its mean 1/2 from its
/// temperature 3/2 (Siegel, Combinatorial Game Theory, II.5), labelled so.
#[test]
fn the_thermograph_is_written_as_svg() {
    let dir = std::env::temp_dir().join(format!("grundy-value-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.svg");
    let out = grundy(&["value", "{2|-1}", "--svg", file.to_str().unwrap()]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("mean 1/2") && svg.contains("temperature 3/2"), "{svg}");
    let _ = std::fs::remove_dir_all(&dir);
    let out = grundy(&["value", "1", "--svg", "/nonexistent/dir/t.svg"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A position whose options alone pass the budget is refused before they are listed (a K-L-Nim
/// heap of 10^9 has 10^9 options): `grundy value` names the budget, and `grundy analyze` goes
/// on to the exact search, which refuses as it did before values were tried.
#[test]
fn options_past_the_budget_are_refused_before_they_are_listed() {
    for args in [&["value", "kl:2,3", "1000000000"][..], &["analyze", "kl:2,3", "1000000000"]] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("budget"), "{args:?}: {err}");
    }
}
