//! Toppling Dominoes (Albert, Nowakowski and Wolfe, *Lessons in Play*; Fink, Nowakowski, Siegel
//! and Wolfe, "Toppling Conjectures", *Games of No Chance 4*, 2015): rows of dominoes, each blue
//! (`b`, Left's), red (`r`, Right's) or green (`g`, either player's). A move topples one domino
//! of the mover's (or a green one) to the left or to the right: it falls, and knocks down every
//! domino on that side of it. A player with no domino to topple loses. The game is partizan, so
//! it is answered from Conway's value ([`crate::rules::board::machinery::value`]); rows never interact, so
//! several rows are a sum, each valued apart.
//!
//! A position is one or more rows (`bbrgr brr`), `-` for a row with nothing left, stored as each
//! row's length followed by its dominoes (1 blue, 2 red, 3 green). A move is typed `K left` or
//! `K right` (domino K of row 1, 1 the leftmost), with `in R` for row R.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::ops::Range;

use crate::error::IllegalMove;
use crate::number::parse_u64;
use crate::rules::board::machinery::notation::arrow_move;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::strips::{Count, Strips};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{replaced_part, Board, BoardFamily, Notation, PlayHelp, RulesCore, TextRows, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Toppling Dominoes in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "toppling-dominoes",
    name: "Toppling Dominoes",
    a_move: "topple a domino of yours (`b` blue, Left's; `r` red, Right's; `g` green, either's) to the left or right: it knocks down every domino on that side",
    example_game: "toppling-dominoes",
    example_position: "bbrgr brr",
    heap_ruleset: false,
    move_syntax: "`K left` or `K right` topples domino K of row 1 (1 is the leftmost) that way; `K left in R` in row R",
    example_move: "1 right",
}];

/// Reads the game's spelling; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "toppling-dominoes").then(|| Ok(Board::new(TopplingDominoes)))
}

/// How rows of dominoes are written: a letter a domino, blue, red or green (numbered 1 to 3),
/// `-` for a row whose dominoes have all fallen.
const ROWS: Strips = Strips {
    letters: &[('b', "blue"), ('r', "red"), ('g', "green")],
    first: 1,
    strip: "row",
    cell: ["domino", "dominoes"],
    example: "bbrgr",
    max_cells: MAX_ROW,
    count: Count::Several { most: MAX_ROWS, empty: "-" },
};
const GREEN: u64 = 3;

/// The most dominoes of a row.
pub const MAX_ROW: usize = 64;

/// The most rows of a position.
pub const MAX_ROWS: usize = 64;

/// Toppling Dominoes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TopplingDominoes;

/// A topple: (row, domino, rightwards).
type Topple = (usize, usize, bool);

/// The rows of `numbers`, each its dominoes.
fn rows(numbers: &[u64]) -> Vec<Vec<u64>> {
    ROWS.strips(numbers).into_iter().map(<[u64]>::to_vec).collect()
}

/// The numbers of `rows`.
fn numbers_of(rows: &[Vec<u64>]) -> Vec<u64> {
    ROWS.numbers(rows)
}

/// Whether player `mover` may topple domino `d`: their own colour, or green.
fn owns(d: u64, mover: usize) -> bool {
    d == GREEN || d == mover as u64 + 1
}

/// The name of a domino.
fn colour(d: u64) -> &'static str {
    match d {
        1 => "blue",
        2 => "red",
        _ => "green",
    }
}

/// Every topple of player `mover`: (row, domino, rightwards), one for each position it leaves.
/// Two topples leave the same row where the dominoes left of one read as those right of the
/// other (`1 right` and `5 left` of a row of five both clear it; `1 left` and `2 right` of `bb`
/// both leave `b`): they are one move, listed once, as the first of them.
fn topples(all: &[Vec<u64>], mover: usize) -> Vec<(usize, usize, bool)> {
    let mut out = vec![];
    for (r, row) in all.iter().enumerate() {
        let mut left: Vec<&[u64]> = vec![];
        for (k, &d) in row.iter().enumerate() {
            if owns(d, mover) {
                for rightwards in [false, true] {
                    let kept = if rightwards { row.get(..k) } else { row.get(k + 1..) }.unwrap_or_default();
                    if !left.contains(&kept) {
                        left.push(kept);
                        out.push((r, k, rightwards));
                    }
                }
            }
        }
    }
    out
}

/// The position after domino `k` of row `r` topples (rightwards: it and every domino to its
/// right fall, leaving those to its left; leftwards the other way).
fn toppled(all: &[Vec<u64>], (r, k, rightwards): (usize, usize, bool)) -> Vec<u64> {
    let next: Vec<Vec<u64>> = all
        .iter()
        .enumerate()
        .map(|(i, row)| {
            if i != r {
                return row.clone();
            }
            let kept = if rightwards { row.get(..k) } else { row.get(k + 1..) };
            kept.unwrap_or_default().to_vec()
        })
        .collect();
    numbers_of(&next)
}

/// A topple as typed.
fn words(rows: usize, (r, k, rightwards): (usize, usize, bool)) -> String {
    let which = if rows > 1 { format!(" in {}", r + 1) } else { String::new() };
    format!("{} {}{which}", k + 1, if rightwards { "right" } else { "left" })
}

impl TopplingDominoes {
    /// The topples from `numbers` to `after`, leftward first: (row, domino, rightwards), with
    /// the domino each topples; two where both leave the same row (a lone domino, or a row whose
    /// left and right ends read alike). `Err` says why none is.
    fn which(numbers: &[u64], after: &[u64]) -> Result<Vec<(Topple, u64)>, String> {
        let (before, next) = (rows(numbers), rows(after));
        let (r, old, new) =
            replaced_part(&before, &next).ok_or("a move topples one domino in one row, leaving the others")?;
        let [new] = &new[..] else { return Err(format!("row {}: a topple leaves one row", r + 1)) };
        let n = new.len();
        let mut found = vec![];
        if n < old.len() {
            if old.get(old.len() - n..) == Some(&new[..]) {
                let k = old.len() - n - 1;
                found.extend(old.get(k).map(|&d| ((r, k, false), d)));
            }
            if old.get(..n) == Some(&new[..]) {
                found.extend(old.get(n).map(|&d| ((r, n, true), d)));
            }
        }
        if found.is_empty() {
            return Err(format!("row {}: a topple leaves the dominoes on one side of the toppled one", r + 1));
        }
        Ok(found)
    }
}

impl RulesCore for TopplingDominoes {
    fn words(&self) -> Words {
        Words::new(
            "toppling-dominoes",
            Players::Partizan("Left topples blue and green dominoes, Right red and green".into()),
            "Toppling Dominoes: rows of blue (Left's), red (Right's) and green (either player's) dominoes; a move topples a domino of yours to the left or right, knocking down every domino on that side of it; a player with no domino to topple loses.",
            "Type '2 left' or '2 right' (topple domino 2 of row 1 that way); '2 left in 3' in row 3",
        )
        .with_text_rows(TextRows { label: "row", numbered: true, empty: Some(["-", "all fallen"]), turn: &[] })
        .with_names(NumberNames { first: &[], then: &["number {}"], last: None })
        .with_strips(ROWS)
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let all = rows(numbers);
        topples(&all, mover.min(1)).into_iter().map(|t| toppled(&all, t)).collect()
    }

    fn check(&self, numbers: &[u64], _at: Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove> {
        let found = TopplingDominoes::which(numbers, after)?;
        // Any of the topples that leave `after` will do: the mover needs to own one of them.
        if !found.iter().any(|&(_, d)| owns(d, mover.min(1))) {
            let ((r, k, _), d) = found.first().copied().unwrap_or(((0, 0, false), GREEN));
            return Err(format!(
                "row {}, domino {} is {}: {} topples blue and green dominoes only",
                r + 1,
                k + 1,
                colour(d),
                side(mover)
            )
            .replace("blue and green", if mover == 0 { "blue and green" } else { "red and green" })
            .into());
        }
        Ok(())
    }

    /// The rows that are not empty, each read the way that sorts first (a row and its mirror
    /// image are the same game), sorted.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut all: Vec<Vec<u64>> = rows(numbers)
            .into_iter()
            .filter(|r| !r.is_empty())
            .map(|r| {
                let back: Vec<u64> = r.iter().rev().copied().collect();
                r.min(back)
            })
            .collect();
        all.sort_unstable();
        numbers_of(&all).into_iter().chain(all.is_empty().then_some(0)).collect()
    }

    /// Each row alone: a topple is in one row.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        let all: Vec<Vec<u64>> = rows(numbers).into_iter().filter(|r| !r.is_empty()).collect();
        (all.len() > 1).then(|| all.iter().map(|r| numbers_of(std::slice::from_ref(r))).collect())
    }
}

impl Notation for TopplingDominoes {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match TopplingDominoes::which(numbers, after).map(|found| found.first().copied()) {
            Ok(Some(((r, k, rightwards), d))) => {
                let mover = usize::from(d == 2);
                format!(
                    "{} topples the {} domino {} of row {} to the {}",
                    side(mover),
                    colour(d),
                    k + 1,
                    r + 1,
                    if rightwards { "right" } else { "left" }
                )
            }
            Ok(None) => String::new(),
            Err(why) => why,
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (k, way, row) = match words[..] {
            [k, w] => (k, w, None),
            [k, w, "in", r] => (k, w, Some(r)),
            _ => return None,
        };
        let rightwards = match way {
            "left" | "l" => false,
            "right" | "r" => true,
            _ => return None,
        };
        let all = rows(numbers);
        Some((|| {
            let r = match row {
                Some(r) => {
                    let n = parse_u64(r, "the row")?;
                    usize::try_from(n)
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .filter(|&i| i < all.len())
                        .ok_or_else(|| format!("there is no row {n} (the rows are 1 to {})", all.len()))?
                }
                None => 0,
            };
            let len = all.get(r).map_or(0, Vec::len);
            let n = parse_u64(k, "the domino")?;
            let k = usize::try_from(n)
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|&k| k < len)
                .ok_or_else(|| format!("row {} has no domino {n} (it has {len})", r + 1))?;
            Ok(toppled(&all, (r, k, rightwards)))
        })())
    }

    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        match TopplingDominoes::which(numbers, after).as_deref() {
            Ok([(topple, _), ..]) => words(rows(numbers).len(), *topple),
            _ => arrow_move(numbers, after),
        }
    }
}

impl PlayHelp for TopplingDominoes {
    /// Each topple knocks down at least one domino.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        rows(numbers).iter().map(|r| r.len() as u128).sum()
    }

    /// One or two rows of 2 to 7 dominoes.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..1 + below(2))
            .map(|_| (0..2 + below(6)).map(|_| ROWS.letters.get(below(3) as usize).map_or('g', |(a, _)| *a)).collect())
            .collect()
    }
}

impl Theory for TopplingDominoes {}

#[cfg(feature = "draw")]
impl Face for TopplingDominoes {
    /// The rows, each domino of the player to move two targets: its left half topples it to
    /// the left, its right half to the right.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let mover = mover.min(1);
        let all = rows(numbers);
        // Each domino's place is two halves of 44 units (40 CSS px on a phone: issue 64), the
        // domino drawn 28 wide in its middle; a long row folds into lines that a phone shows
        // whole (issue 84: a row of five was 1.2 phones wide).
        let w = 88.0;
        let dw = 28.0;
        let h = 2.2 * dw;
        let mut s = Sketch::new();
        // One target a move: a topple that leaves what another leaves draws its half for the
        // same target.
        let moves: Vec<(usize, usize, bool)> = topples(&all, mover);
        let mut made: Vec<(Vec<u64>, Option<usize>)> = vec![];
        let mut y = 12.0;
        for (r, row) in all.iter().enumerate() {
            s.text(8.0, y + h / 2.0 + 4.0, &format!("{}", r + 1), "small", "start");
            let fold = crate::rules::faces::Fold::new(28.0 + w / 2.0, y + h / 2.0, w, h + 14.0);
            for (k, &d) in row.iter().enumerate() {
                let (cx, cy) = fold.at(k as u64);
                let (x, y) = (cx - w / 2.0, cy - h / 2.0);
                let class = match d {
                    1 => "obj",
                    2 => "queen",
                    _ => "domino-green",
                };
                let title = format!("row {}, domino {}: {}", r + 1, k + 1, colour(d));
                s.rect(x + (w - dw) / 2.0 + 2.0, y, dw - 4.0, h, 3.0, class).title(title);
                if owns(d, mover) {
                    for rightwards in [false, true] {
                        if row.len() == 1 && rightwards {
                            continue;
                        }
                        let t = (r, k, rightwards);
                        let after = toppled(&all, t);
                        let target = match made.iter().find(|(a, _)| *a == after) {
                            Some(&(_, id)) => id,
                            None => {
                                // The words of the topple listed for this move.
                                let listed = moves.iter().copied().find(|&m| toppled(&all, m) == after).unwrap_or(t);
                                let id = s.target(after.clone(), Some(words(all.len(), listed)));
                                made.push((after, id));
                                id
                            }
                        };
                        // The half of the domino's place on that side (the hit areas centred
                        // half a place apart).
                        let half = if rightwards { x + w / 2.0 } else { x };
                        let way = if rightwards { "right" } else { "left" };
                        s.rect(half, y, w / 2.0, h, 0.0, "hit").makes(target).title(format!(
                            "{} topples domino {} of row {} to the {way}",
                            side(mover),
                            k + 1,
                            r + 1
                        ));
                    }
                }
            }
            if row.is_empty() {
                s.text(28.0, y + h / 2.0 + 4.0, "all fallen", "small", "start");
            }
            // A row's lines 14 apart, the rows 28 (a folded row reads as one).
            y += (h + 14.0) * fold.lines(row.len() as u64) as f64 + 14.0;
        }
        let colours = "Blue dominoes are Left's, red ones Right's, green ones either's.";
        // The next note under the lines this one wraps onto.
        let y = s.note(y + 6.0, colours) - 22.0;
        let what = if self.has_move(numbers, mover) {
            format!("{} to move: click the left or right half of a domino to topple it that way.", side(mover))
        } else {
            format!("{} has no domino to topple: {} wins.", side(mover), side(1 - mover))
        };
        s.turn_note(y + 22.0, !self.has_move(numbers, mover), &what);
        s.height = y + 30.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topples_are_read_checked_and_worded() {
        let n = TopplingDominoes.parse(&["bbrgr", "br"]).unwrap();
        let m = TopplingDominoes.read_move(&n, "2 right", 0).unwrap().unwrap();
        assert_eq!(TopplingDominoes.tokens(&m), ["b", "br"]);
        assert_eq!(TopplingDominoes.describe(&n, &m), "Left topples the blue domino 2 of row 1 to the right");
        let m = TopplingDominoes.read_move(&n, "3 left", 0).unwrap().unwrap();
        assert_eq!(TopplingDominoes.tokens(&m), ["gr", "br"]);
        assert!(TopplingDominoes.check(&n, 0..0, &m, 0).unwrap_err().to_string().contains("is red"));
        assert!(TopplingDominoes.check(&n, 0..0, &m, 1).is_ok());
        let m = TopplingDominoes.read_move(&n, "1 left in 2", 0).unwrap().unwrap();
        assert_eq!(TopplingDominoes.tokens(&m), ["bbrgr", "r"]);
        let gone = TopplingDominoes.read_move(&m, "1 right in 2", 0).unwrap().unwrap();
        assert_eq!(TopplingDominoes.tokens(&gone), ["bbrgr", "-"]);
        assert_eq!(TopplingDominoes.parse(&["bbrgr", "-"]).unwrap(), gone);
        assert!(TopplingDominoes.parse(&["bx"]).unwrap_err().contains("'x' is not 'b' (blue)"));
        assert_eq!(
            TopplingDominoes.read_move(&n, "9 left", 0).unwrap().unwrap_err(),
            "row 1 has no domino 9 (it has 5)"
        );
        assert_eq!(TopplingDominoes.canonical(&TopplingDominoes.parse(&["rgb", "-"]).unwrap()), vec![3, 1, 3, 2]);
    }
}
