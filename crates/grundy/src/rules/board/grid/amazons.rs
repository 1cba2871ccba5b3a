//! Amazons (Walter Zamkauskas, 1988; as a sum of endgame regions: Berlekamp, "Sums of N x 2
//! Amazons", 2000; Snatzke, "Exhaustive search in the game Amazons", More Games of No Chance,
//! 2002): amazons on a board, `x` Left's (the first player's) and `o` Right's, and burnt cells
//! `#`. A move slides one of your amazons like a chess queen, any number of empty cells in one
//! of the eight directions, then shoots an arrow from where it landed, again like a queen
//! through empty cells (the cell it left counts as empty), and the cell the arrow lands on
//! burns. A player with no move loses. The game is partizan, so it is answered from Conway's
//! value of the position ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board written as rows joined by `/` (`.` an empty cell), as the cgt
//! crate writes it, stored as a [`Grid`]: rows, columns, then each cell (0 empty, 1 `x`, 2
//! `o`, 3 `#`). A move is typed as the amazon's cell, the cell it goes to and the arrow's cell:
//! `a1-a3/c3`.
//!
//! Amazons and arrows pass only through empty cells, and a queen's step goes diagonally
//! between two burnt cells too, so the regions of cells not burnt that touch along an edge or
//! at a corner never meet: the value is the sum of the regions' values, a region without
//! amazons worth 0 (nobody can move in it). A region with the amazons of one player only is
//! still a game: that player's count of moves, an integer. A region is keyed as it stands, cut
//! to its cells, not up to the symmetries of the square: in an endgame of burnt cells two
//! positions that are mirror images of each other are rare, and making the eight images of
//! every option took a third of the time (x.x#/...#/#o../..#. 1.28 s with them, 0.83 s
//! without).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::grid::bitgrid::{BitGrid, Planes};
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

/// Amazons in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "amazons",
    name: "Amazons",
    a_move: "move one of your amazons like a chess queen through empty cells, then shoot an arrow from where it lands, also like a queen, burning the cell it reaches (`x` Left's amazons, the first player's; `o` Right's; `.` empty; `#` burnt; rows joined by `/`)",
    example_game: "amazons",
    example_position: "x..#/#..o",
    heap_ruleset: false,
    move_syntax: "`FROM-TO/ARROW` moves your amazon on cell FROM to cell TO in a straight line (a row, a column or a diagonal) through empty cells, then shoots an arrow from TO to cell ARROW the same way (the cell FROM now empty), burning it (columns a, b... from the left, rows 1, 2... from the top), e.g. `a1-b1/a1`",
    example_move: "a1-b1/a1",
}];

/// Reads Amazons' spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "amazons").then(|| Ok(Board::new(Amazons)))
}

/// The characters of a board: an empty cell, Left's amazon, Right's amazon, a burnt cell.
const ALPHABET: [char; 4] = ['.', 'x', 'o', '#'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: BURNT,
    example: "x..#/#..o",
    sum: ["x..", "..o"],
    cells: GridNotation::CELLS,
    side: GridNotation::SIDE,
};
const EMPTY: u8 = 0;
const BURNT: u8 = 3;

/// The eight directions of a queen: (rows, columns) of one step.
const DIRECTIONS: [(isize, isize); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// A move: the amazon's cell, the cell it goes to, the cell its arrow burns.
type Move = [(usize, usize); 3];

/// Amazons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amazons;

/// The board of `numbers` (a 1 x 1 burnt board when they hold none).
fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

/// The amazon of player `mover`: 1 (`x`) for Left, 2 (`o`) for Right.
fn amazon(mover: usize) -> u8 {
    if mover == 0 {
        1
    } else {
        2
    }
}

/// Whose amazon `cell` is (0: Left, 1: Right); `None` for an empty or burnt cell.
fn owner(cell: u8) -> Option<usize> {
    match cell {
        1 => Some(0),
        2 => Some(1),
        _ => None,
    }
}

/// The cell one step from (r, c) in direction `d`, if on the board.
fn step(g: &Grid, (r, c): (usize, usize), (dr, dc): (isize, isize)) -> Option<(usize, usize)> {
    let (a, b) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
    (a < g.rows && b < g.cols).then_some((a, b))
}

/// The cells a queen on `from` reaches in direction `d`, through empty cells (and `vacated`,
/// the cell an amazon left), nearest first.
fn ray(g: &Grid, from: (usize, usize), d: (isize, isize), vacated: (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = vec![];
    let mut at = from;
    while let Some(next) = step(g, at, d).filter(|&n| n == vacated || g.at(n.0, n.1) == EMPTY) {
        out.push(next);
        at = next;
    }
    out
}

/// Every move of player `mover`, in reading order of the amazon, then of where it goes, then
/// of the arrow.
fn moves(g: &Grid, mover: usize) -> Vec<Move> {
    let mine = amazon(mover);
    let mut out = vec![];
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != mine {
                continue;
            }
            for d in DIRECTIONS {
                for to in ray(g, (r, c), d, (r, c)) {
                    for e in DIRECTIONS {
                        // The arrow flies from the amazon's new cell: its old one is empty.
                        out.extend(ray(g, to, e, (r, c)).into_iter().filter(|&a| a != to).map(|a| [(r, c), to, a]));
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// Whether `to` lies in a straight queen's line from `from` through cells `g` holds empty (or
/// `vacated`).
fn in_line(g: &Grid, from: (usize, usize), to: (usize, usize), vacated: (usize, usize)) -> bool {
    DIRECTIONS.iter().any(|&d| ray(g, from, d, vacated).contains(&to))
}

/// The board after move `m`.
fn played(g: &Grid, [from, to, arrow]: Move) -> Vec<u64> {
    let mut next = g.clone();
    next.set(to.0, to.1, g.at(from.0, from.1));
    next.set(from.0, from.1, EMPTY);
    next.set(arrow.0, arrow.1, BURNT);
    next.numbers()
}

/// A move written as typed: `a1-a3/c3`.
fn words([from, to, arrow]: Move) -> String {
    format!("{}-{}/{}", cell_name(from.0, from.1), cell_name(to.0, to.1), cell_name(arrow.0, arrow.1))
}

/// Why `m` is no move on `g` (an amazon's cell, a queen's line to an empty cell, a queen's
/// line from there to the arrow's empty cell), or the player whose move it is.
fn legal(g: &Grid, [from, to, arrow]: Move) -> Result<usize, String> {
    for (r, c) in [from, to, arrow] {
        if r >= g.rows || c >= g.cols {
            return Err(format!(
                "there is no cell {} (the board has {} rows and {} columns)",
                cell_name(r, c),
                g.rows,
                g.cols
            ));
        }
    }
    let who = owner(g.at(from.0, from.1))
        .ok_or_else(|| format!("cell {} holds no amazon: a move starts on an amazon", cell_name(from.0, from.1)))?;
    let (a, b, x) = (cell_name(from.0, from.1), cell_name(to.0, to.1), cell_name(arrow.0, arrow.1));
    if g.at(to.0, to.1) != EMPTY {
        return Err(format!("cell {b} is not empty: an amazon moves to an empty cell"));
    }
    if !in_line(g, from, to, from) {
        return Err(format!(
            "the amazon on {a} cannot reach {b}: it moves like a chess queen, in a row, a column or a diagonal, through empty cells"
        ));
    }
    if arrow == to || (arrow != from && g.at(arrow.0, arrow.1) != EMPTY) {
        return Err(format!("cell {x} is not empty: the arrow burns an empty cell"));
    }
    let mut moved = g.clone();
    moved.set(to.0, to.1, amazon(who));
    if !in_line(&moved, to, arrow, from) {
        return Err(format!(
            "an arrow from {b} cannot reach {x}: it flies like a chess queen, in a row, a column or a diagonal, through empty cells"
        ));
    }
    Ok(who)
}

/// The regions of cells not burnt that touch along an edge or at a corner, each as its cells'
/// indices (no amazon crosses from one to another).
fn regions(g: &Grid) -> Vec<Vec<usize>> {
    let mut seen = vec![false; g.cells.len()];
    let mut out = vec![];
    for start in 0..g.cells.len() {
        if seen.get(start) != Some(&false) || g.cells.get(start) == Some(&BURNT) {
            continue;
        }
        let mut region = vec![];
        let mut stack = vec![start];
        if let Some(s) = seen.get_mut(start) {
            *s = true;
        }
        while let Some(i) = stack.pop() {
            region.push(i);
            for d in DIRECTIONS {
                let Some((a, b)) = step(g, (i / g.cols, i % g.cols), d) else { continue };
                let j = a * g.cols + b;
                if g.at(a, b) != BURNT && seen.get(j) == Some(&false) {
                    if let Some(s) = seen.get_mut(j) {
                        *s = true;
                    }
                    stack.push(j);
                }
            }
        }
        out.push(region);
    }
    out
}

/// The board with the regions that hold no amazon burnt (nobody ever moves in them), and the
/// regions left.
fn live(g: &Grid) -> (Grid, Vec<Vec<usize>>) {
    let mut out = g.clone();
    let mut kept = vec![];
    for region in regions(g) {
        if region.iter().any(|&i| g.cells.get(i).copied().and_then(owner).is_some()) {
            kept.push(region);
        } else {
            for &i in &region {
                if let Some(cell) = out.cells.get_mut(i) {
                    *cell = BURNT;
                }
            }
        }
    }
    (out, kept)
}

impl Amazons {
    /// The move from `numbers` to `after`, with the player who made it; `Err` says why it is
    /// not one.
    fn played_move(numbers: &[u64], after: &[u64]) -> Result<(Move, usize), String> {
        let before = board(numbers);
        let next = Grid::of(after, 4).ok_or("a move keeps the board's size")?;
        let changed = before.changed(&next).ok_or("a move keeps the board's size")?;
        let at = |g: &Grid, (r, c): (usize, usize)| g.at(r, c);
        // The amazon's old cell (left empty, or burnt by its own arrow), its new one, the
        // arrow's.
        let m = match changed[..] {
            [p, q] => {
                let (from, to) = if at(&next, p) == BURNT { (p, q) } else { (q, p) };
                [from, to, from]
            }
            [p, q, s] => {
                let find = |want: u8| [p, q, s].into_iter().find(|&x| at(&next, x) == want);
                match (find(EMPTY), find(1).or(find(2)), find(BURNT)) {
                    (Some(from), Some(to), Some(arrow)) => [from, to, arrow],
                    _ => return Err("a move empties the amazon's cell, fills the one it goes to and burns one".into()),
                }
            }
            _ => {
                return Err(format!(
                    "a move changes three cells (two when the arrow burns the cell the amazon left); this changes {}",
                    changed.len()
                ))
            }
        };
        let who = legal(&before, m)?;
        if at(&next, m[1]) != amazon(who) || played(&before, m) != after {
            return Err(format!(
                "a move takes an amazon off {} and puts it on {}, burning {}",
                cell_name(m[0].0, m[0].1),
                cell_name(m[1].0, m[1].1),
                cell_name(m[2].0, m[2].1)
            ));
        }
        Ok((m, who))
    }
}

impl RulesCore for Amazons {
    fn words(&self) -> Words {
        Words::new(
            "amazons",
            Players::Partizan("Left moves the x amazons, Right the o amazons".into()),
            "Amazons: a move slides one of your amazons like a chess queen through empty cells, then shoots an arrow from where it lands, also like a queen, burning the cell the arrow reaches; x is Left's (the first player), o Right's, # a burnt cell; a player with no move loses.",
            "Type the amazon's cell, where it goes and where its arrow lands: 'a1-a3/c3'",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        moves(&g, mover.min(1)).into_iter().map(|m| played(&g, m)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ([from, _, _], owner) = Amazons::played_move(numbers, after)?;
        if owner != mover.min(1) {
            return Err(format!(
                "the amazon on {} is {}'s: {} moves the {} amazons",
                cell_name(from.0, from.1),
                side(owner),
                side(mover),
                if mover == 0 { "x" } else { "o" }
            )
            .into());
        }
        Ok(())
    }

    /// Regions without amazons burnt, the board cut to what is left (not turned: see the
    /// module's note on symmetries).
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        live(&board(numbers)).0.cropped(|c| c != BURNT, BURNT).numbers()
    }

    /// The regions no amazon can leave that hold an amazon: a move stays within one.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let (g, kept) = live(&board(numbers));
        (kept.len() > 1).then(|| {
            kept.iter()
                .map(|region| {
                    let mut part = Grid::filled(g.rows, g.cols, BURNT);
                    for &i in region {
                        part.set(i / g.cols, i % g.cols, g.cells.get(i).copied().unwrap_or(BURNT));
                    }
                    part.cropped(|c| c != BURNT, BURNT).numbers()
                })
                .collect()
        })
    }
}

impl Notation for Amazons {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Amazons::played_move(numbers, after) {
            Ok(([from, to, arrow], mover)) => format!(
                "{} moves the amazon on {} to {} and shoots an arrow to {}, burning it",
                side(mover),
                cell_name(from.0, from.1),
                cell_name(to.0, to.1),
                cell_name(arrow.0, arrow.1)
            ),
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> =
            text.split(|c: char| c.is_whitespace() || c == '-' || c == '/').filter(|w| !w.is_empty()).collect();
        let [a, b, c] = words[..] else { return None };
        let m = [read_cell(a)?, read_cell(b)?, read_cell(c)?];
        let g = board(numbers);
        Some(legal(&g, m).map(|_| played(&g, m)))
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        Amazons::played_move(numbers, after).map_or_else(|_| arrow_move(numbers, after), |(m, _)| words(m))
    }
}

impl PlayHelp for Amazons {
    /// Each move burns an empty cell, and an amazon's move keeps the count of empty cells.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        board(numbers).cells.iter().filter(|&&c| c == EMPTY).count() as u128
    }

    /// A board of 1 to 3 rows and 2 or 3 columns, one amazon of each player and each other
    /// cell empty or (one in four) burnt.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (1 + below(3) as usize, 2 + below(2) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for r in 0..rows {
            for c in 0..cols {
                g.set(r, c, if below(4) == 0 { BURNT } else { EMPTY });
            }
        }
        let n = (rows * cols) as u64;
        let left = below(n) as usize;
        let right = (left + 1 + below(n - 1) as usize) % (rows * cols);
        g.set(left / cols, left % cols, 1);
        g.set(right / cols, right % cols, 2);
        vec![g.write(&ALPHABET)]
    }
}

/// The packed search: a key is the board as two [`Planes`] (an empty cell in both, Left's
/// amazon in plane 0 only, Right's in plane 1 only, a burnt cell in neither), without its
/// regions that hold no amazon, cut to the rest.
impl PackedRules for Amazons {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        let g = Grid::of(numbers, 4).filter(|g| g.cells.len() <= 64)?;
        let mut p = Planes { rows: g.rows as u8, cols: g.cols as u8, planes: [0; 2] };
        for (i, &cell) in g.cells.iter().enumerate() {
            let bit = 1u64 << i;
            p = match cell {
                EMPTY => p.with(0, bit).with(1, bit),
                1 => p.with(0, bit),
                2 => p.with(1, bit),
                _ => p,
            };
        }
        planes_key(p)
    }

    /// The regions of cells not burnt, touching along an edge or at a corner.
    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let p = Planes::unpack(key);
        let mut parts = Frame::of(p).regions(p.cells());
        if let (Some(first), Some(second)) = (parts.next(), parts.next()) {
            // A part's frame lies within the whole's, so its key fits as the whole's did.
            out.extend([first, second].into_iter().chain(parts).filter_map(|m| planes_key(p.cropped(m))));
        }
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let p = Planes::unpack(key);
        let mover = mover.min(1);
        each_move(p, mover, |from, to, arrow| {
            let after = p.with(0, from).with(1, from).without(1 - mover, to).without(0, arrow).without(1, arrow);
            // An option's cells lie within the position's frame, so its key fits.
            out.extend(planes_key(after));
        });
    }

    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        let mut n = 0;
        each_move(Planes::unpack(key), mover.min(1), |_, _, _| n += 1);
        n
    }
}

/// A packed board's frame as the masks a queen's step takes, made once a position (a
/// [`BitGrid`]'s shifts make their column masks cell by cell at each call).
#[derive(Clone, Copy)]
struct Frame {
    /// The columns, the length of a step up or down.
    cols: u32,
    /// Every cell of the frame.
    all: u64,
    /// The cells not in the first column: those with a cell to their left.
    has_left: u64,
    /// The cells not in the last column.
    has_right: u64,
}

impl Frame {
    /// The frame of `p`.
    fn of(p: Planes) -> Frame {
        let all = BitGrid { rows: p.rows, cols: p.cols, cells: 0 }.all();
        let cols = u32::from(p.cols);
        let first = (0..u32::from(p.rows)).fold(0u64, |m, r| m | 1u64 << (r * cols));
        let last = if cols == 0 { 0 } else { first << (cols - 1) };
        Frame { cols, all, has_left: all & !first, has_right: all & !last }
    }

    /// The cells one queen's step from those of `m` in direction `d` (0 to 7, as
    /// [`DIRECTIONS`]), within the frame.
    fn step(self, m: u64, d: usize) -> u64 {
        let row = match d {
            0..=2 => m >> self.cols,
            3 | 4 => m,
            _ => (m << self.cols) & self.all,
        };
        match d {
            0 | 3 | 5 => (row & self.has_left) >> 1,
            2 | 4 | 7 => (row & self.has_right) << 1,
            _ => row,
        }
    }

    /// The cells of `m` and those next to them along an edge or at a corner.
    fn around(self, m: u64) -> u64 {
        let column = m | (m >> self.cols) | ((m << self.cols) & self.all);
        column | ((column & self.has_left) >> 1) | ((column & self.has_right) << 1)
    }

    /// The regions of the cells of `cells` that touch along an edge or at a corner, each as a
    /// mask.
    fn regions(self, cells: u64) -> impl Iterator<Item = u64> {
        let mut rest = cells;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = self.around(region) & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            Some(region)
        })
    }
}

/// Calls `f(from, to, arrow)`, each a cell's bit, for each move of player `mover` in the
/// packed board `p`.
fn each_move(p: Planes, mover: usize, mut f: impl FnMut(u64, u64, u64)) {
    let frame = Frame::of(p);
    let [left, right] = p.planes;
    let empty = left & right;
    let mut mine = if mover == 0 { left & !right } else { right & !left };
    while mine != 0 {
        let from = mine & mine.wrapping_neg();
        mine &= mine - 1;
        for d in 0..8 {
            let mut to = frame.step(from, d);
            while to & empty != 0 {
                // The arrow flies through the cell the amazon left, not the one it stands on.
                let open = (empty | from) & !to;
                for e in 0..8 {
                    let mut arrow = frame.step(to, e);
                    while arrow & open != 0 {
                        f(from, to, arrow);
                        arrow = frame.step(arrow, e);
                    }
                }
                to = frame.step(to, d);
            }
        }
    }
}

/// The canonical key of a packed board: its regions without amazons dropped (nobody moves in
/// them), cut to the rest; `None` past
/// [`crate::rules::board::grid::bitgrid::PLANES_CELLS`] cells of frame.
fn planes_key(p: Planes) -> Option<Packed> {
    let [left, right] = p.planes;
    let amazons = left ^ right;
    let live = Frame::of(p).regions(p.cells()).filter(|&r| r & amazons != 0).fold(0, |all, r| all | r);
    p.cropped(live).pack()
}

impl Theory for Amazons {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for Amazons {
    /// The board with its amazons and burnt cells, played in three clicks: an amazon of the
    /// player to move (a pick), where it goes (a pick of the amazon and that cell), then where
    /// its arrow lands (a target making the move). Each step's group shows the amazons that can
    /// move, so that another may be picked instead.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let f = GridFace::of(&g);
        let mut s = Sketch::new();
        f.cells(&mut s, |r, c| {
            let name = cell_name(r, c);
            let class = if (r + c) % 2 == 0 { "cell" } else { "cell dark" };
            match g.at(r, c) {
                BURNT => (class, format!("{name} (burnt)")),
                _ => (class, name),
            }
        });
        let inset = f.size * 0.12;
        for r in 0..g.rows {
            for c in 0..g.cols {
                let (x, y) = (f.x0 + f.size * c as f64, f.y0 + f.size * r as f64);
                match g.at(r, c) {
                    BURNT => {
                        let side = f.size - 2.0 * inset;
                        s.rect(x + inset, y + inset, side, side, 3.0, "arrow")
                            .title(format!("{} (burnt)", cell_name(r, c)));
                    }
                    cell => {
                        if let Some(who) = owner(cell) {
                            let class = if who == 0 { "obj" } else { "queen" };
                            f.stone(&mut s, r, c, class).title(format!(
                                "{}'s amazon on {}",
                                side(who),
                                cell_name(r, c)
                            ));
                        }
                    }
                }
            }
        }
        let all = moves(&g, mover);
        let movers: Vec<(usize, usize)> = all.iter().map(|m| m[0]).fold(vec![], |mut v, a| {
            if v.last() != Some(&a) {
                v.push(a);
            }
            v
        });
        // The amazons that can move, picked in every step but the one that moves.
        let picks = |s: &mut Sketch, but: Option<(usize, usize)>| {
            for &(r, c) in movers.iter().filter(|&&a| Some(a) != but) {
                f.stone(s, r, c, if mover == 0 { "obj" } else { "queen" }).picks(cell_name(r, c)).title(format!(
                    "{}'s amazon on {}: click it, then where it goes",
                    side(mover),
                    cell_name(r, c)
                ));
            }
        };
        s.choice("amazons", true, |s| picks(s, None));
        for &from in &movers {
            let key = cell_name(from.0, from.1);
            let mut tos: Vec<(usize, usize)> = all.iter().filter(|m| m[0] == from).map(|m| m[1]).collect();
            tos.dedup();
            s.choice(&key, false, |s| {
                picks(s, Some(from));
                f.ring(s, from.0, from.1, "picked");
                for &to in &tos {
                    f.square(s, to.0, to.1)
                        .picks(format!("{key}-{}", cell_name(to.0, to.1)))
                        .title(format!("move the amazon on {key} to {}, then shoot", cell_name(to.0, to.1)));
                }
            });
            for &to in &tos {
                let there = cell_name(to.0, to.1);
                s.choice(&format!("{key}-{there}"), false, |s| {
                    picks(s, Some(from));
                    // The amazon shown where it goes, its old cell empty (an arrow may land there).
                    let (x, y) = (f.x0 + f.size * from.1 as f64, f.y0 + f.size * from.0 as f64);
                    s.rect(x, y, f.size, f.size, 0.0, "cell reach");
                    f.stone(s, to.0, to.1, if mover == 0 { "obj" } else { "queen" });
                    f.ring(s, to.0, to.1, "picked");
                    for m in all.iter().filter(|m| m[0] == from && m[1] == to) {
                        let t = s.target(played(&g, *m), Some(words(*m)));
                        f.square(s, m[2].0, m[2].1).makes(t).title(format!(
                            "{} moves {key} to {there} and shoots at {}",
                            side(mover),
                            cell_name(m[2].0, m[2].1)
                        ));
                    }
                });
            }
        }
        let y = f.below();
        let next = s.note(y, "Left moves the blue amazons (x), Right the red ones (o); grey cells are burnt.");
        let what = if all.is_empty() {
            format!("{} has no move: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click an amazon, then where it goes, then where its arrow lands.", side(mover))
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
        Amazons.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("x../.../..o");
        let left = Amazons.read_move(&n, "a1-c1/a1", 0).unwrap().unwrap();
        assert_eq!(Amazons.tokens(&left), ["#.x/.../..o"]);
        assert_eq!(
            Amazons.describe(&n, &left),
            "Left moves the amazon on a1 to c1 and shoots an arrow to a1, burning it"
        );
        assert_eq!(Amazons.write_move(&n, &left, 0), "a1-c1/a1");
        assert!(Amazons.check(&n, 0..0, &left, 0).is_ok());
        assert_eq!(
            Amazons.check(&n, 0..0, &left, 1).unwrap_err().to_string(),
            "the amazon on a1 is Left's: Right moves the o amazons"
        );
        let diagonal = Amazons.read_move(&n, "a1 b2 b1", 0).unwrap().unwrap();
        assert_eq!(Amazons.tokens(&diagonal), [".#./.x./..o"]);
        assert!(Amazons.read_move(&n, "a1-c3/c2", 0).unwrap().unwrap_err().contains("cell c3 is not empty"));
        assert!(Amazons.read_move(&n, "a1-b3/c2", 0).unwrap().unwrap_err().contains("cannot reach b3"));
        assert!(Amazons.read_move(&n, "b1-b2/c2", 0).unwrap().unwrap_err().contains("holds no amazon"));
        assert!(Amazons.read_move(&n, "a1-b2/d2", 0).unwrap().unwrap_err().contains("no cell d2"));
        let blocked = numbers("x#./.../..o");
        assert!(Amazons.read_move(&blocked, "a1-c1/c2", 0).unwrap().unwrap_err().contains("cannot reach c1"));
        assert!(Amazons.read_move(&n, "a1-b1/c3", 0).unwrap().unwrap_err().contains("not empty"));
        assert!(Amazons.read_move(&n, "a1-b1/a3", 0).unwrap().unwrap_err().contains("cannot reach a3"));
        assert_eq!(Amazons.read_move(&n, "a1 b1", 0), None);
        // The cell the amazon left is empty for its arrow: it may burn it, or fly over it.
        let row = numbers("x...");
        let through = Amazons.read_move(&row, "a1-b1/a1", 0).unwrap().unwrap();
        assert_eq!(Amazons.tokens(&through), ["#x.."]);
        let swap = numbers(".x..");
        let over = Amazons.read_move(&swap, "b1-c1/a1", 0).unwrap().unwrap();
        assert_eq!(Amazons.tokens(&over), ["#.x."]);
        assert_eq!(Amazons.options(&numbers("x."), 0).len(), 1);
        assert_eq!(Amazons.options(&numbers("x."), 1).len(), 0);
    }

    #[test]
    fn canonical_forms_drop_regions_without_amazons() {
        assert_eq!(Amazons.canonical(&numbers("x.#../###..")), Amazons.canonical(&numbers("x.")));
        assert_eq!(Amazons.canonical(&numbers("##x./##.o")), Amazons.canonical(&numbers("x./.o")));
        assert_ne!(Amazons.canonical(&numbers("x.o.")), Amazons.canonical(&numbers("o.x.")));
        // Diagonal neighbours are one region: an amazon steps between two burnt cells.
        assert_eq!(Amazons.components(&numbers("x#/#o")), None);
        assert_eq!(Amazons.components(&numbers("x.#.o")).map(|c| c.len()), Some(2));
        assert_eq!(Amazons.components(&numbers("x.#./.#.o")), None);
    }

    /// Every board of up to 6 cells (every shape, every cell empty, `x`, `o` or burnt): the
    /// packed key's options and parts are the keys of the plain rules' options and regions,
    /// its option count theirs, and a key is its board's.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        use crate::rules::board::grid::{assert_keys_follow_rules, every_board};
        let mut checked = 0;
        for g in every_board(6, 4) {
            let numbers = g.numbers();
            let text = g.write(&ALPHABET);
            let k = assert_keys_follow_rules(&Amazons, &numbers, &text);
            assert_eq!(Some(k), Amazons.key_of(&Amazons.canonical(&numbers)), "{text}");
            checked += 1;
        }
        assert!(checked > 10_000, "{checked}");
    }
}
