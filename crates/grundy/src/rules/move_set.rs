//! [`MoveSet`]: the sizes a subtraction (or all-but) game names, as sorted runs of consecutive
//! sizes, so that `subtraction:1..1000000000` holds two numbers, not 10^9.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

use crate::error::ParseGameError;
use crate::number::parse_u64;

/// A finite, non-empty set of positive move sizes, kept as sorted runs of consecutive sizes
/// (`L..R`, both ends included), disjoint and not touching: the set is never expanded, so a
/// range of 10^9 sizes costs two numbers. Callers ask for what they need (`contains`, `min`,
/// `max`, `count`, the runs, or the sizes up to a bound), never for a list of every size.
///
/// `Display` writes a run of three or more sizes as `L..R` and shorter runs size by size, so
/// `FromStr` and `Display` round-trip:
///
/// ```
/// use grundy::frontend::MoveSet;
/// let s: MoveSet = "5,1,3,3".parse().unwrap();
/// assert_eq!(s.sizes_upto(u64::MAX).collect::<Vec<_>>(), vec![1, 3, 5]);
/// assert_eq!(s.to_string(), "1,3,5");
/// let r: MoveSet = "20,4..9,1,10".parse().unwrap();
/// assert_eq!(r.runs(), &[(1, 1), (4, 10), (20, 20)]);
/// assert_eq!((r.to_string(), r.count()), ("1,4..10,20".to_string(), 9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveSet {
    /// Sorted runs `(low, high)`, low <= high, each starting at least two past the previous end.
    runs: Vec<(u64, u64)>,
}

impl MoveSet {
    /// Builds a set from sizes; refuses an empty set and the size 0 (a move must take something).
    pub fn new(sizes: impl IntoIterator<Item = u64>) -> Result<Self, ParseGameError> {
        Self::from_runs(sizes.into_iter().map(|s| (s, s)))
    }

    /// Builds a set from runs `(low, high)` of consecutive sizes (both ends included), in any
    /// order, overlapping or not; refuses an empty set, the size 0, and a run that ends below
    /// its start.
    pub fn from_runs(runs: impl IntoIterator<Item = (u64, u64)>) -> Result<Self, ParseGameError> {
        let mut v: Vec<(u64, u64)> = runs.into_iter().collect();
        if v.is_empty() {
            return Err(ParseGameError::new("the move set is empty"));
        }
        if let Some(&(lo, hi)) = v.iter().find(|&&(lo, hi)| hi < lo) {
            return Err(ParseGameError::new(format!("the range {lo}..{hi} ends below its start")));
        }
        if v.iter().any(|&(lo, _)| lo == 0) {
            return Err(ParseGameError::new("0 is not a move size (a move must take something)"));
        }
        v.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(v.len());
        for (lo, hi) in v {
            match merged.last_mut() {
                // Overlapping or touching (hi + 1 == lo) runs are one run.
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Ok(MoveSet { runs: merged })
    }

    /// The runs of consecutive sizes `(low, high)`, both ends included, in increasing order.
    pub fn runs(&self) -> &[(u64, u64)] {
        &self.runs
    }

    /// `(L, R)` when the set is the one interval L..R (a single size is the interval L..L).
    pub fn interval(&self) -> Option<(u64, u64)> {
        match self.runs[..] {
            [run] => Some(run),
            _ => None,
        }
    }

    /// The smallest size.
    pub fn min(&self) -> u64 {
        // The set is never empty (checked in `from_runs`).
        self.runs.first().map_or(0, |r| r.0)
    }

    /// The largest size.
    pub fn max(&self) -> u64 {
        self.runs.last().map_or(0, |r| r.1)
    }

    /// Whether `size` is in the set.
    pub fn contains(&self, size: u64) -> bool {
        let i = self.runs.partition_point(|&(_, hi)| hi < size);
        self.runs.get(i).is_some_and(|&(lo, _)| lo <= size)
    }

    /// The number of sizes (at most 2^64 - 1, since 0 is never one).
    pub fn count(&self) -> u64 {
        self.count_upto(u64::MAX)
    }

    /// The number of sizes at most `n`: how many moves a heap of `n` has in a subtraction game.
    pub fn count_upto(&self, n: u64) -> u64 {
        self.runs.iter().take_while(|&&(lo, _)| lo <= n).map(|&(lo, hi)| hi.min(n) - lo + 1).sum()
    }

    /// The sizes at most `n`, in increasing order, one at a time (a caller bounds how many it
    /// takes: a range may hold 10^18 of them).
    pub fn sizes_upto(&self, n: u64) -> impl Iterator<Item = u64> + '_ {
        self.runs.iter().take_while(move |&&(lo, _)| lo <= n).flat_map(move |&(lo, hi)| lo..=hi.min(n))
    }

    /// The `k`-th size (from 0) in increasing order, found run by run.
    pub fn nth(&self, mut k: u64) -> Option<u64> {
        for &(lo, hi) in &self.runs {
            let len = hi - lo;
            if k <= len {
                return Some(lo + k);
            }
            k -= len + 1;
        }
        None
    }

    /// The sizes in words for sentences, parts joined by ", " and the last two by `last`:
    /// with " or ", "2 or 5" and "1, 4 to 9 or 20".
    pub fn words(&self, last: &str) -> String {
        let parts: Vec<String> = self.parts().map(|p| p.replace("..", " to ")).collect();
        match parts.split_last() {
            Some((final_part, [])) => final_part.clone(),
            Some((final_part, rest)) => format!("{}{last}{final_part}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The set as `Display` writes it, part by part: a run of three or more sizes as `L..R`,
    /// shorter runs size by size.
    fn parts(&self) -> impl Iterator<Item = String> + '_ {
        self.runs.iter().flat_map(|&(lo, hi)| match hi - lo {
            0 => vec![lo.to_string()],
            1 => vec![lo.to_string(), hi.to_string()],
            _ => vec![format!("{lo}..{hi}")],
        })
    }
}

impl fmt::Display for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(&part)?;
        }
        Ok(())
    }
}

/// One part of a comma list: a size `s`, or a range `L..R` with both ends included.
fn parse_part(t: &str) -> Result<(u64, u64), ParseGameError> {
    let Some((lo, hi)) = t.split_once("..") else {
        let s = parse_u64(t, "move size").map_err(ParseGameError::new)?;
        return Ok((s, s));
    };
    if lo.trim().is_empty() || hi.trim().is_empty() {
        return Err(ParseGameError::new(format!(
            "move sizes '{}': a range needs both ends, L..R (both included), e.g. 4..9",
            t.trim()
        )));
    }
    let end =
        |s: &str| parse_u64(s, "range end").map_err(|e| ParseGameError::new(format!("move sizes '{}': {e}", t.trim())));
    let (lo, hi) = (end(lo)?, end(hi)?);
    if lo == 0 {
        return Err(ParseGameError::new(format!(
            "move sizes '{}': 0 is not a move size (a move must take something); start at 1",
            t.trim()
        )));
    }
    if hi < lo {
        return Err(ParseGameError::new(format!(
            "move sizes '{}': the range ends below its start (write L..R with L <= R)",
            t.trim()
        )));
    }
    Ok((lo, hi))
}

impl FromStr for MoveSet {
    type Err = ParseGameError;
    /// Reads a comma list of sizes and ranges `L..R` (both ends included): `1,3,5`, `3..7`,
    /// `1,4..9,20`.
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        if s.trim().is_empty() {
            return Err(ParseGameError::new("the move set is empty"));
        }
        let runs = s.split(',').map(parse_part).collect::<Result<Vec<_>, _>>()?;
        MoveSet::from_runs(runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_and_count_at_the_top_of_u64() {
        let s = MoveSet::from_runs([(5, u64::MAX), (1, 3), (4, 4)]).unwrap();
        assert_eq!(s.runs(), &[(1, u64::MAX)]);
        assert_eq!(s.count(), u64::MAX);
        assert!(s.contains(u64::MAX) && !s.contains(0));
        assert_eq!(s.nth(u64::MAX - 1), Some(u64::MAX));
        assert_eq!(s.nth(u64::MAX), None);
        assert_eq!(s.to_string(), format!("1..{}", u64::MAX));
    }
}
