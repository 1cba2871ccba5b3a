//! Every budget grundy advises works when given: for each refusal of a corpus that names
//! `--budget N`, the same command with `--budget N` answers (exit 0, and advises nothing
//! more). Where the need is not known before the work, nothing is advised: never a budget of 0,
//! never "may be enough".

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// The budget advised by `text` (`--budget N`), if any.
fn advised(text: &str) -> Option<u64> {
    let rest = text.split("--budget ").nth(1)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// `args` with its `--budget` set to `budget` (added when absent).
fn with_budget(args: &[&str], budget: u64) -> Vec<String> {
    let mut out: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    match out.iter().position(|a| a == "--budget") {
        Some(i) => out[i + 1] = budget.to_string(),
        None => out.extend(["--budget".to_string(), budget.to_string()]),
    }
    out
}

#[test]
fn every_advised_budget_works_when_given() {
    // (command, the budget advised, or None where the need is not known before the work).
    // A subtraction game of one size s is the interval s..s, whose closed form answers every
    // heap (tests/cli/subtraction_ranges.rs): its table, which needed 3s values, is not advised.
    let cases: [(&[&str], Option<u64>); 12] = [
        // The table needs 101 values, and listing the winning moves then looks at 102 moves.
        (&["analyze", "kayles", "100", "--budget", "10"], Some(102)),
        (&["analyze", "octal:0.16", "100000", "--budget", "100"], Some(100_001)),
        // Heap 30 is now within the quotient an analysis computes (issue 51); 33 is searched.
        (&["analyze", "--misere", "dawsons-kayles", "33", "--budget", "100"], Some(53_963)),
        (&["analyze", "--misere", "kl:2,3", "5", "6", "--budget", "1"], Some(84)),
        (&["analyze", "cutting", "7x9", "--budget", "10"], Some(248)),
        (&["sg", "grundys-game", "--upto", "20000", "--budget", "1000"], Some(20_001)),
        (&["graph", "export", "kayles", "12", "--budget", "100"], Some(4096)),
        // Needs not known before the work: nothing advised.
        (&["analyze", "subtraction:100000,7", "5000", "--budget", "1000"], None),
        (&["analyze", "subtraction:18446744073709551615,3", "18446744073709551615"], None),
        (&["analyze", "fibonacci-nim", "100", "--budget", "0"], None),
        (&["analyze", "multiple:3", "10", "--budget", "0"], None),
        (&["analyze", "moore:2", "7", "8", "9", "--misere", "--budget", "10"], None),
    ];
    for (args, expected) in cases {
        let out = grundy(args);
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(!text.contains("may be enough") && !text.contains("--budget 0"), "{args:?}: {text}");
        assert_eq!(advised(&text), expected, "{args:?}: {text}");
        assert_eq!(out.status.code(), Some(2), "{args:?} is refused: {text}");
        let Some(budget) = expected else { continue };
        let followed = with_budget(args, budget);
        let out = grundy(&followed.iter().map(String::as_str).collect::<Vec<_>>());
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{followed:?} (advised) fails: {text}");
        assert_eq!(advised(&text), None, "{followed:?} advises again: {text}");
    }
}
