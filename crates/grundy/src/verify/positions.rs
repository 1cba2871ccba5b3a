//! The positions a claim is checked on, in the order that defines "the smallest counterexample".
//!
//! A position is a multiset of heaps, written as a sorted tuple. Positions are ordered by
//! (number of heaps, sum of the heaps, the sorted heaps lexicographically): fewer heaps first,
//! then smaller totals, then the tuple itself. Claims walk positions in this order (and, for each
//! position, their parameters in increasing order), so the first failure they meet is the
//! smallest counterexample.

use std::cmp::Ordering;

/// The ordering key of a heap tuple: (number of heaps, sum, the heaps themselves).
///
/// ```
/// use grundy::verify::position_order;
/// use std::cmp::Ordering;
/// assert_eq!(position_order(&[5], &[1, 1]), Ordering::Less); // fewer heaps first
/// assert_eq!(position_order(&[1, 3], &[2, 2]), Ordering::Less); // then the tuple, at equal sums
/// assert_eq!(position_order(&[3, 3], &[1, 6]), Ordering::Less); // smaller sum first
/// ```
pub fn position_order(a: &[u64], b: &[u64]) -> Ordering {
    let sum = |h: &[u64]| h.iter().map(|&x| u128::from(x)).sum::<u128>();
    a.len().cmp(&b.len()).then_with(|| sum(a).cmp(&sum(b))).then_with(|| a.cmp(b))
}

/// The number of non-empty multisets of at most `max_heaps` items drawn from `kinds` kinds, or
/// `None` past u128. Used to refuse ranges too large to search exhaustively.
pub(crate) fn multiset_count(kinds: u64, max_heaps: usize) -> Option<u128> {
    // Multisets of exactly k items from n kinds: C(n + k - 1, k); summed over 0 <= k <= K that
    // is C(n + K, K), and the empty one is left out.
    let n = u128::from(kinds);
    let k = max_heaps as u128;
    let mut c: u128 = 1;
    for i in 1..=k {
        c = c.checked_mul(n + i)? / i;
    }
    Some(c - 1)
}

/// Every sorted tuple of 1..=`max_heaps` values from `lo..=hi`, in [`position_order`]. The
/// empty position is left out: it has no move in every game here, so no claim is about it.
///
/// ```
/// use grundy::verify::heap_multisets;
/// assert_eq!(heap_multisets(2, 1, 2), vec![vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 2]]);
/// ```
pub fn heap_multisets(max_heaps: usize, lo: u64, hi: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![];
    if lo > hi {
        return out;
    }
    let mut layer: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..max_heaps {
        let mut next = Vec::new();
        for t in &layer {
            let from = t.last().copied().unwrap_or(lo);
            for h in from..=hi {
                let mut u = t.clone();
                u.push(h);
                next.push(u);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out.sort_by(|a, b| position_order(a, b));
    out
}

/// Every sorted tuple of 1..=`max_heaps` (heap, limit) pairs with heap in 1..=`max_heap` and
/// limit in 1..=`max_limit`, ordered by (number of heaps, sum of the heaps, the pairs
/// lexicographically): the positions of Nim with a limit per heap.
pub fn limited_multisets(max_heaps: usize, max_heap: u64, max_limit: u64) -> Vec<Vec<(u64, u64)>> {
    let pairs: Vec<(u64, u64)> = (1..=max_heap).flat_map(|h| (1..=max_limit).map(move |l| (h, l))).collect();
    if pairs.is_empty() {
        return vec![];
    }
    let index_sets = heap_multisets(max_heaps, 0, pairs.len() as u64 - 1);
    let mut out: Vec<Vec<(u64, u64)>> =
        index_sets.iter().map(|t| t.iter().map(|&i| pairs[i as usize]).collect()).collect();
    let key = |t: &Vec<(u64, u64)>| (t.len(), t.iter().map(|p| u128::from(p.0)).sum::<u128>());
    out.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.cmp(b)));
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_formula() {
        for k in 1..4 {
            for h in 1..6u64 {
                let n = heap_multisets(k, 1, h).len() as u128;
                assert_eq!(Some(n), multiset_count(h, k), "k={k} h={h}");
            }
        }
    }

    #[test]
    fn ordered_and_distinct() {
        let v = heap_multisets(3, 0, 4);
        for w in v.windows(2) {
            assert_eq!(position_order(&w[0], &w[1]), Ordering::Less, "{:?} {:?}", w[0], w[1]);
        }
        let l = limited_multisets(2, 3, 2);
        assert_eq!(l.len() as u128, multiset_count(6, 2).unwrap());
        assert_eq!(l[0], vec![(1, 1)]);
        assert_eq!(l[6], vec![(1, 1), (1, 1)]);
    }
}
