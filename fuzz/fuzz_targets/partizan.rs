//! `grundy::GameExpr` (the text of a short partizan game) on any text: never a panic; what
//! reads writes back to the same tree; its value, within a small work limit, is named by a text
//! that reads back as the same value; its outcome, stops and thermograph come back or are
//! refused with a one-line error.
#![no_main]

use grundy::{GameExpr, GameStore, PartizanError};
use libfuzzer_sys::fuzz_target;

fn one_line(err: &PartizanError, text: &str) {
    assert!(!err.to_string().contains('\n'), "{text:?}: {err}");
}

fuzz_target!(|text: &str| {
    let e = match text.parse::<GameExpr>() {
        Ok(e) => e,
        Err(err) => return one_line(&err, text),
    };
    let again: GameExpr = e.to_string().parse().expect("what Display writes reads back");
    assert_eq!(again, e, "{text:?} wrote {e}");
    let mut store = GameStore::new();
    store.set_work_limit(20_000);
    let g = match store.eval(&e) {
        Ok(g) => g,
        Err(err) => return one_line(&err, text),
    };
    match store.text(g) {
        Ok(name) => match store.parse(&name) {
            Ok(back) => assert_eq!(back, g, "{text:?} is named {name}"),
            Err(err) => one_line(&err, text),
        },
        Err(err) => one_line(&err, text),
    }
    for r in [store.outcome(g).map(|_| ()), store.stops(g).map(|_| ()), store.thermograph(g).map(|_| ())] {
        if let Err(err) = r {
            one_line(&err, text);
        }
    }
});
