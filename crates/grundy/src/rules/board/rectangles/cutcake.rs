//! Cutcake (Berlekamp, Conway and Guy, *Winning Ways*, ch. 2; Albert, Nowakowski and Wolfe,
//! *Lessons in Play*): cakes scored into unit squares; a move cuts one cake in two along a
//! scored line, Left (the first player) along a vertical line (between two columns) and Right
//! (the second) along a horizontal one (between two rows). A player with no cut left loses.
//! *Winning Ways* gives Left the vertical cuts too (and so does CGSuite's `Cutcake`), which is
//! what the issue asks; with the sides the other way round every value is negated. The game is
//! partizan, so it is answered from Conway's value ([`crate::rules::board::machinery::value`]): each
//! cake is valued apart, and every value is an integer.
//!
//! A position is one or more cakes `RxC` (R rows, C columns), stored as two numbers a cake. A
//! move is typed `v K` (cut cake 1 after column K) or `h K` (after row K), with `in C` for
//! cake C.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::Players;

use crate::number::parse_u64;
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::rectangles::{numbers_of, read_cake_move, rectangles as cakes, Rectangle, Rectangles};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{replaced_part, Board, BoardFamily, Notation, PlayHelp, RulesCore, TextRows, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::{Control, ControlForm, Field, Sketch};

/// Cutcake in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "cutcake",
    name: "Cutcake",
    a_move: "cut one cake (`RxC`: R rows, C columns) in two along a line between its squares: Left (the first player) vertically, Right (the second) horizontally",
    example_game: "cutcake",
    example_position: "2x3 1x4",
    heap_ruleset: false,
    move_syntax: "`v K` cuts cake 1 vertically after column K (Left); `h K` horizontally after row K (Right); `v K in C` cuts cake C",
    example_move: "v 1",
}];

/// Reads Cutcake's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "cutcake").then(|| Ok(Board::new(Cutcake)))
}

/// The longest side of a cake: a cake has a cut for each line, listed one by one.
pub const MAX_SIDE: u64 = 1000;

/// The most squares of a position, all its cakes together: a cut keeps every square, so
/// every position play reaches from one read is read again (a bound on the number of cakes
/// would not be: each cut adds one), and a position has at most this many cakes.
pub const MAX_SQUARES: u64 = 16 * MAX_SIDE * MAX_SIDE;

#[cfg(feature = "draw")]
/// The longest side drawn square by square; a longer one is cut through a number field.
const DRAWN_SIDE: u64 = 24;

/// A cake: rows, columns.
type Cake = Rectangle;

/// How cakes are written: `RxC`, rows by columns.
const CAKES: Rectangles = Rectangles {
    noun: "cake",
    letters: "RxC",
    sides: ["rows", "columns"],
    example: "2x3",
    max_side: MAX_SIDE,
    max_squares: Some(MAX_SQUARES),
};

/// Cutcake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cutcake;

/// The two cakes a cut of `cake` by player `mover` after line `k` leaves (Left's after column
/// k, Right's after row k).
fn halves((r, c): Cake, mover: usize, k: u64) -> [Cake; 2] {
    if mover == 0 {
        [(r, k), (r, c - k)]
    } else {
        [(k, c), (r - k, c)]
    }
}

/// The lines player `mover` may cut `cake` along: 1 to the side across the cut, less one.
fn lines((r, c): Cake, mover: usize) -> u64 {
    if mover == 0 {
        c.saturating_sub(1)
    } else {
        r.saturating_sub(1)
    }
}

/// The position after cake `i` of `all` is cut by `mover` after line `k`.
fn cut(all: &[Cake], i: usize, mover: usize, k: u64) -> Vec<u64> {
    let mut next = Vec::with_capacity(all.len() + 1);
    for (j, &cake) in all.iter().enumerate() {
        if j == i {
            next.extend(halves(cake, mover, k));
        } else {
            next.push(cake);
        }
    }
    numbers_of(&next)
}

/// A cut as typed: `v 2`, `h 1 in 3` (the cake named when there are several).
fn words(cakes: usize, i: usize, mover: usize, k: u64) -> String {
    let which = if cakes > 1 { format!(" in {}", i + 1) } else { String::new() };
    format!("{} {k}{which}", if mover == 0 { "v" } else { "h" })
}

impl Cutcake {
    /// The cut from `numbers` to `after`: (the cake's index, the player, the line); `Err` says
    /// why it is not one.
    fn which(numbers: &[u64], after: &[u64]) -> Result<(usize, usize, u64), String> {
        let (before, next) = (cakes(numbers), cakes(after));
        let (i, old, new) =
            replaced_part(&before, &next).ok_or("a move cuts one cake into two, leaving the others as they are")?;
        let [a, b] = new[..] else {
            return Err(format!("cake {}: a cut leaves two cakes, not {}", i + 1, new.len()));
        };
        if a.0 == old.0 && b.0 == old.0 && a.1 >= 1 && b.1 >= 1 && a.1.checked_add(b.1) == Some(old.1) {
            return Ok((i, 0, a.1));
        }
        if a.1 == old.1 && b.1 == old.1 && a.0 >= 1 && b.0 >= 1 && a.0.checked_add(b.0) == Some(old.0) {
            return Ok((i, 1, a.0));
        }
        Err(format!("cake {} ({}x{}): that is not what a cut along one line leaves", i + 1, old.0, old.1))
    }
}

impl RulesCore for Cutcake {
    fn words(&self) -> Words {
        Words::new(
            "cutcake",
            Players::Partizan("Left cuts vertically, Right horizontally".into()),
            "Cutcake: cakes scored into squares; a move cuts one cake in two along a scored line, Left (the first player) vertically and Right (the second) horizontally; a player with no cut left loses.",
            "Type 'v 2' (Left: cut cake 1 after column 2) or 'h 1' (Right: after row 1); 'v 2 in 3' cuts cake 3",
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
            out.extend((1..=lines(cake, mover)).map(|k| cut(&all, i, mover, k)));
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
        let (i, owner, _) = Cutcake::which(numbers, after)?;
        if owner != mover.min(1) {
            return Err(format!(
                "cake {}: that cut is {}, and {} cuts {}",
                i + 1,
                if owner == 0 { "vertical" } else { "horizontal" },
                side(mover),
                if mover == 0 { "vertically" } else { "horizontally" }
            )
            .into());
        }
        Ok(())
    }

    /// The cakes sorted, without the 1 x 1 ones (nobody can cut them).
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut all: Vec<Cake> = cakes(numbers).into_iter().filter(|&c| c != (1, 1)).collect();
        all.sort_unstable();
        if all.is_empty() {
            return vec![1, 1];
        }
        numbers_of(&all)
    }

    /// Each cake alone: a cut is in one cake.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let all: Vec<Cake> = cakes(numbers).into_iter().filter(|&c| c != (1, 1)).collect();
        (all.len() > 1).then(|| all.iter().map(|&(r, c)| vec![r, c]).collect())
    }
}

impl Notation for Cutcake {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Cutcake::which(numbers, after) {
            Ok((i, mover, k)) => {
                let (r, c) = cakes(numbers).get(i).copied().unwrap_or((0, 0));
                let [a, b] = halves((r, c), mover, k);
                format!(
                    "{} cuts cake {} ({r}x{c}) {} after {} {k}: {}x{} and {}x{}",
                    side(mover),
                    i + 1,
                    if mover == 0 { "vertically" } else { "horizontally" },
                    if mover == 0 { "column" } else { "row" },
                    a.0,
                    a.1,
                    b.0,
                    b.1
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
            let k = parse_u64(k, "the line")?;
            let cake @ (r, c) = all.get(i).copied().ok_or("there is no cake")?;
            let last = lines(cake, mover);
            let what = if mover == 0 { "column" } else { "row" };
            if last == 0 {
                return Err(format!("cake {} ({r}x{c}) has a single {what}: nothing to cut between", i + 1));
            }
            if k == 0 || k > last {
                return Err(format!("cake {} ({r}x{c}): a cut goes after {what} 1 to {last}", i + 1));
            }
            Ok(cut(&all, i, mover, k))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        Cutcake::which(numbers, after)
            .map_or_else(|_| arrow_move(numbers, after), |(i, mover, k)| words(cakes(numbers).len(), i, mover, k))
    }
}

impl PlayHelp for Cutcake {
    /// The first line of the first cake that has one.
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let all = cakes(numbers);
        let mover = mover.min(1);
        let live: Vec<usize> = (0..all.len()).filter(|&i| all.get(i).is_some_and(|&c| lines(c, mover) > 0)).collect();
        let i = *live.get(below(live.len().max(1) as u64) as usize)?;
        let k = 1 + below(lines(all.get(i).copied()?, mover));
        Some(cut(&all, i, mover, k))
    }

    /// Each cut adds a cake, and a cake of R x C squares ends as R·C squares at most.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        cakes(numbers).iter().map(|&(r, c)| u128::from(r) * u128::from(c) - 1).sum()
    }

    /// One to three cakes of 1 to 6 rows and columns.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..1 + below(3)).map(|_| format!("{}x{}", 1 + below(6), 1 + below(6))).collect()
    }
}

impl Theory for Cutcake {}

#[cfg(feature = "draw")]
impl Face for Cutcake {
    /// The cakes, each line the player to move may cut along a target over its whole length
    /// (Left's vertical lines, Right's horizontal ones, so no two targets cross); a cake with a
    /// side past 24 is drawn in proportion, its cuts chosen in a number field.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let mover = mover.min(1);
        let all = cakes(numbers);
        let mut s = Sketch::new();
        let (mut x, mut y, mut row_height) = (8.0, 8.0, 0.0f64);
        let width = crate::rules::draw::WIDTH;
        for (i, &(r, c)) in all.iter().enumerate() {
            let drawn = r <= DRAWN_SIDE && c <= DRAWN_SIDE;
            // Cuts a cell apart: 44 units, 40 CSS px on a phone (issue 64), where the cake fits.
            let cell = if drawn { (264.0 / r.max(c) as f64).min(44.0) } else { 140.0 / r.max(c) as f64 };
            let (w, h) = ((cell * c as f64).max(6.0), (cell * r as f64).max(6.0));
            if x + w > width - 8.0 && x > 8.0 {
                x = 8.0;
                y += row_height + 30.0;
                row_height = 0.0;
            }
            s.rect(x, y, w, h, 0.0, "sheet").title(format!("cake {}: {r}x{c}", i + 1));
            let half = (cell / 4.0).clamp(2.0, 4.5);
            if drawn {
                for k in 1..c {
                    let lx = x + cell * k as f64;
                    s.line(lx, y, lx, y + h, "cut");
                }
                for k in 1..r {
                    let ly = y + cell * k as f64;
                    s.line(x, ly, x + w, ly, "cut");
                }
                for k in 1..=lines((r, c), mover) {
                    let t = s.target(cut(&all, i, mover, k), Some(words(all.len(), i, mover, k)));
                    let title = format!(
                        "{} cuts cake {} after {} {k}",
                        side(mover),
                        i + 1,
                        if mover == 0 { "column" } else { "row" }
                    );
                    let at = cell * k as f64;
                    let shape = if mover == 0 {
                        s.rect(x + at - half, y, 2.0 * half, h, 0.0, "hit")
                    } else {
                        s.rect(x, y + at - half, w, 2.0 * half, 0.0, "hit")
                    };
                    shape.makes(t).title(title);
                }
            } else if lines((r, c), mover) > 0 {
                let last = lines((r, c), mover);
                let (what, letter) = if mover == 0 { ("column", "v") } else { ("row", "h") };
                s.control(Control {
                    label: format!("cake {}: cut after {what}", i + 1),
                    fields: vec![Field::new(what, 1, last, last.div_ceil(2))],
                    form: ControlForm::Words(format!("{letter} {{1}} in {}", i + 1)),
                });
            }
            s.text(x, y + h + 14.0, &format!("{}: {r}x{c}", i + 1), "small", "start");
            x += w.max(40.0) + 18.0;
            row_height = row_height.max(h);
        }
        y += row_height + 24.0;
        let over = !self.has_move(numbers, mover);
        let what = if !over {
            format!(
                "{} to move: click a {} line to cut along it.",
                side(mover),
                if mover == 0 { "vertical" } else { "horizontal" }
            )
        } else {
            format!("{} has no cut left: {} wins.", side(mover), side(1 - mover))
        };
        let next = s.note(y + 10.0, "Left cuts vertically, Right horizontally.");
        s.turn_note(next, !self.has_move(numbers, mover), &what);
        s.height = y + 34.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_are_read_checked_and_worded() {
        let n = Cutcake.parse(&["2x3", "1x4"]).unwrap();
        let left = Cutcake.read_move(&n, "v 1", 0).unwrap().unwrap();
        assert_eq!(Cutcake.tokens(&left), ["2x1", "2x2", "1x4"]);
        assert_eq!(Cutcake.describe(&n, &left), "Left cuts cake 1 (2x3) vertically after column 1: 2x1 and 2x2");
        let right = Cutcake.read_move(&n, "h 1 in 1", 0).unwrap().unwrap();
        assert_eq!(
            Cutcake.check(&n, 0..0, &right, 0).unwrap_err().to_string(),
            "cake 1: that cut is horizontal, and Left cuts vertically"
        );
        assert!(Cutcake.check(&n, 0..0, &right, 1).is_ok());
        assert_eq!(
            Cutcake.read_move(&n, "h 1 in 2", 0).unwrap().unwrap_err(),
            "cake 2 (1x4) has a single row: nothing to cut between"
        );
        assert_eq!(Cutcake.parse(&["2x0"]).unwrap_err(), "cake 1 (2x0): a side is 1 to 1000");
        assert!(Cutcake.parse(&["2y3"]).unwrap_err().contains("is not RxC"));
        assert_eq!(Cutcake.canonical(&Cutcake.parse(&["3x2", "1x1", "1x4"]).unwrap()), vec![1, 4, 3, 2]);
    }
}
