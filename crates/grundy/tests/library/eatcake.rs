//! Eatcake (Berlekamp, Conway and Guy, *Winning Ways*; CGSuite's `Eatcake`): the library's
//! Conway value of every position of one or two cakes of sides 1 to 4 (and single cakes up to
//! 6 x 6) is the game built here from the rule alone, checked with the plain implementation of
//! Conway's definitions (`conway/`); and the canonical forms of the cakes 8 x 1 to 8 x 8 that
//! CGSuite's own tests state.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::conway;

use std::collections::HashMap;

use conway::{board, check_against, value_text, Plain};
use grundy::values::partizan::GameStore;

/// The game of `cakes` from Eatcake's rule alone: Left eats a column of one cake, Right a row,
/// leaving the cake's parts on either side that are not empty; memoised by the cakes, sorted.
fn plain(cakes: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, Plain>) -> Plain {
    let mut key = cakes.to_vec();
    key.sort_unstable();
    if let Some(p) = memo.get(&key) {
        return p.clone();
    }
    let [left, right] = [0, 1].map(|side| {
        let mut out = vec![];
        for (i, &(r, c)) in key.iter().enumerate() {
            let strips = if side == 0 { c } else { r };
            for k in 1..=strips {
                let pieces = if side == 0 { [(r, k - 1), (r, c - k)] } else { [(k - 1, c), (r - k, c)] };
                let mut next: Vec<(u64, u64)> =
                    key.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                next.extend(pieces.into_iter().filter(|&(a, b)| a > 0 && b > 0));
                out.push(plain(&next, memo));
            }
        }
        out
    });
    let p = Plain::new(left, right);
    memo.insert(key, p.clone());
    p
}

/// Every position of one or two cakes of 1 to 4 rows and columns, and every single cake up to
/// 6 x 6.
#[test]
fn eatcake_values_are_the_games_of_their_moves() {
    let b = board("eatcake");
    let mut memo = HashMap::new();
    let sides: Vec<(u64, u64)> = (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
    let mut positions: Vec<Vec<(u64, u64)>> = (1..=6).flat_map(|r| (1..=6).map(move |c| vec![(r, c)])).collect();
    for (i, &a) in sides.iter().enumerate() {
        for &z in &sides[i..] {
            positions.push(vec![a, z]);
        }
    }
    let cases: Vec<(Vec<u64>, Plain)> = positions
        .iter()
        .map(|cakes| {
            let tokens: Vec<String> = cakes.iter().map(|(r, c)| format!("{r}x{c}")).collect();
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            (b.rules().parse(&tokens).unwrap(), plain(cakes, &mut memo))
        })
        .collect();
    assert_eq!(check_against(b.rules(), &cases), 36 + 136);
}

/// CGSuite's tests (`GameHeapTest.scala`, "define partizan coordinate games properly") state
/// `Eatcake((8,n)).CanonicalForm` for n = 1 to 8 as `^`, `{^|||^*|v||0}`, `{^^|*}`,
/// `{^^|*||0,{0|vv*}}`, `{^3|^*||*}`, `{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}`,
/// `{0||^^*|0|||*}` and `*`; CGSuite's coordinates are grundy's `RxC`, Left eating along the
/// second as she cuts along it in its Cutcake. Written here with braces for CGSuite's `||`, read
/// by grundy's reader, and compared as games with the value of the cake 8 x n.
#[test]
fn eatcake_cgsuite_values_of_eight_by_n() {
    let cgsuite = [
        "^",
        "{^|{{^*|v}|0}}",
        "{^^|*}",
        "{{^^|*}|0,{0|vv*}}",
        "{{^3|^*}|*}",
        "{{{^3|^*}|*}|0,{0,{^|0,v*}|{{0|vv*}|0}}}",
        "{{0|{^^*|0}}|*}",
        "*",
    ];
    for (n, text) in (1..=8).zip(cgsuite) {
        let mut store = GameStore::new();
        let expected = store.parse(text).unwrap();
        let ours = store.parse(&value_text("eatcake", &[&format!("8x{n}")])).unwrap();
        assert_eq!(ours, expected, "8x{n}: {text}");
    }
    // By hand: a single square is eaten whole by either player, {0|0} = *; of a row of two
    // squares Left eats a column, leaving 1x1 = *, Right the row, leaving nothing: {*|0} = ↓.
    assert_eq!(value_text("eatcake", &["1x1"]), "*");
    assert_eq!(value_text("eatcake", &["1x2"]), "↓");
}

/// The last cake eaten leaves no cake, written `0`, which reads back (everything printed as a
/// position types back as input).
#[test]
fn no_cake_left_is_written_0_and_reads_back() {
    let g: grundy::Game = "eatcake".parse().unwrap();
    let p = g.parse_position(&["1x1"]).unwrap();
    let mv = grundy::play::parse_move(&p, grundy::Player::First, "v 1").unwrap();
    let after = grundy::play::apply(&p, &mv);
    assert_eq!(g.position_tokens(&after), ["0"]);
    assert_eq!(g.parse_position(&["0"]).unwrap(), after);
}
