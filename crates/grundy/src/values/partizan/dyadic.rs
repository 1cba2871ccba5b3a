//! Dyadic rationals m/2^k, the numbers of short games (Conway, On Numbers and Games, chapter 0;
//! Siegel, Combinatorial Game Theory, section II.3: every short game equal to a number equals a
//! dyadic one). Exact: an i64 numerator and an exponent k at most [`MAX_EXPONENT`]; a result
//! past these is refused with [`PartizanError::Overflow`], never rounded.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use super::error::PartizanError;
use crate::number::echo;

/// The largest k of a denominator 2^k: 2^62 keeps every aligned sum of two numerators inside an
/// i128 with room to spare.
pub const MAX_EXPONENT: u32 = 62;

/// A dyadic rational `numerator / 2^exponent` in lowest terms (the numerator odd, or the
/// exponent 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// -1: the lowest temperature of Siegel's thermographs, that of an integer.
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp` in lowest terms; refused past 2^[`MAX_EXPONENT`] in the denominator.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, PartizanError> {
        Self::from_wide(i128::from(num), exp)
    }

    /// `num / 2^exp` from a wide numerator, reduced, refused when it does not fit.
    fn from_wide(mut num: i128, mut exp: u32) -> Result<Dyadic, PartizanError> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let twos = num.trailing_zeros().min(exp);
        num >>= twos;
        exp -= twos;
        if exp > MAX_EXPONENT {
            return Err(PartizanError::Overflow(format!(
                "a number with denominator 2^{exp} (at most 2^{MAX_EXPONENT})"
            )));
        }
        let num = i64::try_from(num)
            .map_err(|_| PartizanError::Overflow(format!("a number with numerator {num} (at most 2^63 - 1)")))?;
        Ok(Dyadic { num, exp })
    }

    /// The numerator, in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// k of the denominator 2^k, in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The numerator scaled to the denominator 2^`exp` (`exp` at least this one's exponent).
    fn scaled(self, exp: u32) -> i128 {
        i128::from(self.num) << (exp.saturating_sub(self.exp))
    }

    /// The exact sum, or an overflow refusal.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, PartizanError> {
        let exp = self.exp.max(other.exp);
        Self::from_wide(self.scaled(exp) + other.scaled(exp), exp)
    }

    /// The exact difference, or an overflow refusal.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, PartizanError> {
        let exp = self.exp.max(other.exp);
        Self::from_wide(self.scaled(exp) - other.scaled(exp), exp)
    }

    /// The negation, or an overflow refusal (-(-2^63) does not fit).
    pub fn checked_neg(self) -> Result<Dyadic, PartizanError> {
        Self::from_wide(-i128::from(self.num), self.exp)
    }

    /// This number times `k` (a small integer: the slopes of thermographs).
    pub(crate) fn times(self, k: i64) -> Result<Dyadic, PartizanError> {
        Self::from_wide(i128::from(self.num) * i128::from(k), self.exp)
    }

    /// This number divided by `d`, which must be a power of two up to 4 or its negation (the
    /// difference of two slopes of thermographs); anything else is refused.
    pub(crate) fn divided_by(self, d: i64) -> Result<Dyadic, PartizanError> {
        let (shift, sign) = match d {
            1 => (0, 1),
            -1 => (0, -1),
            2 => (1, 1),
            -2 => (1, -1),
            4 => (2, 1),
            -4 => (2, -1),
            _ => return Err(PartizanError::Overflow(format!("a division by {d}, which is not dyadic"))),
        };
        Self::from_wide(i128::from(self.num) * sign, self.exp + shift)
    }

    /// The greatest integer at most `self * 2^k`.
    fn floor_at(self, k: u32) -> i128 {
        if k >= self.exp {
            i128::from(self.num) << (k - self.exp)
        } else {
            i128::from(self.num) >> (self.exp - k)
        }
    }

    /// The simplest number strictly between `lo` and `hi` (either may be missing: no bound), by
    /// the simplicity rule (Conway, On Numbers and Games, chapter 2; Siegel, Combinatorial Game Theory, section II.3): the integer
    /// nearest 0 if one lies between, else the one of least denominator. `lo < hi` is required;
    /// otherwise there is none and `None` comes back.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Option<Dyadic>, PartizanError> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return Ok(None);
            }
        }
        let below_hi = |x: i128| hi.is_none_or(|h| Dyadic::lt_wide(x, 0, h));
        let above_lo = |x: i128| lo.is_none_or(|l| Dyadic::gt_wide(x, 0, l));
        if above_lo(0) && below_hi(0) {
            return Ok(Some(Dyadic::ZERO));
        }
        // No 0 between: both bounds lie on one side of it, and the integer between nearest 0
        // (if any) is the one next to the bound nearer 0.
        let candidate = match (lo, hi) {
            (Some(l), _) if l >= Dyadic::ZERO => l.floor_at(0) + 1,
            (_, Some(h)) => ceil_wide(h) - 1,
            _ => 0,
        };
        if above_lo(candidate) && below_hi(candidate) {
            return Self::from_wide(candidate, 0).map(Some);
        }
        // Both bounds are finite and lie within one unit: the number of least denominator.
        let (Some(l), Some(_)) = (lo, hi) else { return Ok(None) };
        for k in 1..=MAX_EXPONENT {
            let m = l.floor_at(k) + 1;
            if below_hi_at(m, k, hi) {
                return Self::from_wide(m, k).map(Some);
            }
        }
        Err(PartizanError::Overflow(format!(
            "the simplest number between {l} and {}, whose denominator passes 2^{MAX_EXPONENT}",
            hi.unwrap_or(l)
        )))
    }

    /// Whether `x / 2^k > d`.
    fn gt_wide(x: i128, k: u32, d: Dyadic) -> bool {
        let e = k.max(d.exp);
        (x << (e - k)) > d.scaled(e)
    }

    /// Whether `x / 2^k < d`.
    fn lt_wide(x: i128, k: u32, d: Dyadic) -> bool {
        let e = k.max(d.exp);
        (x << (e - k)) < d.scaled(e)
    }
}

/// The least integer at least `d`.
fn ceil_wide(d: Dyadic) -> i128 {
    -((-i128::from(d.num)) >> d.exp)
}

/// Whether `m / 2^k < hi` (no bound: true).
fn below_hi_at(m: i128, k: u32, hi: Option<Dyadic>) -> bool {
    hi.is_none_or(|h| Dyadic::lt_wide(m, k, h))
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let exp = self.exp.max(other.exp);
        self.scaled(exp).cmp(&other.scaled(exp))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = PartizanError;

    /// `3`, `-5/8`: an integer, or a fraction whose denominator is a power of two.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The text echoed cut when long (a 100,000-digit number is one short line).
        let bad = |why: &str| PartizanError::Parse(format!("`{}` is not a dyadic number: {why}", echo(s)));
        let (top, bottom) = match s.split_once('/') {
            Some((t, b)) => (t, Some(b)),
            None => (s, None),
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let unsigned = top.strip_prefix('-').unwrap_or(top);
        if !digits(unsigned) {
            return Err(bad("write an integer or a fraction like -5/8"));
        }
        let num: i64 = top
            .parse()
            .map_err(|_| PartizanError::Overflow(format!("the numerator {} (at most 2^63 - 1)", echo(top))))?;
        let Some(b) = bottom else { return Ok(Dyadic::integer(num)) };
        if !digits(b) {
            return Err(bad("the denominator is not a positive integer"));
        }
        let den: u64 = b.parse().map_err(|_| bad("the denominator is past 2^62"))?;
        if den == 0 || !den.is_power_of_two() {
            return Err(bad("the denominator is not a power of two (short games' numbers are dyadic)"));
        }
        Dyadic::new(num, den.trailing_zeros())
    }
}
