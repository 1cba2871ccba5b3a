//! A line of `grundy batch` (any bytes) read as a `grundy::frontend::Query` and checked: never a panic,
//! and a query that checks has a position that writes back as tokens which read to the same
//! position.
#![no_main]

use grundy::frontend::Query;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(query) = serde_json::from_slice::<Query>(data) else {
        return;
    };
    if let Ok(checked) = query.check(grundy::frontend::MAX_BUDGET) {
        let back = checked.game.position_tokens(&checked.position);
        let again = checked.game.parse_position(&back).expect("a position's tokens read back");
        assert_eq!(again, checked.position);
    }
});
