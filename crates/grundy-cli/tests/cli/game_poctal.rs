//! Partizan octal games through the command line (issue 83, item 3): `grundy sg
//! poctal:LEFT:RIGHT --upto N` prints each heap's outcome class and Conway value as `psub`'s
//! table does; the period is proven for codes that never split a heap (the codes of a partizan
//! subtraction game give `psub`'s table row for row), and never claimed for codes that split.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// The text printed by a run that succeeds.
fn answered(args: &[&str]) -> String {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: exit {:?}: {}", o.status.code(), String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// The rows of a table: (heap, outcome, value).
fn rows(text: &str) -> Vec<(u64, String, String)> {
    text.lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let n = w.next()?.parse::<u64>().ok()?;
            Some((n, w.next()?.to_string(), w.collect::<Vec<_>>().join(" ")))
        })
        .collect()
}

/// poctal:0.33:0.303 is psub:1,2:1,3: the same rows, the same period and behaviour.
#[test]
fn the_codes_of_a_subtraction_game_give_its_table() {
    let octal = answered(&["sg", "poctal:0.33:0.303", "--upto", "12"]);
    let psub = answered(&["sg", "psub:1,2:1,3", "--upto", "12"]);
    assert_eq!(rows(&octal), rows(&psub), "{octal}");
    assert_eq!(rows(&octal).len(), 13);
    assert!(octal.starts_with("poctal:0.33:0.303: each heap's outcome and Conway value"), "{octal}");
    assert!(octal.contains("outcome period: 1 from n = 4, the block L; proven:"), "{octal}");
    assert!(octal.contains("behaviour: Left dominance"), "{octal}");
}

/// A code that splits heaps: the rows are the values' outcomes, the period is said plainly not
/// to be proven, `--at` past the rows is refused, and the JSON holds no period.
#[test]
fn splits_claim_no_period() {
    let text = answered(&["sg", "poctal:0.07:0.15", "--upto", "10"]);
    assert_eq!(rows(&text).len(), 11, "{text}");
    assert!(text.contains("outcome period: none proven (a move of poctal:0.07:0.15 may split a heap"), "{text}");
    assert!(!text.contains("behaviour:"), "{text}");
    for (n, outcome, _) in rows(&text).into_iter().take(6) {
        let value = answered(&["value", "poctal:0.07:0.15", &n.to_string()]);
        assert!(value.contains(&format!("outcome: {outcome} ")), "heap {n}: {value}");
    }
    let j: serde_json::Value =
        serde_json::from_str(&answered(&["sg", "poctal:0.07:0.15", "--upto", "10", "--json"])).unwrap();
    assert!(j["period"].is_null() && j["no_period"].as_str().unwrap().contains("split"), "{j}");
    let o = grundy(&["sg", "poctal:0.07:0.15", "--upto", "10", "--at", "100"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no period is proven"), "{err}");
}

/// A bad code is refused in one line naming it, exit 2.
#[test]
fn a_bad_code_is_refused() {
    let o = grundy(&["sg", "poctal:0.07:0.9", "--upto", "5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("Right's code '0.9'") && err.contains("'9'"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
