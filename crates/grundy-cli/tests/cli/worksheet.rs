//! `grundy value` as CGSuite's worksheet (issue 84): comparisons (`{1|0} >= *` prints true and
//! the relation found), cooling, heating, overheating and freezing, and the options of a form
//! (`options(G)`) and of a position (`--options`), as text and as JSON; bad lines refused in
//! one line naming the bad part, exit 2.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&stdout(&all)).expect("one JSON object")
}

#[test]
fn a_comparison_prints_true_or_false_and_the_relation() {
    assert_eq!(stdout(&["value", "{1|0} >= *"]), "{1|0} >= *\ntrue\nrelation: {1|0} > * ({1|0} is greater than *)\n");
    // Each comparison CGSuite's worksheet has, on ↑ and * (confused) and on 1/2 and {0|1}.
    for (line, holds, relation) in [
        ("^ >= *", false, "||"),
        ("^ <= *", false, "||"),
        ("^ || *", true, "||"),
        ("^ <| *", true, "||"),
        ("^ |> *", true, "||"),
        ("^ != *", true, "||"),
        ("1/2 == {0|1}", true, "="),
        ("1/2 < {0|1}", false, "="),
        ("-1 < v", true, "<"),
        ("^^ > ^", true, ">"),
    ] {
        let v = json(&["value", line]);
        assert_eq!(v["holds"], holds, "{line}");
        assert_eq!(v["relation"], relation, "{line}");
        assert_eq!(v["game"], line);
    }
    let v = json(&["value", "{1|0} >= *"]);
    assert_eq!(v["left"], "{1|0}");
    assert_eq!(v["right"], "*");
    assert_eq!(v["relation_words"], "{1|0} > *");
}

/// Hand examples: {3|-1} cooled by 1 is {2|0} (its options 3 - 1 and -1 + 1), by 2 it freezes
/// to 1*, past 2 it is its mean 1 (Winning Ways, chapter 6; Siegel, section II.5); heating * by
/// 1 gives ±1, and ↑ = {0|*} heats to {1|{0|-2}}; overheating 1/2 = {0|1} from 1 to 1 gives
/// {0 + 1 | 1 - 1} = {1|0}.
#[test]
fn cooling_heating_overheating_and_freezing() {
    for (line, value) in [
        ("cool({3|-1}, 1)", "{2|0}"),
        ("cool({3|-1}, 2)", "1*"),
        ("cool({3|-1}, 5/2)", "1"),
        ("cool(±1, 1)", "*"),
        ("freeze({3|-1})", "1*"),
        ("freeze(3/4)", "3/4"),
        ("heat(*, 1)", "±1"),
        ("heat(^, 1)", "{1|{0|-2}}"),
        ("heat(cool({3|-1}, 1), 1)", "{3|-1}"),
        ("overheat(1/2, 1, 1)", "{1|0}"),
        ("cool({3|-1}, 1) + 1", "{3|1}"),
    ] {
        assert_eq!(json(&["value", line])["canonical"], value, "{line}");
    }
    // A worksheet line reads back the value it printed.
    assert!(stdout(&["value", "cool({3|-1},1)"]).starts_with("cool({3|-1},1)\nvalue: {2|0}\n"));
}

#[test]
fn the_options_of_a_form_and_of_a_position() {
    // The canonical form's: * is dominated by -1 for Right; 2 and {2|0} are confused, both kept.
    assert_eq!(
        stdout(&["value", "options({2,{2|0}|-1,*})"]),
        "options({2,{2|0}|-1,*})\nvalue: {2,{2|0}|-1}\nLeft's options (2):\n  2\n  {2|0}\nRight's options (1):\n  -1\n"
    );
    assert_eq!(
        stdout(&["value", "domineering", "../..", "--options"]),
        "domineering ../..\nvalue: ±1\nLeft's options (2):\n  L./L.   value 1\n  .L/.L   value 1\nRight's options (2):\n  RR/..   value -1\n  ../RR   value -1\n"
    );
    // Each option position typed back is valued as listed.
    let v = json(&["value", "sum", "nim=2", "domineering=../..", "--options"]);
    assert_eq!(v["value"], "{1*2|-1*2}");
    for side in ["left", "right"] {
        let options = v[side].as_array().unwrap();
        assert_eq!(options.len(), 4);
        for o in options {
            let mut args = vec!["value", "sum"];
            let tokens: Vec<&str> = o["position"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
            args.extend(tokens);
            assert_eq!(json(&args)["canonical"], o["value"], "{o}");
        }
    }
    let none = json(&["value", "options(0)"]);
    assert_eq!((none["left"].as_array().unwrap().len(), none["right"].as_array().unwrap().len()), (0, 0));
}

#[test]
fn bad_lines_are_refused_in_one_line_naming_the_bad_part() {
    for (args, message) in [
        (vec!["value", "cool(*, x)"], "unknown name `x`"),
        (vec!["value", "{1|0} => *"], "unknown comparison `=>`"),
        (vec!["value", "cool(*, *)"], "cool(G, t) cools by a number t, and * is not a number"),
        (vec!["value", "cool({1|0}, -1)"], "cool(G, t) is defined for t > -1"),
        (vec!["value", "cool({1|0})"], "cool takes 2 game(s): cool(G, t)"),
        (vec!["value", "options {1|0}"], "expected `(` after `options`"),
        (vec!["value", "{1|0}", "--options"], "--options lists a position's options"),
        (vec!["value", "^ >= *", "--svg", "/dev/null"], "--svg: a comparison has no thermograph"),
        (vec!["value", "fox-and-geese", "F......./......../G.G.....", "--options"], "is a loopy game"),
        (
            vec!["value", "nim", "5000", "--options"],
            "the position has 5000 options for Left, more than the 1000 listed",
        ),
    ] {
        let out = grundy(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
