//! Chips on a strip (the problem "Georgia and Bob", POJ 1704): chips on distinct cells numbered
//! from 1; a move slides one chip left, never onto or past another chip and never below cell 1.
//!
//! This is staircase Nim in disguise. Pair the chips from the right (the last with the one
//! before it, and so on; with an odd number of chips the first pairs with the wall at cell 0).
//! The empty cells inside each pair are a Nim heap: moving a pair's right chip takes from it,
//! and moving its left chip adds to it, which the opponent can always take back by moving the
//! right chip as far, so additions never help. The cells between pairs do not matter. The
//! player to move wins exactly when the nim-sum of the pairs' gaps is not 0.

use crate::error::AnalyzeError;
use crate::error::IllegalMove;
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{listed_note, listing_room, BoardContext};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{Method, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::nim::{nim_sum, BalanceTable};

/// The chips' cells in increasing order, paired from the right: each pair's (left cell, right
/// cell), the left cell 0 for the wall.
fn pairs(sorted: &[u64]) -> Vec<(u64, u64)> {
    let mut out = vec![];
    let mut i = sorted.len();
    while i > 0 {
        let right = sorted[i - 1];
        let left = if i >= 2 { sorted[i - 2] } else { 0 };
        out.push((left, right));
        i = i.saturating_sub(2);
    }
    out
}

/// The gaps (empty cells inside each pair), the Nim heaps of the position, from the right.
///
/// ```
/// use grundy::frontend::chip_gaps;
/// // POJ 1704's second sample: pairs (14, 17), (9, 12), (6, 7), (1, 5).
/// assert_eq!(chip_gaps(&[1, 5, 6, 7, 9, 12, 14, 17]), vec![2, 2, 0, 3]);
/// ```
pub fn chip_gaps(cells: &[u64]) -> Vec<u64> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    pairs(&sorted).into_iter().map(|(l, r)| r - l - 1).collect()
}

/// Whether the player to move wins: the nim-sum of the pairs' gaps is not 0.
///
/// ```
/// use grundy::frontend::chips_win;
/// assert!(!chips_win(&[1, 2, 3])); // POJ 1704: "Bob will win"
/// assert!(chips_win(&[1, 5, 6, 7, 9, 12, 14, 17])); // "Georgia will win"
/// ```
pub fn chips_win(cells: &[u64]) -> bool {
    chip_gaps(cells).iter().fold(0, |x, g| x ^ g) != 0
}

/// Every winning move, as (chip index in `cells`, the cell it moves to): a right chip of a pair
/// closes its gap to g xor x when that is smaller; a left chip widens its pair's gap to g xor x
/// when that is larger and there is room to its left.
///
/// ```
/// use grundy::frontend::chips_winning_moves;
/// // Gaps 2, 2, 0, 3 (nim-sum 3): close the gap of (1, 5) from 3 to 0 (5 to 2), or either gap
/// // of 2 to 1 (12 to 11, 17 to 16).
/// assert_eq!(chips_winning_moves(&[1, 5, 6, 7, 9, 12, 14, 17]), vec![(1, 2), (5, 11), (7, 16)]);
/// ```
pub fn chips_winning_moves(cells: &[u64]) -> Vec<(usize, u64)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let x = chip_gaps(cells).iter().fold(0, |x, g| x ^ g);
    if x == 0 {
        return vec![];
    }
    let index_of = |cell: u64| cells.iter().position(|&c| c == cell);
    // The occupied cell just left of `cell` (0 for the wall).
    let left_of = |cell: u64| sorted.iter().copied().filter(|&c| c < cell).max().unwrap_or(0);
    let mut out = vec![];
    for (l, r) in pairs(&sorted) {
        let g = r - l - 1;
        let want = g ^ x;
        if want < g {
            // The right chip moves left by g - want.
            if let Some(i) = index_of(r) {
                out.push((i, r - (g - want)));
            }
        } else if l > 0 {
            // The left chip moves left by want - g, if the cells there are free.
            let d = want - g;
            if let Some(to) = l.checked_sub(d).filter(|&to| to > left_of(l)) {
                if let Some(i) = index_of(l) {
                    out.push((i, to));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The occupied cell just left of `cell` in `cells` (0 for the wall): a chip on `cell` may slide
/// to any cell strictly between the two.
pub(crate) fn wall_left_of(cells: &[u64], cell: u64) -> u64 {
    cells.iter().copied().filter(|&c| c < cell).max().unwrap_or(0)
}

/// A slide in words: "slide the chip on cell 5 to cell 2 (chip 2)".
pub(crate) fn describe_slide(cells: &[u64], chip: usize, to: u64) -> String {
    let from = cells.get(chip).copied().unwrap_or(0);
    format!("slide the chip on cell {from} to cell {to} (chip {})", chip + 1)
}

/// The reasoning, one sentence each, naming the problem and the reduction.
pub(crate) fn explanation(cells: &[u64]) -> Vec<String> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let shown: Vec<String> = pairs(&sorted)
        .iter()
        .map(|&(l, r)| if l == 0 { format!("wall-{r}: {}", r - 1) } else { format!("{l}-{r}: {}", r - l - 1) })
        .collect();
    vec![
        "Chips on a strip (the problem \"Georgia and Bob\") is staircase Nim: pair the chips from the right (with an odd number of chips the first pairs with the wall at cell 0); the empty cells inside each pair are a Nim heap. Moving a pair's right chip takes from its heap; moving its left chip adds to it, which the opponent can take back at once, so additions never help (Bouton's theorem then decides).".to_string(),
        format!("The pairs and their gaps, from the right: {}.", shown.join(", ")),
        format!(
            "The nim-sum of the gaps is {}: the player to move {}.",
            chip_gaps(cells).iter().fold(0, |x, g| x ^ g),
            if chips_win(cells) { "wins" } else { "loses" }
        ),
    ]
}

#[cfg(feature = "draw")]
/// The most cells of a strip drawn one by one; a longer strip shows each chip with the free
/// cells before it as a number.
const MAX_CELLS: u64 = 34;

/// Chips on a strip in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "chips",
    name: "chips on a strip (\"Georgia and Bob\")",
    a_move: "slide one chip left, never onto or past another chip and never below cell 1",
    example_game: "chips",
    example_position: "1 5 6 7 9 12 14 17",
    heap_ruleset: false,
    move_syntax: "`CHIP -> CELL` slides chip CHIP left to cell CELL; `CHIP STEPS` slides it STEPS cells left",
    example_move: "2 -> 3",
}];

/// Reads chips on a strip's spelling (`chips`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "chips").then(|| Ok(Board::new(Chips)))
}

/// Chips on a strip (`chips`): the position is each chip's cell, in the order given (a move of
/// chip i changes number i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chips;

/// The chip a move from `cells` to `after` slid, and the cell it went to; `None` unless exactly
/// one chip moved.
fn slid(cells: &[u64], after: &[u64]) -> Option<(usize, u64)> {
    if cells.len() != after.len() {
        return None;
    }
    let mut moved = cells.iter().zip(after).enumerate().filter(|(_, (c, a))| c != a);
    let (i, (_, &to)) = moved.next()?;
    moved.next().is_none().then_some((i, to))
}

impl RulesCore for Chips {
    fn words(&self) -> Words {
        Words::new(
            "chips",
            Players::Impartial,
            "Chips sit on distinct cells numbered from 1; a move slides one chip left, never onto or past another chip and never below cell 1.",
            "Type 'CHIP -> CELL' (e.g. '2 -> 3' slides chip 2 to cell 3) or 'CHIP STEPS' (slides it STEPS cells left)",
        )
        .with_names(NumberNames { first: &[], then: &["chip {}"], last: None })
    }

    /// Every slide of every chip to a free cell on its left, before the next chip or the wall.
    fn options(&self, cells: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let mut out = vec![];
        for (i, &c) in cells.iter().enumerate() {
            let wall = cells.iter().copied().filter(|&d| d < c).max().unwrap_or(0);
            for to in wall + 1..c {
                let mut next = cells.to_vec();
                if let Some(slot) = next.get_mut(i) {
                    *slot = to;
                }
                out.push(next);
            }
        }
        out
    }

    fn check(
        &self,
        cells: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let Some((i, to)) = slid(cells, after) else {
            return Err("a move of chips slides one chip to one cell".into());
        };
        let n = cells.get(i).copied().unwrap_or(0);
        let wall = wall_left_of(cells, n);
        if to >= n {
            return Err(format!("chip {} on cell {n} only slides left, to a cell below {n}", i + 1).into());
        }
        if to <= wall {
            return Err(if wall == 0 {
                format!("chip {} cannot go below cell 1", i + 1)
            } else {
                format!(
                    "chip {} cannot go onto or past the chip on cell {wall}: it may go to cells {} to {}",
                    i + 1,
                    wall + 1,
                    n - 1
                )
            }
            .into());
        }
        Ok(())
    }

    /// The chips in order of their cells: the order they are given in does not matter.
    fn canonical(&self, cells: &[u64]) -> Vec<u64> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        sorted
    }
}

impl Notation for Chips {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Err("the position is empty: give the cells of the chips".into());
        }
        let mut cells: Vec<u64> = vec![];
        for (i, t) in tokens.iter().enumerate() {
            let c = parse_u64(t, &format!("chip {}", i + 1))?;
            if c == 0 {
                return Err(format!("chip {}: the cells are numbered from 1, not 0", i + 1));
            }
            if let Some(j) = cells.iter().position(|&d| d == c) {
                return Err(format!(
                    "chips {} and {} are both on cell {c}: each cell holds at most one chip",
                    j + 1,
                    i + 1
                ));
            }
            cells.push(c);
        }
        Ok(cells)
    }

    fn describe(&self, cells: &[u64], after: &[u64]) -> String {
        let (i, to) = slid(cells, after).unwrap_or((0, 0));
        describe_slide(cells, i, to)
    }
}

impl PlayHelp for Chips {
    /// One cell left, for the first chip that can move.
    /// From a random chip on, the first that can move slides to a random free cell on its left.
    fn random_move(&self, cells: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let start = below(cells.len() as u64) as usize;
        (0..cells.len()).map(|k| (start + k) % cells.len()).find_map(|i| {
            let c = *cells.get(i)?;
            let room = c - wall_left_of(cells, c) - 1;
            (room > 0).then(|| {
                let mut after = cells.to_vec();
                if let Some(slot) = after.get_mut(i) {
                    *slot = c - 1 - below(room);
                }
                after
            })
        })
    }

    /// 3 to 6 chips on different cells from 1 to 20, left to right.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let mut cells: Vec<u64> = vec![];
        let count = 3 + below(4);
        while (cells.len() as u64) < count {
            let c = 1 + below(20);
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        cells.sort_unstable();
        cells.iter().map(u64::to_string).collect()
    }
}

impl Theory for Chips {
    /// Staircase Nim on the pairs' gaps: exact at any size, under normal play.
    fn solve(&self, cells: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        if misere {
            return Err(AnalyzeError::Unsupported(
                "chips on a strip are played with the last mover winning; their misère form is not covered".into(),
            ));
        }
        let gaps = chip_gaps(cells);
        let x = nim_sum(&gaps);
        // Every winning move is counted; the first `room` are listed, each with the whole
        // position it leaves (a move for each of many chips would otherwise list n positions of
        // n cells).
        let moves = chips_winning_moves(cells);
        let room = listing_room(cells.len());
        let winning: Vec<Vec<u64>> = moves
            .iter()
            .take(room)
            .map(|&(chip, to)| {
                let mut result = cells.to_vec();
                if let Some(slot) = result.get_mut(chip) {
                    *slot = to;
                }
                result
            })
            .collect();
        let mut answer = Analysis::of_board(self, cells, x != 0, Some(x), winning, Method::ClosedForm);
        if moves.len() > room {
            answer.set_board_count(Some(moves.len() as u128), Some(listed_note(room, cells.len(), "cells")));
        }
        answer.explanation = explanation(cells);
        let table = BalanceTable::new(&gaps);
        answer.explanation.extend(table.render_lines());
        answer.balance = Some(table);
        answer.heap_values = Some(gaps);
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Chips {
    /// Chips on a strip: the cells from 1 with the chips on them; clicking a free cell slides the
    /// chip to its right there. A long strip shows each chip's cell and the free cells before it,
    /// with buttons for a few slides.
    fn draw(&self, cells: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{left_out, plural, row_label, MAX_ROWS, ROW_X};
        let mut s = Sketch::new();
        let mut order: Vec<usize> = (0..cells.len()).collect();
        order.sort_by_key(|&i| cells[i]);
        let max = cells.iter().copied().max().unwrap_or(0);
        let slide = |i: usize, to: u64| -> Vec<u64> {
            let mut after = cells.to_vec();
            after[i] = to;
            after
        };
        if max <= MAX_CELLS {
            // The strip folded into lines of square cells a wide step across, so that it fits
            // a phone with each cell 40 CSS px to tap (issue 84: one line of 17 cells 24 wide was
            // two phones wide); each line's first cell and every fifth numbered under it.
            let w = crate::rules::faces::WIDE_STEP;
            let fold = crate::rules::faces::Fold::new(12.0 + w / 2.0, 10.0 + w / 2.0, w, w + 18.0);
            let cell_at = |c: u64| fold.at(c - 1);
            for c in 1..=max {
                let (cx, cy) = cell_at(c);
                let (x, y) = (cx - w / 2.0, cy - w / 2.0);
                // The chip right of this cell, if the cell is free and nothing stands between.
                let next = order.iter().copied().find(|&i| cells[i] >= c);
                let target = match next {
                    Some(i) if cells[i] > c => Some(s.target(slide(i, c), None).map(|t| (t, i))),
                    _ => None,
                };
                match target.flatten() {
                    Some((t, i)) => {
                        s.rect(x, y, w, w, 1.0, "cell").makes(Some(t)).title(format!(
                            "slide chip {} from cell {} to cell {c}",
                            i + 1,
                            cells[i]
                        ));
                    }
                    None => {
                        s.rect(x, y, w, w, 1.0, "cell dark");
                    }
                }
                if (c - 1) % fold.across == 0 || c % 5 == 0 {
                    s.text(cx, y + w + 13.0, &c.to_string(), "small", "middle");
                }
            }
            for (i, &c) in cells.iter().enumerate() {
                let (cx, cy) = cell_at(c);
                s.circle(cx, cy, w * 0.38, "token").title(format!("chip {} on cell {c}", i + 1));
            }
            let bottom = 10.0 + fold.line * fold.lines(max) as f64;
            s.note(bottom + 12.0, "Click a free cell: the first chip to its right slides there.");
            s.height = bottom + 20.0;
            return s;
        }
        let mut y = 4.0;
        let mut wall = 0u64;
        for &i in order.iter().take(MAX_ROWS) {
            let c = cells[i];
            let free = c - wall - 1;
            row_label(&mut s, y, &format!("chip {}", i + 1), &format!("cell {c}"));
            s.text(
                ROW_X,
                y + 15.0,
                &format!("{} free before it (from cell {})", plural(free, "cell"), wall + 1),
                "small",
                "start",
            );
            let mut x = ROW_X;
            let mut offers = vec![];
            for to in [c.saturating_sub(1), c.saturating_sub(2), wall + 1] {
                if to > wall && to < c && !offers.contains(&to) {
                    offers.push(to);
                }
            }
            for to in offers {
                let t = s.target(slide(i, to), None);
                x += s.button(
                    x,
                    y + 22.0,
                    &format!("to cell {to}"),
                    t,
                    &format!("slide chip {} from {c} to {to}", i + 1),
                ) + 6.0;
            }
            wall = c;
            y += 52.0;
        }
        y = left_out(&mut s, y, cells.len(), "chips");
        s.note(y + 10.0, "Other slides: type CHIP -> CELL in the move box (e.g. '1 -> 3').");
        s.height = y + 18.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Plain search by the definition over every slide of every chip.
    fn plain(cells: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = cells.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let w = slides(cells).iter().any(|&(i, to)| {
            let mut next = cells.to_vec();
            next[i] = to;
            !plain(&next, memo)
        });
        memo.insert(key, w);
        w
    }

    fn slides(cells: &[u64]) -> Vec<(usize, u64)> {
        let mut out = vec![];
        for (i, &c) in cells.iter().enumerate() {
            let wall = cells.iter().copied().filter(|&d| d < c).max().unwrap_or(0);
            for to in wall + 1..c {
                out.push((i, to));
            }
        }
        out
    }

    /// The Sprague-Grundy value by its definition, the mex of the options' values.
    fn plain_value(cells: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        let mut key = cells.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let options: Vec<u64> = slides(cells)
            .into_iter()
            .map(|(i, to)| {
                let mut next = cells.to_vec();
                next[i] = to;
                plain_value(&next, memo)
            })
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(key, v);
        v
    }

    #[test]
    fn the_value_is_the_nim_sum_of_the_gaps() {
        // Staircase Nim is Nim on the pairs' gaps as a game value, not only in its outcome:
        // the moves of left chips are reversible.
        let mut memo = HashMap::new();
        for mask in 1u32..(1 << 8) {
            let cells: Vec<u64> = (1..=8).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            assert_eq!(chip_gaps(&cells).iter().fold(0, |x, g| x ^ g), plain_value(&cells, &mut memo), "{cells:?}");
        }
    }

    #[test]
    fn every_small_position_agrees_with_plain_search() {
        let mut memo = HashMap::new();
        // Every set of up to four chips on cells 1..=9, in a shuffled order.
        for mask in 1u32..(1 << 9) {
            if mask.count_ones() > 4 {
                continue;
            }
            let mut cells: Vec<u64> = (1..=9).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            cells.reverse();
            assert_eq!(chips_win(&cells), plain(&cells, &mut memo), "{cells:?}");
            let mut fast = chips_winning_moves(&cells);
            let mut winning: Vec<(usize, u64)> = slides(&cells)
                .into_iter()
                .filter(|&(i, to)| {
                    let mut next = cells.clone();
                    next[i] = to;
                    !plain(&next, &mut memo)
                })
                .collect();
            fast.sort_unstable();
            winning.sort_unstable();
            assert_eq!(fast, winning, "{cells:?}");
        }
    }
}
