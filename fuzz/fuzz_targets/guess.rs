//! The guess language of `grundy verify --sg EXPR` (`grundy::verify::Expr`): parse any text with
//! the parameters of a few games, evaluate at a few n, and run the period analysis. Never a
//! panic (overflow and division by zero are errors), never a stack overflow.
#![no_main]

use grundy::verify::Expr;
use libfuzzer_sys::fuzz_target;

const PARAMS: [&[(&str, u64)]; 3] = [&[], &[("K", 3)], &[("K", 2), ("L", 18446744073709551615)]];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Some(params) = PARAMS.get(usize::from(pick) % PARAMS.len()) else {
        return;
    };
    let Ok(expr) = Expr::parse(text, params) else {
        return;
    };
    for n in [0, 1, 2, 3, 7, 64, 1000, u64::MAX] {
        let _ = expr.eval(n);
    }
    // A claimed shape must hold where the values can be computed.
    if let Some(s) = expr.shape() {
        for n in s.start..s.start.saturating_add(5) {
            let Some(later) = n.checked_add(s.period) else {
                break;
            };
            if let (Ok(a), Ok(b)) = (expr.eval(later), expr.eval(n)) {
                assert_eq!(Some(a), b.checked_add(s.slope), "{text:?} at {n}: {s:?}");
            }
        }
    }
    let _ = expr.truth_shape();
});
