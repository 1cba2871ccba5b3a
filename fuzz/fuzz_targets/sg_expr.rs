//! `grundy verify --sg` expressions (`verify::Expr`) on any text, with the parameter `K`: never
//! a panic; what parses is evaluated at n = 0..8, each value or a one-line error naming its
//! column, and evaluating twice gives the same (the number-theoretic functions `bigomega`,
//! `omega`, `lpf`, `primepi`, `isqrt`, `digitsum` and the recursion `G` are pure).
#![no_main]

use grundy::verify::Expr;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let e = match Expr::parse(text, &[("K", 3)]) {
        Ok(e) => e,
        Err(err) => {
            assert!(!err.to_string().contains('\n'), "{text:?}: {err}");
            assert!(err.column >= 1, "{text:?}: {err}");
            return;
        }
    };
    for n in 0..8 {
        let first = e.eval(n);
        if let Err(err) = &first {
            assert!(!err.to_string().contains('\n'), "{text:?} at {n}: {err}");
        }
        assert_eq!(first, e.eval(n), "{text:?} at {n}");
    }
});
