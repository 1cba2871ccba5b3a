//! The rule finder: the simplest rule that fits a table of Sprague-Grundy values G(0), G(1), ...
//! from some n0 on, found on the first values and confirmed on the rest (`grundy pattern`,
//! `grundy sg --guess`, the page's sequence panel).
//!
//! Families of rules (see [`FAMILIES`]): an eventual period, an arithmetic period, linear in n on
//! each residue class, self-similar rules on residue classes (G(m k + c) = mult * G(a k + b) +
//! slope * k + offset, which covers the functions of the binary digits: the 2-adic valuation,
//! the lowest set bit, popcount and its parity, shifting past trailing ones), and constant on
//! ranges whose ends grow m-fold (G(n) = G(floor(n / m))), with a different family on each
//! residue class; and number-theoretic rules, G(n) = a f(n) + c on residue classes with f the
//! number of prime factors Ω(n) or ω(n), the index of the least prime factor, π(n), a digit sum,
//! or the square or triangular root (`numbers.rs`), tried only where no rule as simple was
//! found, with the factors of every n from one sieve built only when a function holds long.
//!
//! The simplest rule is the one stated with the fewest numbers (the table before n0 counts).
//! The last quarter of the values is held out: a rule is found on the first three quarters and
//! returned only if it also holds on every held-out value, so no rule is ever claimed that the
//! given values contradict ([`Pattern::checked`] says how many were held out). A rule is never
//! a proof: a longer table may still part from it.
//!
//! The search is near-linear: each candidate's parameters come from the last values and one
//! backward pass with an early exit checks it.
//!
//! It is the library's only finder of periods seen (not proven) in values: [`find_period`] is
//! the period of the rule it states, so a sequence's period and its rule never disagree.
//! It reads numbers only, so it sits in `values/`, below every game.
//!
//! ```
//! use grundy::Pattern;
//! // Take 1 to half of the heap (LightOJ 1296): G(2k) = k, G(2k + 1) = G(k).
//! let mut g = vec![0u64; 400];
//! for n in 1..400 {
//!     let opts: Vec<u64> = (1..=n / 2).map(|t| g[n - t]).collect();
//!     g[n] = (0..).find(|v| !opts.contains(v)).unwrap();
//! }
//! let p = Pattern::find(&g).unwrap();
//! assert_eq!(p.expression(), "n / (2 * ((n + 1) & -(n + 1)))");
//! assert_eq!(p.predict(3).unwrap(), vec![200, 100, 201]);
//! ```

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

mod fit;
pub(crate) mod numbers;
mod rule;
mod text;

use serde::Serialize;

use crate::stop::Stopped;
use crate::values::Period;
use fit::Split;
use rule::{Body, Rule};

/// The families of rules the finder tries, in words (the "no rule among ..." message lists them).
pub const FAMILIES: [&str; 6] = [
    "an eventual period",
    "an arithmetic period",
    "linear in n on each residue class (mod 2 to 64)",
    "self-similar on residue classes, G(mk + c) = a G(k) + bk + c (mod 2 to 64), which covers the 2-adic valuation, the lowest set bit, popcount, odious/evil and shifting past trailing 1s",
    "constant on ranges whose ends grow m-fold, G(n) = G(floor(n / m)) (m up to 64)",
    "number-theoretic on residue classes, G(n) = a f(n) + c with f the number of prime factors Ω(n) (with multiplicity) or ω(n) (distinct), the index of the least prime factor among the primes, the number of primes up to n π(n), the digit sum in base 3 to 16, floor(sqrt(n)) or the triangular root floor((sqrt(8n + 1) - 1) / 2)",
];

/// The fewest values a rule is looked for in.
pub const MIN_VALUES: usize = 12;

/// The most values the front ends hand the finder (`grundy pattern` reads at most this many, and
/// so does the Python package's `pattern`): 64 MiB of values, a table long past any period
/// worth stating.
pub const MAX_PATTERN_VALUES: usize = 1 << 23;

/// The most values [`Pattern::predict`] gives at once.
pub const MAX_PREDICT: u64 = 1 << 24;

/// Why no rule is given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Too few values to find a rule and hold some out.
    #[error("{given} values are too few to find a rule in (at least {needed})")]
    TooFew {
        /// How many were given.
        given: usize,
        /// How many are needed.
        needed: usize,
    },
    /// No family fits. A period is confirmed only where the values show it about three times
    /// (2.7 to 4 periods, measured), so the message says which periods the values are too few
    /// to confirm.
    #[error("no rule among {} fits G(0..{last}); a period is confirmed only where it repeats about three times, so these {} values are too few to confirm one longer than {}: more values may show it", FAMILIES.join("; "), u128::from(*.last) + 1, (u128::from(*.last) + 1) / 4)]
    NoRule {
        /// The last n given.
        last: u64,
    },
    /// More values asked of [`Pattern::predict`] than it gives at once.
    #[error("{asked} values asked; at most {MAX_PREDICT} are predicted at once")]
    TooMany {
        /// How many were asked.
        asked: u64,
    },
    /// A period is proven, and the values given do not hold its pre-period and one period, so
    /// it is not written out; no rule is looked for in them, as one seen in fewer values than
    /// the period could contradict it ([`Pattern::of_sequence`]).
    #[error("the rule is the proven period ({}), and the {given} values given do not hold its pre-period and one period ({} values), so it is not written out; no other rule is guessed from them, as one seen in fewer values than the period could contradict it", period_words(.period), u128::from(.period.preperiod) + u128::from(.period.period))]
    PeriodNotHeld {
        /// The proven period.
        period: Period,
        /// How many values were given.
        given: usize,
    },
    /// The rule's value at n passes 2^64 - 1 (or would be negative).
    #[error("the rule's value at n = {n} is not a number from 0 to 2^64 - 1")]
    OutOfRange {
        /// Where.
        n: u64,
    },
    /// The installed [`crate::StopToken`] fired during the search.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// A proven period in a few words: "period 12 from n = 71", "G(n + 4) = G(n) + 2 from n = 0".
fn period_words(p: &Period) -> String {
    match p.saltus {
        0 => format!("period {} from n = {}", p.period, p.preperiod),
        s => format!("G(n + {}) = G(n) + {s} from n = {}", p.period, p.preperiod),
    }
}

/// How the finder searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternConfig {
    held_out: u64,
    max_modulus: u64,
}

impl Default for PatternConfig {
    fn default() -> Self {
        PatternConfig { held_out: 4, max_modulus: 64 }
    }
}

impl PatternConfig {
    /// The default: a quarter held out, residue classes mod 2 to 64.
    pub fn new() -> Self {
        Self::default()
    }

    /// Hold out the last 1/`d` of the values (at least one value; `d` at least 2).
    pub fn held_out(mut self, d: u64) -> Self {
        self.held_out = d.max(2);
        self
    }

    /// The largest modulus of residue classes tried (at least 2, at most 64).
    pub fn max_modulus(mut self, m: u64) -> Self {
        self.max_modulus = m.clamp(2, 64);
        self
    }
}

/// A rule that fits a table of values from n0 on: stated in words, as an expression for
/// `grundy verify --sg`, and as C++ and Python code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    rule: Rule,
    len: u64,
    /// The largest value given: the C++ holds values in `unsigned long long` from 2^63 on.
    largest: u64,
    checked: u64,
    proven: bool,
}

/// A [`Pattern`] for JSON (`grundy pattern --json`); every field but `words` and `checked` is null
/// when no rule was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PatternReport {
    /// The family: `period`, `arithmetic-period`, `linear-on-residue-classes`, `self-similar`,
    /// `geometric-ranges`, `number-theoretic`.
    pub rule: Option<String>,
    /// The rule in words, or why there is none.
    pub words: String,
    /// The rule for `grundy verify --sg`.
    pub expression: Option<String>,
    /// A C++ function `long long g(long long n)` (`unsigned long long` when a number it holds
    /// is 2^63 or more), after the helpers it calls (a number-theoretic rule's functions).
    pub cpp: Option<String>,
    /// A Python function `def g(n):`, after the helpers it calls.
    pub python: Option<String>,
    /// n0: the rule's body holds from here on (the values before it are a table).
    pub from: Option<u64>,
    /// How many values (the last ones) the rule was checked on that it was not found from.
    pub checked: u64,
    /// The values predicted after the last one given.
    pub predicted: Vec<u64>,
}

impl PatternReport {
    /// The report when no rule was found: `words` says why.
    pub fn none(error: &PatternError) -> PatternReport {
        PatternReport {
            rule: None,
            words: error.to_string(),
            expression: None,
            cpp: None,
            python: None,
            from: None,
            checked: 0,
            predicted: vec![],
        }
    }
}

impl Pattern {
    /// The simplest rule that fits `values` (G(0), G(1), ...) from some n0 on, found on the
    /// first three quarters and holding on the rest.
    pub fn find(values: &[u64]) -> Result<Pattern, PatternError> {
        Self::find_with(values, &PatternConfig::default())
    }

    /// As [`Pattern::find`], searching as `config` says.
    pub fn find_with(values: &[u64], config: &PatternConfig) -> Result<Pattern, PatternError> {
        let len = values.len();
        if len < MIN_VALUES {
            return Err(PatternError::TooFew { given: len, needed: MIN_VALUES });
        }
        let held = (len as u64 / config.held_out).max(1) as usize;
        let split = Split::new(values, len - held);
        let mut best: Option<Rule> = fit::periodic(&split, usize::MAX);
        let repeats = best.as_ref().and_then(fit::Repeats::of);
        for m in 2..=config.max_modulus {
            // A rule by residue classes mod m states at least one number a class, so it cannot
            // be simpler than a rule of m numbers or fewer: the search stops there. On the
            // simplest tables (constant: a period of 1; G(n) = n: a period of 1 with a
            // saltus) nothing else is tried, where every class of every modulus used to fit
            // all the way back (65 s for 2^23 zeros; a random table fails at once).
            if best.as_ref().is_some_and(|b| b.size() <= m) {
                break;
            }
            if let Some(r) = fit::classes(&split, m, repeats, false) {
                if best.as_ref().is_none_or(|b| r.size() < b.size()) {
                    best = Some(r);
                }
            }
        }
        // The number-theoretic families, a function of n on some residue classes: a rule with
        // one on m classes states at least m + 1 numbers, so where a rule as simple was found
        // (a constant, n, a period of 2) none is tried, and a rule of the same size is kept
        // (a period wins a tie).
        for m in 1..=config.max_modulus {
            if best.as_ref().is_some_and(|b| b.size() <= m + 1) {
                break;
            }
            if let Some(r) = fit::classes(&split, m, repeats, true) {
                if best.as_ref().is_none_or(|b| r.size() < b.size()) {
                    best = Some(r);
                }
            }
        }
        // A search the stop token cut short has not tried every family: no answer from it.
        if let Some(stopped) = split.stopped.get() {
            return Err(stopped.into());
        }
        let rule = best.ok_or(PatternError::NoRule { last: len as u64 - 1 })?;
        let largest = values.iter().copied().max().unwrap_or(0);
        Ok(Pattern { rule, len: len as u64, largest, checked: held as u64, proven: false })
    }

    /// The pattern of a proven period (the periodicity theorem, or a repeated window): `values`
    /// must hold its pre-period and one period. `None` when they do not.
    pub fn from_period(values: &[u64], period: Period) -> Option<Pattern> {
        let n0 = usize::try_from(period.preperiod).ok()?;
        let p = usize::try_from(period.period).ok()?;
        let pre = values.get(..n0)?.to_vec();
        let block = values.get(n0..n0.checked_add(p)?)?.to_vec();
        let rule = Rule { pre, body: Body::Periodic { period: period.period, saltus: period.saltus, block } };
        let len = values.len() as u64;
        let largest = values.iter().copied().max().unwrap_or(0);
        Some(Pattern { rule, len, largest, checked: len - (n0 + p) as u64, proven: true })
    }

    /// The rule of a sequence that may come with a proven period (`grundy sg --guess`, the
    /// page's sequence panel, Python's `Sequence.pattern`): the proven period, stated when
    /// `values` hold its pre-period and one period, else [`PatternError::PeriodNotHeld`] (a
    /// rule found in fewer values than the period could contradict it: allbut:S has G(n) = n
    /// for every n < S, and not at S); without one, what [`Pattern::find`] finds.
    pub fn of_sequence(values: &[u64], proven: Option<Period>) -> Result<Pattern, PatternError> {
        match proven {
            Some(period) => {
                Pattern::from_period(values, period).ok_or(PatternError::PeriodNotHeld { period, given: values.len() })
            }
            None => Pattern::find(values),
        }
    }

    /// The rule in words.
    pub fn words(&self) -> String {
        let mut w = text::words(&self.rule);
        if self.proven {
            w += " (proven)";
        } else {
            w += &format!(
                "; found from G(0..{}) and confirmed on G({}..{}): seen, not proven (a longer table may differ)",
                self.len - self.checked - 1,
                self.len - self.checked,
                self.len - 1
            );
        }
        w
    }

    /// The family's name: `period`, `arithmetic-period`, `linear-on-residue-classes`,
    /// `self-similar`, `geometric-ranges` or `number-theoretic`.
    pub fn family(&self) -> &'static str {
        text::family(&self.rule)
    }

    /// The rule as an expression over n that `grundy verify --sg` accepts.
    pub fn expression(&self) -> String {
        text::expression(&self.rule)
    }

    /// The rule as a C++ function `long long g(long long n)` (returning `unsigned long long`
    /// when a number it holds is 2^63 or more).
    pub fn cpp(&self) -> String {
        text::cpp(&self.rule, self.largest)
    }

    /// The rule as a Python function `def g(n):`.
    pub fn python(&self) -> String {
        text::python(&self.rule)
    }

    /// n0: the rule's body holds from here on; G(0..n0) is a table.
    pub fn from(&self) -> u64 {
        self.rule.from()
    }

    /// How many of the given values (the last ones) the rule was checked on without being
    /// found from them.
    pub fn checked(&self) -> u64 {
        self.checked
    }

    /// How many values were given (the rule was found from G(0..given)).
    pub fn given(&self) -> u64 {
        self.len
    }

    /// Whether the rule is proven (a period the table came with), not only seen.
    pub fn proven(&self) -> bool {
        self.proven
    }

    /// The eventual (arithmetic) period the rule states, G(n + period) = G(n) + saltus from
    /// n = preperiod on; `None` when the rule is of another family.
    pub fn period(&self) -> Option<Period> {
        match &self.rule.body {
            Body::Periodic { period, saltus, .. } => {
                Some(Period { preperiod: self.rule.from(), period: *period, saltus: *saltus })
            }
            Body::Classes { .. } => None,
        }
    }

    /// G(n) by the rule, for any n (`None` past 2^64 - 1, or where a number-theoretic rule needs
    /// π of a number from 2^26 on, which no prediction reaches).
    pub fn value(&self, n: u64) -> Option<u64> {
        self.rule.value(n)
    }

    /// The next `k` values the rule gives: G(len), ..., G(len + k - 1).
    pub fn predict(&self, k: u64) -> Result<Vec<u64>, PatternError> {
        if k > MAX_PREDICT {
            return Err(PatternError::TooMany { asked: k });
        }
        self.rule.values(self.len, k).map_err(|n| PatternError::OutOfRange { n })
    }

    /// The report for JSON, with the next `predict` values.
    pub fn report(&self, predict: u64) -> Result<PatternReport, PatternError> {
        Ok(PatternReport {
            rule: Some(self.family().to_string()),
            words: self.words(),
            expression: Some(self.expression()),
            cpp: Some(self.cpp()),
            python: Some(self.python()),
            from: Some(self.from()),
            checked: self.checked,
            predicted: self.predict(predict)?,
        })
    }
}

/// The eventual (arithmetic) period seen in `values` (G(0), G(1), ...): the period of the rule
/// [`Pattern::find`] states, when that rule is a period. Seen, not proven.
///
/// It is the rule finder's period, not a second finder with its own test, so Python's
/// `Sequence.period` and `Sequence.pattern()` agree on the same values: a period is given
/// only where the finder found it on the first three quarters of the values, covering two
/// periods and half of them, and every held-out value keeps it; and only where no rule of
/// another family is simpler. `None` below [`MIN_VALUES`] values.
///
/// ```
/// use grundy::find_period;
/// // 0 1 | 2 3, 2 3, ...: G(n + 2) = G(n) from n = 2.
/// let v: Vec<u64> = (0..40).map(|n| if n < 2 { n } else { 2 + n % 2 }).collect();
/// let p = find_period(&v).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (2, 2, 0));
/// // G(n + 4) = G(n) + 2.
/// let v: Vec<u64> = (0..40).map(|n| n / 4 * 2 + [0, 1, 0, 1][n as usize % 4]).collect();
/// let p = find_period(&v).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 4, 2));
/// // Two equal values at the end are not a period.
/// assert_eq!(find_period(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 3, 3]), None);
/// ```
pub fn find_period(values: &[u64]) -> Option<Period> {
    Pattern::find(values).ok()?.period()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Issue 46, row 6: the simplest tables took the longest (2^23 zeros 65 s, random values
    /// 0.2 s): every option of every class of every modulus held all the way back. Now the
    /// classes' checks are a few per value on constant and linear tables, with or without a
    /// pre-period, and the rules found are the values.
    #[test]
    fn the_simplest_tables_take_the_least_work() {
        let len = 1u64 << 20;
        let tables: Vec<(&str, Vec<u64>, u64)> = vec![
            ("zeros", vec![0; len as usize], 0),
            ("n", (0..len).collect(), 0),
            ("3 before 1000, then 0", (0..len).map(|n| if n < 1000 { 3 } else { 0 }).collect(), 1000),
            ("0 before 500, then n", (0..len).map(|n| if n < 500 { 0 } else { n }).collect(), 500),
        ];
        for (name, values, from) in &tables {
            fit::HOLDS_ASKED.with(|h| h.set(0));
            let p = Pattern::find(values).unwrap();
            let asked = fit::HOLDS_ASKED.with(|h| h.get());
            // Before: 150 to 800 checks a value. Now O(values + n0 x options): a walk in the
            // period skips to where the options' targets fall in the pre-period.
            assert!(asked <= 16 * len, "{name}: {asked} checks for {len} values");
            assert!(p.family().ends_with("period"), "{name}: {}", p.family());
            assert_eq!(p.from(), *from, "{name}");
            for (n, &v) in values.iter().enumerate().step_by(97) {
                assert_eq!(p.value(n as u64), Some(v), "{name} at {n}");
            }
        }
    }

    #[test]
    fn a_fired_stop_token_stops_the_search_with_no_rule_claimed() {
        let values = vec![0u64; 1 << 16];
        assert!(Pattern::find(&values).is_ok());
        let token = crate::StopToken::new();
        token.cancel();
        assert_eq!(token.run(|| Pattern::find(&values)), Err(PatternError::Stopped(Stopped::Cancelled)));
    }

    /// Issue 46, row 5: with a proven period that the values do not hold, the finder found
    /// "G(n) = n" in G(0..40) of allbut:S, which the period contradicts at n = S.
    #[test]
    fn a_proven_period_not_in_view_is_still_the_rule() {
        let s = 4_710_989_935_697_073_755u64;
        let period = Period { preperiod: 0, period: 2 * s, saltus: s };
        let values: Vec<u64> = (0..=40).collect();
        assert_eq!(Pattern::of_sequence(&values, Some(period)), Err(PatternError::PeriodNotHeld { period, given: 41 }));
        assert!(Pattern::find(&values).is_ok(), "the finder alone would state a rule");
        // In view, it is stated, as proven.
        let kayles = Period { preperiod: 71, period: 12, saltus: 0 };
        let values: Vec<u64> = (0..83).map(|n| if n < 71 { n % 5 } else { (n - 71) % 12 }).collect();
        let p = Pattern::of_sequence(&values, Some(kayles)).unwrap();
        assert!(p.proven() && p.from() == 71);
        assert!(matches!(Pattern::of_sequence(&values[..82], Some(kayles)), Err(PatternError::PeriodNotHeld { .. })));
    }
}
