//! Tables of Sprague-Grundy values, and periods proven from them.
//!
//! A period is only ever reported with a proof: for subtraction games a repeated window of
//! max(S) values (each value depends only on the previous max(S)), for all-but games the
//! induction in [`allbut_table`], whose conditions are checked on the table itself.

use std::collections::HashMap;

use crate::engine::subtraction::OptionCounts;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::{MoveSet, Ruleset};
use crate::stop::{Stopped, Ticker};
use crate::values::period::earliest_start;
use crate::values::{GrundyTable, Period};

/// The most steps a subtraction or all-but table may take (each value costs one step per
/// size in the set): a few seconds at worst. A set of many sizes gets fewer values.
pub const TABLE_STEPS: u64 = 1 << 29;

/// The steps one value of a subtraction table costs (see [`OptionCounts`]).
fn subtraction_steps(set: &MoveSet) -> u64 {
    crate::engine::subtraction::steps_per_value(set)
}

/// The steps one value of an all-but table costs: one an excluded size (saturating).
fn allbut_steps(set: &MoveSet) -> u64 {
    set.count()
}

/// The refusal of a table whose values cost too many steps to reach a proven period.
fn too_many_steps(kind: &str, set: &MoveSet, steps: u64, values: u64) -> AnalyzeError {
    let runs = match set.runs().len() {
        r if r as u64 == set.count() => String::new(),
        1 => " in one range".to_string(),
        r => format!(" in {r} runs"),
    };
    let within = if values == 0 {
        format!("more than {TABLE_STEPS} steps allow for even one value")
    } else {
        format!("and no period is proven within the first {values} values (the most that fit in {TABLE_STEPS} steps)")
    };
    AnalyzeError::Unsupported(format!(
        "the {kind} table of a set of {} sizes{runs} costs {steps} steps a value, {within}; a set with fewer sizes, or a smaller largest size, is answered",
        set.count()
    ))
}

/// The smallest non-negative integer not marked in `seen` (the mex, minimum excludant, of the Sprague-Grundy theorem).
pub(crate) fn mex_of(seen: &[bool]) -> u64 {
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// G(0..=upto) by the definition: each value is the mex of its options' values (an option that
/// leaves several heaps is worth the XOR of their values). Slow and plain on purpose: the other
/// engines are tested against it.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::mex_table;
/// assert_eq!(mex_table(&Ruleset::bounded(2), 6), vec![0, 1, 2, 0, 1, 2, 0]);
/// ```
pub fn mex_table(ruleset: &Ruleset, upto: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(upto as usize + 1);
    for n in 0..=upto {
        let mut options = Vec::new();
        ruleset.for_each_option(n, &mut |parts| {
            options.push(parts.iter().fold(0, |acc, &h| acc ^ values[h as usize]) as usize);
        });
        // The mex of k values is at most k, so k + 1 flags always hold it (a heap may have more
        // options than objects: 4.777... has 8 at n = 5 and G(5) = 8).
        let mut seen = vec![false; options.len() + 1];
        for v in options {
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values.push(mex_of(&seen));
    }
    values
}

/// Finds the smallest preperiod for a proven `period`/`saltus` that is known to hold from `from`
/// on, by walking back while the relation still holds.
fn smallest_preperiod(values: &[u64], period: usize, saltus: u64, from: usize) -> usize {
    earliest_start(values, period, from, |a, b| a.checked_add(saltus) == Some(*b))
}

/// A 128-bit rolling hash of the last `width` values, for finding a repeated window.
pub(crate) struct WindowHash {
    width: usize,
    h: [u64; 2],
    top: [u64; 2],
}

const BASES: [u64; 2] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F];

impl WindowHash {
    pub(crate) fn new(window: &[u64]) -> Self {
        let mut w = WindowHash { width: window.len(), h: [0; 2], top: [1; 2] };
        for ((h, top), base) in w.h.iter_mut().zip(w.top.iter_mut()).zip(BASES) {
            for _ in 1..window.len() {
                *top = top.wrapping_mul(base);
            }
            for &v in window {
                *h = h.wrapping_mul(base).wrapping_add(v.wrapping_add(1));
            }
        }
        w
    }

    pub(crate) fn roll(&mut self, old: u64, new: u64) {
        debug_assert!(self.width > 0);
        for ((h, top), base) in self.h.iter_mut().zip(self.top).zip(BASES) {
            let without = h.wrapping_sub(old.wrapping_add(1).wrapping_mul(top));
            *h = without.wrapping_mul(base).wrapping_add(new.wrapping_add(1));
        }
    }

    /// The two hashes folded into 64 bits, as two halves (4-byte aligned, so that a map entry
    /// of a key and a 32-bit index takes 12 bytes).
    fn short_key(&self) -> [u32; 2] {
        let k = self.h[0] ^ self.h[1].rotate_left(32);
        [k as u32, (k >> 32) as u32]
    }
}

/// The Grundy values of the subtraction game with move set `set`, computed until a window of
/// max(S) consecutive values repeats. Because G(n) depends only on the max(S) values before it,
/// the first repeat proves the period, and it is the smallest one.
///
/// `budget` bounds the number of values computed.
pub fn subtraction_table(set: &MoveSet, budget: u64) -> Result<GrundyTable, AnalyzeError> {
    let mut options = OptionCounts::new(set);
    windowed_table(set, budget, "subtraction", |values| options.next_value(values))
}

/// The single-heap outcomes of the subtraction game with move set `set` under misère play (the
/// player who makes the last move loses): value 1 when the player to move wins a heap of n, 0
/// when they lose. A heap with no move (n below the smallest size) is won by the player to move,
/// who cannot move and so did not make the last move; otherwise the player to move wins exactly
/// when some move leaves a lost heap. Like the Grundy values, each outcome depends only on the
/// max(S) outcomes before it, so the first repeated window proves the period.
///
/// ```
/// use grundy::frontend::{misere_subtraction_table, MoveSet};
/// // Misère take 1..3: the player to move loses exactly when n = 1 (mod 4).
/// let t = misere_subtraction_table(&"1,2,3".parse::<MoveSet>().unwrap(), 1_000_000).unwrap();
/// assert_eq!(t.get(1_000_000_000_000_000_001), Some(0));
/// assert_eq!(t.get(1_000_000_000_000_000_000), Some(1));
/// ```
pub fn misere_subtraction_table(set: &MoveSet, budget: u64) -> Result<GrundyTable, AnalyzeError> {
    let mut options = OptionCounts::new(set);
    windowed_table(set, budget, "misère subtraction", |outcomes| options.next_misere(outcomes))
}

/// Computes a table whose entry n depends only on the max(S) entries before it (`next` gets the
/// entries so far and returns entry n), until a window of max(S) entries repeats:
/// the repeat proves the period, the first one the smallest. `budget` bounds the entries.
fn windowed_table(
    set: &MoveSet,
    budget: u64,
    kind: &str,
    next: impl FnMut(&[u64]) -> u64,
) -> Result<GrundyTable, AnalyzeError> {
    let asked = Work::SubtractionTable.clamp(budget);
    let steps = subtraction_steps(set);
    let budget = asked.min(TABLE_STEPS / steps);
    let width = set.max();
    // What the table needs, where it is known: one size m has values 0 (m times), 1 (m
    // times), ..., period 2m from 0, and its window of m values first repeats at entry 3m.
    // Other sets' periods are found only by computing (the table needs more than max(S)
    // entries, and how many more is not known); past what any budget allows it says so.
    let need = match set.count() {
        1 => Some(width.saturating_mul(3)),
        _ if width >= Work::SubtractionTable.max_budget() => Some(width.saturating_add(1)),
        _ => None,
    };
    let gave_up = || GaveUp { what: Work::SubtractionTable, used: budget, needed: need };
    // Past u32 entries the table would not fit in memory anyway.
    if width >= budget && budget < asked {
        return Err(too_many_steps(kind, set, steps, budget));
    }
    if width >= budget || width > u64::from(u32::MAX) {
        return Err(GaveUp { what: Work::SubtractionTable, used: budget, needed: need }.into());
    }
    let mut values: Vec<u64> = Vec::new();
    match until_window_repeats(&mut values, width as usize, budget, |&v| v, next)? {
        Some(period) => Ok(GrundyTable::with_period(values, period)),
        None if budget < asked => Err(too_many_steps(kind, set, steps, budget)),
        None => Err(gave_up().into()),
    }
}

/// The most bytes a table entry of `until_window_repeats` costs beyond the entry itself: its
/// map's bucket (12 bytes and a control byte) with the map at most 7/8 full, growing by
/// doubling, and old and new buckets live together while it grows: 3 (8/7) 13 < 45.
pub(crate) const WINDOW_BYTES_PER_ENTRY: u64 = 45;

// A subtraction table's entry is a u64 in a vector grown by doubling: 16 bytes an entry at most,
// 24 while it grows (when the map is at most 2 (8/7) 13 < 30 bytes an entry). Its options'
// counts (`OptionCounts`) hold a u32 for each value up to the largest (at most one a value
// computed), in a vector grown by doubling, and a bit or two: at most 12 bytes an entry, 8 of
// them at most while it grows.
const _: () = assert!(
    std::mem::size_of::<([u32; 2], u32)>() == 12
        && WINDOW_BYTES_PER_ENTRY + 16 + 12 <= Work::SubtractionTable.bytes_per_unit()
        && 24 + 30 + 12 <= Work::SubtractionTable.bytes_per_unit()
);

/// Extends `entries` with `next` (which gets the entries so far and returns the next one)
/// until the last `width` entries repeat an earlier window of `width`, for tables whose entry n
/// depends only on the `width` entries before it: the repeat proves the period, and the first
/// one found is the smallest. Returns that ordinary period with `entries` cut to its pre-period
/// (walked back as far as the entries still repeat) plus one period, or `None` once `budget`
/// entries are reached without a repeat. `key` summarises an entry for the rolling hash; equal
/// windows are confirmed entry by entry.
pub(crate) fn until_window_repeats<T: PartialEq>(
    entries: &mut Vec<T>,
    width: usize,
    budget: u64,
    key: impl Fn(&T) -> u64,
    mut next: impl FnMut(&[T]) -> T,
) -> Result<Option<Period>, Stopped> {
    while entries.len() < width {
        let e = next(entries);
        entries.push(e);
    }
    // windows[hash] = the first n whose preceding `width` entries hash to it: a 64-bit key and
    // a 32-bit index, 12 bytes a bucket (see `WINDOW_BYTES_PER_ENTRY`). Only every `width`-th
    // window is stored (n - width a multiple of `width`), and every window is looked up: once
    // the windows repeat with period p from some n0, the first stored window at or past n0
    // comes back p entries later, so the repeat is found at most `width` entries after the
    // first possible one, and the map holds one window in `width` (a map of every window made a
    // table of 9 * 10^7 entries take minutes and gigabytes). The first repeat found is still the
    // smallest period: a repeat of a stored window i at n = i + kp with k >= 2 would have been
    // found at i + p first. A key shared by two different windows only delays the proof: the
    // later window is not stored, and the next stored one is.
    let stride = width.max(1);
    let budget = budget.min(u64::from(u32::MAX));
    let mut windows: HashMap<[u32; 2], u32> = HashMap::new();
    let mut ticker = Ticker::new(1024);
    let mut hash = {
        let first: Vec<u64> = entries.iter().take(width).map(&key).collect();
        WindowHash::new(&first)
    };
    loop {
        let n = entries.len();
        match windows.get(&hash.short_key()) {
            Some(&i) if entries[i as usize - width..i as usize] == entries[n - width..n] => {
                let i = i as usize;
                let period = n - i;
                let start = earliest_start(entries, period, i - width, |a, b| a == b);
                entries.truncate(start + period);
                return Ok(Some(Period { preperiod: start as u64, period: period as u64, saltus: 0 }));
            }
            Some(_) => {}
            None if (n - width).is_multiple_of(stride) => {
                // n < budget <= u32::MAX here.
                windows.insert(hash.short_key(), n as u32);
            }
            None => {}
        }
        if n as u64 >= budget {
            return Ok(None);
        }
        ticker.tick()?;
        let e = next(entries);
        entries.push(e);
        hash.roll(key(&entries[n - width]), key(&entries[n]));
    }
}

/// Computes G(0..len) of the all-but game with excluded sizes `set`, incrementally.
///
/// G(n) is the mex of every earlier value except those at distances in S. Keeping a count of
/// each value over all m < n, a value v is missing from the options exactly when all of its
/// occurrences sit at excluded distances, so each step costs O(|S|) plus the advance of the
/// global first hole.
struct AllButBuilder<'a> {
    set: &'a MoveSet,
    values: Vec<u64>,
    count: Vec<u32>,
    /// Scratch for one step: occurrences of each value at excluded distances (all zero
    /// between steps).
    tally: Vec<u32>,
    first_hole: u64,
}

impl<'a> AllButBuilder<'a> {
    fn new(set: &'a MoveSet) -> Self {
        AllButBuilder { set, values: Vec::new(), count: Vec::new(), tally: Vec::new(), first_hole: 0 }
    }

    fn extend_to(&mut self, len: usize) -> Result<(), Stopped> {
        let mut excluded: Vec<u64> = Vec::new();
        let mut ticker = Ticker::new(1024);
        while self.values.len() < len {
            ticker.tick()?;
            let n = self.values.len();
            // Tally how many occurrences of each value sit at excluded distances, in a table
            // indexed by value that is cleared through the list of values touched: O(|S|) a
            // value (a list of (value, count) pairs searched linearly was O(|S|^2)).
            excluded.clear();
            for s in self.set.sizes_upto(n as u64) {
                let v = self.values[n - s as usize];
                let t = &mut self.tally[v as usize];
                if *t == 0 {
                    excluded.push(v);
                }
                *t += 1;
            }
            let mut g = self.first_hole;
            for &v in &excluded {
                let t = std::mem::take(&mut self.tally[v as usize]);
                if v < g && self.count[v as usize] == t {
                    g = v;
                }
            }
            self.values.push(g);
            if self.count.len() <= g as usize {
                self.count.resize(g as usize + 1, 0);
                self.tally.resize(g as usize + 1, 0);
            }
            self.count[g as usize] += 1;
            while (self.first_hole as usize) < self.count.len() && self.count[self.first_hole as usize] > 0 {
                self.first_hole += 1;
            }
        }
        Ok(())
    }
}

/// Tries to prove that G(m + p) = G(m) + a for every m >= n0 from the all-but table `values`.
///
/// The proof is an induction on N >= N0 = len - p. Write V(x) for the set of values G(0..x) and
/// s = max(S). The options of N are V(N - s) together with the values in the window
/// [N - s, N) at allowed distances. If the relation holds on [n0, N) with N - s >= n0, the window
/// of N + p is the window of N shifted by a, and V(N + p - s) = V(n0 + p) ∪ (W + a) while
/// V(N - s) = V(n0) ∪ W, where W is the set of values G(n0..N - s). So the mex shifts by a
/// provided V(n0 + p) equals [0, a) ∪ (V(n0) + a) except for values that W + a already
/// supplies. W only grows with N, so checking that at N0 proves every later step.
fn prove_arithmetic(values: &[u64], s: usize, p: usize, a: u64, n0: usize) -> bool {
    let len = values.len();
    let Some(n_start) = len.checked_sub(p) else { return false };
    if n_start < n0 + s {
        return false;
    }
    let top = values.iter().copied().max().unwrap_or(0) as usize + 1;
    let mut v_n0 = vec![false; top];
    let mut v_n0p = vec![false; top];
    let mut w = vec![false; top];
    values[..n0].iter().for_each(|&v| v_n0[v as usize] = true);
    values[..n0 + p].iter().for_each(|&v| v_n0p[v as usize] = true);
    values[n0..n_start - s].iter().for_each(|&v| w[v as usize] = true);
    (0..top).all(|x| {
        let expected = (x as u64) < a || v_n0[x - a as usize];
        let in_d = expected != v_n0p[x];
        // Elements of the difference must be >= a and supplied by W + a.
        !in_d || ((x as u64) >= a && w[x - a as usize])
    })
}

/// The Grundy values of the all-but game (take any positive number except the sizes in `set`),
/// with its arithmetic period proven (see `prove_arithmetic`'s induction), so that G(n) is
/// exact for every n.
///
/// `budget` bounds the number of values computed.
///
/// ```
/// use grundy::frontend::{allbut_table, MoveSet};
/// let t = allbut_table(&"3".parse::<MoveSet>().unwrap(), 1_000_000).unwrap();
/// let p = t.period().unwrap();
/// assert_eq!((p.period, p.saltus), (6, 3)); // the K-L-Nim problem's K = L formula with K = 3
/// ```
pub fn allbut_table(set: &MoveSet, budget: u64) -> Result<GrundyTable, AnalyzeError> {
    let asked = Work::AllButTable.clamp(budget);
    let steps = allbut_steps(set);
    let budget = asked.min(TABLE_STEPS / steps);
    let s = set.max();
    // The first round computes 8 (s + 1) values before looking for a period.
    if s.saturating_add(1).saturating_mul(8) > budget && budget < asked {
        return Err(too_many_steps("all-but", set, steps, budget));
    }
    if s > budget / 4 || s > u64::from(u32::MAX) {
        return Err(GaveUp { what: Work::AllButTable, used: budget, needed: s.checked_mul(16) }.into());
    }
    let s = s as usize;
    let mut builder = AllButBuilder::new(set);
    let mut len = (8 * (s + 1)).max(64);
    loop {
        let len_now = len.min(budget as usize);
        builder.extend_to(len_now)?;
        let values = &builder.values;
        let last = len_now - 1;
        for p in 1..=len_now / 2 {
            let Some(a) = values[last].checked_sub(values[last - p]) else { continue };
            let n0 = smallest_preperiod(values, p, a, len_now - p);
            if !prove_arithmetic(values, s, p, a, n0) {
                continue;
            }
            // p is a proven period; the smallest period divides it and holds from the same n0
            // (two periods of an endless sequence from one index make their gcd one too), so
            // check the divisors on one full period after n0.
            builder.extend_to(n0 + 3 * p)?;
            let values = &builder.values;
            let best = (1..=p)
                .filter(|d| p % d == 0 && (a * *d as u64).is_multiple_of(p as u64))
                .find(|&d| {
                    let ad = a * d as u64 / p as u64;
                    (n0..n0 + p).all(|m| values[m + d] == values[m] + ad)
                })
                .unwrap_or(p);
            let saltus = a * best as u64 / p as u64;
            let n0 = smallest_preperiod(values, best, saltus, n0);
            let mut values = builder.values;
            values.truncate(n0 + best);
            return Ok(GrundyTable::with_period(values, Period { preperiod: n0 as u64, period: best as u64, saltus }));
        }
        if len_now as u64 >= budget {
            if budget < asked {
                return Err(too_many_steps("all-but", set, steps, budget));
            }
            return Err(GaveUp { what: Work::AllButTable, used: budget, needed: None }.into());
        }
        len = len.saturating_mul(2);
    }
}

/// The steps (one a size of the set, a value) a period search may spend on a table that
/// already answers the heaps asked about: a few milliseconds. Past it the table of the heaps
/// asked is answered as it is, exact up to its length.
pub const CHEAP_TABLE_STEPS: u64 = 1 << 22;

/// How far a table that already holds the heaps asked about looks for its period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodSearch {
    /// Only as far as is cheap ([`CHEAP_TABLE_STEPS`]): a position's heaps are answered at once.
    Cheap,
    /// Within the whole budget: a sequence (`grundy sg`) reports the period with its values.
    Full,
}

/// The values a position with heaps up to `max_heap` needs, by a table whose values cost
/// `steps` steps each: with a period when the search `proven` (given an entry budget) proves one, else
/// G(0..=max_heap) by `plain` (given the length), exact up to its length.
///
/// Tables answer what they hold: when max_heap + 1 entries fit in `budget` (and the steps in
/// [`TABLE_STEPS`]), the period search gets what `search` allows, and a search that proves
/// nothing ends in the table of the heaps, not a refusal. Heaps past what fits need the period,
/// searched within the whole budget as before.
fn table_for_heaps(
    steps: u64,
    max_heap: u64,
    budget: u64,
    search: PeriodSearch,
    work: Work,
    proven: impl FnOnce(u64) -> Result<GrundyTable, AnalyzeError>,
    plain: impl FnOnce(usize) -> Result<Vec<u64>, Stopped>,
) -> Result<GrundyTable, AnalyzeError> {
    let steps = steps.max(1);
    let fits = work.clamp(budget).min(TABLE_STEPS / steps).min(u64::from(u32::MAX));
    let Some(len) = max_heap.checked_add(1).filter(|&len| len <= fits) else { return proven(budget) };
    let entries = match search {
        PeriodSearch::Cheap => len.max(CHEAP_TABLE_STEPS / steps).min(fits),
        PeriodSearch::Full => budget,
    };
    match proven(entries) {
        Ok(table) => Ok(table),
        Err(AnalyzeError::Stopped(s)) => Err(s.into()),
        // len <= u32::MAX here.
        Err(_) => Ok(GrundyTable::new(plain(len as usize)?)),
    }
}

/// G(0..len) of the subtraction game with move set `set`, by the definition (no period).
fn subtraction_values(set: &MoveSet, len: usize) -> Result<Vec<u64>, Stopped> {
    let mut values: Vec<u64> = Vec::with_capacity(len);
    let mut options = OptionCounts::new(set);
    let mut ticker = Ticker::new(1024);
    for _ in 0..len {
        ticker.tick()?;
        let v = options.next_value(&values);
        values.push(v);
    }
    Ok(values)
}

/// The values of the subtraction game with move set `set` that a position with heaps up to
/// `max_heap` needs: [`subtraction_table`] with its proven period where that is cheap or
/// needed, else G(0..=max_heap) (see `table_for_heaps`).
///
/// ```
/// use grundy::frontend::{subtraction_table_for, MoveSet, PeriodSearch};
/// // A heap of 5 has no move when every size is larger: a table of 6 values, no period needed.
/// let set = "1000000000".parse::<MoveSet>().unwrap();
/// let t = subtraction_table_for(&set, 5, 2_000_000, PeriodSearch::Cheap).unwrap();
/// assert_eq!((t.get(5), t.period()), (Some(0), None));
/// ```
pub fn subtraction_table_for(
    set: &MoveSet,
    max_heap: u64,
    budget: u64,
    search: PeriodSearch,
) -> Result<GrundyTable, AnalyzeError> {
    table_for_heaps(
        subtraction_steps(set),
        max_heap,
        budget,
        search,
        Work::SubtractionTable,
        |b| subtraction_table(set, b),
        |len| subtraction_values(set, len),
    )
}

/// The values of the all-but game with excluded sizes `set` that a position with heaps up to
/// `max_heap` needs: [`allbut_table`] with its proven period where that is cheap or needed,
/// else G(0..=max_heap) (see `table_for_heaps`).
pub fn allbut_table_for(
    set: &MoveSet,
    max_heap: u64,
    budget: u64,
    search: PeriodSearch,
) -> Result<GrundyTable, AnalyzeError> {
    table_for_heaps(
        allbut_steps(set),
        max_heap,
        budget,
        search,
        Work::AllButTable,
        |b| allbut_table(set, b),
        |len| {
            let mut builder = AllButBuilder::new(set);
            builder.extend_to(len)?;
            Ok(builder.values)
        },
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A heap may have more options than objects; the mex must still be found. In 4.777...
    /// (split a heap in two, or take 1 to 16 leaving 0, 1 or 2 heaps), heap 5 has options
    /// worth 0 (take 5), 1 (take 4), 2 and 0 (take 3), 4 and 3 (take 2), 6, 5 and 0 (take 1),
    /// 7 and 6 (split 1 + 4, 2 + 3): G(5) = 8, counted by hand.
    #[test]
    fn mex_of_more_options_than_objects() {
        let r: Ruleset = "octal:4.7777777777777777".parse().unwrap();
        assert_eq!(mex_table(&r, 5), vec![0, 1, 2, 4, 6, 8]);
    }
}
