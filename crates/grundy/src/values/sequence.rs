//! A computed Grundy sequence: the values G(0..len) of one heap ruleset and, when one is
//! proven, its period, so that it answers for every heap size.

use crate::values::Period;

/// The values G(0..len) of a heap ruleset, with a proven period when one is known, so that
/// [`GrundyTable::get`] answers for every n once a period is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    values: Vec<u64>,
    period: Option<Period>,
}

impl GrundyTable {
    /// A table without a known period.
    pub fn new(values: Vec<u64>) -> Self {
        GrundyTable { values, period: None }
    }

    /// A table whose period the caller has proven (crate-private: a period is stated only with
    /// a proof, so only the engines that prove one build such a table).
    pub(crate) fn with_period(values: Vec<u64>, period: Period) -> Self {
        GrundyTable { values, period: Some(period) }
    }

    /// The computed values, G(0), G(1), ...
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// G(n): from the table, or through the period for n past it. `None` when n is past the
    /// table and no period is known.
    ///
    /// ```
    /// use grundy::frontend::{subtraction_table, MoveSet};
    /// let t = subtraction_table(&"2,5".parse::<MoveSet>().unwrap(), 1_000_000).unwrap();
    /// // subtraction:2,5 has period 7: 0 0 1 1 0 2 1 ...
    /// assert_eq!(t.period().unwrap().period, 7);
    /// assert_eq!(t.get(999_999_999_999_999_999), t.get(999_999_999_999_999_999 % 7));
    /// ```
    pub fn get(&self, n: u64) -> Option<u64> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(*v);
        }
        self.period?.value_through(n, |m| usize::try_from(m).ok().and_then(|i| self.values.get(i)).copied())
    }

    /// Every m < `below` with G(m) = `target`, found through the period (so any size works when
    /// the saltus is positive). With saltus 0 there can be infinitely many, so only those in the
    /// table are listed; callers use this for all-but games, whose saltus is positive.
    pub fn positions_with_value(&self, target: u64, below: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let table_end = match self.period {
            Some(p) => p.preperiod + p.period,
            None => self.values.len() as u64,
        };
        for (m, &v) in self.values.iter().enumerate().take(table_end as usize) {
            if v == target && (m as u64) < below {
                out.push(m as u64);
            }
        }
        if let Some(p) = self.period.filter(|p| p.saltus > 0) {
            for m0 in p.preperiod..p.preperiod + p.period {
                let v0 = self.values[m0 as usize];
                if v0 < target && (target - v0).is_multiple_of(p.saltus) {
                    let k = (target - v0) / p.saltus;
                    let m = u128::from(m0) + u128::from(k) * u128::from(p.period);
                    if m < u128::from(below) {
                        out.push(m as u64);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}
