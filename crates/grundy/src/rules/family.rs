//! [`MoveFamily`]: many moves of one heap written as one arithmetic progression, so that a heap
//! of 10^18 with 10^17 winning moves has an exact, short answer.
//!
//! Once a heap's values repeat with a proven period, the splits of a heap that reach one value
//! fall into residue classes: "split the rest into a and m - a for every a = 5 (mod 12) with
//! 77 <= a <= m/2". A family is one such class; a single move is a family of one.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::rules::moves::Move;

/// Moves of one heap that differ by a fixed step: member j leaves `first` with its first heap
/// raised by `j * step` and, for a split into two heaps, its second heap lowered by the same
/// amount (the objects taken stay the same). A family of one move has `count` 1 and `step` 0.
///
/// The members are distinct moves and reach distinct positions: a split's first heap is never
/// larger than its second (`2 + 10`, never also `10 + 2`).
///
/// ```
/// use grundy::Move;
/// use grundy::frontend::MoveFamily;
/// // Splits of a heap of 100 (nothing taken) into a and 100 - a for a = 5, 17, 29, 41.
/// let f = MoveFamily::new(0, vec![5, 95], 12, 4);
/// assert_eq!(f.member(3), Some(Move::new(0, vec![41, 59])));
/// assert_eq!(f.last(), Move::new(0, vec![41, 59]));
/// assert_eq!(f.members().count(), 4);
/// assert!(f.contains(&Move::new(0, vec![29, 71])) && !f.contains(&Move::new(0, vec![30, 70])));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveFamily {
    /// The 0-based heap the moves are made in (as [`Move::heap`]).
    pub heap: usize,
    /// What the first member leaves in the heap's place (as [`Move::to`]).
    pub first: Vec<u64>,
    /// How far apart the members' first heaps are (0 for a single move).
    pub step: u64,
    /// How many moves the family holds (at least 1).
    pub count: u64,
    /// How many numbers from `heap` each move replaces (as [`Move::width`]; 1 but for the
    /// games whose moves change several numbers).
    pub width: usize,
}

impl MoveFamily {
    /// The family of `count` moves in heap `heap` starting with the one that leaves `first`.
    pub fn new(heap: usize, first: Vec<u64>, step: u64, count: u64) -> Self {
        let step = if count > 1 { step } else { 0 };
        MoveFamily { heap, first, step, count, width: 1 }
    }

    /// The family holding just `mv`.
    pub fn single(mv: Move) -> Self {
        MoveFamily { heap: mv.heap, first: mv.to, step: 0, count: 1, width: mv.width }
    }

    /// The same moves made in heap `heap` instead.
    pub fn in_heap(mut self, heap: usize) -> Self {
        self.heap = heap;
        self
    }

    /// The j-th move (from 0), or `None` past the last.
    pub fn member(&self, j: u64) -> Option<Move> {
        if j >= self.count {
            return None;
        }
        let shift = j.checked_mul(self.step)?;
        let mut to = self.first.clone();
        match to.as_mut_slice() {
            [a] => *a = a.checked_add(shift)?,
            [a, b] => {
                *a = a.checked_add(shift)?;
                *b = b.checked_sub(shift)?;
            }
            _ if shift == 0 => {}
            _ => return None,
        }
        Some(Move { heap: self.heap, to, width: self.width })
    }

    /// The last move of the family.
    pub fn last(&self) -> Move {
        // The constructors keep every member in range, so the last one exists.
        self.member(self.count.saturating_sub(1)).unwrap_or_else(|| Move::new(self.heap, self.first.clone()))
    }

    /// The moves in order, lazily (a family may hold 10^17 of them).
    pub fn members(&self) -> impl Iterator<Item = Move> + '_ {
        (0..self.count).map_while(|j| self.member(j))
    }

    /// Whether `mv` is one of the family's moves.
    pub fn contains(&self, mv: &Move) -> bool {
        if mv.heap != self.heap || mv.to.len() != self.first.len() || mv.width != self.width {
            return false;
        }
        if self.count == 1 || self.step == 0 {
            return mv.to == self.first;
        }
        let (Some(&a), Some(&first)) = (mv.to.first(), self.first.first()) else {
            return false;
        };
        let Some(offset) = a.checked_sub(first).filter(|d| d % self.step == 0) else {
            return false;
        };
        self.member(offset / self.step).as_ref() == Some(mv)
    }
}

/// The family in the notation of a person: `HEAP -> A B` for one move, and for many
/// `HEAP -> a (m - a) for a = r (mod step), lo <= a <= hi` with the heap numbered from 1.
impl fmt::Display for MoveFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 1 {
            return Move::new(self.heap, self.first.clone()).fmt(f);
        }
        let last = self.last();
        let lo = self.first.first().copied().unwrap_or(0);
        let hi = last.to.first().copied().unwrap_or(0);
        let range = format!("a = {} (mod {}), {lo} <= a <= {hi}", lo % self.step.max(1), self.step);
        match self.first[..] {
            [a, b] => write!(f, "{} -> a ({} - a) for {range}", self.heap as u128 + 1, u128::from(a) + u128::from(b)),
            _ => write!(f, "{} -> a for {range}", self.heap as u128 + 1),
        }
    }
}

impl Serialize for MoveFamily {
    /// `{"heap": HEAP, "first": [...], "last": [...], "step": S, "count": C}`, the heap numbered
    /// from 1 as in [`Move`]'s JSON.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let wide = self.width != 1;
        let mut s = serializer.serialize_struct("MoveFamily", 5 + usize::from(wide))?;
        s.serialize_field("heap", &(self.heap as u128 + 1))?;
        s.serialize_field("first", &self.first)?;
        s.serialize_field("last", &self.last().to)?;
        s.serialize_field("step", &self.step)?;
        s.serialize_field("count", &self.count)?;
        if wide {
            s.serialize_field("width", &self.width)?;
        }
        s.end()
    }
}

/// The first `limit` moves of `families` in the order a person reads them: families are taken
/// group by group (a group is a run of families whose moves leave the same number of heaps with
/// the same total, that is the same objects taken), and within a group the moves come in
/// increasing order of their first heap, whichever family holds them.
///
/// ```
/// use grundy::{game::family::first_moves, Move};
/// use grundy::frontend::MoveFamily;
/// let fs = [MoveFamily::new(0, vec![1, 19], 4, 3), MoveFamily::new(0, vec![3, 17], 4, 2)];
/// let firsts: Vec<u64> = first_moves(&fs, 4).iter().map(|m| m.to[0]).collect();
/// assert_eq!(firsts, vec![1, 3, 5, 7]);
/// ```
pub fn first_moves(families: &[MoveFamily], limit: usize) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    let key = |f: &MoveFamily| (f.heap, f.first.len(), f.first.iter().map(|&h| u128::from(h)).sum::<u128>());
    for group in families.chunk_by(|f, g| key(f) == key(g)) {
        let room = limit.saturating_sub(out.len());
        if room == 0 {
            break;
        }
        // A merge of the group's progressions (each in increasing order of its first heap),
        // so that the work is bounded by what is listed, not by the families' sizes or number
        // of members: a heap of 10^9 has about 10^5 families, each of thousands of moves.
        // Ties keep the families' order.
        let mut next: BinaryHeap<Reverse<(Option<u64>, usize, u64)>> = group
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.member(0).map(|m| Reverse((m.to.first().copied(), i, 0))))
            .collect();
        let mut taken = 0;
        while taken < room {
            let Some(Reverse((_, i, j))) = next.pop() else { break };
            let Some(mv) = group.get(i).and_then(|f| f.member(j)) else { continue };
            out.push(mv);
            taken += 1;
            if let Some(after) = group.get(i).and_then(|f| f.member(j + 1)) {
                next.push(Reverse((after.to.first().copied(), i, j + 1)));
            }
        }
    }
    out
}

/// The number of moves in `families`, exactly (a sum of many heaps' families can pass 2^64).
pub fn total_count(families: &[MoveFamily]) -> u128 {
    families.iter().map(|f| u128::from(f.count)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_contains_and_display_agree() {
        let f = MoveFamily::new(2, vec![5, 999_999_999_999_999_994], 12, 41_666_666_666_666_666);
        let last = f.last();
        assert_eq!(last.to[0] + last.to[1], 999_999_999_999_999_999);
        assert!(last.to[0] <= last.to[1]);
        assert!(f.contains(&last) && f.contains(&f.member(7).unwrap()));
        assert!(!f.contains(&Move::new(2, vec![6, 999_999_999_999_999_993])));
        assert!(!f.contains(&Move::new(1, vec![5, 999_999_999_999_999_994])));
        assert_eq!(f.member(f.count), None);
        assert_eq!(
            f.to_string(),
            format!("3 -> a (999999999999999999 - a) for a = 5 (mod 12), 5 <= a <= {}", last.to[0])
        );
        let one = MoveFamily::single(Move::new(0, vec![4]));
        assert_eq!((one.to_string(), one.members().count()), ("1 -> 4".to_string(), 1));
        assert_eq!(
            serde_json::to_value(&f).unwrap(),
            serde_json::json!({"heap": 3, "first": f.first, "last": last.to, "step": 12, "count": f.count})
        );
    }

    #[test]
    fn first_moves_merge_a_group_and_keep_groups_in_order() {
        let fs = [
            MoveFamily::single(Move::new(0, vec![20])),
            MoveFamily::new(0, vec![2, 18], 5, 2),
            MoveFamily::new(0, vec![1, 19], 5, 2),
            MoveFamily::new(0, vec![1, 17], 3, 3),
        ];
        let all: Vec<Vec<u64>> = first_moves(&fs, 100).into_iter().map(|m| m.to).collect();
        assert_eq!(
            all,
            vec![vec![20], vec![1, 19], vec![2, 18], vec![6, 14], vec![7, 13], vec![1, 17], vec![4, 14], vec![7, 11]]
        );
        assert_eq!(first_moves(&fs, 3).len(), 3);
        assert_eq!(total_count(&fs), 8);
    }
}
