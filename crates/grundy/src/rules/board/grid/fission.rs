//! Fission (as the cgt crate, cgt-tools, and CGSuite have it): stones on a board of cells. Left
//! takes a stone whose cells above and below are empty and puts a stone on each of them; Right
//! does the same with the cells to the left and right. A player with no such stone loses. The
//! game is partizan, so it is answered from Conway's value
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board, rows joined by `/`: `x` a stone, `.` an empty cell, `#` no cell
//! (a board of any shape), written as the cgt crate writes its `Fission` (there rows are joined
//! by `|`), so that the two programs' values compare position by position. A move is typed as
//! the stone's cell (`b2`), split up and down by Left, left and right by Right.
//!
//! A move changes only the stone's cell and its neighbours, so the board falls apart into its
//! regions of cells (orthogonally connected, `#` cutting them), each valued apart; and each is
//! valued once up to the board's four mirror images (top to bottom, left to right), which keep
//! each player's moves.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::grid::bitgrid::{BitGrid, Planes, PLANES_CELLS};
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

/// Fission in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "fission",
    name: "Fission",
    a_move: "take a stone and put one on each of the two empty cells beside it: Left above and below it, Right to its left and right (`x` a stone, `.` empty, `#` no cell; rows joined by `/`)",
    example_game: "fission",
    example_position: ".x.x/..../..x./....",
    heap_ruleset: false,
    move_syntax: "`CELL` splits the stone on CELL (columns a, b... from the left, rows 1, 2... from the top): up and down for Left, left and right for Right, e.g. `c3`",
    example_move: "c3",
}];

/// Reads Fission's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "fission").then(|| Ok(Board::new(Fission)))
}

/// The characters of a board: an empty cell, a stone, no cell.
const ALPHABET: [char; 3] = ['.', 'x', '#'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: HOLE,
    example: ".x.x/..../..x./....",
    sum: [".x.", "x/./x"],
    cells: GridNotation::CELLS,
    side: GridNotation::SIDE,
};
const EMPTY: u8 = 0;
const STONE: u8 = 1;
const HOLE: u8 = 2;

/// The mirror images that keep each player's moves: the board itself, top to bottom, left to
/// right, and both ([`Grid::turned`]).
const MIRRORS: [u8; 4] = [0, 1, 2, 3];

/// Fission.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fission;

/// The board of `numbers` (a 1 x 1 board of no cell when they hold none).
fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

/// The two cells a stone on (r, c) splits onto for player `mover` (above and below for Left,
/// left and right for Right), when both are on the board.
fn beside(g: &Grid, (r, c): (usize, usize), mover: usize) -> Option<[(usize, usize); 2]> {
    let pair = if mover == 0 { [(r.checked_sub(1)?, c), (r + 1, c)] } else { [(r, c.checked_sub(1)?), (r, c + 1)] };
    pair.iter().all(|&(a, b)| a < g.rows && b < g.cols).then_some(pair)
}

/// The stones player `mover` can split, in reading order.
fn splits(g: &Grid, mover: usize) -> Vec<(usize, usize)> {
    (0..g.rows)
        .flat_map(|r| (0..g.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| {
            g.at(r, c) == STONE
                && beside(g, (r, c), mover).is_some_and(|pair| pair.iter().all(|&(a, b)| g.at(a, b) == EMPTY))
        })
        .collect()
}

/// The board after player `mover` splits the stone on `at`.
fn split(g: &Grid, at: (usize, usize), mover: usize) -> Grid {
    let mut next = g.clone();
    next.set(at.0, at.1, EMPTY);
    for (a, b) in beside(g, at, mover).into_iter().flatten() {
        next.set(a, b, STONE);
    }
    next
}

/// The stone split from `numbers` to `after`, with the player who split it; `Err` says why
/// it is no move.
fn the_split(numbers: &[u64], after: &[u64]) -> Result<((usize, usize), usize), String> {
    let g = board(numbers);
    let next = Grid::of(after, ALPHABET.len() as u8).filter(|n| (n.rows, n.cols) == (g.rows, g.cols));
    let next = next.ok_or("a move keeps the board's size")?;
    for mover in 0..2 {
        if let Some(&at) = splits(&g, mover).iter().find(|&&at| split(&g, at, mover) == next) {
            return Ok((at, mover));
        }
    }
    Err("no split leaves that board: a move takes a stone and puts one on each of the two empty cells beside it, above and below (Left) or left and right (Right)".into())
}

/// The regions of cells holding a stone, each the board of its bounding box.
fn regions(g: &Grid) -> Vec<Grid> {
    let stones = |r: &Grid| r.cells.contains(&STONE);
    g.regions(|c| c != HOLE, HOLE).into_iter().filter(stones).collect()
}

impl RulesCore for Fission {
    fn words(&self) -> Words {
        Words::new(
            "fission",
            Players::Partizan("Left splits stones up and down, Right left and right".into()),
            "Fission: a move takes a stone and puts a stone on each of the two cells beside it, which must be empty: above and below it for Left, to its left and right for Right; x is a stone, . an empty cell, # no cell; a player with no such stone loses.",
            "Type the cell of the stone to split: 'c3' (up and down for Left, left and right for Right)",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        let mover = mover.min(1);
        splits(&g, mover).into_iter().map(|at| split(&g, at, mover).numbers()).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ((r, c), who) = the_split(numbers, after)?;
        if who != mover.min(1) {
            return Err(format!(
                "splitting the stone on {} {} is {}'s move: {} splits {}",
                cell_name(r, c),
                if who == 0 { "up and down" } else { "left and right" },
                side(who),
                side(mover),
                if mover == 0 { "up and down" } else { "left and right" }
            )
            .into());
        }
        Ok(())
    }

    /// The regions of cells that hold a stone, each the board of its bounding box, where there
    /// are two or more.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let parts = regions(&board(numbers));
        (parts.len() > 1).then(|| parts.iter().map(Grid::numbers).collect())
    }

    /// A board of one region: its bounding box, the least of its four mirror images; a board of
    /// no stone: one empty cell.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        match &regions(&board(numbers))[..] {
            [] => Grid::filled(1, 1, EMPTY).numbers(),
            [one] => one.least_image(&MIRRORS).numbers(),
            _ => numbers.to_vec(),
        }
    }
}

impl Notation for Fission {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match the_split(numbers, after) {
            Ok(((r, c), who)) => {
                let g = board(numbers);
                let cells: Vec<String> =
                    beside(&g, (r, c), who).into_iter().flatten().map(|(a, b)| cell_name(a, b)).collect();
                format!("{} splits the stone on {} onto {}", side(who), cell_name(r, c), cells.join(" and "))
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
        let (r, c) = read_cell(text.trim())?;
        let g = board(numbers);
        let mover = mover.min(1);
        Some((|| {
            if r >= g.rows || c >= g.cols {
                return Err(format!(
                    "there is no cell {} (the board has {} rows and {} columns)",
                    text.trim(),
                    g.rows,
                    g.cols
                ));
            }
            let name = cell_name(r, c);
            if g.at(r, c) != STONE {
                return Err(format!("cell {name} holds no stone"));
            }
            if !splits(&g, mover).contains(&(r, c)) {
                return Err(format!(
                    "the stone on {name} cannot split: {} puts a stone on each of the cells {} it, which must be on the board and empty",
                    side(mover),
                    if mover == 0 { "above and below" } else { "to the left and right of" }
                ));
            }
            Ok(split(&g, (r, c), mover).numbers())
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        the_split(numbers, after).map_or_else(|_| arrow_move(numbers, after), |((r, c), _)| cell_name(r, c))
    }
}

impl PlayHelp for Fission {
    /// Each move fills one more cell (a stone becomes two).
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        board(numbers).cells.iter().filter(|&&c| c == EMPTY).count() as u128
    }

    /// A board of 3 or 4 rows and 3 or 4 columns with 1 to 3 stones.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (3 + below(2) as usize, 3 + below(2) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for _ in 0..1 + below(3) {
            g.set(below(rows as u64) as usize, below(cols as u64) as usize, STONE);
        }
        vec![g.write(&ALPHABET)]
    }
}

/// The key of the board `p` (plane 0 its stones, plane 1 its cells that are no cell), the least
/// of its four mirror images. A board with every cell of its frame on the board, as every board
/// a search of a whole rectangle meets is, is its stones alone as a [`BitGrid`] of up to 58
/// cells, in 64 bits ([`BitGrid::pack`]: the memo's narrow tables), its mirror images made on
/// the one word; any other is its two planes in [`Planes::pack`]'s wide form (bit 127 set),
/// up to 56 cells. `None` past them.
fn key(p: Planes) -> Option<Packed> {
    let holes = p.plane(1);
    if holes == 0
        && (1..=8).contains(&p.rows)
        && (1..=8).contains(&p.cols)
        && u32::from(p.rows) * u32::from(p.cols) <= 58
    {
        let g = BitGrid { rows: p.rows, cols: p.cols, cells: p.plane(0) };
        let rows = g.flipped_rows();
        let half = g.half_turned();
        let cols = half.flipped_rows();
        return [g, rows, cols, half].into_iter().map(BitGrid::pack).min();
    }
    let least = p.least_image(false);
    let n = usize::from(least.rows) * usize::from(least.cols);
    (n <= PLANES_CELLS && least.rows < 64 && least.cols < 64).then(|| {
        1 << 127
            | u128::from(least.rows) << 118
            | u128::from(least.cols) << 112
            | u128::from(least.plane(1)) << 56
            | u128::from(least.plane(0))
    })
}

/// The board of a key [`key`] made.
fn unkey(key: Packed) -> Planes {
    if key >> 64 == 0 {
        let g = BitGrid::unpack(key);
        return Planes { rows: g.rows, cols: g.cols, planes: [g.cells, 0] };
    }
    Planes::unpack(key)
}

/// The packed search: a key is the board as its stones and its cells that are no cell (a
/// [`Grid`]'s 1 and 2, as [`Planes::of_stones`] reads them), the least of its four mirror
/// images ([`key`]); its parts are its regions of cells that hold a stone.
impl PackedRules for Fission {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        key(Planes::of_stones(numbers)?)
    }

    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let p = unkey(key);
        let (stones, holes) = (p.plane(0), p.plane(1));
        if holes == 0 {
            // Every cell of the frame on the board: one region.
            return;
        }
        let frame = p.frame();
        let cells = BitGrid { cells: frame.cells & !holes, ..frame };
        let parts: Vec<u64> = cells.regions().filter(|&m| m & stones != 0).collect();
        if parts.len() < 2 {
            return;
        }
        for m in parts {
            // The region's box, every cell of it outside the region no cell.
            let (mut rows, mut cols) = ((u8::MAX, 0u8), (u8::MAX, 0u8));
            let mut bits = m;
            while bits != 0 {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let (r, c) = (i / p.cols.max(1), i % p.cols.max(1));
                rows = (rows.0.min(r), rows.1.max(r));
                cols = (cols.0.min(c), cols.1.max(c));
            }
            let mut inside = 0u64;
            for r in rows.0..=rows.1 {
                for c in cols.0..=cols.1 {
                    inside |= 1u64 << (u32::from(r) * u32::from(p.cols) + u32::from(c));
                }
            }
            let part = p.without(0, !m).without(1, u64::MAX).with(1, inside & !m);
            // A part's frame lies within the whole's, so its key fits as the whole's did.
            out.extend(self::key(part.cropped(inside)));
        }
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let p = unkey(key);
        let frame = p.frame();
        let empty = frame.cells & !p.cells();
        let cols = u32::from(p.cols.max(1));
        let mut stones = p.plane(0);
        while stones != 0 {
            let s = stones & stones.wrapping_neg();
            stones &= stones - 1;
            // The cells either side of the one stone s along the mover's way, found from its
            // index (a shift of the whole frame made a mask of a column for each stone).
            let c = s.trailing_zeros() % cols;
            let (a, b) = if mover == 0 {
                (s >> cols, (s << cols) & frame.cells)
            } else {
                (if c > 0 { s >> 1 } else { 0 }, if c + 1 < cols { s << 1 } else { 0 })
            };
            if a & empty != 0 && b & empty != 0 {
                out.extend(self::key(p.without(0, s).with(0, a | b)));
            }
        }
    }

    /// A stone splits at most one way for each player, and a key holds at most
    /// [`PLANES_CELLS`] cells (each region a stone at least).
    fn most_options(&self) -> Option<u64> {
        Some(2 * PLANES_CELLS as u64)
    }
}

impl Theory for Fission {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for Fission {
    /// The board with its stones; each stone the player to move can split is its move, one
    /// click.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let face = GridFace::of(&g);
        let mut s = Sketch::new();
        face.cells(&mut s, |r, c| (if g.at(r, c) == HOLE { "cell dark" } else { "cell" }, cell_name(r, c)));
        let can = splits(&g, mover);
        for r in 0..g.rows {
            for c in 0..g.cols {
                if g.at(r, c) == HOLE {
                    // No cell: crossed out.
                    let (x, y, d) = (face.x0 + face.size * c as f64, face.y0 + face.size * r as f64, face.size);
                    s.line(x, y, x + d, y + d, "edge").title(format!("{}: no cell", cell_name(r, c)));
                    s.line(x + d, y, x, y + d, "edge");
                }
                if g.at(r, c) != STONE {
                    continue;
                }
                if can.contains(&(r, c)) {
                    let after = split(&g, (r, c), mover);
                    let t = s.target(after.numbers(), Some(cell_name(r, c)));
                    let what = Fission.describe(numbers, &after.numbers());
                    face.stone(&mut s, r, c, "obj").makes(t).title(what);
                } else {
                    face.stone(&mut s, r, c, "obj").title(format!("the stone on {}", cell_name(r, c)));
                }
            }
        }
        let y = face.below();
        let next = s.note(y, "Left splits stones up and down, Right left and right.");
        let what = if can.is_empty() {
            format!("{} has no stone to split: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a stone to split it.", side(mover))
        };
        let end = s.turn_note(next, can.is_empty(), &what);
        s.height = end + 8.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        Fission.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("..../.x../..x#");
        let up = Fission.read_move(&n, "b2", 0).unwrap().unwrap();
        assert_eq!(Fission.tokens(&up), [".x../..../.xx#"]);
        assert_eq!(Fission.describe(&n, &up), "Left splits the stone on b2 onto b1 and b3");
        assert_eq!(Fission.write_move(&n, &up, 0), "b2");
        let across = Fission.read_move(&n, "b2", 1).unwrap().unwrap();
        assert_eq!(Fission.tokens(&across), ["..../x.x./..x#"]);
        assert!(Fission.check(&n, 0..0, &across, 1).is_ok());
        assert_eq!(
            Fission.check(&n, 0..0, &across, 0).unwrap_err().to_string(),
            "splitting the stone on b2 left and right is Right's move: Left splits up and down"
        );
        // The stone on c3: nothing below it (Left), a hole to its right (Right).
        assert!(Fission.read_move(&n, "c3", 0).unwrap().unwrap_err().contains("cannot split"));
        assert!(Fission.read_move(&n, "c3", 1).unwrap().unwrap_err().contains("cannot split"));
        assert_eq!(Fission.read_move(&n, "a1", 0).unwrap().unwrap_err(), "cell a1 holds no stone");
        assert!(Fission.read_move(&n, "e1", 0).unwrap().unwrap_err().starts_with("there is no cell e1"));
    }

    /// Every board of up to 8 cells (every shape, every cell empty, a stone or no cell), and
    /// boards of 6 x 6 to 7 x 8 cells drawn from a seed with and without cells that are no cell
    /// (the keys of 64 bits and of 128): the packed key's options and parts are the keys of
    /// the plain rules' options and parts, and a key is the key of the board it stands for.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        use crate::rules::board::grid::{assert_keys_follow_rules, every_board};
        let mut boards: Vec<Grid> = every_board(8, 3).collect();
        let mut seed = 0x4669_7373u64;
        let mut below = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for k in 0..600 {
            let (rows, cols) = (6 + below(2) as usize, 6 + below(3) as usize);
            let mut g = Grid::filled(rows, cols, EMPTY);
            for _ in 0..4 + below(20) {
                g.set(below(rows as u64) as usize, below(cols as u64) as usize, STONE);
            }
            for _ in 0..(k % 2) * (1 + below(3)) {
                g.set(below(rows as u64) as usize, below(cols as u64) as usize, HOLE);
            }
            boards.push(g);
        }
        let mut checked = 0;
        for g in boards {
            let text = g.write(&ALPHABET);
            let k = assert_keys_follow_rules(&Fission, &g.numbers(), &text);
            assert_eq!(super::key(unkey(k)), Some(k), "{text}");
            assert_eq!(k >> 64 == 0, !g.cells.contains(&HOLE), "{text}");
            checked += 1;
        }
        assert_eq!(checked, 34_938);
    }

    #[test]
    fn regions_and_mirror_images() {
        let parts = |text: &str| -> Vec<String> {
            Fission
                .components(&numbers(text))
                .unwrap_or_default()
                .iter()
                .map(|p| Fission.tokens(p)[0].clone())
                .collect()
        };
        assert_eq!(parts(".x.#..x/...#.../...#.##"), [".x./.../...", "..x/.../.##"]);
        assert!(parts(".x./...").is_empty());
        // A board of no stone is one empty cell; mirror images share one key.
        assert_eq!(Fission.canonical(&numbers("..#/...")), numbers("."));
        assert_eq!(Fission.canonical(&numbers("x../...")), Fission.canonical(&numbers(".../..x")));
    }
}
