//! Eatcake (Berlekamp, Conway and Guy, *Winning Ways*; CGSuite's `Eatcake`, also called Bynum's
//! game): cakes scored into unit squares, as in Cutcake, but a move eats a whole strip of one
//! cake: Left (the first player) a column, Right (the second) a row. Eating a strip from the
//! middle leaves two cakes, from the edge one, and eating the last strip of a cake leaves none.
//! A player with nothing to eat loses. The game is partizan, so it is answered from Conway's
//! value ([`crate::rules::board::machinery::value`]): each cake is valued apart.
//!
//! A position is zero or more cakes `RxC` (R rows, C columns), stored as two numbers a cake,
//! the sides the other way round from no player: Left eats along the side Cutcake's Left cuts
//! (CGSuite's `Eatcake` is its `GenCutcake` with the same coordinates as its `Cutcake`). A move
//! is typed `v K` (eat column K of cake 1) or `h K` (row K), with `in C` for cake C.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::number::parse_u64;
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::rectangles::{numbers_of, read_cake_move, rectangles as cakes, Rectangle, Rectangles};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, RulesCore, TextRows, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::{Control, ControlForm, Field, Sketch};

/// Eatcake in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "eatcake",
    name: "Eatcake",
    a_move: "eat a whole strip of one cake (`RxC`: R rows, C columns): Left (the first player) a column, Right (the second) a row; a strip from the middle leaves two cakes",
    example_game: "eatcake",
    example_position: "2x3 1x4",
    heap_ruleset: false,
    move_syntax: "`v K` eats column K of cake 1 (Left); `h K` row K (Right); `v K in C` eats from cake C",
    example_move: "v 2",
}];

/// Reads Eatcake's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "eatcake").then(|| Ok(Board::new(Eatcake)))
}

/// The longest side of a cake: a cake has a strip a move for each row and column.
pub const MAX_SIDE: u64 = 1000;

#[cfg(feature = "draw")]
/// The longest side drawn square by square; a longer one is eaten through a number field.
const DRAWN_SIDE: u64 = 24;

/// How cakes are written: `RxC`, rows by columns.
const CAKES: Rectangles = Rectangles {
    noun: "cake",
    letters: "RxC",
    sides: ["rows", "columns"],
    example: "2x3",
    max_side: MAX_SIDE,
    max_squares: Some(16 * MAX_SIDE * MAX_SIDE),
};

/// Eatcake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Eatcake;

/// The strips player `mover` may eat from `cake`: its columns (Left) or rows (Right).
fn strips((r, c): Rectangle, mover: usize) -> u64 {
    if mover == 0 {
        c
    } else {
        r
    }
}

/// The cakes left of `cake` when player `mover` eats its strip `k` (1-based), none, one or two.
fn left_of((r, c): Rectangle, mover: usize, k: u64) -> Vec<Rectangle> {
    let pieces = if mover == 0 { [(r, k - 1), (r, c - k)] } else { [(k - 1, c), (r - k, c)] };
    pieces.into_iter().filter(|&(a, b)| a > 0 && b > 0).collect()
}

/// The position after player `mover` eats strip `k` of cake `i` of `all`.
fn eaten(all: &[Rectangle], i: usize, mover: usize, k: u64) -> Vec<u64> {
    let mut next = Vec::with_capacity(all.len() + 1);
    for (j, &cake) in all.iter().enumerate() {
        if j == i {
            next.extend(left_of(cake, mover, k));
        } else {
            next.push(cake);
        }
    }
    numbers_of(&next)
}

/// A move as typed: `v 2`, `h 1 in 3` (the cake named when there are several).
fn words(cakes: usize, i: usize, mover: usize, k: u64) -> String {
    let which = if cakes > 1 { format!(" in {}", i + 1) } else { String::new() };
    format!("{} {k}{which}", if mover == 0 { "v" } else { "h" })
}

impl Eatcake {
    /// The move from `numbers` to `after`: (the cake's index, the player, the strip); `Err`
    /// says why there is none.
    fn which(numbers: &[u64], after: &[u64]) -> Result<(usize, usize, u64), String> {
        let all = cakes(numbers);
        for (i, &cake) in all.iter().enumerate() {
            for mover in 0..2 {
                if let Some(k) = (1..=strips(cake, mover)).find(|&k| eaten(&all, i, mover, k) == after) {
                    return Ok((i, mover, k));
                }
            }
        }
        Err("a move eats one whole row or column of one cake, leaving the rest of it as one or two cakes".into())
    }
}

impl RulesCore for Eatcake {
    fn words(&self) -> Words {
        Words::new(
            "eatcake",
            Players::Partizan("Left eats columns, Right rows".into()),
            "Eatcake: cakes scored into squares; a move eats a whole strip of one cake, Left (the first player) a column and Right (the second) a row, leaving the rest as one or two cakes (none when the strip was the last); a player with nothing to eat loses.",
            "Type 'v 2' (Left: eat column 2 of cake 1) or 'h 1' (Right: eat row 1); 'v 2 in 3' eats from cake 3",
        )
        .with_text_rows(TextRows { label: "cake", numbered: true, empty: None, turn: &[] })
        .with_names(NumberNames { first: &[], then: &["cake {} rows", "cake {} columns"], last: None })
        .with_rectangles(CAKES)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let all = cakes(numbers);
        let mover = mover.min(1);
        let mut out = vec![];
        for (i, &cake) in all.iter().enumerate() {
            out.extend((1..=strips(cake, mover)).map(|k| eaten(&all, i, mover, k)));
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let (i, owner, _) = Eatcake::which(numbers, after)?;
        if owner != mover.min(1) && Eatcake::which_for(numbers, after, mover.min(1)).is_none() {
            return Err(format!(
                "cake {}: that eats a {}, and {} eats {}",
                i + 1,
                if owner == 0 { "column" } else { "row" },
                side(mover),
                if mover == 0 { "columns" } else { "rows" }
            )
            .into());
        }
        Ok(())
    }

    /// The cakes sorted.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut all = cakes(numbers);
        all.sort_unstable();
        numbers_of(&all)
    }

    /// Each cake alone: a move is in one cake.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let all = cakes(numbers);
        (all.len() > 1).then(|| all.iter().map(|&(r, c)| vec![r, c]).collect())
    }
}

impl Eatcake {
    /// The strip of `mover`'s that goes from `numbers` to `after`, when there is one (a 1 x 1
    /// cake is eaten by either player).
    fn which_for(numbers: &[u64], after: &[u64], mover: usize) -> Option<(usize, u64)> {
        let all = cakes(numbers);
        all.iter().enumerate().find_map(|(i, &cake)| {
            (1..=strips(cake, mover)).find(|&k| eaten(&all, i, mover, k) == after).map(|k| (i, k))
        })
    }
}

impl Notation for Eatcake {
    /// No cake at all (what eating the last one leaves) is written as nothing.
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Ok(vec![]);
        }
        CAKES.parse(tokens)
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Eatcake::which(numbers, after) {
            Ok((i, mover, k)) => {
                let cake @ (r, c) = cakes(numbers).get(i).copied().unwrap_or((0, 0));
                let rest: Vec<String> = left_of(cake, mover, k).iter().map(|(a, b)| format!("{a}x{b}")).collect();
                format!(
                    "{} eats {} {k} of cake {} ({r}x{c}), leaving {}",
                    side(mover),
                    if mover == 0 { "column" } else { "row" },
                    i + 1,
                    if rest.is_empty() { "nothing of it".to_string() } else { rest.join(" and ") }
                )
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let all = cakes(numbers);
        let (mover, k, index) = read_cake_move(&all, text)?;
        Some((|| {
            let i = index?;
            let k = parse_u64(k, "the strip")?;
            let cake @ (r, c) = all.get(i).copied().ok_or("there is no cake left")?;
            let last = strips(cake, mover);
            let what = if mover == 0 { "column" } else { "row" };
            if k == 0 || k > last {
                return Err(format!("cake {} ({r}x{c}) has {what}s 1 to {last}", i + 1));
            }
            Ok(eaten(&all, i, mover, k))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], mover: usize) -> String {
        let len = cakes(numbers).len();
        match Eatcake::which_for(numbers, after, mover.min(1)) {
            Some((i, k)) => words(len, i, mover.min(1), k),
            None => Eatcake::which(numbers, after)
                .map_or_else(|_| arrow_move(numbers, after), |(i, who, k)| words(len, i, who, k)),
        }
    }
}

impl PlayHelp for Eatcake {
    /// Each move eats at least one square.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        cakes(numbers).iter().map(|&(r, c)| u128::from(r) * u128::from(c)).sum()
    }

    /// One to three cakes of 1 to 5 rows and columns.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..1 + below(3)).map(|_| format!("{}x{}", 1 + below(5), 1 + below(5))).collect()
    }
}

impl Theory for Eatcake {}

#[cfg(feature = "draw")]
impl Face for Eatcake {
    /// The cakes, each strip the player to move may eat a target over its whole length (Left's
    /// columns, Right's rows); a cake with a side past 24 is drawn in proportion, its strip
    /// chosen in a number field.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let mover = mover.min(1);
        let all = cakes(numbers);
        let mut s = Sketch::new();
        let (mut x, mut y, mut row_height) = (8.0, 8.0, 0.0f64);
        let width = crate::rules::draw::WIDTH;
        for (i, &(r, c)) in all.iter().enumerate() {
            let drawn = r <= DRAWN_SIDE && c <= DRAWN_SIDE;
            // A strip is a cell wide: 44 units, 40 CSS px on a phone, where the cake fits.
            let cell = if drawn { (264.0 / r.max(c) as f64).min(44.0) } else { 140.0 / r.max(c) as f64 };
            let (w, h) = ((cell * c as f64).max(6.0), (cell * r as f64).max(6.0));
            if x + w > width - 8.0 && x > 8.0 {
                x = 8.0;
                y += row_height + 30.0;
                row_height = 0.0;
            }
            s.rect(x, y, w, h, 0.0, "sheet").title(format!("cake {}: {r}x{c}", i + 1));
            if drawn {
                for k in 1..c {
                    let lx = x + cell * k as f64;
                    s.line(lx, y, lx, y + h, "cut");
                }
                for k in 1..r {
                    let ly = y + cell * k as f64;
                    s.line(x, ly, x + w, ly, "cut");
                }
                let n = strips((r, c), mover);
                for k in 1..=n {
                    // Eating the first strip or the last leaves the same cake: one move,
                    // named by the first (a strip inside leaves its two parts in their order,
                    // another position as written).
                    let named =
                        if eaten(&all, i, mover, k) == eaten(&all, i, mover, n + 1 - k) { k.min(n + 1 - k) } else { k };
                    let t = s.target(eaten(&all, i, mover, named), Some(words(all.len(), i, mover, named)));
                    let title = format!(
                        "{} eats {} {k} of cake {}",
                        side(mover),
                        if mover == 0 { "column" } else { "row" },
                        i + 1
                    );
                    let at = cell * (k - 1) as f64;
                    let shape = if mover == 0 {
                        s.rect(x + at, y, cell, h, 0.0, "hit")
                    } else {
                        s.rect(x, y + at, w, cell, 0.0, "hit")
                    };
                    shape.makes(t).title(title);
                }
            } else {
                let last = strips((r, c), mover);
                let (what, letter) = if mover == 0 { ("column", "v") } else { ("row", "h") };
                s.control(Control {
                    label: format!("cake {}: eat {what}", i + 1),
                    fields: vec![Field::new(what, 1, last, last.div_ceil(2))],
                    form: ControlForm::Words(format!("{letter} {{1}} in {}", i + 1)),
                });
            }
            s.text(x, y + h + 14.0, &format!("{}: {r}x{c}", i + 1), "small", "start");
            x += w.max(40.0) + 18.0;
            row_height = row_height.max(h);
        }
        y += row_height + 24.0;
        let what = if all.is_empty() {
            format!("No cake is left: {} has nothing to eat, and {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a {} to eat it.", side(mover), if mover == 0 { "column" } else { "row" })
        };
        let next = s.note(y + 10.0, "Left eats columns, Right rows.");
        let end = s.turn_note(next, all.is_empty(), &what);
        s.height = end + 8.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_are_read_checked_and_worded() {
        let n = Eatcake.parse(&["2x3", "1x1"]).unwrap();
        let left = Eatcake.read_move(&n, "v 2", 0).unwrap().unwrap();
        assert_eq!(Eatcake.tokens(&left), ["2x1", "2x1", "1x1"]);
        assert_eq!(Eatcake.describe(&n, &left), "Left eats column 2 of cake 1 (2x3), leaving 2x1 and 2x1");
        let right = Eatcake.read_move(&n, "h 1 in 1", 1).unwrap().unwrap();
        assert_eq!(Eatcake.tokens(&right), ["1x3", "1x1"]);
        assert_eq!(
            Eatcake.check(&n, 0..0, &right, 0).unwrap_err().to_string(),
            "cake 1: that eats a row, and Left eats columns"
        );
        assert!(Eatcake.check(&n, 0..0, &right, 1).is_ok());
        // A 1 x 1 cake is eaten whole by either player.
        let last = Eatcake.read_move(&n, "h 1 in 2", 0).unwrap().unwrap();
        assert!(Eatcake.check(&n, 0..0, &last, 0).is_ok() && Eatcake.check(&n, 0..0, &last, 1).is_ok());
        assert_eq!(Eatcake.write_move(&n, &last, 0), "v 1 in 2");
        assert_eq!(Eatcake.read_move(&n, "v 4", 0).unwrap().unwrap_err(), "cake 1 (2x3) has columns 1 to 3");
        // Nothing left is written `0`, and read back.
        let gone = Eatcake.read_move(&[1, 1], "v 1", 0).unwrap().unwrap();
        assert!(gone.is_empty() && Eatcake.tokens(&gone) == ["0"]);
        assert_eq!(Eatcake.parse(&["0"]), Ok(vec![]));
        assert_eq!(Eatcake.parse(&[]), Ok(vec![]));
        assert_eq!(Eatcake.canonical(&Eatcake.parse(&["3x2", "1x1", "1x4"]).unwrap()), vec![1, 1, 1, 4, 3, 2]);
    }
}
