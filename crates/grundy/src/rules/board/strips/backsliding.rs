//! Backsliding Toads and Frogs (Berlekamp, Conway and Guy, *Winning Ways*, ch. 1; Albert and
//! Nowakowski, "Backsliding Toads and Frogs", *Games of No Chance 3*, 2009; CGSuite's
//! `BackslidingToadsAndFrogs`): Toads and Frogs ([`crate::rules::board::strips::toads_frogs`]) where a
//! piece may also step back. A toad (`T`, Left's) steps one cell right into an empty cell, or
//! one cell back left into an empty cell, or jumps right over exactly one frog into the empty
//! cell beyond; a frog (`F`, Right's) the same mirrored. There are no jumps backwards. A player
//! with no move loses. A piece can step back and forth, so a position can repeat: the game is
//! loopy, and its value is a loopy game's (a stopper, or an onside and an offside), found from
//! the graph of every position reachable ([`crate::rules::board::machinery::loopy`]); some positions are
//! draws.
//!
//! A position is one strip written as Toads and Frogs writes it (`TTT..FFF`, `.` an empty
//! cell), one number a cell. A move forward is typed as in Toads and Frogs, the cell of the
//! piece (`3`: the piece on cell 3 steps or jumps its way); any move, a backslide included, as
//! the cell of the piece and the cell it goes to (`3-2`).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::error::IllegalMove;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::strips::toads_frogs::{moved, name, piece, target, typed_move, EMPTY, STRIP, TOAD};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::NumberNames;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, TextRows, Theory, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Backsliding Toads and Frogs in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "backsliding-toads-frogs",
    name: "Backsliding Toads and Frogs",
    a_move: "move a piece of yours on a strip (`TT..FF`): a toad (`T`, Left's, the first player's) steps right or back left into an empty cell, or jumps right over one frog; a frog (`F`, Right's) the same mirrored; positions repeat",
    example_game: "backsliding-toads-frogs",
    example_position: "T..F",
    heap_ruleset: false,
    move_syntax: "`CELL` moves the piece on cell CELL its way, as in Toads and Frogs (a toad right, a frog left, a step or a jump); `FROM-TO` moves the piece on cell FROM to cell TO, a backslide included (1 is the leftmost), e.g. `2-1`",
    example_move: "1",
}];

/// Reads the game's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "backsliding-toads-frogs").then(|| Ok(Board::new(Backsliding)))
}

/// Backsliding Toads and Frogs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Backsliding;

/// The cell the piece on cell `i` steps back to (a toad left, a frog right), if it is empty.
fn back(cells: &[u64], i: usize) -> Option<usize> {
    let to = if *cells.get(i)? == TOAD { i.checked_sub(1)? } else { i.checked_add(1)? };
    (cells.get(to) == Some(&EMPTY)).then_some(to)
}

/// The cells the piece on cell `i` can move to: forward as in Toads and Frogs, then back.
fn targets(cells: &[u64], i: usize) -> Vec<usize> {
    target(cells, i).into_iter().chain(back(cells, i)).collect()
}

/// Every move of player `mover`, as (from, to), from the left.
fn moves(cells: &[u64], mover: usize) -> Vec<(usize, usize)> {
    let own = piece(mover.min(1));
    (0..cells.len())
        .filter(|&i| cells.get(i) == Some(&own))
        .flat_map(|i| targets(cells, i).into_iter().map(move |t| (i, t)))
        .collect()
}

/// The move from `numbers` to `after` as (from, to), with the player who made it; `Err` says
/// why it is not one.
fn step(numbers: &[u64], after: &[u64]) -> Result<((usize, usize), usize), String> {
    if numbers.len() != after.len() {
        return Err("a move keeps the strip's length".into());
    }
    let changed: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i) != after.get(i)).collect();
    let [a, b] = changed[..] else {
        return Err(format!("a move moves one piece, changing two cells; this changes {}", changed.len()));
    };
    let (from, to) = if after.get(a) == Some(&EMPTY) { (a, b) } else { (b, a) };
    let p = numbers.get(from).copied().unwrap_or(EMPTY);
    if p == EMPTY || after.get(to) != Some(&p) || after.get(from) != Some(&EMPTY) {
        return Err(format!("cells {} and {}: a move takes one piece into an empty cell", a + 1, b + 1));
    }
    let mover = usize::from(p != TOAD);
    if !targets(numbers, from).contains(&to) {
        return Err(format!("the {} on cell {} cannot reach cell {}: {}", name(p), from + 1, to + 1, how(mover)));
    }
    Ok(((from, to), mover))
}

/// How a piece of player `who` moves, in words.
fn how(who: usize) -> &'static str {
    if who == 0 {
        "a toad steps right or back left into an empty cell, or jumps right over one frog"
    } else {
        "a frog steps left or back right into an empty cell, or jumps left over one toad"
    }
}

/// A move in words: stepping, stepping back or jumping.
fn verb((from, to): (usize, usize), who: usize) -> &'static str {
    match (from.abs_diff(to), to > from) {
        (2, _) => "jumps",
        (_, right) if right == (who == 0) => "steps",
        _ => "steps back",
    }
}

impl RulesCore for Backsliding {
    fn words(&self) -> Words {
        Words::new(
            "backsliding-toads-frogs",
            Players::Partizan("Left moves the toads, Right the frogs".into()),
            "Backsliding Toads and Frogs: toads (T, Left's, the first player) and frogs (F, Right's) each step one cell into an empty cell, a toad right or back left, a frog left or back right, or jump over one piece of the other kind into the empty cell beyond, a toad right, a frog left; a player with no move loses. A piece can step back and forth, so a position can repeat: the game is loopy, and some games are drawn (played for ever).",
            "Type the cell of the piece to move it its way (1 is the leftmost), or its cell and the cell it goes to: '3' (forward), '3-2' (any move, a backslide included)",
        )
        .with_text_rows(TextRows { label: "strip", numbered: false, empty: None, turn: &[] })
        .with_names(NumberNames { first: &[], then: &["cell {}"], last: None })
        .with_strips(STRIP)
        .with_repeats()
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        moves(numbers, mover).into_iter().map(|m| moved(numbers, m)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let ((from, _), owner) = step(numbers, after)?;
        if owner != mover.min(1) {
            return Err(format!(
                "the piece on cell {} is a {}, {}'s: {} moves the {}s",
                from + 1,
                name(piece(owner)),
                side(owner),
                side(mover),
                name(piece(mover.min(1)))
            )
            .into());
        }
        Ok(())
    }
}

impl Notation for Backsliding {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match step(numbers, after) {
            Ok((m, who)) => {
                format!("{}'s {} on cell {} {} to cell {}", side(who), name(piece(who)), m.0 + 1, verb(m, who), m.1 + 1)
            }
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
        let cells: Vec<u64> = words.iter().map(|w| w.parse().ok()).collect::<Option<_>>()?;
        let (first, second) = match cells[..] {
            [a] => (a, None),
            [a, b] => (a, Some(b)),
            _ => return None,
        };
        let cell = |c: u64| {
            usize::try_from(c)
                .ok()
                .and_then(|c| c.checked_sub(1))
                .filter(|&i| i < numbers.len())
                .ok_or_else(|| format!("there is no cell {c} (the cells are 1 to {})", numbers.len()))
        };
        Some((|| {
            let i = cell(first)?;
            let p = numbers.get(i).copied().unwrap_or(EMPTY);
            if p == EMPTY {
                return Err(format!(
                    "cell {first} is empty: give the cell of a toad or a frog (e.g. {})",
                    example(numbers, mover)
                ));
            }
            let who = usize::from(p != TOAD);
            let to = match second {
                Some(b) => {
                    let to = cell(b)?;
                    if !targets(numbers, i).contains(&to) {
                        return Err(format!("the {} on cell {first} cannot move to cell {b}: {}", name(p), how(who)));
                    }
                    to
                }
                None => target(numbers, i).ok_or_else(|| match back(numbers, i) {
                    Some(b) => format!(
                        "the {} on cell {first} cannot move its way; it can only step back, typed {first}-{}",
                        name(p),
                        b + 1
                    ),
                    None => format!("the {} on cell {first} cannot move: {}", name(p), how(who)),
                })?,
            };
            Ok(moved(numbers, (i, to)))
        })())
    }

    /// A move forward as Toads and Frogs writes it (the piece's cell), a backslide as `FROM-TO`.
    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        step(numbers, after).map_or_else(
            |_| crate::rules::board::machinery::notation::arrow_move(numbers, after),
            |(m, _)| typed_move(numbers, m),
        )
    }
}

/// A move of the strip `numbers` as typed, for an error's example: the first move of player
/// `mover`, else of the other, else `1`.
fn example(numbers: &[u64], mover: usize) -> String {
    let all = [moves(numbers, mover), moves(numbers, 1 - mover.min(1))].concat();
    all.first().map_or_else(|| "1".into(), |&(from, to)| format!("{}-{}", from + 1, to + 1))
}

impl PlayHelp for Backsliding {
    /// A strip of 3 to 5 cells, one or two toads at its left, one or two frogs at its right:
    /// a game of a few dozen positions.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let len = 3 + below(3) as usize;
        let toads = 1 + below(2) as usize;
        let frogs = 1 + below(2) as usize;
        let (toads, frogs) = if toads + frogs >= len { (1, 1) } else { (toads, frogs) };
        vec![format!("{}{}{}", "T".repeat(toads), ".".repeat(len - toads - frogs), "F".repeat(frogs))]
    }
}

/// The graph of positions is keyed by the strips' numbers ([`crate::rules::board::machinery::loopy`]): no
/// packed keys, no theory beyond the loopy values.
impl Theory for Backsliding {}

#[cfg(feature = "draw")]
impl Face for Backsliding {
    /// The strip as Toads and Frogs draws it: a piece with one move is clicked once, a piece
    /// that can go forward or back is clicked, then the cell it goes to.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        crate::rules::board::strips::toads_frogs::draw_strip(
            numbers,
            &moves(numbers, mover),
            mover,
            "Toads (T, blue) are Left's: they move right, or step back left. Frogs (F, red) are Right's: they move left, or step back right.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u64> {
        Backsliding.parse(&[text]).unwrap()
    }

    #[test]
    fn moves_are_read_checked_and_worded() {
        let n = numbers(".T.F");
        let fwd = Backsliding.read_move(&n, "2", 0).unwrap().unwrap();
        assert_eq!(Backsliding.tokens(&fwd), ["..TF"]);
        assert_eq!(Backsliding.describe(&n, &fwd), "Left's toad on cell 2 steps to cell 3");
        assert_eq!(Backsliding.write_move(&n, &fwd, 0), "2");
        let back = Backsliding.read_move(&n, "2-1", 0).unwrap().unwrap();
        assert_eq!(Backsliding.tokens(&back), ["T..F"]);
        assert_eq!(Backsliding.describe(&n, &back), "Left's toad on cell 2 steps back to cell 1");
        assert_eq!(Backsliding.write_move(&n, &back, 0), "2-1");
        let jump = numbers("TF.");
        let j = Backsliding.read_move(&jump, "1", 0).unwrap().unwrap();
        assert_eq!(Backsliding.describe(&jump, &j), "Left's toad on cell 1 jumps to cell 3");
        assert_eq!(
            Backsliding.read_move(&numbers("T.F"), "3-1", 1).unwrap().unwrap_err(),
            "the frog on cell 3 cannot move to cell 1: a frog steps left or back right into an empty cell, or jumps left over one toad"
        );
        assert_eq!(
            Backsliding.read_move(&numbers(".TF"), "2", 0).unwrap().unwrap_err(),
            "the toad on cell 2 cannot move its way; it can only step back, typed 2-1"
        );
        assert!(Backsliding.read_move(&n, "1", 0).unwrap().unwrap_err().contains("cell 1 is empty"));
        assert!(Backsliding.read_move(&n, "9-1", 0).unwrap().unwrap_err().contains("no cell 9"));
        assert_eq!(
            Backsliding.check(&n, 0..0, &back, 1).unwrap_err().to_string(),
            "the piece on cell 2 is a toad, Left's: Right moves the frogs"
        );
    }
}
