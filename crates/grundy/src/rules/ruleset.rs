//! Heap rulesets: the rule that says how a single heap may change in one move.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

use crate::error::ParseGameError;
use crate::number::parse_u64;
use crate::rules::catalogue;
pub use crate::rules::move_set::MoveSet;
use crate::rules::take_break::hex::HexCode;
use crate::rules::take_break::octal::{describe_split, OctalCode, SplitRules};

/// The rule for one heap: which heaps a heap of size n may become in one move.
///
/// Every ruleset here is impartial: both players have the same moves. A position is a sum of
/// heaps, each with its own ruleset (see [`crate::Component`]).
///
/// `Display` and `FromStr` round-trip:
/// ```
/// use grundy::Ruleset;
/// for s in ["nim", "bounded:3", "bash:4", "subtraction:1,3,5,7", "subtraction:1,4..9,20", "allbut:3", "octal:0.16", "hex:0.8", "kayles", "grundys-game"] {
///     let r: Ruleset = s.parse().unwrap();
///     assert_eq!(r.to_string(), s);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Ruleset {
    /// Take any positive number of objects.
    Nim,
    /// Take 1..=K objects (K-Nim).
    Bounded(u64),
    /// Take 1..=M objects: the Bash game (the same moves as `Bounded(M)`).
    Bash(u64),
    /// Take exactly s objects for some s in the set (a list of sizes and ranges `L..R`).
    Subtraction(MoveSet),
    /// Take any positive number of objects except the sizes in the set.
    AllBut(MoveSet),
    /// A take-and-break game given by its octal code (`octal:0.77`, or a classic name such as
    /// `kayles`): moves may split a heap in two.
    Octal(OctalCode),
    /// A take-and-break game given by a hexadecimal code (`hex:0.8`): moves may also split a
    /// heap into three.
    Hex(HexCode),
    /// Grundy's game (`grundys-game`): split one heap into two unequal non-empty heaps.
    GrundysGame,
}

impl Ruleset {
    /// Calls `f` once for every option of a heap of size `n`: the heaps that the move leaves in
    /// its place (`[0]` when the heap is emptied). This is the rule's definition, used by the
    /// exhaustive solvers; the fast solvers never walk it for large heaps.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// let mut seen = vec![];
    /// Ruleset::Subtraction("1,3".parse().unwrap()).for_each_option(4, &mut |o| seen.push(o.to_vec()));
    /// assert_eq!(seen, vec![vec![3], vec![1]]);
    /// ```
    pub fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        match self {
            Ruleset::Nim => (0..n).rev().for_each(|m| f(&[m])),
            Ruleset::Bounded(k) | Ruleset::Bash(k) => (1..=n.min(*k)).for_each(|take| f(&[n - take])),
            Ruleset::Subtraction(set) => set.sizes_upto(n).for_each(|s| f(&[n - s])),
            Ruleset::AllBut(set) => (1..=n).filter(|take| !set.contains(*take)).for_each(|take| f(&[n - take])),
            Ruleset::Octal(code) => code.rules().for_each_option(n, f),
            Ruleset::Hex(code) => code.rules().for_each_option(n, f),
            Ruleset::GrundysGame => SplitRules::grundys_game().for_each_option(n, f),
        }
    }

    /// The take-and-break rules of a game whose moves may split a heap (octal codes, Grundy's
    /// game); `None` for the games whose moves leave one heap.
    pub fn split_rules(&self) -> Option<SplitRules> {
        match self {
            Ruleset::Octal(code) => Some(code.rules()),
            Ruleset::Hex(code) => Some(code.rules()),
            Ruleset::GrundysGame => Some(SplitRules::grundys_game()),
            _ => None,
        }
    }

    /// Whether a move may leave more than one heap, so that the number of heaps can grow.
    pub fn splits(&self) -> bool {
        self.split_rules().is_some_and(|r| !r.split.is_empty() || !r.split3.is_empty())
    }

    /// An upper bound on the number of options of a heap of size `n`, known without listing
    /// them: searches refuse a position whose moves alone would exceed their budget.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// assert_eq!(Ruleset::Bounded(3).option_count_bound(10), 3);
    /// assert_eq!(Ruleset::Nim.option_count_bound(u64::MAX), u128::from(u64::MAX));
    /// ```
    pub fn option_count_bound(&self, n: u64) -> u128 {
        match self {
            Ruleset::Nim | Ruleset::AllBut(_) => u128::from(n),
            Ruleset::Bounded(k) | Ruleset::Bash(k) => u128::from(n.min(*k)),
            Ruleset::Subtraction(set) => u128::from(set.count_upto(n)),
            Ruleset::Octal(_) | Ruleset::Hex(_) | Ruleset::GrundysGame => {
                self.split_rules().map_or(0, |r| r.option_count_wide(n))
            }
        }
    }

    /// All options of a heap of size `n` (see [`Ruleset::for_each_option`]).
    pub fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.for_each_option(n, &mut |o| out.push(o.to_vec()));
        out
    }

    /// Describes the move from a heap of size `from` to the heaps `to`, e.g. "take 11 from heap
    /// 3 (12 -> 1)". `heap` is the 1-based heap number shown to people.
    pub fn describe_move(&self, heap: usize, from: u64, to: &[u64]) -> String {
        if let Some(text) = describe_split(heap, from, to) {
            return text;
        }
        let left: u64 = to.iter().sum();
        let taken = from.saturating_sub(left);
        let result = to.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
        format!("take {taken} from heap {heap} ({from} -> {result})")
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruleset::Nim => f.write_str("nim"),
            Ruleset::Bounded(k) => write!(f, "bounded:{k}"),
            Ruleset::Bash(m) => write!(f, "bash:{m}"),
            Ruleset::Subtraction(s) => write!(f, "subtraction:{s}"),
            Ruleset::AllBut(s) => write!(f, "allbut:{s}"),
            Ruleset::Octal(code) => code.fmt(f),
            Ruleset::Hex(code) => code.fmt(f),
            Ruleset::GrundysGame => f.write_str("grundys-game"),
        }
    }
}

/// Parses a positive parameter such as the K of `bounded:K`.
pub(crate) fn parse_positive(token: &str, what: &str) -> Result<u64, ParseGameError> {
    let v = parse_u64(token, what).map_err(ParseGameError::new)?;
    if v == 0 {
        return Err(ParseGameError::new(format!("{what} must be at least 1, not 0")));
    }
    Ok(v)
}

impl FromStr for Ruleset {
    type Err = ParseGameError;
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        fn need<'a>(s: &str, arg: Option<&'a str>, form: &str) -> Result<&'a str, ParseGameError> {
            arg.ok_or_else(|| ParseGameError::new(format!("game '{s}' needs a parameter: {form}")))
        }
        let with_set = |arg: Option<&str>, form: &str| -> Result<MoveSet, ParseGameError> {
            need(s, arg, form)?.parse::<MoveSet>().map_err(|e| ParseGameError::new(format!("game '{s}': {e}")))
        };
        match name {
            "nim" if arg.is_none() => Ok(Ruleset::Nim),
            "bounded" => Ok(Ruleset::Bounded(parse_positive(need(s, arg, "bounded:K")?, "K")?)),
            "bash" => Ok(Ruleset::Bash(parse_positive(need(s, arg, "bash:M")?, "M")?)),
            "subtraction" => Ok(Ruleset::Subtraction(with_set(
                arg,
                "subtraction:S, e.g. subtraction:1,3,5 or subtraction:4..9 (both ends included)",
            )?)),
            "allbut" => Ok(Ruleset::AllBut(with_set(arg, "allbut:S, e.g. allbut:3")?)),
            "octal" => {
                need(s, arg, "octal:CODE, e.g. octal:0.77")?;
                Ok(Ruleset::Octal(s.parse()?))
            }
            "hex" => {
                need(s, arg, "hex:CODE, e.g. hex:0.8")?;
                Ok(Ruleset::Hex(s.parse()?))
            }
            "kayles" | "dawsons-kayles" | "dawsons-chess" | "officers" if arg.is_none() => {
                Ok(Ruleset::Octal(s.parse()?))
            }
            "grundys-game" if arg.is_none() => Ok(Ruleset::GrundysGame),
            "nim" | "kayles" | "dawsons-kayles" | "dawsons-chess" | "officers" | "grundys-game" => {
                Err(ParseGameError::new(format!("game '{name}' takes no parameter: write '{name}', not '{s}'")))
            }
            "kl" | "divisor" | "sum" => Err(ParseGameError::new(format!(
                "'{s}' is a game of its own, not a heap ruleset (heap rulesets: {})",
                catalogue::spellings(true)
            ))),
            _ => Err(ParseGameError::new(format!(
                "unknown heap ruleset '{s}' (heap rulesets: {})",
                catalogue::spellings(true)
            ))),
        }
    }
}
