//! [`Move`]: one move of any game, the one shape that analysis, the exhaustive solver, the
//! computer player and the reader of a person's move all use.
//!
//! Every game here moves by replacing one number of its position by what the move leaves there:
//! a heap by what is left of it (`[0]` when emptied), by two or three heaps when a take-and-break
//! move splits it, and the divisor game's n by n / p^k. How much was taken, and whether the move
//! was legal for the player who made it (K-L-Nim's forbidden sizes), follow from the position;
//! the convention (normal or misère) only decides who wins. So one struct fits every game: no
//! variant would hold anything the others do not.
//!
//! A few games change several numbers in one move (both heaps of Wythoff's game, two steps of
//! staircase Nim, up to K heaps of Moore's Nim, a sheet of paper cut in two): their moves replace
//! a run of `width` consecutive numbers, from the first changed to the last, by what the move
//! leaves there. Every other game's moves have width 1.
//!
//! Inside the library the heap is a 0-based index. It is 1-based only where a person reads it:
//! [`Move`]'s `Display` and `FromStr` (`3 -> 1` is the third heap), and its JSON (`"heap": 3`).

use std::fmt;
use std::str::FromStr;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

pub use crate::error::IllegalMove;
use crate::number::parse_u64;

/// One move: which heap is moved in (0-based; the divisor game's n is heap 0) and the heaps it
/// leaves in that heap's place; for the games whose moves change several numbers at once, the
/// run of `width` numbers from `heap` that the move replaces.
///
/// `Display` writes the move as a person types it in `grundy play`, `HEAP -> LEFT...` with the
/// heap numbered from 1, and `FromStr` reads that form back (without a position, so without
/// checking that the move is legal: see [`crate::play::parse_move`] for the other forms and the
/// check). The JSON form is `{"heap": HEAP, "to": [LEFT...]}`, the heap numbered from 1 too.
///
/// ```
/// use grundy::Move;
/// // Heap 3 as a person numbers it is index 2; taking 11 from a heap of 12 leaves 1.
/// let take = Move::new(2, vec![1]);
/// assert_eq!(take.to_string(), "3 -> 1");
/// assert_eq!("3 -> 1".parse::<Move>().unwrap(), take);
/// // A take-and-break move that splits the first heap into heaps of 3 and 4.
/// let split: Move = " 1 -> 3 4 ".parse().unwrap();
/// assert_eq!(split, Move::new(0, vec![3, 4]));
/// assert_eq!(serde_json::to_string(&split).unwrap(), r#"{"heap":1,"to":[3,4]}"#);
/// // There is no heap 0 for a person.
/// assert!("0 -> 1".parse::<Move>().unwrap_err().to_string().contains("no heap 0"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The 0-based index of the heap moved in (0 for the divisor game's n).
    pub heap: usize,
    /// The heaps the move leaves in its place: `[0]` when emptied, two or three heaps for a split,
    /// `[n / p^k]` for the divisor game; for a move of width w, the numbers that replace the
    /// run of w numbers from `heap`.
    pub to: Vec<u64>,
    /// How many numbers from `heap` the move replaces by `to`: 1 in every game whose move changes
    /// one number (a heap, one of Euclid's numbers, a chip), more where one move changes several
    /// (Wythoff's game takes from both heaps: width 2). Written `HEAP..LAST -> LEFT...` when it is
    /// not 1, and in JSON as `"width"` only then.
    pub width: usize,
}

impl Move {
    /// The move that replaces heap `heap` (0-based) by the heaps `to`.
    pub fn new(heap: usize, to: Vec<u64>) -> Self {
        Move { heap, to, width: 1 }
    }

    /// The move that turns the numbers `before` into `after`: the run from the first number that
    /// differs to the last, replaced. `None` when nothing changes.
    ///
    /// ```
    /// use grundy::Move;
    /// // Wythoff's game: 3 taken from both heaps of (5, 8).
    /// let m = Move::between(&[5, 8], &[2, 5]).unwrap();
    /// assert_eq!((m.heap, m.width, m.to.clone()), (0, 2, vec![2, 5]));
    /// assert_eq!(m.to_string(), "1..2 -> 2 5");
    /// assert_eq!(m.apply(&[5, 8]), vec![2, 5]);
    /// assert_eq!(Move::between(&[4, 7, 9], &[4, 6, 9]).unwrap(), Move::new(1, vec![6]));
    /// assert!(Move::between(&[1, 2], &[1, 2]).is_none());
    /// ```
    pub fn between(before: &[u64], after: &[u64]) -> Option<Move> {
        let (heap, width, to) = crate::rules::board::machinery::notation::changed_run(before, after)?;
        Some(Move { heap, to, width })
    }

    /// The numbers after this move: the run of `width` numbers from `heap` replaced by `to`
    /// (a run past the end is cut at the end).
    pub fn apply(&self, numbers: &[u64]) -> Vec<u64> {
        let start = self.heap.min(numbers.len());
        let end = self.heap.saturating_add(self.width).min(numbers.len());
        let mut out = numbers.get(..start).unwrap_or_default().to_vec();
        out.extend_from_slice(&self.to);
        out.extend_from_slice(numbers.get(end..).unwrap_or_default());
        out
    }

    /// The heap's number as a person reads it (1-based). Wide enough for every index.
    fn number(&self) -> u128 {
        self.heap as u128 + 1
    }

    /// Reads `HEAP -> LEFT...` split at the arrow into `heap` and `left`; `heaps`, when known,
    /// is the number of heaps, so that a heap past them is refused with the range.
    pub(crate) fn read_arrow(heap_text: &str, left: &str, heaps: Option<usize>) -> Result<Move, IllegalMove> {
        // `none`: the numbers are removed (what `Display` writes for such a move).
        let none = left.trim() == "none";
        let to = left
            .split_whitespace()
            .filter(|_| !none)
            .map(|s| parse_u64(s, "the heap left").map_err(IllegalMove::new))
            .collect::<Result<Vec<u64>, _>>()?;
        if to.is_empty() && !none {
            return Err(IllegalMove::new("say what is left after '->' (e.g. '2 -> 5')"));
        }
        // `FIRST..LAST -> ...` replaces the numbers FIRST to LAST.
        if let Some((first, last)) = heap_text.split_once("..") {
            let first = heap_index(first, heaps)?;
            let last = heap_index(last, heaps)?;
            if last < first {
                return Err(IllegalMove::new(format!(
                    "'{}' runs backwards: write the first number before the last (e.g. '1..2 -> 3 4')",
                    heap_text.trim()
                )));
            }
            return Ok(Move { heap: first, to, width: last - first + 1 });
        }
        let heap = heap_index(heap_text, heaps)?;
        Ok(Move { heap, to, width: 1 })
    }
}

/// Reads a heap number as a person writes it (from 1) and returns its 0-based index; with the
/// number of heaps known, a number past them is refused too.
pub(crate) fn heap_index(text: &str, heaps: Option<usize>) -> Result<usize, IllegalMove> {
    let h = parse_u64(text, "the heap number").map_err(IllegalMove::new)?;
    let index = h.checked_sub(1).and_then(|i| usize::try_from(i).ok());
    match (index, heaps) {
        (Some(i), Some(count)) if i < count => Ok(i),
        (_, Some(count)) => {
            Err(IllegalMove::new(format!("there is no heap {h} (the heaps are numbered 1 to {count})")))
        }
        (Some(i), None) => Ok(i),
        (None, None) => Err(IllegalMove::new(format!("there is no heap {h} (the heaps are numbered from 1)"))),
    }
}

impl fmt::Display for Move {
    /// `HEAP -> LEFT...`, the heap numbered from 1: `3 -> 1`, `2 -> 3 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::rules::board::machinery::notation::arrow_text(self.heap, self.width, &self.to))
    }
}

impl FromStr for Move {
    type Err = IllegalMove;

    /// Reads what `Display` writes: `HEAP -> LEFT...`, the heap numbered from 1, spaces free
    /// around the arrow.
    fn from_str(s: &str) -> Result<Self, IllegalMove> {
        let t = s.trim();
        match t.split_once("->") {
            Some((heap, left)) => Move::read_arrow(heap, left, None),
            None => Err(IllegalMove::new(format!(
                "'{t}' is not a move: write HEAP -> LEFT, the heap numbered from 1 (e.g. '2 -> 5')"
            ))),
        }
    }
}

impl Serialize for Move {
    /// `{"heap": HEAP, "to": [LEFT...]}` with the heap numbered from 1, the fields that
    /// `grundy analyze --json` and the web API have always written.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let wide = self.width != 1;
        let mut s = serializer.serialize_struct("Move", 2 + usize::from(wide))?;
        s.serialize_field("heap", &self.number())?;
        s.serialize_field("to", &self.to)?;
        if wide {
            s.serialize_field("width", &self.width)?;
        }
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_move() -> impl Strategy<Value = Move> {
        // Every index a person can name (usize::MAX would be heap 2^64, past what they type)
        // and one to three heaps left, as the games' moves leave.
        (0..usize::MAX, prop::collection::vec(any::<u64>(), 1..4)).prop_map(|(heap, to)| Move::new(heap, to))
    }

    fn any_wide_move() -> impl Strategy<Value = Move> {
        (0..usize::MAX / 2, 1..5usize, prop::collection::vec(any::<u64>(), 1..5)).prop_map(|(heap, width, to)| Move {
            heap,
            to,
            width,
        })
    }

    proptest! {
        #[test]
        fn wide_moves_round_trip(m in any_wide_move()) {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m.clone()), "{}", m);
        }

        /// `between` finds the move from any list of numbers to any other, and `apply` makes it.
        #[test]
        fn between_and_apply_agree(a in prop::collection::vec(0..4u64, 0..6), b in prop::collection::vec(0..4u64, 0..6)) {
            match Move::between(&a, &b) {
                Some(m) => prop_assert_eq!(m.apply(&a), b),
                None => prop_assert_eq!(a, b),
            }
        }

        #[test]
        fn display_and_from_str_round_trip(m in any_move()) {
            let text = m.to_string();
            prop_assert_eq!(text.parse::<Move>(), Ok(m.clone()), "{}", text);
            // The heap is shown from 1, and the JSON agrees with the text.
            let shown: u128 = text.split(" ->").next().unwrap().parse().unwrap();
            prop_assert_eq!(shown, m.heap as u128 + 1);
            let json = serde_json::to_value(&m).unwrap();
            prop_assert_eq!(json, serde_json::json!({"heap": m.heap as u128 + 1, "to": m.to}));
        }

        /// Text that is not exactly a move is refused with one line, never a panic.
        #[test]
        fn any_text_reads_or_is_refused_in_one_line(s in "\\PC*") {
            match s.parse::<Move>() {
                Ok(m) => prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m)),
                Err(e) => prop_assert!(!e.to_string().contains('\n')),
            }
        }
    }

    #[test]
    fn heaps_are_numbered_from_one_where_people_read_them() {
        let m = Move::new(0, vec![0]);
        assert_eq!(m.to_string(), "1 -> 0");
        assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"heap":1,"to":[0]}"#);
        assert_eq!("1->0".parse::<Move>(), Ok(m));
        assert_eq!("12 -> 5 6 7".parse::<Move>(), Ok(Move::new(11, vec![5, 6, 7])));
        assert_eq!(
            "18446744073709551615 -> 1".parse::<Move>().map(|m| m.heap as u64),
            Ok(u64::MAX - 1),
            "the largest heap number a person can type"
        );
        let err = |t: &str| t.parse::<Move>().unwrap_err().to_string();
        assert_eq!(err("0 -> 1"), "there is no heap 0 (the heaps are numbered from 1)");
        assert_eq!(err("3 ->"), "say what is left after '->' (e.g. '2 -> 5')");
        assert_eq!(err("x -> 1"), "the heap number 'x ' is not a number");
        assert_eq!(err("1 -> -2"), "the heap left '-2' is negative");
        assert!(err("3 11").starts_with("'3 11' is not a move"));
        // With the number of heaps known, the range is named.
        assert_eq!(
            Move::read_arrow("5", "1", Some(4)).unwrap_err().to_string(),
            "there is no heap 5 (the heaps are numbered 1 to 4)"
        );
        assert_eq!(
            Move::read_arrow("0", "1", Some(4)).unwrap_err().to_string(),
            "there is no heap 0 (the heaps are numbered 1 to 4)"
        );
    }
}
