//! Subtraction games whose sets hold ranges `L..R`: the interval game's closed forms (normal and
//! misère play), and the table step that costs by the runs of the set, not by its sizes.
//!
//! A heap n of the game "take L to R" has the options n - R .. n - L (those at least 0), so a
//! table that took the mex over every size would cost (R - L + 1) steps a value. The options of
//! n + 1 are those of n shifted by one: each run of sizes adds one heap and drops one, so a
//! count of each value among the options, moved by one each step, gives the mex in a few steps
//! a run ([`OptionCounts`]).

use crate::game::{Move, MoveFamily};
use crate::rules::MoveSet;

/// G(n) of the subtraction game whose sizes are the interval L..R (1 <= L <= R):
/// G(n) = floor((n mod (L + R)) / L), with period L + R from 0.
///
/// Proof, by induction on n: the options of n are n - R .. n - L (those at least 0); with
/// r = n mod (L + R) they take every residue of value floor(r' / L) but those within L - 1 of
/// r, so they hold every value below floor(r / L) and none equal to it: G(n) is their mex.
/// (Tested against the plain mex for every L <= R <= 12 and n <= 200.)
///
/// ```
/// assert_eq!(grundy::frontend::interval_value(3, 7, 1_000_000_000_007), 2); // 10^12 + 7 = 7 (mod 10)
/// assert_eq!(grundy::frontend::interval_value(3, 7, 9), 3);
/// ```
pub fn interval_value(low: u64, high: u64, n: u64) -> u64 {
    let period = u128::from(low) + u128::from(high);
    ((u128::from(n) % period) / u128::from(low.max(1))) as u64
}

/// Whether the player to move wins a single heap of `n` of the interval game L..R under misère
/// play (the player who makes the last move loses): they lose exactly when
/// n mod (L + R) lies in [L, 2L).
///
/// Proof, by induction on n: a heap below L has no move and is won. With r = n mod (L + R),
/// the options n - R .. n - L reach every residue except the 2L - 1 within L - 1 of r; when r
/// lies in [L, 2L) those cover all of [L, 2L), so no option is lost; otherwise some residue of
/// [L, 2L) is reached, by an option at least L (at least 0: n >= 2L when r < L or n < L + R).
/// (Tested against the plain search for every L <= R <= 12 and n <= 200.)
pub fn interval_misere_wins(low: u64, high: u64, n: u64) -> bool {
    let r = u128::from(n) % (u128::from(low) + u128::from(high));
    !(u128::from(low)..2 * u128::from(low)).contains(&r)
}

/// The moves of a heap of `n` in the interval game L..R that leave a heap whose residue modulo
/// L + R lies in `first..=last` (residues below L + R), as families of consecutive heaps left
/// (step 1), smallest take first: the options n - R .. n - L span fewer than L + R heaps, so
/// they meet at most two blocks of such residues. An interval of one or two sizes (written
/// size by size) gives its moves one by one, as a list of sizes does.
pub(crate) fn interval_families(low: u64, high: u64, n: u64, first: u128, last: u128) -> Vec<MoveFamily> {
    let Some(top) = n.checked_sub(low) else { return vec![] };
    let bottom = n.saturating_sub(high);
    let period = u128::from(low) + u128::from(high);
    let (bottom, top) = (u128::from(bottom), u128::from(top));
    let mut out = vec![];
    let mut k = top / period;
    loop {
        let base = k * period;
        let (a, b) = ((base + first).max(bottom), (base + last).min(top));
        if a <= b && high - low >= 2 {
            // a <= b <= top <= u64::MAX.
            out.push(MoveFamily::new(0, vec![a as u64], 1, (b - a + 1) as u64));
        } else if a <= b {
            // One or two sizes, written one by one: each move on its own, larger heap first.
            out.extend((a..=b).rev().map(|m| MoveFamily::single(Move::new(0, vec![m as u64]))));
        }
        if base <= bottom || k == 0 {
            break;
        }
        k -= 1;
    }
    out
}

/// The winning moves of a heap of `n` in the interval game L..R under normal play that reach
/// the value `target`: the heaps left whose residue lies in [target L, target L + L - 1].
pub(crate) fn interval_value_families(low: u64, high: u64, n: u64, target: u64) -> Vec<MoveFamily> {
    let period = u128::from(low) + u128::from(high);
    let first = u128::from(target) * u128::from(low);
    if first >= period {
        return vec![];
    }
    let last = (first + u128::from(low) - 1).min(period - 1);
    interval_families(low, high, n, first, last)
}

/// The misère winning moves of a single heap of `n` in the interval game L..R: those that
/// leave a lost heap (residue in [L, 2L)); none when the heap is lost.
pub(crate) fn interval_misere_families(low: u64, high: u64, n: u64) -> Vec<MoveFamily> {
    if !interval_misere_wins(low, high, n) {
        return vec![];
    }
    interval_families(low, high, n, u128::from(low), 2 * u128::from(low) - 1)
}

/// The heaps left by the moves `takes` (increasing) of a heap of `n`, as families: the takes of
/// one run of three or more sizes of `set` (a run `Display` writes as `L..R`) that follow each
/// other are one family of consecutive heaps; every other take is a move of its own, as a list
/// of sizes has always been answered.
pub(crate) fn families_of_takes(set: &MoveSet, n: u64, takes: impl IntoIterator<Item = u64>) -> Vec<MoveFamily> {
    let in_long_run = |t: u64| {
        let runs = set.runs();
        let i = runs.partition_point(|&(_, hi)| hi < t);
        runs.get(i).is_some_and(|&(lo, hi)| lo <= t && hi - lo >= 2)
    };
    let mut out: Vec<MoveFamily> = vec![];
    let mut open: Option<(u64, u64)> = None; // (first take, last take) of a family being built
    let close = |out: &mut Vec<MoveFamily>, (a, b): (u64, u64)| {
        out.push(if a == b {
            MoveFamily::single(Move::new(0, vec![n - a]))
        } else {
            MoveFamily::new(0, vec![n - b], 1, b - a + 1)
        })
    };
    for t in takes {
        match open {
            Some((a, b)) if b.checked_add(1) == Some(t) && in_long_run(t) && same_run(set, b, t) => {
                open = Some((a, t));
            }
            Some(run) => {
                close(&mut out, run);
                open = Some((t, t));
            }
            None => open = Some((t, t)),
        }
    }
    if let Some(run) = open {
        close(&mut out, run);
    }
    out
}

/// How many sizes up to `n` lie in runs of three or more sizes of `set` (the runs `Display`
/// writes as `L..R`): what listing a heap's moves walks beyond the sizes typed one by one.
pub(crate) fn range_sizes_upto(set: &MoveSet, n: u64) -> u64 {
    set.runs()
        .iter()
        .filter(|&&(lo, hi)| hi - lo >= 2 && lo <= n)
        .map(|&(lo, hi)| hi.min(n) - lo + 1)
        .fold(0, u64::saturating_add)
}

/// Whether the sizes `a` and `b` lie in the same run of `set`.
fn same_run(set: &MoveSet, a: u64, b: u64) -> bool {
    let runs = set.runs();
    runs.partition_point(|&(_, hi)| hi < a) == runs.partition_point(|&(_, hi)| hi < b)
}

/// How many options of the heap being computed have each value, with the smallest value no
/// option has (the mex) found in a few word reads: a bitset of the values no option has, with
/// a summary bit for each word above it, level over level.
#[derive(Debug, Default)]
struct MexCounts {
    /// count[v]: the options of value v.
    count: Vec<u32>,
    /// levels[0] bit v: count[v] == 0; levels[k + 1] bit i: word i of levels[k] is not 0. The
    /// last level is one word.
    levels: Vec<Vec<u64>>,
}

impl MexCounts {
    fn new() -> Self {
        let mut m = MexCounts::default();
        m.grow(64);
        m
    }

    /// Room for the values below `need` (at least), every new one with no option.
    fn grow(&mut self, need: usize) {
        let cap = need.max(self.count.len().saturating_mul(2)).next_multiple_of(64);
        self.count.resize(cap, 0);
        let mut level: Vec<u64> = self
            .count
            .chunks(64)
            .map(|c| c.iter().enumerate().fold(0, |w, (i, &n)| w | (u64::from(n == 0) << i)))
            .collect();
        self.levels.clear();
        loop {
            let up: Vec<u64> = level
                .chunks(64)
                .map(|c| c.iter().enumerate().fold(0, |w, (i, &x)| w | (u64::from(x != 0) << i)))
                .collect();
            let done = level.len() == 1;
            self.levels.push(level);
            if done {
                break;
            }
            level = up;
        }
    }

    fn add(&mut self, v: u64) {
        let v = v as usize;
        if v >= self.count.len() {
            self.grow(v + 1);
        }
        let Some(c) = self.count.get_mut(v) else { return };
        *c += 1;
        if *c > 1 {
            return;
        }
        let mut i = v;
        for level in &mut self.levels {
            let Some(w) = level.get_mut(i >> 6) else { return };
            *w &= !(1 << (i & 63));
            if *w != 0 {
                return;
            }
            i >>= 6;
        }
    }

    fn remove(&mut self, v: u64) {
        let v = v as usize;
        let Some(c) = self.count.get_mut(v) else { return };
        *c = c.saturating_sub(1);
        if *c > 0 {
            return;
        }
        let mut i = v;
        for level in &mut self.levels {
            let Some(w) = level.get_mut(i >> 6) else { return };
            let was = *w;
            *w |= 1 << (i & 63);
            if was != 0 {
                return;
            }
            i >>= 6;
        }
    }

    fn has(&self, v: u64) -> bool {
        self.count.get(v as usize).is_some_and(|&c| c > 0)
    }

    /// The smallest value no option has.
    fn mex(&self) -> u64 {
        let mut i = 0usize;
        for level in self.levels.iter().rev() {
            let w = level.get(i).copied().unwrap_or(0);
            if w == 0 {
                // Only the top level can be all zero (a lower word is read only when its bit
                // above is set): every value below the capacity has an option.
                return self.count.len() as u64;
            }
            i = i * 64 + w.trailing_zeros() as usize;
        }
        i as u64
    }
}

/// The steps one value of a subtraction table costs: one a size when the sizes are few beside
/// the runs (each looked up, as a list of sizes always was), else two a run (each run's window
/// of options adds one heap and drops one), so a range of 10^9 sizes costs as much as one size.
pub(crate) fn steps_per_value(set: &MoveSet) -> u64 {
    let runs = set.runs().len() as u64;
    set.count().min(runs.saturating_mul(2)).max(1)
}

/// The values of the options of heap n of a subtraction game, found for n = 0, 1, 2, ... in
/// turn, in [`steps_per_value`] steps each: size by size for a set of few sizes beside its runs,
/// else by counts moved run by run (each run L..R adds the heap n - L and drops the heap
/// n - R - 1 as n grows by one).
#[derive(Debug)]
pub(crate) struct OptionCounts<'a> {
    set: &'a MoveSet,
    /// `None` when the sizes are looked up one by one.
    counts: Option<MexCounts>,
    /// The heap whose options the counts hold.
    n: usize,
    /// Scratch for a mex over the sizes one by one (all false between values).
    seen: Vec<bool>,
}

impl<'a> OptionCounts<'a> {
    pub(crate) fn new(set: &'a MoveSet) -> Self {
        let by_runs = set.count() > steps_per_value(set);
        let seen = if by_runs { vec![] } else { vec![false; set.count() as usize + 1] };
        OptionCounts { set, counts: by_runs.then(MexCounts::new), n: 0, seen }
    }

    /// Moves the counts to the options of heap `entries.len()`, given the entries of every
    /// smaller heap (from the first call on, one more entry each call).
    fn advance(&mut self, entries: &[u64]) {
        let Some(counts) = &mut self.counts else { return };
        if entries.len() < self.n {
            // A table started again: count from the start.
            *counts = MexCounts::new();
            self.n = 0;
        }
        while self.n < entries.len() {
            self.n += 1;
            let n = self.n as u64;
            for &(lo, hi) in self.set.runs() {
                if let Some(&v) = n.checked_sub(lo).and_then(|m| entries.get(m as usize)) {
                    counts.add(v);
                }
                if let Some(&v) = hi.checked_add(1).and_then(|h| n.checked_sub(h)).and_then(|m| entries.get(m as usize))
                {
                    counts.remove(v);
                }
            }
        }
    }

    /// G(n) for n = `values.len()`, given G(0..n): the mex of the options' values.
    pub(crate) fn next_value(&mut self, values: &[u64]) -> u64 {
        self.advance(values);
        if let Some(counts) = &self.counts {
            return counts.mex();
        }
        let n = values.len() as u64;
        for m in self.set.sizes_upto(n) {
            if let Some(flag) = values.get((n - m) as usize).and_then(|&v| self.seen.get_mut(v as usize)) {
                *flag = true;
            }
        }
        let mex = self.seen.iter().position(|&x| !x).unwrap_or(self.seen.len());
        self.seen.iter_mut().for_each(|x| *x = false);
        mex as u64
    }

    /// The misère outcome of heap n = `outcomes.len()` (1: the player to move wins), given
    /// those of the smaller heaps: won with no move, else exactly when some option is lost.
    pub(crate) fn next_misere(&mut self, outcomes: &[u64]) -> u64 {
        self.advance(outcomes);
        let n = outcomes.len() as u64;
        if self.set.min() > n {
            return 1;
        }
        match &self.counts {
            Some(counts) => u64::from(counts.has(0)),
            None => u64::from(self.set.sizes_upto(n).any(|m| outcomes.get((n - m) as usize) == Some(&0))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_counts_follow_adds_and_removes_past_one_level() {
        let mut m = MexCounts::new();
        for v in 0..5000 {
            m.add(v);
        }
        assert_eq!(m.mex(), 5000);
        m.remove(4097);
        assert_eq!(m.mex(), 4097);
        m.remove(3);
        assert_eq!(m.mex(), 3);
        m.add(3);
        m.add(4097);
        assert_eq!(m.mex(), 5000);
    }
}
