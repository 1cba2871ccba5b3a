//! Issue 63's operations on values checked against their definitions on every game small
//! enough: atomic weights (Siegel, Combinatorial Game Theory, section II.7), reduced canonical
//! forms (Calistrate; Grossman and Siegel), incentives, ordinal sums, Norton products, the kinds
//! of game, and the names of the uptimals (Lessons in Play, chapter 9), with values from the
//! literature, each citing its source.

use crate::conway;

use std::collections::HashMap;

use conway::{board, plain_value, value_in, Plain, Reference};
use grundy::rules::board::machinery::value::BoardValues;
use grundy::values::partizan::{GameStore, GameValue, PartizanError, Relation};

/// The plain check of an atomic weight: `w` is G's atomic weight when D = G - w.↑ is
/// infinitesimally close to 0 next to ↑, compared with a remote star ☆ = *N (N a power of two
/// past every birthday in the sums): D + ↓ < ☆ < D + ↑, each comparison by Conway's recursive
/// definition on the unsimplified sums (`conway/`).
fn weight_holds(s: &mut GameStore, g: GameValue, w: GameValue) -> bool {
    let up = s.nus(grundy::values::partizan::Dyadic::ZERO, 1, 0).unwrap();
    let w_up = s.norton(w, up).unwrap();
    let day = s.birthday(g).unwrap() + s.birthday(w_up).unwrap() + 3;
    let far = s.nimber(day.next_power_of_two()).unwrap();
    let down = s.neg(up).unwrap();
    let minus_w_up = s.neg(w_up).unwrap();
    let mut memo = HashMap::new();
    let mut plain = |s: &mut GameStore, v| plain_value(s, v, &mut memo);
    let (pg, pm, pup, pdown, pfar) = (plain(s, g), plain(s, minus_w_up), plain(s, up), plain(s, down), plain(s, far));
    let mut r = Reference::default();
    let d = r.sum(&pg, &pm);
    let low = r.sum(&d, &pdown);
    let low = r.sum(&low, &pfar);
    let high = r.sum(&d, &pup);
    let high = r.sum(&high, &pfar);
    let zero = Plain::new(vec![], vec![]);
    // D + ↓ + ☆ < 0 and D + ↑ + ☆ > 0 (-☆ = ☆).
    r.le(&low, &zero) && !r.le(&zero, &low) && r.le(&zero, &high) && !r.le(&high, &zero)
}

/// Every all-small canonical form born by day 3 has the atomic weight the plain check accepts,
/// and no integer next to it passes (the check can fail).
#[test]
fn atomic_weights_of_every_all_small_game_born_by_day_3() {
    let mut s = GameStore::new();
    let games = s.born_by(3).unwrap();
    let mut weighed = 0;
    for g in games {
        if !s.is_all_small(g).unwrap() {
            assert!(matches!(s.atomic_weight(g), Err(PartizanError::Undefined(_))));
            continue;
        }
        let w = s.atomic_weight(g).unwrap();
        let name = s.text(g).unwrap();
        assert!(weight_holds(&mut s, g, w), "aw({name}) = {}", s.text(w).unwrap());
        let one = s.integer(1).unwrap();
        let next = s.sum(w, one).unwrap();
        assert!(!weight_holds(&mut s, g, next), "aw({name}) + 1 passes too");
        weighed += 1;
    }
    // The all-small games born by day 3 (Siegel, section II.7: 1, 2(?) ...): counted here so
    // that a change in the listing shows.
    assert_eq!(weighed, all_small_count(&mut GameStore::new()));
    assert!(weighed > 20);
}

fn all_small_count(s: &mut GameStore) -> usize {
    let games = s.born_by(3).unwrap();
    games.into_iter().filter(|&g| s.is_all_small(g).unwrap()).count()
}

/// The value of a Clobber board typed as `text`.
fn clobber(s: &mut GameStore, text: &str) -> GameValue {
    let b = board("clobber");
    value_in(&mut BoardValues::new(b.rules(), 1_000_000), s, b.rules(), &[text])
}

/// Every Clobber board of up to 2 x 3 cells, each cell empty, x or o: all-small (Lessons in
/// Play, chapter 9: Clobber is all-small), and its atomic weight passes the plain check.
#[test]
fn atomic_weights_of_every_clobber_board_up_to_2x3() {
    let mut s = GameStore::new();
    let mut count = 0;
    for rows in 1..=2 {
        for cols in 1..=3 {
            let cells = rows * cols;
            for mut code in 0..3usize.pow(cells as u32) {
                let mut text = String::new();
                for i in 0..cells {
                    if i > 0 && i % cols == 0 {
                        text.push('/');
                    }
                    text.push(['.', 'x', 'o'][code % 3]);
                    code /= 3;
                }
                let g = clobber(&mut s, &text);
                assert!(s.is_all_small(g).unwrap(), "{text}");
                let w = s.atomic_weight(g).unwrap();
                assert!(weight_holds(&mut s, g, w), "{text}: aw = {}", s.text(w).unwrap());
                count += 1;
            }
        }
    }
    assert_eq!(count, 3 + 9 + 27 + 9 + 81 + 729);
}

/// Atomic weights from the literature: n·↑ + *m weighs n and the nimbers 0 (Lessons in Play,
/// chapter 9, "atomic weight"); ↑^n weighs 0 for n >= 2 (Siegel, section II.7, the uptimals are
/// atomic weight 0); aw(G.↑) = G (Siegel, section II.7, Norton products by ↑); Clobber's
/// `xxo` = ↑ weighs 1 and `xo` = * weighs 0 (Lessons in Play, chapter 9's Clobber examples
/// worked from the rules); and the two-ahead rule (a weight of 2 or more wins for Left) holds.
#[test]
fn published_atomic_weights() {
    let mut s = GameStore::new();
    for (game, weight) in [
        ("↑", "1"),
        ("⇑*", "2"),
        ("↓3*2", "-3"),
        ("*5", "0"),
        ("↑^2", "0"),
        ("↑^3*", "0"),
        ("{0|↑}", "2"),
        ("1/2.↑", "1/2"),
        ("{1|0}.↑", "{1|0}"),
    ] {
        let g = s.parse(game).unwrap();
        let w = s.atomic_weight(g).unwrap();
        assert_eq!(s.text(w).unwrap(), weight, "aw({game})");
        assert!(weight_holds(&mut s, g, w), "aw({game})");
    }
    for (board, weight) in [("xo", "0"), ("xxo", "1"), ("oox", "-1"), ("xxxo", "2")] {
        let g = clobber(&mut s, board);
        let w = s.atomic_weight(g).unwrap();
        assert_eq!(s.text(w).unwrap(), weight, "{board}");
    }
    // The two-ahead rule: every all-small game born by day 3 of weight >= 2 is positive.
    let two = s.integer(2).unwrap();
    for g in s.born_by(3).unwrap() {
        if s.is_all_small(g).unwrap() {
            let w = s.atomic_weight(g).unwrap();
            if s.ge(w, two).unwrap() {
                let zero = s.integer(0).unwrap();
                assert_eq!(s.compare(g, zero).unwrap(), Relation::Greater, "{}", s.text(g).unwrap());
            }
        }
    }
}

/// Games that are not all-small have no atomic weight, and say so.
#[test]
fn atomic_weights_are_refused_off_all_small_games() {
    let mut s = GameStore::new();
    for game in ["1", "{1|*}", "±1", "⧾1", "1/2↑"] {
        let g = s.parse(game).unwrap();
        let e = s.atomic_weight(g).unwrap_err();
        assert!(e.to_string().contains("not all-small"), "{game}: {e}");
    }
}

/// The reduced canonical form against its definition, on every canonical form born by day 3:
/// G - reduced(G) is infinitesimal, the reduced form is its own, and two reduced forms are
/// equal exactly when the games differ by an infinitesimal (distinct reduced forms never do).
#[test]
fn reduced_forms_of_every_game_born_by_day_3() {
    let mut s = GameStore::new();
    let games = s.born_by(3).unwrap();
    let mut forms = Vec::new();
    for &g in &games {
        let r = s.reduced(g).unwrap();
        let d = s.difference(g, r).unwrap();
        let name = s.text(g).unwrap();
        assert!(s.is_infinitesimal(d).unwrap(), "{name} - {}", s.text(r).unwrap());
        assert_eq!(s.reduced(r).unwrap(), r, "{name}");
        forms.push(r);
    }
    forms.sort_by_key(|&f| s.text(f).unwrap());
    forms.dedup();
    for (i, &a) in forms.iter().enumerate() {
        for &b in &forms[i + 1..] {
            let d = s.difference(a, b).unwrap();
            assert!(!s.is_infinitesimal(d).unwrap(), "{} and {}", s.text(a).unwrap(), s.text(b).unwrap());
        }
    }
    assert!(forms.len() > 20);
}

/// Known reduced forms: infinitesimals reduce to 0, numbers stay (Grossman and Siegel,
/// "Reductions of partizan games": reduced(G) = 0 exactly when G is infinitesimal; a number is
/// its own reduced form).
#[test]
fn published_reduced_forms() {
    let mut s = GameStore::new();
    for (game, reduced) in
        [("↑*", "0"), ("*7", "0"), ("↑^2", "0"), ("3/4", "3/4"), ("1↑", "1"), ("{1|↑}", "{1|0}"), ("±1", "±1")]
    {
        let g = s.parse(game).unwrap();
        let r = s.reduced(g).unwrap();
        assert_eq!(s.text(r).unwrap(), reduced, "reduced({game})");
    }
}

/// Incentives against their definition, on every game born by day 2: each Left incentive is
/// G^L - G, each Right one G - G^R, and the dominant ones are the incentives no other exceeds.
#[test]
fn incentives_of_every_game_born_by_day_2() {
    let mut s = GameStore::new();
    for g in s.born_by(2).unwrap() {
        let i = s.incentives(g).unwrap();
        let (l, r) = (s.left_options(g).unwrap(), s.right_options(g).unwrap());
        assert_eq!(i.left.len(), l.len());
        assert_eq!(i.right.len(), r.len());
        // One incentive an option, listed in the order a canonical form names them.
        let want_left: Vec<GameValue> = l.iter().map(|&o| s.difference(o, g).unwrap()).collect();
        let want_right: Vec<GameValue> = r.iter().map(|&o| s.difference(g, o).unwrap()).collect();
        assert!(want_left.iter().all(|d| i.left.contains(d)) && i.left.iter().all(|d| want_left.contains(d)));
        assert!(want_right.iter().all(|d| i.right.contains(d)) && i.right.iter().all(|d| want_right.contains(d)));
        let all: Vec<GameValue> = i.left.iter().chain(&i.right).copied().collect();
        for &d in &all {
            let exceeded = all.iter().any(|&e| e != d && s.le(d, e).unwrap());
            assert_eq!(i.dominant.contains(&d), !exceeded, "{}", s.text(g).unwrap());
        }
    }
}

/// The incentives read the same however the game was built: `*7` as a nimber and as `*3 + *4`
/// (whose canonical form the store builds in another order) list `*`, `*2`, ..., `*7` on
/// each side, birthday first, as a canonical form names its options.
#[test]
fn incentives_are_listed_the_same_however_the_game_was_built() {
    let mut s = GameStore::new();
    let star_seven = s.parse("*7").unwrap();
    let sum = s.parse("*3+*4").unwrap();
    let (a, b) = (s.incentives(star_seven).unwrap(), s.incentives(sum).unwrap());
    let names = |s: &mut GameStore, list: &[GameValue]| list.iter().map(|&v| s.text(v).unwrap()).collect::<Vec<_>>();
    let want: Vec<String> = ["*", "*2", "*3", "*4", "*5", "*6", "*7"].map(String::from).to_vec();
    for i in [&a, &b] {
        assert_eq!(names(&mut s, &i.left), want);
        assert_eq!(names(&mut s, &i.right), want);
        assert_eq!(names(&mut s, &i.dominant), want);
    }
}

/// Ordinal sums and Norton products against their definitions and their laws: G:0 = G, G:H's
/// options are G's and G:H's options (checked by the plain comparison), Hackenbush strings
/// (Winning Ways, chapter 2: the blue-red string BR is 1/2, 1:-1), and the Norton product is
/// additive in G, n.U is n copies of U, and 1/2.↑ + 1/2.↑ = ↑ (Siegel, section II.6).
#[test]
fn ordinal_sums_and_norton_products() {
    let mut s = GameStore::new();
    for (expr, value) in [
        // Conway, On Numbers and Games, ch. 16: *:n = ↑ + ↑^2 + ... + ↑^n + *.
        ("*:2", "↑+↑^2+*"),
        ("*:3", "↑+↑^2+↑^3+*"),
        ("1:-1", "1/2"),
        ("1:1", "2"),
        ("*:1", "{0,*|0}"),
        ("{1|*}:0", "{1|*}"),
        ("3.↑", "↑3"),
        ("-2.↑", "⇓"),
        ("1/2.↑+1/2.↑", "↑"),
        ("(1/2+1/4).↑-1/2.↑-1/4.↑", "0"),
        ("2.{2|1}", "{2|1}+{2|1}"),
    ] {
        let (a, b) = (s.parse(expr).unwrap(), s.parse(value).unwrap());
        assert_eq!(a, b, "{expr} = {value}: {}", s.text(a).unwrap());
    }
    let mut memo = HashMap::new();
    let day2 = s.born_by(2).unwrap();
    for &g in &day2 {
        for &h in &day2 {
            let o = s.ordinal_sum(g, h).unwrap();
            // G:H from the definition, its options unsimplified, compared plainly.
            let mut left: Vec<GameValue> = s.left_options(g).unwrap();
            for hl in s.left_options(h).unwrap() {
                left.push(s.ordinal_sum(g, hl).unwrap());
            }
            let mut right: Vec<GameValue> = s.right_options(g).unwrap();
            for hr in s.right_options(h).unwrap() {
                right.push(s.ordinal_sum(g, hr).unwrap());
            }
            let pl: Vec<Plain> = left.iter().map(|&x| plain_value(&mut s, x, &mut memo)).collect();
            let pr: Vec<Plain> = right.iter().map(|&x| plain_value(&mut s, x, &mut memo)).collect();
            let defined = Plain::new(pl, pr);
            let po = plain_value(&mut s, o, &mut memo);
            assert!(Reference::default().eq(&defined, &po), "{}:{}", s.text(g).unwrap(), s.text(h).unwrap());
        }
    }
    let minus = s.parse("{1|0}.0").unwrap_err();
    assert!(minus.to_string().contains("must be positive"), "{minus}");
    let minus = s.parse("↑.{1|0}").unwrap_err();
    assert!(minus.to_string().contains("must be positive"), "{minus}");
}

/// The kinds of game, on examples of each (Lessons in Play, chapters 5 and 9).
#[test]
fn kinds_of_game() {
    let mut s = GameStore::new();
    for (game, number, nimber, switch, infinitesimal, all_small) in [
        ("0", true, true, false, true, true),
        ("3/4", true, false, false, false, false),
        ("*3", false, true, false, true, true),
        ("±1", false, false, true, false, false),
        ("{2|1/2}", false, false, true, false, false),
        ("↑*", false, false, false, true, true),
        ("⧾1", false, false, false, true, false),
        ("{1|0,*}", false, false, false, false, false),
        ("↑^3", false, false, false, true, true),
    ] {
        let g = s.parse(game).unwrap();
        assert_eq!(s.is_number(g).unwrap(), number, "{game}");
        assert_eq!(s.is_nimber(g).unwrap(), nimber, "{game}");
        assert_eq!(s.is_switch(g).unwrap(), switch, "{game}");
        assert_eq!(s.is_infinitesimal(g).unwrap(), infinitesimal, "{game}");
        assert_eq!(s.is_all_small(g).unwrap(), all_small, "{game}");
    }
    let g = s.parse("{1|0}").unwrap();
    assert_eq!(s.birthday(g).unwrap(), 2);
}

/// Lessons in Play's names of the uptimals and tiny games are written and read back: ↑^2 =
/// {0|↓*} and ↑^(n+1) = {0|↓^(→n)*} (Lessons in Play, chapter 9; Siegel, section II.4), ⧾x =
/// {0||0|-x}, ⧿x = {x|0||0}; each text reads back as the same game and is written the same.
#[test]
fn uptimal_and_tiny_names_round_trip() {
    let mut s = GameStore::new();
    for (text, name) in [
        ("{0|↓*}", "↑^2"),
        ("{↑*|0}", "↓^2"),
        ("{0|↓+↓^2+*}", "↑^3"),
        ("^^3", "↑^3"),
        ("v^4", "↓^4"),
        ("↑^2+*", "↑^2*"),
        ("{0|{0|-2}}", "⧾2"),
        ("{{1/2|0}|0}", "⧿1/2"),
        ("Tiny(1)", "⧾1"),
        ("Miny(3)", "⧿3"),
        ("-⧾1", "⧿1"),
    ] {
        let g = s.parse(text).unwrap();
        assert_eq!(s.text(g).unwrap(), name, "{text}");
        assert_eq!(s.parse(name).unwrap(), g, "{name}");
    }
    // Expressions as text round-trip as expressions.
    for text in ["{1|*}:1", "↑.{1|0}", "aw({0|↑})", "reduced(↑*+↑)", "-(1:1)", "(↑+*):(±1)", "Tiny({1|0})", "↑^5*"]
    {
        let e: grundy::values::partizan::GameExpr = text.parse().unwrap();
        assert_eq!(e.to_string(), text);
    }
    for bad in ["↑^0", "↑^2*2", "1↑^2", "foo(1)", "aw 1", "↑^999"] {
        assert!(s.parse(bad).is_err(), "{bad}");
    }
}
