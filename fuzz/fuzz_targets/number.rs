//! `grundy::frontend::parse_u64` on any text: never a panic, and it agrees with the plain reading of a
//! trimmed, optionally signed run of ASCII digits.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match grundy::frontend::parse_u64(text, "heap") {
        Ok(v) => {
            let t = text.trim();
            let digits = t.strip_prefix('+').or_else(|| t.strip_prefix('-')).unwrap_or(t);
            assert_eq!(digits.parse::<u64>().ok(), Some(v), "{text:?}");
            assert!(!t.starts_with('-') || v == 0, "{text:?} is negative");
            assert_eq!(grundy::frontend::parse_u64(&v.to_string(), "heap"), Ok(v));
        }
        Err(e) => {
            assert!(e.starts_with("heap"), "{text:?}: {e}");
        }
    }
});
