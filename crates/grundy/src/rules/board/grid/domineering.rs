//! Domineering (Göran Andersson; Berlekamp, Conway and Guy, *Winning Ways*, ch. 5): dominoes
//! are placed on the empty cells of a board, Left (the first player) vertically and Right (the
//! second) horizontally, as *Winning Ways* has it; a player who cannot place one loses. The
//! game is partizan, so it is answered from Conway's value of the position
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board written as rows joined by `/`, `.` an empty cell, `#` a filled
//! one, `L` a cell of a domino Left placed (vertical) and `R` one of Right's (horizontal):
//! `../..`, then `L./L.` once Left has placed a domino on a1-a2. It is stored as a [`Grid`]:
//! rows, columns, then each cell (0 empty, 1 filled, 2 Left's, 3 Right's). The owner of a cell
//! changes no move and no value (the canonical form fills it); it draws the board as it was
//! played, each placed domino in its player's colour. A move is typed as its two cells (`a1
//! a2`: columns a, b... from the left, rows 1, 2... from the top).
//!
//! The value is the sum of the values of the board's regions of empty cells (a domino covers
//! two neighbouring empty cells, so regions never meet), each valued once up to the four
//! symmetries that keep the players' directions (the two mirror images and the half turn; a
//! quarter turn swaps the players, giving the negative).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::Players;

use crate::rules::board::grid::bitgrid::BitGrid;
#[cfg(feature = "draw")]
use crate::rules::board::grid::cell_size;
use crate::rules::board::grid::{cell_name, read_cell, Grid, GridNotation};
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::outcome::domineering::solver::DomineeringSolver;
use crate::rules::board::machinery::outcome::OutcomeSearch;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::side;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// Domineering in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "domineering",
    name: "Domineering",
    a_move: "place a domino on two empty cells of the board (`.` empty, `#` filled, `L` and `R` Left's and Right's dominoes, rows joined by `/`): Left (the first player) vertically, Right (the second) horizontally",
    example_game: "domineering",
    example_position: ".../...",
    heap_ruleset: false,
    move_syntax: "`CELL CELL` places a domino on two neighbouring empty cells (columns a, b... from the left, rows 1, 2... from the top): Left's one above the other (`a1 a2`), Right's side by side (`a1 b1`)",
    example_move: "a1 a2",
}];

/// Reads Domineering's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "domineering").then(|| Ok(Board::new(Domineering)))
}

/// The characters of a board: an empty cell, a filled one, a cell of Left's domino, of Right's.
const ALPHABET: [char; 4] = ['.', '#', 'L', 'R'];

/// How a position is written: one board ([`GridNotation`]).
/// Boards of up to 112 cells (9 x 9, 10 x 11, 8 x 14): the outcome search holds them
/// ([`DomineeringSolver`]: a board and its size in one 128-bit key), and the rules keep a board
/// cell by cell at any size.
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: FILLED,
    example: "../..",
    sum: ["../..", "..."],
    cells: 112,
    side: GridNotation::SIDE,
};
const EMPTY: u8 = 0;
const FILLED: u8 = 1;
/// A cell of a domino that Left (vertical) or Right (horizontal) placed: `LEFTS + player`.
const LEFTS: u8 = 2;

/// The symmetries of the board that keep each player's direction: none, the two mirror images
/// and the half turn ([`Grid::turned`]).
const SYMMETRIES: [u8; 4] = [0, 1, 2, 3];

/// Domineering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// The board of `numbers` (an empty 1 x 1 board when they hold none).
fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

/// The board with every cell that is not empty filled, owners forgotten (they change no move).
fn plain(g: &Grid) -> Grid {
    let mut out = g.clone();
    for cell in out.cells.iter_mut() {
        if *cell != EMPTY {
            *cell = FILLED;
        }
    }
    out
}

/// The second cell of a domino of player `mover` whose first (top or left) cell is (r, c).
fn partner(mover: usize, r: usize, c: usize) -> (usize, usize) {
    if mover == 0 {
        (r + 1, c)
    } else {
        (r, c + 1)
    }
}

/// Every domino player `mover` may place, as its two cells, in reading order.
fn placements(g: &Grid, mover: usize) -> Vec<[(usize, usize); 2]> {
    let mut out = vec![];
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (a, b) = partner(mover, r, c);
            if a < g.rows && b < g.cols && g.at(r, c) == EMPTY && g.at(a, b) == EMPTY {
                out.push([(r, c), (a, b)]);
            }
        }
    }
    out
}

/// The board after a domino on `cells` (in reading order), its cells marked with its owner:
/// Left's where they are one above the other, Right's where side by side.
fn placed(g: &Grid, cells: [(usize, usize); 2]) -> Vec<u64> {
    let mut next = g.clone();
    let owner = if cells[0].1 == cells[1].1 { LEFTS } else { LEFTS + 1 };
    for (r, c) in cells {
        next.set(r, c, owner);
    }
    next.numbers()
}

/// The two cells of a domino, written as typed (`a1 a2`).
fn words(cells: [(usize, usize); 2]) -> String {
    let [(r1, c1), (r2, c2)] = cells;
    format!("{} {}", cell_name(r1, c1), cell_name(r2, c2))
}

/// The board with every empty cell that no domino can ever cover (no empty neighbour: its
/// neighbours only fill up) filled.
fn without_dead_cells(g: &Grid) -> Grid {
    let mut out = g.clone();
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) == EMPTY && g.neighbours(r, c).all(|(a, b)| g.at(a, b) != EMPTY) {
                out.set(r, c, FILLED);
            }
        }
    }
    out
}

impl Domineering {
    /// The domino a move from `numbers` to `after` places, with the player who may place it;
    /// `Err` says why it is not a placement.
    fn domino(numbers: &[u64], after: &[u64]) -> Result<([(usize, usize); 2], usize), String> {
        let before = board(numbers);
        let next = Grid::of(after, ALPHABET.len() as u8).ok_or("a move keeps the board's size")?;
        let changed = before.changed(&next).ok_or("a move keeps the board's size")?;
        let [a, b] = changed[..] else {
            return Err(format!("a move places one domino, on two cells; this changes {}", changed.len()));
        };
        for (r, c) in [a, b] {
            if before.at(r, c) != EMPTY {
                return Err(format!("cell {} is filled already", cell_name(r, c)));
            }
            if next.at(r, c) == EMPTY {
                return Err(format!("cell {} is not covered by the move", cell_name(r, c)));
            }
        }
        let owner = match (b.0 - a.0, b.1.wrapping_sub(a.1)) {
            (1, 0) => 0,
            (0, 1) => 1,
            _ => {
                return Err(format!(
                    "cells {} and {} are not neighbours: a domino covers two cells side by side or one above the other",
                    cell_name(a.0, a.1),
                    cell_name(b.0, b.1)
                ))
            }
        };
        // The cells are marked filled, or with the player whose domino lies that way.
        for (r, c) in [a, b] {
            if ![FILLED, LEFTS + owner as u8].contains(&next.at(r, c)) {
                return Err(format!(
                    "cell {} is marked as {}'s domino, which lies the other way",
                    cell_name(r, c),
                    side(1 - owner)
                ));
            }
        }
        Ok(([a, b], owner))
    }
}

#[cfg(feature = "draw")]
/// The dominoes placed on `g`, as the cells they cover (one or two) and their owner: in each
/// column, Left's cells one above the other paired from the top, in each row Right's side by
/// side paired from the left (the only way dominoes of that direction cover a run of cells); a
/// cell left over (a board typed so) stands alone.
fn dominoes(g: &Grid) -> Vec<(Vec<(usize, usize)>, usize)> {
    let mut out = vec![];
    for owner in 0..2 {
        let mark = LEFTS + owner as u8;
        let (lines, along) = if owner == 0 { (g.cols, g.rows) } else { (g.rows, g.cols) };
        for line in 0..lines {
            let cell = |k: usize| if owner == 0 { (k, line) } else { (line, k) };
            let mut k = 0;
            while k < along {
                let (r, c) = cell(k);
                if g.at(r, c) != mark {
                    k += 1;
                    continue;
                }
                let next = cell(k + 1);
                if k + 1 < along && g.at(next.0, next.1) == mark {
                    out.push((vec![(r, c), next], owner));
                    k += 2;
                } else {
                    out.push((vec![(r, c)], owner));
                    k += 1;
                }
            }
        }
    }
    out
}

/// The canonical key of a board of empty cells: dead cells dropped, cut to the rectangle of
/// the rest, the least of its images under the symmetries that keep the players' directions.
pub(crate) fn packed_board(b: BitGrid) -> Packed {
    let live = b.paired();
    live.cropped(live.cells).least_of_four().pack()
}

/// Left's dominoes (vertical) and Right's (horizontal), as the top or left cell of each.
fn packed_placements(b: BitGrid, mover: usize) -> u64 {
    if mover == 0 {
        b.cells & b.up(b.cells)
    } else {
        b.cells & b.left(b.cells)
    }
}

/// The packed search: a key is the board of empty cells ([`BitGrid`]), canonical by
/// [`packed_board`], its parts the regions of empty cells.
impl PackedRules for Domineering {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        let g = Grid::of(numbers, ALPHABET.len() as u8)?;
        if g.cells.len() > 64 {
            return None;
        }
        let cells = g.cells.iter().enumerate().filter(|&(_, &c)| c == EMPTY).fold(0u64, |m, (i, _)| m | 1 << i);
        Some(packed_board(BitGrid::new(g.rows, g.cols, cells)?))
    }

    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let b = BitGrid::unpack(key);
        let mut regions = b.regions();
        if let (Some(first), Some(second)) = (regions.next(), regions.next()) {
            out.extend([first, second].into_iter().chain(regions).map(|m| packed_board(b.cropped(m))));
        }
    }

    /// Domineering's own outcome search: the board as one word, safe moves counted
    /// ([`DomineeringSolver`]).
    fn own_outcome_search(&self, numbers: &[u64]) -> Option<Box<dyn OutcomeSearch + '_>> {
        Some(Box::new(DomineeringSolver::for_position(numbers)?))
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let b = BitGrid::unpack(key);
        let step = if mover == 0 { b.cols } else { 1 };
        let mut tops = packed_placements(b, mover);
        while tops != 0 {
            let top = tops & tops.wrapping_neg();
            tops &= tops - 1;
            out.push(packed_board(BitGrid { cells: b.cells & !(top | top << step), ..b }));
        }
    }

    /// One option a domino's place: no key made.
    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        u64::from(packed_placements(BitGrid::unpack(key), mover).count_ones())
    }

    /// A board where one player alone has room is an integer: that player places as many
    /// dominoes as fit, each line of cells (a column for Left, a row for Right) apart, and the
    /// other can never move (a move only fills cells).
    fn key_value(&self, key: Packed, store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
        let b = BitGrid::unpack(key);
        let dominoes = |runs: &mut dyn Iterator<Item = u32>| runs.map(|n| i64::from(n / 2)).sum::<i64>();
        match (packed_placements(b, 0) != 0, packed_placements(b, 1) != 0) {
            (true, true) => None,
            (false, false) => Some(store.integer(0)),
            (true, false) => Some(store.integer(dominoes(&mut b.transposed().row_runs()))),
            (false, true) => Some(store.integer(-dominoes(&mut b.row_runs()))),
        }
    }
}

impl RulesCore for Domineering {
    fn words(&self) -> Words {
        Words::new(
            "domineering",
            Players::Partizan("Left places vertical dominoes, Right horizontal ones".into()),
            "Domineering: dominoes are placed on the empty cells of a board, Left (the first player) vertically and Right (the second) horizontally; a player who cannot place one loses.",
            "Type two neighbouring empty cells: 'a1 a2' (Left, one above the other) or 'a1 b1' (Right, side by side)",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        placements(&g, mover.min(1)).into_iter().map(|cells| placed(&g, cells)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ([a, b], owner) = Domineering::domino(numbers, after)?;
        if owner != mover.min(1) {
            let (how, other) =
                if mover == 0 { ("vertical", "side by side") } else { ("horizontal", "one above the other") };
            return Err(format!(
                "cells {} and {} are {other}: {} places {how} dominoes",
                cell_name(a.0, a.1),
                cell_name(b.0, b.1),
                side(mover)
            )
            .into());
        }
        Ok(())
    }

    /// Dead cells filled, the board cut to the empty cells' rectangle, and the least of its
    /// images under the symmetries that keep the players' directions.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        without_dead_cells(&plain(&board(numbers))).cropped(|c| c == EMPTY, FILLED).least_image(&SYMMETRIES).numbers()
    }

    /// The regions of empty cells: a domino lies within one.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let regions = without_dead_cells(&plain(&board(numbers))).regions(|c| c == EMPTY, FILLED);
        (regions.len() > 1).then(|| regions.iter().map(Grid::numbers).collect())
    }
}

impl Notation for Domineering {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Domineering::domino(numbers, after) {
            Ok(([a, b], owner)) => format!(
                "{} places a {} domino on {}-{}",
                side(owner),
                if owner == 0 { "vertical" } else { "horizontal" },
                cell_name(a.0, a.1),
                cell_name(b.0, b.1)
            ),
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
        let [a, b] = words[..] else { return None };
        let cells = [read_cell(a)?, read_cell(b)?];
        let g = board(numbers);
        Some((|| {
            for (w, &(r, c)) in [a, b].iter().zip(&cells) {
                if r >= g.rows || c >= g.cols {
                    return Err(format!("there is no cell {w} (the board has {} rows and {} columns)", g.rows, g.cols));
                }
                if g.at(r, c) != EMPTY {
                    return Err(format!("cell {w} is filled already"));
                }
            }
            if cells[0] == cells[1] {
                return Err(format!("a domino covers two different cells, not {a} twice"));
            }
            let mut sorted = cells;
            sorted.sort_unstable();
            Ok(placed(&g, sorted))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        Domineering::domino(numbers, after).map_or_else(|_| arrow_move(numbers, after), |(cells, _)| words(cells))
    }
}

impl PlayHelp for Domineering {
    /// A domino covers two empty cells.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        board(numbers).cells.iter().filter(|&&c| c == EMPTY).count() as u128 / 2
    }

    /// A board of 2 to 4 rows and 2 to 4 columns, about one cell in six filled.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (2 + below(3) as usize, 2 + below(3) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for r in 0..rows {
            for c in 0..cols {
                if below(6) == 0 {
                    g.set(r, c, FILLED);
                }
            }
        }
        vec![g.write(&ALPHABET)]
    }
}

impl Theory for Domineering {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for Domineering {
    /// The board, each domino of the player to move a target on the line between its two
    /// cells (Left's vertical ones on the lines between rows, Right's horizontal ones between
    /// columns), half a cell wide, so that no two targets overlap.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let size = cell_size(g.rows, g.cols);
        let (x0, y0) = (28.0, 24.0);
        let mut s = Sketch::new();
        for c in 0..g.cols {
            s.text(
                x0 + size * (c as f64 + 0.5),
                y0 - 8.0,
                &crate::rules::board::grid::column_letter(c),
                "small",
                "middle",
            );
        }
        for r in 0..g.rows {
            s.text(x0 - 8.0, y0 + size * (r as f64 + 0.5) + 4.0, &(r + 1).to_string(), "small", "end");
            for c in 0..g.cols {
                let class = if g.at(r, c) == FILLED { "cell dark" } else { "cell" };
                let what = match g.at(r, c) {
                    EMPTY => "empty",
                    FILLED => "filled",
                    LEFTS => "Left's domino",
                    _ => "Right's domino",
                };
                s.rect(x0 + size * c as f64, y0 + size * r as f64, size, size, 0.0, class)
                    .title(format!("{} ({what})", cell_name(r, c)));
            }
        }
        // Each placed domino: one rounded rectangle over its cells, in its player's colour.
        for (cells, owner) in dominoes(&g) {
            let (Some(&(r0, c0)), Some(&(r1, c1))) = (cells.first(), cells.last()) else { continue };
            let inset = size * 0.1;
            let (x, y) = (x0 + size * c0 as f64 + inset, y0 + size * r0 as f64 + inset);
            let (w, h) = (size * (c1 - c0 + 1) as f64 - 2.0 * inset, size * (r1 - r0 + 1) as f64 - 2.0 * inset);
            let names: Vec<String> = cells.iter().map(|&(r, c)| cell_name(r, c)).collect();
            let class = if owner == 0 { "domino left" } else { "domino right" };
            s.rect(x, y, w, h, size * 0.18, class).title(format!("{}'s domino on {}", side(owner), names.join("-")));
        }
        let half = size / 4.0;
        for cells in placements(&g, mover) {
            let [(r, c), _] = cells;
            // The middle of the line between the two cells.
            let (cx, cy) = if mover == 0 {
                (x0 + size * (c as f64 + 0.5), y0 + size * (r as f64 + 1.0))
            } else {
                (x0 + size * (c as f64 + 1.0), y0 + size * (r as f64 + 0.5))
            };
            let t = s.target(placed(&g, cells), Some(words(cells)));
            let title = format!(
                "{} places a {} domino on {}",
                side(mover),
                if mover == 0 { "vertical" } else { "horizontal" },
                words(cells).replace(' ', "-")
            );
            s.rect(cx - half, cy - half, 2.0 * half, 2.0 * half, 3.0, "target").makes(t).title(title);
        }
        let y = y0 + size * g.rows as f64 + 22.0;
        let next = s.note(y, "Left places vertical dominoes, Right horizontal ones.");
        let what = if placements(&g, mover).is_empty() {
            format!("{} has no room for a domino: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a mark between two empty cells.", side(mover))
        };
        s.turn_note(next, placements(&g, mover).is_empty(), &what);
        s.height = y + 24.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        Domineering.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("../..");
        let left = Domineering.read_move(&n, "a1 a2", 0).unwrap().unwrap();
        assert_eq!(Domineering.tokens(&left), ["L./L."]);
        assert_eq!(Domineering.describe(&n, &left), "Left places a vertical domino on a1-a2");
        assert!(Domineering.check(&n, 0..0, &left, 0).is_ok());
        assert_eq!(
            Domineering.check(&n, 0..0, &left, 1).unwrap_err().to_string(),
            "cells a1 and a2 are one above the other: Right places horizontal dominoes"
        );
        let right = Domineering.read_move(&n, "b2-a2", 0).unwrap().unwrap();
        assert_eq!(Domineering.describe(&n, &right), "Right places a horizontal domino on a2-b2");
        assert_eq!(
            Domineering.read_move(&n, "a1 c1", 0).unwrap().unwrap_err(),
            "there is no cell c1 (the board has 2 rows and 2 columns)"
        );
        assert!(Domineering
            .check(&n, 0..0, &Domineering.read_move(&n, "a1 b2", 0).unwrap().unwrap(), 0)
            .unwrap_err()
            .to_string()
            .contains("not neighbours"));
        assert!(Domineering.read_move(&n, "1 2", 0).is_none());
    }

    /// Issue 64: a placed domino keeps its owner (`L`, `R`), typed back as printed, `#` still a
    /// filled cell of no owner; owners change no move and no canonical form, and the drawing
    /// shows each domino as one piece in its player's colour.
    #[test]
    fn placed_dominoes_keep_their_owner() {
        let n = numbers("..#/...");
        let left = Domineering.read_move(&n, "a1 a2", 0).unwrap().unwrap();
        let both = Domineering.read_move(&left, "b2 c2", 0).unwrap().unwrap();
        assert_eq!(Domineering.tokens(&both), ["L.#/LRR"]);
        assert_eq!(Domineering.parse(&["L.#/LRR"]).unwrap(), both);
        assert_eq!(Domineering.parse(&["l.#/lrr"]).unwrap(), both);
        assert_eq!(Domineering.canonical(&both), Domineering.canonical(&numbers("#.#/###")));
        assert_eq!(Domineering.options(&both, 0), Domineering.options(&numbers("#.#/###"), 0));
        assert!(Domineering
            .check(&n, 0..0, &numbers("R.#/R.."), 0)
            .unwrap_err()
            .to_string()
            .contains("lies the other way"));
        assert!(Domineering.check(&n, 0..0, &numbers("#.#/#.."), 0).is_ok());
        #[cfg(feature = "draw")]
        {
            let svg = Domineering.draw(&both, 0).render(&[], "t");
            assert_eq!(svg.matches("class=\"domino left\"").count(), 1, "{svg}");
            assert_eq!(svg.matches("class=\"domino right\"").count(), 1, "{svg}");
            // Each spans its two cells: Left's one cell wide and two high, Right's the other way.
            assert!(svg.contains("Left&#39;s domino on a1-a2") && svg.contains("Right&#39;s domino on b2-c2"), "{svg}");
            assert_eq!(dominoes(&Grid::parse("LL/LL/L.", &ALPHABET).unwrap()).len(), 3);
        }
    }

    #[test]
    fn canonical_forms_drop_what_cannot_matter() {
        // A mirror image, a filled border and a dead cell change nothing.
        assert_eq!(Domineering.canonical(&numbers("..#.#/..###")), Domineering.canonical(&numbers("../..")));
        assert_eq!(Domineering.canonical(&numbers(".../..#")), Domineering.canonical(&numbers("#../...")));
        assert_ne!(Domineering.canonical(&numbers(".../...")), Domineering.canonical(&numbers("../../..")));
        assert_eq!(Domineering.components(&numbers("..#../.....")), None);
        assert_eq!(Domineering.components(&numbers("..#../..#..")).map(|c| c.len()), Some(2));
    }
}
