//! Ski Jumps (Berlekamp, Conway and Guy, *Winning Ways*, ch. 2): skiers on a slope of cells,
//! Left's (`L` a jumper, `l` a slipper; blue) and Right's (`R`, `r`; red). A move slides one of
//! your skiers along its row, Left's to the right (east) and Right's to the left (west), one or
//! more cells with no skier in the way, or off the board; or a jumper jumps down over a skier
//! of the other player's just below it onto the empty cell below that, and the skier jumped
//! over becomes a slipper (who never jumps). A player with no move loses. The game is partizan,
//! so it is answered from Conway's value ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board, rows joined by `/` (`.` an empty cell), written as the cgt crate
//! (cgt-tools) writes its `SkiJumps` (there rows are joined by `|`), so that the two programs'
//! values compare position by position. A move is typed as the skier's cell, then where it goes:
//! `a1 c1` (a slide), `a1 off` (off the board), `a1 a3` (a jump over a2).
//!
//! Rows meet only through jumps: the board is split into bands of rows no jump can join (a
//! jumper, where it may ever stand, over a skier of the other player's, where one may ever
//! stand), each valued apart; and a row whose skiers never meet (no Left skier to the left of a
//! Right skier) is the integer count of the moves each player has left (every skier slides one
//! cell at a time, then off the board), as *Winning Ways* counts it.

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
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// Ski Jumps in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "ski-jumps",
    name: "Ski Jumps",
    a_move: "slide one of your skiers along its row, Left's right and Right's left, one or more cells with nobody in the way or off the board; or jump a jumper down over the other player's skier just below onto the empty cell below it, which turns the skier jumped into a slipper (`L`/`R` Left's/Right's jumpers, `l`/`r` slippers, `.` empty; rows joined by `/`)",
    example_game: "ski-jumps",
    example_position: "L..../.R.../.....",
    heap_ruleset: false,
    move_syntax: "`FROM TO` moves your skier on cell FROM to cell TO: along its row (a slide) or two rows down (a jump); `FROM off` slides it off the board (columns a, b... from the left, rows 1, 2... from the top), e.g. `a1 c1`",
    example_move: "a1 c1",
}];

/// Reads Ski Jumps' spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "ski-jumps").then(|| Ok(Board::new(SkiJumps)))
}

/// The characters of a board: empty, Left's jumper and slipper, Right's jumper and slipper.
const ALPHABET: [char; 5] = ['.', 'L', 'l', 'R', 'r'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: EMPTY,
    example: "L..../.R.../.....",
    sum: ["L.", "R."],
    cells: GridNotation::CELLS,
    side: GridNotation::SIDE,
};
const EMPTY: u8 = 0;

/// Ski Jumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkiJumps;

/// A move: the skier's cell and where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ski {
    /// Along its row to the column given, or off the board (`None`).
    Slide((usize, usize), Option<usize>),
    /// Down over the skier below, two rows down.
    Jump((usize, usize)),
}

/// The board of `numbers` (an empty 1 x 1 board when they hold none).
fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

/// Whose skier `cell` is (0: Left, 1: Right); `None` for an empty cell.
fn owner(cell: u8) -> Option<usize> {
    match cell {
        1 | 2 => Some(0),
        3 | 4 => Some(1),
        _ => None,
    }
}

/// Whether `cell` is a jumper.
fn jumper(cell: u8) -> bool {
    cell == 1 || cell == 3
}

/// The skier `cell` turned into a slipper (a slipper stays one).
fn slipper(cell: u8) -> u8 {
    match cell {
        1 => 2,
        3 => 4,
        other => other,
    }
}

/// Every move of player `mover`, by skier in reading order: its slides nearest first, then off
/// the board, then its jump.
fn moves(g: &Grid, mover: usize) -> Vec<Ski> {
    let mut out = vec![];
    for r in 0..g.rows {
        for c in 0..g.cols {
            let cell = g.at(r, c);
            if owner(cell) != Some(mover) {
                continue;
            }
            // Left's skiers go right (east), Right's left (west).
            let mut to = c;
            loop {
                let next = if mover == 0 { to.checked_add(1).filter(|&t| t < g.cols) } else { to.checked_sub(1) };
                match next {
                    None => {
                        out.push(Ski::Slide((r, c), None));
                        break;
                    }
                    Some(t) if g.at(r, t) == EMPTY => {
                        out.push(Ski::Slide((r, c), Some(t)));
                        to = t;
                    }
                    Some(_) => break,
                }
            }
            if jumper(cell) && r + 2 < g.rows && owner(g.at(r + 1, c)) == Some(1 - mover) && g.at(r + 2, c) == EMPTY {
                out.push(Ski::Jump((r, c)));
            }
        }
    }
    out
}

/// The board after a move.
fn moved(g: &Grid, m: Ski) -> Grid {
    let mut next = g.clone();
    match m {
        Ski::Slide((r, c), to) => {
            next.set(r, c, EMPTY);
            if let Some(t) = to {
                next.set(r, t, g.at(r, c));
            }
        }
        Ski::Jump((r, c)) => {
            next.set(r, c, EMPTY);
            next.set(r + 1, c, slipper(g.at(r + 1, c)));
            next.set(r + 2, c, g.at(r, c));
        }
    }
    next
}

/// The cell a move starts from.
fn from(m: Ski) -> (usize, usize) {
    match m {
        Ski::Slide(at, _) | Ski::Jump(at) => at,
    }
}

/// Where a move goes, as typed: a cell, or `off`.
fn destination(m: Ski) -> String {
    match m {
        Ski::Slide(_, None) => "off".into(),
        Ski::Slide((r, _), Some(t)) => cell_name(r, t),
        Ski::Jump((r, c)) => cell_name(r + 2, c),
    }
}

/// A move written as typed: `a1 c1`, `a1 off`, `a1 a3`.
fn words(m: Ski) -> String {
    let (r, c) = from(m);
    format!("{} {}", cell_name(r, c), destination(m))
}

/// The move from `numbers` to `after`, with the player who made it; `Err` says why it is none.
fn the_move(numbers: &[u64], after: &[u64]) -> Result<(Ski, usize), String> {
    let g = board(numbers);
    let next = Grid::of(after, ALPHABET.len() as u8).ok_or("a move keeps the board's size")?;
    if (next.rows, next.cols) != (g.rows, g.cols) {
        return Err("a move keeps the board's size".into());
    }
    for mover in 0..2 {
        if let Some(m) = moves(&g, mover).into_iter().find(|&m| moved(&g, m) == next) {
            return Ok((m, mover));
        }
    }
    Err("no skier's move leaves that board: a skier slides along its row (Left's right, Right's left) with nobody in the way or off the board, or a jumper jumps down over the other player's skier just below onto the empty cell below it".into())
}

/// The bit of player `who`'s row `r` in a set of rows of both players (a board has at most
/// [`MAX_SIDE`](crate::rules::board::grid::MAX_SIDE) = 16 rows, so each player has 32 bits).
fn row_bit(who: usize, r: usize) -> u64 {
    1u64.checked_shl((32 * who + r) as u32).unwrap_or(0)
}

/// The board split into bands of rows that no jump can join, each as the rows it spans (skiers'
/// rows, with the rows their jumps may land on), in order; rows with no skier in no band. Only
/// a jump moves a skier from its row, and only a jumper jumps, so where each player's jumpers
/// and skiers may ever stand is found by adding the rows their possible jumps land on, from the
/// top down (a jump lands lower): a sound estimate, which may join rows no play joins.
fn bands(g: &Grid) -> Vec<std::ops::Range<usize>> {
    let (joined, occupied) = row_links(g.rows, g.cols, |r, c| g.at(r, c));
    let mut out = vec![];
    each_band(g.rows, joined, occupied, |band| out.push(band));
    out
}

/// The links of [`bands`] of a board of `rows` x `cols` cells read by `at`: bit r of the first
/// set when row r is joined to row r + 1, bit r of the second when row r holds a skier.
fn row_links(rows: usize, cols: usize, at: impl Fn(usize, usize) -> u8) -> (u64, u64) {
    // Bit (32 * player + row): a jumper, or any skier, of that player may stand on that row.
    let (mut jumpers, mut skiers) = (0u64, 0u64);
    for r in 0..rows {
        for c in 0..cols {
            let cell = at(r, c);
            if let Some(who) = owner(cell) {
                skiers |= row_bit(who, r);
                if jumper(cell) {
                    jumpers |= row_bit(who, r);
                }
            }
        }
    }
    links_of(rows, jumpers, skiers)
}

/// [`row_links`] from where each player's jumpers and skiers stand (bit 32 * player + row).
fn links_of(rows: usize, mut jumpers: u64, mut skiers: u64) -> (u64, u64) {
    let occupied = (skiers | skiers >> 32) & 0xffff_ffff;
    // Row r is joined to row r + 1 when a jump may start on row r or r - 1.
    let mut joined = 0u64;
    for r in 0..rows.saturating_sub(2) {
        for mover in 0..2 {
            if jumpers & row_bit(mover, r) != 0 && skiers & row_bit(1 - mover, r + 1) != 0 {
                jumpers |= row_bit(mover, r + 2);
                skiers |= row_bit(mover, r + 2);
                joined |= row_bit(0, r) | row_bit(0, r + 1);
            }
        }
    }
    (joined, occupied)
}

/// Each band of [`bands`] from the links [`row_links`] found, in order.
fn each_band(rows: usize, joined: u64, occupied: u64, mut band: impl FnMut(std::ops::Range<usize>)) {
    let mut r = 0;
    while r < rows {
        let start = r;
        while joined & row_bit(0, r) != 0 {
            r += 1;
        }
        // Row r ends the band (the row below its last link); a band with no skier is none.
        if (start..=r).any(|k| occupied & row_bit(0, k) != 0) {
            band(start..r + 1);
        }
        r += 1;
    }
}

/// The board without its rows above the first band of rows ([`bands`]) and below the last
/// (one empty cell when it has no skier): [`RulesCore::canonical`].
fn cropped(g: Grid) -> Grid {
    let bands = bands(&g);
    match (bands.first(), bands.last()) {
        (Some(first), Some(last)) if last.end - first.start < g.rows => rows_of(&g, first.start..last.end),
        (Some(_), Some(_)) => g,
        _ => Grid::filled(1, 1, EMPTY),
    }
}

/// The rows `rows` of `g`, a board of their own.
fn rows_of(g: &Grid, rows: std::ops::Range<usize>) -> Grid {
    let mut part = Grid::filled(rows.len(), g.cols, EMPTY);
    for (i, r) in rows.enumerate() {
        for c in 0..g.cols {
            part.set(i, c, g.at(r, c));
        }
    }
    part
}

impl RulesCore for SkiJumps {
    fn words(&self) -> Words {
        Words::new(
            "ski-jumps",
            Players::Partizan("Left moves the L and l skiers to the right, Right the R and r skiers to the left".into()),
            "Ski Jumps: a move slides one of your skiers along its row, Left's (L, l) to the right and Right's (R, r) to the left, one or more cells with nobody in the way, or off the board; or a jumper (L, R) jumps down over the other player's skier just below it onto the empty cell below that, and the skier jumped becomes a slipper (l, r), who never jumps; a player with no move loses.",
            "Type the cell of your skier, then where it goes: 'a1 c1' (a slide), 'a1 off' (off the board), 'a1 a3' (a jump over a2)",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        moves(&g, mover.min(1)).into_iter().map(|m| moved(&g, m).numbers()).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let (m, who) = the_move(numbers, after)?;
        if who != mover.min(1) {
            let (r, c) = from(m);
            return Err(format!(
                "the skier on {} is {}'s: {} moves the {} skiers",
                cell_name(r, c),
                side(who),
                side(mover),
                if mover == 0 { "L and l" } else { "R and r" }
            )
            .into());
        }
        Ok(())
    }

    /// The bands of rows no jump can join ([`bands`]), each a board of its own, where there
    /// are two or more.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let g = board(numbers);
        let bands = bands(&g);
        (bands.len() > 1).then(|| bands.into_iter().map(|rows| rows_of(&g, rows).numbers()).collect())
    }

    /// The board without its rows above the first skier's, nor below the rows a jump may land
    /// on: those rows never change the game.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        cropped(board(numbers)).numbers()
    }
}

impl Notation for SkiJumps {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let g = board(numbers);
        match the_move(numbers, after) {
            Ok((m, who)) => {
                let (r, c) = from(m);
                let what = if jumper(g.at(r, c)) { "jumper" } else { "slipper" };
                match m {
                    Ski::Slide(_, None) => {
                        format!("{}'s {what} on {} slides off the board", side(who), cell_name(r, c))
                    }
                    Ski::Slide(_, Some(t)) => {
                        format!("{}'s {what} slides from {} to {}", side(who), cell_name(r, c), cell_name(r, t))
                    }
                    Ski::Jump(_) => format!(
                        "{}'s jumper jumps from {} to {} over {}'s skier on {}, now a slipper",
                        side(who),
                        cell_name(r, c),
                        cell_name(r + 2, c),
                        side(1 - who),
                        cell_name(r + 1, c)
                    ),
                }
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
        let [a, b] = words[..] else { return None };
        let start = read_cell(a)?;
        let off = b.eq_ignore_ascii_case("off");
        let to = if off { None } else { Some(read_cell(b)?) };
        let g = board(numbers);
        Some((|| {
            for (w, cell) in [(a, Some(start)), (b, to)] {
                if let Some((r, c)) = cell.filter(|&(r, c)| r >= g.rows || c >= g.cols) {
                    let _ = (r, c);
                    return Err(format!("there is no cell {w} (the board has {} rows and {} columns)", g.rows, g.cols));
                }
            }
            let who = owner(g.at(start.0, start.1)).ok_or_else(|| format!("cell {a} holds no skier"))?;
            let m = moves(&g, who)
                .into_iter()
                .find(|&m| from(m) == start && destination(m).eq_ignore_ascii_case(if off { "off" } else { b }))
                .ok_or_else(|| {
                    format!(
                        "the skier on {a} cannot go to {b}: {}'s skiers slide {} along their row with nobody in the way, or off the board, and a jumper jumps down over the other player's skier just below onto the empty cell below it",
                        side(who),
                        if who == 0 { "right" } else { "left" }
                    )
                })?;
            Ok(moved(&g, m).numbers())
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        the_move(numbers, after).map_or_else(|_| arrow_move(numbers, after), |(m, _)| words(m))
    }
}

impl PlayHelp for SkiJumps {
    /// Each slide brings its skier at least one cell nearer its edge (off the board last), and
    /// a jumper jumps at most once every two rows.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        let g = board(numbers);
        let mut most = 0u128;
        for r in 0..g.rows {
            for c in 0..g.cols {
                match owner(g.at(r, c)) {
                    Some(0) => most += (g.cols - c) as u128,
                    Some(_) => most += (c + 1) as u128,
                    None => {}
                }
                if jumper(g.at(r, c)) {
                    most += (g.rows / 2) as u128;
                }
            }
        }
        most
    }

    /// A board of 3 or 4 rows and 4 or 5 columns with 2 to 4 skiers, jumpers most of them.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (3 + below(2) as usize, 4 + below(2) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for _ in 0..2 + below(3) {
            let (r, c) = (below(rows as u64) as usize, below(cols as u64) as usize);
            let skier = [1, 1, 2, 3, 3, 4].get(below(6) as usize).copied().unwrap_or(1);
            g.set(r, c, skier);
        }
        vec![g.write(&ALPHABET)]
    }
}

/// The value of a board whose skiers never meet (no jump may ever be made, and no Left skier is
/// to the left of a Right skier in its row): each player's moves are then their skiers'
/// distances to their edges, one cell a move (*Winning Ways*, ch. 2), and the value is Left's
/// count less Right's. The packed search asks it ([`PackedRules::key_value`]); a board past
/// [`PACKED_CELLS`] is valued by its options.
fn known_integer(rows: usize, cols: usize, at: impl Fn(usize, usize) -> u8) -> Option<i64> {
    let mut count = 0i64;
    for r in 0..rows {
        let mut left_seen = false;
        for c in 0..cols {
            let cell = at(r, c);
            match owner(cell) {
                Some(0) => {
                    left_seen = true;
                    count += (cols - c) as i64;
                }
                Some(_) if left_seen => return None,
                Some(_) => count -= (c + 1) as i64,
                None => {}
            }
            // A jump still to come (a jumper above a skier of the other player's row).
            if jumper(cell) && r + 1 < rows {
                let other = owner(cell).map(|w| 1 - w);
                if (0..cols).any(|k| owner(at(r + 1, k)) == other) {
                    return None;
                }
            }
        }
    }
    Some(count)
}

/// The most cells of a packed key: three bits a cell, the rows and columns above them.
const PACKED_CELLS: usize = 40;

/// The board packed: rows less one at bit 124, columns less one at bit 120, cell i's kind at
/// bit 3i; `None` past [`PACKED_CELLS`] or 16 rows or columns.
fn pack(g: &Grid) -> Option<Packed> {
    if g.cells.len() > PACKED_CELLS || g.rows == 0 || g.cols == 0 || g.rows > 16 || g.cols > 16 {
        return None;
    }
    let mut key = ((g.rows - 1) as u128) << 124 | ((g.cols - 1) as u128) << 120;
    for (i, &cell) in g.cells.iter().enumerate() {
        key |= u128::from(cell) << (3 * i);
    }
    Some(key)
}

/// The rows and columns of a packed key.
fn key_size(key: Packed) -> (usize, usize) {
    ((key >> 124) as usize + 1, (key >> 120 & 15) as usize + 1)
}

/// The kind of cell `i` of a packed key.
fn key_cell(key: Packed, i: usize) -> u8 {
    (key >> (3 * i) & 7) as u8
}

/// The key with cell `i` made `kind`.
fn with_cell(key: Packed, i: usize, kind: u8) -> Packed {
    key & !(7 << (3 * i)) | u128::from(kind) << (3 * i)
}

/// The key's board cropped as [`cropped`] crops a board: its rows from the first band's to the
/// last's, by a shift of the cells (rows are runs of cells), or one empty cell.
fn cropped_key(key: Packed) -> Packed {
    let rows = key_size(key).0;
    let (joined, occupied) = key_row_links(key);
    let (mut first, mut last) = (None, 0);
    each_band(rows, joined, occupied, |band| {
        first = first.or(Some(band.start));
        last = band.end;
    });
    match first {
        None => 0,
        Some(0) if last == rows => key,
        Some(start) => rows_of_key(key, start..last),
    }
}

/// The lowest bit of each cell of a packed key.
const CELL_LOW_BITS: Packed = {
    let mut mask = 0;
    let mut i = 0;
    while i < PACKED_CELLS {
        mask |= 1 << (3 * i);
        i += 1;
    }
    mask
};

/// [`row_links`] of a packed key, read a row at a time from masks of the cells' kinds (1 and 2
/// Left's, 3 and 4 Right's, 1 and 3 jumpers) rather than cell by cell: asked of every option.
fn key_row_links(key: Packed) -> (u64, u64) {
    let (rows, cols) = key_size(key);
    let (b0, b1, b2) = (key & CELL_LOW_BITS, key >> 1 & CELL_LOW_BITS, key >> 2 & CELL_LOW_BITS);
    // Left's skiers (001, 010) and jumpers (001); Right's skiers (011, 100) and jumpers (011).
    let left = ((b0 ^ b1) & !b2, b0 & !b1 & !b2);
    let right = ((b0 & b1 & !b2) | (b2 & !b1 & !b0), b0 & b1 & !b2);
    let (mut jumpers, mut skiers) = (0u64, 0u64);
    let row = (1u128 << (3 * cols)) - 1;
    for r in 0..rows {
        let in_row = row << (3 * cols * r) & CELL_LOW_BITS;
        for (who, (skier, jumper)) in [left, right].into_iter().enumerate() {
            if skier & in_row != 0 {
                skiers |= row_bit(who, r);
            }
            if jumper & in_row != 0 {
                jumpers |= row_bit(who, r);
            }
        }
    }
    links_of(rows, jumpers, skiers)
}

/// The rows `rows` of the key's board, a board of their own.
fn rows_of_key(key: Packed, rows: std::ops::Range<usize>) -> Packed {
    let cols = key_size(key).1;
    let bits = 3 * cols * rows.len();
    let cells = key >> (3 * cols * rows.start) & ((1u128 << bits) - 1);
    ((rows.len() - 1) as u128) << 124 | ((cols - 1) as u128) << 120 | cells
}

/// Each move of player `mover` on the key's board, as the key it leaves (uncropped): the moves
/// of [`moves`] and [`moved`], made on the bits.
fn key_moves(key: Packed, mover: usize, mut each: impl FnMut(Packed)) {
    let (rows, cols) = key_size(key);
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let cell = key_cell(key, i);
            if owner(cell) != Some(mover) {
                continue;
            }
            let gone = with_cell(key, i, EMPTY);
            // Left's skiers go right (east), Right's left (west), then off the board.
            let mut to = c;
            loop {
                let next = if mover == 0 { to.checked_add(1).filter(|&t| t < cols) } else { to.checked_sub(1) };
                match next {
                    None => {
                        each(gone);
                        break;
                    }
                    Some(t) if key_cell(key, r * cols + t) == EMPTY => {
                        each(with_cell(gone, r * cols + t, cell));
                        to = t;
                    }
                    Some(_) => break,
                }
            }
            let (below, landing) = (i + cols, i + 2 * cols);
            if jumper(cell)
                && r + 2 < rows
                && owner(key_cell(key, below)) == Some(1 - mover)
                && key_cell(key, landing) == EMPTY
            {
                each(with_cell(with_cell(gone, below, slipper(key_cell(key, below))), landing, cell));
            }
        }
    }
}

/// The packed search: a key is the board, three bits a cell, made canonical as
/// [`RulesCore::canonical`] makes the numbers; parts and options as the plain rules find them.
impl PackedRules for SkiJumps {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        pack(&cropped(board(numbers)))
    }

    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let rows = key_size(key).0;
        let (joined, occupied) = key_row_links(key);
        let start = out.len();
        each_band(rows, joined, occupied, |band| out.push(cropped_key(rows_of_key(key, band))));
        if out.len() - start < 2 {
            out.truncate(start);
        }
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        // An option keeps the board's size or crops it, so its key fits as the position's did.
        key_moves(key, mover.min(1), |option| out.push(cropped_key(option)));
    }

    /// A skier has one owner and at most a move to each cell of its row, one off the board and
    /// one jump (at most 17 with 16 columns at most), a key at most [`PACKED_CELLS`] skiers; its
    /// parts are its bands of rows (16 at most).
    fn most_options(&self) -> Option<u64> {
        Some(PACKED_CELLS as u64 * 17)
    }

    fn key_value(&self, key: Packed, store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
        let (rows, cols) = key_size(key);
        known_integer(rows, cols, |r, c| key_cell(key, r * cols + c)).map(|n| store.integer(n))
    }
}

impl Theory for SkiJumps {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

/// The room between the row numbers and Right's square for sliding off the board.
#[cfg(feature = "draw")]
const OFF_GAP: f64 = 20.0;

#[cfg(feature = "draw")]
impl Face for SkiJumps {
    /// The slope with its skiers (a letter on each, capital for a jumper); each skier of the
    /// player to move that can move picks its moves, shown as rings on the cells it can go to
    /// and a square beyond the board's edge for sliding off (one skier's at a time).
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let mut face = GridFace::of(&g);
        // Room for an off-board square of a cell's size on each side, within the drawing's
        // width (a cell stays 48 up to 10 columns: the page shows a drawing at 0.83 of its
        // size or more, so 40 px).
        let room = crate::rules::draw::WIDTH - face.x0 - 2.0 * OFF_GAP;
        face.size = face.size.min(room / (g.cols + 2) as f64);
        face.x0 += face.size + OFF_GAP;
        let mut s = Sketch::new();
        face.cells(&mut s, |r, c| ("cell", cell_name(r, c)));
        let all = moves(&g, mover);
        let first = all.first().map(|&m| from(m));
        for r in 0..g.rows {
            for c in 0..g.cols {
                let cell = g.at(r, c);
                let Some(who) = owner(cell) else { continue };
                let kind = if jumper(cell) { "jumper" } else { "slipper" };
                let title = format!("{}'s {kind} on {}", side(who), cell_name(r, c));
                let letter = ALPHABET.get(usize::from(cell)).copied().unwrap_or('?').to_string();
                let (x, y) = face.centre(r, c);
                let shape = face.stone(&mut s, r, c, if who == 0 { "obj" } else { "queen" });
                if all.iter().any(|&m| from(m) == (r, c)) {
                    shape.picks(cell_name(r, c)).title(format!("{title}: click it, then where it goes"));
                } else {
                    shape.title(title);
                }
                s.text(x, y + 5.0, &letter, "queen-label", "middle");
            }
        }
        for r in 0..g.rows {
            for c in 0..g.cols {
                let mine: Vec<Ski> = all.iter().copied().filter(|&m| from(m) == (r, c)).collect();
                if mine.is_empty() {
                    continue;
                }
                let key = cell_name(r, c);
                s.choice(&key, first == Some((r, c)), |s| {
                    face.ring(s, r, c, "picked");
                    for m in mine {
                        let t = s.target(moved(&g, m).numbers(), Some(words(m)));
                        let (tr, tc) = match m {
                            Ski::Slide(_, Some(t)) => (r, t as isize),
                            Ski::Slide(_, None) => (r, if mover == 0 { g.cols as isize } else { -1 }),
                            Ski::Jump(_) => (r + 2, c as isize),
                        };
                        let what = format!("{}: {}", side(mover), SkiJumps.describe(numbers, &moved(&g, m).numbers()));
                        if (0..g.cols as isize).contains(&tc) {
                            face.ring(s, tr, tc as usize, "target").makes(t).title(what);
                        } else {
                            // Beyond the board's edge, a square of a cell's size.
                            let inset = face.size * 0.08;
                            let x = if tc < 0 {
                                face.x0 - OFF_GAP - face.size + inset
                            } else {
                                face.x0 + face.size * g.cols as f64 + 4.0 + inset
                            };
                            let y = face.y0 + face.size * tr as f64 + inset;
                            let side_len = face.size - 2.0 * inset;
                            s.rect(x, y, side_len, side_len, 4.0, "target").makes(t).title(what);
                            s.text(x + side_len / 2.0, y + side_len / 2.0 + 4.0, "off", "small", "middle");
                        }
                    }
                });
            }
        }
        let y = face.below();
        let next = s.note(y, "Blue skiers go right, red ones left; capitals jump.");
        let what = if all.is_empty() {
            format!("{} has no move: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a skier, then where it goes.", side(mover))
        };
        let end = s.turn_note(next, all.is_empty(), &what);
        s.height = end + 8.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        SkiJumps.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("L.r/R../...");
        let slide = SkiJumps.read_move(&n, "a1 b1", 0).unwrap().unwrap();
        assert_eq!(SkiJumps.tokens(&slide), [".Lr/R../..."]);
        assert_eq!(SkiJumps.describe(&n, &slide), "Left's jumper slides from a1 to b1");
        let jump = SkiJumps.read_move(&n, "a1 a3", 0).unwrap().unwrap();
        assert_eq!(SkiJumps.tokens(&jump), ["..r/r../L.."]);
        assert_eq!(
            SkiJumps.describe(&n, &jump),
            "Left's jumper jumps from a1 to a3 over Right's skier on a2, now a slipper"
        );
        let off = SkiJumps.read_move(&n, "a2 off", 1).unwrap().unwrap();
        assert_eq!(SkiJumps.tokens(&off), ["L.r/.../..."]);
        assert_eq!(SkiJumps.write_move(&n, &off, 1), "a2 off");
        assert_eq!(SkiJumps.describe(&n, &off), "Right's jumper on a2 slides off the board");
        assert!(SkiJumps.check(&n, 0..0, &jump, 0).is_ok());
        assert_eq!(
            SkiJumps.check(&n, 0..0, &jump, 1).unwrap_err().to_string(),
            "the skier on a1 is Left's: Right moves the R and r skiers"
        );
        // Blocked by the r on c1: Left's a1 cannot go past it, nor off.
        assert!(SkiJumps.read_move(&n, "a1 off", 0).unwrap().unwrap_err().contains("cannot go to off"));
        assert_eq!(SkiJumps.read_move(&n, "b3 c3", 0).unwrap().unwrap_err(), "cell b3 holds no skier");
        assert!(SkiJumps.read_move(&n, "a1 e1", 0).unwrap().unwrap_err().starts_with("there is no cell e1"));
        // Right's r on c1 slides to b1 (the L on a1 stops it); the R on a2 slides off (nothing
        // to its left) and jumps nothing (no Left skier below it).
        assert_eq!(SkiJumps.options(&n, 1).len(), 2);
        assert_eq!(SkiJumps.options(&n, 0).len(), 2);
        // Lowercase and capitals are different skiers.
        assert_eq!(SkiJumps.tokens(&numbers("Ll/rR")), ["Ll/rR"]);
    }

    /// Every board of up to 6 cells (each cell any of the five), and 400 random larger ones:
    /// the packed key's options and parts, made on the bits, are the keys of the plain rules'
    /// options and parts.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        use crate::rules::board::grid::{assert_keys_follow_rules, every_board};
        let mut checked = 0;
        for g in every_board(6, 5) {
            let numbers = g.numbers();
            let text = g.write(&ALPHABET);
            let k = assert_keys_follow_rules(&SkiJumps, &numbers, &text);
            for mover in 0..2 {
                assert!(SkiJumps.key_option_count(k, mover) <= SkiJumps.most_options().unwrap(), "{text}");
            }
            checked += 1;
        }
        assert_eq!(checked, 70_930);
        // And 400 larger boards of 3 to 5 rows and 5 to 8 columns with 3 to 9 skiers, where
        // the keys' shifts and bands reach further.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut below = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..400 {
            let (rows, cols) = (3 + below(3) as usize, 5 + below(4) as usize);
            let mut g = Grid::filled(rows, cols, EMPTY);
            for _ in 0..3 + below(7) {
                g.set(below(rows as u64) as usize, below(cols as u64) as usize, 1 + below(4) as u8);
            }
            assert_keys_follow_rules(&SkiJumps, &g.numbers(), &g.write(&ALPHABET));
        }
    }

    /// The bands: rows no jump can join are valued apart, and the rows that never matter go.
    #[test]
    fn boards_fall_apart_into_bands() {
        let parts = |text: &str| -> Vec<String> {
            SkiJumps
                .components(&numbers(text))
                .unwrap_or_default()
                .iter()
                .map(|p| SkiJumps.tokens(p)[0].clone())
                .collect()
        };
        // The L on row 1 may jump the r on row 2 onto row 3; the r on row 4 is out of reach.
        assert_eq!(parts("L../r../.../..r"), ["L../r../...", "..r"]);
        // Landed on row 3, the L may be jumped by the R on row 2 (the estimate does not know
        // that this R is the one the L jumped), which lands on row 4, and so on: one band.
        assert!(parts("L../R../.../.../..r").is_empty());
        // Slippers never jump: two rows apart.
        assert_eq!(parts("l../R.."), ["l..", "R.."]);
        // A jumper landing on row 3 may jump again over row 4.
        assert!(parts("L.../R.../..../.r..").is_empty());
        assert_eq!(SkiJumps.canonical(&numbers("..../L.../r.../..../....")), numbers("L.../r.../...."));
        assert_eq!(SkiJumps.canonical(&numbers("..../....")), numbers("."));
    }
}
