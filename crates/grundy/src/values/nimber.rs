//! Nimber arithmetic on u64: nim addition (XOR), Conway's nim multiplication, inverses and
//! powers. The nimbers below 2^64 form the field GF(2^64), in which the Sprague-Grundy values of
//! products of coin-turning games multiply (the Tartan theorem).
//!
//! Multiplication splits a number at a Fermat 2-power F = 2^(2^k) (2, 4, 16, 256, 65536,
//! 2^32): below F a nimber times F is the ordinary product, and F ⊗ F = F ⊕ F/2 (Conway, On
//! Numbers and Games, chapter 6). So (a1 F ⊕ a0) ⊗ (b1 F ⊕ b0) needs three products of halves,
//! and a product of 64-bit nimbers takes a few dozen lookups in a table of the products of
//! bytes. The inverse uses the same splitting: with conj(a1 F ⊕ a0) = a1 F ⊕ (a0 ⊕ a1), the
//! norm a ⊗ conj(a) lies in the half-size field, so one inverse there finishes it.
//!
//! The coin-turning games need values past 2^64 (Mock Turtles' 2n + 1 at n near 2^64), so
//! [`nim_mul_wide`] and [`nim_inverse_wide`] do the same on u128, whose nimbers form GF(2^128)
//! with the Fermat 2-power 2^64.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

/// The nim product of `a` and `b`.
///
/// ```
/// use grundy::nim_mul;
/// assert_eq!(nim_mul(2, 2), 3); // F = 2: F ⊗ F = F ⊕ F/2
/// assert_eq!(nim_mul(4, 4), 6);
/// assert_eq!(nim_mul(16, 16), 24);
/// assert_eq!(nim_mul(3, 5), 15); // 3 < 4 and 5 = 4 ⊕ 1: 3 ⊗ 4 = 12, 12 ⊕ 3 = 15
/// ```
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul_in(a, b, 64)
}

/// The nim products of every two bytes (the field GF(2^8)), built once by the splitting below.
fn byte_products() -> &'static [[u8; 256]; 256] {
    static TABLE: std::sync::OnceLock<Box<[[u8; 256]; 256]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u8; 256]; 256]);
        for (a, row) in (0u64..).zip(t.iter_mut()) {
            for (b, cell) in (0u64..).zip(row.iter_mut()) {
                // Below 2^8 the product is below 2^8.
                *cell = split_mul(a, b, 8) as u8;
            }
        }
        t
    })
}

/// The nim product of `a` and `b`, both below 2^`bits` (a power of two from 1 to 64).
fn mul_in(a: u64, b: u64, bits: u32) -> u64 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    if bits <= 8 {
        let row = byte_products().get(a as usize & 0xff);
        return row.and_then(|r| r.get(b as usize & 0xff)).map_or(0, |&p| u64::from(p));
    }
    split_mul(a, b, bits)
}

/// The nim product by one split at the Fermat 2-power 2^(`bits` / 2), the halves multiplied
/// by [`mul_in`] (by itself below 2 bits, where the table is built from it).
fn split_mul(a: u64, b: u64, bits: u32) -> u64 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    // With F = 2^half: (a1 F + a0)(b1 F + b0) = a1 b1 F^2 + (a1 b0 + a0 b1) F + a0 b0, and
    // F^2 = F + F/2; the middle term is (a1 + a0)(b1 + b0) + a1 b1 + a0 b0 (Karatsuba).
    let sub = |x: u64, y: u64| if bits <= 8 { split_mul(x, y, half) } else { mul_in(x, y, half) };
    let high = sub(a1, b1);
    let low = sub(a0, b0);
    let cross = sub(a1 ^ a0, b1 ^ b0);
    let upper = cross ^ low;
    let lower = low ^ sub(high, 1u64 << (half - 1));
    (upper << half) | lower
}

/// The nim inverse of `a` != 0 below 2^`bits`: with F = 2^(bits / 2) and a = a1 F ⊕ a0, the
/// conjugate a1 F ⊕ (a0 ⊕ a1) (F's conjugate is F ⊕ 1, the other root of X² = X ⊕ F/2) times
/// a is the norm a1² ⊗ F/2 ⊕ a0² ⊕ a0 ⊗ a1, which lies below F; so 1/a = conj(a) ⊗ 1/norm.
fn inverse_in(a: u64, bits: u32) -> u64 {
    if a <= 1 || bits == 1 {
        return a;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    if a1 == 0 {
        return inverse_in(a0, half);
    }
    let norm = mul_in(mul_in(a1, a1, half), 1u64 << (half - 1), half) ^ mul_in(a0, a0, half) ^ mul_in(a0, a1, half);
    mul_in((a1 << half) | (a0 ^ a1), inverse_in(norm, half), bits)
}

/// The nim product of two nimbers below 2^128 (GF(2^128): F = 2^64, F ⊗ F = F ⊕ 2^63).
///
/// ```
/// use grundy::nim_mul;
/// use grundy::frontend::nim_mul_wide;
/// assert_eq!(nim_mul_wide(3, 5), u128::from(nim_mul(3, 5)));
/// assert_eq!(nim_mul_wide(1 << 64, 1 << 64), (1 << 64) | (1 << 63));
/// ```
pub fn nim_mul_wide(a: u128, b: u128) -> u128 {
    let (a1, a0, b1, b0) = ((a >> 64) as u64, a as u64, (b >> 64) as u64, b as u64);
    if a1 == 0 && b1 == 0 {
        return u128::from(nim_mul(a0, b0));
    }
    let high = nim_mul(a1, b1);
    let low = nim_mul(a0, b0);
    let cross = nim_mul(a1 ^ a0, b1 ^ b0);
    (u128::from(cross ^ low) << 64) | u128::from(low ^ nim_mul(high, 1 << 63))
}

/// The nim inverse of a nimber below 2^128, or `None` for 0.
///
/// ```
/// use grundy::frontend::{nim_inverse_wide, nim_mul_wide};
/// let a = (7u128 << 64) | 12345;
/// assert_eq!(nim_mul_wide(a, nim_inverse_wide(a).unwrap()), 1);
/// ```
pub fn nim_inverse_wide(a: u128) -> Option<u128> {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    if a1 == 0 {
        return nim_inverse(a0).map(u128::from);
    }
    let norm = nim_mul(nim_mul(a1, a1), 1 << 63) ^ nim_mul(a0, a0) ^ nim_mul(a0, a1);
    let conj = (u128::from(a1) << 64) | u128::from(a0 ^ a1);
    Some(nim_mul_wide(conj, u128::from(inverse_in(norm, 64))))
}

/// `a` to the power `e` in the nim field.
///
/// ```
/// use grundy::nim_mul;
/// use grundy::frontend::nim_pow;
/// assert_eq!(nim_pow(2, 3), nim_mul(2, nim_mul(2, 2)));
/// assert_eq!(nim_pow(7, 0), 1);
/// ```
pub fn nim_pow(a: u64, mut e: u128) -> u64 {
    let (mut base, mut out) = (a, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            out = nim_mul(out, base);
        }
        base = nim_mul(base, base);
        e >>= 1;
    }
    out
}

/// The nim inverse of `a` (the b with a ⊗ b = 1), or `None` for 0. The nimbers below 2^64 form
/// the field GF(2^64), whose non-zero elements satisfy a^(2^64 - 1) = 1, so the inverse is
/// a^(2^64 - 2).
///
/// ```
/// use grundy::nim_mul;
/// use grundy::frontend::nim_inverse;
/// let b = nim_inverse(12345).unwrap();
/// assert_eq!(nim_mul(12345, b), 1);
/// assert_eq!(nim_inverse(0), None);
/// ```
pub fn nim_inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| inverse_in(a, 64))
}

/// The powers of two whose nim sum is `a` (its binary digits), smallest first.
fn powers_of_two(a: u64) -> Vec<u32> {
    (0..64).filter(|&i| a >> i & 1 == 1).collect()
}

/// Why 2^i ⊗ 2^j is what it is, in words: the Fermat 2-powers of i and j (the bits of the
/// exponents), which multiply as ordinary numbers when distinct and as F ⊕ F/2 when the same.
fn power_product_words(i: u32, j: u32) -> String {
    let fermat = |e: u32| -> Vec<String> {
        (0..6).filter(|&k| e >> k & 1 == 1).map(|k| format!("2^{}", 1u32 << k)).collect::<Vec<_>>()
    };
    let shared: Vec<u32> = (0..6).filter(|&k| (i & j) >> k & 1 == 1).collect();
    let (fi, fj) = (fermat(i), fermat(j));
    let product = nim_mul(1u64 << i, 1u64 << j);
    let shown = |f: &[String]| if f.is_empty() { "1".to_string() } else { f.join(" ⊗ ") };
    if shared.is_empty() {
        format!(
            "2^{i} ⊗ 2^{j} = ({}) ⊗ ({}): distinct Fermat 2-powers multiply as ordinary numbers, so it is 2^{} = {product}",
            shown(&fi),
            shown(&fj),
            i + j
        )
    } else {
        // The shared Fermat 2-powers square to F ⊕ F/2; the others multiply as numbers.
        let squares: Vec<u64> = shared.iter().map(|&k| 3u64 << ((1u32 << k) - 1)).collect();
        let plain_bits = (i ^ j) & !(i & j);
        let factors: Vec<String> = squares
            .iter()
            .map(u64::to_string)
            .chain(
                (plain_bits != 0 || squares.len() < 2).then(|| format!("2^{plain_bits}")).filter(|_| plain_bits != 0),
            )
            .collect();
        let named: Vec<String> = shared.iter().map(|&k| (1u64 << (1u32 << k)).to_string()).collect();
        format!(
            "2^{i} ⊗ 2^{j} = ({}) ⊗ ({}): the Fermat 2-power{} {} appear{} twice, and F ⊗ F = F ⊕ F/2, so it is {} = {product}",
            shown(&fi),
            shown(&fj),
            if named.len() == 1 { "" } else { "s" },
            named.join(", "),
            if named.len() == 1 { "s" } else { "" },
            factors.join(" ⊗ ")
        )
    }
}

/// The working of the nim product a ⊗ b, one line each: the powers of two of each, the product
/// of every pair (at most `pairs` of them shown), and their nim sum.
///
/// ```
/// let lines = grundy::frontend::explain_nim_product(3, 5, 16);
/// assert_eq!(lines.last().unwrap(), "3 ⊗ 5 = 15");
/// ```
pub fn explain_nim_product(a: u64, b: u64, pairs: usize) -> Vec<String> {
    let (pa, pb) = (powers_of_two(a), powers_of_two(b));
    let sum = |ps: &[u32]| ps.iter().map(|p| format!("2^{p}")).collect::<Vec<_>>().join(" ⊕ ");
    let mut out = vec![
        "Nim multiplication (Conway, On Numbers and Games, chapter 6) distributes over nim addition (XOR), so a ⊗ b is the nim sum of the products of their powers of two.".to_string(),
        "A power of two 2^e is the product of the Fermat 2-powers 2^(2^k) for the bits k of e; distinct Fermat 2-powers multiply as ordinary numbers, and F ⊗ F = F ⊕ F/2.".to_string(),
    ];
    if a == 0 || b == 0 {
        out.push(format!("{a} ⊗ {b} = 0"));
        return out;
    }
    out.push(format!("{a} = {}; {b} = {}", sum(&pa), sum(&pb)));
    let total = pa.len() * pb.len();
    for (k, (i, j)) in pa.iter().flat_map(|&i| pb.iter().map(move |&j| (i, j))).enumerate() {
        if k == pairs {
            out.push(format!("... and {} more products of powers of two", total - pairs));
            break;
        }
        out.push(power_product_words(i, j));
    }
    out.push(format!("{a} ⊗ {b} = {}", nim_mul(a, b)));
    out
}

/// A nimber expression as `grundy nimber` reads it: numbers below 2^64, `+` (nim addition,
/// XOR), `*` (nim multiplication), `/` (by the nim inverse), `^` with a whole exponent (`^-1`
/// is the inverse) and parentheses.
///
/// ```
/// use grundy::NimberExpr;
/// let e: NimberExpr = "(2*3 + 4)^-1".parse().unwrap();
/// let x = grundy::nim_mul(2, 3) ^ 4; // 2 ⊗ 3 = 1, so x = 5
/// assert_eq!(x, 5);
/// assert_eq!(grundy::nim_mul(e.value().unwrap(), x), 1);
/// assert!("2 * x".parse::<NimberExpr>().unwrap_err().to_string().contains("'x'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimberExpr {
    /// A number.
    Number(u64),
    /// The nim sum of two expressions.
    Sum(Box<NimberExpr>, Box<NimberExpr>),
    /// The nim product of two expressions.
    Product(Box<NimberExpr>, Box<NimberExpr>),
    /// The first expression times the nim inverse of the second.
    Quotient(Box<NimberExpr>, Box<NimberExpr>),
    /// An expression to a whole power (a negative one through the inverse).
    Power(Box<NimberExpr>, i128),
}

/// Why a nimber expression has no value: a division by 0 (or 0 to a negative power).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NimberError(String);

/// Why text is not a nimber expression, naming the bad part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseNimberError(String);

impl NimberExpr {
    /// The value of the expression in the nim field.
    pub fn value(&self) -> Result<u64, NimberError> {
        Ok(match self {
            NimberExpr::Number(n) => *n,
            NimberExpr::Sum(a, b) => a.value()? ^ b.value()?,
            NimberExpr::Product(a, b) => nim_mul(a.value()?, b.value()?),
            NimberExpr::Quotient(a, b) => {
                let d = b.value()?;
                let inv = nim_inverse(d).ok_or_else(|| NimberError(format!("division by 0 in '{self}'")))?;
                nim_mul(a.value()?, inv)
            }
            NimberExpr::Power(a, e) => {
                let base = a.value()?;
                if *e >= 0 {
                    nim_pow(base, e.unsigned_abs())
                } else {
                    let inv = nim_inverse(base)
                        .ok_or_else(|| NimberError(format!("0 has no inverse, so '{self}' has no value")))?;
                    nim_pow(inv, e.unsigned_abs())
                }
            }
        })
    }

    /// The two numbers, when the expression is one product of two numbers (which `grundy
    /// nimber --explain` works out).
    pub fn as_product_of_numbers(&self) -> Option<(u64, u64)> {
        match self {
            NimberExpr::Product(a, b) => match (a.as_ref(), b.as_ref()) {
                (NimberExpr::Number(x), NimberExpr::Number(y)) => Some((*x, *y)),
                _ => None,
            },
            _ => None,
        }
    }
}

impl fmt::Display for NimberExpr {
    /// The expression fully parenthesised, which reads back to the same expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimberExpr::Number(n) => write!(f, "{n}"),
            NimberExpr::Sum(a, b) => write!(f, "({a} + {b})"),
            NimberExpr::Product(a, b) => write!(f, "({a} * {b})"),
            NimberExpr::Quotient(a, b) => write!(f, "({a} / {b})"),
            NimberExpr::Power(a, e) => write!(f, "({a}^{e})"),
        }
    }
}

/// The most operators an expression may hold, and the deepest its parentheses may nest, so
/// that reading it, evaluating it and writing it need no more stack than that. An expression
/// within both is written back (fully parenthesised) within both.
const MAX_DEPTH: usize = 200;

struct Reader<'a> {
    text: &'a str,
    at: usize,
    /// Operators read so far.
    operators: usize,
    /// Parentheses open here.
    open: usize,
}

impl Reader<'_> {
    fn skip_spaces(&mut self) {
        while self.text.as_bytes().get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_spaces();
        self.text.as_bytes().get(self.at).copied()
    }

    fn error(&self, what: &str) -> ParseNimberError {
        let rest = self.text.get(self.at..).unwrap_or("");
        let token: String = rest.chars().take_while(|c| !c.is_whitespace()).take(20).collect();
        if token.is_empty() {
            ParseNimberError(format!("{what}, at the end of the expression"))
        } else {
            ParseNimberError(format!("{what}, at '{token}'"))
        }
    }

    /// Counts one more operator.
    fn deeper(&mut self) -> Result<(), ParseNimberError> {
        self.operators += 1;
        if self.operators > MAX_DEPTH {
            return Err(ParseNimberError(format!("the expression has more than {MAX_DEPTH} operators")));
        }
        Ok(())
    }

    fn sum(&mut self) -> Result<NimberExpr, ParseNimberError> {
        let mut left = self.product()?;
        while self.peek() == Some(b'+') {
            self.at += 1;
            self.deeper()?;
            left = NimberExpr::Sum(Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<NimberExpr, ParseNimberError> {
        let mut left = self.power()?;
        while let Some(op @ (b'*' | b'/')) = self.peek() {
            self.at += 1;
            self.deeper()?;
            let right = Box::new(self.power()?);
            left = if op == b'*' {
                NimberExpr::Product(Box::new(left), right)
            } else {
                NimberExpr::Quotient(Box::new(left), right)
            };
        }
        Ok(left)
    }

    fn power(&mut self) -> Result<NimberExpr, ParseNimberError> {
        let mut base = self.atom()?;
        while self.peek() == Some(b'^') {
            self.at += 1;
            self.deeper()?;
            self.skip_spaces();
            let start = self.at;
            if self.text.as_bytes().get(self.at) == Some(&b'-') {
                self.at += 1;
            }
            while self.text.as_bytes().get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
            let digits = self.text.get(start..self.at).unwrap_or("");
            let e: i128 = digits.parse().map_err(|_| {
                self.at = start;
                self.error("a power must be a whole number (e.g. ^3 or ^-1)")
            })?;
            base = NimberExpr::Power(Box::new(base), e);
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<NimberExpr, ParseNimberError> {
        match self.peek() {
            Some(b'(') => {
                self.at += 1;
                self.open += 1;
                if self.open > MAX_DEPTH {
                    return Err(ParseNimberError(format!("the parentheses nest deeper than {MAX_DEPTH}")));
                }
                let inner = self.sum()?;
                if self.peek() != Some(b')') {
                    return Err(self.error("a ')' is missing"));
                }
                self.at += 1;
                self.open -= 1;
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.at;
                while self.text.as_bytes().get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
                let digits = self.text.get(start..self.at).unwrap_or("");
                digits.parse::<u64>().map(NimberExpr::Number).map_err(|_| {
                    ParseNimberError(format!("'{digits}' is past 18446744073709551615, the largest nimber here"))
                })
            }
            Some(b'-') => Err(self.error("nimbers are not negative (nim addition is XOR: a + a = 0)")),
            Some(_) => Err(self.error("expected a number or '('")),
            None => Err(self.error("expected a number or '('")),
        }
    }
}

impl FromStr for NimberExpr {
    type Err = ParseNimberError;

    fn from_str(s: &str) -> Result<Self, ParseNimberError> {
        let mut r = Reader { text: s, at: 0, operators: 0, open: 0 };
        if r.peek().is_none() {
            return Err(ParseNimberError("the expression is empty: write e.g. '3 * 5' or '7^-1'".into()));
        }
        let e = r.sum()?;
        match r.peek() {
            None => Ok(e),
            Some(_) => Err(r.error("expected '+', '*', '/', '^' or the end")),
        }
    }
}

/// Nim-addition of a constant to a set of numbers below 64 held as the bits of a word: the
/// word whose bit i ^ x is bit i of `w` (the take-and-break engine and take-or-split tables move
/// sets of values by a nim-sum this way).
pub(crate) fn xor_bits(mut w: u64, x: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (j, m) in MASKS.iter().enumerate() {
        if x >> j & 1 != 0 {
            let s = 1 << j;
            w = ((w & m) << s) | ((w >> s) & m);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Nim multiplication by its definition: a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' }.
    fn plain_products(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n];
                for x in 0..a {
                    for y in 0..b {
                        let v = (t[x][b] ^ t[a][y] ^ t[x][y]) as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
                t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    /// The product by splitting all the way down, without the table of bytes.
    fn plain_split(a: u64, b: u64, bits: u32) -> u64 {
        if a <= 1 || b <= 1 || bits == 1 {
            return if bits == 1 { a & b } else { a * b };
        }
        let half = bits / 2;
        let mask = (1u64 << half) - 1;
        let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
        let high = plain_split(a1, b1, half);
        let low = plain_split(a0, b0, half);
        let cross = plain_split(a1 ^ a0, b1 ^ b0, half);
        ((cross ^ low) << half) | (low ^ plain_split(high, 1 << (half - 1), half))
    }

    #[test]
    fn the_table_of_bytes_is_the_definition_and_wide_products_split_at_2_to_the_64() {
        // (The definition itself is checked below 64 in the next test.)
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!(nim_mul(a, b), plain_split(a, b, 8), "{a} ⊗ {b}");
            }
        }
        // 2^64 is a Fermat 2-power: below it products are ordinary, and F ⊗ F = F ⊕ F/2.
        assert_eq!(nim_mul_wide(u128::from(u64::MAX), 1 << 64), u128::from(u64::MAX) << 64);
        assert_eq!(nim_mul_wide(1 << 64, 1 << 64), (1 << 64) ^ (1 << 63));
        assert_eq!(nim_inverse_wide(0), None);
    }

    #[test]
    fn products_agree_with_the_definition() {
        let t = plain_products(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(nim_mul(a, b), t[a as usize][b as usize], "{a} ⊗ {b}");
            }
        }
    }

    proptest! {
        /// The nimbers below 2^64 are a field: nim multiplication is commutative, associative,
        /// distributes over XOR, and every non-zero nimber has an inverse.
        #[test]
        fn field_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            if a != 0 {
                prop_assert_eq!(nim_mul(a, nim_inverse(a).unwrap()), 1);
                // The inverse is a^(2^64 - 2), as the group's order says.
                prop_assert_eq!(nim_inverse(a), Some(nim_pow(a, u128::from(u64::MAX) - 1)));
            }
            prop_assert_eq!(nim_mul(a, b), plain_split(a, b, 64));
        }

        /// The nimbers below 2^128 are a field too, and agree with the 64-bit product below 2^64.
        #[test]
        fn wide_field_laws(a in any::<u128>(), b in any::<u128>(), c in any::<u128>(), d in any::<u64>(), e in any::<u64>()) {
            let m = nim_mul_wide;
            prop_assert_eq!(m(a, b), m(b, a));
            prop_assert_eq!(m(m(a, b), c), m(a, m(b, c)));
            prop_assert_eq!(m(a, b ^ c), m(a, b) ^ m(a, c));
            prop_assert_eq!(m(u128::from(d), u128::from(e)), u128::from(nim_mul(d, e)));
            if a != 0 {
                prop_assert_eq!(m(a, nim_inverse_wide(a).unwrap()), 1);
            }
        }

        /// Any text reads as an expression or is refused in one line, never a panic, and what
        /// reads writes back to the same expression.
        #[test]
        fn any_text_reads_or_is_refused_in_one_line(s in "[0-9+*/^() -]{0,40}") {
            match s.parse::<NimberExpr>() {
                Ok(e) => prop_assert_eq!(e.to_string().parse::<NimberExpr>(), Ok(e)),
                Err(err) => prop_assert!(!err.to_string().contains('\n')),
            }
        }
    }

    #[test]
    fn fermat_two_powers_and_known_products() {
        // F ⊗ F = 3F/2 for every Fermat 2-power F.
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(nim_mul(f, f), f ^ (f >> 1), "F = {f}");
        }
        // Below a Fermat 2-power F, x ⊗ F = x F.
        assert_eq!(nim_mul(255, 256), 255 * 256);
        assert_eq!(nim_mul(u64::from(u32::MAX), 1 << 32), u64::from(u32::MAX) << 32);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_pow(2, u128::from(u64::MAX)), 1, "the multiplicative group has order 2^64 - 1");
    }

    #[test]
    fn expressions_read_and_refuse_with_the_bad_part() {
        let v = |s: &str| s.parse::<NimberExpr>().unwrap().value();
        assert_eq!(v("3 * 5"), Ok(15));
        assert_eq!(v("3 + 5"), Ok(6));
        assert_eq!(v("2^2"), Ok(3));
        assert_eq!(v("2 * 3 + 1"), Ok(nim_mul(2, 3) ^ 1));
        assert_eq!(v("(2 + 3) * 4"), Ok(nim_mul(1, 4)));
        assert_eq!(v("7^-1 * 7"), Ok(1));
        assert_eq!(v("1 / 7"), v("7^-1"));
        assert_eq!(v("18446744073709551615 * 1"), Ok(u64::MAX));
        assert!(v("3 / 0").unwrap_err().to_string().contains("division by 0"));
        assert!(v("0^-1").unwrap_err().to_string().contains("0 has no inverse"));
        let err = |s: &str| s.parse::<NimberExpr>().unwrap_err().to_string();
        assert_eq!(err("2 * x"), "expected a number or '(', at 'x'");
        assert!(err("18446744073709551616").contains("past 18446744073709551615"));
        assert!(err("(2 * 3").contains("')' is missing"));
        assert!(err("2 ^ x").contains("a power must be a whole number"));
        assert!(err("-3").contains("not negative"));
        assert!(err("").contains("empty"));
        assert!(err(&"(".repeat(1000)).contains("nest deeper than 200"));
        assert!(err(&vec!["1"; 300].join("+")).contains("more than 200 operators"));
        // Within the limits, what is written back reads back.
        let long: NimberExpr = vec!["2^-1"; 100].join("*").parse().unwrap();
        assert_eq!(long.to_string().parse::<NimberExpr>(), Ok(long));
        assert_eq!(err("2 3"), "expected '+', '*', '/', '^' or the end, at '3'");
    }

    #[test]
    fn a_product_is_explained_by_its_powers_of_two() {
        let lines = explain_nim_product(8, 8, 16);
        assert!(
            lines.iter().any(|l| l
                == "2^3 ⊗ 2^3 = (2^1 ⊗ 2^2) ⊗ (2^1 ⊗ 2^2): the Fermat 2-powers 2, 4 appear twice, and F ⊗ F = F ⊕ F/2, so it is 3 ⊗ 6 = 13"),
            "{lines:?}"
        );
        // One Fermat 2-power shared, one not: 2^3 ⊗ 2^1 = (2 ⊗ 4) ⊗ 2 = (2 ⊗ 2) ⊗ 4 = 3 ⊗ 4 = 12.
        let mixed = explain_nim_product(8, 2, 16);
        assert!(mixed.iter().any(|l| l.ends_with("so it is 3 ⊗ 2^2 = 12")), "{mixed:?}");
        assert_eq!(lines.last().unwrap(), "8 ⊗ 8 = 13");
        let many = explain_nim_product(u64::MAX, u64::MAX, 16);
        assert!(many.iter().any(|l| l.starts_with("... and 4080 more")), "{many:?}");
    }
}
