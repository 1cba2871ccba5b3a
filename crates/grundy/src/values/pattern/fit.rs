//! The search: each family's best rule on the values it is found from, confirmed on the values
//! held out, in one backward pass per candidate with an early exit.
//!
//! Every check is a relation between G(n) and earlier values (G(n) = G(n - p) + s, or G(n) =
//! mult * G(a k + b) + slope * k + offset), tested n by n. The parameters are read from the last
//! values found from, and the walk goes back from there while the relation holds: where it
//! first fails is n0. The held-out values are then checked with the same relation, so a rule is
//! returned only when it holds for every given n from n0 on; with the table G(0..n0) it then
//! reproduces every given value exactly (by induction on n).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;

use super::numbers::{self, Facts, Func};
use super::rule::{Body, Class, Rule};
use crate::stop::Stopped;
use crate::values::period::earliest_start;

/// The values, split into those the rule is found from (`..found`) and those held out,
/// whether the installed stop token fired during the search, and the factors of every n
/// (built once, only when a number-theoretic class holds long enough to need them).
pub(crate) struct Split<'a> {
    pub values: &'a [u64],
    pub found: usize,
    pub stopped: Cell<Option<Stopped>>,
    facts: OnceCell<Option<Facts>>,
    /// The linear option's fit of each class (m, c), which both passes over the moduli try: on
    /// a table constant or linear on some classes its walk is the whole class, so it is walked
    /// once.
    linear: RefCell<HashMap<(u64, u64), Fit>>,
}

/// An option's fit of a class: the option with its parameters, and the first n of the class
/// from which it holds (none when it does not hold at the last values).
type Fit = Option<(Class, u64)>;

/// How many values of a class a function is checked on by factoring each n alone before the
/// sieve of the whole table is built: a table the function does not fit fails long before
/// (a random one at once), so it never pays for the sieve.
const FACTORED_ALONE: u64 = 64;

impl<'a> Split<'a> {
    /// The values, the first `found` of them to find rules from.
    pub fn new(values: &'a [u64], found: usize) -> Split<'a> {
        Split { values, found, stopped: Cell::new(None), facts: OnceCell::new(), linear: RefCell::default() }
    }

    /// f(n): from the sieve once it is built, else by factoring n.
    fn func(&self, f: Func, n: u64) -> Option<u64> {
        match self.facts.get() {
            Some(Some(facts)) => f.value_in(n, facts),
            _ => f.value(n),
        }
    }

    /// Builds the sieve of the whole table (once) when `f` reads factors, for the long walks
    /// that follow.
    fn sieve(&self, f: Func) {
        if Facts::needed(&[f]) {
            self.facts.get_or_init(|| Facts::new(0, self.values.len() as u64));
        }
    }
}

impl Split<'_> {
    fn get(&self, n: usize) -> Option<u64> {
        self.values.get(n).copied()
    }

    /// Whether the search must stop (the stop token fired, now or before; it is kept in
    /// `stopped`). Called before each pass over the values, a few milliseconds each at most.
    fn stop(&self) -> bool {
        if self.stopped.get().is_none() {
            self.stopped.set(crate::stop::check().err());
        }
        self.stopped.get().is_some()
    }
}

/// The smallest eventual (arithmetic) period with its smallest n0 that covers at least two
/// periods and half of the values found from, and holds on the held-out ones.
pub(crate) fn periodic(s: &Split<'_>, max_period: usize) -> Option<Rule> {
    if s.stop() {
        return None;
    }
    let found = s.values.get(..s.found)?;
    let f = found.len();
    // A period must hold on the second half W of the values found from: there the differences
    // G(n + 1) - G(n) repeat with it, so it is a multiple of the smallest period of those
    // differences (Fine and Wilf), which the prefix function gives in one pass. Only its first
    // multiples are tried: each is one backward pass, and a table constant on long ranges would
    // otherwise make every p a long pass.
    let half = found.get(f / 2..)?;
    let diffs: Vec<i128> = half
        .windows(2)
        .map(|w| match w {
            [a, b] => i128::from(*b) - i128::from(*a),
            _ => 0,
        })
        .collect();
    let smallest = smallest_period(&diffs).max(1);
    for p in (1..=MULTIPLES).map(|k| k * smallest).filter(|&p| p <= (f / 2).min(max_period)) {
        if s.stop() {
            return None;
        }
        let (Some(&last), Some(&before)) = (found.get(f - 1), found.get(f - 1 - p)) else {
            continue;
        };
        let Some(saltus) = last.checked_sub(before) else {
            continue;
        };
        let n0 = earliest_start(found, p, f - p, |a, b| a.checked_add(saltus) == Some(*b));
        let covered = f - n0;
        if covered < 2 * p || covered * 2 < f {
            continue;
        }
        let held = (s.found..s.values.len())
            .all(|n| matches!((s.get(n - p), s.get(n)), (Some(a), Some(b)) if a.checked_add(saltus) == Some(b)));
        if !held {
            continue;
        }
        let pre = found.get(..n0)?.to_vec();
        let block = found.get(n0..n0 + p)?.to_vec();
        return Some(Rule { pre, body: Body::Periodic { period: p as u64, saltus, block } });
    }
    None
}

/// How many multiples of the differences' smallest period are tried as the period.
const MULTIPLES: usize = 8;

/// The smallest p with s[i + p] = s[i] for every i (s.len() when none is shorter), by the
/// prefix function (Knuth-Morris-Pratt).
fn smallest_period(s: &[i128]) -> usize {
    let mut pi = vec![0usize; s.len()];
    for i in 1..s.len() {
        let mut k = pi.get(i - 1).copied().unwrap_or(0);
        while k > 0 && s.get(i) != s.get(k) {
            k = pi.get(k - 1).copied().unwrap_or(0);
        }
        if s.get(i) == s.get(k) {
            k += 1;
        }
        if let Some(x) = pi.get_mut(i) {
            *x = k;
        }
    }
    s.len() - pi.last().copied().unwrap_or(0)
}

/// The multipliers a self-similar class may scale G by.
const MULTS: [i64; 3] = [1, -1, 2];

/// The moduli up to which every target a k + b (a < m, b < m) is tried; past it only G(k).
const ALL_TARGETS_UP_TO: u64 = 8;

/// The classes' options for modulus m, simplest first: linear in k, then G(k) scaled, then G at
/// other targets a k + b.
fn options(m: u64) -> Vec<Class> {
    let mut out = vec![LINEAR];
    out.extend(MULTS.iter().map(|&mult| Class::recursive(mult, 1, 0, 0, 0)));
    if m <= ALL_TARGETS_UP_TO {
        for a in 1..m {
            for b in 0..m {
                if (a, b) != (1, 0) {
                    out.extend(MULTS.iter().map(|&mult| Class::recursive(mult, a, b, 0, 0)));
                }
            }
        }
    }
    out
}

/// The option linear in k (its slope and offset read from the values), the first of every
/// class's options.
const LINEAR: Class = Class::linear(0, 0);

/// The classes' options where functions are tried: constant or linear in k, or a function of
/// n (its scale and offset read from the values).
fn function_options() -> Vec<Class> {
    std::iter::once(LINEAR).chain(numbers::all().map(|f| Class::function(f, 1, 0))).collect()
}

/// G(n) - mult * G(a k + b) for n = m k + c, when the target is below n (G(n) - mult * f(n)
/// for a number-theoretic class, where f is defined).
fn residual(s: &Split<'_>, o: &Class, m: u64, n: u64) -> Option<i128> {
    let g = i128::from(s.get(usize::try_from(n).ok()?)?);
    if let Some(f) = o.func {
        return g.checked_sub(i128::from(o.mult).checked_mul(i128::from(s.func(f, n)?))?);
    }
    if o.mult == 0 {
        return Some(g);
    }
    let t = o.a.checked_mul(n / m)?.checked_add(o.b)?;
    if t >= n {
        return None;
    }
    let gt = i128::from(s.get(usize::try_from(t).ok()?)?);
    g.checked_sub(i128::from(o.mult).checked_mul(gt)?)
}

#[cfg(test)]
thread_local! {
    /// How many times [`holds`] was asked on this thread: the classes' work, for tests.
    pub(crate) static HOLDS_ASKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Whether n satisfies the class's relation.
fn holds(s: &Split<'_>, o: &Class, m: u64, n: u64) -> bool {
    #[cfg(test)]
    HOLDS_ASKED.with(|h| h.set(h.get() + 1));
    let k = i128::from(n / m);
    let want = i128::from(o.slope) * k + i128::from(o.offset);
    residual(s, o, m, n) == Some(want)
}

/// An arithmetic period G(x + p) = G(x) + s that holds for every x >= n0 with x + p among the
/// values found from (what [`periodic`] found), which lets a class's walk skip ahead. The
/// saltus s is not needed: the walk checks p + 1 values in a row, which shows the drift D
/// (below) is 0 whatever s is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Repeats {
    pub n0: u64,
    pub p: u64,
}

impl Repeats {
    /// The period of a rule [`periodic`] found.
    pub fn of(rule: &Rule) -> Option<Repeats> {
        // (Only periods: a class walk that skips reads options of the linear and self-similar
        // families, never a function's.)
        match &rule.body {
            Body::Periodic { period, .. } => Some(Repeats { n0: rule.from(), p: *period }),
            Body::Classes { .. } => None,
        }
    }

    /// The first n = m k + c from which n, and the option's target a k + b when it has one,
    /// are at least n0 (the target below n): past it the class's relation, read through the
    /// period, repeats.
    fn zone(&self, o: &Class, m: u64, c: u64) -> Option<u64> {
        // The least k with d * k + e >= n0.
        let at_least = |d: u64, e: u64| if self.n0 > e { (self.n0 - e).div_ceil(d) } else { 0 };
        let mut k = at_least(m, c);
        if o.mult != 0 {
            k = k.max(at_least(o.a.max(1), o.b));
            // a k + b < m k + c (a < m): (m - a) k > b - c.
            if o.b >= c {
                k = k.max((o.b - c) / m.checked_sub(o.a).filter(|&d| d > 0)? + 1);
            }
        }
        k.checked_mul(m)?.checked_add(c)
    }
}

/// The option with its slope and offset read from the last two values of class c found from,
/// and the first n of the class from which it holds up to there.
///
/// The walk goes back one n of the class at a time. Where the values found from repeat with
/// an arithmetic period (`repeats`), it skips: for n = m k + c and its target a k + b both past
/// n0, E(k) = G(n) - mult G(a k + b) - slope k - offset has E(k + p) = E(k) + D with
/// D = m s - mult a s - slope p, so once E is 0 at p + 1 consecutive k there, D = 0 and E is 0
/// at every k there: the walk goes straight to the first such n. The start is the same as
/// walking every n, found in O(p + n0) steps rather than O(values / m), which on the simplest
/// tables (constant or linear after a pre-period) was every option of every modulus walking
/// every value.
fn fit_class(s: &Split<'_>, o: Class, m: u64, c: u64, repeats: Option<Repeats>) -> Option<(Class, u64)> {
    let f = s.found as u64;
    // The last n of the class below f, and the one before it.
    let last = c + (f.checked_sub(c + 1)? / m) * m;
    let prev = last.checked_sub(m)?;
    let (r2, r1) = (residual(s, &o, m, last)?, residual(s, &o, m, prev)?);
    let slope = i64::try_from(r2.checked_sub(r1)?).ok()?;
    if slope < 0 {
        // G would fall below 0 on this class.
        return None;
    }
    let offset = i64::try_from(r2.checked_sub(i128::from(slope).checked_mul(i128::from(last / m))?)?).ok()?;
    let o = Class { slope, offset, ..o };
    // Where the walk may skip, and after how many consecutive k that hold there (`last`
    // holds by the choice of slope and offset).
    let skip = repeats.and_then(|r| Some((r.zone(&o, m, c)?, r.p.checked_add(1)?)));
    let mut run = u64::from(skip.is_some_and(|(zone, _)| last >= zone));
    let mut start = last;
    while let Some(n) = start.checked_sub(m) {
        if !holds(s, &o, m, n) {
            break;
        }
        start = n;
        if let Some((zone, needed)) = skip.filter(|&(zone, _)| n >= zone) {
            run += 1;
            if run >= needed {
                start = zone;
            }
        }
    }
    Some((o, start))
}

/// The function option f for class c: G(n) = mult f(n) + offset, with mult and offset read
/// from the last n of the class found from and the nearest n of the class before it where f
/// differs (G must not differ before it: mult f + offset is constant where f is), and the
/// first n of the class from which it holds up to there. One backward pass; the sieve is
/// built once it has held for [`FACTORED_ALONE`] values.
fn fit_function(s: &Split<'_>, f: Func, m: u64, c: u64) -> Option<(Class, u64)> {
    if f.constant_on(m, c) {
        return None;
    }
    let last = c + ((s.found as u64).checked_sub(c + 1)? / m) * m;
    let at = |n: u64| Some((i128::from(s.get(usize::try_from(n).ok()?)?), i128::from(s.func(f, n)?)));
    let (g_last, f_last) = at(last)?;
    let (mut n, mut steps) = (last, 0u64);
    let (g_other, f_other) = loop {
        n = n.checked_sub(m)?;
        steps += 1;
        if steps == FACTORED_ALONE {
            s.sieve(f);
        }
        let (g, fv) = at(n)?;
        if fv != f_last {
            break (g, fv);
        }
        if g != g_last {
            return None;
        }
    };
    let (dg, df) = (g_last - g_other, f_last - f_other);
    if dg % df != 0 {
        return None;
    }
    let mult = i64::try_from(dg / df).ok().filter(|&a| a != 0)?;
    let offset = i64::try_from(g_last.checked_sub(i128::from(mult).checked_mul(f_last)?)?).ok()?;
    let o = Class::function(f, mult, offset);
    let mut start = last;
    while let Some(n) = start.checked_sub(m) {
        if !holds(s, &o, m, n) {
            break;
        }
        start = n;
        steps += 1;
        if steps == FACTORED_ALONE {
            s.sieve(f);
        }
    }
    Some((o, start))
}

/// The simplest rule by residue classes mod m: each class linear in k or self-similar, or, with
/// `functions`, each class linear in k or a number-theoretic function of n scaled and shifted
/// (at least one class a function: the rest is what the classes without them found); `repeats`
/// is the period [`periodic`] found, if any, which makes the linear classes' walks short.
pub(crate) fn classes(s: &Split<'_>, m: u64, repeats: Option<Repeats>, functions: bool) -> Option<Rule> {
    let f = s.found as u64;
    // Enough values for every class to be seen many times, and every target to fall below n.
    if f < 16 * m || f < m * (m + 1) {
        return None;
    }
    let opts = if functions { function_options() } else { options(m) };
    let mut fits: Vec<Vec<(Class, u64)>> = Vec::with_capacity(m as usize);
    let mut n0 = 0u64;
    for c in 0..m {
        // Each option is one backward pass over the class.
        let found: Vec<(Class, u64)> = opts
            .iter()
            .filter_map(|&o| match (s.stop(), o.func) {
                (true, _) => None,
                (false, Some(func)) => fit_function(s, func, m, c),
                (false, None) if o == LINEAR => {
                    let known = s.linear.borrow().get(&(m, c)).copied();
                    known.unwrap_or_else(|| {
                        let fit = fit_class(s, o, m, c, repeats);
                        s.linear.borrow_mut().insert((m, c), fit);
                        fit
                    })
                }
                (false, None) => fit_class(s, o, m, c, repeats),
            })
            .collect();
        if s.stop() {
            return None;
        }
        // The class holds from N on when its start is below N + m (the first n >= N of it).
        let earliest = found.iter().map(|&(_, st)| st).min()?;
        n0 = n0.max((earliest + 1).saturating_sub(m));
        fits.push(found);
    }
    if (f - n0) * 2 < f {
        return None;
    }
    // Each class: its simplest option that holds from n0 on.
    let mut chosen = Vec::with_capacity(m as usize);
    for class_fits in &fits {
        let (o, _) = class_fits.iter().filter(|&&(_, st)| st < n0 + m).min_by_key(|(o, _)| o.size())?;
        chosen.push(*o);
    }
    if functions {
        if chosen.iter().all(|o| o.func.is_none()) {
            return None;
        }
        // The held-out values are checked with the sieve.
        for f in chosen.iter().filter_map(|o| o.func) {
            s.sieve(f);
        }
    }
    let held = (f..s.values.len() as u64)
        .all(|n| chosen.get(usize::try_from(n % m).unwrap_or(usize::MAX)).is_some_and(|o| holds(s, o, m, n)));
    if !held {
        return None;
    }
    let rule = Rule {
        pre: s.values.get(..usize::try_from(n0).ok()?)?.to_vec(),
        body: Body::Classes { modulus: m, classes: chosen },
    };
    // Evidence: far more values covered than numbers in the rule.
    if (f - n0) < 4 * rule.size() {
        return None;
    }
    Some(rule)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// The walk that skips through a period finds, for every option of every class of every
    /// modulus, the start that walking every value finds, on tables that repeat after a
    /// pre-period (constant, linear, a block, a block with a saltus), where options hold far
    /// back and where they fail on the way.
    #[test]
    fn skipping_through_the_period_finds_the_same_starts() {
        let tables: Vec<(&str, Vec<u64>)> = vec![
            ("zeros", vec![0; 3000]),
            ("n", (0..3000).collect()),
            ("constant after 100", (0..3000).map(|n| if n < 100 { 5 + n % 3 } else { 7 }).collect()),
            ("n after 77", (0..3000).map(|n| if n < 77 { 1 } else { n }).collect()),
            (
                "block of 6 after 40",
                (0..3000).map(|n| if n < 40 { n * 7 % 11 } else { [0, 1, 0, 2, 1, 3][n as usize % 6] }).collect(),
            ),
            (
                "saltus 3 every 4 after 9",
                (0..3000).map(|n| if n < 9 { 0 } else { [1, 0, 2, 2][n as usize % 4] + 3 * (n / 4) }).collect(),
            ),
            ("floor(n / 3)", (0..3000).map(|n| n / 3).collect()),
        ];
        for (name, values) in &tables {
            let split = Split::new(values, values.len() * 3 / 4);
            let rule = periodic(&split, usize::MAX).unwrap_or_else(|| panic!("{name}: a period"));
            let repeats = Repeats::of(&rule);
            assert!(repeats.is_some());
            let mut skipped = 0;
            for m in 2..=12 {
                for c in 0..m {
                    for o in options(m) {
                        let walked = fit_class(&split, o, m, c, None);
                        assert_eq!(fit_class(&split, o, m, c, repeats), walked, "{name}: m = {m}, c = {c}, {o:?}");
                        skipped += usize::from(walked.is_some_and(|(_, start)| start < 1000));
                    }
                }
                // Each from a split of its own: a split keeps the linear option's fits.
                let fresh = || Split::new(values, values.len() * 3 / 4);
                assert_eq!(classes(&fresh(), m, repeats, false), classes(&fresh(), m, None, false), "{name}: m = {m}");
            }
            // Not vacuous: many options hold far back, where the walk skips.
            assert!(skipped > 10, "{name}: {skipped}");
        }
    }
}
