//! `grundy::NimberExpr` on any text: never a panic; what reads writes back to the same
//! expression, and its value (or the refusal of a division by 0) is the same read either way.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match text.parse::<grundy::NimberExpr>() {
        Ok(e) => {
            let again: grundy::NimberExpr = e.to_string().parse().expect("what Display writes reads back");
            assert_eq!(again, e);
            assert_eq!(again.value(), e.value());
        }
        Err(err) => assert!(!err.to_string().contains('\n'), "{text:?}: {err}"),
    }
});
