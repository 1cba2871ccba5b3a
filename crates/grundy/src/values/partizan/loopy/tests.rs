//! The published examples, and every small game against plain retrograde play.

use super::*;

fn value(text: &str) -> LoopyValue {
    let mut store = GameStore::new();
    loopy_value_of_text(text, &mut store, 1 << 24).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn published_examples() {
    for (text, want) in [
        ("a:{0,a|*}", "upon"),
        ("a:{a|*}", "upon"),
        ("{pass|*}", "upon"),
        ("on + over", "on"),
        ("dud", "on & off"),
        ("on + off", "on & off"),
        ("c:{a:{0||c|}||a|}", "3/2 & ↓"),
        ("{pass|}", "on"),
        ("{0|pass}", "over"),
        ("a{0|a}".replace('{', ":{").as_str(), "over"),
        ("2 + over", "2 + over"),
        ("{1|0}", "{1|0}"),
    ] {
        assert_eq!(value(text).text, want, "{text}");
    }
}

#[test]
fn show() {
    for text in [
        "over - over",
        "upon - upon",
        "upon + upon",
        "on + under",
        "over + under",
        "a:{0||||0|||a|*||*}",
        "bach:{0,{1|1,{*,{1+*|1+*,bach}|*}}|0}",
    ] {
        let mut store = GameStore::new();
        eprintln!("{text} => {:?}", loopy_value_of_text(text, &mut store, 1 << 24).map(|v| v.text));
    }
}
