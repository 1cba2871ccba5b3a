//! Hexadecimal codes: take-and-break games whose moves may also split a heap into three.
//!
//! A code `d0.d1d2d3...` reads like an octal code, with one more bit in each digit: digit dt is
//! a sum of 1 (take all t of a heap of exactly t), 2 (take t and leave one non-empty heap),
//! 4 (take t and split what is left into two non-empty heaps) and 8 (take t and split what is
//! left into three non-empty heaps). The digit before the point is about taking nothing, so it
//! may only be 0, 4, 8 or c (split a heap in two or three without taking).
//!
//! A code whose digits are all octal digits is the octal game of the same digits: the engines
//! give it the same values.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

use crate::error::ParseGameError;
use crate::rules::take_break::octal::{SplitRules, HEX};

/// A hexadecimal code such as `hex:0.8` (take one object and split what is left into three
/// heaps), validated: hexadecimal digits only, the digit before the point 0, 4, 8 or c, at most
/// [`crate::MAX_OCTAL_DIGITS`] after it, trailing zeros dropped. Written back in lower case.
///
/// ```
/// use grundy::frontend::HexCode;
/// let h: HexCode = "hex:0.F7".parse().unwrap();
/// assert_eq!(h.digits(), &[0, 15, 7]);
/// assert_eq!(h.to_string(), "hex:0.f7");
/// assert_eq!(h.rules().split3, vec![1]);
/// assert!("hex:0.g".parse::<HexCode>().unwrap_err().to_string().contains("'g'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCode {
    digits: Vec<u8>,
}

impl HexCode {
    /// The digits: `digits()[t]` is the digit for taking t objects (index 0 is the digit
    /// before the point). Never empty; no trailing zero after the point.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The code alone, e.g. `0.f7`.
    pub fn code(&self) -> String {
        HEX.write(&self.digits)
    }

    /// The rules in the form the engines use.
    pub fn rules(&self) -> SplitRules {
        SplitRules::from_digits(&self.digits)
    }
}

impl fmt::Display for HexCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hex:{}", self.code())
    }
}

impl FromStr for HexCode {
    type Err = ParseGameError;
    /// Reads `hex:CODE` or a bare code.
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        Ok(HexCode { digits: HEX.read(s.strip_prefix("hex:").unwrap_or(s))? })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_write_back() {
        for s in ["hex:0.8", "hex:4.07", "hex:c.f", "hex:0.0", "hex:0.1234567890abcdef"] {
            let c: HexCode = s.parse().unwrap();
            assert_eq!(c.to_string(), s);
        }
        assert_eq!("hex:.F0".parse::<HexCode>().unwrap().code(), "0.f");
    }

    #[test]
    fn bad_codes_are_named() {
        for (s, part) in [
            ("hex:0.g", "'g'"),
            ("hex:", "empty"),
            ("hex:0.-1", "'-'"),
            ("hex:77", "no point"),
            ("hex:1.1", "0, 4, 8 or c"),
            ("hex:0.", "no digits"),
            ("hex:0.1.2", "more than one point"),
        ] {
            let e = s.parse::<HexCode>().unwrap_err().to_string();
            assert!(e.contains(part), "{s}: {e}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn digits_say_how_many_heaps_are_left() {
        let r = "hex:8.f1".parse::<HexCode>().unwrap().rules();
        assert_eq!((r.take_all, r.take, r.split, r.split3), (vec![1, 2], vec![1], vec![1], vec![0, 1]));
    }
}
