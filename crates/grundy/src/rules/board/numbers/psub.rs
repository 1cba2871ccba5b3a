//! Partizan subtraction games, `psub:LEFT:RIGHT`: heaps from which Left (the first player) takes
//! a number of objects in the set LEFT and Right one in RIGHT (Fraenkel and Kotzig, "Partizan
//! octal games: partizan subtraction games", Int. J. Game Theory 16, 1987; CGSuite's
//! `PartizanSubtraction`). A heap is a short partizan game, so a position, a sum of heaps, is
//! answered by Conway's value, the sum of its heaps' values (the value search values each heap
//! alone: [`RulesCore::components`]); with LEFT = RIGHT it is the impartial `subtraction:LEFT`
//! ([`Theory::as_heap_rule`]).
//!
//! [`heap_table`] is `grundy sg psub:LEFT:RIGHT` (and, through [`HeapRule`], `poctal`'s): each
//! heap's value and outcome class up to N, with the outcome period proven by Fraenkel and Kotzig's argument: the outcome of a heap n
//! (who wins with each player first) is fixed by the outcomes of the heaps n - t, t a size
//! either player may take, so once `s` consecutive outcomes (s the largest such size) repeat,
//! every later one repeats. The period found is named by the behaviour of Duchêne, Heinrich,
//! Nowakowski and Parreau ("Partizan subtraction games", arXiv:2101.01595, 2021): dominance,
//! weak dominance, fairness or ultimate impartiality ([`Behaviour`]).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::HashMap;
use std::ops::Range;

use serde::Serialize;

use super::{heap_left_at, heaps_alone, random_heap_move, sorted_heaps};
use crate::error::{AnalyzeError, GaveUp, IllegalMove, Work};
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::notation::changed_run;
use crate::rules::board::machinery::partizan::{side, solve_by_conway};
use crate::rules::board::machinery::value::{self, partizan_error, NAMED_CHARS, STEPS_A_BUDGET_UNIT};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{
    listed_note, listing_room, Board, BoardContext, BoardFamily, Method, Notation, PlayHelp, Players, RulesCore,
    Theory, Words,
};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
#[cfg(feature = "draw")]
use crate::rules::faces::heaps_face;
use crate::rules::text::plural;
use crate::rules::{MoveSet, Ruleset};
use crate::values::partizan::{GameStore, GameValue, PartizanError, PartizanOutcome};

/// Partizan subtraction games in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "psub:LEFT:RIGHT",
    name: "partizan subtraction",
    a_move: "take from one heap a number of objects in your own set: Left (the first player) one in LEFT, Right one in RIGHT (sizes and ranges L..R, as in subtraction:S)",
    example_game: "psub:1,2:1,3",
    example_position: "5 7",
    heap_ruleset: false,
    move_syntax: "`HEAP TAKE` takes TAKE objects (a size in your own set) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
    example_move: "1 2",
}];

/// Reads `psub:LEFT:RIGHT`; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "psub" {
        return Some(Err("game 'psub' needs its two sets: psub:LEFT:RIGHT (e.g. psub:1,2:1,3)".into()));
    }
    let arg = s.strip_prefix("psub:")?;
    let read = || -> Result<Board, String> {
        let (left, right) =
            arg.split_once(':').ok_or_else(|| format!("game '{s}' is not psub:LEFT:RIGHT (e.g. psub:1,2:1,3)"))?;
        let set = |text: &str, whose: &str| {
            text.parse::<MoveSet>().map_err(|e| format!("game '{s}': {whose} set '{text}': {e}"))
        };
        Ok(Board::new(PartizanSubtraction { sets: [set(left, "Left's")?, set(right, "Right's")?] }))
    };
    Some(read())
}

/// A partizan subtraction game: `sets[0]` the sizes Left (the first player) may take from a
/// heap, `sets[1]` Right's. Its numbers are the heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartizanSubtraction {
    /// The sizes Left and Right may take.
    pub sets: [MoveSet; 2],
}

/// The heaps with heap `i` left at `left`.
impl PartizanSubtraction {
    /// The sizes player `mover` (0: Left, 1: Right) may take.
    fn set(&self, mover: usize) -> &MoveSet {
        let [left, right] = &self.sets;
        if mover == 0 {
            left
        } else {
            right
        }
    }

    /// The one heap a move from `numbers` to `after` changed, with what it left; `Err` says why
    /// it is not one move.
    fn changed(numbers: &[u64], after: &[u64]) -> Result<(usize, u64), String> {
        match changed_run(numbers, after) {
            None => Err("a move must take at least one object".into()),
            Some((i, 1, left)) if after.len() == numbers.len() => Ok((i, left.first().copied().unwrap_or(0))),
            Some(_) => Err("a move here changes one heap at a time".into()),
        }
    }
}

impl RulesCore for PartizanSubtraction {
    fn words(&self) -> Words {
        let [left, right] = &self.sets;
        Words::new(
            format!("psub:{left}:{right}"),
            if left == right {
                Players::Impartial
            } else {
                Players::Partizan(format!("Left takes {}, Right {}", left.words(" or "), right.words(" or ")).into())
            },
            format!(
                "A move takes objects from one heap: Left (the first player) exactly {}, Right (the second) exactly {}.",
                left.words(" or "),
                right.words(" or ")
            ),
            "Type 'HEAP TAKE' (e.g. '1 2' takes 2 from heap 1), TAKE a size in your own set",
        )
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let set = self.set(mover);
        let mut out = Vec::new();
        for (i, &h) in numbers.iter().enumerate() {
            out.extend(set.sizes_upto(h).map(|t| heap_left_at(numbers, i, h - t)));
        }
        out
    }

    fn check(&self, numbers: &[u64], _at: Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove> {
        let (i, left) = Self::changed(numbers, after)?;
        let n = numbers.get(i).copied().unwrap_or(0);
        let take = n.checked_sub(left).ok_or_else(|| format!("heap {}: it has only {}", i + 1, plural(n, "object")))?;
        let set = self.set(mover);
        if !set.contains(take) {
            return Err(format!(
                "heap {}: {} may take only {} (psub:{}:{}), not {take}",
                i + 1,
                side(mover),
                set.words(" or "),
                self.sets[0],
                self.sets[1]
            )
            .into());
        }
        Ok(())
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

impl Notation for PartizanSubtraction {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        match Self::changed(numbers, after) {
            Ok((i, left)) => Ruleset::nim().describe_move(i + 1, numbers.get(i).copied().unwrap_or(0), &[left]),
            Err(why) => why,
        }
    }
}

impl PlayHelp for PartizanSubtraction {
    /// From a random heap on, the first heap with a move of `mover`: a random size of their set
    /// that fits in it.
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let set = self.set(mover);
        random_heap_move(numbers, below, |i, n, below| {
            let count = set.count_upto(n);
            (count > 0).then(|| set.nth(below(count)).map(|t| heap_left_at(numbers, i, n - t)))?
        })
    }

    /// Each size of either set that fits in each heap.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        let count = |n: u64| u128::from(self.sets[0].count_upto(n).max(self.sets[1].count_upto(n)));
        Some(numbers.iter().map(|&n| count(n)).sum())
    }
}

/// The largest single heap whose Conway value an analysis tries (within [`VALUE_AT_ONCE`]
/// steps) before it answers from the outcome period: the values of most games grow with the
/// heap (psub:1,2:1,3's heap 5,000 nests its options deeper than the store follows).
const VALUED_HEAP: u64 = 1 << 16;

/// The most steps of work an analysis of a single heap spends on its value before it answers
/// from the outcome period instead (a few tenths of a second at most).
const VALUE_AT_ONCE: u64 = 300_000;

/// The most moves a single heap's answer from the period looks at.
const MOVES_LOOKED_AT: u64 = 1 << 20;

impl Theory for PartizanSubtraction {
    /// A sum of heaps by Conway's value (the default); a single heap too large to value, at any
    /// size, from the proven outcome period: who wins it with each player first, and every
    /// winning move (a move of yours wins when the other player, moving first in the heap it
    /// leaves, loses there).
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let heaps = self.canonical(numbers);
        let [n] = heaps[..] else { return solve_by_conway(self, numbers, context) };
        if context.misere {
            return solve_by_conway(self, numbers, context);
        }
        if n <= VALUED_HEAP {
            match value::solve_by_value(self, numbers, context, Some(VALUE_AT_ONCE)) {
                Ok(Some(answer)) => return Ok(answer),
                Err(AnalyzeError::Stopped(s)) => return Err(AnalyzeError::Stopped(s)),
                // Past the work, or nested deeper than the store follows: the period decides.
                Ok(None) | Err(_) => {}
            }
        }
        self.solve_by_period(numbers, n, context)
    }

    /// With the same set for both players it is the impartial `subtraction:SET`, answered by
    /// the Sprague-Grundy theorem.
    fn as_heap_rule(&self) -> Option<(Ruleset, String)> {
        let [left, right] = &self.sets;
        (left == right).then(|| {
            (
                Ruleset::subtraction(left.clone()),
                format!("Left and Right take the same sizes ({left}): this is the impartial game subtraction:{left}."),
            )
        })
    }
}

#[cfg(feature = "draw")]
impl Face for PartizanSubtraction {
    /// The heaps as Nim's, each offering the takes of the player to move.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let set = self.set(mover);
        let rule = Ruleset::subtraction(set.clone());
        let rows: Vec<(String, Ruleset, u64)> =
            numbers.iter().enumerate().map(|(i, &n)| (format!("heap {}", i + 1), rule.clone(), n)).collect();
        let mut s = heaps_face(&rows, None);
        let y = s.height + 10.0;
        // The end of the game says who won, as every partizan game's drawing does.
        let over = !self.has_move(numbers, mover);
        let caption = if !over {
            format!("{} to move: take {} from one heap.", side(mover), set.words(" or "))
        } else {
            format!("{} has no move: {} wins.", side(mover), side(1 - mover))
        };
        let end = s.turn_note(y, over, &caption);
        s.height = end.max(y + 8.0);
        s
    }
}

/// A behaviour of a partizan subtraction game's outcomes on large heaps, as Duchêne, Heinrich,
/// Nowakowski and Parreau name them ("Partizan subtraction games", arXiv:2101.01595), read from
/// the outcome classes in one period of the (proven) outcome sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Behaviour {
    /// Every large heap is L: Left wins it whoever starts (Fraenkel and Kotzig's dominance).
    LeftDominance,
    /// Every large heap is R.
    RightDominance,
    /// The period holds L and some N or P, and no R.
    LeftWeakDominance,
    /// The period holds R and some N or P, and no L.
    RightWeakDominance,
    /// The period holds both L and R.
    Fairness,
    /// The period holds only N and P, as an impartial game's outcomes.
    UltimateImpartiality,
}

impl Behaviour {
    /// The behaviour of outcomes whose period holds the classes `block`.
    fn of(block: &[PartizanOutcome]) -> Behaviour {
        let has = |o: PartizanOutcome| block.contains(&o);
        let (l, r) = (has(PartizanOutcome::L), has(PartizanOutcome::R));
        let other = has(PartizanOutcome::N) || has(PartizanOutcome::P);
        match (l, r, other) {
            (true, true, _) => Behaviour::Fairness,
            (true, false, false) => Behaviour::LeftDominance,
            (true, false, true) => Behaviour::LeftWeakDominance,
            (false, true, false) => Behaviour::RightDominance,
            (false, true, true) => Behaviour::RightWeakDominance,
            (false, false, _) => Behaviour::UltimateImpartiality,
        }
    }

    /// The behaviour in words, with what it means.
    pub fn words(self) -> &'static str {
        match self {
            Behaviour::LeftDominance => {
                "Left dominance: every heap from the period on is L, Left wins it whoever starts (Fraenkel and Kotzig)"
            }
            Behaviour::RightDominance => {
                "Right dominance: every heap from the period on is R, Right wins it whoever starts (Fraenkel and Kotzig)"
            }
            Behaviour::LeftWeakDominance => {
                "Left weak dominance: the period holds L and N or P outcomes but no R (Duchêne, Heinrich, Nowakowski and Parreau)"
            }
            Behaviour::RightWeakDominance => {
                "Right weak dominance: the period holds R and N or P outcomes but no L (Duchêne, Heinrich, Nowakowski and Parreau)"
            }
            Behaviour::Fairness => {
                "fairness: the period holds both L and R outcomes (Duchêne, Heinrich, Nowakowski and Parreau)"
            }
            Behaviour::UltimateImpartiality => {
                "ultimate impartiality: the period holds only N and P outcomes, as an impartial game's (Duchêne, Heinrich, Nowakowski and Parreau)"
            }
        }
    }
}

/// The proven period of a partizan subtraction game's outcome sequence: the outcome of heap n
/// is that of heap n - `period` for every n >= `preperiod` + `period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomePeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The outcome classes of heaps `preperiod` .. `preperiod + period - 1`, a letter each.
    pub block: String,
    /// The behaviour the period shows.
    pub behaviour: Behaviour,
    /// The behaviour in words.
    pub behaviour_words: &'static str,
    /// How the period is proven, in a sentence.
    pub proof: String,
}

/// `grundy sg psub:LEFT:RIGHT --upto N` (and its `--json` object): each heap's Conway value and
/// outcome class for heaps 0..=N, and the outcome period proven.
#[derive(Clone, Debug, Serialize)]
pub struct PartizanHeapTable {
    /// The game, as `grundy` reads it back.
    pub game: String,
    /// The last heap valued.
    pub upto: u64,
    /// Each heap's canonical form, `null` where it is longer than [`NAMED_CHARS`] characters
    /// (`grundy value GAME N` writes it).
    pub values: Vec<Option<String>>,
    /// Each heap's outcome class (`L`, `R`, `N` or `P`), a letter each.
    pub outcomes: String,
    /// The proven period, `null` when none was proven within the heaps searched.
    pub period: Option<OutcomePeriod>,
    /// The last heap whose outcome was computed: through the window that proved the period,
    /// or as far as the search went when it proved none.
    pub searched: u64,
    /// Why there is no period, when there is none.
    pub no_period: Option<String>,
    /// Why the values stop short of `upto`, when they do (the rest are null).
    pub values_stop: Option<String>,
    /// The outcome classes of heaps 0..=`searched`.
    #[serde(skip)]
    computed: Vec<char>,
}

impl PartizanHeapTable {
    /// The outcome class of heap `m`, a letter: from the table up to `upto`, past it through the
    /// proven period (heap m plays as heap m - k·period, k as large as keeps it at or past the
    /// preperiod); `None` past the heaps searched when no period is proven.
    pub fn outcome_at(&self, m: u64) -> Option<char> {
        outcome_through(&self.computed, self.period.as_ref().map(|p| (p.preperiod, p.period)), m)
    }
}

/// The outcome class of heap `n` from who wins it with each player first.
fn class(wins: [bool; 2]) -> PartizanOutcome {
    match wins {
        [true, true] => PartizanOutcome::N,
        [true, false] => PartizanOutcome::L,
        [false, true] => PartizanOutcome::R,
        [false, false] => PartizanOutcome::P,
    }
}

/// The letter of an outcome class.
fn letter(o: PartizanOutcome) -> char {
    match o {
        PartizanOutcome::L => 'L',
        PartizanOutcome::R => 'R',
        PartizanOutcome::N => 'N',
        PartizanOutcome::P => 'P',
    }
}

/// The most heaps whose outcomes are searched for the period beyond the heaps valued.
const OUTCOMES_SEARCHED: u64 = 1 << 22;

/// The most steps (a size of a set tried at a heap) the search for the period takes beyond the
/// heaps valued: a fraction of a second.
const OUTCOME_STEPS: u64 = 1 << 27;

/// Who wins each heap with each player first, and the preperiod and period where found.
type Outcomes = (Vec<[bool; 2]>, Option<(u64, u64)>);

/// The code of who wins a heap with each player first, two bits.
fn code(w: [bool; 2]) -> u64 {
    u64::from(w[0]) | u64::from(w[1]) << 1
}

/// The rule of a partizan game of heaps whose table `grundy sg GAME --upto N` prints
/// ([`PartizanHeapTable`]): partizan subtraction games here, partizan octal games
/// ([`crate::rules::board::numbers::poctal`]). What the table needs of a game: its heaps'
/// options, valued from the smaller heaps' values, and who wins a heap from who wins the
/// smaller ones, where that is fixed by them.
pub(crate) trait HeapRule {
    /// The game, as `grundy` reads it back.
    fn game_name(&self) -> String;

    /// The largest number of objects a move of either player takes (at least 1): the window
    /// of outcomes that fixes the next.
    fn reach(&self) -> u64;

    /// The steps the outcome search takes at each heap (the sizes of both players' moves).
    fn steps_per_heap(&self) -> u64;

    /// The first heap from which a window of [`HeapRule::reach`] outcomes fixes every later
    /// outcome (a player's moves from heap n are then n - t for the same sizes t at every n
    /// past the window); `None` when a heap's outcome is not fixed by the smaller heaps'
    /// outcomes at all (a move that splits a heap leaves a sum, whose outcome is not its
    /// parts').
    fn windows_from(&self) -> Option<u64>;

    /// Whether `mover` (0 Left, 1 Right), moving first on heap `n`, wins, from `wins`, who wins
    /// each smaller heap with each player first (`[Left first, Right first]`).
    fn wins_first(&self, wins: &[[bool; 2]], n: u64, mover: usize) -> bool;

    /// The values of the options of `mover` from heap `n`, from `values`, the values of the
    /// heaps below it (every heap an option leaves is smaller).
    fn option_values(
        &self,
        values: &[GameValue],
        n: u64,
        mover: usize,
        store: &mut GameStore,
    ) -> Result<Vec<GameValue>, PartizanError>;
}

impl HeapRule for PartizanSubtraction {
    fn game_name(&self) -> String {
        self.spelling()
    }

    fn reach(&self) -> u64 {
        MoveSet::max(&self.sets[0]).max(MoveSet::max(&self.sets[1])).max(1)
    }

    fn steps_per_heap(&self) -> u64 {
        self.sets[0].count().saturating_add(self.sets[1].count())
    }

    fn windows_from(&self) -> Option<u64> {
        Some(0)
    }

    fn wins_first(&self, wins: &[[bool; 2]], n: u64, mover: usize) -> bool {
        self.set(mover).sizes_upto(n).any(|t| wins.get((n - t) as usize).and_then(|w| w.get(1 - mover)) != Some(&true))
    }

    fn option_values(
        &self,
        values: &[GameValue],
        n: u64,
        mover: usize,
        _store: &mut GameStore,
    ) -> Result<Vec<GameValue>, PartizanError> {
        Ok(self.set(mover).sizes_upto(n).filter_map(|t| values.get((n - t) as usize).copied()).collect())
    }
}

/// Who wins heaps 0..=`upto` of `rules` with each player first (`[Left first, Right first]`),
/// and on up to heap `last` while no period is found: player p moving first wins heap n when
/// some move of theirs leaves a heap that the other player, moving first there, loses. The
/// search for the period compares the windows of `s` consecutive outcomes (s the largest size
/// either player takes) that start at [`HeapRule::windows_from`] or later, and stops at the
/// first window seen before: the outcomes from heap n + s on are fixed by the window at n, so
/// the sequence of windows runs into a cycle at its first repeat, whose length is the least
/// period. It gives the heap the earlier window began at, moved down while the outcome just
/// below it repeats too (so the least), and the period.
fn outcomes(rules: &dyn HeapRule, upto: u64, last: u64) -> Result<Outcomes, AnalyzeError> {
    let s = rules.reach();
    let from = rules.windows_from();
    let mut wins: Vec<[bool; 2]> = Vec::new();
    // Each window's hash (a polynomial in its codes, rolled along), with the heaps where
    // windows of that hash start: a hash met again is checked outcome by outcome.
    const BASE: u64 = 0x9e37_79b9_7f4a_7c15;
    // BASE^(s-1), the weight of a window's oldest outcome (no window is complete past the
    // heaps searched, so none is looked for there).
    let end = last.max(upto);
    let top = if s <= end { (1..s).fold(1u64, |acc, _| acc.wrapping_mul(BASE)) } else { 0 };
    let mut hash = 0u64;
    let mut seen: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut found = None;
    for n in 0..=end {
        if found.is_some() && n > upto {
            break;
        }
        if n % 4096 == 0 {
            crate::stop::check()?;
        }
        let w = [rules.wins_first(&wins, n, 0), rules.wins_first(&wins, n, 1)];
        wins.push(w);
        // The window of heaps n+1-s ..= n.
        if let Some(old) = n.checked_sub(s).and_then(|o| wins.get(o as usize)) {
            hash = hash.wrapping_sub(code(*old).wrapping_mul(top));
        }
        hash = hash.wrapping_mul(BASE).wrapping_add(code(w));
        let Some(start) = (n + 1).checked_sub(s).filter(|&at| found.is_none() && from.is_some_and(|f| at >= f)) else {
            continue;
        };
        let window = |at: u64| wins.get(at as usize..(at + s) as usize);
        let starts = seen.entry(hash).or_default();
        if let Some(&first) = starts.iter().find(|&&at| window(at) == window(start)) {
            found = Some((first, start - first));
        }
        starts.push(start);
    }
    let found = found.map(|(mut first, period)| {
        while first > 0 && wins.get(first as usize - 1) == wins.get((first - 1 + period) as usize) {
            first -= 1;
        }
        (first, period)
    });
    Ok((wins, found))
}

/// The values of heaps 0..=`upto` of `rules` in `store`, each the game of its options' values;
/// they stop short at the first heap whose value nests deeper than the store follows
/// ([`PartizanError::TooDeep`]: every later heap has it below).
fn heap_values(rules: &dyn HeapRule, upto: u64, store: &mut GameStore) -> Result<Vec<GameValue>, PartizanError> {
    let mut values: Vec<GameValue> = Vec::new();
    for n in 0..=upto {
        let made = rules.option_values(&values, n, 0, store).and_then(|left| {
            let right = rules.option_values(&values, n, 1, store)?;
            store.game(&left, &right)
        });
        match made {
            Ok(v) => values.push(v),
            Err(PartizanError::TooDeep { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(values)
}

/// The outcome letter of heap `m`: from `computed` (heaps 0, 1, ...) where it reaches, else
/// through the proven `period` (preperiod, period) as heap m - k·period for the largest k that
/// keeps it at or past the preperiod.
fn outcome_through(computed: &[char], period: Option<(u64, u64)>, m: u64) -> Option<char> {
    if let Some(&o) = usize::try_from(m).ok().and_then(|i| computed.get(i)) {
        return Some(o);
    }
    let (a, p) = period?;
    let k = a + (m.checked_sub(a)? % p);
    computed.get(usize::try_from(k).ok()?).copied()
}

impl PartizanSubtraction {
    /// The answer for a single heap `n` (the one non-empty heap of `numbers`) from the proven
    /// outcome period, refused when no period is proven within the search or the heap has more
    /// moves than [`MOVES_LOOKED_AT`].
    fn solve_by_period(&self, numbers: &[u64], n: u64, context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let me = context.to_move.min(1);
        let set = self.set(me);
        let moves = set.count_upto(n);
        if moves > MOVES_LOOKED_AT {
            return Err(AnalyzeError::Unsupported(format!(
                "heap {n} of {}: {} has {moves} moves, more than the {MOVES_LOOKED_AT} a heap's answer from the outcome period looks at",
                self.spelling(),
                side(me)
            )));
        }
        let limit = OUTCOMES_SEARCHED.min(context.budget);
        let (wins, found) = outcomes(self, 0, limit)?;
        let computed: Vec<char> = wins.iter().copied().map(class).map(letter).collect();
        let at = |m: u64| outcome_through(&computed, found, m);
        let spelling = self.spelling();
        let Some((preperiod, period)) = found else {
            return Err(AnalyzeError::Unsupported(format!(
                "heap {n} of {spelling} is too large to value, and no period of its outcomes was proven within heaps 0..{}",
                computed.len().saturating_sub(1)
            )));
        };
        // The other player, moving first in the heap a move leaves, loses there: L or P for
        // Right after Left's move, R or P for Left after Right's.
        let lost_by_other = |o: char| o == 'P' || o == if me == 0 { 'L' } else { 'R' };
        let i = numbers.iter().position(|&h| h == n).unwrap_or(0);
        let room = listing_room(numbers.len());
        let mut winning = vec![];
        let mut count: u128 = 0;
        for t in set.sizes_upto(n) {
            if at(n - t).is_some_and(lost_by_other) {
                count += 1;
                if winning.len() < room {
                    winning.push(heap_left_at(numbers, i, n - t));
                }
            }
        }
        let class = at(n).unwrap_or('?');
        let mut answer = Analysis::of_board(self, numbers, count > 0, None, winning, Method::ProvenPeriod);
        answer.outcome_class = Some(class.to_string());
        if (answer.winning_moves.len() as u128) < count {
            answer.winning_move_count = Some(count);
            answer.winning_moves_not_listed = Some(listed_note(answer.winning_moves.len(), numbers.len(), "numbers"));
        }
        answer.explanation = vec![
            format!(
                "{spelling}: Left (the first player) takes {} from one heap, Right {}. A single heap of {n} is decided by the proven period of the heaps' outcomes, not by its value (too large to compute here).",
                self.sets[0].words(" or "),
                self.sets[1].words(" or ")
            ),
            format!(
                "The outcomes repeat with period {period} from heap {preperiod}: a heap's outcome is fixed by the outcomes of the {} below it, and heaps {preperiod}.. and {}.. agree on that many (Fraenkel and Kotzig's argument). So heap {n} plays as heap {}: outcome class {class}.",
                plural(self.reach(), "heap"),
                preperiod + period,
                if n < preperiod + period { n } else { preperiod + (n - preperiod) % period }
            ),
            format!(
                "A move of {} wins when the heap it leaves is lost by {} moving first there (class {} or P): {count} of {} moves do.",
                side(me),
                side(1 - me),
                if me == 0 { 'L' } else { 'R' },
                moves
            ),
        ];
        Ok(answer)
    }
}

impl PartizanSubtraction {
    /// The values and outcomes of heaps 0..=`upto`, with the outcome period proven (see the
    /// module's comment). Refused when more than `budget` heaps would be valued, or the values
    /// take more than [`STEPS_A_BUDGET_UNIT`] steps a unit of `budget`.
    pub fn table(&self, upto: u64, budget: u64) -> Result<PartizanHeapTable, AnalyzeError> {
        heap_table(self, upto, budget)
    }
}

/// A partizan game of heaps with a table of its heaps' values and outcomes (`grundy sg GAME
/// --upto N`): partizan subtraction games (`psub:LEFT:RIGHT`) and partizan octal games
/// (`poctal:LEFT:RIGHT`).
pub trait PartizanHeaps: Send + Sync {
    /// The values and outcomes of heaps 0..=`upto`, with the outcome period where one is proven.
    /// Refused when more than `budget` heaps would be valued, or the values take more than
    /// [`STEPS_A_BUDGET_UNIT`] steps a unit of `budget`.
    fn heap_table(&self, upto: u64, budget: u64) -> Result<PartizanHeapTable, AnalyzeError>;
}

impl PartizanHeaps for PartizanSubtraction {
    fn heap_table(&self, upto: u64, budget: u64) -> Result<PartizanHeapTable, AnalyzeError> {
        heap_table(self, upto, budget)
    }
}

/// The partizan game of heaps `board` plays, with its table, if it is one.
pub fn partizan_heap_rules(board: &Board) -> Option<&dyn PartizanHeaps> {
    if let Some(p) = board.downcast::<PartizanSubtraction>() {
        return Some(p);
    }
    board.downcast::<super::poctal::PartizanOctal>().map(|p| p as &dyn PartizanHeaps)
}

/// Who wins a heap with each player first, from its outcome class.
fn wins_of(o: PartizanOutcome) -> [bool; 2] {
    match o {
        PartizanOutcome::N => [true, true],
        PartizanOutcome::L => [true, false],
        PartizanOutcome::R => [false, true],
        PartizanOutcome::P => [false, false],
    }
}

/// The table of heaps 0..=`upto` of `rules`: each heap's value, its outcome and the outcome
/// period proven where the outcomes are fixed by the smaller heaps' ([`HeapRule::windows_from`]);
/// where they are not (a move may split a heap), the outcomes are the values' and no period
/// is claimed. Refused when more than `budget` heaps would be valued, or the values take more
/// than [`STEPS_A_BUDGET_UNIT`] steps a unit of `budget`.
pub(crate) fn heap_table(rules: &dyn HeapRule, upto: u64, budget: u64) -> Result<PartizanHeapTable, AnalyzeError> {
    if upto >= budget {
        return Err(GaveUp { what: Work::PositionsSearched, used: budget, needed: upto.checked_add(1) }.into());
    }
    let s = rules.reach();
    let mut store = GameStore::new();
    store.set_total_work_limit(budget.saturating_mul(STEPS_A_BUDGET_UNIT).max(1));
    let values = heap_values(rules, upto, &mut store).map_err(|e| past(e, budget))?;
    let windows_from = rules.windows_from();
    let (wins, found) = match windows_from {
        Some(_) => {
            // The outcomes are searched past the heaps valued for the period, up to a bound.
            let limit = OUTCOMES_SEARCHED.min(budget).min(OUTCOME_STEPS / rules.steps_per_heap().max(1));
            outcomes(rules, upto, limit)?
        }
        None => {
            let wins = values.iter().map(|&v| store.outcome(v).map(wins_of)).collect::<Result<Vec<_>, _>>();
            (wins.map_err(|e| past(e, budget))?, None)
        }
    };
    // The last heap whose outcome was computed.
    let searched = (wins.len() as u64).saturating_sub(1);
    let outcome = |n: u64| wins.get(n as usize).copied().map(class);
    // A name nested deeper than the writer follows is not written, as a long one is not.
    let mut names = values
        .iter()
        .map(|&v| match store.text_within(v, NAMED_CHARS) {
            Err(PartizanError::TooDeep { .. }) => Ok(None),
            other => other,
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| past(e, budget))?;
    // The heaps past the last valued: their values nest deeper than the store follows.
    let valued = values.len() as u64;
    let too_deep = (valued <= upto).then(|| match windows_from {
        Some(_) => format!("the values of heaps {valued} and on nest their options deeper than Conway's values are followed here, so they are not computed (their outcomes are, from the definition)"),
        None => format!("the values of heaps {valued} and on nest their options deeper than Conway's values are followed here, so neither they nor their outcomes are computed (a heap that may split is decided by its value)"),
    });
    names.resize(usize::try_from(upto.saturating_add(1)).unwrap_or(usize::MAX), None);
    let computed: Vec<char> = wins.iter().copied().map(class).map(letter).collect();
    let outcomes: String = computed.iter().take(names.len()).collect();
    let game = rules.game_name();
    let (period, no_period) = match (found, windows_from) {
        (Some((preperiod, period)), Some(from)) => {
            let block: Vec<PartizanOutcome> = (preperiod..preperiod + period).filter_map(outcome).collect();
            let behaviour = Behaviour::of(&block);
            // The window the argument starts from: at the preperiod, or where a player's moves
            // become the same sizes at every heap, with the heaps below it checked one by one.
            let a = preperiod.max(from);
            let below = if a > preperiod {
                format!(
                    "; heaps {preperiod}..{} repeat too, each checked, and from heap {} on a player's moves take the same sizes at every heap",
                    a - 1,
                    a + s
                )
            } else {
                String::new()
            };
            let proof = format!(
                "proven: the outcomes of heaps {a}..{} and {}..{} agree, and a heap's outcome is fixed by the outcomes of the {} below it, {s} being the largest size either player takes, so they repeat for ever (Fraenkel and Kotzig's argument){below}",
                a + s - 1,
                a + period,
                a + period + s - 1,
                plural(s, "heap"),
            );
            let block = block.into_iter().map(letter).collect();
            let words = behaviour.words();
            (Some(OutcomePeriod { preperiod, period, block, behaviour, behaviour_words: words, proof }), None)
        }
        (_, None) => (
            None,
            Some(format!(
                "a move of {game} may split a heap, and the outcome of a sum of heaps is not fixed by its heaps' outcomes, so Fraenkel and Kotzig's argument (for subtraction) does not hold and no period of the outcomes is proven; each outcome here is its heap's value's"
            )),
        ),
        (None, Some(_)) => (
            None,
            Some(if s > searched {
                format!(
                    "a heap's outcome is fixed by the {s} outcomes below it, more than the heaps searched (0..{searched}), so no period is proven here (one exists, Fraenkel and Kotzig's theorem)"
                )
            } else {
                format!(
                    "no {s} consecutive outcomes repeated in heaps 0..{searched}, so no period is proven here (one exists, Fraenkel and Kotzig's theorem: there are at most 4^{s} windows of {s} outcomes)"
                )
            }),
        ),
    };
    Ok(PartizanHeapTable {
        game,
        upto,
        values: names,
        outcomes,
        period,
        searched,
        no_period,
        values_stop: too_deep,
        computed,
    })
}

/// A store's refusal as the table's: past its work, the budget gave up.
fn past(e: PartizanError, budget: u64) -> AnalyzeError {
    crate::rules::board::machinery::value::past_budget(partizan_error(e), budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::NaiveSolver;
    use crate::{analyze, AnalyzeOptions, Convention, Game, Player};
    use std::collections::HashMap;

    /// The game of `spelling`, its rules.
    fn rules(spelling: &str) -> PartizanSubtraction {
        let Ok(Game::Board(b)) = spelling.parse::<Game>() else { panic!("{spelling} is a board game") };
        b.downcast::<PartizanSubtraction>().expect("a partizan subtraction game").clone()
    }

    /// Heap `n`'s value by the plain recursion from the rules: Left's options the heaps
    /// n - l, l in LEFT, Right's n - r, r in RIGHT, each valued the same way.
    fn plain_value(
        sets: &[Vec<u64>; 2],
        n: u64,
        store: &mut GameStore,
        memo: &mut HashMap<u64, GameValue>,
    ) -> GameValue {
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let mut sides: [Vec<GameValue>; 2] = [vec![], vec![]];
        for (p, set) in sets.iter().enumerate() {
            for &t in set.iter().filter(|&&t| t <= n) {
                let v = plain_value(sets, n - t, store, memo);
                sides[p].push(v);
            }
        }
        let v = store.game(&sides[0], &sides[1]).unwrap();
        memo.insert(n, v);
        v
    }

    /// Whether `mover` (0 Left, 1 Right), moving first on heap `n`, wins: by the definition,
    /// with no game values at all.
    fn plain_wins(sets: &[Vec<u64>; 2], n: u64, mover: usize, memo: &mut HashMap<(u64, usize), bool>) -> bool {
        if let Some(&w) = memo.get(&(n, mover)) {
            return w;
        }
        let w = sets[mover].iter().filter(|&&t| t <= n).any(|&t| !plain_wins(sets, n - t, 1 - mover, memo));
        memo.insert((n, mover), w);
        w
    }

    /// The outcome letter of heap `n` by [`plain_wins`].
    fn plain_letter(sets: &[Vec<u64>; 2], n: u64, memo: &mut HashMap<(u64, usize), bool>) -> char {
        letter(class([plain_wins(sets, n, 0, memo), plain_wins(sets, n, 1, memo)]))
    }

    /// Pairs of sets drawn by a fixed linear congruential generator (1 to 3 sizes from 1 to 7
    /// each), with a few chosen ones: the example, one set inside the other, equal sets.
    fn pairs() -> Vec<[Vec<u64>; 2]> {
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |k: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % k
        };
        let mut out = vec![[vec![1, 2], vec![1, 3]], [vec![1, 2], vec![1]], [vec![2, 3], vec![2, 3]]];
        for _ in 0..12 {
            let mut set = || {
                let mut s: Vec<u64> = (0..1 + next(3)).map(|_| 1 + next(7)).collect();
                s.sort_unstable();
                s.dedup();
                s
            };
            out.push([set(), set()]);
        }
        out
    }

    fn spelling(sets: &[Vec<u64>; 2]) -> String {
        let list = |s: &Vec<u64>| s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        format!("psub:{}:{}", list(&sets[0]), list(&sets[1]))
    }

    /// Every heap up to 30 of every pair of sets: the table's value, and the value the analysis
    /// gives the heap (the board's value search), are the plain recursion's; the table's
    /// outcome is the one the definition gives with each player first, and the value's class.
    #[test]
    fn values_and_outcomes_are_the_plain_recursions() {
        for sets in pairs() {
            let game_name = spelling(&sets);
            let t = heap_table(&rules(&game_name), 30, 1 << 20).unwrap();
            let game: Game = game_name.parse().unwrap();
            let mut store = GameStore::new();
            let values = heap_values(&rules(&game_name), 30, &mut store).unwrap();
            let (mut memo, mut wins) = (HashMap::new(), HashMap::new());
            for n in 0..=30u64 {
                let want = plain_value(&sets, n, &mut store, &mut memo);
                assert_eq!(values[n as usize], want, "{game_name} heap {n}");
                // The table writes the value, where its name is short enough, as it reads back.
                if let Some(name) = t.values[n as usize].as_deref() {
                    assert_eq!(store.parse(name).unwrap(), want, "{game_name} heap {n}: {name}");
                }
                let letter_n = plain_letter(&sets, n, &mut wins);
                assert_eq!(t.outcomes.chars().nth(n as usize), Some(letter_n), "{game_name} heap {n}");
                assert_eq!(letter(store.outcome(want).unwrap()), letter_n, "{game_name} heap {n}");
                if sets[0] != sets[1] && n % 3 == 0 {
                    let pos = game.parse_position(&[n.to_string().as_str()]).unwrap();
                    let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
                    let conway = a.conway.unwrap();
                    assert_eq!(conway.outcome, letter_n.to_string(), "{game_name} heap {n}");
                    if let Some(valued) = conway.value {
                        assert_eq!(store.parse(&valued).unwrap(), want, "{game_name} heap {n} analysed: {valued}");
                    }
                }
            }
        }
    }

    /// The proven period holds far past the window that proved it, on the plain recursion's
    /// outcomes, and is the least: no shorter period, and no earlier start.
    #[test]
    fn the_proven_period_holds_and_is_the_least() {
        for sets in pairs() {
            let game_name = spelling(&sets);
            let t = heap_table(&rules(&game_name), 10, 1 << 20).unwrap();
            let p = t.period.clone().unwrap_or_else(|| panic!("{game_name}: {:?}", t.no_period));
            let mut memo = HashMap::new();
            let o: Vec<char> = (0..3000).map(|n| plain_letter(&sets, n, &mut memo)).collect();
            let (a, q) = (p.preperiod as usize, p.period as usize);
            assert!((a + q..o.len()).all(|n| o[n] == o[n - q]), "{game_name}: period {q} from {a}");
            assert_eq!(p.block, o[a..a + q].iter().collect::<String>());
            for shorter in 1..q {
                assert!((a + shorter..o.len()).any(|n| o[n] != o[n - shorter]), "{game_name}: period {shorter}");
            }
            if a > 0 {
                assert_ne!(o[a - 1], o[a - 1 + q], "{game_name}: the period starts before {a}");
            }
        }
    }

    /// Sums of two or three heaps: the analysis's outcome and every winning move, with either
    /// player first, are the exhaustive solver's.
    #[test]
    fn sums_agree_with_the_exhaustive_solver() {
        for spelling in ["psub:1,2:1,3", "psub:1,3:2,3", "psub:2:1,3", "psub:1,4:2,3"] {
            let game: Game = spelling.parse().unwrap();
            let mut naive = NaiveSolver::new();
            for heaps in [vec![5, 7], vec![1, 2], vec![3, 4, 6], vec![8, 9], vec![2, 2, 5], vec![0, 10]] {
                let tokens: Vec<String> = heaps.iter().map(u64::to_string).collect();
                let pos = game.parse_position(&tokens).unwrap();
                for to_move in [Player::First, Player::Second] {
                    let o = AnalyzeOptions { to_move, ..AnalyzeOptions::default() };
                    let a = analyze(&game, &pos, &o).unwrap();
                    let wins = naive.wins(&pos, Convention::Normal, to_move);
                    assert_eq!(a.outcome, crate::Outcome::from_win(wins), "{spelling} {heaps:?} {to_move}");
                    let mut want: Vec<String> =
                        naive.winning_moves(&pos, Convention::Normal, to_move).iter().map(|m| m.to_string()).collect();
                    let mut got: Vec<String> = a.winning_moves.iter().map(|m| m.mv.to_string()).collect();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "{spelling} {heaps:?} {to_move}");
                }
            }
        }
    }

    /// CGSuite's own test of `PartizanSubtraction([1,3],[2,3])` (GameHeapTest.scala, "define
    /// partizan heap games properly"): heap 6 is {1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}, written
    /// here with braces for its slashes.
    #[test]
    fn cgsuite_values_heap_6_of_1_3_against_2_3_as_here() {
        let t = heap_table(&rules("psub:1,3:2,3"), 6, 1 << 20).unwrap();
        let mut store = GameStore::new();
        let cgsuite = store.parse("{{{1|1,{1|0}}|{0,{1|0}|0}}|{0,{1|0}|0}}").unwrap();
        assert_eq!(store.parse(t.values[6].as_deref().unwrap()).unwrap(), cgsuite);
    }

    /// Duchêne, Heinrich, Nowakowski and Parreau (arXiv:2101.01595): with LEFT = {1, ..., k}
    /// and RIGHT = {1 + c, ..., k + c}, the outcomes are purely periodic, P L^c N^k, and Left
    /// weakly dominates.
    #[test]
    fn the_shifted_intervals_are_purely_periodic_p_l_c_n_k() {
        for k in 1..=4u64 {
            for c in 1..=3u64 {
                let t = heap_table(&rules(&format!("psub:1..{k}:{}..{}", 1 + c, k + c)), 10, 1 << 20).unwrap();
                let p = t.period.unwrap();
                let want = format!("P{}{}", "L".repeat(c as usize), "N".repeat(k as usize));
                assert_eq!((p.preperiod, p.block.as_str()), (0, want.as_str()), "k {k}, c {c}");
                assert_eq!(p.behaviour, Behaviour::LeftWeakDominance);
            }
        }
    }

    /// Fraenkel and Kotzig's dominance: in psub:1,2:1,3 every heap from 4 on is L; swapping
    /// the sets swaps the players, so every value is negated and psub:1,3:1,2 is Right's.
    #[test]
    fn dominance_and_the_swapped_game() {
        let t = heap_table(&rules("psub:1,2:1,3"), 40, 1 << 20).unwrap();
        let p = t.period.clone().unwrap();
        assert_eq!((p.preperiod, p.period, p.block.as_str()), (4, 1, "L"));
        assert_eq!(p.behaviour, Behaviour::LeftDominance);
        assert_eq!(&t.outcomes[..5], "PNLNL");
        let swapped = heap_table(&rules("psub:1,3:1,2"), 40, 1 << 20).unwrap();
        assert_eq!(swapped.period.unwrap().behaviour, Behaviour::RightDominance);
        let mut store = GameStore::new();
        for (a, b) in t.values.iter().zip(&swapped.values) {
            let (a, b) = (store.parse(a.as_deref().unwrap()).unwrap(), store.parse(b.as_deref().unwrap()).unwrap());
            assert_eq!(store.neg(a).unwrap(), b);
        }
    }

    /// With the same set for both players the heaps are the impartial subtraction game's: each
    /// value is the nimber of its Sprague-Grundy value, and the outcomes are only N and P.
    #[test]
    fn equal_sets_are_the_impartial_subtraction_game() {
        let t = heap_table(&rules("psub:1,3,4:1,3,4"), 60, 1 << 20).unwrap();
        let seq = crate::SequenceBuilder::new(&"subtraction:1,3,4".parse().unwrap()).upto(60).build().unwrap();
        let mut store = GameStore::new();
        for (n, name) in t.values.iter().enumerate() {
            let g = seq.value(n as u64).unwrap();
            assert_eq!(store.parse(name.as_deref().unwrap()).unwrap(), store.nimber(g).unwrap(), "heap {n}");
        }
        let p = t.period.unwrap();
        assert_eq!((p.period, p.behaviour), (7, Behaviour::UltimateImpartiality));
        let game: Game = "psub:2,5:2,5".parse().unwrap();
        assert!(game.is_impartial());
    }

    /// A heap past the table has the outcome the period gives it, the plain recursion's.
    #[test]
    fn outcomes_past_the_table_through_the_period() {
        let sets = [vec![1, 4], vec![2, 3]];
        let t = heap_table(&rules(&spelling(&sets)), 5, 1 << 20).unwrap();
        let mut memo = HashMap::new();
        for m in [0, 5, 6, 12, 13, 100, 2999] {
            assert_eq!(t.outcome_at(m), Some(plain_letter(&sets, m, &mut memo)), "heap {m}");
        }
    }

    /// A single heap too large to value is answered from the period, with every winning move,
    /// as the plain recursion decides them, for either player first (heaps past 2^16, where
    /// psub:1,2:1,3's values are too deep to compute, and a fair game's heap of 10^12).
    #[test]
    fn a_huge_heap_is_answered_from_the_period() {
        for (sets, n) in [([vec![1, 2], vec![1, 3]], 100_003u64), ([vec![1, 6], vec![2, 3]], 1_000_000_000_003)] {
            let name = spelling(&sets);
            let game: Game = name.parse().unwrap();
            let pos = game.parse_position(&["0", n.to_string().as_str()]).unwrap();
            let mut memo = HashMap::new();
            let t = heap_table(&rules(&name), 0, 1 << 20).unwrap();
            let p = t.period.unwrap();
            let small =
                |m: u64| if m < p.preperiod + p.period { m } else { p.preperiod + (m - p.preperiod) % p.period };
            for (mover, to_move) in [(0usize, Player::First), (1, Player::Second)] {
                let a = analyze(&game, &pos, &AnalyzeOptions { to_move, ..AnalyzeOptions::default() }).unwrap();
                assert_eq!(a.method, Method::ProvenPeriod, "{name} {n}");
                let want: Vec<Vec<u64>> = sets[mover]
                    .iter()
                    .filter(|&&t| !plain_wins(&sets, small(n - t), 1 - mover, &mut memo))
                    .map(|&t| vec![0, n - t])
                    .collect();
                assert_eq!(a.outcome, crate::Outcome::from_win(!want.is_empty()), "{name} {n} {to_move}");
                let got: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| m.result.clone()).collect();
                assert_eq!(got, want, "{name} {n} {to_move}");
                assert_eq!(
                    a.outcome_class.as_deref(),
                    Some(plain_letter(&sets, small(n), &mut memo).to_string().as_str())
                );
            }
        }
    }

    /// Each behaviour is read from the classes in the period.
    #[test]
    fn behaviours_from_the_period() {
        use PartizanOutcome::{L, N, P, R};
        assert_eq!(Behaviour::of(&[L]), Behaviour::LeftDominance);
        assert_eq!(Behaviour::of(&[R, R]), Behaviour::RightDominance);
        assert_eq!(Behaviour::of(&[P, L, N]), Behaviour::LeftWeakDominance);
        assert_eq!(Behaviour::of(&[N, R]), Behaviour::RightWeakDominance);
        assert_eq!(Behaviour::of(&[P, L, N, R]), Behaviour::Fairness);
        assert_eq!(Behaviour::of(&[N, P]), Behaviour::UltimateImpartiality);
        // A fair game: its period holds both L and R.
        let t = heap_table(&rules("psub:1,6:2,3"), 10, 1 << 20).unwrap();
        let p = t.period.unwrap();
        assert_eq!((p.preperiod, p.block.as_str(), p.behaviour), (0, "PLNRPNNN", Behaviour::Fairness));
    }

    /// Bad spellings are refused in one line naming the bad part; a move outside the mover's
    /// set is illegal, naming the set.
    #[test]
    fn bad_input_is_refused_in_one_line() {
        let err = |s: &str| Board::parse(s).unwrap().unwrap_err();
        assert!(err("psub").contains("psub:LEFT:RIGHT"));
        assert!(err("psub:1,2").contains("is not psub:LEFT:RIGHT"));
        assert!(err("psub:0:1").starts_with("game 'psub:0:1': Left's set '0'"), "{}", err("psub:0:1"));
        assert!(err("psub:1:x").starts_with("game 'psub:1:x': Right's set 'x'"), "{}", err("psub:1:x"));
        let r = rules("psub:1,2:1,3");
        assert!(r.check(&[5, 7], 0..1, &[3, 7], 0).is_ok());
        let e = r.check(&[5, 7], 0..1, &[3, 7], 1).unwrap_err().to_string();
        assert!(e.contains("Right may take only 1 or 3"), "{e}");
        assert!(r.check(&[5, 7], 0..2, &[4, 6], 0).is_err());
    }

    /// Values too deep to follow are not written, and do not stop the table: psub:1,2:1,3's
    /// heaps past 2,000 or so have values too deep to name, and every heap has its outcome.
    #[test]
    fn values_too_deep_leave_the_outcomes() {
        let t = heap_table(&rules("psub:1,2:1,3"), 6000, 1 << 20).unwrap();
        assert_eq!((t.values.len(), t.outcomes.len()), (6001, 6001));
        assert!(t.values[2000..].iter().any(Option::is_none) && t.values[100].is_some());
        assert!(t.outcomes[4..].chars().all(|o| o == 'L'));
    }

    /// A table past the budget is refused before any work, naming what it needs.
    #[test]
    fn a_table_past_the_budget_is_refused() {
        let e = heap_table(&rules("psub:1,2:1,3"), 100, 50).unwrap_err();
        assert!(matches!(e, AnalyzeError::GaveUp(GaveUp { needed: Some(101), .. })), "{e}");
    }
}
