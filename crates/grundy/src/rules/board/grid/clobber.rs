//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001; *Lessons in Play*): stones on a
//! board, `x` Left's (the first player's) and `o` Right's; a move moves one of your stones onto
//! an orthogonally neighbouring stone of the other player, which is removed. A player with no
//! such move loses. The game is partizan, so it is answered from Conway's value of the position
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one board written as rows joined by `/` (`.` an empty cell), stored as a
//! [`Grid`]: rows, columns, then each cell (0 empty, 1 `x`, 2 `o`). A move is typed as the
//! cell of the stone that moves, then the cell of the stone it clobbers (`a1 b1`).
//!
//! Stones never move onto an empty cell, so the groups of neighbouring stones never meet: the
//! value is the sum of the groups' values, a group of one colour worth 0 (nobody can move in
//! it), each group valued once up to the eight symmetries of the square (both players move in
//! every direction).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::Players;

use crate::rules::board::grid::bitgrid::{Planes, Shifts};
#[cfg(feature = "draw")]
use crate::rules::board::grid::cell_size;
use crate::rules::board::grid::{cell_name, read_cell, Grid, GridNotation};
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::side;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Clobber in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "clobber",
    name: "Clobber",
    a_move: "move one of your stones onto a neighbouring stone of the other player, which is removed (`x` Left's, the first player's; `o` Right's; `.` empty; rows joined by `/`)",
    example_game: "clobber",
    example_position: "xox/oxo",
    heap_ruleset: false,
    move_syntax: "`FROM TO` moves your stone on cell FROM onto the other player's stone on the neighbouring cell TO (columns a, b... from the left, rows 1, 2... from the top), e.g. `a1 b1`",
    example_move: "a1 b1",
}];

/// Reads Clobber's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "clobber").then(|| Ok(Board::new(Clobber)))
}

/// The characters of a board: an empty cell, Left's stone, Right's stone.
const ALPHABET: [char; 3] = ['.', 'x', 'o'];

/// How a position is written: one board ([`GridNotation`]).
const GRID: GridNotation = GridNotation {
    alphabet: &ALPHABET,
    blank: EMPTY,
    example: "xo/ox",
    sum: ["xo", "xox"],
    cells: GridNotation::CELLS,
    // One row (or column) of up to 64 cells: every search of the game holds the board as
    // bits of one word, whatever its shape (linear Clobber, the most studied).
    side: GridNotation::CELLS,
};
const EMPTY: u8 = 0;

/// All eight symmetries of the square ([`Grid::turned`]).
const SYMMETRIES: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Clobber.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clobber;

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

/// Every move of player `mover`, as (the cell of the stone that moves, the cell it clobbers),
/// in reading order.
fn captures(g: &Grid, mover: usize) -> Vec<[(usize, usize); 2]> {
    let (mine, theirs) = (stone(mover), stone(1 - mover));
    let mut out = vec![];
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) == mine {
                let mut near: Vec<(usize, usize)> = g.neighbours(r, c).filter(|&(a, b)| g.at(a, b) == theirs).collect();
                near.sort_unstable();
                out.extend(near.into_iter().map(|to| [(r, c), to]));
            }
        }
    }
    out
}

/// The board after the stone on `from` clobbers the one on `to`.
fn clobbered(g: &Grid, [from, to]: [(usize, usize); 2]) -> Vec<u64> {
    let mut next = g.clone();
    next.set(to.0, to.1, g.at(from.0, from.1));
    next.set(from.0, from.1, EMPTY);
    next.numbers()
}

/// A move written as typed: `a1 b1`.
fn words([from, to]: [(usize, usize); 2]) -> String {
    format!("{} {}", cell_name(from.0, from.1), cell_name(to.0, to.1))
}

/// The board without its groups of one colour (no move is ever made in them).
fn live(g: &Grid) -> Grid {
    let mut out = g.clone();
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != EMPTY && !touches_other(g, r, c) {
                out.set(r, c, EMPTY);
            }
        }
    }
    out
}

/// Whether the group of stones holding (r, c) holds stones of both colours.
fn touches_other(g: &Grid, r: usize, c: usize) -> bool {
    let mut seen = vec![false; g.cells.len()];
    let mut stack = vec![(r, c)];
    let mut colours = [false; 3];
    while let Some((a, b)) = stack.pop() {
        let i = a * g.cols + b;
        if seen.get(i) != Some(&false) || g.at(a, b) == EMPTY {
            continue;
        }
        if let Some(s) = seen.get_mut(i) {
            *s = true;
        }
        if let Some(k) = colours.get_mut(usize::from(g.at(a, b))) {
            *k = true;
        }
        stack.extend(g.neighbours(a, b));
    }
    colours[1] && colours[2]
}

impl Clobber {
    /// The move from `numbers` to `after`, with the player who made it; `Err` says why it is
    /// not one.
    fn capture(numbers: &[u64], after: &[u64]) -> Result<([(usize, usize); 2], usize), String> {
        let before = board(numbers);
        let next = Grid::of(after, 3).ok_or("a move keeps the board's size")?;
        let changed = before.changed(&next).ok_or("a move keeps the board's size")?;
        let [a, b] = changed[..] else {
            return Err(format!(
                "a move changes two cells, the stone's and the one it clobbers; this changes {}",
                changed.len()
            ));
        };
        // The stone that moved left its cell empty.
        let (from, to) = if next.at(a.0, a.1) == EMPTY { (a, b) } else { (b, a) };
        let mover = owner(before.at(from.0, from.1))
            .ok_or_else(|| format!("cell {} holds no stone", cell_name(from.0, from.1)))?;
        if next.at(from.0, from.1) != EMPTY || next.at(to.0, to.1) != stone(mover) {
            return Err(format!(
                "a move takes a stone off {} and puts it on {}",
                cell_name(from.0, from.1),
                cell_name(to.0, to.1)
            ));
        }
        if before.at(to.0, to.1) != stone(1 - mover) {
            return Err(format!("cell {} holds no stone of {}'s to clobber", cell_name(to.0, to.1), side(1 - mover)));
        }
        if from.0.abs_diff(to.0) + from.1.abs_diff(to.1) != 1 {
            return Err(format!(
                "cells {} and {} are not neighbours: a stone clobbers a stone next to it (not diagonally)",
                cell_name(from.0, from.1),
                cell_name(to.0, to.1)
            ));
        }
        Ok(([from, to], mover))
    }
}

impl RulesCore for Clobber {
    fn words(&self) -> Words {
        Words::new(
            "clobber",
            Players::Partizan("Left moves the x stones, Right the o stones".into()),
            "Clobber: a move takes one of your stones onto a neighbouring stone of the other player (up, down, left or right), which is removed; x is Left's (the first player), o Right's; a player with no such move loses.",
            "Type the cell of your stone, then the neighbouring stone it clobbers: 'a1 b1'",
        )
        .with_grid(GRID)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let g = board(numbers);
        captures(&g, mover.min(1)).into_iter().map(|m| clobbered(&g, m)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ([from, _], owner) = Clobber::capture(numbers, after)?;
        if owner != mover.min(1) {
            return Err(format!(
                "the stone on {} is {}'s: {} moves the {} stones",
                cell_name(from.0, from.1),
                side(owner),
                side(mover),
                if mover == 0 { "x" } else { "o" }
            )
            .into());
        }
        Ok(())
    }

    /// Groups of one colour removed, the board cut to its stones' rectangle, and the least of
    /// its images under the eight symmetries of the square.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        live(&board(numbers)).cropped(|c| c != EMPTY, EMPTY).least_image(&SYMMETRIES).numbers()
    }

    /// The groups of neighbouring stones with both colours: a move stays within one.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let groups = live(&board(numbers)).regions(|c| c != EMPTY, EMPTY);
        (groups.len() > 1).then(|| groups.iter().map(Grid::numbers).collect())
    }
}

impl Notation for Clobber {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Clobber::capture(numbers, after) {
            Ok(([from, to], mover)) => format!(
                "{} moves the stone on {} onto {}, clobbering {}'s stone",
                side(mover),
                cell_name(from.0, from.1),
                cell_name(to.0, to.1),
                side(1 - mover)
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
                if g.at(r, c) == EMPTY {
                    return Err(format!("cell {w} is empty: a move goes from a stone onto a stone"));
                }
            }
            let [(r1, c1), (r2, c2)] = cells;
            if g.at(r1, c1) == g.at(r2, c2) {
                let who = owner(g.at(r1, c1)).map_or("", side);
                return Err(format!(
                    "cells {a} and {b} both hold {who}'s stones: a stone clobbers one of the other player's"
                ));
            }
            Ok(clobbered(&g, cells))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        Clobber::capture(numbers, after).map_or_else(|_| arrow_move(numbers, after), |(m, _)| words(m))
    }
}

impl PlayHelp for Clobber {
    /// Each move removes a stone, and the last stone cannot move.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        (board(numbers).cells.iter().filter(|&&c| c != EMPTY).count() as u128).saturating_sub(1)
    }

    /// A board of 1 to 3 rows and 2 or 3 columns, each cell x, o or (one in five) empty.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let (rows, cols) = (1 + below(3) as usize, 2 + below(2) as usize);
        let mut g = Grid::filled(rows, cols, EMPTY);
        for r in 0..rows {
            for c in 0..cols {
                g.set(r, c, [0, 1, 1, 2, 2].get(below(5) as usize).copied().unwrap_or(1));
            }
        }
        vec![g.write(&ALPHABET)]
    }
}

/// The packed search: a key is the board as two [`Planes`], Left's stones and Right's, without
/// its groups of one colour, cut to its stones and the least of its eight images (both players
/// move in every direction, so every symmetry of the square keeps a position's value).
impl PackedRules for Clobber {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        planes_key(Planes::of_stones(numbers)?)
    }

    /// The groups of neighbouring stones (each holds both colours: a key has no other).
    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        push_group_keys(Planes::unpack(key), out);
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        // An option's stones lie within the position's frame, so its key fits.
        for_each_capture(key, mover, |after| out.extend(planes_key(after)));
    }

    /// Each option's parts made from the option's canonical image at once, rather than from
    /// its key unpacked (the parts in the same order, so that the search visits the same
    /// positions), each part keyed without looking for groups again (a part is one group).
    fn key_option_parts(&self, key: Packed, mover: usize, parts: &mut Vec<Packed>, ends: &mut Vec<usize>) {
        for_each_capture(key, mover, |after| {
            let (live, groups) = live_groups(after);
            let (whole, whole_key) = live.least_keyed(true);
            // An option's stones lie within the position's frame, so its key fits.
            let Some(whole_key) = whole_key else { return };
            // One group is one part: its groups are not looked for again.
            if groups < 2 || !push_group_keys(whole, parts) {
                parts.push(whole_key);
            }
            ends.push(parts.len());
        });
    }

    /// Left's stones Right's and Right's Left's (every symmetry of the square keeps the board).
    fn key_negative(&self, key: Packed) -> Option<Packed> {
        let p = Planes::unpack(key);
        let [left, right] = p.planes;
        planes_key(Planes { planes: [right, left], ..p })
    }

    /// One option a pair of neighbouring stones of the two players: no key made.
    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        let p = Planes::unpack(key);
        let (mover, frame) = (mover.min(1), p.frame().shifts());
        let (mine, theirs) = (p.plane(mover), p.plane(1 - mover));
        [frame.up(mine), frame.down(mine), frame.left(mine), frame.right(mine)]
            .iter()
            .map(|&reach| u64::from((reach & theirs).count_ones()))
            .sum()
    }
}

/// A shift of a bit board's cells one step in a direction.
type Shift = fn(Shifts, u64) -> u64;

/// Calls `f` with the board after each capture of `mover` (0 Left) in the board `key`, by
/// direction (up, down, left, right), then by the captured stone's place.
fn for_each_capture(key: Packed, mover: usize, mut f: impl FnMut(Planes)) {
    let p = Planes::unpack(key);
    let (mover, frame) = (mover.min(1), p.frame().shifts());
    let (mine, theirs) = (p.plane(mover), p.plane(1 - mover));
    // Each direction a stone may move, and the way back from where it lands.
    let steps: [(Shift, Shift); 4] = [
        (Shifts::up, Shifts::down),
        (Shifts::down, Shifts::up),
        (Shifts::left, Shifts::right),
        (Shifts::right, Shifts::left),
    ];
    for (step, back) in steps {
        let mut targets = step(frame, mine) & theirs;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets &= targets - 1;
            f(p.without(mover, back(frame, to)).without(1 - mover, to).with(mover, to));
        }
    }
}

/// The canonical key of a board of stones: its groups of one colour dropped (no move is ever
/// made in them), cut to the rest, the least of its eight images; `None` past
/// [`crate::rules::board::grid::bitgrid::PLANES_CELLS`] cells of frame.
fn planes_key(p: Planes) -> Option<Packed> {
    live_part(p).least_key(true)
}

/// The keys of the groups of `p`, a board whose every group holds stones of both colours (as
/// a key's do), pushed onto `out` where it has two or more; whether it had. A group is one
/// part whole, so it is keyed without looking for groups again.
fn push_group_keys(p: Planes, out: &mut Vec<Packed>) -> bool {
    let mut groups = p.grid().regions();
    let (Some(first), Some(second)) = (groups.next(), groups.next()) else { return false };
    // A part's frame lies within the whole's, so its key fits as the whole's did.
    out.extend([first, second].into_iter().chain(groups).filter_map(|m| p.cropped(m).least_key(true)));
    true
}

/// The board of stones `p` without its groups of one colour, cut to the rest.
fn live_part(p: Planes) -> Planes {
    live_groups(p).0
}

/// [`live_part`], with the number of its groups.
fn live_groups(p: Planes) -> (Planes, usize) {
    let [left, right] = p.planes;
    let (live, groups) =
        p.grid().regions().filter(|&g| g & left != 0 && g & right != 0).fold((0, 0), |(all, n), g| (all | g, n + 1));
    (p.cropped(live), groups)
}

impl Theory for Clobber {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for Clobber {
    /// The board with its stones; each stone of the player to move that can clobber picks its
    /// moves, shown as rings on the stones it can clobber (one stone's at a time, so that no
    /// two targets shown overlap), drawn over every stone.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let g = board(numbers);
        let mover = mover.min(1);
        let size = cell_size(g.rows, g.cols);
        let (x0, y0) = (28.0, 24.0);
        let centre = |r: usize, c: usize| (x0 + size * (c as f64 + 0.5), y0 + size * (r as f64 + 0.5));
        let mut s = Sketch::new();
        for c in 0..g.cols {
            s.text(centre(0, c).0, y0 - 8.0, &crate::rules::board::grid::column_letter(c), "small", "middle");
        }
        for r in 0..g.rows {
            s.text(x0 - 8.0, centre(r, 0).1 + 4.0, &(r + 1).to_string(), "small", "end");
            for c in 0..g.cols {
                let class = if (r + c) % 2 == 0 { "cell" } else { "cell dark" };
                s.rect(x0 + size * c as f64, y0 + size * r as f64, size, size, 0.0, class).title(cell_name(r, c));
            }
        }
        let moves = captures(&g, mover);
        let first = moves.first().map(|m| m[0]);
        for r in 0..g.rows {
            for c in 0..g.cols {
                let Some(who) = owner(g.at(r, c)) else { continue };
                let (x, y) = centre(r, c);
                let class = if who == 0 { "obj" } else { "queen" };
                let title = format!("{}'s stone on {}", side(who), cell_name(r, c));
                let mine: Vec<[(usize, usize); 2]> = moves.iter().copied().filter(|m| m[0] == (r, c)).collect();
                if mine.is_empty() {
                    s.circle(x, y, size * 0.34, class).title(title);
                    continue;
                }
                s.circle(x, y, size * 0.34, class)
                    .picks(cell_name(r, c))
                    .title(format!("{title}: click it, then a stone it clobbers"));
            }
        }
        // The rings after every stone, so that a ring lies on top of the stone it clobbers
        // (drawn with the clobbering stone, a ring on a stone further on lay under it).
        for r in 0..g.rows {
            for c in 0..g.cols {
                let mine: Vec<[(usize, usize); 2]> = moves.iter().copied().filter(|m| m[0] == (r, c)).collect();
                if mine.is_empty() {
                    continue;
                }
                let (x, y) = centre(r, c);
                let key = cell_name(r, c);
                s.choice(&key, first == Some((r, c)), |s| {
                    s.circle(x, y, size * 0.42, "picked");
                    for m in mine {
                        let (tx, ty) = centre(m[1].0, m[1].1);
                        let t = s.target(clobbered(&g, m), Some(words(m)));
                        let what = format!("{} clobbers {} from {}", side(mover), cell_name(m[1].0, m[1].1), key);
                        s.circle(tx, ty, size * 0.42, "target").makes(t).title(what);
                    }
                });
            }
        }
        let y = y0 + size * g.rows as f64 + 22.0;
        let next = s.note(y, "Left moves the blue stones (x), Right the red ones (o).");
        let what = if moves.is_empty() {
            format!("{} has no stone next to the other player's: {} wins.", side(mover), side(1 - mover))
        } else {
            format!("{} to move: click a stone, then a ring on a stone it clobbers.", side(mover))
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
        Clobber.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("xo/ox");
        let left = Clobber.read_move(&n, "a1 b1", 0).unwrap().unwrap();
        assert_eq!(Clobber.tokens(&left), [".x/ox"]);
        assert_eq!(Clobber.describe(&n, &left), "Left moves the stone on a1 onto b1, clobbering Right's stone");
        assert!(Clobber.check(&n, 0..0, &left, 0).is_ok());
        assert_eq!(
            Clobber.check(&n, 0..0, &left, 1).unwrap_err().to_string(),
            "the stone on a1 is Left's: Right moves the o stones"
        );
        assert_eq!(
            Clobber.read_move(&n, "a1 b2", 0).unwrap().unwrap_err(),
            "cells a1 and b2 both hold Left's stones: a stone clobbers one of the other player's"
        );
        let m = numbers("xo/xo");
        let diagonal = Clobber.read_move(&m, "a1 b2", 0).unwrap().unwrap();
        assert!(Clobber.check(&m, 0..0, &diagonal, 0).unwrap_err().to_string().contains("not neighbours"));
        assert_eq!(Clobber.options(&n, 0).len(), 4);
        assert_eq!(Clobber.options(&n, 1).len(), 4);
    }

    #[test]
    fn canonical_forms_drop_groups_of_one_colour_and_symmetries() {
        assert_eq!(Clobber.canonical(&numbers("xo.x/...x")), Clobber.canonical(&numbers("ox")));
        assert_eq!(Clobber.canonical(&numbers("x/o/x")), Clobber.canonical(&numbers("xox")));
        assert_ne!(Clobber.canonical(&numbers("xox")), Clobber.canonical(&numbers("oxo")));
        assert_eq!(Clobber.components(&numbers("xo.ox/.....")).map(|c| c.len()), Some(2));
        assert_eq!(Clobber.components(&numbers("xo.xx")), None);
    }

    /// Every board of up to 8 cells (every shape, every cell empty, `x` or `o`): the packed
    /// key's options and parts are the keys of the plain rules' options and groups, its option
    /// count theirs, and a key is its board's.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        use crate::rules::board::grid::{assert_keys_follow_rules, every_board};
        let mut checked = 0;
        for g in every_board(8, 3) {
            let numbers = g.numbers();
            let text = g.write(&ALPHABET);
            let k = assert_keys_follow_rules(&Clobber, &numbers, &text);
            assert_eq!(Some(k), Clobber.key_of(&Clobber.canonical(&numbers)), "{text}");
            assert_option_parts_are_the_options_cut(k, &text);
            checked += 1;
        }
        assert_eq!(checked, 34_338);
    }

    /// Clobber's parts of each option made at once are the parts of the option's key, option
    /// by option, as the default of [`PackedRules::key_option_parts`] makes them.
    fn assert_option_parts_are_the_options_cut(key: Packed, text: &str) {
        for mover in 0..2 {
            let (mut parts, mut ends, mut options) = (vec![], vec![], vec![]);
            Clobber.key_option_parts(key, mover, &mut parts, &mut ends);
            Clobber.key_options(key, mover, &mut options);
            assert_eq!(ends.len(), options.len(), "{text}");
            let mut start = 0;
            for (&end, &option) in ends.iter().zip(&options) {
                let mut made = parts.get(start..end).unwrap_or_default().to_vec();
                let mut cut = vec![];
                Clobber.key_parts_or_self(option, &mut cut);
                made.sort_unstable();
                cut.sort_unstable();
                assert_eq!(made, cut, "{text}, mover {mover}");
                start = end;
            }
        }
    }
}
