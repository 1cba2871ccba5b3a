//! Toads and Frogs (Richard Guy; Berlekamp, Conway and Guy, *Winning Ways*, ch. 1): a strip of
//! cells holding toads (`T`, Left's, the first player's) and frogs (`F`, Right's). A toad moves
//! right, a frog left: a piece steps into the empty cell next to it, or jumps over one piece of
//! the other kind into the empty cell beyond it. A player with no move loses. The game is
//! partizan, so it is answered from Conway's value of the position
//! ([`crate::rules::board::machinery::value`]).
//!
//! A position is one strip written as `TT..FF` (`.` an empty cell), stored as one number a
//! cell: 0 empty, 1 a toad, 2 a frog. A move is typed as the cell of the piece that moves (1
//! is the leftmost): where it goes follows from the rule.
//!
//! Parts of the strip that can never interact are valued apart: a block `TTFF` never moves (no
//! toad of it can step or jump, no frog either) and nothing crosses it, so it splits the strip
//! in two; frogs at the left end and toads at the right end never move and are dropped.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::Players;

use crate::rules::board::grid::bitgrid::{gather, spread};
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::strips::{Count, Strips};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, RulesCore, TextRows, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Toads and Frogs in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "toads-frogs",
    name: "Toads and Frogs",
    a_move: "move a piece of yours on a strip (`TT..FF`): a toad (`T`, Left's, the first player's) steps right into an empty cell or jumps over one frog, a frog (`F`, Right's) the same leftwards",
    example_game: "toads-frogs",
    example_position: "TT..FF",
    heap_ruleset: false,
    move_syntax: "`CELL` moves the piece on cell CELL (1 is the leftmost): a toad steps or jumps right, a frog left",
    example_move: "2",
}];

/// Reads the game's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "toads-frogs").then(|| Ok(Board::new(ToadsFrogs)))
}

/// How a strip is written: a letter a cell, empty (`.`), a toad (`T`) or a frog (`F`),
/// numbered 0 to 2.
pub(crate) const STRIP: Strips = Strips {
    letters: &[('.', "empty"), ('T', "a toad"), ('F', "a frog")],
    first: EMPTY,
    strip: "strip",
    cell: ["cell", "cells"],
    example: "TT..FF",
    max_cells: MAX_CELLS,
    count: Count::One { sum: ["T.F", "TT.F"] },
};
/// An empty cell's number.
pub(crate) const EMPTY: u64 = 0;
/// A toad's number.
pub(crate) const TOAD: u64 = 1;
/// A frog's number.
pub(crate) const FROG: u64 = 2;

/// The most cells of a strip (a memo entry holds one number a cell).
pub const MAX_CELLS: usize = 64;

/// Toads and Frogs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ToadsFrogs;

/// The piece of player `mover`: toads for Left, frogs for Right.
pub(crate) fn piece(mover: usize) -> u64 {
    if mover == 0 {
        TOAD
    } else {
        FROG
    }
}

/// A piece's name.
pub(crate) fn name(p: u64) -> &'static str {
    if p == TOAD {
        "toad"
    } else {
        "frog"
    }
}

/// Where the piece on cell `i` goes, if it can move (a toad right, a frog left).
pub(crate) fn target(cells: &[u64], i: usize) -> Option<usize> {
    let p = *cells.get(i)?;
    let (one, two) = match p {
        TOAD => (i.checked_add(1)?, i.checked_add(2)?),
        FROG => (i.checked_sub(1)?, i.checked_sub(2).unwrap_or(usize::MAX)),
        _ => return None,
    };
    match cells.get(one) {
        Some(&EMPTY) => Some(one),
        Some(&q) if q != p && cells.get(two) == Some(&EMPTY) => Some(two),
        _ => None,
    }
}

/// Every move of player `mover`, as (from, to), from the left.
fn moves(cells: &[u64], mover: usize) -> Vec<(usize, usize)> {
    (0..cells.len())
        .filter(|&i| cells.get(i) == Some(&piece(mover)))
        .filter_map(|i| Some((i, target(cells, i)?)))
        .collect()
}

/// The strip after the piece on `from` goes to `to`.
pub(crate) fn moved(cells: &[u64], (from, to): (usize, usize)) -> Vec<u64> {
    let mut next = cells.to_vec();
    next.swap(from, to);
    next
}

/// The cells `start..end` of the strip without the frogs at their left end and the toads at
/// their right end (they never move, and nothing moves over them); empty when nothing is left.
fn trim(cells: &[u64], start: usize, end: usize) -> std::ops::Range<usize> {
    let part = cells.get(start..end).unwrap_or_default();
    let from = part.iter().position(|&c| c != FROG).unwrap_or(part.len());
    let to = part.iter().rposition(|&c| c != TOAD).map_or(0, |e| e + 1);
    if from < to {
        start + from..start + to
    } else {
        start..start
    }
}

/// Calls `each` with the cells of every part of the strip between blocks `TTFF`, each
/// trimmed, leaving out the parts with no move (nothing left, or one empty cell): no piece of
/// such a block can ever move, and no piece crosses it.
fn each_segment(cells: &[u64], mut each: impl FnMut(std::ops::Range<usize>)) {
    let mut part = |start: usize, end: usize| {
        let r = trim(cells, start, end);
        if r.len() > 1 || cells.get(r.clone()).is_some_and(|p| p.first().is_some_and(|&c| c != EMPTY)) {
            each(r);
        }
    };
    let mut start = 0;
    let mut i = 0;
    while i + 4 <= cells.len() {
        if cells.get(i..i + 4) == Some(&[TOAD, TOAD, FROG, FROG][..]) {
            part(start, i);
            start = i + 4;
            i += 4;
        } else {
            i += 1;
        }
    }
    part(start, cells.len());
}

/// The parts of the strip between blocks `TTFF` ([`each_segment`]).
fn segments(cells: &[u64]) -> Vec<Vec<u64>> {
    let mut out = vec![];
    each_segment(cells, |r| out.push(cells.get(r).unwrap_or_default().to_vec()));
    out
}

/// The longest strip the packed search keys: two bits a cell, the length above them.
const PACKED_CELLS: usize = 60;

/// The longest strip whose key fits in 64 bits (the length from bit 58), so that a memo keeps
/// it in a narrow table; a longer one's length lies from bit 120.
const NARROW_CELLS: usize = 29;

/// The canonical cells of a strip ([`RulesCore::canonical`]): its one part with a move, or the
/// whole strip trimmed where it has several, or one empty cell where it has none.
fn canonical_cells(cells: &[u64]) -> &[u64] {
    let (mut parts, mut only) = (0, 0..0);
    each_segment(cells, |r| {
        parts += 1;
        only = r;
    });
    let cut = match parts {
        0 => return &[EMPTY],
        1 => only,
        _ => trim(cells, 0, cells.len()),
    };
    cells.get(cut).unwrap_or_default()
}

/// A strip of at most [`PACKED_CELLS`] cells as two masks, bit i for cell i: what the packed
/// search works on, each step of the plain rules a few shifts (checked against them on every
/// strip of up to 8 cells and on long random ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strip {
    /// How many cells.
    len: u32,
    /// The toads' cells.
    toads: u64,
    /// The frogs' cells.
    frogs: u64,
}

/// The bits of the first `n` cells (n < 64).
fn low(n: u32) -> u64 {
    (1u64 << n) - 1
}

impl Strip {
    /// The strip of `cells` (at most [`PACKED_CELLS`], each empty, a toad or a frog).
    fn of(cells: &[u64]) -> Strip {
        let (mut toads, mut frogs) = (0, 0);
        for (i, &c) in cells.iter().enumerate().take(PACKED_CELLS) {
            toads |= u64::from(c == TOAD) << i;
            frogs |= u64::from(c == FROG) << i;
        }
        Strip { len: cells.len().min(PACKED_CELLS) as u32, toads, frogs }
    }

    /// The strip [`Strip::key`] made.
    fn of_key(key: Packed) -> Strip {
        let len = if key >> 64 == 0 { (key >> 58) as u32 } else { (key >> 120) as u32 }.min(PACKED_CELLS as u32);
        let cells = key & ((1u128 << (2 * len)) - 1);
        let (lo, hi) = (cells as u64, (cells >> 64) as u64);
        let toads = gather(lo) | gather(hi) << 32;
        let frogs = gather(lo >> 1) | gather(hi >> 1) << 32;
        Strip { len, toads, frogs }
    }

    /// The key: cell i in bits 2i and 2i + 1 (a toad 1, a frog 2), the length above (from bit
    /// 58 for a strip of at most [`NARROW_CELLS`], else from bit 120).
    fn key(self) -> Packed {
        let half = |m: u64| u128::from(spread(m)) | u128::from(spread(m >> 32)) << 64;
        let shift = if self.len as usize <= NARROW_CELLS { 58 } else { 120 };
        u128::from(self.len) << shift | half(self.toads) | half(self.frogs) << 1
    }

    /// The cells `start..end`.
    fn cut(self, start: u32, end: u32) -> Strip {
        let m = |x: u64| (x >> start) & low(end - start);
        Strip { len: end - start, toads: m(self.toads), frogs: m(self.frogs) }
    }

    /// The strip without the frogs at its left end and the toads at its right end ([`trim`]):
    /// the range of cells kept.
    fn trimmed(self) -> (u32, u32) {
        let from = self.frogs.trailing_ones().min(self.len);
        let to = self.len - (self.toads << (64 - self.len.max(1))).leading_ones().min(self.len);
        if self.len == 0 || from >= to {
            (0, 0)
        } else {
            (from, to)
        }
    }

    /// Calls `each` with every part between blocks `TTFF`, trimmed, that has a move (two
    /// cells or more left), as [`each_segment`] does.
    fn each_part(self, mut each: impl FnMut(Strip)) {
        let t = self.toads;
        let f = self.frogs;
        // The first cells of the blocks: two toads then two frogs (blocks never overlap).
        let mut blocks = t & t >> 1 & f >> 2 & f >> 3;
        let mut part = |start: u32, end: u32| {
            let piece = self.cut(start, end);
            let (a, b) = piece.trimmed();
            if b - a > 1 {
                each(piece.cut(a, b));
            }
        };
        let mut start = 0;
        while blocks != 0 {
            let i = blocks.trailing_zeros();
            blocks &= blocks - 1;
            part(start, i);
            start = i + 4;
        }
        part(start.min(self.len), self.len);
    }

    /// The canonical strip ([`canonical_cells`]).
    fn canonical(self) -> Strip {
        let (mut parts, mut only) = (0, self);
        self.each_part(|p| {
            parts += 1;
            only = p;
        });
        match parts {
            0 => Strip { len: 1, toads: 0, frogs: 0 },
            1 => only,
            _ => {
                let (a, b) = self.trimmed();
                self.cut(a, b)
            }
        }
    }

    /// The cells of the pieces of player `mover` that can step (a toad right, a frog left,
    /// into the empty cell next to it) and those that can jump (over a piece of the other
    /// player into the empty cell beyond).
    fn moves(self, mover: usize) -> (u64, u64) {
        let empty = low(self.len) & !(self.toads | self.frogs);
        if mover == 0 {
            (self.toads & empty >> 1, self.toads & self.frogs >> 1 & empty >> 2)
        } else {
            (self.frogs & empty << 1, self.frogs & self.toads << 1 & empty << 2)
        }
    }
}

/// The packed search: a key is the strip, two bits a cell; its parts are the parts between
/// blocks `TTFF`.
impl PackedRules for ToadsFrogs {
    fn key_of(&self, numbers: &[u64]) -> Option<Packed> {
        (numbers.len() <= PACKED_CELLS && numbers.iter().all(|&c| c <= FROG))
            .then(|| Strip::of(numbers).canonical().key())
    }

    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>) {
        let start = out.len();
        Strip::of_key(key).each_part(|p| out.push(p.key()));
        if out.len() < start + 2 {
            out.truncate(start);
        }
    }

    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>) {
        let s = Strip::of_key(key);
        // From the left, as the plain rules list them: a piece has one move at most.
        let (steps, jumps) = s.moves(mover.min(1));
        let mut from = steps | jumps;
        while from != 0 {
            let bit = from & from.wrapping_neg();
            from &= from - 1;
            let distance = if steps & bit != 0 { 1 } else { 2 };
            let to = if mover == 0 { bit << distance } else { bit >> distance };
            let after = if mover == 0 {
                Strip { toads: s.toads & !bit | to, ..s }
            } else {
                Strip { frogs: s.frogs & !bit | to, ..s }
            };
            out.push(after.canonical().key());
        }
    }

    /// One option a piece that can move: no key made.
    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        let (steps, jumps) = Strip::of_key(key).moves(mover.min(1));
        u64::from((steps | jumps).count_ones())
    }
}

impl ToadsFrogs {
    /// The move from `numbers` to `after` as (from, to), with the player who made it; `Err`
    /// says why it is not one.
    fn step(numbers: &[u64], after: &[u64]) -> Result<((usize, usize), usize), String> {
        if numbers.len() != after.len() {
            return Err("a move keeps the strip's length".into());
        }
        let changed: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i) != after.get(i)).collect();
        let [a, b] = changed[..] else {
            return Err(format!("a move moves one piece, changing two cells; this changes {}", changed.len()));
        };
        let (p, q) = (numbers.get(a).copied().unwrap_or(EMPTY), numbers.get(b).copied().unwrap_or(EMPTY));
        let (from, to) = match (p, q) {
            (TOAD, EMPTY) => (a, b),
            (EMPTY, FROG) => (b, a),
            _ => {
                return Err(format!(
                    "cells {} and {}: a toad moves right and a frog left, into an empty cell",
                    a + 1,
                    b + 1
                ))
            }
        };
        if after.get(to) != numbers.get(from) || after.get(from) != Some(&EMPTY) {
            return Err(format!("the piece on cell {} must end on cell {}", from + 1, to + 1));
        }
        let mover = usize::from(numbers.get(from) == Some(&FROG));
        if target(numbers, from) != Some(to) {
            return Err(format!(
                "the {} on cell {} cannot reach cell {}: it steps into the empty cell next to it or jumps over one {}",
                name(piece(mover)),
                from + 1,
                to + 1,
                name(piece(1 - mover))
            ));
        }
        Ok(((from, to), mover))
    }
}

impl RulesCore for ToadsFrogs {
    fn words(&self) -> Words {
        Words::new(
            "toads-frogs",
            Players::Partizan("Left moves the toads, Right the frogs".into()),
            "Toads and Frogs: toads (T, Left's, the first player) move right and frogs (F, Right's) move left, each stepping into the empty cell next to it or jumping over one piece of the other kind into the empty cell beyond; a player with no move loses.",
            "Type the cell of the piece to move (1 is the leftmost): a toad steps or jumps right, a frog left",
        )
        .with_text_rows(TextRows { label: "strip", numbered: false, empty: None, turn: &[] })
        .with_names(NumberNames { first: &[], then: &["cell {}"], last: None })
        .with_strips(STRIP)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        moves(numbers, mover.min(1)).into_iter().map(|m| moved(numbers, m)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ((from, _), owner) = ToadsFrogs::step(numbers, after)?;
        if owner != mover.min(1) {
            return Err(format!(
                "the piece on cell {} is a {}, {}'s: {} moves the {}s",
                from + 1,
                name(piece(owner)),
                side(owner),
                side(mover),
                name(piece(mover))
            )
            .into());
        }
        Ok(())
    }

    /// The parts between blocks `TTFF`, each without the pieces at its ends that never move;
    /// one part alone when there is one.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        canonical_cells(numbers).to_vec()
    }

    /// The parts between blocks `TTFF`, which never interact.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let parts = segments(numbers);
        (parts.len() > 1).then_some(parts)
    }
}

impl Notation for ToadsFrogs {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match ToadsFrogs::step(numbers, after) {
            Ok(((from, to), mover)) => {
                let how = if from.abs_diff(to) == 1 { "steps" } else { "jumps" };
                format!("{}'s {} on cell {} {how} to cell {}", side(mover), name(piece(mover)), from + 1, to + 1)
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let cell: u64 = text.trim().parse().ok()?;
        let i = usize::try_from(cell).ok().and_then(|c| c.checked_sub(1));
        Some(match i.and_then(|i| Some((i, *numbers.get(i)?))) {
            None => Err(format!("there is no cell {cell} (the cells are 1 to {})", numbers.len())),
            Some((_, EMPTY)) => Err(format!("cell {cell} is empty: give the cell of a toad or a frog")),
            Some((i, p)) => match target(numbers, i) {
                Some(to) => Ok(moved(numbers, (i, to))),
                None => Err(format!(
                    "the {} on cell {cell} cannot move: the next cell {} is not empty, and no {} there has an empty cell beyond",
                    name(p),
                    if p == TOAD { "right" } else { "left" },
                    name(if p == TOAD { FROG } else { TOAD })
                )),
            },
        })
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        ToadsFrogs::step(numbers, after)
            .map_or_else(|_| arrow_move(numbers, after), |((from, _), _)| (from + 1).to_string())
    }
}

impl PlayHelp for ToadsFrogs {
    /// Each move takes a piece at least one cell further its way.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        let n = numbers.len() as u128;
        (0..numbers.len())
            .map(|i| match numbers.get(i) {
                Some(&TOAD) => n - 1 - i as u128,
                Some(&FROG) => i as u128,
                _ => 0,
            })
            .sum()
    }

    /// A strip of 4 to 8 cells, each a toad, a frog or empty.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let len = 4 + below(5);
        vec![(0..len).map(|_| STRIP.letters.get(below(3) as usize).map_or('.', |(a, _)| *a)).collect()]
    }
}

impl Theory for ToadsFrogs {
    fn packed(&self) -> Option<&dyn PackedRules> {
        Some(self)
    }
}

#[cfg(feature = "draw")]
impl Face for ToadsFrogs {
    /// The strip, each piece of the player to move that can move a target.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        draw_strip(
            numbers,
            &moves(numbers, mover.min(1)),
            mover,
            "Toads (T, blue) are Left's and move right; frogs (F, red) are Right's and move left.",
        )
    }
}

/// The move (from, to) of `cells` as typed: forward (a toad right, a frog left) the piece's
/// cell, as Toads and Frogs types it; back (Backsliding Toads and Frogs) `FROM-TO`.
pub(crate) fn typed_move(cells: &[u64], (from, to): (usize, usize)) -> String {
    if target(cells, from) == Some(to) {
        (from + 1).to_string()
    } else {
        format!("{}-{}", from + 1, to + 1)
    }
}

/// A strip of toads and frogs drawn (shared with Backsliding Toads and Frogs), `moves` those of
/// the player to move as (from, to): a piece with one move is its target (one click), a piece
/// with several picks them, shown as rings on the cells it can reach (click it, then the cell);
/// `rule` is the note under the strip.
#[cfg(feature = "draw")]
pub(crate) fn draw_strip(numbers: &[u64], moves: &[(usize, usize)], mover: usize, rule: &str) -> Sketch {
    let mover = mover.min(1);
    let size = (600.0 / numbers.len().max(1) as f64).min(44.0);
    let (x0, y0) = (12.0, 12.0);
    let mut s = Sketch::new();
    let how = |m: (usize, usize)| match (m.0.abs_diff(m.1), target(numbers, m.0) == Some(m.1)) {
        (2, _) => "jumps",
        (_, true) => "steps",
        _ => "steps back",
    };
    let centre = |i: usize| (x0 + size * i as f64 + size / 2.0, y0 + size / 2.0);
    let typed = |m: (usize, usize)| typed_move(numbers, m);
    for (i, &c) in numbers.iter().enumerate() {
        let x = x0 + size * i as f64;
        s.rect(x, y0, size, size, 0.0, "cell").title(format!("cell {}", i + 1));
        s.text(x + size / 2.0, y0 + size + 14.0, &(i + 1).to_string(), "small", "middle");
        if c == EMPTY {
            continue;
        }
        let (cx, cy) = centre(i);
        let class = if c == TOAD { "obj" } else { "queen" };
        let who = if c == TOAD { 0 } else { 1 };
        let title = format!("{}'s {} on cell {}", side(who), name(c), i + 1);
        let mine: Vec<(usize, usize)> = moves.iter().copied().filter(|m| m.0 == i).collect();
        match mine[..] {
            [] => drop(s.circle(cx, cy, size * 0.36, class).title(title)),
            [m] => {
                let t = s.target(moved(numbers, m), Some(typed(m)));
                s.circle(cx, cy, size * 0.36, class).makes(t).title(format!("{title}: {} to cell {}", how(m), m.1 + 1));
            }
            _ => drop(
                s.circle(cx, cy, size * 0.36, class)
                    .picks((i + 1).to_string())
                    .title(format!("{title}: click it, then the cell it moves to")),
            ),
        }
        let letter = if c == TOAD { "T" } else { "F" };
        s.text(cx, cy + 5.0, letter, "queen-label", "middle");
    }
    let first = moves.iter().map(|m| m.0).find(|&i| moves.iter().filter(|m| m.0 == i).count() > 1);
    for (i, _) in numbers.iter().enumerate() {
        let mine: Vec<(usize, usize)> = moves.iter().copied().filter(|m| m.0 == i).collect();
        if mine.len() < 2 {
            continue;
        }
        s.choice(&(i + 1).to_string(), first == Some(i), |s| {
            let (cx, cy) = centre(i);
            s.circle(cx, cy, size * 0.42, "picked");
            for m in mine {
                let t = s.target(moved(numbers, m), Some(typed(m)));
                let (tx, ty) = centre(m.1);
                let what = format!(
                    "{}'s {} on cell {} {} to cell {}",
                    side(mover),
                    name(piece(mover)),
                    i + 1,
                    how(m),
                    m.1 + 1
                );
                s.circle(tx, ty, size * 0.42, "target").makes(t).title(what);
            }
        });
    }
    let y = y0 + size + 36.0;
    let next = s.note(y, rule);
    let what = if moves.is_empty() {
        format!("{} has no move: {} wins.", side(mover), side(1 - mover))
    } else {
        format!("{} to move: click a {} to move it.", side(mover), name(piece(mover)))
    };
    s.turn_note(next.max(y + 32.0), moves.is_empty(), &what);
    s.height = y + 40.0;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        ToadsFrogs.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers("T.TFF");
        let left = ToadsFrogs.read_move(&n, "1", 0).unwrap().unwrap();
        assert_eq!(ToadsFrogs.tokens(&left), [".TTFF"]);
        assert_eq!(ToadsFrogs.describe(&n, &left), "Left's toad on cell 1 steps to cell 2");
        let jump = ToadsFrogs.read_move(&n, "4", 0).unwrap().unwrap();
        assert_eq!(ToadsFrogs.describe(&n, &jump), "Right's frog on cell 4 jumps to cell 2");
        assert_eq!(
            ToadsFrogs.check(&n, 0..0, &jump, 0).unwrap_err().to_string(),
            "the piece on cell 4 is a frog, Right's: Left moves the toads"
        );
        assert!(ToadsFrogs.read_move(&n, "5", 0).unwrap().unwrap_err().contains("cannot move"));
        assert!(ToadsFrogs.read_move(&n, "2", 0).unwrap().unwrap_err().contains("empty"));
        assert!(ToadsFrogs.read_move(&n, "9", 0).unwrap().unwrap_err().contains("no cell 9"));
        assert_eq!(
            ToadsFrogs.parse(&["TxF"]).unwrap_err(),
            "cell 2: 'x' is not '.' (empty), 'T' (a toad) or 'F' (a frog)"
        );
    }

    /// The key of a strip written out cell by cell, the layout [`Strip::key`] makes with masks.
    fn pack(cells: &[u64]) -> Packed {
        let shift = if cells.len() <= NARROW_CELLS { 58 } else { 120 };
        cells.iter().enumerate().fold((cells.len() as u128) << shift, |k, (i, &c)| k | u128::from(c & 3) << (2 * i))
    }

    /// The packed key of `cells` is the plain canonical strip's, and its parts and options are
    /// the keys of the plain rules' canonical parts and options.
    fn packed_agrees_with_plain(cells: &[u64]) {
        let key = |cells: &[u64]| ToadsFrogs.key_of(cells).unwrap();
        let k = key(cells);
        let canonical = ToadsFrogs.canonical(cells);
        assert_eq!(k, pack(&canonical), "{cells:?}");
        assert_eq!(Strip::of_key(k), Strip::of(&canonical), "{cells:?}");
        let mut parts = vec![];
        ToadsFrogs.key_parts(k, &mut parts);
        let plain: Vec<Packed> = ToadsFrogs.components(&canonical).unwrap_or_default().iter().map(|p| key(p)).collect();
        assert_eq!(parts, plain, "{cells:?}");
        for mover in 0..2 {
            let mut options = vec![];
            ToadsFrogs.key_options(k, mover, &mut options);
            let plain: Vec<Packed> = ToadsFrogs.options(&canonical, mover).iter().map(|o| key(o)).collect();
            assert_eq!(options, plain, "{cells:?} mover {mover}");
            assert_eq!(ToadsFrogs.key_option_count(k, mover), plain.len() as u64);
        }
    }

    /// Every strip of up to 8 cells, and 3,000 random strips of 9 to 60 cells (both forms of
    /// the key): the packed search's steps are the plain rules'.
    #[test]
    fn packed_keys_follow_the_plain_rules() {
        let mut checked = 0;
        for len in 1..=8u32 {
            for mut code in 0..3u64.pow(len) {
                let cells: Vec<u64> = (0..len)
                    .map(|_| {
                        let c = code % 3;
                        code /= 3;
                        c
                    })
                    .collect();
                packed_agrees_with_plain(&cells);
                checked += 1;
            }
        }
        assert_eq!(checked, 9840);
        let mut seed = 5u64;
        for _ in 0..3000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = 9 + (seed >> 33) % 52;
            let cells: Vec<u64> = (0..len)
                .map(|i| {
                    let x = seed.rotate_left(i as u32 * 7) ^ (seed >> 17);
                    // Mostly pieces, as a game's strips are, with blocks TTFF among them.
                    [TOAD, TOAD, FROG, FROG, EMPTY][(x % 5) as usize]
                })
                .collect();
            packed_agrees_with_plain(&cells);
        }
    }

    #[test]
    fn walls_split_the_strip_and_dead_ends_are_dropped() {
        assert_eq!(ToadsFrogs.canonical(&numbers("FFT.FTT")), numbers("T.F"));
        assert_eq!(ToadsFrogs.components(&numbers("T.FTTFFT.F")), Some(vec![numbers("T.F"), numbers("T.F")]));
        assert_eq!(ToadsFrogs.components(&numbers("T.FTTF.F")), None);
    }
}
