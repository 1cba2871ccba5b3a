//! Positions that are strips of cells, one letter a cell (Toads and Frogs' `TT..FF`, Toppling
//! Dominoes' rows `bbrg`): one notation read and written in one place, as
//! [`GridNotation`](crate::rules::board::grid::GridNotation) is for boards of cells.
//!
//! As numbers, a game of one strip is its cells' numbers; a game of several strips gives each
//! its length, then its cells' numbers.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::rules::text::words_or;

/// How a game of strips writes its positions ([`Words::with_strips`]): the defaults of
/// [`Notation::parse`] and [`Notation::tokens`] read and write them through it.
///
/// [`Words::with_strips`]: crate::rules::board::Words::with_strips
/// [`Notation::parse`]: crate::rules::board::Notation::parse
/// [`Notation::tokens`]: crate::rules::board::Notation::tokens
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strips {
    /// The letter of each kind of cell and what it is, by the cell's number less
    /// [`Strips::first`]; read in either case.
    pub letters: &'static [(char, &'static str)],
    /// The number of the first letter's cells.
    pub first: u64,
    /// What a strip is called: "strip", "row".
    pub strip: &'static str,
    /// What a cell is called, one and several: "cell" and "cells", "domino" and "dominoes".
    pub cell: [&'static str; 2],
    /// A strip as typed, for the error of an empty position.
    pub example: &'static str,
    /// The most cells of a strip.
    pub max_cells: usize,
    /// How many strips a position has: [`Count::One`], or several.
    pub count: Count,
}

/// How many strips a position of a game of [`Strips`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly one; the two positions name a sum of strips in the error of several tokens.
    One {
        /// Two small strips, named (as a sum) in the error of a position of several tokens.
        sum: [&'static str; 2],
    },
    /// One to `most`, each with its length first in the numbers; `empty` is the token of a
    /// strip without cells.
    Several {
        /// The most strips of a position.
        most: usize,
        /// How a strip without cells is written.
        empty: &'static str,
    },
}

impl Strips {
    /// Reads a position of the game spelt `spelling`, one token a strip; the error names the
    /// bad token and cell.
    pub fn parse(&self, spelling: &str, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let strip = self.strip;
        match (self.count, tokens) {
            (Count::One { .. }, []) => Err(format!("the position is empty: give the {strip}, e.g. {}", self.example)),
            (Count::Several { .. }, []) => {
                Err(format!("the position is empty: give at least one {strip}, e.g. {}", self.example))
            }
            (Count::One { .. }, [one]) => self.cells(one, &format!("the {strip}"), ""),
            (Count::One { sum: [a, b] }, _) => Err(format!(
                "a position is one {strip}, not {} tokens (a sum of {strip}s: sum {spelling}={a} {spelling}={b})",
                tokens.len()
            )),
            (Count::Several { most, .. }, _) if tokens.len() > most => {
                Err(format!("{} {strip}s; at most {most} are allowed", tokens.len()))
            }
            (Count::Several { empty, .. }, _) => {
                let mut all = Vec::with_capacity(tokens.len());
                for (i, t) in tokens.iter().enumerate() {
                    all.push(if *t == empty {
                        vec![]
                    } else {
                        let name = format!("{strip} {}", i + 1);
                        self.cells(t, &name, &format!("{name}, "))?
                    });
                }
                Ok(self.numbers(&all))
            }
        }
    }

    /// The cells of strip `token`, called `name` (in the error of a long strip) and `at` before
    /// each cell's name (in the error of a bad letter).
    fn cells(&self, token: &str, name: &str, at: &str) -> Result<Vec<u64>, String> {
        let len = token.chars().count();
        if len > self.max_cells {
            return Err(format!("{name} has {len} {}; at most {} are allowed", self.cell[1], self.max_cells));
        }
        token
            .chars()
            .enumerate()
            .map(|(k, ch)| {
                // `tt..ff` is `TT..FF`: no letter means anything else in another case.
                let kind = self.letters.iter().position(|(a, _)| a.eq_ignore_ascii_case(&ch));
                kind.map(|kind| self.first + kind as u64)
                    .ok_or_else(|| format!("{at}{} {}: '{ch}' is not {}", self.cell[0], k + 1, self.listed()))
            })
            .collect()
    }

    /// The letters with what each is: `'b' (blue), 'r' (red) or 'g' (green)`.
    fn listed(&self) -> String {
        let each: Vec<String> = self.letters.iter().map(|(c, what)| format!("'{c}' ({what})")).collect();
        words_or(&each)
    }

    /// The strips held in `numbers`, each its cells' numbers.
    pub fn strips<'a>(&self, numbers: &'a [u64]) -> Vec<&'a [u64]> {
        match self.count {
            Count::One { .. } => vec![numbers],
            Count::Several { .. } => {
                let mut out = vec![];
                let mut rest = numbers;
                while let Some((&len, tail)) = rest.split_first() {
                    let (strip, next) = tail.split_at(usize::try_from(len).unwrap_or(usize::MAX).min(tail.len()));
                    out.push(strip);
                    rest = next;
                }
                out
            }
        }
    }

    /// The numbers of the position whose strips hold the cells `strips` (the inverse of
    /// [`Strips::strips`]): the one strip's cells, or each strip's length then its cells.
    pub fn numbers(&self, strips: &[Vec<u64>]) -> Vec<u64> {
        match self.count {
            Count::One { .. } => strips.concat(),
            Count::Several { .. } => {
                strips.iter().flat_map(|s| std::iter::once(s.len() as u64).chain(s.iter().copied())).collect()
            }
        }
    }

    /// The position held in `numbers`, written as it is typed: one token a strip.
    pub fn write(&self, numbers: &[u64]) -> Vec<String> {
        let letter = |&c: &u64| {
            let kind = c.checked_sub(self.first).and_then(|k| usize::try_from(k).ok());
            kind.and_then(|k| self.letters.get(k)).map_or('?', |(a, _)| *a)
        };
        self.strips(numbers)
            .into_iter()
            .map(|strip| match self.count {
                Count::Several { empty, .. } if strip.is_empty() => empty.to_string(),
                _ => strip.iter().map(letter).collect(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: Strips = Strips {
        letters: &[('b', "blue"), ('r', "red")],
        first: 1,
        strip: "row",
        cell: ["domino", "dominoes"],
        example: "bbr",
        max_cells: 4,
        count: Count::Several { most: 3, empty: "-" },
    };
    const ONE: Strips = Strips {
        letters: &[('.', "empty"), ('T', "a toad"), ('F', "a frog")],
        first: 0,
        strip: "strip",
        cell: ["cell", "cells"],
        example: "T.F",
        max_cells: 4,
        count: Count::One { sum: ["T.F", "TF"] },
    };

    #[test]
    fn rows_are_read_written_and_each_bad_part_named() {
        let numbers = ROWS.parse("g", &["bR", "-", "r"]).unwrap();
        assert_eq!(numbers, [2, 1, 2, 0, 1, 2]);
        assert_eq!(ROWS.strips(&numbers), [&[1, 2][..], &[], &[2]]);
        assert_eq!(ROWS.numbers(&[vec![1, 2], vec![], vec![2]]), numbers);
        assert_eq!(ROWS.write(&numbers), ["br", "-", "r"]);
        assert_eq!(ROWS.parse("g", &[]).unwrap_err(), "the position is empty: give at least one row, e.g. bbr");
        assert_eq!(ROWS.parse("g", &["b"; 4]).unwrap_err(), "4 rows; at most 3 are allowed");
        assert_eq!(ROWS.parse("g", &["b", "bbbbb"]).unwrap_err(), "row 2 has 5 dominoes; at most 4 are allowed");
        assert_eq!(ROWS.parse("g", &["b", "bx"]).unwrap_err(), "row 2, domino 2: 'x' is not 'b' (blue) or 'r' (red)");
    }

    #[test]
    fn one_strip_is_its_cells() {
        assert_eq!(ONE.parse("tf", &["tT.f"]), Ok(vec![1, 1, 0, 2]));
        assert_eq!(ONE.write(&[1, 1, 0, 2]), ["TT.F"]);
        assert_eq!(ONE.numbers(&[vec![1, 1, 0, 2]]), [1, 1, 0, 2]);
        assert_eq!(
            ONE.parse("tf", &["T.F", "F"]).unwrap_err(),
            "a position is one strip, not 2 tokens (a sum of strips: sum tf=T.F tf=TF)"
        );
        assert_eq!(ONE.parse("tf", &["T.FFF"]).unwrap_err(), "the strip has 5 cells; at most 4 are allowed");
        assert_eq!(
            ONE.parse("tf", &["T.Q"]).unwrap_err(),
            "cell 3: 'Q' is not '.' (empty), 'T' (a toad) or 'F' (a frog)"
        );
    }
}
