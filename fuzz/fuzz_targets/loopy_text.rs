//! Loopy games in CGSuite's notation (labels, `pass`, on/off/over/under/upon/dud, sums, `S & T`)
//! on any text: never a panic; a refusal is one line; what reads is valued within a small bound
//! of work, and its value written reads back as a value with the same outcomes and the same
//! text.
#![no_main]

use grundy::values::partizan::loopy::loopy_value_of_text;
use grundy::{GameStore, PartizanError};
use libfuzzer_sys::fuzz_target;

fn one_line(err: &PartizanError, text: &str) {
    assert!(!err.to_string().contains('\n'), "{text:?}: {err}");
}

fuzz_target!(|text: &str| {
    // Sums multiply their graphs: a long text of sums is a large graph, refused past its bound
    // but slowly; the reader's bounds are tested by the library's own tests.
    if text.len() > 160 {
        return;
    }
    let mut store = GameStore::new();
    store.set_work_limit(20_000);
    store.set_total_work_limit(60_000);
    store.set_memory_limit(64 << 20);
    let v = match loopy_value_of_text(text, &mut store, 200_000) {
        Ok(v) => v,
        Err(err) => return one_line(&err, text),
    };
    match loopy_value_of_text(&v.text, &mut store, 400_000) {
        Ok(back) => {
            assert_eq!(back.text, v.text, "{text:?} is written {}", v.text);
            assert_eq!(
                (back.outcome_left_first, back.outcome_right_first),
                (v.outcome_left_first, v.outcome_right_first),
                "{text:?} is written {}",
                v.text
            );
        }
        Err(err) => one_line(&err, text),
    }
});
