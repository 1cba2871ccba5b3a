//! The games of colouring a board's cells (Snort and Col, `snort.rs` and `col.rs`): a move
//! colours one empty cell in the mover's colour (`x` Left's, blue; `o` Right's, red), and a
//! game's rule ([`Forbids`]) says which colour on an orthogonal neighbour forbids it. Each game's
//! file gives its rule and its words ([`ColouringGame`]); [`Colouring`] plays any of them.
//!
//! A position is one board written as rows joined by `/`, `.` an empty cell, `x` and `o`
//! coloured ones and `#` a hole (no cell: a board of another shape), stored as a [`Grid`]:
//! rows, columns, then each cell (0 empty, 1 `x`, 2 `o`, 3 `#`). A move is typed as the colour
//! and the cell (`x b1`), since a cell alone does not say who colours it.
//!
//! Coloured cells never change, so what an empty cell allows is fixed by its coloured
//! neighbours; an empty cell nobody may colour stays empty and forbids nothing, and a coloured
//! cell with no empty neighbour left forbids nothing: both are holes for the value. The empty
//! cells that remain fall into regions of neighbouring empty cells, which never interact: the
//! value is the sum of theirs, each region valued once up to the eight symmetries of the square.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::grid::bitgrid::Planes;
#[cfg(feature = "draw")]
use crate::rules::board::grid::GridFace;
use crate::rules::board::grid::{cell_name, read_cell, Grid, GridNotation};
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::side;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Words;
use crate::rules::board::{Notation, PlayHelp, Players, RulesCore, Theory};
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// The characters of a board: an empty cell, Left's colour, Right's colour, a hole.
pub const ALPHABET: [char; 4] = ['.', 'x', 'o', '#'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: HOLE,
    example: "..x./...o",
    sum: ["..x", "o.."],
    cells: GridNotation::CELLS,
    side: GridNotation::SIDE,
};
/// An empty cell.
pub const EMPTY: u8 = 0;
/// A hole: no cell.
pub const HOLE: u8 = 3;

/// All eight symmetries of the square ([`Grid::turned`]): both players colour any cell.
const SYMMETRIES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Which colour on a neighbour forbids colouring a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbids {
    /// The other player's colour (Snort): neighbours never differ.
    Opponents,
    /// The mover's own colour (Col): neighbours never agree.
    Own,
}

/// The colour of player `mover`: 1 (`x`) for Left, 2 (`o`) for Right.
pub fn colour(mover: usize) -> u8 {
    if mover == 0 {
        1
    } else {
        2
    }
}

/// The letter of player `mover`'s colour.
fn letter(mover: usize) -> &'static str {
    if mover == 0 {
        "x"
    } else {
        "o"
    }
}

/// The board of `numbers` (a 1 x 1 hole when they hold none).
pub fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

impl Forbids {
    /// The colour a neighbour of a cell player `mover` colours must not have.
    fn colour_against(self, mover: usize) -> u8 {
        match self {
            Forbids::Opponents => colour(1 - mover.min(1)),
            Forbids::Own => colour(mover),
        }
    }

    /// Why player `mover` may not colour cell (r, c) of `g`; `Ok` when they may.
    fn may_colour(self, g: &Grid, (r, c): (usize, usize), mover: usize) -> Result<(), String> {
        // The quick check first: only a cell that may not be coloured needs the words why.
        if self.may(g, (r, c), mover) {
            return Ok(());
        }
        if r >= g.rows || c >= g.cols {
            return Err(format!(
                "there is no cell {} (the board has {} rows and {} columns)",
                cell_name(r, c),
                g.rows,
                g.cols
            ));
        }
        match g.at(r, c) {
            EMPTY => {}
            HOLE => return Err(format!("{} is a hole, not a cell of the board", cell_name(r, c))),
            _ => return Err(format!("cell {} is coloured already", cell_name(r, c))),
        }
        let against = self.colour_against(mover);
        match g.neighbours(r, c).find(|&(a, b)| g.at(a, b) == against) {
            Some((a, b)) => Err(format!(
                "{} may not colour {}: it is next to {}, coloured {} ({})",
                side(mover),
                cell_name(r, c),
                cell_name(a, b),
                if against == 1 { "blue" } else { "red" },
                match self {
                    Forbids::Opponents => "a cell may not be coloured next to the other player's colour",
                    Forbids::Own => "a cell may not be coloured next to the mover's own colour",
                }
            )),
            None => Ok(()),
        }
    }

    /// Whether player `mover` may colour cell (r, c) of `g` ([`Forbids::may_colour`] without
    /// the words of why not).
    fn may(self, g: &Grid, (r, c): (usize, usize), mover: usize) -> bool {
        let against = self.colour_against(mover);
        r < g.rows && c < g.cols && g.at(r, c) == EMPTY && g.neighbours(r, c).all(|(a, b)| g.at(a, b) != against)
    }

    /// The cells player `mover` may colour, in reading order.
    pub fn cells(self, g: &Grid, mover: usize) -> Vec<(usize, usize)> {
        (0..g.rows).flat_map(|r| (0..g.cols).map(move |c| (r, c))).filter(|&cell| self.may(g, cell, mover)).collect()
    }

    /// Every option of player `mover`, in reading order.
    pub fn options(self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        self.cells(&g, mover).into_iter().map(|cell| coloured(&g, cell, mover)).collect()
    }

    /// Whether going from `numbers` to `after` is a move of player `mover`; the error says
    /// why not.
    pub fn check(self, numbers: &[u64], after: &[u64], mover: usize) -> Result<(), IllegalMove> {
        let (cell, who) = the_move(numbers, after)?;
        if who != mover.min(1) {
            return Err(format!(
                "{} colours {} {}: {side} colours {} ({})",
                cell_name(cell.0, cell.1),
                letter(who),
                if who == 0 { "(blue)" } else { "(red)" },
                if mover == 0 { "blue" } else { "red" },
                letter(mover),
                side = side(mover),
            )
            .into());
        }
        self.may_colour(&board(numbers), cell, mover).map_err(IllegalMove::from)
    }

    /// The least of the images, under the eight symmetries, of the board without what can no
    /// longer matter (empty cells nobody may colour, coloured cells with no such empty
    /// neighbour: holes), cut to what is left.
    pub fn canonical(self, numbers: &[u64]) -> Vec<u64> {
        self.live(&board(numbers)).cropped(|c| c != HOLE, HOLE).least_image(&SYMMETRIES).numbers()
    }

    /// The regions of neighbouring empty cells that someone may colour, each with the coloured
    /// cells beside it: a move in one changes nothing in another.
    pub fn components(self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let g = self.live(&board(numbers));
        let mut seen = vec![false; g.cells.len()];
        let mut out = vec![];
        for start in 0..g.cells.len() {
            let (r0, c0) = (start / g.cols.max(1), start % g.cols.max(1));
            if g.at(r0, c0) != EMPTY || seen.get(start) != Some(&false) {
                continue;
            }
            let mut part = Grid::filled(g.rows, g.cols, HOLE);
            let mut stack = vec![(r0, c0)];
            while let Some((r, c)) = stack.pop() {
                let i = r * g.cols + c;
                if seen.get(i) != Some(&false) {
                    continue;
                }
                if let Some(s) = seen.get_mut(i) {
                    *s = true;
                }
                part.set(r, c, EMPTY);
                for (a, b) in g.neighbours(r, c) {
                    match g.at(a, b) {
                        EMPTY => stack.push((a, b)),
                        HOLE => {}
                        other => part.set(a, b, other),
                    }
                }
            }
            out.push(part.cropped(|c| c != HOLE, HOLE).numbers());
        }
        (out.len() > 1).then_some(out)
    }

    /// `g` with holes for what can no longer matter: the empty cells neither player may
    /// colour, then the coloured cells with no empty neighbour left.
    fn live(self, g: &Grid) -> Grid {
        let mut out = g.clone();
        for r in 0..g.rows {
            for c in 0..g.cols {
                if g.at(r, c) == EMPTY && (0..2).all(|m| !self.may(g, (r, c), m)) {
                    out.set(r, c, HOLE);
                }
            }
        }
        let emptied = out.clone();
        for r in 0..g.rows {
            for c in 0..g.cols {
                let v = emptied.at(r, c);
                if v != EMPTY && v != HOLE && emptied.neighbours(r, c).all(|(a, b)| emptied.at(a, b) != EMPTY) {
                    out.set(r, c, HOLE);
                }
            }
        }
        out
    }

    #[cfg(feature = "draw")]
    /// The board, each cell the player to move may colour a target over it, with `rule` (the
    /// game's rule in a few words, one line of a note) under it.
    pub fn draw(self, numbers: &[u64], mover: usize, rule: &str) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let face = GridFace::of(&g);
        let mut s = Sketch::new();
        face.cells(&mut s, |r, c| {
            let name = cell_name(r, c);
            match g.at(r, c) {
                EMPTY => ("cell", format!("{name} (empty)")),
                HOLE => ("cell dark", format!("{name} (a hole)")),
                1 => ("cell", format!("{name} (blue, Left's)")),
                _ => ("cell", format!("{name} (red, Right's)")),
            }
        });
        for r in 0..g.rows {
            for c in 0..g.cols {
                let v = g.at(r, c);
                if v == 1 || v == 2 {
                    let who = usize::from(v - 1);
                    face.stone(&mut s, r, c, if who == 0 { "obj" } else { "queen" }).title(format!(
                        "{} is {}'s",
                        cell_name(r, c),
                        side(who)
                    ));
                }
            }
        }
        let cells = self.cells(&g, mover);
        for &(r, c) in &cells {
            let words = format!("{} {}", letter(mover), cell_name(r, c));
            let t = s.target(coloured(&g, (r, c), mover), Some(words));
            let title =
                format!("{} colours {} {}", side(mover), cell_name(r, c), if mover == 0 { "blue" } else { "red" });
            face.square(&mut s, r, c).makes(t).title(title);
        }
        let y = face.below();
        let next = s.note(y, "Left colours cells blue (x), Right red (o).");
        let next = s.note(next, rule);
        let what = if cells.is_empty() {
            format!("{} has no cell to colour: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a cell to colour it {}.", side(mover), if mover == 0 { "blue" } else { "red" })
        };
        s.turn_note(next, cells.is_empty(), &what);
        s.height = y + 40.0;
        s
    }
}

/// The board after player `mover` colours `cell`.
fn coloured(g: &Grid, (r, c): (usize, usize), mover: usize) -> Vec<u64> {
    let mut next = g.clone();
    next.set(r, c, colour(mover));
    next.numbers()
}

/// The cell a move from `numbers` to `after` colours, with the player whose colour it is;
/// `Err` says why it is not a colouring.
fn the_move(numbers: &[u64], after: &[u64]) -> Result<((usize, usize), usize), String> {
    let before = board(numbers);
    let next = Grid::of(after, 4).ok_or("a move keeps the board's size")?;
    let changed = before.changed(&next).ok_or("a move keeps the board's size")?;
    let [(r, c)] = changed[..] else {
        return Err(format!("a move colours one cell; this changes {}", changed.len()));
    };
    if before.at(r, c) != EMPTY {
        return Err(format!("cell {} is not empty", cell_name(r, c)));
    }
    match next.at(r, c) {
        1 => Ok(((r, c), 0)),
        2 => Ok(((r, c), 1)),
        _ => Err(format!("a move colours cell {} x or o", cell_name(r, c))),
    }
}

/// The move from `numbers` to `after` in words: "Left colours b1 blue".
pub fn describe(numbers: &[u64], after: &[u64]) -> String {
    match the_move(numbers, after) {
        Ok(((r, c), who)) => {
            format!("{} colours {} {}", side(who), cell_name(r, c), if who == 0 { "blue" } else { "red" })
        }
        Err(why) => why,
    }
}

/// Reads a move typed as a colour and a cell (`x b1`, or `b1 x`), or as a cell alone (`b1`),
/// coloured by player `mover`, as the numbers it leaves; `None` when the text is none of these.
pub fn read(numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let who = |w: &str| match w.to_ascii_lowercase().as_str() {
        "x" => Some(0),
        "o" => Some(1),
        _ => None,
    };
    let (mover, cell, typed) = match words[..] {
        [a, b] if who(a).is_some() => (who(a)?, read_cell(b)?, b),
        [a, b] if who(b).is_some() => (who(b)?, read_cell(a)?, a),
        [a] => (mover.min(1), read_cell(a)?, a),
        _ => return None,
    };
    let g = board(numbers);
    Some(if cell.0 >= g.rows || cell.1 >= g.cols {
        Err(format!("there is no cell {typed} (the board has {} rows and {} columns)", g.rows, g.cols))
    } else if g.at(cell.0, cell.1) == HOLE {
        Err(format!("{typed} is a hole, not a cell of the board"))
    } else if g.at(cell.0, cell.1) != EMPTY {
        Err(format!("cell {typed} is not empty"))
    } else {
        Ok(coloured(&g, cell, mover))
    })
}

/// A board of 1 to 3 rows and 2 to 4 columns after a few moves of the game by `rule`, chosen
/// with `below` (the players in turn, each a random cell of theirs).
pub fn random_board(rule: Forbids, below: &mut dyn FnMut(u64) -> u64) -> String {
    let (rows, cols) = (1 + below(3) as usize, 2 + below(3) as usize);
    let mut g = Grid::filled(rows, cols, EMPTY);
    for turn in 0..below(3) as usize {
        let cells = rule.cells(&g, turn % 2);
        if let Some(&(r, c)) = cells.get(below(cells.len().max(1) as u64) as usize) {
            g.set(r, c, colour(turn % 2));
        }
    }
    g.write(&ALPHABET)
}

/// How many cells may still be coloured: a bound on the moves left.
pub fn empty_cells(numbers: &[u64]) -> u128 {
    board(numbers).cells.iter().filter(|&&c| c == EMPTY).count() as u128
}

/// One game of colouring cells: its rule and its words, given by the game's file.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ColouringGame {
    /// How the game is written (`snort`).
    pub spelling: &'static str,
    /// Its name (`Snort`).
    pub name: &'static str,
    /// Which neighbour forbids a cell.
    pub rule: Forbids,
    /// The rules in a sentence.
    pub sentence: &'static str,
    /// How the players' moves differ, in a few words.
    pub players: &'static str,
    /// The rule in a few words, one line of the face's note.
    pub note: &'static str,
}

/// A game of colouring cells: the game its [`ColouringGame`] describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colouring(pub &'static ColouringGame);

impl RulesCore for Colouring {
    fn words(&self) -> Words {
        Words::new(
            self.0.spelling,
            Players::Partizan(self.0.players.into()),
            self.0.sentence,
            "Type your colour and an empty cell: 'x a1' (Left, blue) or 'o a1' (Right, red)",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        self.0.rule.options(numbers, mover)
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        self.0.rule.check(numbers, after, mover)
    }

    /// Dead cells made holes, the board cut to what is left, the least of its eight images.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        self.0.rule.canonical(numbers)
    }

    /// The regions of empty cells with the coloured cells beside them.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        self.0.rule.components(numbers)
    }
}

impl Notation for Colouring {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        describe(numbers, after)
    }

    fn read_move(&self, numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
        read(numbers, text, mover)
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        the_move(numbers, after)
            .map_or_else(|_| arrow_move(numbers, after), |((r, c), who)| format!("{} {}", letter(who), cell_name(r, c)))
    }
}

impl PlayHelp for Colouring {
    /// A move colours an empty cell.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        empty_cells(numbers)
    }

    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        vec![random_board(self.0.rule, below)]
    }
}

impl Theory for Colouring {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

/// The packed search: a key is the board as two [`Planes`], the cells Left may colour and those
/// Right may colour, cut to the cells someone may colour and the least of its eight images.
/// The coloured cells are not kept: all they do is forbid their neighbours, which the planes
/// hold.
impl PackedRules for Colouring {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        let g = Grid::of(numbers, ALPHABET.len() as u8)?;
        if g.cells.len() > 64 {
            return None;
        }
        let mut planes = [0u64; 2];
        for r in 0..g.rows {
            for c in 0..g.cols {
                for (mover, plane) in planes.iter_mut().enumerate() {
                    if self.0.rule.may(&g, (r, c), mover) {
                        *plane |= 1 << (r * g.cols + c);
                    }
                }
            }
        }
        planes_key(Planes { rows: g.rows as u8, cols: g.cols as u8, planes })
    }

    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let p = Planes::unpack(key);
        let mut regions = p.grid().regions();
        if let (Some(first), Some(second)) = (regions.next(), regions.next()) {
            // A part's frame lies within the whole's, so its key fits as the whole's did.
            out.extend([first, second].into_iter().chain(regions).filter_map(|m| planes_key(p.cropped(m))));
        }
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let p = Planes::unpack(key);
        let grid = p.grid();
        let mover = mover.min(1);
        // Colouring a cell forbids its neighbours to the player the rule names.
        let forbidden = match self.0.rule {
            Forbids::Opponents => 1 - mover,
            Forbids::Own => mover,
        };
        let mut cells = p.plane(mover);
        while cells != 0 {
            let cell = cells & cells.wrapping_neg();
            cells &= cells - 1;
            let after = p.without(0, cell).without(1, cell).without(forbidden, grid.around(cell));
            // An option's frame lies within the position's, so its key fits.
            out.extend(planes_key(after));
        }
    }

    /// One option a cell the mover may colour: no key made.
    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        u64::from(Planes::unpack(key).plane(mover).count_ones())
    }

    /// A board where one player alone may colour cells, none of them neighbours, is an
    /// integer: that player colours them all (in Snort a move forbids only the other player's
    /// cells, so any board of one player's cells is), and the other never moves again.
    fn key_value(&self, key: Packed, store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
        let p = Planes::unpack(key);
        let grid = p.grid();
        let count = |plane: u64| {
            let apart = self.0.rule == Forbids::Opponents || plane & grid.around(plane) == 0;
            apart.then_some(i64::from(plane.count_ones()))
        };
        match p.planes {
            [0, 0] => Some(store.integer(0)),
            [left, 0] => count(left).map(|n| store.integer(n)),
            [0, right] => count(right).map(|n| store.integer(-n)),
            _ => None,
        }
    }
}

/// The canonical key of a board of planes: cut to its cells, the least of its eight images;
/// `None` past [`crate::rules::board::grid::bitgrid::PLANES_CELLS`] cells of frame.
fn planes_key(p: Planes) -> Option<Packed> {
    p.cropped(p.cells()).least_key(true)
}

#[cfg(feature = "draw")]
impl Face for Colouring {
    /// The board, each cell the player to move may colour a target.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        self.0.rule.draw(numbers, mover, self.0.note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::grid::col::COL;
    use crate::rules::board::grid::every_board;
    use crate::rules::board::grid::snort::SNORT;

    /// Every board of up to 7 cells (every shape, every cell empty, `x`, `o` or a hole), in
    /// Snort and in Col: the packed key's parts and options are the keys of the plain rules'
    /// parts and options, and the key of the plain canonical board is the board's.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        let mut checked = 0;
        for game in [Colouring(&SNORT), Colouring(&COL)] {
            for g in every_board(7, 4) {
                let numbers = g.numbers();
                let text = g.write(&ALPHABET);
                let k = crate::rules::board::grid::assert_keys_follow_rules(&game, &numbers, &text);
                assert_eq!(Some(k), game.key_of(&game.canonical(&numbers)), "{text}");
                checked += 1;
            }
        }
        assert_eq!(checked, 2 * 52_132);
    }
}
