//! Every two-digit octal code's misère quotient, and every status `grundy survey --misere 0.xx
//! --upto 60` gives, checked against a plain exhaustive search written here from the codes'
//! digits (not from the library's move generator) and against the published figures that could
//! be read (each assertion cites its source; /work/briefs/figures51.md lists what was read and
//! what was not).
//!
//! (a) `quotients_up_to_24_agree_with_exhaustive_search`: the quotient of the heaps up to 24 (or
//!     up to the heap it reaches) of each code 0.01 ... 0.77 gives every sum of heaps of at most
//!     24 objects in all the outcome exhaustive search gives it.
//! (b) `survey_statuses_at_60_agree_with_exhaustive_search_and_the_papers`: each code's survey
//!     line at N = 60 (tame, wild with a proven quotient, unresolved at heap K) agrees with (a),
//!     with exhaustive search (tame: Conway's genus theory predicts every sum; wild: some sum
//!     defies it; a proven quotient's order is reached by sums told apart by sums), and with the
//!     papers' figures.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use grundy::survey::{classify_misere, MisereClass, MisereLine, MisereStop};
use grundy::{MisereQuotient, QuotientBuilder, Ruleset};

/// The most objects in a sum searched exhaustively.
const TOTAL: usize = 24;

/// The work each code's quotient may do in these tests (a few tenths of a second in the debug
/// build). The survey's default (10^9 units) gives every code the same class: the codes proven
/// or computed to heap 60 need at most 12 million units (0.15); only the heap where the
/// unresolved ones stop depends on the bound.
const WORK: u64 = 40_000_000;

/// The work each code of the survey at N = 60 may do: enough for Dawson's Kayles (0.07) to pass
/// heap 30, where Siegel gives its quotient's order.
const SURVEY_WORK: u64 = 150_000_000;

/// The 63 codes 0.01 to 0.77 (0.00 has no move), as `0.d1d2`.
fn codes() -> Vec<(String, [u8; 2])> {
    let mut out = vec![];
    for d1 in 0..8u8 {
        for d2 in 0..8u8 {
            if (d1, d2) != (0, 0) {
                out.push((format!("0.{d1}{d2}"), [d1, d2]));
            }
        }
    }
    out
}

/// Misère play of sums of heaps of one octal code, by the definition, memoised. A sum is a
/// sorted list of non-empty heaps. Removing t objects (t = 1, 2: the code's digits) from a heap
/// of n is allowed by digit t's bit 1 when it leaves nothing (n = t), bit 2 when it leaves one
/// heap (n > t), bit 4 when it leaves two non-empty heaps (n - t split in two).
struct Exhaustive {
    digits: [u8; 2],
    lost: HashMap<Vec<u8>, bool>,
    misere_value: HashMap<Vec<u8>, u8>,
    normal_value: Vec<u8>,
}

impl Exhaustive {
    fn new(digits: [u8; 2]) -> Self {
        let mut e = Exhaustive { digits, lost: HashMap::new(), misere_value: HashMap::new(), normal_value: vec![] };
        for n in 0..=TOTAL as u8 {
            let g = mex(e.heap_options(n).iter().map(|o| o.iter().fold(0, |x, &h| x ^ e.normal_value[h as usize])));
            e.normal_value.push(g);
        }
        e
    }

    /// What a move in a heap of `n` can leave there (sorted, empty heaps dropped).
    fn heap_options(&self, n: u8) -> Vec<Vec<u8>> {
        let mut out = vec![];
        for (i, &d) in self.digits.iter().enumerate() {
            let t = i as u8 + 1;
            if d & 1 != 0 && n == t {
                out.push(vec![]);
            }
            if d & 2 != 0 && n > t {
                out.push(vec![n - t]);
            }
            if d & 4 != 0 && n >= t + 2 {
                for a in 1..=(n - t) / 2 {
                    out.push(vec![a, n - t - a]);
                }
            }
        }
        out
    }

    /// Every sum one move from `sum`.
    fn options(&self, sum: &[u8]) -> Vec<Vec<u8>> {
        let mut out = vec![];
        for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            for left in self.heap_options(sum[i]) {
                let mut next: Vec<u8> = sum[..i].iter().chain(&sum[i + 1..]).chain(&left).copied().collect();
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    /// Whether the player to move loses `sum` under misère play: there is a move, and every
    /// move leaves a sum the next player wins (a sum with no move is won: the player to move
    /// has nothing to do, and the last mover lost).
    fn is_p(&mut self, sum: &[u8]) -> bool {
        if let Some(&p) = self.lost.get(sum) {
            return p;
        }
        let options = self.options(sum);
        let p = !options.is_empty() && options.iter().all(|o| !self.is_p(o));
        self.lost.insert(sum.to_vec(), p);
        p
    }

    /// The misère Grundy value of `sum`: 1 with no move, else the mex of its options' (Conway's
    /// g-, the first superscript of the genus).
    fn misere(&mut self, sum: &[u8]) -> u8 {
        if let Some(&v) = self.misere_value.get(sum) {
            return v;
        }
        let options = self.options(sum);
        let v = if options.is_empty() { 1 } else { mex(options.iter().map(|o| self.misere(o)).collect::<Vec<_>>()) };
        self.misere_value.insert(sum.to_vec(), v);
        v
    }

    /// What Conway's genus theory says of `sum` if the game is tame: each heap plays as misère
    /// Nim's heap of its Grundy value g, "fickle" when its misère value is g XOR 1 (g <= 1:
    /// 0^{120...}, 1^{031...}), "firm" when it is g; the sum is lost when its nim-sum is 1 and
    /// every heap is fickle, or when its nim-sum is 0 and some heap is firm (Bouton's misère rule
    /// for Nim). `None` when some heap's genus begins neither way: no tame game has such a heap.
    fn tame_prediction(&mut self, sum: &[u8]) -> Option<bool> {
        let mut x = 0;
        let mut all_fickle = true;
        for &h in sum {
            let (g, gm) = (self.normal_value[h as usize], self.misere(&[h]));
            match (g <= 1 && gm == g ^ 1, gm == g) {
                (true, _) => {}
                (false, true) => all_fickle = false,
                (false, false) => return None,
            }
            x ^= g;
        }
        Some(if all_fickle { x == 1 } else { x == 0 })
    }
}

fn mex(values: impl IntoIterator<Item = u8>) -> u8 {
    let seen: HashSet<u8> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// Every sorted sum of heaps of 1..=max_heap with at most `total` objects in all.
fn sums(total: usize, max_heap: usize) -> Vec<Vec<u8>> {
    fn go(left: usize, smallest: usize, max_heap: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.push(cur.clone());
        for h in smallest..=max_heap.min(left) {
            cur.push(h as u8);
            go(left - h, h, max_heap, cur, out);
            cur.pop();
        }
    }
    let mut out = vec![];
    go(total, 1, max_heap, &mut vec![], &mut out);
    out
}

/// One code checked in (a): its quotient of the heaps up to 24 and its exhaustive search.
struct Checked {
    code: String,
    quotient: MisereQuotient,
    search: Exhaustive,
}

/// (a) for every code, once: the quotient of the heaps up to 24 agrees with exhaustive search
/// on every sum of at most 24 objects of the heaps it covers.
fn checked() -> &'static Vec<std::sync::Mutex<Checked>> {
    static CHECKED: OnceLock<Vec<std::sync::Mutex<Checked>>> = OnceLock::new();
    CHECKED.get_or_init(|| {
        codes()
            .into_iter()
            .map(|(code, digits)| {
                let ruleset: Ruleset = format!("octal:{code}").parse().unwrap();
                let q = QuotientBuilder::new(&ruleset).upto(TOTAL as u64).max_work(WORK).build().unwrap();
                let mut search = Exhaustive::new(digits);
                // The heaps the quotient covers: all of them once its period is proven.
                let top = if q.proven() { TOTAL } else { (q.computed_upto() as usize).min(TOTAL) };
                let all = sums(TOTAL, top);
                for s in &all {
                    let x = q.product(&s.iter().map(|&h| q.element(u64::from(h)).unwrap()).collect::<Vec<_>>());
                    assert_eq!(q.is_p(x), search.is_p(s), "{code}: the sum {s:?} pretends to be {}", q.name(x));
                }
                std::sync::Mutex::new(Checked { code, quotient: q, search })
            })
            .collect()
    })
}

#[test]
fn quotients_up_to_24_agree_with_exhaustive_search() {
    let all = checked();
    assert_eq!(all.len(), 63);
    // Not vacuous: most quotients cover heap 24 (proven, or computed that far within the work
    // bound: every sum of 24 objects checked), and every one covers heap 11.
    let covers = |h: u64| all.iter().filter(|c| c.lock().unwrap().quotient.covers(h)).count();
    assert!(covers(TOTAL as u64) >= 45, "{} cover heap {TOTAL}", covers(TOTAL as u64));
    assert_eq!(covers(11), 63);
}

/// The smallest sum (fewest objects) whose product is each element of `q`, by Dijkstra over the
/// products of the heaps' elements (heaps 1 to those computed).
fn smallest_sums(q: &MisereQuotient) -> Vec<Vec<u8>> {
    let n = q.order();
    let mut best: Vec<Option<Vec<u8>>> = vec![None; n];
    best[0] = Some(vec![]);
    let mut frontier = std::collections::BinaryHeap::new();
    frontier.push(std::cmp::Reverse((0usize, 0u32)));
    while let Some(std::cmp::Reverse((size, x))) = frontier.pop() {
        let here = best[x as usize].clone().unwrap();
        if here.iter().map(|&h| h as usize).sum::<usize>() != size {
            continue;
        }
        for h in 1..=q.computed_upto().min(60) {
            let y = q.product(&[x, q.element(h).unwrap()]);
            let mut next = here.clone();
            next.push(h as u8);
            next.sort_unstable();
            let total = size + h as usize;
            if best[y as usize].as_ref().is_none_or(|b| b.iter().map(|&k| k as usize).sum::<usize>() > total) {
                best[y as usize] = Some(next);
                frontier.push(std::cmp::Reverse((total, y)));
            }
        }
    }
    best.into_iter().map(|b| b.expect("every element is a product of heaps")).collect()
}

/// Exhaustive search's own proof that `q` has no fewer elements than it says, and that its
/// P-portion is as large: for every two elements x, y, sums r_x, r_y that pretend to be them and
/// a sum t such that exactly one of r_x + t, r_y + t is lost, by exhaustive search (the library
/// only proposes the sums; the outcomes are searched). Returns the largest sum searched.
fn order_certified_by_search(code: &str, search: &mut Exhaustive, q: &MisereQuotient) -> usize {
    let reps = smallest_sums(q);
    let n = q.order() as u32;
    let join = |a: &[u8], b: &[u8]| {
        let mut u: Vec<u8> = a.iter().chain(b).copied().collect();
        u.sort_unstable();
        u
    };
    let mut largest = 0;
    for x in 0..n {
        assert_eq!(search.is_p(&reps[x as usize]), q.is_p(x), "{code}: {:?}", reps[x as usize]);
        for y in x + 1..n {
            // The tester: the element z of smallest sum that the quotient says tells x from y.
            let z = (0..n)
                .filter(|&z| q.is_p(q.product(&[x, z])) != q.is_p(q.product(&[y, z])))
                .min_by_key(|&z| reps[z as usize].iter().map(|&h| h as usize).sum::<usize>())
                .unwrap_or_else(|| panic!("{code}: {} and {} are told apart by nothing", q.name(x), q.name(y)));
            let (a, b) = (join(&reps[x as usize], &reps[z as usize]), join(&reps[y as usize], &reps[z as usize]));
            largest = largest.max(a.iter().chain(&b).map(|&h| h as usize).sum::<usize>());
            assert_ne!(search.is_p(&a), search.is_p(&b), "{code}: {a:?} and {b:?} have the same outcome");
        }
    }
    largest
}

#[test]
fn survey_statuses_at_60_agree_with_exhaustive_search_and_the_papers() {
    let lines: Vec<MisereLine> = codes().iter().map(|(c, _)| classify_misere(c, 60, SURVEY_WORK).unwrap()).collect();
    let mut certified = vec![];
    for (line, checked) in lines.iter().zip(checked()) {
        let mut checked = checked.lock().unwrap();
        let Checked { code, quotient: q24, search } = &mut *checked;
        assert_eq!(&line.code, code);
        // Plambeck and Siegel (2008), as Rubinstein-Salzedo and Zhou recall it (arXiv
        // 2603.18244, §1, third paragraph): every impartial misère quotient has even order.
        assert_eq!(line.order % 2, 0, "{code}: order {}", line.order);
        // Siegel, "The structure and classification of misère quotients" (arXiv math/0703070,
        // abstract): a finite quotient whose P-portion has 2 elements has order 2^n + 2 or
        // 2^n + 4 (here: 6 = 2^2 + 2 for the tame codes 0.22 ..., 34 = 2^5 + 2 for 0.56,
        // 8 = 2^2 + 4 for 0.75).
        if line.p_portion == 2 {
            let k = line.order - 2;
            assert!(k.is_power_of_two() || (k >= 2 && (k - 2).is_power_of_two()), "{code}: order {}", line.order);
        }
        // Against (a): over the heaps both computed, the same growth (the heaps where the
        // quotient grew and its order then), and the same quotient where (a) went as far.
        let both = line.computed_upto.min(q24.computed_upto());
        let upto_both = |g: &[(u64, u64)]| g.iter().filter(|&&(h, _)| h <= both).copied().collect::<Vec<_>>();
        let q24_growth: Vec<(u64, u64)> = q24.growth().iter().map(|&(h, o)| (h, o as u64)).collect();
        assert_eq!(upto_both(&line.growth), upto_both(&q24_growth), "{code}");
        if line.computed_upto <= q24.computed_upto() {
            assert_eq!((line.order, line.p_portion), (q24.order() as u64, q24.p_portion().len() as u64), "{code}");
        }
        // Tame or wild, by exhaustive search: a sum of at most 24 objects (of heaps the line
        // covers) that Conway's genus theory gets wrong shows the game wild; a tame one has none.
        let top = if line.proven { TOTAL } else { (line.computed_upto as usize).min(TOTAL) };
        let defies = sums(TOTAL, top).into_iter().find(|s| search.tame_prediction(s) != Some(search.is_p(s)));
        if line.tame {
            assert_eq!(defies, None, "{code}: tame, but genus theory gets this sum wrong");
        } else {
            assert!(defies.is_some(), "{code}: wild, but genus theory gets every sum of {TOTAL} objects right");
        }
        match line.class {
            MisereClass::Tame => {
                assert!(line.tame);
                assert!(line.proven || (line.stop == MisereStop::Upto && line.computed_upto == 60), "{code}");
            }
            MisereClass::Wild => assert!(!line.tame && line.proven && line.stop == MisereStop::Proven, "{code}"),
            MisereClass::Unresolved => {
                assert!(!line.proven && line.period.is_none(), "{code}");
                assert_eq!(line.stop == MisereStop::Upto, line.computed_upto == 60, "{code}");
            }
        }
        // A proven quotient's order and P-portion are the whole game's, not bounds: exhaustive
        // search tells that many classes of sums apart, that many of them lost.
        if line.proven {
            let ruleset: Ruleset = format!("octal:{code}").parse().unwrap();
            let q = QuotientBuilder::new(&ruleset).upto(60).max_work(SURVEY_WORK).build().unwrap();
            assert_eq!((q.order() as u64, q.p_portion().len() as u64), (line.order, line.p_portion), "{code}");
            assert_eq!((q.period().map(|p| p.period), q.period().map(|p| p.preperiod)), (line.period, line.preperiod));
            order_certified_by_search(code, search, &q);
            certified.push(code.clone());
        }
    }
    let of = |c: MisereClass| lines.iter().filter(|l| l.class == c).map(|l| l.code.as_str()).collect::<Vec<_>>();
    // 0.75: Siegel (arXiv math/0703070, abstract): "there is exactly one quotient of order 8",
    // and 0.75's has order 8 with |P| = 2 (certified above by exhaustive search). Its
    // presentation (R8 of Plambeck's "Taming the wild" and Plambeck-Siegel 2008, as recalled:
    // the stored copies of both could not be read past their first page) is in
    // tests/library/quotient.rs.
    let q75 = lines.iter().find(|l| l.code == "0.75").unwrap();
    assert_eq!((q75.class, q75.order, q75.p_portion), (MisereClass::Wild, 8, 2));
    // Dawson's Kayles, 0.07: "Q_30(0.07) has size 360" (Siegel, answering on Plambeck's blog,
    // "Some MisereSolver questions answered", 28 August 2007): the order after the last growth
    // at or below heap 30.
    let dk = lines.iter().find(|l| l.code == "0.07").unwrap();
    assert!(dk.computed_upto >= 30, "0.07 stopped at heap {}", dk.computed_upto);
    assert_eq!(dk.growth.iter().rev().find(|&&(h, _)| h <= 30).map(|&(_, o)| o), Some(360));
    assert!(!dk.tame && dk.class == MisereClass::Unresolved);
    // Not vacuous: every class occurs, and every proven quotient was certified by search.
    assert_eq!(of(MisereClass::Wild), ["0.34", "0.71", "0.72", "0.75"]);
    assert!(of(MisereClass::Tame).len() >= 20 && of(MisereClass::Unresolved).len() >= 20);
    assert_eq!(certified.len(), lines.iter().filter(|l| l.proven).count());
}
