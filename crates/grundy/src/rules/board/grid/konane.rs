//! Konane (the Hawaiian stone-jumping game; Ernst, "Playing Konane mathematically: A
//! combinatorial game-theoretic analysis", UMAP Journal 16(2), 1995; *Lessons in Play*): stones
//! on a board, `x` Left's (the first player's, black) and `o` Right's (white). A move jumps one
//! of your stones over an orthogonally neighbouring stone of the other player into the empty
//! cell beyond, capturing it, and may go on jumping in the same straight line: each multiple
//! jump, of 1, 2, ... captures, is one move. A player with no jump loses. The game is partizan,
//! so it is answered from Conway's value of the position ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board written as rows joined by `/` (`.` an empty cell), stored as a
//! [`Grid`]: rows, columns, then each cell (0 empty, 1 `x`, 2 `o`). A move is typed as the cell
//! of the stone that jumps, then the cell it lands on (`a1 c1`, or `a1 e1` for two captures).
//! Each position is valued once up to the eight symmetries of the square (both players jump in
//! every direction).

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
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, Theory};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Konane in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "konane",
    name: "Konane",
    a_move: "jump one of your stones over a neighbouring stone of the other player into the empty cell beyond, capturing it, and on in the same line if you like (`x` Left's, black; `o` Right's, white; `.` empty; rows joined by `/`)",
    example_game: "konane",
    example_position: "xoxo/oxox/....",
    heap_ruleset: false,
    move_syntax: "`FROM TO` jumps your stone on cell FROM to the empty cell TO in the same row or column, capturing the other player's stones jumped over (columns a, b... from the left, rows 1, 2... from the top), e.g. `a1 a3`",
    example_move: "a1 a3",
}];

/// Reads Konane's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "konane").then(|| Ok(Board::new(Konane)))
}

/// The characters of a board: an empty cell, Left's stone, Right's stone.
const ALPHABET: [char; 3] = ['.', 'x', 'o'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: EMPTY,
    example: "xoxo/oxox/....",
    sum: ["xo.", ".ox"],
    cells: GridNotation::CELLS,
    // One row (or column) of up to 64 cells: every search of the game holds the board as
    // bits of one word, whatever its shape (Ernst's linear Konane).
    side: GridNotation::CELLS,
};
const EMPTY: u8 = 0;

/// All eight symmetries of the square ([`Grid::turned`]).
const SYMMETRIES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The four directions of a jump: up, down, left, right.
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Konane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Konane;

/// A jump: the stone's cell, the direction, and how many stones it captures.
type Jump = ((usize, usize), (isize, isize), usize);

/// The board of `numbers` (an empty 1 x 1 board when they hold none).
fn board(numbers: &[u64]) -> Grid {
    GRID.board(numbers)
}

/// The stone of player `mover`: 1 (`x`) for Left, 2 (`o`) for Right.
fn stone(mover: usize) -> u8 {
    if mover == 0 {
        1
    } else {
        2
    }
}

/// Whose stone `cell` is (0: Left, 1: Right); `None` for an empty cell.
fn owner(cell: u8) -> Option<usize> {
    match cell {
        1 => Some(0),
        2 => Some(1),
        _ => None,
    }
}

/// The cell `steps` steps from `from` in direction `d`, when it is on the board.
fn step(g: &Grid, from: (usize, usize), d: (isize, isize), steps: usize) -> Option<(usize, usize)> {
    let r = from.0.checked_add_signed(d.0.checked_mul(isize::try_from(steps).ok()?)?)?;
    let c = from.1.checked_add_signed(d.1.checked_mul(isize::try_from(steps).ok()?)?)?;
    (r < g.rows && c < g.cols).then_some((r, c))
}

/// Every jump of player `mover`, in reading order of the stones, then by direction, then by
/// the number of captures.
fn jumps(g: &Grid, mover: usize) -> Vec<Jump> {
    let (mine, theirs) = (stone(mover), stone(1 - mover));
    let mut out = vec![];
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != mine {
                continue;
            }
            for d in DIRECTIONS {
                let mut k = 1;
                while let (Some(over), Some(to)) = (step(g, (r, c), d, 2 * k - 1), step(g, (r, c), d, 2 * k)) {
                    if g.at(over.0, over.1) != theirs || g.at(to.0, to.1) != EMPTY {
                        break;
                    }
                    out.push(((r, c), d, k));
                    k += 1;
                }
            }
        }
    }
    out
}

/// The cell a jump lands on.
fn landing(g: &Grid, (from, d, k): Jump) -> (usize, usize) {
    step(g, from, d, 2 * k).unwrap_or(from)
}

/// The board after a jump.
fn jumped(g: &Grid, jump: Jump) -> Vec<u64> {
    let (from, d, k) = jump;
    let mut next = g.clone();
    let to = landing(g, jump);
    next.set(to.0, to.1, g.at(from.0, from.1));
    next.set(from.0, from.1, EMPTY);
    for i in 1..=k {
        if let Some((r, c)) = step(g, from, d, 2 * i - 1) {
            next.set(r, c, EMPTY);
        }
    }
    next.numbers()
}

/// A jump written as typed: `a1 e1`.
fn words(g: &Grid, jump: Jump) -> String {
    let to = landing(g, jump);
    format!("{} {}", cell_name(jump.0 .0, jump.0 .1), cell_name(to.0, to.1))
}

/// The jump of the stone on `from` that lands on `to`, when there is one.
fn jump_to(g: &Grid, from: (usize, usize), to: (usize, usize)) -> Option<Jump> {
    let who = owner(g.at(from.0, from.1))?;
    jumps(g, who).into_iter().find(|&j| j.0 == from && landing(g, j) == to)
}

impl Konane {
    /// The jump from `numbers` to `after`, with the player who made it; `Err` says why it is
    /// not one.
    fn the_jump(numbers: &[u64], after: &[u64]) -> Result<(Jump, usize), String> {
        let g = board(numbers);
        let next = Grid::of(after, 3).ok_or("a move keeps the board's size")?;
        let changed = g.changed(&next).ok_or("a move keeps the board's size")?;
        let filled: Vec<(usize, usize)> = changed.iter().copied().filter(|&(r, c)| g.at(r, c) == EMPTY).collect();
        let [to] = filled[..] else {
            return Err(format!("a move lands one stone on one empty cell; this fills {}", filled.len()));
        };
        let who = owner(next.at(to.0, to.1)).ok_or("a move lands a stone")?;
        let from =
            changed.iter().copied().find(|&(r, c)| g.at(r, c) == stone(who) && next.at(r, c) == EMPTY).ok_or_else(
                || format!("no stone of {}'s left its cell to land on {}", side(who), cell_name(to.0, to.1)),
            )?;
        let jump = jump_to(&g, from, to).ok_or_else(|| {
            format!(
                "the stone on {} cannot jump to {}: a jump goes over a neighbouring stone of {}'s into the empty cell beyond, and on in the same line",
                cell_name(from.0, from.1),
                cell_name(to.0, to.1),
                side(1 - who)
            )
        })?;
        if jumped(&g, jump) != after {
            return Err(format!(
                "a jump from {} to {} captures the stones it jumps over and changes nothing else",
                cell_name(from.0, from.1),
                cell_name(to.0, to.1)
            ));
        }
        Ok((jump, who))
    }
}

impl RulesCore for Konane {
    fn words(&self) -> Words {
        Words::new(
            "konane",
            Players::Partizan("Left jumps the x stones, Right the o stones".into()),
            "Konane: a move jumps one of your stones over a neighbouring stone of the other player (up, down, left or right) into the empty cell beyond, capturing it, and may go on jumping in the same straight line; x is Left's (the first player), o Right's; a player with no jump loses.",
            "Type the cell of your stone, then the empty cell it jumps to: 'a1 c1' (over b1), 'a1 e1' (over b1 and d1)",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        jumps(&g, mover.min(1)).into_iter().map(|j| jumped(&g, j)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ((from, _, _), who) = Konane::the_jump(numbers, after)?;
        if who != mover.min(1) {
            return Err(format!(
                "the stone on {} is {}'s: {} jumps the {} stones",
                cell_name(from.0, from.1),
                side(who),
                side(mover),
                if mover == 0 { "x" } else { "o" }
            )
            .into());
        }
        Ok(())
    }

    /// The least of the board's images under the eight symmetries of the square.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        board(numbers).least_image(&SYMMETRIES).numbers()
    }
}

impl Notation for Konane {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let g = board(numbers);
        match Konane::the_jump(numbers, after) {
            Ok((jump, who)) => {
                let (from, d, k) = jump;
                let taken: Vec<String> =
                    (1..=k).filter_map(|i| step(&g, from, d, 2 * i - 1)).map(|(r, c)| cell_name(r, c)).collect();
                let to = landing(&g, jump);
                format!(
                    "{} jumps from {} to {}, capturing {}'s stone{} on {}",
                    side(who),
                    cell_name(from.0, from.1),
                    cell_name(to.0, to.1),
                    side(1 - who),
                    if k == 1 { "" } else { "s" },
                    taken.join(" and ")
                )
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
        let [a, b] = words[..] else { return None };
        let (from, to) = (read_cell(a)?, read_cell(b)?);
        let g = board(numbers);
        Some((|| {
            for (w, (r, c)) in [(a, from), (b, to)] {
                if r >= g.rows || c >= g.cols {
                    return Err(format!("there is no cell {w} (the board has {} rows and {} columns)", g.rows, g.cols));
                }
            }
            let who = owner(g.at(from.0, from.1)).ok_or_else(|| format!("cell {a} holds no stone to jump"))?;
            if g.at(to.0, to.1) != EMPTY {
                return Err(format!("cell {b} is not empty: a jump lands on an empty cell"));
            }
            let jump = jump_to(&g, from, to).ok_or_else(|| {
                format!(
                    "the stone on {a} cannot jump to {b}: a jump goes over a neighbouring stone of {}'s into the empty cell beyond, and on in the same line",
                    side(1 - who)
                )
            })?;
            Ok(jumped(&g, jump))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        Konane::the_jump(numbers, after)
            .map_or_else(|_| arrow_move(numbers, after), |(jump, _)| words(&board(numbers), jump))
    }
}

impl PlayHelp for Konane {
    /// Each move captures a stone, and the last stone cannot move.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        (board(numbers).cells.iter().filter(|&&c| c != EMPTY).count() as u128).saturating_sub(1)
    }

    /// A board of 2 or 3 rows and 3 or 4 columns, stones in a chequer pattern as Konane starts,
    /// about one cell in three emptied.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (2 + below(2) as usize, 3 + below(2) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for r in 0..rows {
            for c in 0..cols {
                if below(3) != 0 {
                    g.set(r, c, stone((r + c) % 2));
                }
            }
        }
        vec![g.write(&ALPHABET)]
    }
}

/// The packed search: a key is the board as two [`Planes`], Left's stones and Right's, the
/// other cells of the frame empty. The frame is never cut (an empty cell at the edge is a place
/// to land), and the key is not reduced by the symmetries of the square: measured, making the
/// eight images of every option cost more than the positions they let the memo share (4x5
/// boards in 0.37 s with them, 0.18 s without; bench/HISTORY.md).
impl PackedRules for Konane {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        Planes::of_stones(numbers)?.pack()
    }

    /// Left's stones Right's and Right's Left's, on the same frame.
    fn key_negative(&self, key: Packed) -> Option<Packed> {
        let p = Planes::unpack(key);
        let [left, right] = p.planes;
        Planes { planes: [right, left], ..p }.pack()
    }

    /// Konane is never split.
    fn key_parts(&self, _key: Packed, _out: &mut Vec<Packed>) {}

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let p = Planes::unpack(key);
        let frame = p.frame();
        let empty = frame.cells & !p.cells();
        let (mine, theirs) = (p.plane(mover), p.plane(1 - mover.min(1)));
        let steps: [&dyn Fn(u64) -> u64; 4] =
            [&|m| frame.up(m), &|m| frame.down(m), &|m| frame.left(m), &|m| frame.right(m)];
        let mut stones = mine;
        while stones != 0 {
            let from = stones & stones.wrapping_neg();
            stones &= stones - 1;
            for step in steps {
                // Each landing in a straight line over a stone of the other player into an
                // empty cell, again and again: one option each.
                let (mut at, mut taken) = (from, 0u64);
                loop {
                    let over = step(at);
                    let to = step(over);
                    if over & theirs == 0 || to & empty == 0 {
                        break;
                    }
                    taken |= over;
                    at = to;
                    let after = p.without(mover, from).without(1 - mover.min(1), taken).with(mover, to);
                    // The option's frame is the position's, so its key fits as the position's did.
                    out.extend(after.pack());
                }
            }
        }
    }
}

impl Theory for Konane {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for Konane {
    /// The board with its stones; each stone of the player to move that can jump picks its
    /// moves, shown as rings on the cells it can land on (one stone's at a time).
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let face = GridFace::of(&g);
        let mut s = Sketch::new();
        face.cells(&mut s, |r, c| (if (r + c) % 2 == 0 { "cell" } else { "cell dark" }, cell_name(r, c)));
        let moves = jumps(&g, mover);
        let first = moves.first().map(|m| m.0);
        for r in 0..g.rows {
            for c in 0..g.cols {
                let Some(who) = owner(g.at(r, c)) else { continue };
                let title = format!("{}'s stone on {}", side(who), cell_name(r, c));
                let shape = face.stone(&mut s, r, c, if who == 0 { "obj" } else { "queen" });
                if moves.iter().any(|m| m.0 == (r, c)) {
                    shape.picks(cell_name(r, c)).title(format!("{title}: click it, then the cell it jumps to"));
                } else {
                    shape.title(title);
                }
            }
        }
        for r in 0..g.rows {
            for c in 0..g.cols {
                let mine: Vec<Jump> = moves.iter().copied().filter(|m| m.0 == (r, c)).collect();
                if mine.is_empty() {
                    continue;
                }
                let key = cell_name(r, c);
                s.choice(&key, first == Some((r, c)), |s| {
                    face.ring(s, r, c, "picked");
                    for m in mine {
                        let to = landing(&g, m);
                        let t = s.target(jumped(&g, m), Some(words(&g, m)));
                        let what = format!("{} jumps from {key} to {}", side(mover), cell_name(to.0, to.1));
                        face.ring(s, to.0, to.1, "target").makes(t).title(what);
                    }
                });
            }
        }
        let y = face.below();
        let next = s.note(y, "Left jumps the blue stones (x), Right the red (o).");
        let what = if moves.is_empty() {
            format!("{} has no jump: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a stone, then where it lands.", side(mover))
        };
        s.turn_note(next, moves.is_empty(), &what);
        s.height = y + 24.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::grid::every_board;

    fn numbers(text: &str) -> Vec<u64> {
        Konane.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("xo.o./.....");
        let one = Konane.read_move(&n, "a1 c1", 0).unwrap().unwrap();
        assert_eq!(Konane.tokens(&one), ["..xo./....."]);
        assert_eq!(Konane.describe(&n, &one), "Left jumps from a1 to c1, capturing Right's stone on b1");
        let two = Konane.read_move(&n, "a1 e1", 0).unwrap().unwrap();
        assert_eq!(Konane.tokens(&two), ["....x/....."]);
        assert_eq!(Konane.describe(&n, &two), "Left jumps from a1 to e1, capturing Right's stones on b1 and d1");
        assert!(Konane.check(&n, 0..0, &two, 0).is_ok());
        assert_eq!(
            Konane.check(&n, 0..0, &two, 1).unwrap_err().to_string(),
            "the stone on a1 is Left's: Right jumps the o stones"
        );
        assert!(Konane.read_move(&n, "a1 a2", 0).unwrap().unwrap_err().contains("cannot jump to a2"));
        assert_eq!(Konane.read_move(&n, "c1 e1", 0).unwrap().unwrap_err(), "cell c1 holds no stone to jump");
        assert_eq!(Konane.options(&n, 0).len(), 2);
        // o on b1 would land off the board, o on d1 has no stone beside it.
        assert!(Konane.options(&n, 1).is_empty());
    }

    /// Every board of up to 8 cells (every shape, every cell empty, `x` or `o`): the packed
    /// key's options are the keys of the plain rules' options, and a key is its board's.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        let mut checked = 0;
        for g in every_board(8, 3) {
            let text = g.write(&ALPHABET);
            let k = crate::rules::board::grid::assert_keys_follow_rules(&Konane, &g.numbers(), &text);
            assert_eq!(Planes::unpack(k).pack(), Some(k), "{text}");
            checked += 1;
        }
        assert_eq!(checked, 34_338);
    }
}
