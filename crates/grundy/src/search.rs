//! Exact memoised search for outcomes (P or N) by the definition, with a budget.
//!
//! Used where no theory gives the answer: misère play of most rulesets and the partizan K-L-Nim.
//! The walk is iterative (no recursion), so deep games cannot overflow the stack, and every
//! position it stores counts against the budget.

use std::collections::HashMap;
use std::hash::Hash;

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::stop::Ticker;

/// The moves of a game, on canonical states (equal positions written the same way).
pub(crate) trait Rules {
    /// A canonical position, including whatever decides the moves (such as who is to move).
    type State: Clone + Eq + Hash;
    /// Pushes every position reachable in one move onto `out`.
    fn successors(&self, state: &Self::State, out: &mut Vec<Self::State>);
    /// An upper bound on the number of successors, known without listing them, so that a
    /// position with astronomically many moves is refused rather than listed.
    fn successor_bound(&self, state: &Self::State) -> u128;
    /// A size that strictly decreases along every move; children are explored smallest first,
    /// which keeps the walk shallow.
    fn size(&self, state: &Self::State) -> u128;
}

/// A search with its memo; reusing one for several positions of the same game shares the work.
pub(crate) struct Search<R: Rules> {
    rules: R,
    misere: bool,
    memo: HashMap<R::State, bool>,
    budget: u64,
    /// A budget known to suffice, reported when the search gives up.
    needed: Option<u64>,
    /// Moves listed so far: listing is most of the work, so it is bounded too (by
    /// `MOVES_PER_POSITION` times the budget), which bounds the time a search can take.
    moves_listed: u128,
    /// Checks the installed stop token every so many positions.
    ticker: Ticker,
}

/// How many listed moves each budgeted position pays for.
const MOVES_PER_POSITION: u128 = 16;

struct Frame<S> {
    state: S,
    children: Vec<S>,
    next: usize,
}

impl<R: Rules> Search<R> {
    pub(crate) fn new(rules: R, misere: bool, budget: u64, needed: Option<u64>) -> Self {
        Search {
            rules,
            misere,
            memo: HashMap::new(),
            budget: Work::PositionsSearched.clamp(budget),
            needed: needed.filter(|&n| n > Work::PositionsSearched.clamp(budget)),
            moves_listed: 0,
            ticker: Ticker::new(1024),
        }
    }

    /// The number of positions decided so far.
    pub(crate) fn positions(&self) -> usize {
        self.memo.len()
    }

    fn gave_up(&self) -> GaveUp {
        GaveUp { what: Work::PositionsSearched, used: self.budget, needed: self.needed }
    }

    fn frame(&mut self, state: R::State) -> Result<Frame<R::State>, AnalyzeError> {
        self.ticker.tick()?;
        self.moves_listed += self.rules.successor_bound(&state);
        if self.moves_listed > u128::from(self.budget) * MOVES_PER_POSITION {
            return Err(GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None }.into());
        }
        let mut children = Vec::new();
        self.rules.successors(&state, &mut children);
        children.sort_by_cached_key(|c| self.rules.size(c));
        Ok(Frame { state, children, next: 0 })
    }

    /// Whether the player to move in `root` wins with best play.
    pub(crate) fn wins(&mut self, root: &R::State) -> Result<bool, AnalyzeError> {
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
                        if used > self.budget || stored as u64 > self.budget.saturating_mul(4) {
                            return Err(self.gave_up().into());
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
