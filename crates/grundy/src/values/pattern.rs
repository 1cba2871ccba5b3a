//! Finding the pattern in a table of Sprague-Grundy values and stating it in words a person can
//! paste into a solution (for `grundy sg --guess`).
//!
//! A pattern is an eventual arithmetic period: G(n + p) = G(n) + s for every n >= n0 (s = 0 for
//! an ordinary period). When the table comes with a proven period (see
//! [`GrundyTable::period`](crate::GrundyTable::period)) that one is stated as proven; otherwise
//! the smallest period seen in the table is stated as observed only.

use serde::Serialize;

use crate::values::period::earliest_start;
use crate::values::Period;

/// What [`guess_pattern`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PatternGuess {
    /// The pattern, if one was found.
    pub period: Option<Period>,
    /// Whether it is proven (true) or only seen in the table (false).
    pub proven: bool,
    /// The number of values looked at (G(0) .. G(len - 1)).
    pub len: u64,
    /// The pattern in words.
    pub words: String,
    /// An expression over n for `grundy verify --sg` (also valid C), when the pattern is short
    /// enough to write out.
    pub expression: Option<String>,
}

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

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// The longest block or pre-period written out as an expression.
const MAX_WRITTEN: u64 = 16;

/// An expression for the pattern: a sum of `(r == i) * B[i]` terms, valid both for
/// `grundy verify --sg` and in C.
fn expression(values: &[u64], p: &Period) -> Option<String> {
    if p.period > MAX_WRITTEN || p.preperiod > MAX_WRITTEN {
        return None;
    }
    let (n0, q) = (p.preperiod as usize, p.period as usize);
    let block = &values[n0..n0 + q];
    let shifted = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
    let r = format!("{shifted} % {q}");
    let mut periodic = if block.iter().enumerate().all(|(i, &v)| v == i as u64) && q > 1 {
        r.clone() // 0, 1, ..., q-1
    } else if q == 1 {
        block[0].to_string()
    } else {
        let terms: Vec<String> = block
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(i, &v)| if v == 1 { format!("({r} == {i})") } else { format!("({r} == {i}) * {v}") })
            .collect();
        if terms.is_empty() {
            "0".into()
        } else {
            terms.join(" + ")
        }
    };
    if p.saltus > 0 {
        let steps = if q == 1 { shifted.clone() } else { format!("{shifted} / {q}") };
        let growth = if p.saltus == 1 { steps } else { format!("{} * ({steps})", p.saltus) };
        periodic = if periodic == "0" { growth } else { format!("{periodic} + {growth}") };
    }
    if n0 == 0 {
        return Some(periodic);
    }
    let mut terms: Vec<String> =
        values[..n0].iter().enumerate().filter(|(_, &v)| v != 0).map(|(i, &v)| format!("(n == {i}) * {v}")).collect();
    terms.push(format!("(n >= {n0}) * ({periodic})"));
    Some(terms.join(" + "))
}

/// States the pattern of `values` (G(0), G(1), ...): `proven` is the table's proven period when
/// it has one; otherwise the smallest period seen is reported as observed, or "no pattern".
///
/// ```
/// use grundy::{guess_pattern, mex_table, Ruleset};
/// let g = guess_pattern(&mex_table(&"subtraction:2,5".parse::<Ruleset>().unwrap(), 40), None);
/// assert_eq!(g.period.unwrap().period, 7);
/// assert!(g.words.starts_with("G(n) is periodic with period 7"));
/// ```
pub fn guess_pattern(values: &[u64], proven: Option<Period>) -> PatternGuess {
    let len = values.len() as u64;
    let usable = proven.filter(|p| p.preperiod.saturating_add(p.period) <= len);
    let (period, is_proven) = match usable {
        Some(p) => (Some(p), true),
        None => (find_period(values), false),
    };
    let Some(p) = period else {
        return PatternGuess {
            period: None,
            proven: false,
            len,
            words: format!("no pattern found up to n = {}", len.saturating_sub(1)),
            expression: None,
        };
    };
    let (n0, q) = (p.preperiod as usize, p.period as usize);
    let block = list(&values[n0..n0 + q]);
    let mut words = if p.saltus == 0 {
        format!("G(n) is periodic with period {q}")
    } else {
        format!("G(n) is arithmetic-periodic with period {q} and saltus {}: G(n + {q}) = G(n) + {}", p.saltus, p.saltus)
    };
    if n0 == 0 {
        words += " from n = 0";
    } else {
        words += &format!(" from n = {n0} (pre-period {n0}: G(0..{n0}) = {})", list(&values[..n0]));
    }
    let index = if n0 == 0 { format!("n % {q}") } else { format!("(n - {n0}) % {q}") };
    words += &format!("; G(n) = B[{index}]");
    if p.saltus > 0 {
        let steps = if n0 == 0 { format!("n / {q}") } else { format!("(n - {n0}) / {q}") };
        words += &format!(" + {} * ({steps})", p.saltus);
    }
    words += &format!(" with B = {{{block}}}");
    words += &if is_proven {
        " (proven)".to_string()
    } else {
        format!(" (seen for n <= {}, not proven: a longer table may differ)", len - 1)
    };
    PatternGuess { period: Some(p), proven: is_proven, len, words, expression: expression(values, &p) }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;
    use crate::verify::Expr;

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

    #[test]
    fn expressions_reproduce_the_table() {
        for values in [
            vec![0u64, 1, 2, 0, 1, 2, 0, 1, 2],
            vec![7, 3, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1],
            vec![0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7],
            (0..12).collect(),
            vec![4, 4, 4, 4, 4, 4],
        ] {
            let g = guess_pattern(&values, None);
            let src = g.expression.unwrap_or_else(|| panic!("no expression for {values:?}"));
            let e = Expr::parse(&src, &[]).unwrap();
            for (n, &v) in values.iter().enumerate() {
                assert_eq!(e.eval(n as u64).unwrap(), i128::from(v), "{src} at {n}");
            }
        }
    }

    #[test]
    fn proven_periods_are_stated_as_proven() {
        let p = Period { preperiod: 0, period: 3, saltus: 0 };
        let g = guess_pattern(&[0, 1, 2, 0], Some(p));
        assert!(g.proven);
        assert_eq!(g.words, "G(n) is periodic with period 3 from n = 0; G(n) = B[n % 3] with B = {0, 1, 2} (proven)");
        assert_eq!(g.expression.as_deref(), Some("n % 3"));
        let none = guess_pattern(&[0, 1, 2, 3, 4, 5, 6, 0, 1], None);
        assert_eq!(none.words, "no pattern found up to n = 8");
    }
}
