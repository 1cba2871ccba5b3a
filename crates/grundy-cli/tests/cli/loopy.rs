//! `grundy value TEXT` of a loopy game written in CGSuite's notation (labels, `pass`, on, off,
//! over, under, upon, dud): the outcome with each player first (a draw where play never ends),
//! the stopper flag, a stopper's simplest form or the two sides, as text and as JSON; bad text
//! refused in one line with exit 2; a short game's text answered as before.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(text: &str) -> serde_json::Value {
    let out = grundy(&["value", text, "--json"]);
    assert!(out.status.success(), "{text}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The figures of issue 81 and of Winning Ways (vol. 2, ch. 11) and Siegel ("Combinatorial
/// Game Theory", ch. VI): {0,a|*} with a pointing back to itself is upon; on + over = on (on
/// absorbs every stopper that is not off); dud = {pass|pass} has sides on and off; Winning
/// Ways' game C, c:{a:{0||c|}||a|}, has onside 3/2 and offside ↓ (CGSuite writes v).
#[test]
fn the_issues_figures() {
    // A stopper has no sides; its value is its simplest form.
    let cases = [
        ("a:{0,a|*}", "upon", None),
        ("on + over", "on", Some(("on", "on"))),
        ("dud", "on & off", Some(("on", "off"))),
        ("c:{a:{0||c|}||a|}", "3/2 & ↓", Some(("3/2", "↓"))),
    ];
    for (text, value, sides) in cases {
        let v = json(text);
        let stopper = sides.is_none();
        assert_eq!(v["value"], value, "{text}");
        assert_eq!(v["stopper"], stopper, "{text}");
        assert_eq!(v["canonical"].as_str(), stopper.then_some(value), "{text}");
        assert_eq!(v["onside"].as_str(), sides.map(|s| s.0), "{text}");
        assert_eq!(v["offside"].as_str(), sides.map(|s| s.1), "{text}");
        assert_eq!(v["game"], text);
        // The text form says the same.
        let out = stdout(&["value", text]);
        assert!(out.contains(&format!("\nvalue: {value}\n")), "{text}: {out}");
        assert!(out.contains(&format!("stopper: {}", if stopper { "yes" } else { "no" })), "{text}: {out}");
        match sides {
            Some((on, off)) => assert!(out.contains(&format!("onside: {on}\noffside: {off}\n")), "{out}"),
            None => assert!(out.contains(&format!("simplest form: {value}\n")), "{out}"),
        }
    }
    // `v` is down in the loopy reader as in the short one: C - v is C + ^, whose offside
    // ↓ + ↑ is 0.
    let c_down = json("c:{a:{0||c|}||a|} - v");
    assert_eq!(c_down["value"], json("c:{a:{0||c|}||a|} + ^")["value"]);
    assert_eq!((c_down["onside"].as_str(), c_down["offside"].as_str()), (Some("3/2↑"), Some("0")), "{c_down}");
    // dud absorbs any game (Winning Ways, ch. 11): its sides stay on and off.
    assert_eq!(json("dud + v")["value"], "on & off");
}

/// The outcomes with each player first follow from the moves, by hand: on ({pass|}) wins for
/// Left whoever starts (Right has no move; Left can always pass), off for Right; dud is a draw
/// either way (both pass for ever); a game with no cycle wins as its short game does. Each pair
/// is named by CGSuite's outcome class, and said in words.
#[test]
fn outcomes_with_each_player_first() {
    let on = json("on");
    assert_eq!(
        (&on["outcome_left_first"], &on["outcome_right_first"], &on["outcome"]),
        (&"L".into(), &"L".into(), &"L".into())
    );
    let off = json("off");
    assert_eq!((off["outcome_left_first"].as_str(), off["outcome_right_first"].as_str()), (Some("R"), Some("R")));
    let dud = json("dud");
    assert_eq!((dud["outcome_left_first"].as_str(), dud["outcome_right_first"].as_str()), (Some("D"), Some("D")));
    assert_eq!(dud["outcome"], "D");
    assert!(dud["outcome_words"].as_str().unwrap().contains("draw"), "{dud}");
    let text = stdout(&["value", "dud"]);
    assert!(text.contains("Left first: a draw"), "{text}");
    assert!(text.contains("Right first: a draw"), "{text}");
    // A loopy game whose outcome pair is a short game's has the short game's class letter.
    let zero = json("a:{|}");
    assert_eq!((zero["outcome"].as_str(), zero["outcome_left_first"].as_str()), (Some("P"), Some("R")));
    let star = json("a:{0|0}");
    assert_eq!((star["outcome"].as_str(), star["outcome_left_first"].as_str()), (Some("N"), Some("L")));
}

/// A loopy text with no cycle is a short game, and its value is the short reader's canonical
/// form: the two readers agree.
#[test]
fn a_loopfree_loopy_text_is_its_short_games_value() {
    for (loopy, short) in [("a:{1|0}", "{1|0}"), ("a:{0|b:{0|}}", "{0|1}"), ("a:{0,*|0}", "{0,*|0}")] {
        let l = json(loopy);
        let s = json(short);
        assert_eq!(l["loopfree"], true, "{loopy}");
        assert_eq!(l["stopper"], true, "{loopy}");
        assert_eq!(l["canonical"], s["canonical"], "{loopy} and {short}");
        assert_eq!(l["outcome"], s["outcome"], "{loopy} and {short}");
    }
}

/// The JSON has the loopy keys and every key of a short game's report, those that are a short
/// game's alone null with a `_note` saying why; a short game's text has exactly the keys it had
/// before loopy games were read (those `grundy value --help` lists), none of the loopy ones.
#[test]
fn json_keys_loopy_and_short() {
    let short_keys = [
        "all_small",
        "atomic_weight",
        "atomic_weight_words",
        "birthday",
        "canonical",
        "game",
        "incentives",
        "mean",
        "outcome",
        "outcome_words",
        "position",
        "positions",
        "reduced",
        "stops",
        "temperature",
        "thermograph_svg",
    ];
    let short = json("{1|0}");
    let mut keys: Vec<&str> = short.as_object().unwrap().keys().map(String::as_str).collect();
    keys.retain(|k| !k.ends_with("_note"));
    assert_eq!(keys, short_keys, "{short}");
    assert!(short.get("stopper").is_none() && short.get("outcome_left_first").is_none(), "{short}");
    assert_eq!(short["canonical"], "{1|0}");
    assert_eq!(short["mean"], "1/2");
    for text in ["upon", "dud"] {
        let v = json(text);
        for key in short_keys {
            assert!(v.get(key).is_some(), "{text}: {key} missing in {v}");
        }
        for key in ["outcome_left_first", "outcome_right_first", "stopper", "canonical", "onside", "offside"] {
            assert!(v.get(key).is_some(), "{text}: {key} missing in {v}");
        }
        for key in
            ["mean", "temperature", "stops", "thermograph_svg", "birthday", "atomic_weight", "reduced", "incentives"]
        {
            assert!(v[key].is_null(), "{text}: {key} in {v}");
            assert!(v[format!("{key}_note")].is_string(), "{text}: {key}_note in {v}");
        }
    }
    // A stopper has its simplest form and no sides; the rest the sides, and a note for the form.
    let upon = json("upon");
    assert!(upon["onside"].is_null() && upon["offside"].is_null() && upon["canonical"] == "upon", "{upon}");
    let dud = json("dud");
    assert!(dud["canonical"].is_null() && dud["canonical_not_written"].is_string(), "{dud}");
}

/// Bad text gets exit 2 and the reader's one line naming the bad part: a label used but not
/// defined, a label defined twice, `pass` outside braces, braces without a bar.
#[test]
fn bad_loopy_text_is_refused_in_one_line() {
    for (text, names) in [
        ("a:{0,b|*}", "'b'"),
        ("a:{0|} + a:{|0}", "'a' is defined twice"),
        ("pass", "'pass'"),
        ("{pass}", "bar"),
        ("a:{a|", "'}'"),
    ] {
        let out = grundy(&["value", text]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{text}: {err}");
        assert!(err.contains(names), "{text}: {err}");
        assert!(out.stdout.is_empty(), "{text}");
    }
}

/// `--work` bounds a loopy value: past it, one line naming `--work`; `--svg` is refused (a loopy
/// game has no thermograph) before any file is written.
#[test]
fn work_and_svg_of_a_loopy_game() {
    let out = grundy(&["value", "c:{a:{0||c|}||a|}", "--work", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--work") && err.lines().count() == 1, "{err}");
    // Enough work answers.
    let c = stdout(&["value", "c:{a:{0||c|}||a|}", "--work", "100000"]);
    assert!(c.contains("value: 3/2 & ↓") && c.contains("as CGSuite writes it: 3/2 & v"), "{c}");
    let dir = std::env::temp_dir().join(format!("grundy-loopy-svg-{}", std::process::id()));
    let out = grundy(&["value", "dud", "--svg", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("thermograph"));
    assert!(!dir.exists());
}

/// Every text the short games' reader takes is read by it, as before loopy games were: ↓ with
/// a count (`v9223372036854775807`, a word that starts with a letter) stays ↓n, answered as
/// any short game is (its mean, temperature, thermograph), not as a loopy game.
#[test]
fn short_words_stay_short() {
    for text in ["v3", "v9223372036854775807+v", "v", "vv*", "aw(^)", "Tiny(2)"] {
        let v = json(text);
        assert!(v["mean"].is_string() && v.get("stopper").is_none(), "{text}: {v}");
    }
    assert_eq!(json("v3")["canonical"], json("v+v+v")["canonical"]);
}
