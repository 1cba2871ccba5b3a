//! A board game's notation: how its positions are read and written, how its numbers are named
//! and shown as rows, and how a move is read, written and worded.

use crate::number::parse_u64;
use crate::rules::board::grid::{number_label, GridNotation};
use crate::rules::board::pictures::Pictures;
use crate::rules::board::rectangles::{rectangles, written};
use crate::rules::board::{RulesCore, TextRows, Written};

/// How a board game's positions and moves are written: parse and print, the names of its
/// numbers, and moves read, written (what [`Notation::read_move`] reads back) and worded.
pub trait Notation: RulesCore {
    /// Reads a position from its tokens; the error names the bad token, in one line. By
    /// default a board of cells in the game's [`GridNotation`], rectangles `AxB` for a game
    /// of [`Rectangles`](crate::rules::board::rectangles::Rectangles), strips of letters for
    /// a game of [`Strips`](crate::rules::board::strips::Strips), and for a game of none of
    /// these a row of heaps, each token a number (`heap 1`, `heap 2`, ...): a game of other positions
    /// writes its own (the registry's tests read every game's example and random positions
    /// back, so a game that forgets it fails there).
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let words = self.words();
        match words.written {
            Written::Grid(grid) => grid.parse(&words.spelling, tokens),
            Written::Rectangles(rectangles) => rectangles.parse(tokens),
            Written::Strips(strips) => strips.parse(&words.spelling, tokens),
            Written::Pictures(pictures) => pictures.parse(tokens),
            Written::Numbers if tokens.is_empty() => Err("the position is empty: give at least one heap".into()),
            Written::Numbers => {
                tokens.iter().enumerate().map(|(i, t)| parse_u64(t, &format!("heap {}", i + 1))).collect()
            }
        }
    }

    /// How the position is written when it is one board of cells ([`GridNotation`]), as the
    /// game's words say ([`crate::rules::board::Words::with_grid`]): then the defaults of
    /// `parse`, `tokens`, `labels`, `counts_objects`, `written_as_text`, `text_rows` and
    /// `rows` write and name the board. `None` for a game of other positions.
    fn grid_notation(&self) -> Option<GridNotation> {
        match self.words().written {
            Written::Grid(grid) => Some(grid),
            _ => None,
        }
    }

    /// The position as a terminal draws it beneath its rows, a line each: a board of cells
    /// with its columns' letters and rows' numbers ([`GridNotation::picture`]); `None` for a
    /// game whose rows say it all.
    fn picture(&self, numbers: &[u64]) -> Option<Vec<String>> {
        self.grid_notation().map(|grid| grid.picture(numbers))
    }

    /// Writes the numbers back as tokens that `parse` reads.
    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        let words = self.words();
        match words.written {
            Written::Grid(grid) => vec![grid.write(numbers)],
            // No rectangle left (every cake eaten) is written `0`, which reads back.
            Written::Rectangles(_) if rectangles(numbers).is_empty() => vec!["0".into()],
            Written::Rectangles(_) => rectangles(numbers).iter().map(written).collect(),
            Written::Strips(strips) => strips.write(numbers),
            Written::Pictures(_) => Pictures::tokens(numbers),
            Written::Numbers => numbers.iter().map(u64::to_string).collect(),
        }
    }

    /// Whether number `i` (0-based) counts objects, drawn as a row of marks on a board; `false`
    /// for a number that is not a pile, such as a limit on the next move or a product. As the
    /// game's words say ([`crate::rules::board::Words::piles`]), and never for a position
    /// written as text ([`Notation::text_rows`]).
    fn counts_objects(&self, i: usize) -> bool {
        let words = self.words();
        words.text_rows.is_none() && words.piles.is_none_or(|piles| i < piles)
    }

    /// The move from `numbers` to `after` in words, e.g. "take 3 from both heaps (5 8 -> 2 5)".
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String;

    /// Reads a move of player `mover` (0: first or Left, 1: second or Right) in this game's
    /// own words (e.g. `both 3`), as the numbers it leaves; `None` when the text is not in those
    /// words (the general forms `HEAP TAKE` and `HEAP -> LEFT` are then tried).
    fn read_move(&self, _numbers: &[u64], _text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        None
    }

    /// Writes the move of player `mover` from `numbers` to `after` as a person types it: text
    /// that [`Notation::read_move`] (or, where it reads nothing, the general form every game
    /// reads) reads back as the same move. By default the words of [`Notation::describe`] outside
    /// its parentheses (`move 1 to 3` of "move 1 to 3 (White, row 1: ...)") where `read_move`
    /// reads them back as this very move, else the general form, `HEAP -> LEFT` ([`arrow_move`]).
    fn write_move(&self, numbers: &[u64], after: &[u64], mover: usize) -> String {
        let said = outside_parentheses(&self.describe(numbers, after));
        match self.read_move(numbers, &said, mover) {
            Some(Ok(read)) if read == after => said,
            _ => arrow_move(numbers, after),
        }
    }

    /// How to type a move, one line for the terminal's header, e.g. "Type '1 3' (take 3 from
    /// heap 1) or 'both 2'" ([`crate::rules::board::Words::move_hint`]).
    fn move_hint(&self) -> String {
        self.words().move_hint.into_owned()
    }

    /// What each number of `numbers` is, for the rows of a board and the analysis's labels:
    /// "heap 1", "step 2", or what depends on the position (a circle's coins or a line's), all
    /// at once (a label may depend on the numbers before it, as a Hackenbush picture's edge
    /// does, and the labels of a large position are then one walk). By default a board of
    /// cells' own names, pictures' edges by picture ([`Pictures::labels`]), else the names the game's words give
    /// ([`crate::rules::board::Words::with_names`]), else "heap 1", "heap 2", ...
    fn labels(&self, numbers: &[u64]) -> Vec<String> {
        let words = self.words();
        if let Written::Pictures(pictures) = words.written {
            return pictures.labels(numbers);
        }
        (0..numbers.len())
            .map(|i| match (&words.written, &words.names) {
                (Written::Grid(_), _) => number_label(numbers, i),
                (_, Some(names)) => names.label(numbers, i),
                (_, None) => format!("heap {}", i + 1),
            })
            .collect()
    }

    /// The position drawn as rows of (label, text), for a game whose numbers are not piles
    /// (the edges of Hackenbush pictures, a path of geography); `None` draws each number. A
    /// row with an empty label is a line of words alone (the divisor game's n with its prime
    /// powers, read rather than counted). By default, for a game written as text
    /// ([`Notation::text_rows`]), a row a token under the rows' name ("cake 2", or "strip"
    /// alone when not numbered).
    fn rows(&self, numbers: &[u64]) -> Option<Vec<(String, String)>> {
        let rows = self.text_rows()?;
        let tokens = self.tokens(numbers);
        Some(if rows.numbered {
            tokens.into_iter().enumerate().map(|(i, t)| (format!("{} {}", rows.label, i + 1), t)).collect()
        } else {
            vec![(rows.label.to_string(), tokens.concat())]
        })
    }

    /// How the page names the rows of a position written as text (pictures, paths, rows of
    /// checkers), one a token: `Some` exactly when [`Notation::written_as_text`] is true. The
    /// game's words say it ([`crate::rules::board::Words::text_rows`]; a board of cells in a
    /// [`GridNotation`] is one row, "board").
    fn text_rows(&self) -> Option<TextRows> {
        self.words().text_rows
    }

    /// Whether positions are written as tokens that are not their numbers (pictures, paths):
    /// winning moves then carry their results as tokens too: by default exactly when the page
    /// names its rows ([`Notation::text_rows`]).
    fn written_as_text(&self) -> bool {
        self.text_rows().is_some()
    }
}

/// The words of `text` outside its parentheses, one space between them: the move a description
/// names ("take 3 (5 -> 2)" is `take 3`), for writing it as a person types it.
pub fn outside_parentheses(text: &str) -> String {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The run of numbers a move from `before` to `after` replaces, as (its first index, its width,
/// the numbers that replace it): the run outside of which the two agree, at least one number
/// wide; `None` when they are equal.
pub fn changed_run(before: &[u64], after: &[u64]) -> Option<(usize, usize, Vec<u64>)> {
    if before == after {
        return None;
    }
    let mut prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let room = before.len().min(after.len()) - prefix;
    let mut suffix = before.iter().rev().zip(after.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    // A move replaces at least one number (width 0 would be an insertion, which no text form
    // writes): widen the run by one kept number when nothing old would be replaced.
    if before.len() == prefix + suffix && !before.is_empty() {
        if suffix > 0 {
            suffix -= 1;
        } else {
            prefix -= 1;
        }
    }
    let to = after.get(prefix..after.len() - suffix).unwrap_or_default().to_vec();
    Some((prefix, before.len() - prefix - suffix, to))
}

/// The general form of a move that every game reads, `HEAP -> LEFT...`: the run of `width`
/// numbers from index `at` (numbered from 1: `3 -> 1`, `1..2 -> 4 6`) replaced by `to`
/// (`none` when the run is removed).
pub fn arrow_text(at: usize, width: usize, to: &[u64]) -> String {
    let first = at as u128 + 1;
    let mut out = match width {
        1 => format!("{first} ->"),
        // Width 0 (numbers inserted before `at`) does not occur in the games' moves and is
        // written as the run from `at` to itself.
        w => format!("{first}..{} ->", first + w.max(1) as u128 - 1),
    };
    for n in to {
        out.push_str(&format!(" {n}"));
    }
    // A move that only removes numbers (a coin turned from heads to tails) leaves nothing.
    if to.is_empty() {
        out.push_str(" none");
    }
    out
}

/// The move from `before` to `after` in the general form ([`arrow_text`]); empty when they
/// are equal (no move).
pub fn arrow_move(before: &[u64], after: &[u64]) -> String {
    changed_run(before, after).map(|(at, width, to)| arrow_text(at, width, &to)).unwrap_or_default()
}
