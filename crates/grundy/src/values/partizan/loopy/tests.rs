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
fn sums_and_differences_of_constants() {
    // Winning Ways ch. 11 and CGSuite's loopy tutorial: on + off = dud, upon + upon is a
    // stopper, over - over is not.
    assert_eq!(value("on + off").text, "on & off");
    assert!(value("upon + upon").stopper);
    assert!(!value("over - over").stopper);
    assert_eq!(value("on + under").text, "on");
}

#[test]
fn a_value_written_with_sides_reads_back() {
    for text in ["dud", "c:{a:{0||c|}||a|}", "over - over", "upon - upon"] {
        let v = value(text);
        let back = value(&v.text);
        assert_eq!(back.text, v.text, "{text}");
        assert_eq!((back.outcome_left_first, back.outcome_right_first), (v.outcome_left_first, v.outcome_right_first));
    }
    let mut store = GameStore::new();
    assert!(loopy_value_of_text("off & on", &mut store, 1 << 20).is_err());
    assert!(loopy_value_of_text("dud & 0", &mut store, 1 << 20).is_err());
}

#[test]
fn sides_written_with_short_games_are_loopy_text() {
    assert!(is_loopy_text("3/2 & v"));
    assert_eq!(value("3/2 & v").text, "3/2 & ↓");
    assert!(!is_loopy_text("{1|0}"));
}

#[test]
fn a_refusal_of_text_with_control_characters_is_one_line() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: the text was echoed with its newline.
    let mut store = GameStore::new();
    let e = loopy_value_of_text("k/\u{1}\0\0\nn -ffn -ff", &mut store, 1 << 20).unwrap_err().to_string();
    assert!(!e.contains('\n') && !e.contains('\u{1}'), "{e}");
}
