//! Staircase Nim: coins on steps 1..k; a move shifts any positive number of coins from one step
//! to the step below (from step 1 they leave the staircase).
//!
//! The theorem (staircase Nim, after Sprague's analysis of such games): the position's value is
//! the nim-sum of the odd steps. A move on an odd step is a move of Nim on that step; a move from
//! an even step adds coins to the odd step below, which the opponent can take straight on to the
//! even step below that, so those moves cannot help. As a value: every smaller nim-sum is
//! reachable by lowering one odd step (Bouton's argument), and no move keeps the nim-sum, since
//! every move changes exactly one odd step. The tests check it against the plain mex.

use crate::error::AnalyzeError;
use crate::error::IllegalMove;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{listed_note, listing_room, numbers, Method, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::nim::nim_sum;

/// The longest misère game searched: a coin on step i moves at most i times.
const MISERE_LONGEST: u128 = 200;

/// Staircase Nim in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "staircase",
    name: "staircase Nim",
    a_move: "shift coins from one step to the step below (from step 1 they leave)",
    example_game: "staircase",
    example_position: "3 9 5 2 7",
    heap_ruleset: false,
    move_syntax: "`STEP COINS` moves COINS coins from step STEP to the step below (from step 1 they leave)",
    example_move: "2 3",
}];

/// Reads staircase Nim's spelling (`staircase`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "staircase").then(|| Ok(Board::new(Staircase)))
}

/// Staircase Nim. Positions are the coins on steps 1, 2, ..., k, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Staircase;

/// The value of the staircase: the nim-sum of the odd steps (steps numbered from 1).
///
/// ```
/// use grundy::rules::board::numbers::staircase::staircase_value;
/// assert_eq!(staircase_value(&[3, 9, 5]), 3 ^ 5);
/// ```
pub fn staircase_value(steps: &[u64]) -> u64 {
    nim_sum(&odd_steps(steps))
}

fn odd_steps(steps: &[u64]) -> Vec<u64> {
    steps.iter().step_by(2).copied().collect()
}

/// Every move from `steps` that leaves value `target`, as (step index, coins moved): from an
/// odd step i, down to the step below with what lowers step i to its part of the target; from
/// an even step, as many coins as raise the odd step below it to its part. At most one move per
/// step, so the count is exact at any length; each move is a pair, not a position.
pub fn staircase_moves_to(steps: &[u64], target: u64) -> Vec<(usize, u64)> {
    let x = staircase_value(steps);
    let mut out = vec![];
    for (i, &here) in steps.iter().enumerate() {
        if i % 2 == 0 {
            // Odd step i + 1: lower it to `want`.
            let want = here ^ x ^ target;
            if want < here {
                out.push((i, here - want));
            }
        } else {
            // Even step i + 1: raise the odd step below (index i - 1) to `want`.
            let below = steps[i - 1];
            let want = below ^ x ^ target;
            if want > below && want - below <= here {
                out.push((i, want - below));
            }
        }
    }
    out
}

/// The steps after `c` coins go from step index `i` (0-based) to the step below.
fn shifted(steps: &[u64], i: usize, c: u64) -> Vec<u64> {
    let mut next = steps.to_vec();
    next[i] -= c;
    if i > 0 {
        // The coins total at most 2^64 - 1 (checked when the position is read), so no step
        // passes it.
        next[i - 1] += c;
    }
    next
}

impl RulesCore for Staircase {
    fn words(&self) -> Words {
        Words::new(
            "staircase",
            Players::Impartial,
            "Staircase Nim: coins lie on steps 1, 2, ...; a move shifts one or more coins from a step to the step below, and coins moved down from step 1 leave the staircase.",
            "Type '2 3' (move 3 coins from step 2 to step 1) or 'move 1 from step 1' (a coin off the staircase)",
        )
        .with_names(NumberNames { first: &[], then: &["step {}"], last: None })
    }

    fn options(&self, steps: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let mut out = vec![];
        for (i, &here) in steps.iter().enumerate() {
            for c in 1..=here {
                out.push(shifted(steps, i, c));
            }
        }
        out
    }

    fn check(
        &self,
        steps: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if after.len() != steps.len() {
            return Err(format!("the staircase keeps its {} steps", steps.len()).into());
        }
        let changed: Vec<usize> = (0..steps.len()).filter(|&i| steps[i] != after[i]).collect();
        let (i, c) = match changed[..] {
            [] => return Err("a move must shift at least one coin".into()),
            [0] if after[0] < steps[0] => (0, steps[0] - after[0]),
            [j, k] if k == j + 1 && after[k] < steps[k] && after[j] > steps[j] => (k, steps[k] - after[k]),
            _ => {
                return Err(
                    "a move shifts coins from one step to the step just below it (from step 1 they leave)".into()
                )
            }
        };
        if shifted(steps, i, c) != after {
            return Err(format!("{c} coins leave step {}, so step {} gains {c}, no more and no fewer", i + 1, i).into());
        }
        Ok(())
    }
}

impl Notation for Staircase {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Err("the staircase is empty: give the coins on steps 1, 2, ...".into());
        }
        let steps = numbers(tokens, |i| format!("step {}", i + 1))?;
        if steps.iter().try_fold(0u64, |a, &s| a.checked_add(s)).is_none() {
            return Err("the coins on the steps total more than 18446744073709551615, the most a step can hold".into());
        }
        Ok(steps)
    }

    fn describe(&self, steps: &[u64], after: &[u64]) -> String {
        let i = (0..steps.len()).rev().find(|&i| after.get(i) < steps.get(i)).unwrap_or(0);
        let c = steps[i].saturating_sub(after.get(i).copied().unwrap_or(0));
        let coins = if c == 1 { "1 coin".to_string() } else { format!("{c} coins") };
        let to = if i == 0 { "off the staircase".to_string() } else { format!("to step {i}") };
        // Only the steps the move changes: a move's text stays short on a staircase of any
        // length (the position it leaves is shown beside it).
        let was = |j: usize| steps.get(j).copied().unwrap_or(0);
        let now = |j: usize| after.get(j).copied().unwrap_or(0);
        let change = |j: usize| format!("step {}: {} -> {}", j + 1, was(j), now(j));
        let changes = if i == 0 { change(0) } else { format!("{}, {}", change(i), change(i - 1)) };
        format!("move {coins} from step {} {to} ({changes})", i + 1)
    }

    fn read_move(&self, steps: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (step, c) = match words[..] {
            [s, c] => (s, c),
            ["move", c, "from", "step", s] | ["move", c, "from", s] => (s, c),
            _ => return None,
        };
        let read = || -> Result<Vec<u64>, String> {
            let s = crate::number::parse_u64(step, "the step")?;
            let c = crate::number::parse_u64(c, "the coins moved")?;
            let i = s
                .checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < steps.len())
                .ok_or_else(|| format!("there is no step {s} (the steps are 1 to {})", steps.len()))?;
            if c == 0 || c > steps[i] {
                return Err(format!("step {s} holds {} coins: move 1 to {} of them", steps[i], steps[i]));
            }
            Ok(shifted(steps, i, c))
        };
        Some(read())
    }
}

impl PlayHelp for Staircase {
    fn random_move(&self, steps: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let full: Vec<usize> = (0..steps.len()).filter(|&i| steps[i] > 0).collect();
        let i = *full.get(below(full.len().max(1) as u64) as usize)?;
        Some(shifted(steps, i, 1 + below(steps[i])))
    }
}

impl Theory for Staircase {
    fn solve(&self, steps: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        if misere {
            // A game lasts at most sum of i * X_i moves (a coin on step i moves at most i times).
            let longest: u128 = steps.iter().enumerate().map(|(i, &x)| (i as u128 + 1) * u128::from(x)).sum();
            if longest > MISERE_LONGEST {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère staircase Nim has no rule here and is searched position by position, for games of at most {MISERE_LONGEST} moves; this one can last {longest}"
                )));
            }
            return crate::rules::board::search_misere(self, steps, context, "misère staircase Nim has no rule here");
        }
        let x = staircase_value(steps);
        let moves = if x == 0 { vec![] } else { staircase_moves_to(steps, 0) };
        // Each listed move carries the whole position it leaves, so a long staircase lists
        // the first few; the count stays exact.
        let room = listing_room(steps.len());
        let listed = moves.iter().take(room).map(|&(i, c)| shifted(steps, i, c)).collect();
        let mut answer = Analysis::of_board(self, steps, x != 0, Some(x), listed, Method::ClosedForm);
        let not_listed = (moves.len() > room).then(|| listed_note(room, steps.len(), "steps"));
        answer.set_board_count(Some(moves.len() as u128), not_listed);
        let odd: Vec<String> = odd_steps(steps).iter().map(u64::to_string).collect();
        answer.explanation = vec![
            "Staircase Nim: a position's value is the nim-sum of the coins on the odd steps (1, 3, 5, ...). Moves on odd steps are moves of Nim there (Bouton's theorem); coins moved from an even step onto an odd one can be moved straight on by the opponent, so even steps do not count.".into(),
            format!(
                "Here the odd steps hold {}, whose nim-sum is {x}: the player to move {}.",
                odd.join(", "),
                if x == 0 { "loses" } else { "wins" }
            ),
        ];
        if x != 0 {
            answer.explanation.push(
                "Winning moves: lower an odd step s to s XOR the nim-sum (moving the difference down a step), or move from an even step just enough coins to raise the odd step below it to its value XOR the nim-sum.".into(),
            );
        }
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Staircase {
    fn draw(&self, steps: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{
            big_bar, button_row, left_out, row_label, wrapped_object_row, MAX_OBJECTS, MAX_ROWS, ROW_END, WIDE_STEP,
        };
        let mut s = Sketch::new();
        let mut y = 4.0;
        // The highest step first, each row set further left, as a staircase seen from the side.
        let shown = steps.len().min(MAX_ROWS);
        for i in (0..shown).rev() {
            let c = steps[i];
            let indent = 6.0 * (shown - 1 - i) as f64;
            let to = if i == 0 { "off the staircase".to_string() } else { format!("to step {i}") };
            let moved = |k: u64| {
                let mut after = steps.to_vec();
                after[i] -= k;
                if i > 0 {
                    after[i - 1] = after[i - 1].saturating_add(k);
                }
                after
            };
            row_label(&mut s, y, &format!("step {}", i + 1), &c.to_string());
            // The coins in lines of six a wide step apart, as Nim's objects, so that the
            // staircase fits a phone with each coin 40 CSS px to tap (issue 84: one line of
            // coins 17 apart made it three times as wide as the phone's room); the step under
            // its last line.
            let high = if c <= MAX_OBJECTS {
                let rows = wrapped_object_row(&mut s, y, c, "coin", &mut |s, j| {
                    let t = crate::rules::board::checked(s, self, steps, moved(c - j));
                    (t, format!("move {} from step {} {to}", crate::rules::faces::plural(c - j, "coin"), i + 1))
                });
                rows - 4.0
            } else {
                big_bar(&mut s, y - 2.0, c, "coins");
                let mut offers = vec![];
                for k in [1, c / 2, c] {
                    let t = crate::rules::board::checked(&mut s, self, steps, moved(k));
                    offers.push((
                        format!("move {k}"),
                        t,
                        format!("move {} from step {} {to}", crate::rules::faces::plural(k, "coin"), i + 1),
                    ));
                }
                20.0 + button_row(&mut s, y + 20.0, offers)
            };
            s.rect(88.0, y + high, ROW_END + 4.0 - 88.0 - indent, 8.0, 1.0, "step");
            // The next step's first coins a wide step below this one's last.
            y += high + 8.0 + WIDE_STEP - 40.0;
        }
        y = left_out(&mut s, y, steps.len(), "steps");
        s.note(
            y + 12.0,
            "Click a coin: it and those right of it go one step down (from step 1 they leave the staircase).",
        );
        s.height = y + 36.0;
        s
    }
}
