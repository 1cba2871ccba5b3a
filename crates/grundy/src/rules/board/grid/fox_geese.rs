//! Fox and Geese (Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., vol. 3, ch. 20; CGSuite's
//! `FoxAndGeese`): a board 8 squares wide, geese (`G`, Left's, the first player's) and one fox
//! (`F`, Right's) on the dark squares. A goose steps one square diagonally up (towards the first
//! row written), the fox one square diagonally in any direction, each onto an empty square; no
//! jumps, no captures. A player with no move loses. The fox can step back and forth, so a
//! position can repeat: the game is loopy, and its value is a loopy game's (a stopper, or an
//! onside and an offside), found from the graph of every position reachable
//! ([`crate::rules::board::machinery::loopy`]).
//!
//! A position is the board's rows from top to bottom joined by `/`, each 8 cells (`.` empty),
//! e.g. `....F.../......../......../......../......../......../......../.G.G.G.G`, Winning
//! Ways' start. Every piece stands on a square of the fox's colour (a diagonal step never leaves
//! it), drawn dark. It is stored as a board's numbers (rows, columns, then a number a cell: 0
//! empty, 1 a goose, 2 the fox), and packed for the graph of positions in one 128-bit key: the
//! geese one bit a dark square (row times 4 plus half the column), so that a board of up to 16
//! rows is one word of geese, the fox's square and the rows above them. A move is typed as the
//! square of the piece, then the square it steps to (`a3-b2`, or `a3 b2`).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
#[cfg(feature = "draw")]
use crate::rules::board::grid::GridFace;
use crate::rules::board::grid::{cell_name, read_cell, Grid, GridNotation};
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::side;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, Theory};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Fox and Geese in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

/// A small board whose game ends: the fox at a1, two geese on the third row.
const EXAMPLE: &str = "F......./......../G.G.....";

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "fox-and-geese",
    name: "Fox and Geese",
    a_move: "step a piece of yours one square diagonally onto an empty square: a goose (`G`, Left's, the first player's) up, the fox (`F`, Right's) in any direction; no jumps, no captures (rows from top to bottom joined by `/`, each 8 cells, `.` empty)",
    example_game: "fox-and-geese",
    example_position: EXAMPLE,
    heap_ruleset: false,
    move_syntax: "`FROM-TO` steps your piece on square FROM to the empty square TO one step diagonally away, a goose upwards (columns a to h from the left, rows 1, 2... from the top), e.g. `a3-b2`",
    example_move: "a3-b2",
}];

/// Reads the game's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "fox-and-geese").then(|| Ok(Board::new(FoxAndGeese)))
}

/// The characters of a board: an empty square, a goose, the fox.
const ALPHABET: [char; 3] = ['.', 'G', 'F'];
const EMPTY: u8 = 0;
const GOOSE: u8 = 1;
const FOX: u8 = 2;

/// How a position is written: one board ([`GridNotation`]), read by the game itself (a board
/// may have more than the 64 cells a grid of the shared notation holds, and its checks are the
/// game's own).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: FOX,
    example: EXAMPLE,
    sum: ["F......./G.......", "F......./......../G......."],
    cells: GridNotation::CELLS,
    side: GridNotation::SIDE,
};

/// The squares of a row.
pub const COLS: usize = 8;

/// The most rows of a board: four dark squares a row, so that the geese are one 64-bit word.
pub const MAX_ROWS: usize = 16;

/// The four diagonal steps: up left, up right, down left, down right (rows count down the
/// board). A goose takes the first two.
const STEPS: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Fox and Geese.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FoxAndGeese;

/// A square: (row from the top, column from the left), both from 0.
type Square = (usize, usize);

/// A position: how many rows, the fox's square, and the geese as bits of the dark squares (the
/// fox's colour), square (r, c) being bit `4r + c/2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    rows: usize,
    fox: Square,
    geese: u64,
}

impl Layout {
    /// The position held in `numbers` (a board: rows, columns, then each cell, 0 empty, 1 a
    /// goose, 2 the fox); `None` when they hold none.
    fn of(numbers: &[u64]) -> Option<Layout> {
        let g = Grid::of(numbers, 3).filter(|g| g.cols == COLS && (1..=MAX_ROWS).contains(&g.rows))?;
        let mut foxes = (0..g.rows).flat_map(|r| (0..COLS).map(move |c| (r, c))).filter(|&(r, c)| g.at(r, c) == FOX);
        let (fox, None) = (foxes.next()?, foxes.next()) else { return None };
        let mut layout = Layout { rows: g.rows, fox, geese: 0 };
        for r in 0..g.rows {
            for c in 0..COLS {
                if g.at(r, c) == GOOSE {
                    if !layout.dark((r, c)) {
                        return None;
                    }
                    layout.geese |= Layout::bit((r, c));
                }
            }
        }
        Some(layout)
    }

    /// The board as numbers: rows, columns, then each cell.
    fn numbers(&self) -> Vec<u64> {
        let mut g = Grid::filled(self.rows, COLS, EMPTY);
        for r in 0..self.rows {
            for c in 0..COLS {
                g.set(r, c, self.owner((r, c)).map_or(EMPTY, |who| if who == 0 { GOOSE } else { FOX }));
            }
        }
        g.numbers()
    }

    /// The position as one packed key: the geese in the low 64 bits, the fox's square (row
    /// times 8 plus column) above them, then the rows.
    fn key(&self) -> Packed {
        Packed::from(self.geese) | ((self.fox.0 * COLS + self.fox.1) as Packed) << 64 | (self.rows as Packed) << 72
    }

    /// The position of a packed key.
    fn of_key(key: Packed) -> Layout {
        let fox = (key >> 64) as usize & 0xff;
        Layout { rows: (key >> 72) as usize & 0x1f, fox: (fox / COLS, fox % COLS), geese: key as u64 }
    }

    /// Whether `sq` is a dark square, one of the fox's colour.
    fn dark(&self, (r, c): Square) -> bool {
        (r + c) % 2 == (self.fox.0 + self.fox.1) % 2
    }

    /// The bit of the dark square `sq`.
    fn bit((r, c): Square) -> u64 {
        1u64 << ((r * 4 + c / 2) % 64)
    }

    /// Whether a goose stands on `sq`.
    fn goose(&self, sq: Square) -> bool {
        self.dark(sq) && self.geese & Layout::bit(sq) != 0
    }

    /// Whose piece stands on `sq` (0: a goose, Left's; 1: the fox, Right's).
    fn owner(&self, sq: Square) -> Option<usize> {
        if sq == self.fox {
            Some(1)
        } else if self.goose(sq) {
            Some(0)
        } else {
            None
        }
    }

    /// The square a step `d` from `sq` reaches, on the board.
    fn step(&self, (r, c): Square, (dr, dc): (isize, isize)) -> Option<Square> {
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < self.rows && c < COLS).then_some((r, c))
    }

    /// The squares the piece on `from` (of player `who`) can step to, in the order of [`STEPS`].
    fn targets(&self, from: Square, who: usize) -> Vec<Square> {
        let steps = if who == 0 { &STEPS[..2] } else { &STEPS[..] };
        steps.iter().filter_map(|&d| self.step(from, d)).filter(|&to| self.owner(to).is_none()).collect()
    }

    /// The pieces of player `who`, in reading order.
    fn pieces(&self, who: usize) -> Vec<Square> {
        if who == 1 {
            return vec![self.fox];
        }
        (0..self.rows).flat_map(|r| (0..COLS).map(move |c| (r, c))).filter(|&sq| self.goose(sq)).collect()
    }

    /// Every step of player `who`: (from, to), the pieces in reading order.
    fn moves(&self, who: usize) -> Vec<(Square, Square)> {
        self.pieces(who)
            .into_iter()
            .flat_map(|from| self.targets(from, who).into_iter().map(move |to| (from, to)))
            .collect()
    }

    /// The position after the piece on `from` steps to `to`.
    fn after(&self, from: Square, to: Square) -> Layout {
        if from == self.fox {
            Layout { fox: to, ..*self }
        } else {
            Layout { geese: self.geese & !Layout::bit(from) | Layout::bit(to), ..*self }
        }
    }

    /// The step from this position to `next`, with whose it is; `None` when `next` is not one
    /// step of one piece away.
    fn step_to(&self, next: &Layout) -> Option<(Square, Square, usize)> {
        (0..2).find_map(|who| {
            self.moves(who).into_iter().find(|&(f, t)| self.after(f, t) == *next).map(|(f, t)| (f, t, who))
        })
    }

    /// The board written as typed.
    fn write(&self) -> String {
        GRID.write(&self.numbers())
    }

    /// Reads a board: rows joined by `/`, each 8 of `F`, `G`, `.`; the error names the bad part.
    fn read(text: &str) -> Result<Layout, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() > MAX_ROWS {
            return Err(format!("the board has {} rows; at most {MAX_ROWS} are allowed", rows.len()));
        }
        let mut fox = vec![];
        let mut geese = vec![];
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != COLS {
                return Err(format!(
                    "row {} ('{}') has {len} cells: every row has {COLS}",
                    r + 1,
                    crate::number::echo(row)
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch.to_ascii_uppercase() {
                    'F' => fox.push((r, c)),
                    'G' => geese.push((r, c)),
                    '.' => {}
                    _ => {
                        return Err(format!(
                        "square {} (row {}, column {}): '{ch}' is not one of 'F' (the fox), 'G' (a goose), '.' (empty)",
                        cell_name(r, c),
                        r + 1,
                        c + 1
                    ))
                    }
                }
            }
        }
        let fox = match fox[..] {
            [one] => one,
            [] => return Err(format!("the board has no fox: write one 'F' (e.g. {EXAMPLE})")),
            _ => {
                let at: Vec<String> = fox.iter().map(|&(r, c)| cell_name(r, c)).collect();
                return Err(format!("the board has {} foxes (on {}): there is exactly one", fox.len(), at.join(", ")));
            }
        };
        let mut layout = Layout { rows: rows.len(), fox, geese: 0 };
        for sq in geese {
            if !layout.dark(sq) {
                return Err(format!(
                    "the goose on {} stands on a square of the other colour than the fox on {}: every piece stands on the fox's colour (a diagonal step never leaves it)",
                    cell_name(sq.0, sq.1),
                    cell_name(fox.0, fox.1)
                ));
            }
            layout.geese |= Layout::bit(sq);
        }
        Ok(layout)
    }
}

/// The position of `numbers` (the fox alone on a1 of one row when they hold none).
fn layout(numbers: &[u64]) -> Layout {
    Layout::of(numbers).unwrap_or(Layout { rows: 1, fox: (0, 0), geese: 0 })
}

/// A step written as typed: `a3-b2`.
fn step_words(from: Square, to: Square) -> String {
    format!("{}-{}", cell_name(from.0, from.1), cell_name(to.0, to.1))
}

/// The piece of player `who` in words.
fn piece(who: usize) -> &'static str {
    if who == 0 {
        "goose"
    } else {
        "fox"
    }
}

/// How the piece of player `who` steps, for a refusal.
fn how(who: usize) -> &'static str {
    if who == 0 {
        "a goose steps one square diagonally up (towards row 1) onto an empty square"
    } else {
        "the fox steps one square diagonally, in any direction, onto an empty square"
    }
}

impl RulesCore for FoxAndGeese {
    fn words(&self) -> Words {
        Words::new(
            "fox-and-geese",
            Players::Partizan("Left moves the geese up, Right the fox in any direction".into()),
            "Fox and Geese: Left's geese (G) each step one square diagonally up (towards row 1), Right's fox (F) one square diagonally in any direction, onto an empty square; no jumps, no captures; a player with no move loses. The fox can step back and forth, so a position can repeat: the game is loopy (yet every game ends, the geese's steps being finite).",
            "Type the square of your piece, then the square it steps to: 'a3-b2' (a goose up), 'a1-b2' (the fox)",
        )
        .with_grid(GRID)
        .with_repeats()
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let l = layout(numbers);
        l.moves(mover.min(1)).into_iter().map(|(f, t)| l.after(f, t).numbers()).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let l = layout(numbers);
        let next = Layout::of(after).filter(|n| n.rows == l.rows).ok_or("a move keeps the board and its one fox")?;
        match l.step_to(&next) {
            Some((_, _, who)) if who == mover.min(1) => Ok(()),
            Some((from, _, who)) => Err(format!(
                "the {} on {} is {}'s: {} moves the {}",
                piece(who),
                cell_name(from.0, from.1),
                side(who),
                side(mover),
                if mover == 0 { "geese" } else { "fox" }
            )
            .into()),
            None => Err(format!("a move steps one piece one square: {}; {}", how(0), how(1)).into()),
        }
    }
}

impl Notation for FoxAndGeese {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        match tokens {
            [one] => Layout::read(one).map(|l| l.numbers()),
            [] => Err(format!(
                "the position is empty: give the board, rows from top to bottom joined by '/', each {COLS} cells (e.g. {EXAMPLE})"
            )),
            _ => Err(format!("a position is one board, rows joined by '/', not {} tokens", tokens.len())),
        }
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let l = layout(numbers);
        match Layout::of(after).and_then(|n| l.step_to(&n)) {
            Some((from, to, who)) => format!(
                "{} moves the {} from {} to {}",
                side(who),
                piece(who),
                cell_name(from.0, from.1),
                cell_name(to.0, to.1)
            ),
            None => format!("not one step of one piece ({})", arrow_move(numbers, after)),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
        let [a, b] = words[..] else { return None };
        let (from, to) = (read_cell(a)?, read_cell(b)?);
        let l = layout(numbers);
        Some((|| {
            for (w, (r, c)) in [(a, from), (b, to)] {
                if r >= l.rows || c >= COLS {
                    return Err(format!("there is no square {w} (the board has {} rows and {COLS} columns)", l.rows));
                }
            }
            let who = l.owner(from).ok_or_else(|| format!("square {a} holds no piece to move"))?;
            if !l.targets(from, who).contains(&to) {
                return Err(format!("the {} on {a} cannot step to {b}: {}", piece(who), how(who)));
            }
            Ok(l.after(from, to).numbers())
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        let l = layout(numbers);
        match Layout::of(after).and_then(|n| l.step_to(&n)) {
            Some((from, to, _)) => step_words(from, to),
            None => arrow_move(numbers, after),
        }
    }
}

impl PlayHelp for FoxAndGeese {
    /// A board of 3 or 4 rows, the fox on the top row, one or two geese on the bottom row, each
    /// on a dark square: a game of a few hundred positions at most.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let rows = 3 + below(2) as usize;
        let fox = (0, 2 * below(4) as usize);
        let mut l = Layout { rows, fox, geese: 0 };
        let bottom = rows - 1;
        for _ in 0..1 + below(2) {
            let c = 2 * below(4) as usize + bottom % 2;
            l.geese |= Layout::bit((bottom, c));
        }
        vec![l.write()]
    }
}

/// The packed keys ([`Layout::key`]) name the vertices of the graph of positions a loopy
/// game is valued on ([`crate::rules::board::machinery::loopy::PositionGraph`]): its moves do not shrink
/// the position, so the value search of short games, which the keys would serve too, is never
/// run on them (a loopy game is answered before it).
impl PackedRules for FoxAndGeese {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        Layout::of(numbers).map(|l| l.key())
    }

    /// The board is never split.
    fn key_parts(&self, _key: Packed, _out: &mut Vec<Packed>) {}

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let l = Layout::of_key(key);
        out.extend(l.moves(mover.min(1)).into_iter().map(|(f, t)| l.after(f, t).key()));
    }
}

impl Theory for FoxAndGeese {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for FoxAndGeese {
    /// The board as a checkerboard, its dark squares the fox's colour, geese as blue discs and
    /// the fox as a larger red one; each piece of the player to move that can step picks its
    /// moves, shown as rings on the squares it can step to (one piece's at a time).
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let l = layout(numbers);
        let mover = mover.min(1);
        let face = GridFace::of(&Grid::filled(l.rows, COLS, EMPTY));
        let mut s = Sketch::new();
        face.cells(&mut s, |r, c| (if l.dark((r, c)) { "cell dark" } else { "cell" }, cell_name(r, c)));
        let moves = l.moves(mover);
        let first = moves.first().map(|m| m.0);
        for who in 0..2 {
            for sq in l.pieces(who) {
                let title = format!("{}'s {} on {}", side(who), piece(who), cell_name(sq.0, sq.1));
                let (class, letter) = if who == 0 { ("obj", "G") } else { ("queen", "F") };
                let (x, y) = face.centre(sq.0, sq.1);
                let shape = if who == 0 {
                    face.stone(&mut s, sq.0, sq.1, class)
                } else {
                    s.circle(x, y, face.size * 0.4, class)
                };
                if moves.iter().any(|m| m.0 == sq) {
                    shape.picks(cell_name(sq.0, sq.1)).title(format!("{title}: click it, then the square it steps to"));
                } else {
                    shape.title(title);
                }
                s.text(x, y + 5.0, letter, "queen-label", "middle");
            }
        }
        for from in l.pieces(mover) {
            let mine: Vec<Square> = l.targets(from, mover);
            if mine.is_empty() {
                continue;
            }
            let key = cell_name(from.0, from.1);
            s.choice(&key, first == Some(from), |s| {
                face.ring(s, from.0, from.1, "picked");
                for to in mine {
                    let t = s.target(l.after(from, to).numbers(), Some(step_words(from, to)));
                    let what =
                        format!("{} moves the {} from {key} to {}", side(mover), piece(mover), cell_name(to.0, to.1));
                    face.ring(s, to.0, to.1, "target").makes(t).title(what);
                }
            });
        }
        let y = face.below();
        let next = s.note(y, "Left moves the geese (G) up, Right the fox (F) any way.");
        let what = if moves.is_empty() {
            format!("{} has no move: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a {}, then where it steps.", side(mover), piece(mover))
        };
        s.turn_note(next, moves.is_empty(), &what);
        s.height = y + 24.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        FoxAndGeese.parse(&[text]).unwrap()
    }

    #[test]
    fn boards_are_read_written_and_refused_in_one_line() {
        let start = "....F.../......../......../......../......../......../......../.G.G.G.G";
        assert_eq!(FoxAndGeese.tokens(&numbers(start)), [start]);
        assert_eq!(FoxAndGeese.tokens(&numbers("f......./......../g.g.....")), [EXAMPLE]);
        let refuse = |t: &str| FoxAndGeese.parse(&[t]).unwrap_err();
        assert_eq!(refuse("F......./...."), "row 2 ('....') has 4 cells: every row has 8");
        assert!(refuse("........").starts_with("the board has no fox"));
        assert_eq!(refuse("F.F....."), "the board has 2 foxes (on a1, c1): there is exactly one");
        assert!(refuse("FG......").starts_with("the goose on b1 stands on a square of the other colour"));
        assert!(refuse("F...x...").starts_with("square e1 (row 1, column 5): 'x'"));
        assert!(refuse(&["F......."; 17].join("/")).contains("at most 16"));
        assert!(FoxAndGeese.parse(&[]).unwrap_err().contains("e.g."));
        // 16 rows: 64 dark squares, the geese one word.
        let rows: Vec<&str> = (0..16)
            .map(|r| {
                if r == 0 {
                    "F......."
                } else if r % 2 == 1 {
                    ".G.G.G.G"
                } else {
                    "G.G.G.G."
                }
            })
            .collect();
        let tall = rows.join("/");
        assert_eq!(FoxAndGeese.tokens(&numbers(&tall)), [tall]);
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers(EXAMPLE);
        let goose = FoxAndGeese.read_move(&n, "a3-b2", 0).unwrap().unwrap();
        assert_eq!(FoxAndGeese.tokens(&goose), ["F......./.G....../..G....."]);
        assert_eq!(FoxAndGeese.describe(&n, &goose), "Left moves the goose from a3 to b2");
        assert_eq!(FoxAndGeese.write_move(&n, &goose, 0), "a3-b2");
        assert!(FoxAndGeese.check(&n, 0..0, &goose, 0).is_ok());
        assert_eq!(
            FoxAndGeese.check(&n, 0..0, &goose, 1).unwrap_err().to_string(),
            "the goose on a3 is Left's: Right moves the fox"
        );
        let fox = FoxAndGeese.read_move(&n, "a1 b2", 1).unwrap().unwrap();
        assert_eq!(FoxAndGeese.tokens(&fox), ["......../.F....../G.G....."]);
        assert!(FoxAndGeese.read_move(&n, "a3-a2", 0).unwrap().unwrap_err().contains("cannot step to a2"));
        assert_eq!(FoxAndGeese.read_move(&n, "b3-a2", 0).unwrap().unwrap_err(), "square b3 holds no piece to move");
        assert!(FoxAndGeese.read_move(&n, "a9-b8", 0).unwrap().unwrap_err().starts_with("there is no square a9"));
        assert!(FoxAndGeese.read_move(&n, "zz", 0).is_none());
        // The geese step up only; the fox every way it can.
        assert_eq!(FoxAndGeese.options(&n, 0).len(), 3);
        assert_eq!(FoxAndGeese.options(&n, 1).len(), 1);
        let back = FoxAndGeese.options(&fox, 1);
        assert!(back.contains(&n), "the fox steps back: the position repeats");
    }

    /// Every board of 2 and 3 rows with the fox anywhere and any geese on its colour: the
    /// packed key's options are the keys of the plain rule's options, and a key is its board's.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        let mut checked = 0;
        for rows in 2..=3 {
            for fox in 0..rows * COLS {
                let fox = (fox / COLS, fox % COLS);
                let base = Layout { rows, fox, geese: 0 };
                let dark: Vec<Square> = (0..rows)
                    .flat_map(|r| (0..COLS).map(move |c| (r, c)))
                    .filter(|&sq| base.dark(sq) && sq != fox)
                    .collect();
                for set in 0u32..1 << dark.len() {
                    let geese = dark
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| set >> i & 1 == 1)
                        .fold(0, |g, (_, &sq)| g | Layout::bit(sq));
                    let numbers = Layout { geese, ..base }.numbers();
                    let key = FoxAndGeese.key_of(&numbers).unwrap();
                    assert_eq!(Layout::of_key(key).numbers(), numbers);
                    for mover in 0..2 {
                        let mut packed = vec![];
                        FoxAndGeese.key_options(key, mover, &mut packed);
                        let plain: Vec<Packed> = FoxAndGeese
                            .options(&numbers, mover)
                            .iter()
                            .map(|o| FoxAndGeese.key_of(o).unwrap())
                            .collect();
                        assert_eq!(packed, plain, "{} mover {mover}", GRID.write(&numbers));
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 16 * (1 << 7) + 24 * (1 << 11));
    }
}
