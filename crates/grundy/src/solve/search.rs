//! Exact memoised search for outcomes (P or N) by the definition, with a budget.
//!
//! Used where no theory gives the answer: misère play of most rulesets and the partizan K-L-Nim.
//! The walk is iterative (no recursion), so deep games cannot overflow the stack, and every
//! position it stores counts against the budget.
//!
//! A game is searched through the public [`ImpartialGame`] (its options, and the bound on their
//! number, which every game searched here gives), on canonical positions that include whatever
//! decides the moves: for the partizan K-L-Nim, who is to move, which makes its graph of
//! (heaps, player) an impartial game. `Rules` adds only what this search needs beyond that.
//! The public solver of games defined outside the crate (`custom.rs`) has a walk of its own,
//! which also detects cycles; the games searched here always shrink.

use std::collections::HashMap;

use crate::error::{human_bytes, AnalyzeError, GaveUp, Work, MEMORY_LIMIT};
use crate::game::ImpartialGame;
use crate::stop::Ticker;

/// What the search needs of a game beyond [`ImpartialGame`], whose positions are its canonical
/// states (equal positions written the same way).
pub(crate) trait Rules: ImpartialGame {
    /// A size that strictly decreases along every move; children are explored smallest first,
    /// which keeps the walk shallow.
    fn size(&self, state: &Self::Position) -> u128;
}

/// A search with its memo; reusing one for several positions of the same game shares the work.
pub(crate) struct Search<R: Rules> {
    rules: R,
    misere: bool,
    memo: HashMap<R::Position, bool>,
    budget: u64,
    /// A budget known to suffice, reported when the search gives up.
    needed: Option<u64>,
    /// Moves listed so far: listing is most of the work, so it is bounded too (by
    /// `MOVES_PER_POSITION` times the budget), which bounds the time a search can take.
    moves_listed: u128,
    /// Checks the installed stop token every so many positions.
    ticker: Ticker,
    /// The budget that memory allows for states this large, and the bytes of one position,
    /// when that is below [`Work::PositionsSearched`]'s largest budget.
    memory_cap: Option<(u64, u64)>,
    /// The largest budget this search could be given: [`Work::PositionsSearched`]'s largest,
    /// or fewer when its states are so large that memory holds fewer.
    largest: u64,
    /// Set when the positions are proven to fit in the budget: the walk then cannot run out,
    /// and the listing limit, which stands in for a bound on the time of a search of unknown
    /// size, is lifted, so that the budget suggested from the bound is certain to answer.
    proven: bool,
    /// The bytes of one state, and that in units of two words (what listing a move costs).
    state_bytes: u64,
    state_words: u64,
}

/// How many listed moves each budgeted position pays for.
const MOVES_PER_POSITION: u128 = 16;

struct Frame<S> {
    state: S,
    children: Vec<S>,
    next: usize,
}

impl<R: Rules> Search<R> {
    /// A search of at most `budget` positions, each of whose states takes about `state_bytes`
    /// (a memo entry and the children stored beside it count against [`MEMORY_LIMIT`], so
    /// positions of many heaps get fewer of them); `needed`, when known, is a budget that
    /// certainly suffices.
    pub(crate) fn new(rules: R, misere: bool, budget: u64, needed: Option<u64>, state_bytes: u64) -> Self {
        let per_position = Work::PositionsSearched.bytes_per_unit().saturating_add(state_bytes.saturating_mul(5));
        let memory_cap = (MEMORY_LIMIT / per_position).min(Work::PositionsSearched.max_budget());
        let asked = Work::PositionsSearched.clamp(budget);
        let budget = asked.min(memory_cap);
        Search {
            rules,
            misere,
            memo: HashMap::new(),
            budget,
            needed: needed.filter(|&n| n > budget),
            moves_listed: 0,
            ticker: Ticker::new(1024),
            memory_cap: (memory_cap < Work::PositionsSearched.max_budget()).then_some((memory_cap, per_position)),
            largest: memory_cap,
            proven: false,
            state_bytes,
            state_words: (state_bytes / 16).max(1),
        }
    }

    /// Refuses at once a search whose positions are proven to be at most `bound` (`None`: a
    /// bound past u64) when that bound is past the budget, so that a search that might run
    /// out is not started: with a budget of at least the bound it cannot run out of positions.
    /// The refusal names the bound as the budget to ask for when one that large is allowed,
    /// and otherwise says that the work is past what this machine holds, because suggesting a
    /// budget that cannot be given would only lead to a second refusal.
    pub(crate) fn refuse_past_bound(&mut self, bound: Option<u64>) -> Result<(), AnalyzeError> {
        match bound {
            Some(b) if b <= self.budget => {
                self.proven = true;
                Ok(())
            }
            Some(b) if b <= self.largest => {
                Err(GaveUp { what: Work::PositionsSearched, used: self.budget, needed: Some(b) }.into())
            }
            _ => {
                let per_position =
                    Work::PositionsSearched.bytes_per_unit().saturating_add(self.state_bytes.saturating_mul(5));
                let reach = match bound {
                    Some(b) => {
                        format!("up to {b} positions (about {})", human_bytes(u128::from(b) * u128::from(per_position)))
                    }
                    None => "more than 2^64 positions".to_string(),
                };
                Err(AnalyzeError::Unsupported(format!(
                    "not searched: an exact search of this position may have to decide {reach}, past the {} that fit in {}, the most one computation here may use; a position with smaller heaps is answered",
                    self.largest,
                    human_bytes(u128::from(MEMORY_LIMIT))
                )))
            }
        }
    }

    /// The number of positions decided so far.
    pub(crate) fn positions(&self) -> usize {
        self.memo.len()
    }

    fn gave_up(&self) -> AnalyzeError {
        match self.memory_cap {
            // Large states: the budget the message would suggest may not fit, so say what the
            // limit is instead.
            Some((cap, per_position)) if self.budget == cap => AnalyzeError::Unsupported(format!(
                "gave up: a search of positions this large (about {per_position} bytes each) holds at most {cap} of them in {}, and that was not enough; a position of fewer heaps is answered",
                human_bytes(u128::from(MEMORY_LIMIT))
            )),
            _ => GaveUp { what: Work::PositionsSearched, used: self.budget, needed: self.needed }.into(),
        }
    }

    /// Counts `moves` more moves listed; past the budget's share, gives up.
    fn count_moves(&mut self, moves: u128) -> Result<(), AnalyzeError> {
        // Listing a move costs in proportion to its state's size (states of many heaps are
        // built and sorted), so large states get fewer moves for the same budget.
        self.moves_listed = self.moves_listed.saturating_add(moves.saturating_mul(u128::from(self.state_words)));
        if !self.proven && self.moves_listed > u128::from(self.budget) * MOVES_PER_POSITION {
            return Err(match self.memory_cap {
                Some(_) => self.gave_up(),
                None => GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None }.into(),
            });
        }
        Ok(())
    }

    fn frame(&mut self, state: R::Position) -> Result<Frame<R::Position>, AnalyzeError> {
        self.ticker.tick()?;
        // A position with astronomically many moves is refused before they are listed.
        let bound = self.rules.option_count_bound(&state);
        if let Some(bound) = bound {
            self.count_moves(bound)?;
        }
        let mut children = self.rules.options(&state);
        if bound.is_none() {
            self.count_moves(children.len() as u128)?;
        }
        children.sort_by_cached_key(|c| self.rules.size(c));
        Ok(Frame { state, children, next: 0 })
    }

    /// Whether the player to move in `root` wins with best play.
    pub(crate) fn wins(&mut self, root: &R::Position) -> Result<bool, AnalyzeError> {
        if let Some(&w) = self.memo.get(root) {
            return Ok(w);
        }
        let mut stack = vec![self.frame(root.clone())?];
        let mut stored: usize = stack[0].children.len();
        while let Some(top) = stack.last_mut() {
            let decided = if top.next < top.children.len() {
                match self.memo.get(&top.children[top.next]) {
                    // A move to a position the opponent loses: the player to move wins.
                    Some(false) => Some(true),
                    Some(true) => {
                        top.next += 1;
                        None
                    }
                    None => {
                        let child = top.children[top.next].clone();
                        let frame = self.frame(child)?;
                        stored += frame.children.len();
                        stack.push(frame);
                        let used = (self.memo.len() + stack.len()) as u64;
                        // Stored children cost memory too; four per budgeted position is plenty
                        // for every game here.
                        let stored_bytes = (stored as u64).saturating_mul(self.state_bytes);
                        if used > self.budget
                            || stored as u64 > self.budget.saturating_mul(4)
                            || stored_bytes > MEMORY_LIMIT / 2
                        {
                            return Err(self.gave_up());
                        }
                        None
                    }
                }
            } else if top.children.is_empty() {
                // No move at all: under misère the player to move has won already.
                Some(self.misere)
            } else {
                // Every move leads to a position the opponent wins.
                Some(false)
            };
            if let Some(w) = decided {
                if let Some(f) = stack.pop() {
                    stored -= f.children.len();
                    self.memo.insert(f.state, w);
                }
            }
        }
        Ok(self.memo[root])
    }
}
