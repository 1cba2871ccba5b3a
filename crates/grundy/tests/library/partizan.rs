//! The values of short partizan games (`grundy::values::partizan`) checked against a plain
//! implementation of the definitions (Conway, On Numbers and Games, chapter 1; Siegel,
//! Combinatorial Game Theory, section II.1): a game is its options as given, never simplified; G <=
//! H iff no G^L >= H and no H^R <= G; G + H and -G by their recursive definitions. Known values
//! come from Lessons in Play (Albert, Nowakowski & Wolfe) and Siegel, each cited where it is
//! checked.

use crate::conway;

use std::collections::HashMap;

use conway::{plain_value, Plain, Reference};

use grundy::values::partizan::{Dyadic, GameExpr, GameStore, GameValue, PartizanError, PartizanOutcome, Relation};

/// The plain games {L | R} for every two subsets L, R of `games` (repeats kept).
fn next_day(games: &[Plain]) -> Vec<Plain> {
    let subsets: Vec<Vec<Plain>> = (0..1usize << games.len())
        .map(|mask| games.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, g)| g.clone()).collect())
        .collect();
    let mut out = Vec::new();
    for l in &subsets {
        for r in &subsets {
            out.push(Plain::new(l.clone(), r.clone()));
        }
    }
    out
}

/// The store's value of a plain game, built bottom-up through `GameStore::game`.
fn store_value(s: &mut GameStore, p: &Plain, memo: &mut HashMap<usize, GameValue>) -> GameValue {
    if let Some(&g) = memo.get(&p.key()) {
        return g;
    }
    let left: Vec<GameValue> = p.left().iter().map(|o| store_value(s, o, memo)).collect();
    let right: Vec<GameValue> = p.right().iter().map(|o| store_value(s, o, memo)).collect();
    let g = s.game(&left, &right).unwrap();
    memo.insert(p.key(), g);
    g
}

/// The canonical name of a text.
fn name(s: &mut GameStore, text: &str) -> String {
    let g = s.parse(text).unwrap();
    s.text(g).unwrap()
}

/// A small deterministic generator (xorshift), so the samples are the same on every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The plain games born by day 2 (every {L|R} over subsets of day 1's four, 256 of them with
/// repeats) and a sample of day 3's, built from them.
fn plain_games(rng: &mut Rng, sample: usize) -> (Vec<Plain>, Vec<Plain>) {
    let day1 = next_day(&[Plain::new(vec![], vec![])]);
    let day2 = next_day(&day1);
    let mut day3 = Vec::with_capacity(sample);
    for _ in 0..sample {
        let pick =
            |rng: &mut Rng| -> Vec<Plain> { (0..rng.below(4)).map(|_| day2[rng.below(day2.len())].clone()).collect() };
        let (l, r) = (pick(rng), pick(rng));
        day3.push(Plain::new(l, r));
    }
    (day2, day3)
}

/// Every plain game born by day 2 and a sample of day 3's: the store's canonical form equals
/// the plain game (both ways), equal plain games get one id and unequal ones different ids, and
/// comparisons, sums and negations agree with the recursive definitions.
#[test]
fn canonical_forms_comparisons_sums_and_negations_agree_with_the_definitions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (day2, day3) = plain_games(&mut rng, 400);
    let mut s = GameStore::new();
    let mut r = Reference::default();
    let mut values = HashMap::new();
    let mut plains = HashMap::new();
    let games: Vec<Plain> = day2.iter().chain(&day3).cloned().collect();
    let ids: Vec<GameValue> = games.iter().map(|p| store_value(&mut s, p, &mut values)).collect();
    for (p, &g) in games.iter().zip(&ids) {
        let c = plain_value(&mut s, g, &mut plains);
        assert!(r.eq(p, &c), "the canonical form {} is not equal to its game", s.text(g).unwrap());
    }
    // Equal games, and only they, share an id; <= agrees with the recursive rule.
    for _ in 0..3000 {
        let (i, j) = (rng.below(games.len()), rng.below(games.len()));
        let (le, ge) = (r.le(&games[i], &games[j]), r.le(&games[j], &games[i]));
        assert_eq!(s.le(ids[i], ids[j]).unwrap(), le);
        assert_eq!(s.ge(ids[i], ids[j]).unwrap(), ge);
        assert_eq!(ids[i] == ids[j], le && ge, "{} vs {}", s.text(ids[i]).unwrap(), s.text(ids[j]).unwrap());
        let expected = match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        };
        assert_eq!(s.compare(ids[i], ids[j]).unwrap(), expected);
    }
    // Sums and negations: the canonical form equals the plain sum (no simplification).
    for _ in 0..300 {
        let (i, j) = (rng.below(games.len()), rng.below(games.len()));
        let plain_sum = r.sum(&games[i], &games[j]);
        let sum = s.sum(ids[i], ids[j]).unwrap();
        let c = plain_value(&mut s, sum, &mut plains);
        assert!(
            r.eq(&plain_sum, &c),
            "{} + {} gave {}",
            s.text(ids[i]).unwrap(),
            s.text(ids[j]).unwrap(),
            s.text(sum).unwrap()
        );
        let neg = s.neg(ids[i]).unwrap();
        let plain_neg = r.neg(&games[i]);
        let c = plain_value(&mut s, neg, &mut plains);
        assert!(r.eq(&plain_neg, &c));
        assert_eq!(s.sum(ids[i], neg).unwrap(), s.integer(0).unwrap(), "G + (-G) = 0");
    }
}

/// The outcome classes agree with who wins by the definition: L iff G > 0, R iff G < 0, P iff
/// G = 0, N otherwise (Lessons in Play, chapter 2; Siegel, section II.1).
#[test]
fn outcome_classes_agree_with_the_definition() {
    let mut rng = Rng(7);
    let (day2, day3) = plain_games(&mut rng, 150);
    let mut s = GameStore::new();
    let mut r = Reference::default();
    let mut values = HashMap::new();
    let zero = Plain::new(vec![], vec![]);
    let mut seen = std::collections::HashSet::new();
    for p in day2.iter().chain(&day3) {
        let g = store_value(&mut s, p, &mut values);
        let expected = match (r.le(&zero, p), r.le(p, &zero)) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        };
        assert_eq!(s.outcome(g).unwrap(), expected, "{}", s.text(g).unwrap());
        seen.insert(expected);
    }
    assert_eq!(seen.len(), 4, "every class is met");
}

/// There are 22 canonical games born by day 2 and 1474 born by day 3 (Siegel, CGT, on the games
/// born by day n; the counts of Wolfe and Fraser); the plain day-2 games (256, with repeats) fall
/// into exactly 22 classes, the store's ids.
#[test]
fn games_born_by_day_2_and_day_3_are_counted() {
    let mut s = GameStore::new();
    let counts: Vec<usize> = (0..=2).map(|d| s.born_by(d).unwrap().len()).collect();
    assert_eq!(counts, [1, 4, 22]);
    let mut values = HashMap::new();
    let day1 = next_day(&[Plain::new(vec![], vec![])]);
    let ids: std::collections::HashSet<GameValue> =
        next_day(&day1).iter().map(|p| store_value(&mut s, p, &mut values)).collect();
    assert_eq!(ids.len(), 22);
    let day3 = s.born_by(3).unwrap();
    assert_eq!(day3.len(), 1474);
    assert!(day3.iter().all(|&g| s.birthday(g).unwrap() <= 3));
    assert!(matches!(s.born_by(4), Err(PartizanError::TooManyGames { day: 4, .. })));
}

/// Known values (Lessons in Play, chapters 4-5; Siegel, sections II.2-II.4): ↑ + ↑ = ⇑,
/// ↑ + * is confused with 0, {0|*} = ↑, * + * = 0, {1|-1} = ±1, {0|1} = 1/2, {0,*|0} = ↑*.
#[test]
fn known_values() {
    let mut s = GameStore::new();
    let v = |s: &mut GameStore, t: &str| s.parse(t).unwrap();
    let (up, star, zero) = (v(&mut s, "↑"), v(&mut s, "*"), v(&mut s, "0"));
    assert_eq!(s.sum(up, up).unwrap(), v(&mut s, "⇑"));
    let up_star = s.sum(up, star).unwrap();
    assert_eq!(s.compare(up_star, zero).unwrap(), Relation::Confused);
    assert_eq!(s.text(up_star).unwrap(), "↑*");
    assert_eq!(v(&mut s, "{0|*}"), up);
    assert_eq!(s.sum(star, star).unwrap(), zero);
    let switch = v(&mut s, "{1|-1}");
    assert_eq!(s.text(switch).unwrap(), "±1");
    assert_eq!(name(&mut s, "{0|1}"), "1/2");
    assert_eq!(v(&mut s, "{0,*|0}"), up_star);
    assert_eq!(name(&mut s, "{0|↑*}"), "⇑");
    assert_eq!(name(&mut s, "{0|↑}"), "⇑*");
    assert_eq!(name(&mut s, "^^^"), "↑3");
    assert_eq!(name(&mut s, "vv*"), "⇓*");
    assert_eq!(name(&mut s, "*2+*3"), "*");
    assert_eq!(name(&mut s, "{0,*,*2|0,*,*2}"), "*3");
    assert!(s.ge(up, zero).unwrap() && !s.le(up, zero).unwrap(), "↑ > 0");
    // ↑ is smaller than every positive number: 0 < ↑ < 1/64.
    let small = v(&mut s, "1/64");
    assert_eq!(s.compare(up, small).unwrap(), Relation::Less);
    // A hot game's text, and a switch: {2|-1} is no ± (not symmetric about 0).
    assert_eq!(name(&mut s, "{2|-1}"), "{2|-1}");
    assert_eq!(name(&mut s, "{0,*|-1}"), "{0,*|-1}");
    assert_eq!(name(&mut s, "{2|{1|0}}"), "{2|{1|0}}");
}

/// The simplicity theorem: {L | R} with numbers L < R is the simplest number between (Lessons
/// in Play, chapter 4; Siegel, section II.3).
#[test]
fn numbers_follow_the_simplest_number_rule() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("{1/2|7/8}", "3/4"),
        ("{-1/2|3}", "0"),
        ("{1|4}", "2"),
        ("{-7|-5/2}", "-3"),
        ("{1/4|1/2}", "3/8"),
        ("{|-3}", "-4"),
        ("{5|}", "6"),
        ("{|}", "0"),
        ("{0|1/2}", "1/4"),
        ("{-1/8|1/8}", "0"),
        ("{1|1}", "1*"),
        ("{3/4|7/8}", "13/16"),
        ("{100|}", "101"),
    ] {
        let g = s.parse(text).unwrap();
        assert_eq!(s.text(g).unwrap(), want, "{text}");
    }
    // Numbers past the exponent or the numerator refuse, never round.
    assert!(matches!(s.parse("9223372036854775807+1"), Err(PartizanError::Overflow(_))));
    assert!(matches!("1/3".parse::<Dyadic>(), Err(PartizanError::Parse(_))));
}

/// The options stored for x + n·↑ + *m are its canonical form: building the game from them
/// gives the same value back, which the plain formal sum x + ↑ + ... + ↑ + *m equals.
#[test]
fn numbers_ups_and_stars_have_their_canonical_options() {
    let mut s = GameStore::new();
    let mut r = Reference::default();
    let mut plains = HashMap::new();
    for x in ["0", "1/2", "-3", "5/4"] {
        for n in -4i64..=4 {
            for m in 0..=4u64 {
                let x: Dyadic = x.parse().unwrap();
                let g = s.nus(x, n, m).unwrap();
                let (l, rr) = (s.left_options(g).unwrap(), s.right_options(g).unwrap());
                assert_eq!(s.game(&l, &rr).unwrap(), g, "{} rebuilt from its options", s.text(g).unwrap());
                // The formal sum, from the plain forms of x, ↑ (or ↓) and *m.
                let parts = [s.number(x).unwrap(), s.nimber(m).unwrap()];
                let mut formal = plain_value(&mut s, parts[0], &mut plains);
                let star = plain_value(&mut s, parts[1], &mut plains);
                formal = r.sum(&formal, &star);
                let arrow = s.nus(Dyadic::ZERO, n.signum(), 0).unwrap();
                let arrow = plain_value(&mut s, arrow, &mut plains);
                for _ in 0..n.unsigned_abs() {
                    formal = r.sum(&formal, &arrow);
                }
                let c = plain_value(&mut s, g, &mut plains);
                assert!(r.eq(&formal, &c), "{}", s.text(g).unwrap());
                // The birthday formula agrees with the options'.
                let day = 1 + l.iter().chain(&rr).map(|&o| s.birthday(o).unwrap()).max().unwrap_or(0);
                assert_eq!(s.birthday(g).unwrap(), if l.is_empty() && rr.is_empty() { 0 } else { day });
            }
        }
    }
}

/// Text round-trips: every game's name read back is the same game, written the same (a
/// property over the day-3 sample and sums of its games).
#[test]
fn names_read_back_as_the_same_game() {
    let mut rng = Rng(99);
    let (_, day3) = plain_games(&mut rng, 300);
    let mut s = GameStore::new();
    let mut values = HashMap::new();
    let mut ids: Vec<GameValue> = day3.iter().map(|p| store_value(&mut s, p, &mut values)).collect();
    for _ in 0..100 {
        let (i, j) = (rng.below(ids.len()), rng.below(ids.len()));
        let sum = s.sum(ids[i], ids[j]).unwrap();
        ids.push(sum);
    }
    for g in ids {
        let text = s.text(g).unwrap();
        let back = s.parse(&text).unwrap();
        assert_eq!(back, g, "{text}");
        assert_eq!(s.text(back).unwrap(), text);
        let e: GameExpr = text.parse().unwrap();
        assert_eq!(e.to_string(), text);
    }
    // Expressions the fuzzer found write back as the same tree: a negated zero, negations of
    // negations.
    let deep = format!("2{}*{}51", "-".repeat(8), "-".repeat(200));
    for text in ["---0", "--0", "-(-0)", "-(0)", "±-0", "--1/2", "-(-(↑))", &deep] {
        let e: GameExpr = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        let again: GameExpr = e.to_string().parse().unwrap();
        assert_eq!(again, e, "{text} wrote {e}");
    }
    // ASCII and sums read back.
    for (ascii, unicode) in [
        ("^", "↑"),
        ("v", "↓"),
        ("^^", "⇑"),
        ("vv", "⇓"),
        ("^*", "↑*"),
        ("1/2v*3", "1/2↓*3"),
        ("-1^", "-1↑"),
        ("-(1^)", "-1↓"),
        ("^3", "↑3"),
        ("v3*", "↓3*"),
        ("↑+*", "↑*"),
        ("{1|0}-1/2", "±1/2"),
        ("±1+±1", "0"),
        ("{2|-1} + {1|0}", "{{3|2}|{0|-1}}"),
    ] {
        let g = s.parse(ascii).unwrap_or_else(|e| panic!("{ascii}: {e}"));
        let t = s.text(g).unwrap();
        assert_eq!(t, unicode, "{ascii}");
        assert_eq!(s.parse(&t).unwrap(), g, "{ascii} -> {t}");
    }
}

/// Bad text is refused with a typed error naming the place; deep nesting and huge counts are
/// refused, not followed.
#[test]
fn bad_text_is_refused() {
    let mut s = GameStore::new();
    for bad in ["", "{", "{0|", "{0 1|}", "1/3", "↑⇓", "x", "{0|}}", "*-", "⇑2", "((1)", "1/0"] {
        match s.parse(bad) {
            Err(PartizanError::Parse(m)) => assert!(!m.is_empty() && !m.contains('\n'), "{bad}: {m}"),
            other => panic!("{bad:?} gave {other:?}"),
        }
    }
    let deep = format!("{}0{}", "{".repeat(5000), "|}".repeat(5000));
    assert!(matches!(s.parse(&deep), Err(PartizanError::Parse(_))));
    assert!(matches!(s.parse("↑99999999999999999999"), Err(PartizanError::Overflow(_))));
}

/// Issue 80, row 6: `+-G` is ±G = {G | -G}, as CGSuite and many texts write it in ASCII (it was
/// read as -G, `+-1` as -1); a game before it is added (`3+-1` is 3 + ±1 = {4|2}, CGSuite's
/// 3±1), and `+ -` with a space between stays a plus and a minus (`1 + -1` is 0). Each checked
/// against {G | -G} typed out in braces.
#[test]
fn plus_minus_is_a_switch() {
    let mut s = GameStore::new();
    for g in ["1", "{2|1}", "^", "1/2", "*", "3", "-1", "{1|0}.^", "⇑*", "{2|-1}", "↑^3", "±1"] {
        let braces = s.parse(&format!("{{{g}|-({g})}}")).unwrap();
        for text in [format!("+-{g}"), format!("+-({g})"), format!("±{g}"), format!("{{+-{g}|0}}")] {
            let v = s.parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let want = if text.starts_with('{') { s.parse(&format!("{{±({g})|0}}")).unwrap() } else { braces };
            assert_eq!(v, want, "{text} is {}", s.text(v).unwrap());
            // What it is named reads back as it.
            let name = s.text(v).unwrap();
            assert_eq!(s.parse(&name).unwrap(), v, "{text} named {name}");
        }
    }
    // ±↑ = {↑|↓} is *: ↑ reverses through * (Right's answer from it) to 0.
    for (text, name) in [("+-1", "±1"), ("+-{2|1}", "{{2|1}|{-1|-2}}"), ("+-^", "*"), ("+-1/2", "±1/2")] {
        let v = s.parse(text).unwrap();
        assert_eq!(s.text(v).unwrap(), name, "{text}");
    }
    // A game before ± is added to the switch: 3 ± 1 = 3 + {1|-1} = {4|2}.
    for (text, braces) in [
        ("3+-1", "{4|2}"),
        ("3±1", "{4|2}"),
        ("3 +- 1", "{4|2}"),
        ("1/2+-1/4", "{3/4|1/4}"),
        ("-2+-3", "{1|-5}"),
        ("^+-1", "{1↑|-1↑}"),
        ("1+2+-1", "{4|2}"),
        ("3+-1+1", "{5|3}"),
        ("3+-1:1", "3+{1:1|-(1:1)}"),
        ("{3+-1|}", "{{4|2}|}"),
    ] {
        let v = s.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(v, s.parse(braces).unwrap(), "{text} is {}", s.text(v).unwrap());
    }
    // A plus and a minus apart are a sum and a negative.
    for (text, value) in [("1 + -1", "0"), ("1+ -1", "0"), ("+ -1", "-1"), ("1 - -1", "2"), ("2 + -{1|0}", "{2|1}")] {
        let v = s.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(s.text(v).unwrap(), value, "{text}");
    }
    // Trees read from `+-` write back as themselves.
    for text in ["+-1", "3+-1", "1+-1+-2", "+-+-1", "{+-1|+--1}", "1:+-1", "{1|0}.+-^"] {
        let e: GameExpr = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        let again: GameExpr = e.to_string().parse().unwrap();
        assert_eq!(again, e, "{text} wrote {e}");
    }
}

/// Issue 80, row 15: every count of ↑ or ↓ a name is written with reads back (`v9223372036854775807+v`
/// was named ↓9223372036854775808, which was refused when read back, the refusal naming ↑);
/// a count too large is refused naming the arrow typed. Over extreme counts, stars and numbers:
/// what is named reads back as the same value, and is written the same.
#[test]
fn extreme_counts_of_up_and_down_read_back() {
    let mut s = GameStore::new();
    let v = s.parse("v9223372036854775807+v").unwrap();
    assert_eq!(s.text(v).unwrap(), "↓9223372036854775808");
    assert_eq!(s.parse("↓9223372036854775808").unwrap(), v);
    assert_eq!(s.parse("v9223372036854775808").unwrap(), v);
    let counts = ["0", "1", "2", "4611686018427387904", "9223372036854775806", "9223372036854775807"];
    let counts = [&counts[..], &["9223372036854775808", "9223372036854775809", "18446744073709551615"]].concat();
    let mut named = 0;
    for arrow in ["^", "v", "↑", "↓"] {
        for count in &counts {
            for number in ["", "1", "-9223372036854775807", "1/4611686018427387904"] {
                for star in ["", "*", "*18446744073709551615"] {
                    for plus in ["", "+^", "+v", "+^*", "-v"] {
                        let text = format!("{number}{arrow}{count}{star}{plus}");
                        let g = match s.parse(&text) {
                            Ok(g) => g,
                            Err(e) => {
                                let m = e.to_string();
                                let down = arrow == "v" || arrow == "↓";
                                // A refused count names its arrow as typed, never the other.
                                if m.contains(&format!("{arrow}{count}")) {
                                    assert!(!m.contains(if down { '↑' } else { '↓' }), "{text}: {m}");
                                }
                                assert!(!m.contains('\n') && m.len() < 200, "{text}: {m}");
                                continue;
                            }
                        };
                        let name = s.text(g).unwrap();
                        let back = s.parse(&name).unwrap_or_else(|e| panic!("{text} is named {name}, refused: {e}"));
                        assert_eq!(back, g, "{text} is named {name}");
                        assert_eq!(s.text(back).unwrap(), name);
                        named += 1;
                    }
                }
            }
        }
    }
    assert!(named > 500, "only {named} named");
    // The refusal of a count too large names ↓ (or v) when it is one.
    for (text, arrow) in [("v18446744073709551615", "v"), ("↓9223372036854775809", "↓"), ("^9223372036854775808", "^")]
    {
        let m = s.parse(text).unwrap_err().to_string();
        assert!(m.contains(text) && m.contains(arrow), "{text}: {m}");
        assert!(!m.contains(if arrow == "^" { '↓' } else { '↑' }), "{text}: {m}");
    }
}

/// Issue 80, row 17: a refusal echoes a long token cut to its first and last characters and its
/// length, not whole (a 100,000-digit number was echoed, 100 KB in one line).
#[test]
fn long_tokens_are_cut_in_refusals() {
    let mut s = GameStore::new();
    let digits = "1".repeat(99_999) + "9";
    for (text, length) in [
        (digits.clone(), "100000 digits"),
        (format!("-{digits}"), "100001 characters"),
        (format!("1/{digits}"), "100002 characters"),
        (format!("*{digits}"), "100000 digits"),
        (format!("^{digits}"), "100000 digits"),
        (format!("v{digits}"), "100000 digits"),
        (format!("^^{digits}"), "100000 digits"),
        (format!("{{1|0}}+{digits}"), "100000 digits"),
        ("abc".repeat(30_000), "90000 characters"),
        (format!("{}(1)", "a".repeat(100_000)), "100000 characters"),
    ] {
        let m = s.parse(&text).unwrap_err().to_string();
        let start: String = m.chars().take(200).collect();
        assert!(m.len() < 300 && m.contains(length) && m.contains('…'), "{}: {} bytes, {start}", &text[..20], m.len());
    }
    // Short ones are echoed whole.
    let m = s.parse("*99999999999999999999").unwrap_err().to_string();
    assert!(m.contains("*99999999999999999999") && !m.contains('…'), "{m}");
}

/// Every operation is bounded: past the work limit it refuses with a typed error, and games too
/// deep to follow are refused, not a stack overflow.
#[test]
fn work_and_depth_are_bounded() {
    let mut s = GameStore::new();
    let g = s.parse("{2|{1|0}}").unwrap();
    let h = s.parse("{3|{1|-1},{0|-2}}").unwrap();
    s.set_work_limit(5);
    assert!(matches!(s.sum(g, h), Err(PartizanError::TooMuchWork { limit: 5, .. })));
    s.set_work_limit(grundy::values::partizan::DEFAULT_WORK_LIMIT);
    let sum = s.sum(g, h).unwrap();
    assert!(s.birthday(sum).unwrap() >= 3);
    // A nimber's options are *0 .. *(m-1): a huge one is refused by the work limit.
    let huge = s.nimber(1 << 40).unwrap();
    assert!(matches!(s.left_options(huge), Err(PartizanError::TooMuchWork { .. })));
    let deep = s.parse("↑5000").unwrap();
    let hot = s.parse("{1|-1}").unwrap();
    assert!(matches!(s.sum(deep, hot), Err(PartizanError::TooDeep { .. })));
    // But sums of numbers, ↑ and * are closed forms, whatever their size.
    let a = s.parse("1000000000↑5000*3").unwrap();
    let b = s.parse("-999999999↓4999*2").unwrap();
    let c = s.sum(a, b).unwrap();
    assert_eq!(s.text(c).unwrap(), "1↑*");
    // A value of another store is refused.
    let mut other = GameStore::new();
    assert!(matches!(other.text(a), Err(PartizanError::ForeignValue)));
}

/// Stops, mean and temperature (Siegel, section II.5; Lessons in Play, chapter 6): ±1 has
/// temperature 1 and mean 0; {2|-1} mean 1/2, temperature 3/2; a number m/2^k has temperature
/// -1/2^k and an integer -1 (Siegel's convention); infinitesimals have temperature 0.
#[test]
fn temperatures_and_means() {
    let mut s = GameStore::new();
    for (text, stops, mean, temperature) in [
        ("±1", ("1", "-1"), "0", "1"),
        ("{2|-1}", ("2", "-1"), "1/2", "3/2"),
        ("3", ("3", "3"), "3", "-1"),
        ("1/2", ("1/2", "1/2"), "1/2", "-1/2"),
        ("-3/8", ("-3/8", "-3/8"), "-3/8", "-1/8"),
        ("*", ("0", "0"), "0", "0"),
        ("↑", ("0", "0"), "0", "0"),
        ("1/2*", ("1/2", "1/2"), "1/2", "0"),
        // {2||1|0}: Left's scaffold 2 - t meets Right's, 1 up to t = 1/2 then 1/2 + t, at
        // t = 3/4 (worked by hand from the definition of cooling, Siegel, section II.5).
        ("{2|{1|0}}", ("2", "1"), "5/4", "3/4"),
        ("{3|{1|-1}}", ("3", "1"), "3/2", "3/2"),
    ] {
        let g = s.parse(text).unwrap();
        let (l, r) = s.stops(g).unwrap();
        assert_eq!((l.to_string(), r.to_string()), (stops.0.to_string(), stops.1.to_string()), "{text} stops");
        assert_eq!(s.mean(g).unwrap().to_string(), mean, "{text} mean");
        assert_eq!(s.temperature(g).unwrap().to_string(), temperature, "{text} temperature");
    }
}

/// Thermographs' walls as exact breakpoints (Siegel, section II.5): ±1's Left wall runs from 2 at
/// t = -1 down to the mast 0 at t = 1, its Right wall from -2 up; 1/2's walls are those of
/// {1|0} one degree colder (0 - t and 1 + t meeting at t = -1/2); {2||1|0}'s Right wall has a
/// corner where {1|0} freezes (t = 1/2).
#[test]
fn thermograph_walls() {
    let mut s = GameStore::new();
    let pts = |v: Vec<(Dyadic, Dyadic)>| v.into_iter().map(|(t, x)| format!("{t}:{x}")).collect::<Vec<_>>().join(" ");
    let cases = [
        ("±1", "-1:2 1:0", "-1:-2 1:0"),
        ("1/2", "-1:1 -1/2:1/2", "-1:0 -1/2:1/2"),
        ("7", "-1:7", "-1:7"),
        ("{2|{1|0}}", "-1:3 3/4:5/4", "-1:1 1/2:1 3/4:5/4"),
        ("*", "-1:1 0:0", "-1:-1 0:0"),
    ];
    for (text, left, right) in cases {
        let g = s.parse(text).unwrap();
        let t = s.thermograph(g).unwrap();
        assert_eq!(pts(t.left_wall().points()), left, "{text} left wall");
        assert_eq!(pts(t.right_wall().points()), right, "{text} right wall");
    }
}

/// Theorems of thermography checked on the day-3 sample and its sums (Siegel, section II.5):
/// the mean is additive, mean(G + H) = mean(G) + mean(H); the temperature of a sum is at most
/// the larger of its parts'; the Left wall is never below the Right wall; above the temperature
/// both walls are the mean; and for a game of temperature at least 0 the walls at t = 0 are its
/// stops.
#[test]
fn means_add_and_temperatures_of_sums_are_bounded() {
    let mut rng = Rng(2024);
    let (_, day3) = plain_games(&mut rng, 200);
    let mut s = GameStore::new();
    let mut values = HashMap::new();
    let ids: Vec<GameValue> = day3.iter().map(|p| store_value(&mut s, p, &mut values)).collect();
    let zero = Dyadic::ZERO;
    for _ in 0..400 {
        let (g, h) = (ids[rng.below(ids.len())], ids[rng.below(ids.len())]);
        let sum = s.sum(g, h).unwrap();
        let (tg, th, ts) = (s.thermograph(g).unwrap(), s.thermograph(h).unwrap(), s.thermograph(sum).unwrap());
        assert_eq!(
            ts.mean(),
            tg.mean().checked_add(th.mean()).unwrap(),
            "{} + {}",
            s.text(g).unwrap(),
            s.text(h).unwrap()
        );
        assert!(ts.temperature() <= tg.temperature().max(th.temperature()));
        for t in [&tg, &th, &ts] {
            for (p, _) in t.left_wall().points().into_iter().chain(t.right_wall().points()) {
                assert!(t.left_wall().at(p).unwrap() >= t.right_wall().at(p).unwrap());
            }
            let far = t.temperature().checked_add(Dyadic::integer(1)).unwrap();
            assert_eq!(t.left_wall().at(far).unwrap(), t.mean());
            assert_eq!(t.right_wall().at(far).unwrap(), t.mean());
        }
        let (ls, rs) = s.stops(sum).unwrap();
        if ts.temperature() >= zero {
            assert_eq!(ts.left_wall().at(zero).unwrap(), ls, "{}", s.text(sum).unwrap());
            assert_eq!(ts.right_wall().at(zero).unwrap(), rs, "{}", s.text(sum).unwrap());
        }
    }
}

/// Random text over the notation's characters (what fuzz/fuzz_targets/partizan.rs does at
/// length, here briefly): never a panic; what reads writes back to the same tree; a value's
/// name reads back as the value; refusals are one line.
#[test]
fn random_text_never_panics_and_round_trips() {
    let alphabet: Vec<char> = "{}|,±+-()*/0123456789↑↓⇑⇓^v ".chars().collect();
    let mut rng = Rng(31337);
    let mut parsed = 0;
    for _ in 0..20_000 {
        let len = 1 + rng.below(16);
        let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        let e = match text.parse::<GameExpr>() {
            Ok(e) => e,
            Err(err) => {
                assert!(!err.to_string().contains('\n'));
                continue;
            }
        };
        parsed += 1;
        let again: GameExpr = e.to_string().parse().unwrap_or_else(|err| panic!("{text:?} wrote {e}: {err}"));
        assert_eq!(again, e, "{text:?} wrote {e}");
        let mut s = GameStore::new();
        s.set_work_limit(20_000);
        let Ok(g) = s.eval(&e) else { continue };
        if let Ok(name) = s.text(g) {
            assert_eq!(s.parse(&name).ok(), Some(g), "{text:?} is named {name}");
        }
        let _ = (s.outcome(g), s.stops(g), s.thermograph(g));
    }
    assert!(parsed > 1000, "only {parsed} texts read");
}

/// A game built one level at a time, deeper than recursion may follow ({n | {n-1 | ... {1|0}}},
/// 1500 levels, each canonical): naming it and adding to it are refused as too deep, not a
/// stack overflow; its stops, walked with a stack, come back, and its thermograph is refused as
/// too large to hold exactly (its mean's denominator doubles with each level).
#[test]
fn games_built_deeper_than_recursion_goes_are_refused() {
    let mut s = GameStore::new();
    let mut g = s.integer(0).unwrap();
    for n in 1..=1500 {
        let left = s.integer(n).unwrap();
        g = s.game(&[left], &[g]).unwrap();
    }
    assert_eq!(s.birthday(g).unwrap(), 1501);
    let hot = s.parse("{1|-1}").unwrap();
    assert!(matches!(s.text(g), Err(PartizanError::TooDeep { .. })));
    assert!(matches!(s.sum(g, hot), Err(PartizanError::TooDeep { .. })));
    // Its mean needs a denominator past 2^62: refused as too large to hold exactly.
    assert!(matches!(s.thermograph(g), Err(PartizanError::Overflow(_))));
    assert!(s.stops(g).is_ok());
}

/// K-L-Nim's value (Left may not take K, Right may not take L), by the library's memo over
/// each heap apart, is the game of its moves on every position of up to three heaps of at most
/// 6 (and a heap of 14 alone), for four pairs (K, L).
#[test]
fn k_l_nim_values_are_the_games_of_their_moves() {
    for spelling in ["kl:1,2", "kl:2,3", "kl:3,1", "kl:2,5"] {
        let game: grundy::Game = spelling.parse().unwrap();
        let grundy::Game::Board(board) = game else { panic!("{spelling} is a board game") };
        let mut positions = vec![vec![14]];
        for a in 0..=6u64 {
            for b in 0..=a {
                for c in 0..=b {
                    positions.push(vec![a, b, c]);
                }
            }
        }
        assert_eq!(conway::check_positions(board.rules(), &positions), 85);
    }
}

/// The length the store counts for a name before writing it is the written name's length, on
/// every game born by day 2 and a sample of day 3's sums, so a long name is refused, not cut.
#[test]
fn a_names_length_is_counted_exactly() {
    let mut s = GameStore::new();
    let games = s.born_by(2).unwrap();
    for &g in &games {
        for &h in games.iter().take(8) {
            let sum = s.sum(g, h).unwrap();
            let text = s.text(sum).unwrap();
            let n = text.chars().count() as u64;
            assert_eq!(s.text_within(sum, n).unwrap().as_deref(), Some(text.as_str()));
            assert_eq!(s.text_within(sum, n - 1).unwrap(), None, "{text}");
        }
    }
}

/// Issue 62, rows 1 and 2: x + n·↑ + *m that is not a number has mean x, temperature 0 and
/// both stops x, found at once (a few hundred steps): ↑N's thermograph walked N store entries (a
/// memory abort at N = 10^9) and *N's took N^2 steps. A game with such options gets them too.
#[test]
fn big_ups_and_nimbers_have_their_thermographs_at_once() {
    let mut s = GameStore::new();
    s.set_work_limit(500);
    for (text, mean, stops) in [
        ("^1000000000", "0", ("0", "0")),
        ("*1000000", "0", ("0", "0")),
        ("*4000000000", "0", ("0", "0")),
        ("3/4v999999999*5", "3/4", ("3/4", "3/4")),
        ("-5+^3*1000000", "-5", ("-5", "-5")),
    ] {
        let g = s.parse(text).unwrap();
        let (l, r) = s.stops(g).unwrap();
        assert_eq!((l.to_string(), r.to_string()), (stops.0.to_string(), stops.1.to_string()), "{text}");
        let t = s.thermograph(g).unwrap();
        assert_eq!((t.mean().to_string(), t.temperature().to_string()), (mean.to_string(), "0".into()), "{text}");
    }
    // {↑10^9 | *}: its scaffolds come from its options' closed forms, those of ↑3's.
    let big = s.parse("{^1000000000|*}").unwrap();
    let small = s.parse("{^3|*}").unwrap();
    assert_eq!(s.thermograph(big).unwrap(), s.thermograph(small).unwrap());
}

/// Issue 62, rows 3, 4 and 13: one bound of work for many operations together, a bound of
/// memory, and the stop token installed on the thread (Ctrl-C, a deadline) each stop the store
/// with a typed refusal, where before each operation had its own 5·10^7 steps, memory had no
/// bound and nothing looked at the token.
#[test]
fn the_store_is_bounded_in_all_and_stops_on_its_token() {
    // ±k + ±2k + ... + ±7k: the same work for every k (the numbers scaled, nothing else).
    let switches =
        |step: usize, to: usize| (step..=to).step_by(step).map(|k| format!("±{k}")).collect::<Vec<_>>().join("+");
    let mut probe = GameStore::new();
    probe.parse(&switches(1, 7)).unwrap();
    let one = probe.work_done();
    let mut s = GameStore::new();
    s.set_total_work_limit(one + one / 2);
    s.parse(&switches(1, 7)).unwrap();
    let e = s.parse(&switches(3, 21)).unwrap_err();
    // Refused where the work meets the limit, or before, where the sums so far forecast it.
    assert!(matches!(e, PartizanError::TooMuchWork { limit, .. } if limit == one + one / 2), "{e}");
    assert!(!e.to_string().contains('\n'));

    let mut s = GameStore::new();
    s.set_memory_limit(1 << 20);
    let e = s.parse(&switches(1, 40)).unwrap_err();
    assert!(matches!(e, PartizanError::TooMuchMemory { limit: 1048576, .. }), "{e}");
    assert!(s.memory_used() < 4 << 20, "{}", s.memory_used());

    let token = grundy::StopToken::new();
    token.cancel();
    let mut s = GameStore::new();
    let e = token.run(|| s.parse(&switches(1, 40))).unwrap_err();
    assert!(matches!(e, PartizanError::Stopped(grundy::Stopped::Cancelled)), "{e}");
}

/// Issue 62, row 6: `±1+±2+...+±40` was refused only once its work met the limit (15 s and
/// 1.3 GB at the default), and is now refused after a small part of it, forecast from the work
/// of its first sums; sums the limit allows are answered as before, and a sum of games that
/// cancel (±1 + ±1 + ..., 0 again every other game) is never refused by the forecast.
#[test]
fn a_sum_of_many_hot_games_is_refused_by_its_forecast() {
    let switches = |to: usize| (1..=to).map(|k| format!("±{k}")).collect::<Vec<_>>().join("+");
    const LIMIT: u64 = 4_000_000;
    let mut s = GameStore::new();
    s.set_total_work_limit(LIMIT);
    let e = s.parse(&switches(40)).unwrap_err();
    assert!(
        matches!(e, PartizanError::TooMuchWork { operation, limit: LIMIT } if operation.contains("forecast")),
        "{e}"
    );
    assert!(s.work_done() < LIMIT / 2, "refused after {} of the {LIMIT} steps", s.work_done());
    let mut s = GameStore::new();
    s.set_total_work_limit(LIMIT);
    let g = s.parse(&switches(12)).unwrap();
    assert_eq!(s.temperature(g).unwrap().to_string(), "12");
    let mut s = GameStore::new();
    s.set_total_work_limit(LIMIT);
    let cancelling = vec!["±7"; 60].join("+");
    let zero = s.parse(&cancelling).unwrap();
    assert_eq!(s.text(zero).unwrap(), "0");
    // Nor a long row whose sum keeps coming back: its first sums are uneven (some from the
    // memo), and a power read from them was carried over the whole row and refused it.
    let mut s = GameStore::new();
    s.set_total_work_limit(LIMIT);
    let row = vec!["{2|1}+*3+*2+±1+*"; 200].join("+");
    let g = s.parse(&row).unwrap();
    assert_eq!(s.text(g).unwrap(), "300");
}
