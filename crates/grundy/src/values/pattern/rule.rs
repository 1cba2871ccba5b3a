//! A rule for a whole sequence of Sprague-Grundy values: the values before n0 as a table, and
//! from n0 on one of the families the finder knows, each evaluated here exactly (never a panic:
//! arithmetic is checked, and a value that would leave u64 is `None`).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use super::numbers::{Facts, Func};

/// G(n) for every n: `pre` is G(0..n0), and `body` gives G(n) for n >= n0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    /// G(0), ..., G(n0 - 1).
    pub pre: Vec<u64>,
    /// The rule from n0 on.
    pub body: Body,
}

/// The rule from n0 on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Body {
    /// G(n) = block[(n - n0) mod period] + saltus * floor((n - n0) / period): an eventual
    /// period (saltus 0) or an arithmetic period.
    Periodic { period: u64, saltus: u64, block: Vec<u64> },
    /// On each residue class c of n mod `modulus` (n = modulus * k + c), its own [`Class`].
    Classes { modulus: u64, classes: Vec<Class> },
}

/// G(m k + c) = mult * G(a k + b) + slope * k + offset: linear in k when `mult` is 0, else
/// self-similar (G at a smaller argument, a < m, scaled and shifted); or, with a `func`,
/// G(n) = mult * func(n) + slope * k + offset (a number-theoretic class: `a` and `b` are 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Class {
    pub mult: i64,
    pub a: u64,
    pub b: u64,
    pub slope: i64,
    pub offset: i64,
    pub func: Option<Func>,
}

impl Class {
    /// Linear in k.
    pub const fn linear(slope: i64, offset: i64) -> Class {
        Class { mult: 0, a: 0, b: 0, slope, offset, func: None }
    }

    /// G(a k + b) scaled by `mult`.
    pub const fn recursive(mult: i64, a: u64, b: u64, slope: i64, offset: i64) -> Class {
        Class { mult, a, b, slope, offset, func: None }
    }

    /// `func`(n) scaled by `mult` and shifted by `offset`.
    pub const fn function(func: Func, mult: i64, offset: i64) -> Class {
        Class { mult, a: 0, b: 0, slope: 0, offset, func: Some(func) }
    }

    /// How many numbers state the class (its part of a rule's size): a function counts as
    /// many as it states (a digit sum also its base), and its coefficient when not 1.
    pub fn size(&self) -> u64 {
        if let Some(f) = self.func {
            return 1 + f.size() + u64::from(self.mult != 1) + u64::from(self.slope != 0) + u64::from(self.offset != 0);
        }
        let rec = if self.mult == 0 {
            0
        } else if (self.a, self.b) == (1, 0) {
            1
        } else {
            3
        };
        1 + rec + u64::from(self.slope != 0) + u64::from(self.offset != 0)
    }
}

impl Rule {
    /// n0: the rule's body holds from here on.
    pub fn from(&self) -> u64 {
        self.pre.len() as u64
    }

    /// How many numbers state the rule: the measure of "simplest".
    pub fn size(&self) -> u64 {
        self.from()
            + match &self.body {
                Body::Periodic { period, saltus, .. } => period + u64::from(*saltus != 0),
                Body::Classes { classes, .. } => classes.iter().map(Class::size).sum(),
            }
    }

    /// The functions its classes follow (none for a period or the other classes).
    pub fn funcs(&self) -> Vec<Func> {
        match &self.body {
            Body::Classes { classes, .. } => classes.iter().filter_map(|c| c.func).collect(),
            Body::Periodic { .. } => vec![],
        }
    }

    /// G(n), or `None` when it would not be a number from 0 to 2^64 - 1 (or needs π of a
    /// number from `PRIME_LIMIT` on).
    pub fn value(&self, n: u64) -> Option<u64> {
        self.value_by(n, &|f, x| f.value(x))
    }

    /// G(start), ..., G(start + k - 1): a rule with number-theoretic classes reads its
    /// functions from one segmented sieve a block at a time (factoring each n alone costs a
    /// thousand times more). `Err(n)` at the first n with no value.
    pub fn values(&self, start: u64, k: u64) -> Result<Vec<u64>, u64> {
        let end = start.saturating_add(k);
        let mut out = Vec::with_capacity(usize::try_from(k).unwrap_or(0));
        if !Facts::needed(&self.funcs()) {
            for n in start..end {
                out.push(self.value(n).ok_or(n)?);
            }
            return Ok(out);
        }
        const STEP: u64 = 1 << 20;
        let mut lo = start;
        while lo < end {
            let hi = lo.saturating_add(STEP).min(end);
            // Past the sieve's reach, each n is factored alone.
            let facts = Facts::new(lo, hi);
            for n in lo..hi {
                let v = match &facts {
                    Some(facts) => self.value_by(n, &|f, x| f.value_in(x, facts)),
                    None => self.value(n),
                };
                out.push(v.ok_or(n)?);
            }
            lo = hi;
        }
        Ok(out)
    }

    /// G(n), reading each function's value f(x) from `func`.
    fn value_by(&self, n: u64, func: &dyn Fn(Func, u64) -> Option<u64>) -> Option<u64> {
        let n0 = self.from();
        // G(n) = factor * G(m) + acc, walking m down the recursion.
        let (mut factor, mut acc, mut m) = (1i128, 0i128, n);
        loop {
            if m < n0 {
                let v = i128::from(*self.pre.get(usize::try_from(m).ok()?)?);
                acc = acc.checked_add(factor.checked_mul(v)?)?;
                break;
            }
            match &self.body {
                Body::Periodic { period, saltus, block } => {
                    let d = m - n0;
                    let b = i128::from(*block.get(usize::try_from(d.checked_rem(*period)?).ok()?)?);
                    let v = i128::from(*saltus).checked_mul(i128::from(d / period))?.checked_add(b)?;
                    acc = acc.checked_add(factor.checked_mul(v)?)?;
                    break;
                }
                Body::Classes { modulus, classes } => {
                    let (k, c) = (m / modulus, m.checked_rem(*modulus)?);
                    let cl = classes.get(usize::try_from(c).ok()?)?;
                    let mut own =
                        i128::from(cl.slope).checked_mul(i128::from(k))?.checked_add(i128::from(cl.offset))?;
                    if let Some(f) = cl.func {
                        own = own.checked_add(i128::from(cl.mult).checked_mul(i128::from(func(f, m)?))?)?;
                    }
                    acc = acc.checked_add(factor.checked_mul(own)?)?;
                    if cl.mult == 0 || cl.func.is_some() {
                        break;
                    }
                    factor = factor.checked_mul(i128::from(cl.mult))?;
                    let t = cl.a.checked_mul(k)?.checked_add(cl.b)?;
                    if t >= m {
                        return None;
                    }
                    m = t;
                }
            }
        }
        u64::try_from(acc).ok()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn take_half_and_the_ruler() {
        // G(2k) = k, G(2k+1) = G(k).
        let half = Rule {
            pre: vec![],
            body: Body::Classes { modulus: 2, classes: vec![Class::linear(1, 0), Class::recursive(1, 1, 0, 0, 0)] },
        };
        let got: Vec<u64> = (0..12).map(|n| half.value(n).unwrap()).collect();
        assert_eq!(got, [0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1]);
        // The lowest set bit: G(2k) = 2 G(k), G(2k+1) = 1, G(0) = 0.
        let ruler = Rule {
            pre: vec![0],
            body: Body::Classes { modulus: 2, classes: vec![Class::recursive(2, 1, 0, 0, 0), Class::linear(0, 1)] },
        };
        for n in 1..200u64 {
            assert_eq!(ruler.value(n), Some(n & n.wrapping_neg()));
        }
        assert_eq!(ruler.value(1 << 63), Some(1 << 63));
    }

    #[test]
    fn periodic_values_and_overflow() {
        let lasker = Rule { pre: vec![0], body: Body::Periodic { period: 4, saltus: 4, block: vec![1, 2, 4, 3] } };
        let got: Vec<u64> = (0..9).map(|n| lasker.value(n).unwrap()).collect();
        assert_eq!(got, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        assert_eq!(lasker.value(u64::MAX), None);
    }
}
