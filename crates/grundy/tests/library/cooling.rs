//! Issue 84's worksheet operations checked against their definitions on every game born by
//! day 3 (1474 of them): cooling, heating, overheating and freezing (Siegel, Combinatorial Game
//! Theory, sections II.5-II.6; Winning Ways, chapter 6), each computed again here by a plain
//! recursion over the canonical options, and the identities cooling and heating obey.

use std::collections::HashMap;

use grundy::values::partizan::{Dyadic, GameStore, GameValue};

/// The temperatures scanned for the least t' of the definition of cooling: the multiples of
/// 1/16 above -1 (the test checks that every game's temperature here is one of them).
const PER_UNIT: i64 = 16; // 2^4

fn dyadic(text: &str) -> Dyadic {
    text.parse().unwrap()
}

/// t in sixteenths (t a multiple of 1/16).
fn in_sixteenths(t: Dyadic) -> i64 {
    t.numerator() << (4 - t.exponent())
}

/// k/16 as a game.
fn sixteenths(s: &mut GameStore, k: i64) -> GameValue {
    s.number(Dyadic::new(k, 4).unwrap()).unwrap()
}

/// Whether a game is infinitesimally close to a number: its Left and Right stops are equal
/// (G - x is an infinitesimal, whose stops are both 0).
fn near_a_number(s: &mut GameStore, g: GameValue) -> Option<Dyadic> {
    let (l, r) = s.stops(g).unwrap();
    (l == r).then_some(l)
}

/// Cooling by its definition (Siegel, Definition II.5.?; Winning Ways, chapter 6), for
/// t = k/16: an integer is itself; otherwise G_t = {G^L_t - t | G^R_t + t} unless, for some
/// t' < t (t' > -1), {G^L_t' - t' | G^R_t' + t'} is infinitesimally close to a number x, then
/// x for the least such t'. The t' are scanned on the grid of sixteenths.
struct Cooling {
    cooled: HashMap<(GameValue, i64), GameValue>,
    raw: HashMap<(GameValue, i64), GameValue>,
}

impl Cooling {
    fn new() -> Cooling {
        Cooling { cooled: HashMap::new(), raw: HashMap::new() }
    }

    /// {G^L_t - t | G^R_t + t}, t = k/16.
    fn raw(&mut self, s: &mut GameStore, g: GameValue, k: i64) -> GameValue {
        if let Some(&r) = self.raw.get(&(g, k)) {
            return r;
        }
        let t = sixteenths(s, k);
        let minus_t = s.neg(t).unwrap();
        let mut left = Vec::new();
        for o in s.left_options(g).unwrap() {
            let c = self.cool(s, o, k);
            left.push(s.sum(c, minus_t).unwrap());
        }
        let mut right = Vec::new();
        for o in s.right_options(g).unwrap() {
            let c = self.cool(s, o, k);
            right.push(s.sum(c, t).unwrap());
        }
        let r = s.game(&left, &right).unwrap();
        self.raw.insert((g, k), r);
        r
    }

    /// G_t, t = k/16.
    fn cool(&mut self, s: &mut GameStore, g: GameValue, k: i64) -> GameValue {
        if let Some(&r) = self.cooled.get(&(g, k)) {
            return r;
        }
        let r = if s.as_number(g).unwrap().is_some_and(|x| x.is_integer()) {
            g
        } else {
            let mut found = None;
            for earlier in (1 - PER_UNIT)..k {
                let raw = self.raw(s, g, earlier);
                if let Some(x) = near_a_number(s, raw) {
                    found = Some(x);
                    break;
                }
            }
            match found {
                Some(x) => s.number(x).unwrap(),
                None => self.raw(s, g, k),
            }
        };
        self.cooled.insert((g, k), r);
        r
    }
}

/// ∫^t G by its definition: G if G is a number, else {∫^t G^L + t | ∫^t G^R - t}; with
/// `unit` Some(s), ∫_s^t G: n·s for the integer n, else the same recursion.
fn heat_plain(
    s: &mut GameStore,
    g: GameValue,
    unit: Option<GameValue>,
    t: GameValue,
    memo: &mut HashMap<GameValue, GameValue>,
) -> GameValue {
    if let Some(&r) = memo.get(&g) {
        return r;
    }
    let r = match (s.as_number(g).unwrap(), unit) {
        (Some(_), None) => g,
        (Some(n), Some(u)) if n.is_integer() => {
            let copies =
                vec![if n.numerator() < 0 { s.neg(u).unwrap() } else { u }; n.numerator().unsigned_abs() as usize];
            s.sum_all(&copies).unwrap()
        }
        _ => {
            let minus_t = s.neg(t).unwrap();
            let mut left = Vec::new();
            for o in s.left_options(g).unwrap() {
                let h = heat_plain(s, o, unit, t, memo);
                left.push(s.sum(h, t).unwrap());
            }
            let mut right = Vec::new();
            for o in s.right_options(g).unwrap() {
                let h = heat_plain(s, o, unit, t, memo);
                right.push(s.sum(h, minus_t).unwrap());
            }
            s.game(&left, &right).unwrap()
        }
    };
    memo.insert(g, r);
    r
}

/// The temperatures the tests cool by, in sixteenths: from -3/4 to 3.
const COOLED_BY: [i64; 8] = [-12, -8, 0, 4, 8, 16, 24, 48];

#[test]
fn every_temperature_of_the_games_born_by_day_3_is_on_the_grid() {
    // The least t' of the definition is the temperature (Siegel); the scan of sixteenths finds
    // it exactly when every temperature met is a multiple of 1/16 (the options of a game born
    // by day 3 are born by day 2, so among these games too).
    let mut s = GameStore::new();
    for g in s.born_by(3).unwrap() {
        let t = s.temperature(g).unwrap();
        assert!(t.exponent() <= 4, "{}: temperature {t}", s.text(g).unwrap());
    }
}

#[test]
fn cooling_every_game_born_by_day_3_is_its_definition() {
    let mut s = GameStore::new();
    let mut plain = Cooling::new();
    let games = s.born_by(3).unwrap();
    assert_eq!(games.len(), 1474);
    for &k in &COOLED_BY {
        let t = Dyadic::new(k, 4).unwrap();
        for &g in &games {
            let want = plain.cool(&mut s, g, k);
            let got = s.cool(g, t).unwrap();
            assert_eq!(got, want, "{} cooled by {t}: {} by the definition", s.text(g).unwrap(), s.text(want).unwrap());
        }
    }
}

#[test]
fn freezing_every_game_born_by_day_3_is_cooling_by_its_temperature() {
    let mut s = GameStore::new();
    let mut plain = Cooling::new();
    for g in s.born_by(3).unwrap() {
        let frozen = s.freeze(g).unwrap();
        if s.as_number(g).unwrap().is_some() {
            // A number's frozen value is itself (CGSuite's answer).
            assert_eq!(frozen, g);
            continue;
        }
        let k = in_sixteenths(s.temperature(g).unwrap());
        let want = plain.cool(&mut s, g, k);
        assert_eq!(frozen, want, "{} frozen", s.text(g).unwrap());
        // Frozen, a game is infinitesimally close to its mean.
        assert_eq!(near_a_number(&mut s, frozen), Some(s.mean(g).unwrap()));
    }
}

#[test]
fn heating_and_overheating_every_game_born_by_day_3_is_their_definition() {
    let mut s = GameStore::new();
    let games = s.born_by(3).unwrap();
    let by: Vec<GameValue> = ["1/2", "1", "2", "*", "1*", "↑"].iter().map(|t| s.parse(t).unwrap()).collect();
    for &t in &by {
        let mut memo = HashMap::new();
        for &g in &games {
            let want = heat_plain(&mut s, g, None, t, &mut memo);
            assert_eq!(s.heat(g, t).unwrap(), want, "∫^{} {}", s.text(t).unwrap(), s.text(g).unwrap());
        }
    }
    for (unit, t) in [("1", "1"), ("1", "1*"), ("↑", "1"), ("1/2", "2")] {
        let (unit, t) = (s.parse(unit).unwrap(), s.parse(t).unwrap());
        let mut memo = HashMap::new();
        for &g in &games {
            let want = heat_plain(&mut s, g, Some(unit), t, &mut memo);
            assert_eq!(s.overheat(g, unit, t).unwrap(), want, "overheating {}", s.text(g).unwrap());
        }
    }
}

/// Every subposition of g's canonical form (g included).
fn followers(s: &mut GameStore, g: GameValue, out: &mut Vec<GameValue>) {
    if out.contains(&g) {
        return;
    }
    out.push(g);
    for o in s.left_options(g).unwrap().into_iter().chain(s.right_options(g).unwrap()) {
        followers(s, o, out);
    }
}

#[test]
fn cooling_then_heating_gives_back_every_game_hot_enough() {
    // ∫^t G_t = G when G is hot enough for cooling by t to keep its form (Winning Ways,
    // chapter 6: heating undoes cooling unless cooling froze or merged something): every
    // subposition F of G's canonical form that is not a number has temperature above t (else
    // F_t is a number, which heating leaves alone), and F_t's canonical form keeps one option
    // for each of F's (none dominated or reversed once cooled: {0|-1,{0|-1}} cooled by 1/4 is
    // {-1/4|-3/4}, its second Right option dominated, and heats back to {0|-1}). Checked on
    // every such game born by day 3 (20 to 146 of them for each t).
    let mut s = GameStore::new();
    let mut merged_total = 0;
    for t in ["0", "1/4", "1/2", "1"] {
        let t = dyadic(t);
        let t_game = s.number(t).unwrap();
        let (mut checked, mut merged) = (0, 0);
        for g in s.born_by(3).unwrap() {
            let mut all = Vec::new();
            followers(&mut s, g, &mut all);
            let mut hot = true;
            let mut kept = true;
            for &f in &all {
                if s.as_number(f).unwrap().is_some() {
                    continue;
                }
                hot &= s.temperature(f).unwrap() > t;
                let c = s.cool(f, t).unwrap();
                kept &= s.left_options(c).unwrap().len() == s.left_options(f).unwrap().len()
                    && s.right_options(c).unwrap().len() == s.right_options(f).unwrap().len();
            }
            if !hot {
                continue;
            }
            let cooled = s.cool(g, t).unwrap();
            let back = s.heat(cooled, t_game).unwrap();
            if !kept {
                merged += usize::from(back != g);
                continue;
            }
            assert_eq!(back, g, "{} cooled by {t} and heated back", s.text(g).unwrap());
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} games hot enough for t = {t}");
        merged_total += merged;
    }
    // The condition on the form is needed: some hot games whose cooled form merged options do
    // not come back.
    assert!(merged_total > 0);
}

#[test]
fn heating_then_cooling_gives_back_every_game() {
    // (∫^t G)_t = G for t > 0 (Winning Ways, chapter 6: cooling is the inverse of heating).
    let mut s = GameStore::new();
    let games = s.born_by(3).unwrap();
    for t in ["1/2", "1", "2"] {
        let t = dyadic(t);
        let t_game = s.number(t).unwrap();
        for &g in &games {
            let heated = s.heat(g, t_game).unwrap();
            let back = s.cool(heated, t).unwrap();
            assert_eq!(back, g, "{} heated by {t} and cooled back", s.text(g).unwrap());
        }
    }
}

#[test]
fn cooling_is_additive_and_keeps_order() {
    // Siegel, section II.5: (G + H)_t = G_t + H_t, and G >= H implies G_t >= H_t, for t >= 0;
    // and cooling twice is cooling by the sum, (G_s)_t = G_(s+t). Checked on every pair of
    // games born by day 2, and on every game born by day 3 for the last.
    let mut s = GameStore::new();
    let day2 = s.born_by(2).unwrap();
    for t in ["0", "1/2", "1", "3/2"] {
        let t = dyadic(t);
        for &g in &day2 {
            for &h in &day2 {
                let gh = s.sum(g, h).unwrap();
                let (gt, ht, ght) = (s.cool(g, t).unwrap(), s.cool(h, t).unwrap(), s.cool(gh, t).unwrap());
                assert_eq!(
                    ght,
                    s.sum(gt, ht).unwrap(),
                    "({} + {}) cooled by {t}",
                    s.text(g).unwrap(),
                    s.text(h).unwrap()
                );
                if s.ge(g, h).unwrap() {
                    assert!(s.ge(gt, ht).unwrap());
                }
            }
        }
    }
    for g in s.born_by(3).unwrap() {
        for (a, b) in [("1/2", "1/2"), ("1/4", "3/4"), ("1", "1")] {
            let (a, b) = (dyadic(a), dyadic(b));
            let twice = s.cool(g, a).unwrap();
            let twice = s.cool(twice, b).unwrap();
            assert_eq!(twice, s.cool(g, a.checked_add(b).unwrap()).unwrap(), "{}", s.text(g).unwrap());
        }
    }
}

#[test]
fn norton_products_by_a_positive_unit_are_additive_and_keep_order() {
    // Norton's theorem as Siegel states it (Combinatorial Game Theory, section II.6): for a
    // unit U > 0, G.U depends on G's value alone, (G + H).U = G.U + H.U, and G >= H exactly
    // when G.U >= H.U. Checked on every pair of games born by day 2 for U = 1, ↑, 1/2 and
    // {2|1}, a positive unit whose Norton products are not numbers.
    let mut s = GameStore::new();
    let day2 = s.born_by(2).unwrap();
    for unit in ["1", "↑", "1/2", "{2|1}"] {
        let u = s.parse(unit).unwrap();
        let zero = s.parse("0").unwrap();
        assert!(s.ge(u, zero).unwrap() && u != zero, "{unit} is positive");
        for &g in &day2 {
            let gu = s.norton(g, u).unwrap();
            for &h in &day2 {
                let hu = s.norton(h, u).unwrap();
                let gh = s.sum(g, h).unwrap();
                let ghu = s.norton(gh, u).unwrap();
                assert_eq!(ghu, s.sum(gu, hu).unwrap(), "({} + {}).{unit}", s.text(g).unwrap(), s.text(h).unwrap());
                assert_eq!(
                    s.ge(g, h).unwrap(),
                    s.ge(gu, hu).unwrap(),
                    "{} >= {} by {unit}",
                    s.text(g).unwrap(),
                    s.text(h).unwrap()
                );
            }
        }
    }
}
