//! Arc Kayles on big graphs through the command line (issue 80): a graph of many connected
//! parts is valued part by part, each shape once (row 14: a matching of 10,000 edges, whose
//! parts have two positions each, was refused as needing more than 33,554,432), and a star or
//! a bundle of parallel edges, whose picks all delete the same edges, is one move (row 4: its
//! options were listed in time quadratic in the edges).

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// The text printed by a run that succeeds.
fn answered(args: &[&str], what: &str) -> String {
    let o = grundy(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{what}: exit {:?}: {err}", o.status.code());
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// A graph written to a file of its own (one per test and process), read back with `@FILE`.
fn graph_file(name: &str, edges: impl Iterator<Item = (u64, u64)>) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-arc-kayles-{name}-{}.txt", std::process::id()));
    let text: Vec<String> = edges.map(|(u, v)| format!("{u}-{v}")).collect();
    std::fs::write(&path, text.join(",")).unwrap();
    path
}

/// Row 14: a matching of 10,000 edges is 10,000 parts worth *1 each, so 0: `value` says so at
/// the default budget, and `analyze` says the second player wins; one edge more and the first
/// player wins, every pick a winning move (10,001 counted, the first ones listed, each a
/// position that reads back).
#[test]
fn a_matching_of_ten_thousand_edges_is_valued_part_by_part() {
    let even = graph_file("matching", (0..10_000).map(|i| (2 * i, 2 * i + 1)));
    let arg = format!("@{}", even.display());
    let value = answered(&["value", "arc-kayles", &arg, "--value-only"], "value of 10,000 edges");
    assert!(value.lines().any(|l| l == "value: 0"), "{value}");
    let analysis = answered(&["analyze", "arc-kayles", &arg], "analyze of 10,000 edges");
    assert!(analysis.contains("outcome: P") && analysis.contains("Sprague-Grundy value: 0"), "{analysis}");
    let odd = graph_file("matching-odd", (0..10_001).map(|i| (2 * i, 2 * i + 1)));
    let arg = format!("@{}", odd.display());
    let j: serde_json::Value =
        serde_json::from_str(&answered(&["analyze", "arc-kayles", &arg, "--json"], "analyze of 10,001 edges")).unwrap();
    assert_eq!((j["outcome"].as_str(), j["sg"].as_u64()), (Some("N"), Some(1)), "{j:.300}");
    assert_eq!(j["winning_move_count"].as_u64(), Some(10_001), "{j:.300}");
    let first = j["winning_moves"][0]["result_tokens"].as_array().unwrap_or_else(|| panic!("{j:.600}"));
    let tokens: Vec<&str> = first.iter().map(|t| t.as_str().unwrap()).collect();
    // The first pick, 0-1, leaves the other 10,000 edges: worth 0, a win.
    assert_eq!(tokens.len(), 1);
    assert!(tokens[0].starts_with("2-3,4-5,") && tokens[0].matches(',').count() == 9_999, "{:.100}", tokens[0]);
    let mut args = vec!["analyze", "arc-kayles"];
    args.extend(&tokens);
    let back = answered(&args, "the position a winning move leaves");
    assert!(back.contains("outcome: P"), "{back}");
    for path in [even, odd] {
        let _ = std::fs::remove_file(path);
    }
}

/// Row 4: a star of 20,000 edges and 30,000 parallel edges between two vertices: every pick
/// deletes every edge, so each is one move to the empty graph, worth *1; answered at the
/// default budget, with its one winning move.
#[test]
fn a_star_and_a_bundle_of_parallel_edges_are_one_move() {
    let star = graph_file("star", (1..=20_000).map(|v| (0, v)));
    let bundle = graph_file("bundle", (0..30_000).map(|_| (1, 2)));
    for (path, what) in [(&star, "a star of 20,000 edges"), (&bundle, "30,000 parallel edges")] {
        let arg = format!("@{}", path.display());
        let value = answered(&["value", "arc-kayles", &arg, "--value-only"], what);
        assert!(value.lines().any(|l| l == "value: *"), "{what}: {value}");
        let j: serde_json::Value =
            serde_json::from_str(&answered(&["analyze", "arc-kayles", &arg, "--json"], what)).unwrap();
        assert_eq!((j["outcome"].as_str(), j["sg"].as_u64()), (Some("N"), Some(1)), "{what}: {j:.300}");
        assert_eq!(j["winning_move_count"].as_u64(), Some(1), "{what}: {j:.300}");
        assert_eq!(j["winning_moves"][0]["result_tokens"], serde_json::json!(["0"]), "{what}: {j:.300}");
    }
    for path in [star, bundle] {
        let _ = std::fs::remove_file(path);
    }
}
