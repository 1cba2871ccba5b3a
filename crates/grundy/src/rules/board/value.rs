//! Conway's value of a board position: the canonical form of the game whose Left options are
//! the moves of player 0 (`options(numbers, 0)`) and whose Right options are those of player
//! 1, built in a caller-owned [`GameStore`] by the simplest form theorem (Siegel, "Combinatorial
//! Game Theory", 2013, II.2). A position that falls apart into independent parts
//! ([`BoardRules::components`]) is the sum of their values, so that a row of heaps or a few
//! cakes are not searched as one position.
//!
//! The search is iterative (no recursion, so no input can overflow the stack) and counts every
//! position it stores against the budget, in the unit of the engine's exact search
//! ([`Work::PositionsSearched`]).

use std::collections::{HashMap, HashSet};

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::board::{BoardAnswer, BoardContext, BoardMethod, BoardRules, ConwayAnswer};
use crate::values::partizan::{GameStore, GameValue, PartizanError, PartizanOutcome};

/// How a stored position's value is made from the values of its children.
enum Made {
    /// The sum of the children's values: the position's independent parts.
    Sum(Vec<Vec<u64>>),
    /// The game whose Left options are the first `left` children and Right options the rest.
    Options { children: Vec<Vec<u64>>, left: usize },
    /// A value the game's own rule gave at once ([`BoardRules::known_value`]).
    Known(GameValue),
}

impl Made {
    fn children(&self) -> &[Vec<u64>] {
        match self {
            Made::Sum(c) | Made::Options { children: c, .. } => c,
            Made::Known(_) => &[],
        }
    }
}

/// A position being valued: its canonical numbers, how its value is made, and the next child
/// to look at.
struct Frame {
    key: Vec<u64>,
    made: Made,
    next: usize,
}

/// The values of one board game's positions, memoised by their canonical numbers: the store
/// holds the games, this holds which position is which game. Keep one for a game to value many
/// of its positions (a play session, an analysis that values every option).
pub struct BoardValues<'a> {
    rules: &'a dyn BoardRules,
    memo: HashMap<Vec<u64>, GameValue>,
    /// Positions stored so far, counted against `budget`.
    visited: u64,
    budget: u64,
    /// The most steps of the store's work, over all its operations, this memo may spend.
    work: u64,
    /// The bytes the memo's keys and entries hold, counted with the store's against the
    /// store's memory bound.
    memo_bytes: u64,
}

/// The error of a partizan operation, as an analysis error.
pub fn partizan_error(e: PartizanError) -> AnalyzeError {
    e.into()
}

impl<'a> BoardValues<'a> {
    /// An empty memo for `rules`, that stores at most `budget` positions.
    pub fn new(rules: &'a dyn BoardRules, budget: u64) -> Self {
        BoardValues { rules, memo: HashMap::new(), visited: 0, budget, work: u64::MAX, memo_bytes: 0 }
    }

    /// The same memo, that refuses once the store has done `work` steps in all (its own limit
    /// bounds one operation; this bounds them together).
    pub fn with_work(self, work: u64) -> Self {
        BoardValues { work, ..self }
    }

    /// The positions valued so far.
    pub fn positions(&self) -> u64 {
        self.visited
    }

    /// The value of the position `numbers`, in `store`. Refuses with [`GaveUp`] past the
    /// budget, and with [`AnalyzeError::Unsupported`] where the store refuses (a form too large)
    /// or the game is not short (a position reachable from itself).
    pub fn value(&mut self, store: &mut GameStore, numbers: &[u64]) -> Result<GameValue, AnalyzeError> {
        let root = self.rules.canonical(numbers);
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let mut on_stack: HashSet<Vec<u64>> = HashSet::new();
        let mut stack = vec![self.frame(store, root)?];
        if let Some(f) = stack.last() {
            on_stack.insert(f.key.clone());
        }
        while let Some(top) = stack.last_mut() {
            // The next child whose value is not known yet, if any.
            let children = top.made.children();
            let mut pending = None;
            while top.next < children.len() {
                let child = children.get(top.next).cloned().unwrap_or_default();
                if !self.memo.contains_key(&child) {
                    pending = Some(child);
                    break;
                }
                top.next += 1;
            }
            if let Some(child) = pending {
                if on_stack.contains(&child) {
                    return Err(AnalyzeError::Unsupported(format!(
                        "{}: a position can be reached from itself, so the game is not short and has no value as one",
                        self.rules.spelling()
                    )));
                }
                let frame = self.frame(store, child)?;
                on_stack.insert(frame.key.clone());
                stack.push(frame);
                continue;
            }
            let Some(done) = stack.pop() else { break };
            on_stack.remove(&done.key);
            let value = self.made(store, &done.made)?;
            if store.work_done() > self.work {
                return Err(PartizanError::TooMuchWork {
                    operation: "Conway's value of the position",
                    limit: self.work,
                }
                .into());
            }
            self.remember(store, done.key, value)?;
        }
        self.memo.get(&self.rules.canonical(numbers)).copied().ok_or_else(|| {
            AnalyzeError::Unsupported("Conway's value: the search ended without the position's value".into())
        })
    }

    /// Memoises the value of `key`, refusing when the memo and the store together pass the
    /// store's memory bound; checks the stop token (Ctrl-C, a deadline) too, since a position's
    /// options are listed without the store's work.
    fn remember(&mut self, store: &GameStore, key: Vec<u64>, value: GameValue) -> Result<(), AnalyzeError> {
        crate::stop::check()?;
        // The key's numbers, its vector, the value and the table's slot.
        let bytes = 8 * key.len() as u64 + 48;
        self.memo_bytes = self.memo_bytes.saturating_add(bytes);
        if self.memo_bytes.saturating_add(store.memory_used()) > store.memory_limit() {
            return Err(PartizanError::TooMuchMemory {
                operation: "Conway's value of the position",
                limit: store.memory_limit(),
            }
            .into());
        }
        self.memo.insert(key, value);
        Ok(())
    }

    /// The frame of the canonical position `key`: its parts, or its options, canonical too.
    /// The options listed count against the budget as positions do, and a position whose
    /// options alone would pass it (`option_count_bound`) is refused before they are listed:
    /// a K-L-Nim heap of 10^9 has 10^9 options.
    fn frame(&mut self, store: &mut GameStore, key: Vec<u64>) -> Result<Frame, AnalyzeError> {
        self.visited += 1;
        let room = u128::from(self.budget.saturating_sub(self.visited));
        let too_many = self.rules.option_count_bound(&key).is_some_and(|n| n > room);
        if self.visited > self.budget || too_many {
            return Err(GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None }.into());
        }
        // The parts first, so that a move in one part values that part again, not the whole.
        let parts = self.rules.components(&key).filter(|parts| parts.len() > 1);
        let known = if parts.is_none() { self.rules.known_value(&key, store) } else { None };
        let made = match (parts, known) {
            (Some(parts), _) => Made::Sum(parts.iter().map(|p| self.rules.canonical(p)).collect()),
            (None, Some(known)) => Made::Known(known.map_err(partizan_error)?),
            (None, None) => {
                let mut children: Vec<Vec<u64>> =
                    self.rules.options(&key, 0).iter().map(|o| self.rules.canonical(o)).collect();
                let left = children.len();
                children.extend(self.rules.options(&key, 1).iter().map(|o| self.rules.canonical(o)));
                self.visited = self.visited.saturating_add(children.len() as u64 / 2);
                // Listing the options is work of the value as the store's is (a step for each
                // number of each option listed), against the same total limit: a large board
                // spends most of its time here, between the store's operations.
                let listed: u64 = children.iter().map(|c| c.len() as u64 + 1).sum();
                store.count_work(listed, "listing the options of the positions valued").map_err(partizan_error)?;
                Made::Options { children, left }
            }
        };
        Ok(Frame { key, made, next: 0 })
    }

    /// The value made from the children's values, all known.
    fn made(&self, store: &mut GameStore, made: &Made) -> Result<GameValue, AnalyzeError> {
        let known = |c: &Vec<u64>| {
            self.memo
                .get(c)
                .copied()
                .ok_or_else(|| AnalyzeError::Unsupported("Conway's value: a child was not valued".into()))
        };
        match made {
            Made::Sum(parts) => {
                let values = parts.iter().map(known).collect::<Result<Vec<_>, _>>()?;
                store.sum_all(&values).map_err(partizan_error)
            }
            Made::Options { children, left } => {
                let values = children.iter().map(known).collect::<Result<Vec<_>, _>>()?;
                let (l, r) = values.split_at((*left).min(values.len()));
                store.game(l, r).map_err(partizan_error)
            }
            Made::Known(v) => Ok(*v),
        }
    }
}

/// The longest name of a value an answer writes out: past it, the answer says how long the
/// name is and `grundy value` writes it.
pub const NAMED_CHARS: u64 = 400;

/// The answer for the player to move (`context.to_move`: 0 is Left, 1 is Right) of a short
/// partizan game under normal play, from Conway's values: Left moving first wins when the
/// value is positive or confused with 0 (outcome L or N), and a Left option wins when its value
/// is >= 0, a Right option when <= 0 (Conway, "On Numbers and Games", ch. 7; Siegel, II.1).
/// Every winning move is listed, with the value it leaves.
///
/// With `work` given, the store may take at most that many steps (options visited and games
/// created) in one operation, and `Ok(None)` says the value takes more (or more positions than
/// the budget): a caller with another way to the winner (an exact search) takes it then.
pub fn solve_by_value(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    work: Option<u64>,
) -> Result<Option<BoardAnswer>, AnalyzeError> {
    let mut store = GameStore::new();
    if let Some(w) = work {
        store.set_work_limit(w.min(store.work_limit()));
    }
    match answer_by_value(rules, numbers, context, &mut store, work.unwrap_or(u64::MAX)) {
        Err(AnalyzeError::GaveUp(_) | AnalyzeError::Partizan(PartizanError::TooMuchWork { .. })) if work.is_some() => {
            Ok(None)
        }
        other => other.map(Some),
    }
}

fn answer_by_value(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    store: &mut GameStore,
    work: u64,
) -> Result<BoardAnswer, AnalyzeError> {
    let mut values = BoardValues::new(rules, context.budget).with_work(work);
    let g = values.value(store, numbers)?;
    let me = context.to_move.min(1);
    let zero = store.integer(0).map_err(partizan_error)?;
    let (mut winning, mut leaves) = (vec![], vec![]);
    for option in rules.options(numbers, me) {
        let v = values.value(store, &option)?;
        let good = if me == 0 { store.ge(v, zero) } else { store.le(v, zero) }.map_err(partizan_error)?;
        if good {
            leaves.push(store.text_within(v, NAMED_CHARS).map_err(partizan_error)?);
            winning.push(option);
        }
    }
    let outcome = store.outcome(g).map_err(partizan_error)?;
    let wins = match outcome {
        PartizanOutcome::L => me == 0,
        PartizanOutcome::R => me == 1,
        PartizanOutcome::P => false,
        PartizanOutcome::N => true,
    };
    let conway = ConwayAnswer {
        value: store.text_within(g, NAMED_CHARS).map_err(partizan_error)?,
        outcome: outcome.to_string(),
        mean: store.mean(g).map_err(partizan_error)?.to_string(),
        temperature: store.temperature(g).map_err(partizan_error)?.to_string(),
        leaves,
    };
    let mut answer = BoardAnswer::listed(wins, None, winning, BoardMethod::Search);
    let side = if me == 0 { "Left" } else { "Right" };
    let named = conway
        .value
        .clone()
        .unwrap_or_else(|| format!("a canonical form whose name is longer than {NAMED_CHARS} characters"));
    answer.explanation = vec![
        format!(
            "Conway's value of the position is {named} (outcome class {}: {}; mean {}, temperature {}), found from the options by the simplest form theorem over {} positions.",
            conway.outcome,
            outcome_words(outcome),
            conway.mean,
            conway.temperature,
            values.positions()
        ),
        format!(
            "{side} moves: a move wins when the value it leaves is {} 0, so that {side} wins moving second from there.",
            if me == 0 { ">=" } else { "<=" }
        ),
    ];
    answer.value_note = Some(format!("none (partizan: Conway's value is {named})"));
    answer.conway = Some(conway);
    Ok(answer)
}

/// What an outcome class means, in words.
pub fn outcome_words(outcome: PartizanOutcome) -> &'static str {
    match outcome {
        PartizanOutcome::L => "Left wins whoever starts",
        PartizanOutcome::R => "Right wins whoever starts",
        PartizanOutcome::P => "the player to move loses",
        PartizanOutcome::N => "the player to move wins",
    }
}
