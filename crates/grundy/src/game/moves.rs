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
//! Inside the library the heap is a 0-based index. It is 1-based only where a person reads it:
//! [`Move`]'s `Display` and `FromStr` (`3 -> 1` is the third heap), and its JSON (`"heap": 3`).

use std::fmt;
use std::str::FromStr;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::number::parse_u64;

/// One move: which heap is moved in (0-based; the divisor game's n is heap 0) and the heaps it
/// leaves in that heap's place.
///
/// `Display` writes the move as a person types it in `grundy play`, `HEAP -> LEFT...` with the
/// heap numbered from 1, and `FromStr` reads that form back (without a position, so without
/// checking that the move is legal: see [`crate::play::parse_move`] for the other forms and the
/// check). The JSON form is `{"heap": HEAP, "to": [LEFT...]}`, the heap numbered from 1 too.
///
/// ```
/// use grundy::Move;
/// // Heap 3 as a person numbers it is index 2; taking 11 from a heap of 12 leaves 1.
/// let take = Move { heap: 2, to: vec![1] };
/// assert_eq!(take.to_string(), "3 -> 1");
/// assert_eq!("3 -> 1".parse::<Move>().unwrap(), take);
/// // A take-and-break move that splits the first heap into heaps of 3 and 4.
/// let split: Move = " 1 -> 3 4 ".parse().unwrap();
/// assert_eq!(split, Move { heap: 0, to: vec![3, 4] });
/// assert_eq!(serde_json::to_string(&split).unwrap(), r#"{"heap":1,"to":[3,4]}"#);
/// // There is no heap 0 for a person.
/// assert!("0 -> 1".parse::<Move>().unwrap_err().to_string().contains("no heap 0"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The 0-based index of the heap moved in (0 for the divisor game's n).
    pub heap: usize,
    /// The heaps the move leaves in its place: `[0]` when emptied, two or three heaps for a split,
    /// `[n / p^k]` for the divisor game. Never empty in a move of the games.
    pub to: Vec<u64>,
}

impl Move {
    /// The move that replaces heap `heap` (0-based) by the heaps `to`.
    pub fn new(heap: usize, to: Vec<u64>) -> Self {
        Move { heap, to }
    }

    /// The heap's number as a person reads it (1-based). Wide enough for every index.
    fn number(&self) -> u128 {
        self.heap as u128 + 1
    }

    /// Reads `HEAP -> LEFT...` split at the arrow into `heap` and `left`; `heaps`, when known,
    /// is the number of heaps, so that a heap past them is refused with the range.
    pub(crate) fn read_arrow(heap: &str, left: &str, heaps: Option<usize>) -> Result<Move, IllegalMove> {
        let heap = heap_index(heap, heaps)?;
        let to = left
            .split_whitespace()
            .map(|s| parse_u64(s, "the heap left").map_err(IllegalMove::new))
            .collect::<Result<Vec<u64>, _>>()?;
        if to.is_empty() {
            return Err(IllegalMove::new("say what is left after '->' (e.g. '2 -> 5')"));
        }
        Ok(Move { heap, to })
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
        write!(f, "{} ->", self.number())?;
        for h in &self.to {
            write!(f, " {h}")?;
        }
        Ok(())
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
        let mut s = serializer.serialize_struct("Move", 2)?;
        s.serialize_field("heap", &self.number())?;
        s.serialize_field("to", &self.to)?;
        s.end()
    }
}

/// A move that cannot be played, or text that is not a move: the message says why, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    message: String,
}

impl IllegalMove {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        IllegalMove { message: message.into() }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_move() -> impl Strategy<Value = Move> {
        // Every index a person can name (usize::MAX would be heap 2^64, past what they type)
        // and one to three heaps left, as the games' moves leave.
        (0..usize::MAX, prop::collection::vec(any::<u64>(), 1..4)).prop_map(|(heap, to)| Move { heap, to })
    }

    proptest! {
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
