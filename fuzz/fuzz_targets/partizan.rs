//! `grundy::GameExpr` (the text of a short partizan game) on any text: never a panic; what
//! reads writes back to the same tree; its value, within a small work limit, is named by a text
//! that reads back as the same value; its outcome, stops and thermograph come back or are
//! refused with a one-line error, within one bound of work and memory for all of them; and a
//! game x + n·↑ + *m that is not a number has mean x, temperature 0 and both stops x (the
//! closed form the thermograph takes for it).
#![no_main]

use grundy::{Dyadic, GameExpr, GameStore, PartizanError};
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
    store.set_total_work_limit(60_000);
    store.set_memory_limit(64 << 20);
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
    if let (Ok(Some((x, ups, star))), Ok(t), Ok(stops)) = (store.as_nus(g), store.thermograph(g), store.stops(g)) {
        if ups != 0 || star != 0 {
            assert_eq!((t.mean(), t.temperature(), stops), (x, Dyadic::ZERO, (x, x)), "{text:?}");
        }
    }
});
