//! A rectangle of cells written as rows joined by `/` (`../..`, `xo/ox`), each cell one
//! character of a game's alphabet: what Domineering and Clobber share. A grid is stored as
//! numbers `[rows, columns, cell, cell, ...]`, row by row, each cell the index of its character
//! in the alphabet, so that a move changes the numbers of the cells it changes and the grid
//! writes back exactly as it was typed.
//!
//! Cells are named as on a chessboard, but read from the top: columns `a`, `b`, `c`... from the
//! left, rows `1`, `2`... from the top (`b1` is the second cell of the first row typed).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

#[cfg(feature = "draw")]
use crate::rules::draw::{ShapeRef, Sketch};

/// The most rows, and the most columns, of a grid.
pub const MAX_SIDE: usize = 16;

/// The most cells of a grid: a position's memo entry holds one number a cell, so this keeps a
/// position within a few hundred bytes (an 8 x 8 board fits).
pub const MAX_CELLS: usize = 64;

/// A grid of cells, each a small number (its character's index in the game's alphabet).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// How many rows.
    pub rows: usize,
    /// How many columns.
    pub cols: usize,
    /// The cells, row by row.
    pub cells: Vec<u8>,
}

/// A cell's name: its column's letters, then its row's number from the top (`b1`, `ab1`).
pub fn cell_name(r: usize, c: usize) -> String {
    format!("{}{}", column_letter(c), r + 1)
}

/// The letters of column `c` (0-based) in a cell's name, as a spreadsheet names its columns:
/// `a` to `z` for the first 26, then `aa`, `ab`, ... (a board of Clobber or Konane may be one
/// row of up to 64 cells).
pub fn column_letter(c: usize) -> String {
    let letter = |i: usize| char::from(b'a' + (i % 26) as u8);
    if c < 26 {
        letter(c).to_string()
    } else {
        format!("{}{}", letter(c / 26 - 1), letter(c % 26))
    }
}

/// Reads a cell's name (`b1`, `ab1`) as (row, column), 0-based; `None` when it is not one.
pub fn read_cell(text: &str) -> Option<(usize, usize)> {
    let letters = text.chars().take_while(char::is_ascii_alphabetic).count();
    let (name, row) = text.split_at(letters);
    // The letters are ASCII, one byte each.
    let digit = |b: u8| usize::from(b.to_ascii_lowercase() - b'a');
    let col = match *name.as_bytes() {
        [one] => digit(one),
        [first, second] => (digit(first) + 1) * 26 + digit(second),
        _ => return None,
    };
    if !row.chars().all(|ch| ch.is_ascii_digit()) {
        return None;
    }
    let row: usize = row.parse().ok()?;
    Some((row.checked_sub(1)?, col))
}

impl Grid {
    /// A grid of `rows` x `cols` cells, all `fill`.
    pub fn filled(rows: usize, cols: usize, fill: u8) -> Grid {
        Grid { rows, cols, cells: vec![fill; rows * cols] }
    }

    /// Reads a grid written as rows joined by `/`, each character one of `alphabet`; the error
    /// names the bad part (a character, a row of another length, a size past the limits).
    pub fn parse(text: &str, alphabet: &[char]) -> Result<Grid, String> {
        Grid::parse_within(text, alphabet, MAX_CELLS)
    }

    /// [`Grid::parse`] of a board of at most `most` cells and [`MAX_SIDE`] rows and columns.
    pub fn parse_within(text: &str, alphabet: &[char], most: usize) -> Result<Grid, String> {
        Grid::parse_sized(text, alphabet, most, MAX_SIDE)
    }

    /// [`Grid::parse`] of a board of at most `most` cells and `side` rows and columns.
    pub fn parse_sized(text: &str, alphabet: &[char], most: usize, side: usize) -> Result<Grid, String> {
        let listed = alphabet.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", ");
        if text.is_empty() {
            return Err(format!("the board is empty: write its rows joined by '/', each cell one of {listed}"));
        }
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() > side {
            return Err(format!("the board has {} rows; at most {side} are allowed", rows.len()));
        }
        let mut grid = Grid { rows: rows.len(), cols: 0, cells: vec![] };
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len == 0 {
                return Err(format!("row {} is empty", r + 1));
            }
            if r == 0 {
                if len > side {
                    return Err(format!("row 1 has {len} cells; at most {side} columns are allowed"));
                }
                grid.cols = len;
            } else if len != grid.cols {
                return Err(format!(
                    "row {} has {len} cells, row 1 has {}: the rows must have equal lengths",
                    r + 1,
                    grid.cols
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                // The character itself first: an alphabet may hold both cases of a letter (Ski
                // Jumps' `L` jumper and `l` slipper); otherwise either case reads.
                let i = alphabet
                    .iter()
                    .position(|&a| a == ch)
                    .or_else(|| alphabet.iter().position(|a| a.eq_ignore_ascii_case(&ch)))
                    .ok_or_else(|| {
                        format!(
                            "cell {} (row {}, column {}): '{ch}' is not one of {listed}",
                            cell_name(r, c),
                            r + 1,
                            c + 1
                        )
                    })?;
                grid.cells.push(i as u8);
            }
        }
        if grid.cells.len() > most {
            let (n, rows, cols) = (grid.cells.len(), grid.rows, grid.cols);
            return Err(if most == MAX_CELLS {
                format!("the board has {n} cells ({rows} x {cols}); boards of at most {MAX_CELLS} cells are supported (8 x 8, 7 x 9, 4 x 16, ...: the cells of one 64-bit word): give a smaller board")
            } else {
                format!("the board has {n} cells ({rows} x {cols}); boards of at most {most} cells are supported: give a smaller board")
            });
        }
        Ok(grid)
    }

    /// The grid written back: rows joined by `/`.
    pub fn write(&self, alphabet: &[char]) -> String {
        let mut out = String::with_capacity(self.cells.len() + self.rows);
        for r in 0..self.rows {
            if r > 0 {
                out.push('/');
            }
            for c in 0..self.cols {
                out.push(alphabet.get(usize::from(self.at(r, c))).copied().unwrap_or('?'));
            }
        }
        out
    }

    /// The grid as numbers: rows, columns, then the cells.
    pub fn numbers(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.cells.len() + 2);
        out.push(self.rows as u64);
        out.push(self.cols as u64);
        out.extend(self.cells.iter().map(|&c| u64::from(c)));
        out
    }

    /// The grid held in `numbers` (`None` when they are not one, or a cell is past `kinds`).
    pub fn of(numbers: &[u64], kinds: u8) -> Option<Grid> {
        let (&rows, rest) = numbers.split_first()?;
        let (&cols, cells) = rest.split_first()?;
        let (rows, cols) = (usize::try_from(rows).ok()?, usize::try_from(cols).ok()?);
        if rows.checked_mul(cols)? != cells.len() || cells.iter().any(|&c| c >= u64::from(kinds)) {
            return None;
        }
        Some(Grid { rows, cols, cells: cells.iter().map(|&c| c as u8).collect() })
    }

    /// The cell at (r, c); 0 off the grid.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        if r >= self.rows || c >= self.cols {
            return 0;
        }
        self.cells.get(r * self.cols + c).copied().unwrap_or(0)
    }

    /// Sets the cell at (r, c) (nothing off the grid).
    pub fn set(&mut self, r: usize, c: usize, v: u8) {
        if r < self.rows && c < self.cols {
            if let Some(cell) = self.cells.get_mut(r * self.cols + c) {
                *cell = v;
            }
        }
    }

    /// The neighbours of (r, c) on the grid: up, down, left, right.
    pub fn neighbours(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
            .into_iter()
            .filter(move |&(a, b)| a < self.rows && b < self.cols)
    }

    /// The cells (row, column) that differ between this grid and `other` of the same size, in
    /// reading order; `None` when the sizes differ.
    pub fn changed(&self, other: &Grid) -> Option<Vec<(usize, usize)>> {
        if (self.rows, self.cols) != (other.rows, other.cols) {
            return None;
        }
        Some(
            (0..self.rows * self.cols)
                .filter(|&i| self.cells.get(i) != other.cells.get(i))
                .map(|i| (i / self.cols, i % self.cols))
                .collect(),
        )
    }

    /// The smallest grid holding the cells for which `keep` holds (the rest of the rectangle as
    /// it is), or a 1 x 1 grid of `blank` when there are none.
    pub fn cropped(&self, keep: impl Fn(u8) -> bool, blank: u8) -> Grid {
        let mut rs = (usize::MAX, 0);
        let mut cs = (usize::MAX, 0);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if keep(self.at(r, c)) {
                    rs = (rs.0.min(r), rs.1.max(r));
                    cs = (cs.0.min(c), cs.1.max(c));
                }
            }
        }
        if rs.0 == usize::MAX {
            return Grid::filled(1, 1, blank);
        }
        let (rows, cols) = (rs.1 - rs.0 + 1, cs.1 - cs.0 + 1);
        let mut out = Grid::filled(rows, cols, blank);
        for r in 0..rows {
            for c in 0..cols {
                out.set(r, c, self.at(rs.0 + r, cs.0 + c));
            }
        }
        out
    }

    /// The grid seen through one of the eight symmetries of the square: `k & 1` mirrors the
    /// rows (top to bottom), `k & 2` the columns, `k & 4` transposes (rows become columns).
    pub fn turned(&self, k: u8) -> Grid {
        let transpose = k & 4 != 0;
        let (rows, cols) = if transpose { (self.cols, self.rows) } else { (self.rows, self.cols) };
        let mut out = Grid::filled(rows, cols, 0);
        for r in 0..rows {
            for c in 0..cols {
                let (mut a, mut b) = if transpose { (c, r) } else { (r, c) };
                if k & 1 != 0 {
                    a = self.rows - 1 - a;
                }
                if k & 2 != 0 {
                    b = self.cols - 1 - b;
                }
                out.set(r, c, self.at(a, b));
            }
        }
        out
    }

    /// The smallest (as numbers) of the grid's images under the symmetries `ks`.
    pub fn least_image(&self, ks: &[u8]) -> Grid {
        ks.iter().map(|&k| self.turned(k)).min_by_key(Grid::numbers).unwrap_or_else(|| self.clone())
    }

    /// The connected regions (orthogonal neighbours) of the cells for which `inside` holds,
    /// each as a grid of its bounding box with every other cell set to `blank`.
    pub fn regions(&self, inside: impl Fn(u8) -> bool, blank: u8) -> Vec<Grid> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = vec![];
        for start in 0..self.cells.len() {
            let (r0, c0) = (start / self.cols.max(1), start % self.cols.max(1));
            if seen.get(start) != Some(&false) || !inside(self.at(r0, c0)) {
                continue;
            }
            let mut region = Grid::filled(self.rows, self.cols, blank);
            let mut stack = vec![(r0, c0)];
            if let Some(s) = seen.get_mut(start) {
                *s = true;
            }
            while let Some((r, c)) = stack.pop() {
                region.set(r, c, self.at(r, c));
                for (a, b) in self.neighbours(r, c) {
                    let i = a * self.cols + b;
                    if seen.get(i) == Some(&false) && inside(self.at(a, b)) {
                        if let Some(s) = seen.get_mut(i) {
                            *s = true;
                        }
                        stack.push((a, b));
                    }
                }
            }
            out.push(region.cropped(&inside, blank));
        }
        out
    }
}

/// The numbers of a board game's position of one token, a board of `grid` whose rows are
/// joined by `/` (`sum` a sum of two of its boards): the errors of an empty position and of
/// more than one token say how to write one (the grid's example) and how to write a sum.
pub fn parse_board(tokens: &[&str], grid: &GridNotation, sum: &str) -> Result<Vec<u64>, String> {
    let example = grid.example;
    match tokens {
        [one] => Grid::parse_sized(one, grid.alphabet, grid.cells, grid.side).map(|g| g.numbers()),
        [] => Err(format!("the position is empty: give the board, rows joined by '/' (e.g. {example})")),
        _ => Err(format!(
            "a position is one board, rows joined by '/', not {} tokens (a sum of boards: {sum})",
            tokens.len()
        )),
    }
}

/// How a game played on one board of cells writes its position ([`Notation::grid_notation`]):
/// one token, the board's rows joined by `/`, each cell a character of `alphabet`. The one
/// implementation of the text-board notation: the defaults of [`Notation`] read and write a
/// board through it, and name its numbers ([`number_label`]).
///
/// [`Notation`]: crate::rules::board::Notation
/// [`Notation::grid_notation`]: crate::rules::board::Notation::grid_notation
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridNotation {
    /// The character of each kind of cell, by its number.
    pub alphabet: &'static [char],
    /// The cell of the 1 x 1 board read from numbers that hold no board.
    pub blank: u8,
    /// A board of the game, named in the error of an empty position.
    pub example: &'static str,
    /// Two small boards, named (as a sum) in the error of a position of several tokens.
    pub sum: [&'static str; 2],
    /// The most cells of a board: [`MAX_CELLS`], or more for a game whose every search holds
    /// larger boards.
    pub cells: usize,
    /// The most rows, and the most columns, of a board: [`MAX_SIDE`], or more for a game whose
    /// every search holds a board of one row of its most cells (Clobber's and Konane's).
    pub side: usize,
}

impl GridNotation {
    /// The most cells of a board of most games ([`MAX_CELLS`]).
    pub const CELLS: usize = MAX_CELLS;

    /// The most rows and columns of a board of most games ([`MAX_SIDE`]).
    pub const SIDE: usize = MAX_SIDE;

    /// The board held in `numbers` (a 1 x 1 board of [`GridNotation::blank`] when they hold
    /// none).
    pub fn board(&self, numbers: &[u64]) -> Grid {
        Grid::of(numbers, self.alphabet.len() as u8).unwrap_or_else(|| Grid::filled(1, 1, self.blank))
    }

    /// Reads a position of the game spelt `spelling` ([`parse_board`]).
    pub fn parse(&self, spelling: &str, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let [a, b] = self.sum;
        parse_board(tokens, self, &format!("sum {spelling}={a} {spelling}={b}"))
    }

    /// The board held in `numbers`, written as it is typed.
    pub fn write(&self, numbers: &[u64]) -> String {
        self.board(numbers).write(self.alphabet)
    }

    /// The board held in `numbers` as a terminal shows it: a line of the columns' letters,
    /// then a line a row, its number first, a cell a character, so that the cells' names
    /// ([`cell_name`]) that moves are typed with can be read off it.
    pub fn picture(&self, numbers: &[u64]) -> Vec<String> {
        let grid = self.board(numbers);
        let number_width = grid.rows.to_string().len();
        let letters: Vec<String> = (0..grid.cols).map(column_letter).collect();
        // Past column z the names take two letters, and every column is as wide.
        let w = letters.iter().map(String::len).max().unwrap_or(1);
        let header: Vec<String> = letters.iter().map(|l| format!("{l:w$}")).collect();
        let mut lines = vec![format!("{:number_width$}  {}", "", header.join(" ").trim_end())];
        for r in 0..grid.rows {
            let cells: Vec<String> = (0..grid.cols)
                .map(|c| format!("{:w$}", self.alphabet.get(usize::from(grid.at(r, c))).copied().unwrap_or('?')))
                .collect();
            lines.push(format!("{:>number_width$}  {}", r + 1, cells.join(" ").trim_end()));
        }
        lines
    }
}

/// The name of number `i` of a board's numbers ([`Grid::numbers`]): its rows, its columns, then
/// each cell by [`cell_name`].
pub fn number_label(numbers: &[u64], i: usize) -> String {
    let cols = numbers.get(1).copied().unwrap_or(1).max(1) as usize;
    match i {
        0 => "rows".into(),
        1 => "columns".into(),
        _ => format!("cell {}", cell_name((i - 2) / cols, (i - 2) % cols)),
    }
}

#[cfg(feature = "draw")]
/// The size of a cell when a grid of `rows` x `cols` is drawn: at most 48 units, the whole grid
/// at most 560 wide and 440 high.
pub fn cell_size(rows: usize, cols: usize) -> f64 {
    (560.0 / cols.max(1) as f64).min(440.0 / rows.max(1) as f64).min(48.0)
}

#[cfg(feature = "draw")]
/// How a board of cells is drawn: where the grid sits and how large a cell is, shared by the
/// faces of the games on a board of cells, so that each draws its column letters, row numbers
/// and cells the same way (and at the same size, from [`cell_size`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridFace {
    /// The left edge of the grid.
    pub x0: f64,
    /// The top edge of the grid.
    pub y0: f64,
    /// The side of a cell.
    pub size: f64,
    rows: usize,
    cols: usize,
}

#[cfg(feature = "draw")]
impl GridFace {
    /// The face of `grid`, its top left corner leaving room for the letters and numbers: the
    /// row numbers' digits and no more, so that a board of 8 columns fits a 390 px phone with
    /// each cell 40 CSS px (issue 84: at 28 Fox and Geese's was 351 px in a 346 px box).
    pub fn of(grid: &Grid) -> GridFace {
        let digits = grid.rows.max(1).ilog10() as f64 + 1.0;
        let x0 = 12.0 + 8.0 * digits;
        GridFace { x0, y0: 24.0, size: cell_size(grid.rows, grid.cols), rows: grid.rows, cols: grid.cols }
    }

    /// The centre of cell (r, c).
    pub fn centre(&self, r: usize, c: usize) -> (f64, f64) {
        (self.x0 + self.size * (c as f64 + 0.5), self.y0 + self.size * (r as f64 + 0.5))
    }

    /// Where a note under the grid goes.
    pub fn below(&self) -> f64 {
        self.y0 + self.size * self.rows as f64 + 22.0
    }

    /// Draws the column letters, the row numbers and each cell as a square of the class and
    /// with the title `cell(r, c)` gives.
    pub fn cells(&self, s: &mut Sketch, cell: impl Fn(usize, usize) -> (&'static str, String)) {
        for c in 0..self.cols {
            s.text(self.centre(0, c).0, self.y0 - 8.0, &column_letter(c), "small", "middle");
        }
        for r in 0..self.rows {
            s.text(self.x0 - 8.0, self.centre(r, 0).1 + 4.0, &(r + 1).to_string(), "small", "end");
            for c in 0..self.cols {
                let (class, title) = cell(r, c);
                let (x, y) = (self.x0 + self.size * c as f64, self.y0 + self.size * r as f64);
                s.rect(x, y, self.size, self.size, 0.0, class).title(title);
            }
        }
    }

    /// A stone (a disc of class `class`) on cell (r, c).
    pub fn stone<'s>(&self, s: &'s mut Sketch, r: usize, c: usize, class: &str) -> ShapeRef<'s> {
        let (x, y) = self.centre(r, c);
        s.circle(x, y, self.size * 0.34, class)
    }

    /// A ring of class `class` around cell (r, c), over its stone: a target, or the mark of a
    /// picked stone.
    pub fn ring<'s>(&self, s: &'s mut Sketch, r: usize, c: usize, class: &str) -> ShapeRef<'s> {
        let (x, y) = self.centre(r, c);
        s.circle(x, y, self.size * 0.42, class)
    }

    /// A target covering most of cell (r, c), over what is drawn on it.
    pub fn square<'s>(&self, s: &'s mut Sketch, r: usize, c: usize) -> ShapeRef<'s> {
        let inset = self.size * 0.08;
        let (x, y) = (self.x0 + self.size * c as f64 + inset, self.y0 + self.size * r as f64 + inset);
        s.rect(x, y, self.size - 2.0 * inset, self.size - 2.0 * inset, 4.0, "target")
    }
}

/// Every board of at most `max_cells` cells, every shape, each cell any of `kinds` (0 to
/// kinds - 1): what the games' tests check their fast paths on.
#[cfg(test)]
pub(crate) fn every_board(max_cells: usize, kinds: u8) -> impl Iterator<Item = Grid> {
    (1..=max_cells).flat_map(move |rows| {
        (1..=max_cells / rows).flat_map(move |cols| {
            (0..u64::from(kinds).pow((rows * cols) as u32)).map(move |mut code| {
                let mut g = Grid::filled(rows, cols, 0);
                for i in 0..rows * cols {
                    g.set(i / cols, i % cols, (code % u64::from(kinds)) as u8);
                    code /= u64::from(kinds);
                }
                g
            })
        })
    })
}

/// Checks a packed game's fast paths against its plain rules on `numbers` (written `text`, for
/// the failure): the options listed from its key, for each player, are the keys of the rules'
/// options, as many as it counts, and its key's parts the keys of the rules' components, each in
/// any order. The key, for the game's own further checks.
#[cfg(test)]
pub(crate) fn assert_keys_follow_rules<R>(
    rules: &R,
    numbers: &[u64],
    text: &str,
) -> crate::rules::board::machinery::packed::Packed
where
    R: crate::rules::board::machinery::packed::PackedRules + crate::rules::board::machinery::rules_core::RulesCore,
{
    let key = |numbers: &[u64]| rules.key_of(numbers).unwrap();
    let k = key(numbers);
    for mover in 0..2 {
        let mut options = vec![];
        rules.key_options(k, mover, &mut options);
        let mut plain: Vec<_> = rules.options(numbers, mover).iter().map(|o| key(o)).collect();
        options.sort_unstable();
        plain.sort_unstable();
        assert_eq!(options, plain, "{text} mover {mover}");
        assert_eq!(rules.key_option_count(k, mover), plain.len() as u64, "{text} mover {mover}");
    }
    let mut parts = vec![];
    rules.key_parts(k, &mut parts);
    let mut plain: Vec<_> = rules.components(numbers).unwrap_or_default().iter().map(|p| key(p)).collect();
    parts.sort_unstable();
    plain.sort_unstable();
    assert_eq!(parts, plain, "{text}");
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_round_trip_and_bad_ones_are_named() {
        let g = Grid::parse("..#/#../...", &['.', '#']).unwrap();
        assert_eq!((g.rows, g.cols), (3, 3));
        assert_eq!(g.write(&['.', '#']), "..#/#../...");
        assert_eq!(Grid::of(&g.numbers(), 2), Some(g));
        assert_eq!(
            Grid::parse("../.", &['.', '#']).unwrap_err(),
            "row 2 has 1 cells, row 1 has 2: the rows must have equal lengths"
        );
        assert!(Grid::parse(".z", &['.', '#']).unwrap_err().starts_with("cell b1 (row 1, column 2): 'z'"));
        assert!(Grid::parse(&".".repeat(17), &['.', '#']).unwrap_err().contains("at most 16"));
        assert!(Grid::parse(&["........"; 9].join("/"), &['.', '#']).unwrap_err().contains("at most 64"));
        assert!(Grid::parse("", &['.']).is_err());
        // Both cases of a letter in one alphabet: each reads as itself; one case alone reads either.
        let cases = ['.', 'L', 'l'];
        assert_eq!(Grid::parse("Ll.", &cases).unwrap().cells, [1, 2, 0]);
        assert_eq!(Grid::parse("X", &['.', 'x']).unwrap().cells, [1]);
        assert_eq!(read_cell("b3"), Some((2, 1)));
        assert_eq!(cell_name(2, 1), "b3");
        assert_eq!(read_cell("3b"), None);
    }

    /// Columns past z are named as a spreadsheet names them (`aa`, `ab`, ...), each name read
    /// back as its column; a game may allow longer sides than [`MAX_SIDE`], and the terminal's
    /// picture keeps its columns under their names.
    #[test]
    fn columns_past_z_have_two_letters_and_read_back() {
        for c in 0..64 {
            let name = cell_name(4, c);
            assert_eq!(read_cell(&name), Some((4, c)), "{name}");
            assert_eq!(read_cell(&name.to_uppercase()), Some((4, c)), "{name}");
        }
        assert_eq!(cell_name(0, 25), "z1");
        assert_eq!(cell_name(0, 26), "aa1");
        assert_eq!(cell_name(2, 29), "ad3");
        assert_eq!(cell_name(0, 63), "bl1");
        for bad in ["abc1", "a", "1", "a1b", "a+1", "a0", ""] {
            assert_eq!(read_cell(bad), None, "{bad}");
        }
        let row = "x".repeat(30);
        assert!(Grid::parse(&row, &['.', 'x']).unwrap_err().contains("at most 16 columns"));
        let g = Grid::parse_sized(&row, &['.', 'x'], 64, 64).unwrap();
        assert_eq!((g.rows, g.cols), (1, 30));
        let column = vec!["x"; 30].join("/");
        assert_eq!(Grid::parse_sized(&column, &['.', 'x'], 64, 64).unwrap().rows, 30);
        assert!(Grid::parse_sized(&"x".repeat(65), &['.', 'x'], 64, 65).unwrap_err().contains("at most 64"));
        let notation =
            GridNotation { alphabet: &['.', 'x'], blank: 0, example: "x", sum: ["x", "x"], cells: 64, side: 64 };
        let numbers = notation.parse("g", &[&format!("{}x", ".".repeat(27))]).unwrap();
        assert_eq!(notation.write(&numbers), format!("{}x", ".".repeat(27)));
        let picture = notation.picture(&numbers);
        assert_eq!(
            picture[0],
            format!(
                "   {}",
                (0..28).map(column_letter).map(|l| format!("{l:2}")).collect::<Vec<_>>().join(" ").trim_end()
            )
        );
        assert_eq!(picture[1], format!("1  {}x", ".  ".repeat(27)));
        let short = GridNotation { side: MAX_SIDE, ..notation };
        assert_eq!(short.picture(&short.parse("g", &["x.x"]).unwrap()), ["   a b c", "1  x . x"]);
    }

    #[test]
    fn symmetries_and_regions() {
        let g = Grid::parse("ab/cd/ef", &['a', 'b', 'c', 'd', 'e', 'f']).unwrap();
        assert_eq!(g.turned(1).write(&['a', 'b', 'c', 'd', 'e', 'f']), "ef/cd/ab");
        assert_eq!(g.turned(2).write(&['a', 'b', 'c', 'd', 'e', 'f']), "ba/dc/fe");
        assert_eq!(g.turned(4).write(&['a', 'b', 'c', 'd', 'e', 'f']), "ace/bdf");
        let h = Grid::parse("..#./##../....", &['.', '#']).unwrap();
        let regions = h.regions(|c| c == 0, 1);
        let written: Vec<String> = regions.iter().map(|r| r.write(&['.', '#'])).collect();
        assert_eq!(written, ["..", "###./##../...."]);
    }
}
