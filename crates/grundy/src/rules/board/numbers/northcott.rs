//! Northcott's game (Berlekamp, Conway and Guy, *Winning Ways*, chapter 2; Albert, Nowakowski
//! and Wolfe, *Lessons in Play*): a board of rows, each `W` squares wide (numbered from 1) with
//! one white and one black checker. White moves a white checker, Black a black one, any number
//! of squares along its row, forward or back, never onto or past the other checker of the row
//! and never off the board. Whoever cannot move loses.
//!
//! The theory: the empty squares between the two checkers of a row (its gap) are a Nim heap.
//! Moving forward takes from it; moving back adds to it, a reversible move that the opponent
//! undoes at once by moving forward as far, and since a checker can only retreat to the edge of
//! the board, the player who undoes the retreats still finishes the game. So by Bouton's theorem
//! the player to move wins exactly when the nim-sum of the gaps is not 0, and a winning move
//! closes one gap g to g XOR the nim-sum (a retreat that opens a gap to that size, where there is
//! room, wins too). The game is partizan (each player moves their own checkers) and its
//! positions may repeat, so it has no Sprague-Grundy value here, a sum cannot hold it, and
//! misère play is refused.
//!
//! A position is written one token per row, `WIDTH:WHITE,BLACK` (the squares of the two
//! checkers, in either order), then `black` when Black is to move (White moves first
//! otherwise). Inside, each row is the three numbers `[W, white, black]`, and a last number says
//! whose turn it is (0 White, 1 Black), so that every option passes the turn.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::AnalyzeError;
use crate::error::IllegalMove;
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{
    listed_note, listing_room, Board, BoardFamily, Method, Notation, PlayHelp, RulesCore, TextRows, Theory,
};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::nim::{BalanceTable, BalanceWords, ValueWords};

/// Northcott's game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "northcott",
    name: "Northcott's game",
    a_move: "slide one of your checkers (White the white ones, Black the black) along its row, forward or back, never onto or past the other checker nor off the board; rows `WIDTH:WHITE,BLACK`, then `black` when Black is to move",
    example_game: "northcott",
    example_position: "8:1,5 7:2,7 6:6,3",
    heap_ruleset: false,
    move_syntax: "`ROW SQUARE` moves your checker of row ROW to square SQUARE (White moves the white checkers, Black the black)",
    example_move: "1 3",
}];

/// Reads Northcott's game's spelling (`northcott`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "northcott").then(|| Ok(Board::new(Northcott)))
}

/// Northcott's game: rows of `[width, white, black]`, then whose turn it is (0 White, 1 Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Northcott;

/// The largest width drawn square by square; wider rows are drawn as a line of words.
const DRAWN_SQUARES: u64 = 40;

/// The name of player `turn` (0 or 1).
fn colour(turn: u64) -> &'static str {
    if turn == 0 {
        "White"
    } else {
        "Black"
    }
}

/// One row: its width and the squares of the white and the black checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row {
    width: u64,
    white: u64,
    black: u64,
}

impl Row {
    /// The empty squares between the two checkers: the row's Nim heap.
    fn gap(self) -> u64 {
        self.white.abs_diff(self.black) - 1
    }

    /// The square of the checker of `turn` (0 White, 1 Black), and of the other one.
    fn checkers(self, turn: u64) -> (u64, u64) {
        if turn == 0 {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        }
    }

    /// The squares the checker of `turn` may stand on: from the edge behind it to the square
    /// before the other checker (its own square included).
    fn reach(self, turn: u64) -> (u64, u64) {
        let (mine, other) = self.checkers(turn);
        if mine < other {
            (1, other - 1)
        } else {
            (other + 1, self.width)
        }
    }

    /// How many moves the checker of `turn` has.
    fn moves(self, turn: u64) -> u64 {
        let (lo, hi) = self.reach(turn);
        hi - lo
    }

    /// The row after the checker of `turn` moves to `square`.
    fn moved(self, turn: u64, square: u64) -> Row {
        if turn == 0 {
            Row { white: square, ..self }
        } else {
            Row { black: square, ..self }
        }
    }

    /// Whether `square` is a move of the checker of `turn`, at any size.
    fn allows(self, turn: u64, square: u64) -> bool {
        let (lo, hi) = self.reach(turn);
        (lo..=hi).contains(&square) && square != self.checkers(turn).0
    }

    /// The square where the checker of `turn` leaves a gap of `gap`, if the board has room.
    fn square_for_gap(self, turn: u64, gap: u64) -> Option<u64> {
        let (mine, other) = self.checkers(turn);
        let square = if mine < other { other.checked_sub(gap + 1)? } else { other.checked_add(gap + 1)? };
        (self.allows(turn, square) || square == mine).then_some(square)
    }
}

/// The rows and the turn of numbers shaped as a position, whether or not the checkers stand
/// on the board.
fn shape(numbers: &[u64]) -> Option<(Vec<Row>, u64)> {
    let (&turn, rows) = numbers.split_last()?;
    if turn > 1 || rows.is_empty() || rows.len() % 3 != 0 {
        return None;
    }
    let rows = rows.chunks_exact(3).map(|c| match c {
        &[width, white, black] => Row { width, white, black },
        _ => Row { width: 0, white: 0, black: 0 },
    });
    Some((rows.collect(), turn))
}

/// The rows and the turn of a position's numbers; `None` when they are not a position.
fn board(numbers: &[u64]) -> Option<(Vec<Row>, u64)> {
    let (rows, turn) = shape(numbers)?;
    let valid = |r: &Row| r.white != r.black && (1..=r.width).contains(&r.white) && (1..=r.width).contains(&r.black);
    rows.iter().all(valid).then_some((rows, turn))
}

/// The numbers of `rows` with `turn` to move.
fn numbers_of(rows: &[Row], turn: u64) -> Vec<u64> {
    rows.iter().flat_map(|r| [r.width, r.white, r.black]).chain([turn]).collect()
}

/// The position after the player to move takes their checker of row `row` to `square`.
fn after_move(rows: &[Row], turn: u64, row: usize, square: u64) -> Vec<u64> {
    let mut rows = rows.to_vec();
    if let Some(r) = rows.get_mut(row) {
        *r = r.moved(turn, square);
    }
    numbers_of(&rows, 1 - turn)
}

/// The row a move changed and the square its checker went to; `None` unless it is a legal move.
fn moved(numbers: &[u64], after: &[u64]) -> Result<(usize, u64), String> {
    let (rows, turn) = board(numbers).ok_or("the position is not a board of Northcott's game")?;
    let (next, next_turn) = shape(after).ok_or("that leaves no board of Northcott's game")?;
    if next.len() != rows.len() {
        return Err(format!("a move keeps the {} rows", rows.len()));
    }
    if next_turn == turn {
        return Err(format!("a move passes the turn: after {} moves, {} is to move", colour(turn), colour(1 - turn)));
    }
    let mut changed = rows.iter().zip(&next).enumerate().filter(|(_, (r, n))| r != n);
    let Some((i, (&r, &n))) = changed.next() else {
        return Err("a move slides one checker: nothing moved".into());
    };
    if changed.next().is_some() {
        return Err("a move slides one checker, in one row".into());
    }
    let (mine, other) = r.checkers(turn);
    let (to, still) = n.checkers(turn);
    if n.width != r.width || still != other {
        return Err(format!("{} moves only the {} checkers", colour(turn), colour(turn).to_lowercase()));
    }
    if !r.allows(turn, to) {
        let why = if to == 0 || to > r.width {
            format!("square {to} is off row {} ({} squares)", i + 1, r.width)
        } else {
            format!("the checker on {mine} may not reach {to}: it would land on or jump the other checker, on {other}")
        };
        return Err(format!("row {}: {why}", i + 1));
    }
    Ok((i, to))
}

/// Reads one row, `WIDTH:WHITE,BLACK`; the error names the token.
fn parse_row(token: &str) -> Result<Row, String> {
    let bad = |why: &str| format!("row '{token}': {why} (write WIDTH:WHITE,BLACK, e.g. 8:1,5)");
    let (width, squares) = token.split_once(':').ok_or_else(|| bad("no ':'"))?;
    let (white, black) = squares.split_once(',').ok_or_else(|| bad("no ',' between the two squares"))?;
    let width = parse_u64(width, "the width").map_err(|e| bad(&e))?;
    let white = parse_u64(white, "the white square").map_err(|e| bad(&e))?;
    let black = parse_u64(black, "the black square").map_err(|e| bad(&e))?;
    for (name, square) in [("white", white), ("black", black)] {
        if !(1..=width).contains(&square) {
            return Err(bad(&format!("the {name} checker's square {square} is off a row of {width} squares")));
        }
    }
    if white == black {
        return Err(bad("the two checkers share a square"));
    }
    Ok(Row { width, white, black })
}

impl RulesCore for Northcott {
    fn words(&self) -> Words {
        Words::new(
            "northcott",
            Players::TurnInPosition,
            "Northcott's game: each row holds a white and a black checker; White moves a white checker, Black a black one, any number of squares along its row, forward or back, never onto or past the other checker and never off the board; whoever cannot move loses.",
            "Type 'ROW SQUARE' (e.g. '1 3'): your checker of row ROW goes to square SQUARE",
        )
        // One row of checkers a token (a row is never empty: both checkers stay on it), then
        // `black` when Black is to move (`white`, typed, says White is).
        .with_text_rows(TextRows { label: "row", numbered: true, empty: None, turn: &[["white", "White"], ["black", "Black"]] })
        // The nim-sum is of the gaps, one a row; a winning move may close a gap or, backwards,
        // open one, so it moves a gap to the value that wins.
        .with_values(ValueWords {
            label: "Gaps",
            balance: BalanceWords { title: "Binary balance table of the gaps", rows: "gaps", row: "row", moves: "value" },
        })
        // A checker may move back and forth: a game can last for ever.
        .with_repeats()
        // Three numbers a row, then whose turn it is.
        .with_names(NumberNames {
            first: &[],
            then: &["row {} width", "row {} white checker", "row {} black checker"],
            last: Some("the player to move"),
        })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let Some((rows, turn)) = board(numbers) else { return vec![] };
        let mut out = vec![];
        for (i, r) in rows.iter().enumerate() {
            let (lo, hi) = r.reach(turn);
            out.extend((lo..=hi).filter(|&s| r.allows(turn, s)).map(|s| after_move(&rows, turn, i, s)));
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        moved(numbers, after)?;
        Ok(())
    }
}

impl Notation for Northcott {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let (turn, rows) = match tokens.split_last() {
            Some((&"black", rows)) => (1, rows),
            Some((&"white", rows)) => (0, rows),
            _ => (0, tokens),
        };
        if rows.is_empty() {
            return Err("Northcott's game needs at least one row WIDTH:WHITE,BLACK (e.g. 8:1,5)".into());
        }
        let rows: Vec<Row> = rows.iter().map(|t| parse_row(t)).collect::<Result<_, _>>()?;
        Ok(numbers_of(&rows, turn))
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        let Some((rows, turn)) = board(numbers) else { return numbers.iter().map(u64::to_string).collect() };
        let mut out: Vec<String> = rows.iter().map(|r| format!("{}:{},{}", r.width, r.white, r.black)).collect();
        if turn == 1 {
            out.push("black".into());
        }
        out
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (Some((rows, turn)), Ok((i, to))) = (board(numbers), moved(numbers, after)) else {
            return "not a move of Northcott's game".into();
        };
        let Some(&r) = rows.get(i) else { return String::new() };
        let (from, other) = r.checkers(turn);
        let way = if from.abs_diff(other) > to.abs_diff(other) { "forward" } else { "back" };
        let gap = r.moved(turn, to).gap();
        format!(
            "move {} to {to} ({}, row {}: {from} -> {to}, {way}; gap {} -> {gap})",
            i + 1,
            colour(turn),
            i + 1,
            r.gap()
        )
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (row, square) = match words[..] {
            [row, square] | ["move", row, "to", square] => (row, square),
            _ => return None,
        };
        let (rows, turn) = board(numbers)?;
        let read = || -> Result<Vec<u64>, String> {
            let r = parse_u64(row, "the row")?;
            let i = usize::try_from(r)
                .ok()
                .filter(|&i| i >= 1 && i <= rows.len())
                .ok_or_else(|| format!("there is no row {r} (the rows are numbered 1 to {})", rows.len()))?;
            let square = parse_u64(square, "the square")?;
            Ok(after_move(&rows, turn, i - 1, square))
        };
        Some(read())
    }

    fn rows(&self, numbers: &[u64]) -> Option<Vec<(String, String)>> {
        let (rows, turn) = board(numbers)?;
        let mut out: Vec<(String, String)> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let text = if r.width <= DRAWN_SQUARES {
                    let squares: String = (1..=r.width)
                        .map(|s| match s {
                            _ if s == r.white => 'W',
                            _ if s == r.black => 'B',
                            _ => '.',
                        })
                        .collect();
                    format!("{squares}  (gap {})", r.gap())
                } else {
                    format!("white on {}, black on {} of {} squares (gap {})", r.white, r.black, r.width, r.gap())
                };
                (format!("row {}", i + 1), text)
            })
            .collect();
        out.push(("to move".into(), colour(turn).into()));
        Some(out)
    }
}

impl PlayHelp for Northcott {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let (rows, turn) = board(numbers)?;
        let open: Vec<usize> = (0..rows.len()).filter(|&i| rows.get(i).is_some_and(|r| r.moves(turn) > 0)).collect();
        if open.is_empty() {
            return None;
        }
        let i = *open.get(below(open.len() as u64) as usize)?;
        let r = rows.get(i)?;
        // The k-th move, the squares forward (towards the other checker) first, nearest
        // first, then those back, so that drawing 0 moves one square forward where it can.
        let (mine, other) = r.checkers(turn);
        let forward = mine.abs_diff(other) - 1;
        let k = below(r.moves(turn));
        let square = match (k < forward, mine < other) {
            (true, true) => mine + 1 + k,
            (true, false) => mine - 1 - k,
            (false, true) => mine - 1 - (k - forward),
            (false, false) => mine + 1 + (k - forward),
        };
        Some(after_move(&rows, turn, i, square))
    }

    /// Two or three rows of 3 to 9 squares, each with its two checkers on different squares
    /// (either colour on the left), and Black to move one time in three: small boards whose
    /// gaps give both outcomes.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let mut tokens: Vec<String> = (0..2 + below(2))
            .map(|_| {
                let width = 3 + below(7);
                let white = 1 + below(width);
                // Any square but the white checker's.
                let mut black = 1 + below(width - 1);
                if black >= white {
                    black += 1;
                }
                format!("{width}:{white},{black}")
            })
            .collect();
        if below(3) == 0 {
            tokens.push("black".into());
        }
        tokens
    }
}

impl Theory for Northcott {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        if misere {
            return Err(AnalyzeError::Unsupported(
                "misère Northcott's game has no theory here, and its positions repeat (a checker may move back), so the exhaustive search, which needs games that end, cannot decide it; normal play is answered by Bouton's theorem on the gaps".into(),
            ));
        }
        let (rows, turn) = board(numbers)
            .ok_or_else(|| AnalyzeError::Unsupported("the numbers are not a board of Northcott's game".into()))?;
        let gaps: Vec<u64> = rows.iter().map(|r| r.gap()).collect();
        let x = gaps.iter().fold(0, |a, g| a ^ g);
        // Every move to a nim-sum of 0: the gaps that close (Bouton's moves) first, then the
        // retreats that open a gap to its size where the board has room.
        let mut closing = vec![];
        let mut opening = vec![];
        if x != 0 {
            for (i, (r, &g)) in rows.iter().zip(&gaps).enumerate() {
                let target = g ^ x;
                if let Some(square) = r.square_for_gap(turn, target) {
                    let list = if target < g { &mut closing } else { &mut opening };
                    list.push((i, square));
                }
            }
        }
        let moves: Vec<(usize, u64)> = closing.iter().chain(&opening).copied().collect();
        let room = listing_room(numbers.len());
        let listed = moves.iter().take(room).map(|&(i, s)| after_move(&rows, turn, i, s)).collect();
        let mut answer = Analysis::of_board(self, numbers, x != 0, None, listed, Method::ClosedForm);
        let not_listed = (moves.len() > room).then(|| listed_note(room, numbers.len(), "numbers"));
        answer.set_board_count(Some(moves.len() as u128), not_listed);
        answer.sg_note = Some("none (partizan)".into());
        answer.balance = Some(BalanceTable::new(&gaps));
        answer.heap_values = Some(gaps.clone());
        let shown: Vec<String> = gaps.iter().map(u64::to_string).collect();
        answer.explanation = vec![
            "Northcott's game (Winning Ways, chapter 2): the empty squares between the two checkers of a row are a Nim heap. A move forward takes from it; a move back adds to it, which the opponent undoes at once by moving forward as far, and a checker can only retreat to the edge of the board, so the retreats cannot save a lost game.".into(),
            format!(
                "{} is to move; the gaps are {}, whose nim-sum is {x}: by Bouton's theorem the player to move {}.",
                colour(turn),
                shown.join(", "),
                if x == 0 { "loses" } else { "wins" }
            ),
        ];
        if x != 0 {
            answer.explanation.push(
                "Winning moves: close a gap g to g XOR the nim-sum (or, where the board has room, move back to open a gap to that size).".into(),
            );
        }
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Northcott {
    /// Each row a strip of squares with its two checkers, every square the checker of the
    /// player to move may reach a target (rows wider than [`DRAWN_SQUARES`]: buttons for one
    /// square forward, closing the gap and one square back).
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{left_out, row_label, Fold, MAX_ROWS, ROW_X};
        let mut s = Sketch::new();
        let Some((rows, turn)) = board(numbers) else { return s };
        // A square 44 units wide where the row fits: 40 CSS px on a phone (issue 64).
        let side = 44.0;
        // The header says who is to move (the position says it only when Black is).
        let over = !rows.iter().any(|r| r.moves(turn) > 0);
        let header =
            if over { format!("Game over: {} wins.", colour(1 - turn)) } else { format!("{} to move", colour(turn)) };
        s.text(8.0, 16.0, &header, if over { "label verdict" } else { "label" }, "start");
        let mut y = 26.0;
        for (i, r) in rows.iter().enumerate().take(MAX_ROWS) {
            let (mine, other) = r.checkers(turn);
            if r.width <= DRAWN_SQUARES {
                // The row's name over its squares, which fold into lines a phone shows whole
                // (issue 84: beside its name a row of 8 was 1.2 phones wide).
                s.text(8.0, y + 13.0, &format!("row {}: gap {}", i + 1, r.gap()), "label", "start");
                let fold = Fold::new(8.0 + side / 2.0, y + 20.0 + side / 2.0, side, side + 4.0);
                let w = side;
                for sq in 1..=r.width {
                    let (cx, cy) = fold.at(sq - 1);
                    let (x, top) = (cx - w / 2.0, cy - w / 2.0);
                    // The move as it is typed, `ROW SQUARE`.
                    let words = format!("{} {sq}", i + 1);
                    let target =
                        r.allows(turn, sq).then(|| s.target(after_move(&rows, turn, i, sq), Some(words))).flatten();
                    match target {
                        Some(t) => {
                            s.rect(x, top, w, w, 1.0, "cell").makes(Some(t)).title(format!(
                                "move the {} checker of row {} to square {sq}",
                                colour(turn).to_lowercase(),
                                i + 1
                            ));
                        }
                        None => {
                            s.rect(x, top, w, w, 1.0, "cell dark");
                        }
                    }
                }
                for (square, class, name) in [(r.white, "vertex", "white"), (r.black, "num", "black")] {
                    let (cx, cy) = fold.at(square - 1);
                    s.circle(cx, cy, w * 0.38, class).title(format!("the {name} checker on square {square}"));
                }
                y += 20.0 + (side + 4.0) * fold.lines(r.width) as f64 + 8.0;
            } else {
                row_label(&mut s, y, &format!("row {}", i + 1), &format!("gap {}", r.gap()));
                s.text(
                    ROW_X,
                    y + 13.0,
                    &format!("white on {}, black on {} of {} squares", r.white, r.black, r.width),
                    "small",
                    "start",
                );
                let forward = if mine < other { mine + 1 } else { mine - 1 };
                let back = if mine < other { mine.checked_sub(1) } else { mine.checked_add(1) };
                let close = if mine < other { other - 1 } else { other + 1 };
                let mut x = ROW_X;
                let mut offered = vec![];
                for (square, words) in [(Some(forward), "1 forward"), (Some(close), "close the gap"), (back, "1 back")]
                {
                    let Some(square) = square.filter(|&sq| r.allows(turn, sq) && !offered.contains(&sq)) else {
                        continue;
                    };
                    offered.push(square);
                    let t = s.target(after_move(&rows, turn, i, square), Some(format!("{} {square}", i + 1)));
                    x += s.button(x, y + 18.0, words, t, &format!("move {} to {square}", i + 1)) + 6.0;
                }
                y += 46.0;
            }
        }
        y = left_out(&mut s, y, rows.len(), "rows");
        let caption = if !over {
            format!(
                "{} to move: click a square to move the {} checker of its row there.",
                colour(turn),
                colour(turn).to_lowercase()
            )
        } else {
            format!("{} has no move left: {} wins.", colour(turn), colour(1 - turn))
        };
        s.turn_note(y + 10.0, over, &caption);
        s.height = y + 18.0;
        s
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use crate::rules::board::NoHeapEngine;
    use std::collections::HashMap;

    use super::*;
    use crate::rules::board::first_change;
    use crate::rules::convention::Outcome;

    /// Whether going from `p` to `q` is a move (the mover is in the position).
    fn check(p: &[u64], q: &[u64]) -> Result<(), IllegalMove> {
        Northcott.check(p, first_change(p, q), q, 0)
    }

    /// Every position of a board of rows of `widths`, both players to move.
    fn every_position(widths: &[u64]) -> Vec<Vec<u64>> {
        let mut boards: Vec<Vec<Row>> = vec![vec![]];
        for &width in widths {
            let mut next = vec![];
            for b in &boards {
                for white in 1..=width {
                    for black in (1..=width).filter(|&s| s != white) {
                        let mut b = b.clone();
                        b.push(Row { width, white, black });
                        next.push(b);
                    }
                }
            }
            boards = next;
        }
        boards.iter().flat_map(|b| [numbers_of(b, 0), numbers_of(b, 1)]).collect()
    }

    /// Plain retrograde analysis of the positions, by the definition of won and lost positions
    /// of a game that may not end: with no move the player to move loses; a position is won when
    /// some option is lost, lost when every option is won; what neither decides is a draw.
    /// `Some(true)` won, `Some(false)` lost, `None` drawn.
    fn retrograde(positions: &[Vec<u64>]) -> HashMap<Vec<u64>, Option<bool>> {
        let index: HashMap<&Vec<u64>, usize> = positions.iter().enumerate().map(|(i, p)| (p, i)).collect();
        let options: Vec<Vec<usize>> =
            positions.iter().map(|p| Northcott.options(p, 0).iter().map(|o| index[o]).collect()).collect();
        let mut parents: Vec<Vec<usize>> = vec![vec![]; positions.len()];
        for (p, os) in options.iter().enumerate() {
            for &o in os {
                parents[o].push(p);
            }
        }
        let mut value: Vec<Option<bool>> = vec![None; positions.len()];
        let mut undecided: Vec<usize> = options.iter().map(Vec::len).collect();
        let mut queue: Vec<usize> = (0..positions.len()).filter(|&p| options[p].is_empty()).collect();
        for &p in &queue {
            value[p] = Some(false);
        }
        while let Some(c) = queue.pop() {
            for &p in &parents[c] {
                if value[p].is_some() {
                    continue;
                }
                if value[c] == Some(false) {
                    value[p] = Some(true);
                    queue.push(p);
                } else {
                    undecided[p] -= 1;
                    if undecided[p] == 0 {
                        value[p] = Some(false);
                        queue.push(p);
                    }
                }
            }
        }
        positions.iter().cloned().zip(value).collect()
    }

    /// The closed form against retrograde analysis on every board of one row up to 10 squares,
    /// two rows up to 6 and three rows up to 4: no position is drawn,
    /// the player to move wins exactly when the nim-sum of the gaps is not 0, and the winning
    /// moves listed are exactly the options that are lost for the opponent.
    #[test]
    fn the_closed_form_is_retrograde_analysis_on_every_small_board() {
        let mut boards: Vec<Vec<u64>> = (2..=10).map(|w| vec![w]).collect();
        for a in 2..=6 {
            for b in 2..=6 {
                boards.push(vec![a, b]);
            }
        }
        for a in 2..=4 {
            for b in 2..=4 {
                for c in 2..=4 {
                    boards.push(vec![a, b, c]);
                }
            }
        }
        let (mut won, mut lost) = (0, 0);
        for widths in &boards {
            let positions = every_position(widths);
            let truth = retrograde(&positions);
            for p in &positions {
                let answer = Northcott.solve(p, &BoardContext::plain(false, 1 << 20, &NoHeapEngine)).unwrap();
                let wins = answer.outcome == Outcome::N;
                assert_eq!(truth[p], Some(wins), "{:?}", Northcott.tokens(p));
                let mut winning: Vec<Vec<u64>> =
                    Northcott.options(p, 0).into_iter().filter(|o| truth[o] == Some(false)).collect();
                let mut listed: Vec<Vec<u64>> = answer.winning_moves.iter().map(|m| m.result.clone()).collect();
                winning.sort();
                listed.sort();
                assert_eq!(listed, winning, "{:?}", Northcott.tokens(p));
                assert_eq!(answer.given_count, Some(winning.len() as u128));
                if wins {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
        }
        // Not vacuous: both outcomes, on many positions.
        assert!(won > 2_000 && lost > 1_000, "{won} won, {lost} lost");
    }

    /// Every option passes `check`, and on small boards every position that `check` accepts is
    /// an option: the two say the same rule.
    #[test]
    fn options_are_the_moves_check_accepts() {
        for widths in [vec![5], vec![3, 4]] {
            let positions = every_position(&widths);
            for p in &positions {
                let options = Northcott.options(p, 0);
                assert_eq!(Northcott.has_move(p, 0), !options.is_empty());
                for q in &positions {
                    assert_eq!(check(p, q).is_ok(), options.contains(q), "{p:?} -> {q:?}");
                }
                if let Some(s) = Northcott.smallest_move(p, 0) {
                    assert!(options.contains(&s));
                }
                let mut seed = 7u64;
                for _ in 0..8 {
                    let mut below = |k: u64| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        (seed >> 33) % k
                    };
                    let r = Northcott.random_move(p, 0, &mut below);
                    assert_eq!(r.is_some(), !options.is_empty());
                    assert!(r.is_none_or(|r| options.contains(&r)));
                }
            }
        }
    }

    /// Random positions read back as boards of 2 or 3 rows of 3 to 9 squares, and over many
    /// draws both players are to move and both outcomes come up.
    #[test]
    fn random_positions_are_small_legal_boards() {
        let mut seed = 11u64;
        let mut below = |k: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        let (mut turns, mut outcomes) = ([0; 2], [0; 2]);
        for _ in 0..300 {
            let tokens = Northcott.random_position(&mut below);
            let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let numbers = Northcott.parse(&refs).unwrap_or_else(|e| panic!("{tokens:?}: {e}"));
            let (rows, turn) = board(&numbers).unwrap();
            assert!((2..=3).contains(&rows.len()), "{tokens:?}");
            assert!(rows.iter().all(|r| (3..=9).contains(&r.width)), "{tokens:?}");
            assert_eq!(Northcott.tokens(&numbers), tokens);
            turns[turn as usize] += 1;
            let answer = Northcott.solve(&numbers, &BoardContext::plain(false, 1 << 20, &NoHeapEngine)).unwrap();
            outcomes[usize::from(answer.outcome == Outcome::N)] += 1;
        }
        assert!(turns.iter().all(|&n| n > 50), "{turns:?}");
        assert!(outcomes.iter().all(|&n| n > 30), "{outcomes:?}");
    }

    /// The words down the drawing's left edge (the header, each row's name and gap over its
    /// squares, or for a row too wide to draw its name and the gap under it, the note) stand at
    /// least a line of 14-unit type apart: a row of 18-unit squares once advanced 26 units, and
    /// its name met the gap above.
    #[test]
    #[cfg(feature = "draw")]
    fn the_rows_names_and_gaps_do_not_overlap() {
        let read = |t: &str| Northcott.parse(&t.split_whitespace().collect::<Vec<_>>()).unwrap();
        let svg = Northcott.draw(&read("8:1,5 7:2,7 50:3,40 3:3,1 black"), 0).render(&[], "");
        let ys: Vec<f64> = svg
            .split("<text x=\"8\" y=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
            .collect();
        assert!(ys.len() >= 8, "the header, four rows' names and gaps, then the note: {ys:?}");
        for pair in ys.windows(2) {
            assert!(pair[1] - pair[0] >= 14.0, "{ys:?}");
        }
    }

    #[test]
    fn positions_round_trip_and_bad_ones_are_named() {
        let read = |t: &str| Northcott.parse(&t.split_whitespace().collect::<Vec<_>>());
        for text in ["8:1,5 7:2,7 6:6,3", "8:1,5 black", "2:2,1"] {
            assert_eq!(Northcott.tokens(&read(text).unwrap()).join(" "), text);
        }
        assert_eq!(read("8:1,5 white").unwrap(), read("8:1,5").unwrap());
        assert_eq!(read("8:1,5 black").unwrap(), vec![8, 1, 5, 1]);
        assert_eq!(
            read("8:1,9").unwrap_err(),
            "row '8:1,9': the black checker's square 9 is off a row of 8 squares (write WIDTH:WHITE,BLACK, e.g. 8:1,5)"
        );
        assert!(read("8:3,3").unwrap_err().contains("share a square"));
        assert!(read("8:3").unwrap_err().starts_with("row '8:3': no ','"));
        assert!(read("black").unwrap_err().contains("at least one row"));
        // Huge rows are exact, and their moves are checked at any size.
        let big = read(&format!("{}:1,{}", u64::MAX, u64::MAX)).unwrap();
        let answer = Northcott.solve(&big, &BoardContext::plain(false, 1, &NoHeapEngine)).unwrap();
        assert_eq!(answer.outcome, Outcome::N);
        let results: Vec<&[u64]> = answer.winning_moves.iter().map(|m| m.result.as_slice()).collect();
        assert_eq!(results, [[u64::MAX, u64::MAX - 1, u64::MAX, 1]]);
        assert!(check(&big, &[u64::MAX, u64::MAX, u64::MAX, 1]).unwrap_err().to_string().contains("may not reach"));
        // A move must pass the turn and move the mover's own checker.
        let p = read("8:1,5").unwrap();
        assert!(check(&p, &[8, 2, 5, 0]).unwrap_err().to_string().contains("passes the turn"));
        assert!(check(&p, &[8, 1, 6, 1]).unwrap_err().to_string().contains("White moves only the white checkers"));
        assert_eq!(Northcott.describe(&p, &[8, 4, 5, 1]), "move 1 to 4 (White, row 1: 1 -> 4, forward; gap 3 -> 0)");
        assert_eq!(Northcott.read_move(&p, "move 1 to 4", 0), Some(Ok(vec![8, 4, 5, 1])));
    }
}
