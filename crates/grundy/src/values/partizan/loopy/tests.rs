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

#[test]
fn a_label_used_before_its_definition_is_refused() {
    let mut store = GameStore::new();
    let e = loopy_value_of_text("{a|0} + a:{0|}", &mut store, 1 << 20).unwrap_err().to_string();
    assert!(e.contains("label 'a' is used before it is defined"), "{e}");
    // Used inside its own braces, or after them, a label is defined.
    assert_eq!(value("c:{a:{0||c|}||a|}").text, "3/2 & ↓");
    assert_eq!(value("a:{0|a}").text, "over");
}

#[test]
fn a_short_game_born_too_late_is_refused_in_one_line() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: 1000000 + over made a tree a million deep.
    let mut store = GameStore::new();
    let e = loopy_value_of_text("1000000 + over", &mut store, 1 << 20).unwrap_err().to_string();
    assert!(e.contains("day 1000000"), "{e}");
    assert_eq!(value("100 + over").text, "100 + over");
}

#[test]
fn a_negative_number_with_arrows_reads_as_the_short_reader_reads_it() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: 4v4-6^ is -2↓5, which read back as -2↑5.
    assert_eq!(value("4v4-6^").text, "-2↓5");
    assert_eq!(value("-2↓5").text, "-2↓5");
    assert_eq!(value("-2↓5 + over").text, value("over - 2↑5").text);
}

#[test]
fn a_value_by_its_sides_of_a_sum_of_numbers_is_made_part_by_part() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: 332 -23&4 simplified the 8,000 positions of
    // the sum's graph pair by pair (3 s); part by part it is short games at once.
    assert_eq!(value("332 -23&4").text, "309 & 4");
}

#[test]
fn the_sides_work_is_bounded_part_by_part() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: a game holding 599 and dud took seconds within
    // 200,000 steps, each part's copies of its exits compared pair by pair uncounted.
    let mut store = GameStore::new();
    let t = std::time::Instant::now();
    let r = loopy_value_of_text("a:{0||||0|--599dud}", &mut store, 200_000);
    assert!(matches!(r, Err(PartizanError::TooMuchWork { .. })), "{r:?}");
    assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
}

#[test]
fn an_endless_graph_is_refused_within_the_callers_steps() {
    // Found by fuzz/fuzz_targets/loopy_text.rs: a label inside a sum of itself has an endless
    // graph, which was read up to a million vertices whatever the caller's bound (3.5 s in the
    // fuzz build); each vertex is now a step of the caller's work.
    for text in ["a:{0|||||||*a+*||*}", "a:{0|a+1}"] {
        let mut store = GameStore::new();
        let r = loopy_value_of_text(text, &mut store, 20_000);
        assert!(
            matches!(r, Err(PartizanError::TooMuchWork { operation: "a loopy game's graph", limit: 20_000 })),
            "{text}: {r:?}"
        );
        let r = parse_loopy_within(text, &mut store, 20_000);
        assert!(matches!(r, Err(PartizanError::TooMuchWork { limit: 20_000, .. })), "{text}: {r:?}");
    }
    // A finite graph within the bound reads as before.
    let mut store = GameStore::new();
    assert!(parse_loopy_within("a:{0|{a|1}} + upon + 3", &mut store, 20_000).is_ok());
}
