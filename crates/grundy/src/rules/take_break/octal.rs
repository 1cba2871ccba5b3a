//! Take-and-break games: octal codes (Kayles, Dawson's Kayles, ...) and Grundy's game.
//!
//! An octal code `d0.d1d2d3...` says, for each number t of objects taken, what may be left of
//! the heap: digit dt is a sum of 1 (take all t of a heap of exactly t), 2 (take t and leave one
//! non-empty heap) and 4 (take t and split what is left into two non-empty heaps). The digit
//! before the point is about taking nothing, so it may only be 0 or 4 (split a heap in two
//! without taking); anything else would allow passing or removing nothing.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

use crate::error::ParseGameError;
use crate::rules::heap::HeapNouns;

/// The longest code accepted after the point. It bounds the largest number taken, and so the
/// cost of each value; nim up to heap 255 is `0.333...3` with 255 digits.
pub const MAX_OCTAL_DIGITS: usize = 255;

/// The classic games that have names, with their codes.
const CLASSICS: [(&str, &str); 4] =
    [("kayles", "0.77"), ("dawsons-kayles", "0.07"), ("dawsons-chess", "0.137"), ("officers", "0.6")];

/// An octal code such as `0.77` (Kayles) or `4.07`, validated: octal digits only, the digit
/// before the point 0 or 4, at most [`MAX_OCTAL_DIGITS`] after it, trailing zeros dropped.
///
/// The name a classic was given in (`kayles`) is kept, so that it is written back the same way;
/// two spellings of one code are different `OctalCode`s with equal [`OctalCode::digits`].
///
/// ```
/// use grundy::frontend::OctalCode;
/// let k: OctalCode = "kayles".parse().unwrap();
/// assert_eq!(k.digits(), &[0, 7, 7]);
/// assert_eq!(k.to_string(), "kayles");
/// let o: OctalCode = "4.070".parse().unwrap();
/// assert_eq!(o.to_string(), "octal:4.07");
/// assert!("0.8".parse::<OctalCode>().unwrap_err().to_string().contains("'8'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    digits: Vec<u8>,
    name: Option<&'static str>,
}

impl OctalCode {
    /// The digits: `digits()[t]` is the digit for taking t objects (index 0 is the digit
    /// before the point). Never empty; no trailing zero after the point.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The code alone, e.g. `0.77`, whatever name it was given.
    pub fn code(&self) -> String {
        OCTAL.write(&self.digits)
    }

    /// The classic name this code was given in, if any (`kayles`, ...).
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The rules in the form the engines use.
    pub fn rules(&self) -> SplitRules {
        SplitRules::from_digits(&self.digits)
    }

    /// Reads the code part (`0.77`) of `octal:CODE`.
    fn parse_code(code: &str) -> Result<Self, ParseGameError> {
        Ok(OctalCode { digits: OCTAL.read(code)?, name: None })
    }
}

/// How a take-and-break code is written: octal digits, or hexadecimal ones with the bit 8 for
/// three heaps. One reader and one writer serve both, so that the two notations agree on
/// everything but their digits (and the messages name the same problems the same way).
pub(crate) struct Notation {
    /// "octal" or "hexadecimal", in messages.
    name: &'static str,
    /// The game name's prefix, e.g. `octal:`.
    prefix: &'static str,
    radix: u32,
    /// What a digit is, in messages: "an octal digit (0-7)".
    digit_words: &'static str,
    /// The digits allowed before the point (taking nothing may only split a heap), and in words.
    first: &'static [u32],
    first_words: &'static str,
    /// A code to show in messages.
    example: &'static str,
}

/// Octal codes: digits 0-7, before the point 0 or 4.
pub(crate) const OCTAL: Notation = Notation {
    name: "octal",
    prefix: "octal:",
    radix: 8,
    digit_words: "an octal digit (0-7)",
    first: &[0, 4],
    first_words: "0 or 4",
    example: "0.77",
};

/// Hexadecimal codes: digits 0-f, before the point 0, 4, 8 or c.
pub(crate) const HEX: Notation = Notation {
    name: "hexadecimal",
    prefix: "hex:",
    radix: 16,
    digit_words: "a hexadecimal digit (0-9, a-f)",
    first: &[0, 4, 8, 12],
    first_words: "0, 4, 8 or c",
    example: "0.8f",
};

impl Notation {
    /// The digits of a code such as `0.77` (index 0: the digit before the point), validated:
    /// digits of the radix only, one point, an allowed digit before it, 1 to
    /// [`MAX_OCTAL_DIGITS`] after it; trailing zeros dropped.
    pub(crate) fn read(&self, code: &str) -> Result<Vec<u8>, ParseGameError> {
        let bad = |why: String| ParseGameError::new(format!("{} code '{code}': {why}", self.name));
        if code.is_empty() {
            return Err(ParseGameError::new(format!(
                "the {} code is empty: write it like {}{}",
                self.name, self.prefix, self.example
            )));
        }
        // Characters that are no digit at all are named before digits too large for the radix.
        let not_digit = |c: &char| *c != '.' && !c.is_ascii_digit() && c.to_digit(self.radix).is_none();
        let too_large = |c: &char| *c != '.' && c.to_digit(self.radix).is_none();
        if let Some(c) = code.chars().find(not_digit).or_else(|| code.chars().find(too_large)) {
            return Err(bad(format!("'{c}' is not {}", self.digit_words)));
        }
        let (before, after) = code
            .split_once('.')
            .ok_or_else(|| bad(format!("there is no point: write it like {} or 4.07", self.example)))?;
        if after.contains('.') {
            return Err(bad("there is more than one point".into()));
        }
        let mut chars = before.chars();
        let first = match (chars.next(), chars.next()) {
            (None, _) => Some(0),
            (Some(c), None) => c.to_digit(self.radix).filter(|d| self.first.contains(d)),
            _ => None,
        };
        let Some(first) = first else {
            return Err(bad(format!(
                "the digit before the point must be {} (taking nothing may only split a heap), not '{before}'",
                self.first_words
            )));
        };
        if after.is_empty() {
            return Err(bad("there are no digits after the point".into()));
        }
        if after.len() > MAX_OCTAL_DIGITS {
            return Err(bad(format!("more than {MAX_OCTAL_DIGITS} digits after the point")));
        }
        // Every character is a digit of the radix (checked above), so each fits in a byte.
        let mut digits = vec![first as u8];
        digits.extend(after.chars().filter_map(|c| c.to_digit(self.radix)).map(|d| d as u8));
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(digits)
    }

    /// The code of `digits` (as [`Notation::read`] gives them), e.g. `0.77`, in lower case.
    pub(crate) fn write(&self, digits: &[u8]) -> String {
        let digit = |&d: &u8| char::from_digit(u32::from(d), self.radix).unwrap_or('?');
        let mut s: String = digits.first().map(digit).into_iter().collect();
        s.push('.');
        if digits.len() <= 1 {
            s.push('0');
        }
        s.extend(digits.iter().skip(1).map(digit));
        s
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name {
            Some(n) => f.write_str(n),
            None => write!(f, "octal:{}", self.code()),
        }
    }
}

impl FromStr for OctalCode {
    type Err = ParseGameError;
    /// Reads `octal:CODE`, a bare code `0.77`, or a classic name (`kayles`, `dawsons-kayles`,
    /// `dawsons-chess`, `officers`).
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        if let Some(&(name, code)) = CLASSICS.iter().find(|(n, _)| *n == s) {
            let mut c = OctalCode::parse_code(code)?;
            c.name = Some(name);
            return Ok(c);
        }
        OctalCode::parse_code(s.strip_prefix("octal:").unwrap_or(s))
    }
}

/// Take-and-break rules in the form the engines use: which numbers t may be taken to leave
/// nothing, one heap, two heaps or three heaps.
///
/// Every octal code, every hexadecimal code and Grundy's game (split into two unequal heaps) is
/// one of these.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitRules {
    /// t such that a heap of exactly t may be removed (t >= 1).
    pub take_all: Vec<u64>,
    /// t such that t may be taken from a larger heap, leaving one heap (t >= 1).
    pub take: Vec<u64>,
    /// t such that t may be taken and the rest split into two non-empty heaps (t >= 0).
    pub split: Vec<u64>,
    /// t such that t may be taken and the rest split into three non-empty heaps (t >= 0; only
    /// hexadecimal codes have these).
    pub split3: Vec<u64>,
    /// The two heaps of a split must differ (Grundy's game).
    pub unequal: bool,
}

impl SplitRules {
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundys_game() -> Self {
        SplitRules { take_all: vec![], take: vec![], split: vec![0], split3: vec![], unequal: true }
    }

    /// The rules of code digits (index t: the digit for taking t), each a sum of 1 (take a whole
    /// heap), 2 (leave one heap), 4 (leave two) and 8 (leave three, hexadecimal codes only).
    pub(crate) fn from_digits(digits: &[u8]) -> Self {
        let mut r = SplitRules { take_all: vec![], take: vec![], split: vec![], split3: vec![], unequal: false };
        for (t, &d) in digits.iter().enumerate() {
            let t = t as u64;
            for (bit, list) in [(1, &mut r.take_all), (2, &mut r.take), (4, &mut r.split), (8, &mut r.split3)] {
                if d & bit != 0 {
                    list.push(t);
                }
            }
        }
        r
    }

    /// The largest number of objects any move takes (the t of the Guy-Smith theorem).
    pub fn max_take(&self) -> u64 {
        self.take_all.iter().chain(&self.take).chain(&self.split).chain(&self.split3).copied().max().unwrap_or(0)
    }

    /// The most heaps one move may leave: 3 when a move splits a heap in three, else 2 (the
    /// number the periodicity theorem's bound is made of).
    pub fn max_parts(&self) -> usize {
        if self.split3.is_empty() {
            2
        } else {
            3
        }
    }

    /// Whether a period of these rules can ever be proven: by the periodicity theorem for
    /// every take-and-break game but Grundy's game, whose unequal-split rule it does not cover.
    pub fn can_prove_period(&self) -> bool {
        !self.unequal
    }

    /// The smallest period and pre-period that `values` = G(0), G(1), ... prove for these rules
    /// (see [`crate::guy_smith_period_parts`]); never for Grundy's game, where the theorem does
    /// not apply.
    pub fn proven_period<T: PartialEq>(&self, values: &[T]) -> Option<crate::values::Period> {
        if !self.can_prove_period() {
            return None;
        }
        crate::values::period::guy_smith_period_parts(values, self.max_take(), self.max_parts())
    }

    /// Calls `f` with every option of a heap of size `n` (see [`crate::rules::HeapRule::for_each_option`]).
    pub fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for &t in &self.take_all {
            if n == t && t > 0 {
                f(&[0]);
            }
        }
        for &t in &self.take {
            if n > t && t > 0 {
                f(&[n - t]);
            }
        }
        for &t in &self.split {
            if let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) {
                for a in 1..=m / 2 {
                    if !(self.unequal && 2 * a == m) {
                        f(&[a, m - a]);
                    }
                }
            }
        }
        for &t in &self.split3 {
            // Heaps a <= b <= c with a + b + c = m.
            if let Some(m) = n.checked_sub(t).filter(|&m| m >= 3) {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(&[a, b, m - a - b]);
                    }
                }
            }
        }
    }

    /// Whether a heap of size `n` has any option, without listing them.
    ///
    /// ```
    /// use grundy::frontend::OctalCode;
    /// let r = "0.1".parse::<OctalCode>().unwrap().rules(); // remove a heap of exactly 1
    /// assert!(r.has_option(1) && !r.has_option(1_000_000));
    /// ```
    pub fn has_option(&self, n: u64) -> bool {
        !self.options_by_kind(n).is_empty()
    }

    /// Whether a heap of size `n` may become the heaps `to` (empty heaps ignored, any order) in
    /// one move, decided from the rules without listing the options.
    ///
    /// ```
    /// use grundy::frontend::HexCode;
    /// let r = "hex:0.8".parse::<HexCode>().unwrap().rules(); // take 1, leave three heaps
    /// assert!(r.allows(1000, &[300, 300, 399]) && !r.allows(1000, &[300, 300, 400]));
    /// ```
    pub fn allows(&self, n: u64, to: &[u64]) -> bool {
        let mut parts: Vec<u64> = to.iter().copied().filter(|&h| h > 0).collect();
        parts.sort_unstable();
        let Some(t) = parts.iter().try_fold(0u64, |s, &h| s.checked_add(h)).and_then(|left| n.checked_sub(left)) else {
            return false;
        };
        match parts[..] {
            [] => t > 0 && self.take_all.contains(&t),
            [_] => t > 0 && self.take.contains(&t),
            [a, b] => self.split.contains(&t) && !(self.unequal && a == b),
            [_, _, _] => self.split3.contains(&t),
            _ => false,
        }
    }

    /// The option of a heap of size `n` that removes the fewest objects (`[0]` when the heap is
    /// emptied; ties: fewer heaps left first), or `None` when it has none. Found from the rules.
    pub fn smallest_option(&self, n: u64) -> Option<Vec<u64>> {
        self.options_by_kind(n).into_iter().min_by_key(|(t, o)| (*t, o.len())).map(|(_, o)| o)
    }

    /// One option of each kind and size taken that a heap of size `n` has, with the number
    /// of objects it takes: the whole heap, one heap left, and the most lopsided split into two
    /// or three heaps.
    pub(crate) fn options_by_kind(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut out = vec![];
        for &t in &self.take_all {
            if t > 0 && t == n {
                out.push((t, vec![0]));
            }
        }
        for &t in &self.take {
            if t > 0 && t < n {
                out.push((t, vec![n - t]));
            }
        }
        for &t in &self.split {
            // (1, m - 1) is allowed unless it is (1, 1) in Grundy's game.
            if let Some(m) = n.checked_sub(t).filter(|&m| m >= if self.unequal { 3 } else { 2 }) {
                out.push((t, vec![1, m - 1]));
            }
        }
        for &t in &self.split3 {
            if let Some(m) = n.checked_sub(t).filter(|&m| m >= 3) {
                out.push((t, vec![1, 1, m - 2]));
            }
        }
        out
    }

    /// The option of a heap of size `n` made of the kind `kind` of [`Self::options_by_kind`]
    /// with its parts chosen by `pick(k)`, which returns a number below k: any split of the
    /// kind can come out.
    pub(crate) fn option_of_kind(&self, n: u64, kind: &(u64, Vec<u64>), mut pick: impl FnMut(u64) -> u64) -> Vec<u64> {
        let (t, o) = kind;
        let m = n - t;
        match o.len() {
            2 => {
                // a in 1..=m/2, without a = m/2 for an even m in Grundy's game.
                let top = if self.unequal && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
                let a = 1 + pick(top);
                vec![a, m - a]
            }
            3 => {
                let a = 1 + pick(m / 3);
                let b = a + pick((m - a) / 2 - a + 1);
                vec![a, b, m - a - b]
            }
            _ => o.clone(),
        }
    }

    /// How many options a heap of size `n` has, an upper bound on the work of listing them.
    pub fn option_count(&self, n: u64) -> u64 {
        u64::try_from(self.option_count_wide(n)).unwrap_or(u64::MAX)
    }

    /// [`Self::option_count`] without overflow: three-heap splits of m number about m^2 / 12
    /// (bounded here by m^2 / 12 + m).
    pub(crate) fn option_count_wide(&self, n: u64) -> u128 {
        let splits: u128 = self.split.iter().map(|&t| u128::from(n.saturating_sub(t) / 2)).sum();
        let triples: u128 = self
            .split3
            .iter()
            .map(|&t| {
                let m = u128::from(n.saturating_sub(t));
                m * m / 12 + m
            })
            .fold(0u128, u128::saturating_add);
        splits.saturating_add(triples).saturating_add((self.take_all.len() + self.take.len()) as u128)
    }
}

/// Words a move of a take-and-break game in the rule's `nouns`: "take 1 from heap 2 and split
/// the rest into 3 and 4 (8 -> 3 + 4)", "knock down 1 pin from row 2, leaving rows of 3 and 4
/// (8 -> 3 + 4)", or "split heap 1 into 2 and 5 (7 -> 2 + 5)" when nothing is taken.
pub(crate) fn describe_split(nouns: &HeapNouns, heap: usize, from: u64, to: &[u64]) -> Option<String> {
    if to.len() < 2 {
        return None;
    }
    let left: u64 = to.iter().sum();
    let taken = from.saturating_sub(left);
    let parts = match to {
        [a, b] => format!("{a} and {b}"),
        _ => {
            let (last, rest) = to.split_last()?;
            format!("{} and {last}", rest.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))
        }
    };
    let sum = to.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
    Some(format!("{} ({from} -> {sum})", nouns.split_words(taken, heap, &parts)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_write_back() {
        for s in ["octal:0.77", "octal:4.07", "octal:0.137", "octal:0.0", "kayles", "officers"] {
            let c: OctalCode = s.parse().unwrap();
            assert_eq!(c.to_string(), s);
        }
        assert_eq!("octal:.16".parse::<OctalCode>().unwrap().code(), "0.16");
    }

    #[test]
    fn bad_codes_are_named() {
        for (s, part) in [
            ("octal:0.8", "'8'"),
            ("octal:", "empty"),
            ("octal:abc", "'a'"),
            ("octal:77", "no point"),
            ("octal:3.1", "0 or 4"),
            ("octal:0.", "no digits"),
            ("octal:0.1.2", "more than one point"),
        ] {
            let e = s.parse::<OctalCode>().unwrap_err().to_string();
            assert!(e.contains(part), "{s}: {e}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn split_words() {
        assert_eq!(
            describe_split(&HeapNouns::HEAPS, 2, 8, &[3, 4]).unwrap(),
            "take 1 from heap 2 and split the rest into 3 and 4 (8 -> 3 + 4)"
        );
        assert_eq!(describe_split(&HeapNouns::HEAPS, 1, 7, &[2, 5]).unwrap(), "split heap 1 into 2 and 5 (7 -> 2 + 5)");
        // Kayles' own words: pins knocked down from rows, no "split the rest".
        assert_eq!(
            describe_split(&HeapNouns::PINS, 2, 8, &[3, 4]).unwrap(),
            "knock down 1 pin from row 2, leaving rows of 3 and 4 (8 -> 3 + 4)"
        );
        assert_eq!(
            describe_split(&HeapNouns::PINS, 1, 9, &[2, 5]).unwrap(),
            "knock down 2 pins from row 1, leaving rows of 2 and 5 (9 -> 2 + 5)"
        );
    }
}
