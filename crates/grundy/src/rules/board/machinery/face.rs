//! A board game's face: the position drawn as SVG shapes, with the shapes that make a move
//! ([`crate::rules::draw`]).

use crate::rules::board::{first_change, Notation, PlayHelp, RulesCore};
use crate::rules::draw::Sketch;

/// How a board game is drawn on the page.
pub trait Face: PlayHelp {
    /// The position drawn (SVG shapes, no I/O), the shapes that make a move marked with the
    /// numbers they leave and the move in this game's words ([`crate::rules::draw`]); `mover`
    /// is the player to move (0: first, 1: second). A bounded number of shapes at any size.
    /// By default each number is a row, and the smallest move a button.
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        plain_face(self, numbers)
    }
}

/// A target for the move written `words` in the game's own words, when it reads as a legal
/// move of `numbers`.
pub(crate) fn worded(
    s: &mut Sketch,
    rules: &(impl Notation + ?Sized),
    numbers: &[u64],
    words: String,
) -> Option<usize> {
    let after = rules.read_move(numbers, &words, 0)?.ok()?;
    rules.check(numbers, first_change(numbers, &after), &after, 0).ok()?;
    s.target(after, Some(words))
}

/// A target for the move from `numbers` to `after`, when it is legal.
pub(crate) fn checked(
    s: &mut Sketch,
    rules: &(impl RulesCore + ?Sized),
    numbers: &[u64],
    after: Vec<u64>,
) -> Option<usize> {
    if after == numbers {
        return None;
    }
    rules.check(numbers, first_change(numbers, &after), &after, 0).ok()?;
    s.target(after, None)
}

/// The plain face of a board game: its rows (or each number with its label), and the move
/// that changes the position least as a button.
pub fn plain_face(rules: &(impl PlayHelp + ?Sized), numbers: &[u64]) -> Sketch {
    use crate::rules::faces::{left_out, row_label, MAX_ROWS, ROW_X};
    let rows = rules
        .rows(numbers)
        .unwrap_or_else(|| rules.labels(numbers).into_iter().zip(numbers).map(|(l, n)| (l, n.to_string())).collect());
    let mut s = Sketch::new();
    let mut y = 4.0;
    for (label, text) in rows.iter().take(MAX_ROWS) {
        row_label(&mut s, y, label, "");
        s.text(ROW_X, y + 15.0, &crate::rules::draw::clip(text, 70), "num", "start").title(text.clone());
        y += 26.0;
    }
    y = left_out(&mut s, y, rows.len(), "rows");
    if let Some(after) = rules.smallest_move(numbers, 0) {
        let words = rules.describe(numbers, &after);
        let t = s.target(after, None);
        s.button(8.0, y + 4.0, &crate::rules::draw::clip(&words, 60), t, &words);
        y += 30.0;
    }
    s.note(y + 10.0, &crate::rules::draw::clip(&rules.move_hint(), 110));
    s.height = y + 18.0;
    s
}
