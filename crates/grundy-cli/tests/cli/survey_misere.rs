//! `grundy survey --misere`, the real binary: each code tame, wild with a proven finite
//! quotient, or unresolved at heap N, in words, as JSON lines (the library's lines, byte for
//! byte) and as Markdown tables; the store a rerun resumes from; shards; the refusals. Whether
//! each status is right is checked against exhaustive search and the published figures in
//! crates/grundy/tests/library/quotient_published.rs.

use std::path::PathBuf;
use std::process::{Command, Output};

use grundy::survey::DEFAULT_MISERE_SURVEY_WORK;
use grundy::survey::{classify_misere, MisereClass, MisereLine};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn lines(o: &Output) -> Vec<MisereLine> {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-survey-misere-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The codes 0.7, 0.71, ..., 0.77 at `--upto 60`, as the command prints them: every line is
/// the library's line for that code (the default work bound), in the pattern's order, and the
/// plain text is the lines' words.
#[test]
fn a_pattern_gets_the_librarys_lines_in_json_and_in_words() {
    let json = lines(&grundy(&["survey", "--misere", "0.7x", "--upto", "60", "--json"]));
    let codes: Vec<&str> = json.iter().map(|l| l.code.as_str()).collect();
    assert_eq!(codes, ["0.7", "0.71", "0.72", "0.73", "0.74", "0.75", "0.76", "0.77"]);
    let library: Vec<MisereLine> =
        codes.iter().map(|c| classify_misere(c, 60, DEFAULT_MISERE_SURVEY_WORK).unwrap()).collect();
    assert_eq!(json, library);
    use MisereClass::*;
    let classes: Vec<MisereClass> = json.iter().map(|l| l.class).collect();
    assert_eq!(classes, [Tame, Wild, Wild, Tame, Unresolved, Wild, Unresolved, Unresolved]);
    let o = grundy(&["survey", "--misere", "0.7x", "--upto", "60"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let words: Vec<String> = library.iter().map(ToString::to_string).collect();
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), words);
    assert!(words[5].starts_with("0.75: wild, with a finite quotient of 8 elements (P-portion of 2)"), "{}", words[5]);
    assert!(words[7].starts_with("0.77: unresolved at heap 60: wild"), "{}", words[7]);
}

#[test]
fn the_markdown_has_the_tame_wild_and_unresolved_tables() {
    let o = grundy(&["survey", "--misere", "0.75", "0.22", "kayles", "--upto", "40", "--markdown"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = stdout(&o);
    for heading in ["## Tame games", "## Wild games with a finite quotient", "## Unresolved games"] {
        assert!(md.contains(heading), "{md}");
    }
    assert!(md.contains("\n.22 | yes | 9 | 6 | 1 | 3\n"), "{md}");
    assert!(md.contains("\n.75 | 8 | 2 | 8 | 2 | 21 | 1 2 5\n"), "{md}");
    assert!(
        md.contains("\nkayles | 40 | no | 40 | 9 | n reached\n")
            || md.contains("\n.77 | 40 | no | 40 | 9 | n reached\n"),
        "{md}"
    );
}

/// The store keeps each finished code; a rerun reads them all back and prints the same lines;
/// shards of one survey cover it; a rerun with another work bound does not take the lines of
/// the first; a damaged file is named.
#[test]
fn a_rerun_with_the_store_resumes_and_shards_cover_the_survey() {
    let dir = temp_dir("store");
    let store = dir.to_str().unwrap();
    let args = ["survey", "--misere", "0.1x", "--upto", "30", "--work", "20000000", "--json"];
    let whole = lines(&grundy(&args));
    assert_eq!(whole.len(), 8);
    let mut shards = Vec::new();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let o = grundy(&[&args[..], &["--store", store, "--shard", &shard]].concat());
        assert!(stderr(&o).contains("0 from the store"), "{}", stderr(&o));
        shards.extend(lines(&o));
    }
    shards.sort_by(|a, b| a.code.cmp(&b.code));
    assert_eq!(shards, whole, "the shards are disjoint and cover the codes");
    let o = grundy(&[&args[..], &["--store", store]].concat());
    assert!(stderr(&o).contains("8 codes: 8 from the store, 0 classified"), "{}", stderr(&o));
    assert_eq!(lines(&o), whole);
    let o = grundy(&["survey", "--misere", "0.1x", "--upto", "30", "--work", "20000001", "--store", store]);
    assert!(stderr(&o).contains("8 codes: 0 from the store, 8 classified"), "{}", stderr(&o));
    let file = dir.join("survey-misere-0.11-upto-30-work-20000000.json");
    std::fs::write(&file, "{").unwrap();
    let o = grundy(&["survey", "--misere", "0.1x", "--upto", "30", "--work", "20000000", "--store", store]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("survey-misere-0.11-upto-30-work-20000000.json is damaged"), "{e}");
    assert!(e.contains("remove that file to classify 0.11 again"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_and_work_past_the_bounds_are_refused_up_front() {
    for (args, needle) in [
        (vec!["survey", "--misere", "0.9", "--upto", "10"], "0.9"),
        (vec!["survey", "--misere", "nim", "--upto", "10"], "take-and-break"),
        (vec!["survey", "--misere", "0.75", "--upto", "100001"], "--upto 100001 is past 100000"),
        (vec!["survey", "--misere", "0.75", "--upto", "10", "--work", "0"], "--work 0 allows no work"),
        (vec!["survey", "--misere", "0.75", "--upto", "10", "--work", "x"], "--work"),
        (vec!["survey", "--misere", "0.xxxx", "--upto", "10"], "--shard 1/5"),
    ] {
        let o = grundy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains(needle), "{args:?}: {e}");
    }
    // --work belongs to --misere.
    let o = grundy(&["survey", "0.75", "--upto", "10", "--work", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("it goes with --misere"), "{}", stderr(&o));
    // With --json the error is one JSON object on stdout.
    let o = grundy(&["survey", "--misere", "0.75", "--upto", "100001", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let e: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(e["error"]["argument"], "--upto", "{e}");
}
