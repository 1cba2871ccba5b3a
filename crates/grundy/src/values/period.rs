//! Periods of take-and-break games, proven by the Guy-Smith periodicity theorem.
//!
//! Theorem (Guy and Smith, 1956): for an octal game whose moves take at most t objects, if
//! G(n + p) = G(n) for every n with n0 <= n < 2 n0 + p + t, then G(n + p) = G(n) for every
//! n >= n0. The induction maps a split (a, b) of n + p - k, b the larger part, to (a, b - p):
//! that needs b - p >= max(n0, 1) so that b - p is a real heap in the periodic range, which is
//! why the check below uses max(n0, 1) in the bound (n0 = 0 is then covered by G(p) = G(0)).
//!
//! Hexadecimal games may split a heap into three. The same induction then maps a split
//! (a, b, c) of n + p - k, c the largest part, to (a, b, c - p), and c >= (n + p - k) / 3 gives
//! c - p >= max(n0, 1) once n >= 3 max(n0, 1) + 2p + k; the other way, a split (a, b, c) of
//! n - k has c >= max(n0, 1) there too. So with at most `parts` heaps left by a move the check
//! runs over n0 <= n < parts max(n0, 1) + (parts - 1) p + t ([`guy_smith_period_parts`]).
//!
//! The proof does not hold for Grundy's game (a split (a, b) may map to two equal heaps, which
//! is not a move), so no period is ever claimed for it.

/// An eventual (arithmetic) period of a Grundy sequence:
/// G(n + period) = G(n) + saltus for every n >= preperiod.
///
/// `period` is the smallest such period and `preperiod` the smallest n0 for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Period {
    /// The first n from which the relation holds for ever.
    pub preperiod: u64,
    /// The smallest p for which it holds.
    pub period: u64,
    /// The amount added each period: 0 for an ordinary period.
    pub saltus: u64,
}

impl Period {
    /// G(n) for any n, given `value`, which answers G(m) for every m below `preperiod + period`:
    /// past them, G(n) = G(m) + k * saltus for the m of the first period with n = m + k * period.
    /// `None` where `value` has no answer, or the value would pass u64.
    ///
    /// ```
    /// use grundy::Period;
    /// // 0 1 | 2 3 4, 3 4 5, ...: G(n + 2) = G(n) + 1 from n = 2.
    /// let p = Period { preperiod: 2, period: 2, saltus: 1 };
    /// let first = [0, 1, 2, 3];
    /// let g = |n: u64| p.value_through(n, |m| first.get(m as usize).copied());
    /// assert_eq!((0..8).map(|n| g(n).unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3, 3, 4, 4, 5]);
    /// ```
    pub fn value_through(&self, n: u64, value: impl Fn(u64) -> Option<u64>) -> Option<u64> {
        if n < self.preperiod.saturating_add(self.period) {
            return value(n);
        }
        let k = (n - self.preperiod) / self.period;
        let base = self.preperiod + (n - self.preperiod) % self.period;
        u64::try_from(u128::from(value(base)?) + u128::from(k) * u128::from(self.saltus)).ok()
    }
}

/// The smallest period and smallest pre-period of `values` (G(0), G(1), ...) that the values
/// prove for a game whose moves take at most `max_take` objects, or `None` when no period is
/// proven yet.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::{guy_smith_period, mex_table};
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let v: Vec<u16> = mex_table(&kayles, 200).iter().map(|&x| x as u16).collect();
/// let p = guy_smith_period(&v, 2).unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// assert!(guy_smith_period(&v[..150], 2).is_none()); // needs 2*71 + 12 + 2 + 12 values
/// ```
pub fn guy_smith_period<T: PartialEq>(values: &[T], max_take: u64) -> Option<Period> {
    guy_smith_period_parts(values, max_take, 2)
}

/// [`guy_smith_period`] for a game whose moves leave at most `parts` heaps (3 for the
/// hexadecimal codes that split a heap in three): the check runs over
/// n0 <= n < parts max(n0, 1) + (parts - 1) p + t.
///
/// ```
/// use grundy::frontend::guy_smith_period_parts;
/// // 0 1 0 1 ... with t = 1: period 2 from 0 needs 2 + 2 + 1 + 2 values with two heaps, and
/// // 3 + 4 + 1 + 2 with three.
/// let v: Vec<u16> = (0..10).map(|n| n % 2).collect();
/// assert!(guy_smith_period_parts(&v[..7], 1, 2).is_some());
/// assert!(guy_smith_period_parts(&v[..9], 1, 3).is_none());
/// assert!(guy_smith_period_parts(&v, 1, 3).is_some());
/// ```
pub fn guy_smith_period_parts<T: PartialEq>(values: &[T], max_take: u64, parts: usize) -> Option<Period> {
    let len = values.len();
    let t = usize::try_from(max_take).ok()?;
    let k = parts.max(2);
    // skip[q]: q is a multiple of a smaller candidate p that failed, with the same smallest
    // pre-period on these values (see below), so q fails too.
    // A bitset: the values may be billions, and this must not add to the peak memory.
    let bits = len / 2 + 1;
    let mut skip = vec![0u64; bits / 64 + 1];
    // The check needs len - p >= k * max(n0, 1) + (k - 1) * p + t, so p k + t + k <= len.
    let p_max = (len / 2).min(len.checked_sub(t)?.checked_sub(k)? / k);
    let last = values.last()?;
    for p in 1..=p_max {
        // Most candidates fail at once: the last value is not repeated p back (looked at
        // first, so that the loop over them is one comparison each).
        if values[len - 1 - p] != *last || skip[p / 64] >> (p % 64) & 1 != 0 {
            continue;
        }
        let limit = (len - k * p - t) / k;
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        if n0.max(1) <= limit {
            return Some(smallest(values, p, n0));
        }
        // The tail repeats with period p from n0 (and not from n0 - 1). A multiple q of p with
        // n0 - 1 + q < len then has the same smallest pre-period n0 on these values, and a
        // smaller bound for it, so it cannot be proven either.
        let reach = (len - n0 + 1).min(bits);
        (2 * p..reach).step_by(p).for_each(|q| skip[q / 64] |= 1 << (q % 64));
    }
    None
}

/// Given that `p` is a period from `n0` on (and `values` reaches n0 + 2p), the smallest period
/// (a divisor of p: two eventual periods generate their gcd) and its smallest pre-period.
fn smallest<T: PartialEq>(values: &[T], p: usize, n0: usize) -> Period {
    let d = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| values[n + d] == values[n]))
        .unwrap_or(p);
    let m = earliest_start(values, d, n0, |a, b| a == b);
    Period { preperiod: m as u64, period: d as u64, saltus: 0 }
}

/// The smallest pre-period of a relation between G(n) and G(n + `period`) known to hold from
/// `from` on: walks back while `related(G(n - 1), G(n - 1 + period))` still holds. Every period
/// finder (the proven ones and the guessed one) ends with this walk.
pub(crate) fn earliest_start<T>(values: &[T], period: usize, from: usize, related: impl Fn(&T, &T) -> bool) -> usize {
    let mut n0 = from;
    while n0 > 0 && related(&values[n0 - 1], &values[n0 - 1 + period]) {
        n0 -= 1;
    }
    n0
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn proof_needs_enough_values() {
        // 0 1 0 1 ...: period 2 from 0 with t = 1 needs len >= 2*1 + 2*2 + 1 = 7.
        let v: Vec<u16> = (0..7).map(|n| n % 2).collect();
        assert_eq!(guy_smith_period(&v, 1), Some(Period { preperiod: 0, period: 2, saltus: 0 }));
        assert_eq!(guy_smith_period(&v[..6], 1), None);
    }

    #[test]
    fn smallest_period_and_preperiod() {
        // 5 then 1 2 3 repeating: the first provable candidate may be a multiple.
        let mut v = vec![5u16];
        v.extend((0..40).map(|n| n % 3 + 1));
        let p = guy_smith_period(&v, 1).unwrap();
        assert_eq!((p.preperiod, p.period), (1, 3));
    }
}
