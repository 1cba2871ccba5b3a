//! The smallest eventual arithmetic period seen in a table of values: G(n + p) = G(n) + s for
//! every n >= n0 (s = 0 for an ordinary period). Seen, not proven; the rule finder of
//! `grundy pattern` (`grundy::Pattern`) states rules of many more families.

use crate::values::period::earliest_start;
use crate::values::Period;

/// The smallest eventual arithmetic period seen in `values`, with its smallest pre-period.
///
/// To count as seen, the repeating part must cover at least two full periods and at least the
/// second half of the table, so that a few equal values at the end are not taken for a period.
///
/// ```
/// use grundy::find_period;
/// let p = find_period(&[0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 4, 2));
/// assert_eq!(find_period(&[0, 1, 2, 3, 4, 5, 6, 0, 1]), None);
/// ```
pub fn find_period(values: &[u64]) -> Option<Period> {
    let len = values.len();
    for p in 1..=len / 2 {
        let Some(s) = values[len - 1].checked_sub(values[len - 1 - p]) else {
            continue;
        };
        // Walk back from the end while the relation holds.
        let n0 = earliest_start(values, p, len - p, |a, b| a.checked_add(s) == Some(*b));
        let covered = len - n0;
        if covered >= 2 * p && covered * 2 >= len {
            return Some(Period { preperiod: n0 as u64, period: p as u64, saltus: s });
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;

    #[test]
    fn finds_smallest_period_and_preperiod() {
        let p = find_period(&[5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (1, 3, 0));
        let nim: Vec<u64> = (0..20).collect();
        let p = find_period(&nim).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
        // Two equal values at the end are not a period.
        assert_eq!(find_period(&[0, 1, 2, 3, 4, 5, 6, 7, 3, 3]), None);
        assert_eq!(find_period(&[]), None);
    }
}
