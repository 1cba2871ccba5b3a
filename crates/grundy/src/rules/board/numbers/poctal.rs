//! Partizan take-and-break games, `poctal:LEFT:RIGHT`: heaps from which Left (the first player)
//! takes as the octal code LEFT allows and Right as RIGHT allows, each code read as grundy reads
//! an impartial game's (`octal:0.07`: [`OctalCode`]; `hex:0.8`, a hexadecimal code:
//! [`HexCode`]): digit d_t of a code says what a move that takes t objects may leave of the
//! heap, a sum of 1 (nothing: the heap was exactly t), 2 (one heap), 4 (two heaps) and, in a
//! hexadecimal code, 8 (three heaps), the digit before the point 0 or 4 (8 or c in hexadecimal:
//! split a heap without taking). The family is the one in the title of Fraenkel and Kotzig's "Partizan octal games:
//! partizan subtraction games" (Int. J. Game Theory 16, 1987), which studies its subtraction
//! games; CGSuite plays them as `PartizanHeapRuleset` of two `TakeAndBreak` codes
//! (`TakeAndBreak("0.07").PartizanJoin(TakeAndBreak("0.15"))` is `poctal:0.07:0.15`).
//!
//! A heap is a short partizan game and a move changes one heap (what it leaves is heaps again),
//! so a position is the sum of its heaps and is answered by Conway's value, the sum of the
//! heaps' values: the value search values each heap alone ([`RulesCore::components`]).
//! `psub:LEFT:RIGHT` is the case whose codes hold only 3s (a digit 3 at each size either
//! player may take); with LEFT = RIGHT the game is the impartial `octal:LEFT`
//! ([`Theory::as_heap_rule`]).
//!
//! `grundy sg poctal:LEFT:RIGHT --upto N` is `psub`'s table ([`PartizanHeaps`]): each heap's
//! value and outcome. Where no move splits a heap, a heap's outcome is fixed by the outcomes of
//! the heaps below it, as in a partizan subtraction game, and Fraenkel and Kotzig's argument
//! proves the period (from the window at heap 1: below it a digit's 1 and 2 allow different
//! moves). Where a move may split a heap it leaves a sum, whose outcome is not a function of
//! its parts' outcomes: the outcomes are the values' and no period is claimed.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::ops::Range;

use super::{heap_split_at, heaps_alone, random_heap_move, sorted_heaps};
use crate::error::{AnalyzeError, IllegalMove};
use crate::rules::board::machinery::notation::changed_run;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::numbers::psub::{heap_table, HeapRule, PartizanHeapTable, PartizanHeaps};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Board, BoardFamily, Notation, PlayHelp, Players, RulesCore, Theory, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
#[cfg(feature = "draw")]
use crate::rules::faces::heaps_face;
use crate::rules::take_break::{HexCode, OctalCode, SplitRules};
use crate::rules::Ruleset;
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// Partizan octal games in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "poctal:LEFT:RIGHT",
    name: "partizan octal game",
    a_move: "take from one heap as your own octal code allows, Left (the first player) by LEFT, Right by RIGHT: digit t a sum of 1 (take a whole heap of t), 2 (take t, leave one heap) and 4 (take t, leave two heaps); hex:CODE for a hexadecimal code, whose 8 leaves three heaps",
    example_game: "poctal:0.07:0.15",
    example_position: "5 7",
    heap_ruleset: false,
    move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP, leaving one heap or none; `HEAP -> A B` leaves two heaps A and B; as your own code allows",
    example_move: "2 -> 2 3",
}];

/// Reads `poctal:LEFT:RIGHT`; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "poctal" {
        return Some(Err("game 'poctal' needs its two octal codes: poctal:LEFT:RIGHT (e.g. poctal:0.07:0.15)".into()));
    }
    let arg = s.strip_prefix("poctal:")?;
    let read = || -> Result<Board, String> {
        // Left's code ends at the first colon after its own `hex:`, if it has one.
        let cut = match arg.strip_prefix("hex:") {
            Some(rest) => rest.find(':').map(|i| i + 4),
            None => arg.find(':'),
        };
        let (left, right) = cut
            .map(|i| (arg.get(..i).unwrap_or_default(), arg.get(i + 1..).unwrap_or_default()))
            .ok_or_else(|| format!("game '{s}' is not poctal:LEFT:RIGHT (e.g. poctal:0.07:0.15)"))?;
        let code = |text: &str, whose: &str| {
            text.parse::<Code>().map_err(|e| format!("game '{s}': {whose} code '{text}': {e}"))
        };
        Ok(Board::new(PartizanOctal::new([code(left, "Left's")?, code(right, "Right's")?])))
    };
    Some(read())
}

/// A player's code: an octal code, or a hexadecimal one (`hex:0.8`), whose 8 leaves three heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// An octal code, e.g. `0.07`.
    Octal(OctalCode),
    /// A hexadecimal code, e.g. `hex:0.8`.
    Hex(HexCode),
}

impl Code {
    /// The digits: `digits()[t]` is the digit for taking t objects.
    pub fn digits(&self) -> &[u8] {
        match self {
            Code::Octal(c) => c.digits(),
            Code::Hex(c) => c.digits(),
        }
    }

    /// The moves of the code, as the engines read a code.
    pub fn rules(&self) -> SplitRules {
        match self {
            Code::Octal(c) => c.rules(),
            Code::Hex(c) => c.rules(),
        }
    }

    /// The impartial game of the code (how its heaps are drawn, and the game when both
    /// players have it).
    pub fn ruleset(&self) -> Ruleset {
        match self {
            Code::Octal(c) => Ruleset::octal(c.clone()),
            Code::Hex(c) => Ruleset::hex(c.clone()),
        }
    }
}

impl std::fmt::Display for Code {
    /// `0.07` for an octal code, `hex:0.8` for a hexadecimal one: as `poctal:` reads them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Code::Octal(c) => f.write_str(&c.code()),
            Code::Hex(c) => write!(f, "hex:{}", c.code()),
        }
    }
}

impl std::str::FromStr for Code {
    type Err = crate::error::ParseGameError;
    /// `hex:CODE` is a hexadecimal code, anything else an octal code (`0.07`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.strip_prefix("hex:") {
            Some(_) => s.parse().map(Code::Hex),
            None => s.parse().map(Code::Octal),
        }
    }
}

/// A partizan octal game: `codes[0]` says what Left (the first player) may take from a heap and
/// leave of it, `codes[1]` Right's. Its numbers are the heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartizanOctal {
    /// Left's and Right's codes.
    pub codes: [Code; 2],
    /// The moves of each code, as the engines read a code.
    rules: [SplitRules; 2],
}

impl PartizanOctal {
    /// The game of Left's code `codes[0]` and Right's `codes[1]`.
    pub fn new(codes: [Code; 2]) -> Self {
        let rules = [codes[0].rules(), codes[1].rules()];
        PartizanOctal { codes, rules }
    }

    /// The moves of player `mover` (0: Left, 1: Right).
    pub fn rules_of(&self, mover: usize) -> &SplitRules {
        let [left, right] = &self.rules;
        if mover == 0 {
            left
        } else {
            right
        }
    }

    /// The code of player `mover`, e.g. `0.07` or `hex:0.8`.
    fn code(&self, mover: usize) -> &Code {
        let [left, right] = &self.codes;
        if mover == 0 {
            left
        } else {
            right
        }
    }

    /// The code of player `mover` as written, e.g. `0.07`.
    fn code_of(&self, mover: usize) -> String {
        self.code(mover).to_string()
    }

    /// Whether a move of either player may leave two heaps: then a heap's outcome is not fixed
    /// by the outcomes of smaller heaps (a sum's outcome is not its parts').
    pub fn splits(&self) -> bool {
        self.rules.iter().any(|r| !r.split.is_empty() || !r.split3.is_empty())
    }

    /// The heap `i` of `numbers` and what a move from `numbers` to `after` left of it; `Err`
    /// says why it is not one move.
    fn changed(numbers: &[u64], after: &[u64]) -> Result<(usize, Vec<u64>), String> {
        match changed_run(numbers, after) {
            None => Err("a move must take at least one object or split a heap".into()),
            Some((i, 1, parts)) if (1..=3).contains(&parts.len()) => Ok((i, parts)),
            Some(_) => Err("a move here changes one heap, leaving one to three heaps in its place".into()),
        }
    }
}

impl RulesCore for PartizanOctal {
    fn words(&self) -> Words {
        let (left, right) = (self.code_of(0), self.code_of(1));
        Words::new(
            format!("poctal:{left}:{right}"),
            if self.codes[0].digits() == self.codes[1].digits() {
                Players::Impartial
            } else {
                Players::Partizan(format!("Left plays by the octal code {left}, Right by {right}").into())
            },
            format!(
                "A move takes objects from one heap as the mover's octal code allows, Left's (the first player's) {left}, Right's (the second's) {right}: digit t of a code is a sum of 1 (take a whole heap of t), 2 (take t and leave one heap) and 4 (take t and leave two heaps){}.",
                if self.codes.iter().any(|c| matches!(c, Code::Hex(_))) {
                    ", in a hexadecimal code also 8 (take t and leave three heaps)"
                } else {
                    ""
                }
            ),
            "Type 'HEAP TAKE' (e.g. '1 2' takes 2 from heap 1) or 'HEAP -> A B' (leave heaps A and B), as your own code allows",
        )
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let rules = self.rules_of(mover);
        let mut out = Vec::new();
        for (i, &n) in numbers.iter().enumerate() {
            rules.for_each_option(n, &mut |parts| out.push(heap_split_at(numbers, i, parts)));
        }
        out
    }

    fn check(&self, numbers: &[u64], _at: Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove> {
        let (i, parts) = Self::changed(numbers, after)?;
        let n = numbers.get(i).copied().unwrap_or(0);
        let left: u128 = parts.iter().map(|&p| u128::from(p)).sum();
        if left > u128::from(n) {
            return Err(format!("heap {}: a move cannot add objects (it has {n})", i + 1).into());
        }
        if self.rules_of(mover).allows(n, &parts) {
            return Ok(());
        }
        let what = parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
        Err(format!(
            "heap {}: {}'s code {} does not allow {n} -> {what} ({})",
            i + 1,
            side(mover),
            self.code_of(mover),
            self.spelling()
        )
        .into())
    }

    /// The heaps sorted, the empty ones left out: neither order nor an empty heap changes a
    /// sum of heaps.
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        sorted_heaps(numbers)
    }

    /// Each heap alone: the heaps are played side by side, a move in one of them.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        heaps_alone(numbers)
    }
}

impl Notation for PartizanOctal {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Self::changed(numbers, after) {
            Ok((i, parts)) => Ruleset::nim().describe_move(i + 1, numbers.get(i).copied().unwrap_or(0), &parts),
            Err(why) => why,
        }
    }
}

impl PlayHelp for PartizanOctal {
    /// From a random heap on, the first heap with a move of `mover`: a random kind of move its
    /// code allows there (a size taken, and what it leaves), and a random split of that kind;
    /// nothing is listed, so a heap of any size has one.
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let rules = self.rules_of(mover);
        random_heap_move(numbers, below, |i, n, below| {
            let kinds = rules.options_by_kind(n);
            let kind = kinds.get(below(kinds.len().max(1) as u64) as usize)?;
            Some(heap_split_at(numbers, i, &rules.option_of_kind(n, kind, &mut *below)))
        })
    }

    /// Each option of either code that each heap has.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        let count = |n: u64| self.rules.iter().map(|r| r.option_count_wide(n)).max().unwrap_or(0);
        Some(numbers.iter().map(|&n| count(n)).fold(0, u128::saturating_add))
    }
}

impl Theory for PartizanOctal {
    /// With the same code for both players it is the impartial `octal:CODE`, answered by the
    /// Sprague-Grundy theorem.
    fn as_heap_rule(&self) -> Option<(Ruleset, String)> {
        let [left, right] = &self.codes;
        (left.digits() == right.digits()).then(|| {
            let rule = left.ruleset();
            (rule.clone(), format!("Left and Right play by the same code ({left}): this is the impartial game {rule}."))
        })
    }
}

#[cfg(feature = "draw")]
impl Face for PartizanOctal {
    /// The heaps as the impartial game of the mover's code draws them, each offering the moves
    /// of the player to move.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let rule = self.code(mover).ruleset();
        let rows: Vec<(String, Ruleset, u64)> =
            numbers.iter().enumerate().map(|(i, &n)| (format!("heap {}", i + 1), rule.clone(), n)).collect();
        let mut s = heaps_face(&rows, None);
        let y = s.height + 10.0;
        // The end of the game says who won, as every partizan game's drawing does.
        let over = !self.has_move(numbers, mover);
        let caption = if !over {
            format!("{} to move, by the code {}.", side(mover), self.code_of(mover))
        } else {
            format!("{} has no move: {} wins.", side(mover), side(1 - mover))
        };
        let end = s.turn_note(y, over, &caption);
        s.height = end.max(y + 8.0);
        s
    }
}

impl HeapRule for PartizanOctal {
    fn game_name(&self) -> String {
        self.spelling()
    }

    fn reach(&self) -> u64 {
        self.rules.iter().map(SplitRules::max_take).max().unwrap_or(0).max(1)
    }

    fn steps_per_heap(&self) -> u64 {
        self.rules.iter().map(|r| (r.take_all.len() + r.take.len()) as u64).sum()
    }

    /// From the window at heap 1 on, when no move splits a heap: past the largest size s
    /// taken, a heap n > s is never emptied (a digit's 1 takes a whole heap of exactly t <= s)
    /// and every size whose digit holds 2 leaves n - t, so the moves from every heap past s
    /// are the same sizes, and the window of heaps 1..=s fixes heap s + 1 and on.
    fn windows_from(&self) -> Option<u64> {
        (!self.splits()).then_some(1)
    }

    fn wins_first(&self, wins: &[[bool; 2]], n: u64, mover: usize) -> bool {
        let rules = self.rules_of(mover);
        let lost = |m: u64| wins.get(m as usize).and_then(|w| w.get(1 - mover)) != Some(&true);
        rules.take_all.iter().any(|&t| t > 0 && t == n && lost(0))
            || rules.take.iter().any(|&t| t > 0 && t < n && lost(n - t))
    }

    /// Each option's value, the sum of the values of the heaps it leaves.
    fn option_values(
        &self,
        values: &[GameValue],
        n: u64,
        mover: usize,
        store: &mut GameStore,
    ) -> Result<Vec<GameValue>, PartizanError> {
        let mut left = Vec::new();
        self.rules_of(mover).for_each_option(n, &mut |parts| left.push(parts.to_vec()));
        let mut out = Vec::with_capacity(left.len());
        for parts in left {
            let mut heaps = parts.iter().filter_map(|&p| values.get(p as usize).copied());
            let Some(first) = heaps.next() else { continue };
            out.push(heaps.try_fold(first, |sum, v| store.sum(sum, v))?);
        }
        Ok(out)
    }
}

impl PartizanHeaps for PartizanOctal {
    /// Each heap's value and outcome; the outcome period proven as for a partizan subtraction
    /// game when no move splits a heap, and none claimed when one does.
    fn heap_table(&self, upto: u64, budget: u64) -> Result<PartizanHeapTable, AnalyzeError> {
        heap_table(self, upto, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use std::collections::HashMap;

    /// The rules of `spelling`.
    fn rules(spelling: &str) -> PartizanOctal {
        let Ok(Game::Board(b)) = spelling.parse::<Game>() else { panic!("{spelling} is a board game") };
        b.downcast::<PartizanOctal>().expect("a partizan octal game").clone()
    }

    /// Whether `mover` moving first wins heap `n` of the codes `digits` (no splits), by the
    /// definition: a digit's 1 empties a heap of exactly t, its 2 leaves n - t > 0.
    fn plain_wins(digits: &[Vec<u8>; 2], n: u64, mover: usize, memo: &mut HashMap<(u64, usize), bool>) -> bool {
        if let Some(&w) = memo.get(&(n, mover)) {
            return w;
        }
        let mut w = false;
        for (t, &d) in digits[mover].iter().enumerate().skip(1) {
            let t = t as u64;
            let leaves = match (d & 1 != 0 && n == t, d & 2 != 0 && n > t) {
                (true, _) => Some(0),
                (_, true) => Some(n - t),
                _ => None,
            };
            if leaves.is_some_and(|m| !plain_wins(digits, m, 1 - mover, memo)) {
                w = true;
                break;
            }
        }
        memo.insert((n, mover), w);
        w
    }

    fn plain_letter(digits: &[Vec<u8>; 2], n: u64, memo: &mut HashMap<(u64, usize), bool>) -> char {
        match (plain_wins(digits, n, 0, memo), plain_wins(digits, n, 1, memo)) {
            (true, true) => 'N',
            (true, false) => 'L',
            (false, true) => 'R',
            (false, false) => 'P',
        }
    }

    /// Codes that never split a heap, with digits 1 and 2 whose moves differ at the small heaps
    /// (a whole heap of exactly t, or t only from a larger heap): the table's outcomes are the
    /// definition's, the proven period holds on the definition's outcomes far past the window
    /// that proved it, and it is the least, from the least heap.
    #[test]
    fn the_period_without_splits_holds_and_is_the_least() {
        for (l, r) in [
            ("0.1", "0.2"),
            ("0.12", "0.3"),
            ("0.21", "0.13"),
            ("0.032", "0.3"),
            ("0.3", "0.0003"),
            ("0.201", "0.12"),
            ("0.33", "0.303"),
            ("0.0123", "0.31"),
            ("0.0", "0.2"),
        ] {
            let name = format!("poctal:{l}:{r}");
            let game = rules(&name);
            let digits = [game.codes[0].digits().to_vec(), game.codes[1].digits().to_vec()];
            assert!(!game.splits(), "{name}");
            let t = heap_table(&game, 40, 1 << 20).unwrap();
            let p = t.period.clone().unwrap_or_else(|| panic!("{name}: {:?}", t.no_period));
            let mut memo = HashMap::new();
            let o: Vec<char> = (0..3000).map(|n| plain_letter(&digits, n, &mut memo)).collect();
            assert_eq!(t.outcomes, o[..=40].iter().collect::<String>(), "{name}");
            let (a, q) = (p.preperiod as usize, p.period as usize);
            assert!((a + q..o.len()).all(|n| o[n] == o[n - q]), "{name}: period {q} from {a}");
            for shorter in 1..q {
                assert!((a + shorter..o.len()).any(|n| o[n] != o[n - shorter]), "{name}: period {shorter}");
            }
            if a > 0 {
                assert_ne!(o[a - 1], o[a - 1 + q], "{name}: the period starts before {a}");
            }
            for m in [0u64, 7, 41, 999, 2999] {
                assert_eq!(t.outcome_at(m), Some(o[m as usize]), "{name} heap {m}");
            }
        }
    }

    /// A code that splits a heap: no period is claimed, the outcomes are the values' and stop
    /// with them, and nothing past them is answered.
    #[test]
    fn splits_claim_no_period() {
        let t = heap_table(&rules("poctal:0.07:0.15"), 20, 1 << 20).unwrap();
        assert!(t.period.is_none());
        assert!(t.no_period.as_deref().unwrap().contains("may split a heap"), "{:?}", t.no_period);
        assert_eq!((t.outcomes.len(), t.searched), (21, 20));
        let mut store = GameStore::new();
        for (n, name) in t.values.iter().enumerate() {
            let v = store.parse(name.as_deref().unwrap()).unwrap();
            let class = store.outcome(v).unwrap().to_string();
            assert_eq!(t.outcomes.get(n..=n), Some(class.as_str()), "heap {n}");
        }
        assert_eq!(t.outcome_at(21), None);
    }
}
