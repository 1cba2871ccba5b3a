//! Partizan subtraction games through the command line (issue 83, item 3): `grundy sg
//! psub:LEFT:RIGHT --upto N` prints each heap's outcome class and Conway value, the outcome
//! period with its proof and the behaviour it shows, the same in `--json`; `--at M` gives a
//! heap's outcome through the period; the flags of Grundy values' tables are refused.

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

/// psub:1,2:1,3, the issue's example: heaps 0..4 are P N L N L, and from heap 4 on every heap
/// is L, proven by the window of 3 outcomes at 4 seen again at 5: Left dominance.
#[test]
fn the_table_of_the_issue_example() {
    let text = answered(&["sg", "psub:1,2:1,3", "--upto", "10"]);
    let rows: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let n = w.next()?.parse::<u64>().ok()?;
            Some((n, w.next()?.to_string(), w.collect::<Vec<_>>().join(" ")))
        })
        .map(|(_, o, v)| (o, v))
        .collect();
    assert_eq!(rows.len(), 11, "{text}");
    let outcomes: String = rows.iter().map(|(o, _)| o.as_str()).collect();
    assert_eq!(outcomes, "PNLNLLLLLLL", "{text}");
    assert_eq!((rows[0].1.as_str(), rows[1].1.as_str(), rows[2].1.as_str()), ("0", "*", "↑"), "{text}");
    assert!(
        text.contains("outcome period: 1 from n = 4, the block L; proven: the outcomes of heaps 4..6 and 5..7 agree"),
        "{text}"
    );
    assert!(text.contains("behaviour: Left dominance"), "{text}");
    // Each value reads back: `grundy value` of the heap gives it.
    let value = answered(&["value", "psub:1,2:1,3", "10", "--value-only"]);
    assert!(value.lines().any(|l| l == format!("value: {}", rows[10].1)), "{value}\n{text}");
}

/// The JSON object: values, outcomes, the period with its block, behaviour and proof, and
/// `--at` a heap far past the table, through the period (psub:1,6:2,3: P L N R P N N N).
#[test]
fn json_and_a_heap_through_the_period() {
    let j: serde_json::Value =
        serde_json::from_str(&answered(&["sg", "psub:1,6:2,3", "--upto", "8", "--json", "--at", "1000000000003"]))
            .unwrap();
    assert_eq!(j["game"], "psub:1,6:2,3");
    assert_eq!(j["outcomes"], "PLNRPNNNP");
    assert_eq!(j["values"].as_array().map(Vec::len), Some(9));
    assert_eq!(j["values"][1], "1");
    let p = &j["period"];
    assert_eq!(
        (p["preperiod"].as_u64(), p["period"].as_u64(), p["block"].as_str()),
        (Some(0), Some(8), Some("PLNRPNNN"))
    );
    assert_eq!(p["behaviour"], "fairness");
    assert!(p["proof"].as_str().unwrap().starts_with("proven: the outcomes of heaps 0..5 and 8..13 agree"), "{j}");
    // 10^12 + 3 = 3 mod 8: R.
    assert_eq!(j["at"], serde_json::json!({"heap": 1_000_000_000_003u64, "outcome": "R"}));
}

/// The flags of Grundy values' tables are refused in one line, exit 2, as is a table past
/// the budget; a game of neither kind is still refused as before.
#[test]
fn refusals() {
    for flag in [&["--summary"][..], &["--misere"], &["--guess"], &["--plot", "x.svg"], &["--method", "naive"]] {
        let mut args = vec!["sg", "psub:1,2:1,3", "--upto", "10"];
        args.extend(flag);
        let o = grundy(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{flag:?}: {err}");
        assert!(err.contains(&format!("{} is for Grundy values' tables", flag[0])), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let o = grundy(&["sg", "psub:1,2:1,3", "--upto", "100", "--budget", "50"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--budget"), "{err}");
    let o = grundy(&["sg", "psub:1,x:2", "--upto", "5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.code() == Some(2) && err.contains("Left's set '1,x'"), "{err}");
}

/// Values too deep to name are not written, and do not stop the table: every heap's outcome
/// is given (psub:1,2:1,3's past 2,000 or so).
#[test]
fn values_too_deep_leave_the_outcomes() {
    let text = answered(&["sg", "psub:1,2:1,3", "--upto", "6000"]);
    let unwritten = text.lines().filter(|l| l.split_whitespace().nth(2) == Some("-")).count();
    assert!(unwritten > 0, "{:.300}", &text[text.len() - 600..]);
    // Heaps 4..=6000 are L (heap 2 too).
    assert_eq!(text.lines().filter(|l| l.split_whitespace().nth(1) == Some("L")).count(), 5998);
    assert!(text.contains("values marked - are not written"), "{:.300}", &text[text.len() - 600..]);
    assert!(text.contains("behaviour: Left dominance"));
}

/// A sum of heaps is analysed from its value, with every winning move, for either player first.
#[test]
fn analyze_a_sum() {
    let text = answered(&["analyze", "psub:1,2:1,3", "5", "7"]);
    assert!(text.contains("outcome: Left, to move, wins"), "{text}");
    assert!(text.contains("take 2 from heap 2 (7 -> 5)"), "{text}");
    let second = answered(&["analyze", "psub:1,2:1,3", "5", "7", "--to-move", "second"]);
    assert!(second.contains("winning moves: none"), "{second}");
}
