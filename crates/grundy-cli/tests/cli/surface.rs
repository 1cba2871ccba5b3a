//! What a user touches on the command line, through the built binary: clap's own errors and
//! help, the one list of games in every help text, `--json` errors, `--limit`, the
//! confirmations of `--plot` and `--store`, completions and the manual page.

use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-surface-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn clap_renders_its_own_errors_with_usage_and_suggestions() {
    // A required argument missing: clap names it, shows the usage and the help hint.
    for (args, missing) in [(&["analyze"][..], "<GAME>"), (&["play"][..], "<GAME>"), (&["sg", "kayles"][..], "--upto")]
    {
        let out = grundy(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains("the following required arguments were not provided:"), "{args:?}: {err}");
        assert!(err.contains(missing), "{args:?}: {err}");
        assert!(err.contains("Usage: grundy"), "{args:?}: {err}");
    }
    // A position is required too, by clap rather than the library.
    let err = text(&grundy(&["analyze", "nim"]).stderr);
    assert!(err.contains("<POSITION>..."), "{err}");
    // An unknown subcommand hints at --help; a misspelt flag gets a suggestion.
    let out = grundy(&["bogus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unrecognized subcommand 'bogus'"));
    assert!(text(&out.stderr).contains("try '--help'"), "{}", text(&out.stderr));
    let err = text(&grundy(&["analyze", "nim", "3", "--jsn"]).stderr);
    assert!(err.contains("a similar argument exists: '--json'"), "{err}");
}

#[test]
fn grundy_alone_lists_the_commands_and_help_has_help() {
    let out = grundy(&[]);
    assert_eq!(out.status.code(), Some(2));
    let all = text(&out.stdout) + &text(&out.stderr);
    for command in ["analyze", "sg", "play", "serve", "verify", "factor", "games", "completions", "man", "help"] {
        assert!(all.contains(&format!("\n  {command} ")), "{command} missing from:\n{all}");
    }
    let out = grundy(&["help", "--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Usage: grundy help"));
    let out = grundy(&["help", "analyze"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("Usage: grundy analyze"));
    let out = grundy(&["help", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no subcommand 'nosuch'"));
}

#[test]
fn every_help_text_lists_the_games_from_the_one_list() {
    for command in ["analyze", "play", "sg"] {
        let help = text(&grundy(&[command, "--help"]).stdout);
        for g in grundy::frontend::GAMES {
            let listed = help.lines().any(|l| l.trim_start().starts_with(&format!("{} ", g.spelling)));
            // sg computes the Grundy sequence of one ruleset: it lists exactly the heap rulesets.
            let expected = command != "sg" || g.heap_ruleset;
            assert_eq!(listed, expected, "grundy {command} --help and {}:\n{help}", g.spelling);
        }
    }
    let games = text(&grundy(&["games"]).stdout);
    for g in grundy::frontend::GAMES {
        assert!(games.contains(&format!("grundy analyze {} {}", g.example_game, g.example_position)));
    }
    let json: Value = serde_json::from_slice(&grundy(&["games", "--json"]).stdout).unwrap();
    assert_eq!(json.as_array().unwrap().len(), grundy::frontend::GAMES.len());
    assert_eq!(text(&grundy(&["games", "--markdown"]).stdout), grundy::frontend::markdown_table());
}

#[test]
fn refusals_say_what_is_allowed() {
    let out = grundy(&["sg", "kayles", "--upto", "10", "--threads", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("4 is not in 1..=2"), "{}", text(&out.stderr));
    let help = text(&grundy(&["sg", "--help"]).stdout);
    assert!(help.contains("1 (the default) or 2"), "{help}");
    // A game of its own joins a sum as GAME=TOKENS: the divisor game of 12 (exponents 2 and 1,
    // value 3) beside a Nim heap of 7.
    let out = grundy(&["analyze", "sum", "nim=7", "divisor=12"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Sprague-Grundy value: 4"), "{}", text(&out.stdout));
    let out = grundy(&["analyze", "sum", "nim=7", "sum=3"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("a sum inside a sum"), "{err}");
    let err = text(&grundy(&["sg", "divisor", "--upto", "3"]).stderr);
    assert!(err.contains("'divisor' is not one (heap rulesets: nim,"), "{err}");
}

/// The one JSON error object of `--json`, from stdout, and the exit status.
fn json_error(args: &[&str]) -> (Value, Option<i32>) {
    let out = grundy(args);
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr: {}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    (v, out.status.code())
}

#[test]
fn with_json_an_error_is_one_json_object() {
    let cases: &[(&[&str], &str, Option<&str>, &str)] = &[
        (&["analyze", "frob", "3", "--json"], "bad_input", Some("GAME"), "unknown game 'frob'"),
        (&["analyze", "nim", "x", "--json"], "bad_input", Some("POSITION"), "heap 1 'x' is not a number"),
        (&["analyze", "nim", "3", "--budget", "-1", "--json"], "bad_input", Some("--budget"), "is negative"),
        (
            &["analyze", "subtraction:1,2,3,100000000", "40", "50", "60", "--misere", "--budget", "100", "--json"],
            "gave_up",
            Some("--budget"),
            "rerun with --budget",
        ),
        (
            &["analyze", "nim", "3", "--jsn", "--json"],
            "unknown_argument",
            Some("--jsn"),
            "similar argument exists: '--json'",
        ),
        (&["analyze", "--json"], "missing_required_argument", Some("GAME POSITION"), "not provided: <GAME> <POSITION>"),
        (&["sg", "kayles", "--upto", "3", "--threads", "4", "--json"], "value_validation", Some("--threads"), "1..=2"),
        (&["sg", "kayles", "--upto", "x", "--json"], "bad_input", Some("--upto"), "is not a number"),
        (&["sg", "grundys-game", "--upto", "1000000000000", "--json"], "refused", None, "grundys-game"),
        (&["verify", "--game", "frob", "--sg", "n", "--json"], "bad_input", Some("--game"), "unknown game 'frob'"),
        (&["verify", "--max-heap", "x", "--json"], "bad_input", Some("--max-heap"), "is not a number"),
        (&["verify", "--game", "nim", "--sg", "n #", "--json"], "bad_input", Some("--sg"), "unexpected character"),
        (&["verify", "nosuch", "--json"], "bad_input", Some("CLAIMS"), "unknown claim 'nosuch'"),
        (&["sg", "nim", "--upto", "5", "--store", "/tmp/x", "--json"], "bad_input", Some("--store"), "--store is for"),
    ];
    for (args, kind, argument, needle) in cases {
        let (v, code) = json_error(args);
        assert_eq!(code, Some(2), "{args:?}");
        let e = &v["error"];
        assert_eq!(e["kind"], *kind, "{args:?}: {v}");
        if let Some(a) = argument {
            assert_eq!(e["argument"], *a, "{args:?}: {v}");
        }
        assert!(e["message"].as_str().unwrap().contains(needle), "{args:?}: {v}");
        assert!(!e["message"].as_str().unwrap().contains('\n'), "{args:?}: {v}");
    }
    // Without --json the same error stays one line on stderr.
    let out = grundy(&["analyze", "frob", "3"]);
    assert!(out.stdout.is_empty());
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn long_move_lists_are_limited_with_the_exact_count() {
    let out = text(&grundy(&["analyze", "kayles", "100000"]).stdout);
    // The moves one by one are the lines with the position after them (Kayles' own words:
    // "knock down 1 pin from row 1, ...").
    let one_by_one = |t: &str| t.lines().filter(|l| l.starts_with("  knock down ") && l.contains(" => ")).count();
    assert_eq!(one_by_one(&out), 20, "{out}");
    assert!(out.contains("winning moves (8338): 2 in families, 16 single"), "{out}");
    assert!(out.contains("  and 8318 more (--limit all lists them)"), "{out}");
    let all = text(&grundy(&["analyze", "kayles", "100000", "--limit", "all"]).stdout);
    assert_eq!(one_by_one(&all), 8338);
    assert!(!all.contains("more (--limit"));
    let none = text(&grundy(&["analyze", "kayles", "100000", "--limit", "0"]).stdout);
    assert_eq!(one_by_one(&none), 0);
    assert!(none.contains("the first moves one by one:\n  not listed (--limit all lists them)"), "{none}");
    // A short list is printed whole, with no "more" line.
    let short = text(&grundy(&["analyze", "nim", "7", "9", "12", "15", "--limit", "3"]).stdout);
    assert!(!short.contains("more"), "{short}");
    // JSON lists every move unless asked, and keeps the exact count either way.
    let v: Value = serde_json::from_slice(&grundy(&["analyze", "kayles", "100000", "--json"]).stdout).unwrap();
    assert_eq!((v["winning_move_count"].as_u64(), v["winning_moves"].as_array().unwrap().len()), (Some(8338), 8338));
    let v: Value =
        serde_json::from_slice(&grundy(&["analyze", "kayles", "100000", "--json", "--limit", "5"]).stdout).unwrap();
    assert_eq!((v["winning_move_count"].as_u64(), v["winning_moves"].as_array().unwrap().len()), (Some(8338), 5));
    let (v, _) = json_error(&["analyze", "nim", "3", "--limit", "some", "--json"]);
    assert_eq!(v["error"]["argument"], "--limit");
}

#[test]
fn plot_and_store_say_what_they_wrote() {
    let dir = scratch("confirm");
    let plot = dir.join("kayles.svg");
    let store = dir.join("store");
    let args = ["sg", "kayles", "--upto", "4095", "--summary", "--store", store.to_str().unwrap()];
    let out = grundy(&[&args[..], &["--plot", plot.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("wrote {} (4,096 values)", plot.display())), "{err}");
    assert!(err.contains(&format!("stored 4,096 values in {} (4,096 new)", store.display())), "{err}");
    // The counts are exact at the ends: one value, and 2^64 values (sampled) for the whole range.
    let one = dir.join("one.svg");
    let err = text(&grundy(&["sg", "kayles", "--upto", "0", "--plot", one.to_str().unwrap()]).stderr);
    assert!(err.contains("(1 value)"), "{err}");
    let all = dir.join("all.svg");
    let err = text(
        &grundy(&["sg", "kayles", "--upto", "18446744073709551615", "--summary", "--plot", all.to_str().unwrap()])
            .stderr,
    );
    assert!(err.contains("(18,446,744,073,709,551,616 values, sampled in each pixel column)"), "{err}");
    // A plot that cannot be written is refused before any work.
    for bad in [dir.join("no-such-folder").join("g.svg"), dir.clone().with_extension("svg")] {
        if bad.extension().is_some() && !bad.to_string_lossy().contains("no-such-folder") {
            std::fs::create_dir_all(&bad).unwrap();
        }
        let out = grundy(&["sg", "grundys-game", "--upto", "3000000", "--plot", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("--plot"), "{}", text(&out.stderr));
        // Before the work: no value was printed and no progress was shown.
        assert!(out.stdout.is_empty(), "refused only after the work: {}", text(&out.stdout));
        assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(dir.with_extension("svg"));
    let again = text(&grundy(&args).stderr);
    assert!(again.contains("resumed from 4,096 stored values"), "{again}");
    assert!(again.contains("nothing new to store"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn completions_and_the_manual_page_come_from_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = grundy(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for word in ["analyze", "misere", "upto", "completions"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
    let out = grundy(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid value 'tcsh'"));
    let man = text(&grundy(&["man"]).stdout);
    assert!(man.starts_with(".ie"), "{}", &man[..man.len().min(200)]);
    assert!(man.contains(".TH grundy 1"), "{man}");
    assert!(man.contains("analyze"));
    let man = text(&grundy(&["man", "analyze"]).stdout);
    assert!(man.contains(".TH grundy-analyze 1"), "{man}");
    assert!(man.contains("kayles"), "the game list is in the page");
    // man itself reads the page, where man is installed.
    if let Ok(out) = Command::new("man").arg("--version").output() {
        if out.status.success() {
            let dir = scratch("man");
            let page = dir.join("grundy.1");
            std::fs::write(&page, grundy(&["man"]).stdout).unwrap();
            let rendered = Command::new("man").arg("-P").arg("cat").arg(&page).output().unwrap();
            assert!(text(&rendered.stdout).contains("grundy"), "{}", text(&rendered.stderr));
        }
    }
}

#[test]
fn play_states_the_rules_of_the_game() {
    use std::io::Write;
    use std::process::Stdio;
    for (game, position) in [("bounded:3", "5"), ("kl:2,3", "4 5"), ("kayles", "6"), ("divisor", "12")] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["play", game])
            .args(position.split(' '))
            .args(["--seed", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
        let out = text(&child.wait_with_output().unwrap().stdout);
        let rules = game.parse::<grundy::Game>().unwrap().rules_sentence();
        assert!(out.contains(&format!("Rules: {rules}")), "{game}: {out}");
    }
}
