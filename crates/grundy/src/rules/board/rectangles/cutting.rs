//! The cutting game (POJ 2311 "Cutting Game"): sheets of squared paper; a move cuts one sheet
//! along a grid line into two; the player who cuts off a 1 x 1 piece wins.
//!
//! A position is a list of sheets, each written `WxH` (width and height, at least 1); as
//! numbers, the width and height of each sheet in turn. A cut of a sheet is named by the pieces
//! it leaves, smaller first: the cuts at i and at w - i of a width w leave the same two pieces,
//! so they are one move. The rule "whoever cuts off a 1 x 1 piece wins" is expressed for a
//! solver of normal play (the player with no move loses) by making every position that holds
//! a 1 x 1 sheet a position with no move: the player who cut it off has won, the player to move
//! has lost. A position given with a 1 x 1 sheet is such a finished game.
//!
//! The theory:
//! - A position with a 1 x k sheet (k >= 2) and no 1 x 1 sheet is won: cut a 1 x 1 off it. Its
//!   winning moves are exactly those cuts, one per such sheet: any other move leaves a 1 x k'
//!   sheet (k' >= 2) for the opponent, who then wins at once.
//! - So, among sheets with both sides at least 2, a cut that leaves a piece of width or height 1
//!   loses at once, and the game is the same as the one where such cuts are not allowed (by
//!   induction on the area: the positions without 1-wide sheets have the same outcome in both
//!   games, since the extra cuts only lead to positions the opponent wins). That game is a sum
//!   of its sheets: a sheet w x h is worth SG(w, h) = the mex of SG(i, h) xor SG(w - i, h) for
//!   2 <= i <= w - 2 and of SG(w, j) xor SG(w, h - j) for 2 <= j <= h - 2, and the position is
//!   won exactly when the XOR of its sheets' values is not 0 (Sprague-Grundy theorem).
//! - A sheet with a side of 2 or 3 is Dawson's Kayles: SG(2, n) = SG(3, n) = DK(n - 2). No cut
//!   across a side of 2 or 3 is allowed (it leaves a piece of width 1), so only cuts along n
//!   remain; a cut of 2 x n into 2 x a and 2 x (n - a), 2 <= a <= n - 2, matches the Dawson's
//!   Kayles move of a heap of n - 2 that takes 2 and leaves a - 2 and n - a - 2, and 2 x 2,
//!   2 x 3, 3 x 2 and 3 x 3 (no cut) match heaps of 0 and 1 (no move). Dawson's Kayles has a
//!   proven period (34, from the engine), so such sheets are exact at any length, with every
//!   winning cut counted through the engine's residue classes.
//! - Other sheets come from the table of SG(w, h), within the budget.
//!
//! The value of a position of this game (as a game of its own, with the winning cut) is not
//! the XOR above: a cut leaving a 1 x k sheet has a value of its own, which the XOR leaves out.
//! So the answer gives the outcome and every winning move exactly, and the XOR of the sheets'
//! values in the explanation, but no value, except for a finished game (worth 0).

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::search::search_answer;
use crate::rules::board::rectangles::{numbers_of, rectangles as sheets, written, Rectangle, Rectangles};
use crate::rules::board::replaced_part;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{
    listed_note, listing_room, BoardContext, HeapValues, Method, Notation, PlayHelp, RulesCore, Theory,
};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::Ruleset;

/// The most explanation lines that show one sheet's value each.
const EXPLAINED_SHEETS: usize = 20;

/// The largest area in all that a misère position may have: its search keeps each position's
/// options on a stack as deep as the area, and the positions reachable grow too fast to go
/// much further within any budget.
const MISERE_AREA: u128 = 64;

/// The cutting game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "cutting",
    name: "the cutting game",
    a_move: "cut one sheet of squared paper (`WxH`) into two along a grid line; whoever cuts off a 1 x 1 piece wins",
    example_game: "cutting",
    example_position: "4x2 5x5",
    heap_ruleset: false,
    move_syntax: "`cut SHEET into WxH WxH` cuts sheet SHEET into those two pieces",
    example_move: "cut 1 into 2x2 2x2",
}];

/// Reads the cutting game's spelling (`cutting`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "cutting").then(|| Ok(Board::new(Cutting)))
}

/// The cutting game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cutting;

/// One sheet: its width and height.
type Sheet = Rectangle;

/// How sheets are written: `WxH`, width by height, at any size.
const SHEETS: Rectangles = Rectangles {
    noun: "sheet",
    letters: "WxH",
    sides: ["width", "height"],
    example: "3x4",
    max_side: u64::MAX,
    max_squares: None,
};

/// Whether the game is over: a 1 x 1 piece has been cut off.
fn over(sheets: &[Sheet]) -> bool {
    sheets.contains(&(1, 1))
}

/// The two pieces of every cut of a sheet, smaller first: across its width, then its height.
fn cuts(&(w, h): &Sheet) -> Vec<[Sheet; 2]> {
    let mut out: Vec<[Sheet; 2]> = (1..=w / 2).map(|i| [(i, h), (w - i, h)]).collect();
    out.extend((1..=h / 2).map(|j| [(w, j), (w, h - j)]));
    out
}

/// The sheets after replacing sheet `i` by `pieces`.
fn replaced(all: &[Sheet], i: usize, pieces: &[Sheet]) -> Vec<u64> {
    let mut next = all.to_vec();
    next.splice(i..=i, pieces.iter().copied());
    numbers_of(&next)
}

/// The table of SG(w, h) for 2 <= w <= `width`, 2 <= h <= `height`, sheets with a cut leaving
/// a piece of width 1 not counted (see the module comment), by the mex.
struct Table {
    height: u64,
    values: Vec<u32>,
}

impl Table {
    /// The cuts the table looks at, exactly: for each sheet, the cuts i of each side with
    /// 2 <= i <= side / 2.
    fn work(width: u64, height: u64) -> u128 {
        let along = |side: u64| -> u128 { (2..=side).map(|s| u128::from((s / 2).saturating_sub(1))).sum() };
        let (w, h) = (u128::from(width.saturating_sub(1)), u128::from(height.saturating_sub(1)));
        along(width) * h + along(height) * w
    }

    /// The table, or the refusal with what it would take, before any work.
    fn new(width: u64, height: u64, budget: u64) -> Result<Table, GaveUp> {
        let cost = |n: u64| {
            // Sums of the halves of sides up to n, in closed form: about n^2 / 4.
            let n = u128::from(n);
            n * n / 4
        };
        // A quick bound first, so that the exact count below never walks a huge side.
        let rough = cost(width)
            .saturating_mul(u128::from(height))
            .saturating_add(cost(height).saturating_mul(u128::from(width)));
        let held = Work::MovesExamined.clamp(budget);
        let refuse = |needed: u128| GaveUp {
            what: Work::MovesExamined,
            used: held,
            needed: Some(u64::try_from(needed).unwrap_or(u64::MAX)),
        };
        if rough / 2 > u128::from(held) {
            return Err(refuse(rough));
        }
        let work = Table::work(width, height);
        let entries = u128::from(width.saturating_sub(1)) * u128::from(height.saturating_sub(1));
        if work > u128::from(held) {
            return Err(refuse(work));
        }
        let entry_budget = Work::SplitTable.clamp(budget);
        if entries > u128::from(entry_budget) {
            let needed = Some(u64::try_from(entries).unwrap_or(u64::MAX));
            return Err(GaveUp { what: Work::SplitTable, used: entry_budget, needed });
        }
        let mut t = Table { height, values: vec![0; entries as usize] };
        let mut seen: Vec<bool> = vec![];
        for w in 2..=width {
            for h in 2..=height {
                seen.clear();
                seen.resize((w / 2 + h / 2) as usize + 1, false);
                let mut mark = |v: u32| {
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = true;
                    }
                };
                for i in 2..=w / 2 {
                    mark(t.get(i, h) ^ t.get(w - i, h));
                }
                for j in 2..=h / 2 {
                    mark(t.get(w, j) ^ t.get(w, h - j));
                }
                let mex = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32;
                if let Some(cell) = t.index(w, h).and_then(|k| t.values.get_mut(k)) {
                    *cell = mex;
                }
            }
        }
        Ok(t)
    }

    fn index(&self, w: u64, h: u64) -> Option<usize> {
        let k = (w.checked_sub(2)?).checked_mul(self.height - 1)?.checked_add(h.checked_sub(2)?)?;
        usize::try_from(k).ok()
    }

    /// SG(w, h), for a sheet inside the table.
    fn get(&self, w: u64, h: u64) -> u32 {
        self.index(w, h).and_then(|k| self.values.get(k)).copied().unwrap_or(0)
    }
}

impl Cutting {
    /// The cuts of a sheet with both sides at least 2 whose pieces are worth `target`
    /// together, from the table (pieces smaller first).
    fn table_cuts(table: &Table, &(w, h): &Sheet, target: u32) -> Vec<[Sheet; 2]> {
        let mut out = vec![];
        for i in 2..=w / 2 {
            if table.get(i, h) ^ table.get(w - i, h) == target {
                out.push([(i, h), (w - i, h)]);
            }
        }
        for j in 2..=h / 2 {
            if table.get(w, j) ^ table.get(w, h - j) == target {
                out.push([(w, j), (w, h - j)]);
            }
        }
        out
    }

    /// Misère play (the player who cuts off a 1 x 1 piece loses) by an exact search within
    /// the budget, for small positions.
    fn misere(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let area: u128 = sheets(numbers).iter().map(|&(w, h)| u128::from(w) * u128::from(h)).sum();
        if area > MISERE_AREA {
            return Err(AnalyzeError::Unsupported(format!(
                "misère cutting (the player who cuts off a 1 x 1 piece loses) is answered by an exact search, which takes positions of at most {MISERE_AREA} squares in all; this one has {area}"
            )));
        }
        let mut answer = search_answer(self, numbers, true, context)?;
        answer.explanation.insert(
            0,
            "Misère play: the player who cuts off a 1 x 1 piece loses. No theory is used: every position reachable is searched.".into(),
        );
        Ok(answer)
    }

    /// Normal play by the theory of the module comment.
    fn normal(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let all = sheets(numbers);
        let room = listing_room(numbers.len());
        let rule = "POJ 2311's cutting game: a move cuts one sheet into two along a grid line, and the player who cuts off a 1 x 1 piece wins.".to_string();
        if over(&all) {
            let mut answer = Analysis::of_board(self, numbers, false, Some(0), vec![], Method::ClosedForm);
            answer.explanation = vec![
                rule,
                "A 1 x 1 piece has been cut off: the game is over, won by the player who cut it, so the player to move has lost (a position with no move is worth 0).".into(),
            ];
            return Ok(answer);
        }
        let thin: Vec<usize> = (0..all.len()).filter(|&i| all.get(i).is_some_and(|s| s.0.min(s.1) == 1)).collect();
        if !thin.is_empty() {
            let mut winning = vec![];
            for &i in &thin {
                let Some(&(w, h)) = all.get(i) else { continue };
                let pieces = if w == 1 { [(1, 1), (1, h - 1)] } else { [(1, 1), (w - 1, 1)] };
                if winning.len() < room {
                    winning.push(replaced(&all, i, &pieces));
                }
            }
            let listed = winning.len() as u128;
            let mut answer = Analysis::of_board(self, numbers, true, None, winning, Method::ClosedForm);
            let count = thin.len() as u128;
            answer.set_board_count(Some(count), (count > listed).then(|| listed_note(room, numbers.len(), "numbers")));
            answer.sg_note = Some(value_note());
            answer.explanation = vec![
                rule,
                format!(
                    "{} has a width or height of 1 and at least 2 squares: cutting a 1 x 1 piece off it wins at once.",
                    thin.iter().map(|i| format!("sheet {}", i + 1)).collect::<Vec<_>>().join(", ")
                ),
                "Those are the only winning moves: any other move leaves a sheet 1 square wide and at least 2 long, from which the opponent cuts off a 1 x 1 piece.".into(),
            ];
            return Ok(answer);
        }
        // Every sheet has both sides at least 2: a sum of the sheets' values. Sheets with a
        // side of 2 or 3 are Dawson's Kayles heaps; the others come from the table.
        let narrow = |s: &Sheet| s.0.min(s.1) <= 3;
        let long = |s: &Sheet| s.0.max(s.1);
        let dk: Ruleset = "dawsons-kayles".parse().map_err(|e| AnalyzeError::Unsupported(format!("{e}")))?;
        let heaps = all
            .iter()
            .filter(|s| narrow(s))
            .map(|s| long(s) - 2)
            .max()
            .map(|m| context.heaps.heap(&dk, m, context.budget))
            .transpose()?;
        let heaps: Option<&dyn HeapValues> = heaps.as_deref();
        let wide: Vec<&Sheet> = all.iter().filter(|s| !narrow(s)).collect();
        let table = match wide.iter().map(|s| s.0).max().zip(wide.iter().map(|s| s.1).max()) {
            // Past the budget the refusal names the budget that computes the table.
            Some((w, h)) => Some(Table::new(w, h, context.budget)?),
            None => None,
        };
        let dk_value = |m: u64| -> Result<u64, AnalyzeError> {
            heaps
                .and_then(|h| h.value(m))
                .ok_or_else(|| AnalyzeError::Unsupported(format!("no value of Dawson's Kayles is known for {m}")))
        };
        let mut values = vec![];
        for s in &all {
            values.push(match (narrow(s), &table) {
                (true, _) => dk_value(long(s) - 2)?,
                (false, Some(t)) => u64::from(t.get(s.0, s.1)),
                (false, None) => 0,
            });
        }
        let x = values.iter().fold(0, |a, v| a ^ v);
        let mut winning = vec![];
        let mut count: u128 = 0;
        let mut skipped = vec![];
        let mut examined_left = Work::MovesExamined.clamp(context.budget);
        if x != 0 {
            for (i, (s, &g)) in all.iter().zip(&values).enumerate() {
                let target = g ^ x;
                if !narrow(s) {
                    let Some(t) = &table else { continue };
                    let Ok(target) = u32::try_from(target) else { continue };
                    for pieces in Cutting::table_cuts(t, s, target) {
                        count += 1;
                        if winning.len() < room {
                            winning.push(replaced(&all, i, &pieces));
                        }
                    }
                    continue;
                }
                let Some(h) = heaps else { continue };
                let m = long(s) - 2;
                let cost = h.options_examined(m);
                if cost > examined_left {
                    skipped.push(format!(
                        "the cuts of sheet {} ({}) are not listed: listing them looks at {cost} moves, past what is left of the budget ({examined_left})",
                        i + 1,
                        written(s)
                    ));
                    continue;
                }
                examined_left -= cost;
                match h.options_with_value(m, target, room.saturating_sub(winning.len())) {
                    Ok(found) => {
                        count += found.count;
                        for to in found.first {
                            // A heap of m taking 2 and leaving a and b (0 when not there) is the
                            // cut of the long side into a + 2 and b + 2.
                            let x = to.first().copied().unwrap_or(0);
                            let y = to.get(1).copied().unwrap_or(0);
                            let (a, b) = (x.min(y), x.max(y));
                            let pieces =
                                if s.0 >= s.1 { [(a + 2, s.1), (b + 2, s.1)] } else { [(s.0, a + 2), (s.0, b + 2)] };
                            winning.push(replaced(&all, i, &pieces));
                        }
                    }
                    Err(g) => skipped.push(format!("the cuts of sheet {} ({}) are not listed: {g}", i + 1, written(s))),
                }
            }
        }
        let method = match (&table, heaps) {
            (Some(_), _) => Method::Table,
            (None, Some(h)) => h.method(),
            (None, None) => Method::ClosedForm,
        };
        let listed = winning.len() as u128;
        let mut answer = Analysis::of_board(self, numbers, x != 0, None, winning, method);
        answer.sg_note = Some(value_note());
        if skipped.is_empty() {
            answer.set_board_count(Some(count), (count > listed).then(|| listed_note(room, numbers.len(), "numbers")));
        } else {
            answer.set_board_count(None, Some(skipped.join("; ")));
        }
        let e = &mut answer.explanation;
        e.push(rule);
        e.push("A cut that leaves a piece 1 square wide loses at once (the opponent cuts a 1 x 1 off it), so with every sheet at least 2 x 2 both players avoid such cuts, and the game is a sum of its sheets without them: by the Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939) the player to move wins exactly when the XOR of the sheets' values is not 0.".into());
        e.push("A sheet w x h is worth SG(w, h) = the mex of SG(i, h) xor SG(w - i, h) and SG(w, j) xor SG(w, h - j) over the cuts with both pieces at least 2 wide.".into());
        if heaps.is_some() {
            e.push("A sheet with a side of 2 or 3 can only be cut along its length n, and each such cut matches a move of Dawson's Kayles (Dawson, 1935) on a heap of n - 2 (take 2 and leave a - 2 and n - a - 2): SG(2, n) = SG(3, n) = DK(n - 2).".into());
            if let Some(h) = heaps {
                e.push(format!("dawsons-kayles: {}.", h.note()));
            }
        }
        if table.is_some() {
            e.push(
                "The values of the sheets with both sides at least 4 come from the table of SG(w, h) by the mex."
                    .into(),
            );
        }
        for (i, (s, v)) in all.iter().zip(&values).enumerate().take(EXPLAINED_SHEETS) {
            e.push(format!("sheet {} ({}): SG = {v}.", i + 1, written(s)));
        }
        if all.len() > EXPLAINED_SHEETS {
            e.push(format!("The other {} sheets are worked out the same way.", all.len() - EXPLAINED_SHEETS));
        }
        e.push(if x == 0 {
            "The XOR of the values is 0: the player to move loses.".to_string()
        } else {
            format!("The XOR of the values is {x}, not 0: the player to move wins by a cut that leaves pieces worth g xor {x} together, g the value of the sheet cut.")
        });
        Ok(answer)
    }
}

/// Why a position of the cutting game gets no Sprague-Grundy value here.
fn value_note() -> String {
    "not computed: a cut that leaves a piece 1 square wide has a value of its own in this game, which the XOR of the sheets' values leaves out, so the position's value needs a search of every position reachable; the outcome and the winning moves are exact".into()
}

/// Whether sheet `i`, `old`, may be cut into `new`, with the reason when not.
fn check_cut(i: usize, old: Sheet, new: &[Sheet]) -> Result<(), String> {
    let name = format!("sheet {} ({})", i + 1, written(&old));
    match new[..] {
            [(a, b), (c, d)]
                if (b == old.1 && d == old.1 && a.checked_add(c) == Some(old.0))
                    || (a == old.0 && c == old.0 && b.checked_add(d) == Some(old.1)) =>
            {
                Ok(())
            }
            [_, _] => Err(format!(
                "cutting {name} along a grid line leaves two pieces as wide as it with heights adding up to {}, or as high as it with widths adding up to {}",
                old.1, old.0
            )),
            _ => Err(format!("a cut leaves two pieces of {name}, not {}", new.len())),
        }
}

impl RulesCore for Cutting {
    fn words(&self) -> Words {
        Words::new(
            "cutting",
            Players::Impartial,
            "The cutting game: sheets of squared paper; a move cuts one sheet into two along a grid line, and the player who cuts off a 1 x 1 piece wins.",
            "Type 'cut 1 into 2x3 2x3' (cut sheet 1 into those two pieces) or '1..2 -> 2 3 2 3' (numbers 1 and 2 become sheets 2x3 and 2x3)",
        )
        .with_names(NumberNames { first: &[], then: &["width {}", "height {}"], last: None })
        .with_rectangles(SHEETS)
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let all = sheets(numbers);
        if over(&all) {
            return vec![];
        }
        let mut out = vec![];
        for (i, s) in all.iter().enumerate() {
            for pieces in cuts(s) {
                out.push(replaced(&all, i, &pieces));
            }
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let before = sheets(numbers);
        if over(&before) {
            return Err("the game is over: a 1 x 1 piece has been cut off".into());
        }
        if !after.len().is_multiple_of(2) || after.contains(&0) {
            return Err("a position is sheets, a width and a height each, both at least 1".into());
        }
        let after = sheets(after);
        let Some((i, old, new)) = replaced_part(&before, &after) else {
            return Err("a move cuts one sheet into two pieces and changes nothing else".into());
        };
        Ok(check_cut(i, old, &new)?)
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut all: Vec<Sheet> = sheets(numbers).into_iter().map(|(w, h)| (w.min(h), w.max(h))).collect();
        if over(&all) {
            // Every finished game is the same position.
            return vec![1, 1];
        }
        all.sort_unstable();
        numbers_of(&all)
    }
}

impl Notation for Cutting {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (before, after_sheets) = (sheets(numbers), sheets(after));
        let Some((i, old, new)) = replaced_part(&before, &after_sheets) else {
            return format!("{numbers:?} -> {after:?}");
        };
        let pieces = new.iter().map(written).collect::<Vec<_>>().join(" and ");
        let wins = if new.contains(&(1, 1)) { ", cutting off a 1 x 1 piece" } else { "" };
        format!("cut sheet {} ({}) into {pieces}{wins}", i + 1, written(&old))
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "and").collect();
        let (sheet, a, b) = match words[..] {
            ["cut", s, "into", a, b] | [s, "into", a, b] => (s, a, b),
            _ => return None,
        };
        Some((|| {
            let all = sheets(numbers);
            let n = parse_u64(sheet, "the sheet")?;
            let i = usize::try_from(n).ok().and_then(|n| n.checked_sub(1)).filter(|&i| i < all.len());
            let Some(i) = i else {
                return Err(format!("there is no sheet {n} (the sheets are numbered 1 to {})", all.len()));
            };
            let pieces = [SHEETS.read(a, "the first piece")?, SHEETS.read(b, "the second piece")?];
            if over(&all) {
                return Err("the game is over: a 1 x 1 piece has been cut off".into());
            }
            if let Some(&old) = all.get(i) {
                check_cut(i, old, &pieces)?;
            }
            Ok(replaced(&all, i, &pieces))
        })())
    }
}

impl PlayHelp for Cutting {
    /// A random sheet that can be cut, then a random cut of it, found without listing the cuts
    /// (a sheet may be 2^64 - 1 long). Drawn strip 2 wide first: every draw 0 (the smallest
    /// move, the computer's stalling move when lost) cuts a strip 2 wide off the first sheet
    /// that has one, so that no piece is 1 wide (the opponent would cut a 1 x 1 off it), else
    /// a strip 1 wide off the first sheet that can be cut. Each first draw is swapped with one
    /// other, so every move stays as likely.
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let all = sheets(numbers);
        if over(&all) {
            return None;
        }
        let mut movable: Vec<usize> =
            (0..all.len()).filter(|&i| all.get(i).is_some_and(|&(w, h)| w.max(h) >= 2)).collect();
        if let Some(p) = movable.iter().position(|&i| all.get(i).is_some_and(|&(w, h)| w >= 4 || h >= 4)) {
            movable.swap(0, p);
        }
        let i = *movable.get(below(movable.len().max(1) as u64) as usize)?;
        let (w, h) = *all.get(i)?;
        let (across, along) = (w / 2, h / 2);
        // The cut listed first: a strip 2 wide across (k = 1) or along (k = across + 1).
        let first = if w >= 4 {
            1
        } else if h >= 4 {
            across + 1
        } else {
            0
        };
        let k = match below(across + along) {
            0 => first,
            k if k == first => 0,
            k => k,
        };
        let pieces = if k < across {
            [(k + 1, h), (w - k - 1, h)]
        } else {
            let j = k - across + 1;
            [(w, j), (w, h - j)]
        };
        Some(replaced(&all, i, &pieces))
    }

    /// Each cut adds a piece, and there are never more pieces than squares.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        sheets(numbers).iter().map(|&(w, h)| u128::from(w) * u128::from(h)).sum()
    }

    /// 1 to 3 sheets, each side from 2 to 7.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..1 + below(3)).map(|_| format!("{}x{}", 2 + below(6), 2 + below(6))).collect()
    }
}

impl Theory for Cutting {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        if context.misere {
            return self.misere(numbers, context);
        }
        self.normal(numbers, context)
    }
}

#[cfg(feature = "draw")]
impl Face for Cutting {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{button_row, MAX_ROWS};
        let mut s = Sketch::new();
        let all = sheets(numbers);
        let done = over(&all);
        /// How far right the sheets go before the next wraps under them: a drawing that fits
        /// a 390 px phone with its cuts' targets 44 units apart (issue 84).
        const ROOM: f64 = crate::rules::faces::ROW_END;
        /// The room left of and above a sheet for the arrows of its cuts.
        const TAB: f64 = 36.0;
        let (mut x, mut y, mut row_height) = (8.0, 8.0, 0.0f64);
        let width = ROOM + 8.0;
        let mut any_tabs = false;
        let mut offers = vec![];
        for (k, &(w, h)) in all.iter().enumerate().take(MAX_ROWS) {
            let cut = |a: Sheet, b: Sheet| format!("cut {} into {}x{} {}x{}", k + 1, a.0, a.1, b.0, b.1);
            if w <= 24 && h <= 24 {
                // A cut's hit areas lie half a square from the crossing cuts' (issue 64: 44
                // units, 40 CSS px on a phone, where the sheet fits). Where the squares are
                // smaller than 88, that half is too small: each cut is an arrow at its line's
                // end outside the sheet instead, the arrows a square apart (issue 84: a 5x5
                // sheet's cuts were 35 units, 1.2 phones wide).
                let tabs = (ROOM - 8.0) / (w.max(h) as f64) < 88.0;
                let pad = if tabs { TAB } else { 0.0 };
                let cell = ((ROOM - 8.0 - pad) / w.max(h) as f64).min(88.0);
                let (sw, sh) = (cell * w as f64, cell * h as f64);
                if x + pad + sw > width - 8.0 && x > 8.0 {
                    x = 8.0;
                    y += row_height + 30.0;
                    row_height = 0.0;
                }
                any_tabs |= tabs && !done;
                // The sheet's corner, right of and under its arrows.
                let (sx, sy) = (x + pad, y + pad);
                s.rect(sx, sy, sw, sh, 0.0, "sheet").title(format!("sheet {}: {w}x{h}", k + 1));
                // Each cut's hit area is a thin box on each side of a square, stopping short of
                // the crossings, so that no two cuts' areas overlap (issue 49: the middle of a
                // vertical line of a 4x2 sheet lay under the horizontal cut's area).
                let half = (cell / 4.0).min(4.5);
                let gap = half + 0.5;
                for i in 1..w {
                    let lx = sx + cell * i as f64;
                    s.line(lx, sy, lx, sy + sh, "cut");
                    if !done {
                        let words = cut((i, h), (w - i, h));
                        let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
                        if tabs {
                            s.path(&format!("M{lx} {} l-7 -12 h14 z", sy - 4.0), "arrow").makes(t).title(words);
                            continue;
                        }
                        for j in 0..h {
                            let top = sy + cell * j as f64 + gap;
                            s.rect(lx - half, top, 2.0 * half, cell - 2.0 * gap, 0.0, "hit")
                                .makes(t)
                                .title(words.clone());
                        }
                    }
                }
                for j in 1..h {
                    let ly = sy + cell * j as f64;
                    s.line(sx, ly, sx + sw, ly, "cut");
                    if !done {
                        let words = cut((w, j), (w, h - j));
                        let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
                        if tabs {
                            s.path(&format!("M{} {ly} l-12 -7 v14 z", sx - 4.0), "arrow").makes(t).title(words);
                            continue;
                        }
                        for i in 0..w {
                            let left = sx + cell * i as f64 + gap;
                            s.rect(left, ly - half, cell - 2.0 * gap, 2.0 * half, 0.0, "hit")
                                .makes(t)
                                .title(words.clone());
                        }
                    }
                }
                s.text(sx, sy + sh + 14.0, &format!("{}: {w}x{h}", k + 1), "small", "start");
                x += pad + sw + 18.0;
                row_height = row_height.max(pad + sh);
            } else {
                // Too large to draw square by square: a sheet in proportion, and a few cuts.
                let scale = 120.0 / (w.max(h) as f64);
                let (sw, sh) = ((w as f64 * scale).max(6.0), (h as f64 * scale).max(6.0));
                if x + sw > width - 8.0 && x > 8.0 {
                    x = 8.0;
                    y += row_height + 30.0;
                    row_height = 0.0;
                }
                s.rect(x, y, sw, sh, 0.0, "sheet").title(format!("sheet {}: {w}x{h}", k + 1));
                s.text(x, y + sh + 14.0, &format!("{}: {w}x{h}", k + 1), "small", "start");
                for (label, a, b) in [
                    ("1 column", (1, h), (w.saturating_sub(1), h)),
                    ("half across", (w / 2, h), (w - w / 2, h)),
                    ("1 row", (w, 1), (w, h.saturating_sub(1))),
                    ("half down", (w, h / 2), (w, h - h / 2)),
                ] {
                    let words = cut(a, b);
                    let t = if done { None } else { crate::rules::board::worded(&mut s, self, numbers, words.clone()) };
                    offers.push((format!("{}: {label}", k + 1), t, words));
                }
                x += sw.max(60.0) + 18.0;
                row_height = row_height.max(sh);
            }
        }
        y += row_height + 24.0;
        if !offers.is_empty() {
            y += button_row(&mut s, y, offers);
        }
        y = crate::rules::faces::left_out(&mut s, y, all.len(), "sheets");
        let what = if done {
            "A 1 x 1 piece has been cut off: the game is over."
        } else {
            "Click a grid line to cut the sheet along it; whoever cuts off a 1 x 1 piece wins."
        };
        let what = if any_tabs {
            "Click a grid line of the large squares, or the arrow at a line's end, to cut the sheet along it; whoever cuts off a 1 x 1 piece wins."
        } else {
            what
        };
        s.note(y + 10.0, what);
        s.height = y + 18.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of one to three sheets with sides 1 to 6.
    fn positions() -> Vec<Vec<Sheet>> {
        let sides: Vec<Sheet> = (1..=6).flat_map(|w| (1..=6).map(move |h| (w, h))).collect();
        let mut out: Vec<Vec<Sheet>> = sides.iter().map(|&s| vec![s]).collect();
        for &a in &sides {
            for &b in &sides {
                out.push(vec![a, b]);
            }
        }
        out.extend([vec![(1, 2), (2, 2), (5, 3)], vec![(3, 3), (2, 5), (4, 1)], vec![(1, 1), (6, 6), (2, 2)]]);
        out
    }

    #[test]
    fn the_smallest_move_cuts_a_strip_two_wide_where_one_can() {
        for all in positions() {
            let numbers = numbers_of(&all);
            // A strip k wide off the first sheet that has one, across before along.
            let strip = |k: u64| {
                all.iter().enumerate().find_map(|(i, &(w, h))| {
                    let pieces = if w >= 2 * k {
                        [(k, h), (w - k, h)]
                    } else if h >= 2 * k {
                        [(w, k), (w, h - k)]
                    } else {
                        return None;
                    };
                    Some(replaced(&all, i, &pieces))
                })
            };
            let want = if over(&all) { None } else { strip(2).or_else(|| strip(1)) };
            assert_eq!(Cutting.smallest_move(&numbers, 0), want, "{all:?}");
        }
    }

    #[test]
    fn every_cut_is_one_pair_of_draws() {
        for all in positions().into_iter().filter(|a| !over(a)) {
            let numbers = numbers_of(&all);
            let movable = all.iter().filter(|&&(w, h)| w.max(h) >= 2).count() as u64;
            let mut drawn = vec![];
            for i in 0..movable {
                for k in 0..12 {
                    // The second draw is k when k is below its bound.
                    let (mut calls, mut fits) = (0, true);
                    let mv = Cutting.random_move(&numbers, 0, &mut |n| {
                        calls += 1;
                        if calls == 1 {
                            return i;
                        }
                        fits = k < n;
                        k.min(n - 1)
                    });
                    if fits {
                        drawn.push(mv.unwrap());
                    }
                }
            }
            let mut listed = Cutting.options(&numbers, 0);
            drawn.sort();
            listed.sort();
            assert_eq!(drawn, listed, "{all:?}");
        }
    }
}
