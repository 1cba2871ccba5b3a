//! Undirected vertex geography through the binary: the graph read from a file or standard
//! input, BZOJ 1443's winning starts, bad graphs and positions refused in one line with exit
//! status 2, and a won game played in the terminal.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BZOJ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/geography/bzoj1443.txt");

fn grundy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command refused before it reads its input closes the pipe: that is not a failure here.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn bzoj_1443_from_the_file() {
    let game = format!("geography:{BZOJ}");
    let out = grundy(&["analyze", &game, "-", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 2);
    let starts: Vec<&str> =
        v["winning_moves"].as_array().unwrap().iter().map(|m| m["result_tokens"][0].as_str().unwrap()).collect();
    assert_eq!(starts, ["r2c3", "r3c2"]);
    let text = String::from_utf8_lossy(&grundy(&["analyze", &game, "r2c2", "--explain"], "").stdout).to_string();
    assert!(text.contains("Fraenkel, Scheinerman and Ullman"), "{text}");
    assert!(text.contains("Hopcroft and Karp"), "{text}");
}

#[test]
fn a_graph_on_standard_input() {
    // A triangle with a tail: not bipartite, so Edmonds' blossoms find the matching.
    let out = grundy(&["analyze", "geography:-", "d", "--explain"], "a b\nb c\nc a\nc d\n");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Edmonds' blossom"), "{text}");
    // From d: the graph has a perfect matching (a-b, c-d), so d is in every maximum matching
    // and the player to move wins by going to c.
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("move the token from d to c"), "{text}");
}

#[test]
fn bad_graphs_and_positions_exit_2_with_one_line() {
    let game = format!("geography:{BZOJ}");
    for (args, stdin, says) in [
        (vec!["analyze", "geography:-", "a"], "a b\nb c d\n", "line 2: 'b c d' is not an edge 'u v'"),
        (vec!["analyze", game.as_str(), "r9c9"], "", "there is no vertex 'r9c9'"),
        (vec!["analyze", game.as_str(), "r1c1,r2c2"], "", "which are not joined"),
        (vec!["analyze", "geography:/no/such/graph", "a"], "", "cannot read '/no/such/graph'"),
        (vec!["analyze", "geography", "a"], "", "geography:FILE"),
        (vec!["play", "geography:-", "a"], "a b\n", "the graph must come from a file"),
    ] {
        let out = grundy(&args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn the_computer_wins_a_won_position() {
    // The computer places the token first (a winning start), then answers every move.
    let game = format!("geography:{BZOJ}");
    let moves: String =
        ["r1c1", "r2c1", "r2c2", "r2c3", "r3c2"].iter().map(|v| format!("{v}\n")).collect::<String>().repeat(3);
    let out = grundy(&["play", &game, "-", "--computer-first", "--level", "perfect"], &moves);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("The computer wins."), "{text}");
}
