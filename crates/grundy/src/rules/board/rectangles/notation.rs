//! Positions that are rectangles of squares, each written `AxB` (Cutcake's cakes, the cutting
//! game's sheets of squared paper): one notation read and written in one place, as
//! [`GridNotation`](crate::rules::board::grid::GridNotation) is for boards of cells.
//!
//! As numbers, each rectangle is its two sides in the order written, one rectangle after
//! another.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::number::parse_u64;

/// One rectangle: its two sides, in the order written.
pub type Rectangle = (u64, u64);

/// How a game of rectangles writes its positions ([`Words::with_rectangles`]): the defaults of
/// [`Notation::parse`] and [`Notation::tokens`] read and write them through it.
///
/// [`Words::with_rectangles`]: crate::rules::board::Words::with_rectangles
/// [`Notation::parse`]: crate::rules::board::Notation::parse
/// [`Notation::tokens`]: crate::rules::board::Notation::tokens
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rectangles {
    /// What one rectangle is called: "cake", "sheet".
    pub noun: &'static str,
    /// How a rectangle is written, in letters: "RxC", "WxH".
    pub letters: &'static str,
    /// What the two sides are, in the order written: "rows" and "columns", "width" and
    /// "height".
    pub sides: [&'static str; 2],
    /// A rectangle as typed, for the errors.
    pub example: &'static str,
    /// The longest side allowed.
    pub max_side: u64,
    /// The most squares allowed in all the rectangles together (`None`: no limit but the
    /// numbers').
    pub max_squares: Option<u64>,
}

impl Rectangles {
    /// Reads one rectangle `token`, named `what` in errors ("cake 2", "the first piece").
    pub fn read(&self, token: &str, what: &str) -> Result<Rectangle, String> {
        let [one, other] = self.sides;
        let Some((a, b)) = token.split_once('x') else {
            return Err(format!("{what}: '{token}' is not {} ({one} x {other}, e.g. {})", self.letters, self.example));
        };
        let rectangle = (parse_u64(a, &format!("{what}: the {one}"))?, parse_u64(b, &format!("{what}: the {other}"))?);
        if rectangle.0 == 0 || rectangle.1 == 0 || rectangle.0.max(rectangle.1) > self.max_side {
            let allowed = match self.max_side {
                u64::MAX => "at least 1".to_string(),
                most => format!("1 to {most}"),
            };
            return Err(format!("{what} ({token}): a side is {allowed}"));
        }
        Ok(rectangle)
    }

    /// Reads a position, one token a rectangle, or `0` alone for none left (Eatcake's last
    /// cake eaten, written so that it reads back); the error names the bad token.
    pub fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let noun = self.noun;
        if tokens == ["0"] {
            return Ok(vec![]);
        }
        if tokens.is_empty() {
            return Err(format!(
                "the position is empty: give at least one {noun} {} (e.g. {})",
                self.letters, self.example
            ));
        }
        if let Some(most) = self.max_squares.filter(|&most| tokens.len() as u64 > most) {
            return Err(format!("{} {noun}s; at most {most} squares are allowed in all", tokens.len()));
        }
        let mut all = Vec::with_capacity(tokens.len());
        let mut squares = 0u128;
        for (i, t) in tokens.iter().enumerate() {
            let rectangle = self.read(t, &format!("{noun} {}", i + 1))?;
            squares = squares.saturating_add(u128::from(rectangle.0) * u128::from(rectangle.1));
            if let Some(most) = self.max_squares.filter(|&most| squares > u128::from(most)) {
                return Err(format!(
                    "{noun}s 1 to {} have {squares} squares; at most {most} are allowed in all",
                    i + 1
                ));
            }
            all.push(rectangle);
        }
        Ok(numbers_of(&all))
    }
}

/// A cake game's move as typed, `v K` or `h K in C` (Left's vertical or Right's horizontal
/// strip K of cake C, the first when none is named), read against the cakes `all`: the mover
/// (0 for `v`), the strip's token, and the cake's index or why there is no such cake. `None`
/// when the text is not of that shape. Cutcake and Eatcake read their moves so.
pub fn read_cake_move<'t>(all: &[Rectangle], text: &'t str) -> Option<(usize, &'t str, Result<usize, String>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (way, k, cake) = match words[..] {
        [w, k] => (w, k, None),
        [w, k, "in", c] => (w, k, Some(c)),
        _ => return None,
    };
    let mover = match way {
        "v" => 0,
        "h" => 1,
        _ => return None,
    };
    let index = match cake {
        Some(c) => parse_u64(c, "the cake").and_then(|c| {
            usize::try_from(c)
                .ok()
                .and_then(|c| c.checked_sub(1))
                .filter(|&i| i < all.len())
                .ok_or_else(|| format!("there is no cake {c} (the cakes are 1 to {})", all.len()))
        }),
        None => Ok(0),
    };
    Some((mover, k, index))
}

/// The rectangles held in `numbers` (a number left over is dropped; parsing never leaves one).
pub fn rectangles(numbers: &[u64]) -> Vec<Rectangle> {
    numbers.chunks_exact(2).filter_map(|p| Some((*p.first()?, *p.get(1)?))).collect()
}

/// The numbers of `rectangles`.
pub fn numbers_of(rectangles: &[Rectangle]) -> Vec<u64> {
    rectangles.iter().flat_map(|&(a, b)| [a, b]).collect()
}

/// A rectangle as typed: `AxB`.
pub fn written(&(a, b): &Rectangle) -> String {
    format!("{a}x{b}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAKES: Rectangles = Rectangles {
        noun: "cake",
        letters: "RxC",
        sides: ["rows", "columns"],
        example: "2x3",
        max_side: 10,
        max_squares: Some(120),
    };

    #[test]
    fn reads_and_names_each_bad_part() {
        assert_eq!(CAKES.parse(&["2x3", "1x10"]), Ok(vec![2, 3, 1, 10]));
        assert_eq!(CAKES.parse(&[]).unwrap_err(), "the position is empty: give at least one cake RxC (e.g. 2x3)");
        assert_eq!(CAKES.parse(&["2x3", "2*3"]).unwrap_err(), "cake 2: '2*3' is not RxC (rows x columns, e.g. 2x3)");
        assert_eq!(CAKES.parse(&["ax3"]).unwrap_err(), "cake 1: the rows 'a' is not a number");
        assert_eq!(CAKES.parse(&["3x"]).unwrap_err(), "cake 1: the columns is empty");
        assert_eq!(CAKES.parse(&["0x3"]).unwrap_err(), "cake 1 (0x3): a side is 1 to 10");
        assert_eq!(CAKES.parse(&["3x11"]).unwrap_err(), "cake 1 (3x11): a side is 1 to 10");
        assert_eq!(CAKES.parse(&["10x10", "2x10"]), Ok(vec![10, 10, 2, 10]));
        assert_eq!(
            CAKES.parse(&["10x10", "3x10"]).unwrap_err(),
            "cakes 1 to 2 have 130 squares; at most 120 are allowed in all"
        );
    }

    #[test]
    fn no_limit_reads_every_side_to_the_largest_number() {
        let sheets = Rectangles { max_side: u64::MAX, max_squares: None, ..CAKES };
        let max = u64::MAX.to_string();
        let token = format!("{max}x{max}");
        assert_eq!(sheets.parse(&[&token, &token]), Ok(vec![u64::MAX; 4]));
        assert_eq!(sheets.parse(&["0x1"]).unwrap_err(), "cake 1 (0x1): a side is at least 1");
        assert_eq!(
            rectangles(&sheets.parse(&["2x3", &token]).unwrap()).iter().map(written).collect::<Vec<_>>(),
            ["2x3", token.as_str()]
        );
    }
}
