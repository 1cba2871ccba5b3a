//! Misère quotients (Plambeck and Siegel) against a plain exhaustive misère solver written from
//! the definition, on every sum of heaps up to a total; the published quotient of 0.75; the even
//! order of every impartial quotient; the periodicity of proven quotients at huge heaps.

use std::collections::HashMap;

use grundy::{MisereQuotient, QuotientBuilder, QuotientStop, Ruleset, SplitRules};

/// Misère outcomes by the definition: a sum is P when it has a move and every move leaves an
/// N-position (a sum without a move is N: the player to move has already won).
struct Plain {
    rules: SplitRules,
    memo: HashMap<Vec<u64>, bool>,
}

impl Plain {
    fn new(code: &str) -> Self {
        let r: Ruleset = code.parse().unwrap();
        Plain { rules: r.split_rules().unwrap(), memo: HashMap::new() }
    }

    /// The options of a sorted sum of non-empty heaps, sorted, empty heaps dropped.
    fn options(&self, pos: &[u64]) -> Vec<Vec<u64>> {
        let mut out = vec![];
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            self.rules.for_each_option(pos[i], &mut |to| {
                let mut next: Vec<u64> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
                next.extend(to.iter().copied().filter(|&h| h > 0));
                next.sort_unstable();
                out.push(next);
            });
        }
        out
    }

    fn is_p(&mut self, pos: &[u64]) -> bool {
        if let Some(&p) = self.memo.get(pos) {
            return p;
        }
        let options = self.options(pos);
        let p = !options.is_empty() && options.iter().all(|o| !self.is_p(o));
        self.memo.insert(pos.to_vec(), p);
        p
    }
}

/// Every sorted sum of heaps of 1..=max_heap with total at most `total`.
fn sums(total: u64, max_heap: u64) -> Vec<Vec<u64>> {
    fn go(left: u64, smallest: u64, max_heap: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.clone());
        for h in smallest..=max_heap.min(left) {
            cur.push(h);
            go(left - h, h, max_heap, cur, out);
            cur.pop();
        }
    }
    let mut out = vec![];
    go(total, 1, max_heap, &mut vec![], &mut out);
    out
}

fn quotient(code: &str, upto: u64) -> MisereQuotient {
    QuotientBuilder::new(&code.parse::<Ruleset>().unwrap()).upto(upto).build().unwrap()
}

/// Checks the quotient against the plain solver on every sum of total at most `total` whose
/// heaps it covers; returns how many sums were checked.
fn agrees(code: &str, q: &MisereQuotient, total: u64) -> usize {
    let mut plain = Plain::new(code);
    let top = if q.proven() { total } else { q.computed_upto().min(total) };
    let mut checked = 0;
    for s in sums(total, top) {
        let x = q.product(&s.iter().map(|&h| q.element(h).unwrap()).collect::<Vec<_>>());
        assert_eq!(q.is_p(x), plain.is_p(&s), "{code}: sum {s:?} pretends to be {}", q.name(x));
        checked += 1;
    }
    checked
}

/// The wild two-digit octal games and a few longer ones: every quotient computed for the heaps
/// up to 20 agrees with exhaustive search on every sum of total at most 20 (22 where quick),
/// and has even order.
#[test]
fn every_quotient_agrees_with_exhaustive_search_and_has_even_order() {
    let codes = [
        "octal:0.75",
        "kayles",
        "octal:0.71",
        "octal:0.53",
        "octal:0.34",
        "octal:0.72",
        "octal:0.74",
        "octal:0.06",
        "octal:0.14",
        "octal:0.64",
        "octal:0.44",
        "octal:0.31",
        "octal:0.52",
        "dawsons-kayles",
        "octal:4.7",
        "octal:0.137",
        "octal:0.35",
        "octal:0.6",
    ];
    for code in codes {
        let q = quotient(code, 20);
        assert_eq!(q.order() % 2, 0, "{code}: order {}", q.order());
        let n = agrees(code, &q, 20);
        assert!(n > 0);
        // The quotient of heaps up to the computed ones is never claimed past them.
        if !q.proven() {
            assert!(q.element(q.computed_upto() + 1).is_none());
        }
    }
}

/// Plambeck's 0.75 (Taming the wild, 2005; Plambeck and Siegel 2008): the quotient R8 of order
/// 8 with P-portion {a, b^2}, presented by a^2 = 1, b^3 = b, bc = ab, c^2 = b^2, proven for
/// every heap size.
#[test]
fn the_published_quotient_of_0_75() {
    let q = quotient("octal:0.75", 200);
    assert!(q.proven() && q.finite() == Some(true) && !q.tame());
    assert_eq!(*q.stop(), QuotientStop::Proven);
    assert_eq!(q.order(), 8);
    let p: Vec<String> = q.p_portion().iter().map(|&x| q.name(x)).collect();
    assert_eq!(p, ["a", "b^2"]);
    let mut rels: Vec<String> = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}")).collect();
    rels.sort();
    assert_eq!(rels, ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]);
    assert_eq!(agrees("octal:0.75", &q, 24), sums(24, 24).len());
}

/// Quotients proven for every heap size are checked at sizes past the ones computed: the plain
/// solver reaches sums of total 24 with heaps past the proof's window only for short windows,
/// so each is also checked to send heaps one period apart to the same element, up to 10^18.
#[test]
fn proven_quotients_repeat_at_huge_heaps() {
    for code in ["octal:0.75", "kayles", "octal:0.71", "octal:0.53", "octal:0.34"] {
        let q = quotient(code, 500);
        assert!(q.proven(), "{code}: {}", q.stop());
        assert!(!q.tame(), "{code} is wild");
        let p = q.period().unwrap();
        for n in [p.preperiod, 1_000_000_000_000, 999_999_999_999_999_999] {
            let x = q.element(n).unwrap();
            for k in [1, 7, 1_000_000] {
                if let Some(m) = n.checked_add(k * p.period) {
                    assert_eq!(q.element(m), Some(x), "{code}: heap {n} and {m}");
                }
            }
        }
        // Past the computed heaps, every heap's element is that of the heap a period back.
        let top = q.computed_upto();
        for n in top + 1..top + 3 * p.period {
            assert_eq!(q.element(n), q.element(n - p.period));
        }
    }
}

/// A quotient stops where it is told and says so; a ruleset that is not take-and-break is
/// refused by name.
#[test]
fn limits_are_said() {
    let q = quotient("kayles", 10);
    assert_eq!(*q.stop(), QuotientStop::Upto(10));
    assert!(!q.proven() && q.finite().is_none());
    assert_eq!(q.computed_upto(), 10);
    let e = QuotientBuilder::new(&"nim".parse::<Ruleset>().unwrap()).build().unwrap_err();
    assert!(e.to_string().contains("not a take-and-break game"), "{e}");
}

mod analysis {
    use super::Plain;
    use grundy::{analysis_quotient, analyze, AnalyzeOptions, Convention, Game, Method, Outcome};

    fn misere() -> AnalyzeOptions {
        AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() }
    }

    /// A small generator of random numbers (the tests must not depend on a seed file).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Random misère sums of one to four heaps with a total of at most 22 get the outcome and
    /// exactly the winning moves of exhaustive search, from the quotient.
    /// `false` (nothing checked) when the game is tame or its quotient does not reach 22.
    fn agree_on_random_sums(code: &str, seed: u64) -> bool {
        let game: Game = code.parse().unwrap();
        let Game::Heaps(ruleset) = &game else { panic!("{code}") };
        let q = analysis_quotient(ruleset).unwrap().unwrap();
        if q.tame() || !q.covers(22) {
            return false;
        }
        let mut plain = Plain::new(code);
        let mut rng = Lcg(seed);
        for _ in 0..25 {
            let count = 1 + rng.below(4);
            let mut heaps: Vec<u64> = vec![];
            let mut left = 22u64;
            for _ in 0..count {
                if left == 0 {
                    break;
                }
                let h = 1 + rng.below(left.min(16));
                heaps.push(h);
                left -= h;
            }
            let tokens: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let pos = game.parse_position(&tokens).unwrap();
            let a = analyze(&game, &pos, &misere()).unwrap();
            assert_eq!(a.method, Method::MisereQuotient, "{code} {heaps:?}");
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            assert_eq!(a.outcome == Outcome::P, plain.is_p(&sorted), "{code} {heaps:?}");
            // Every winning move: (heap, the sorted heaps it leaves there).
            let mut options: Vec<(usize, Vec<u64>)> = vec![];
            for (i, &h) in heaps.iter().enumerate() {
                plain.rules.clone().for_each_option(h, &mut |to| {
                    let mut to: Vec<u64> = to.iter().copied().filter(|&x| x > 0).collect();
                    to.sort_unstable();
                    options.push((i, to));
                });
            }
            let mut want: Vec<(usize, Vec<u64>)> = options
                .into_iter()
                .filter(|(i, to)| {
                    let mut after: Vec<u64> = heaps[..*i].iter().chain(&heaps[*i + 1..]).copied().collect();
                    after.extend(to);
                    after.sort_unstable();
                    plain.is_p(&after)
                })
                .collect();
            let mut got: Vec<(usize, Vec<u64>)> = a
                .winning_families
                .iter()
                .flat_map(|f| f.family.members())
                .map(|m| {
                    let mut to: Vec<u64> = m.to.iter().copied().filter(|&x| x > 0).collect();
                    to.sort_unstable();
                    (m.heap, to)
                })
                .collect();
            want.sort();
            want.dedup();
            got.sort();
            assert_eq!(got, want, "{code} {heaps:?}");
            assert_eq!(a.winning_move_count, Some(got.len() as u128), "{code} {heaps:?}");
        }
        true
    }

    /// The wild games of the project's sample of octal games (`octal-codes.txt`, two- and
    /// three-digit codes) whose quotient an analysis reaches for every heap up to 22 (proven,
    /// or computed that far): at least fifteen of them qualify, and every one agrees. Any other
    /// take-and-break code can be checked the same way with `agree_on_random_sums`.
    #[test]
    fn wild_games_agree_with_exhaustive_search_on_random_sums() {
        let codes = [
            "0.04", "0.07", "0.17", "0.34", "0.41", "0.42", "0.43", "0.44", "0.46", "0.53", "0.71", "0.75", "0.77",
            "0.125", "0.135", "0.137", "0.142", "0.144", "0.342", "0.374", "0.414", "0.614", "0.624", "0.716", "0.776",
        ];
        let checked: Vec<&str> = codes
            .iter()
            .enumerate()
            .filter(|&(i, code)| agree_on_random_sums(&format!("octal:{code}"), i as u64 + 1))
            .map(|(_, code)| *code)
            .collect();
        assert!(checked.len() >= 15, "only {} wild games were checked: {checked:?}", checked.len());
    }

    /// Sums with huge heaps are answered from the proven quotient, every winning move counted
    /// exactly; adding whole periods to a huge heap never changes the outcome, which is that
    /// of the heap it stands for.
    #[test]
    fn huge_heaps_through_the_period() {
        for code in ["octal:0.75", "kayles", "octal:0.71", "octal:0.53", "octal:0.34"] {
            let game: Game = code.parse().unwrap();
            let Game::Heaps(ruleset) = &game else { panic!() };
            let q = analysis_quotient(ruleset).unwrap().unwrap();
            let p = q.period().unwrap_or_else(|| panic!("{code}: {}", q.stop()));
            for base in [1_000_000_000_000u64, 999_999_999_999_999_000] {
                let small = q.representative(base).unwrap();
                let at = |h: u64| {
                    let pos = game.parse_position(&[h.to_string(), "5".into(), "9".into()]).unwrap();
                    analyze(&game, &pos, &misere()).unwrap()
                };
                let reference = at(small);
                for k in [0u64, 1, 2, 1000] {
                    let a = at(base + k * p.period);
                    assert_eq!(a.method, Method::MisereQuotient);
                    assert_eq!(a.outcome, reference.outcome, "{code}: {} + {k} periods", base);
                    let count = a.winning_move_count.unwrap();
                    assert_eq!(count, a.winning_families.iter().map(|f| u128::from(f.family.count)).sum::<u128>());
                    assert_eq!(count == 0, a.outcome == Outcome::P);
                }
            }
        }
    }
}
