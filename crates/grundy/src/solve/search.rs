//! The crate's one memoised search by the definitions ([`walk`]), and the exact outcome search
//! built on it ([`Search`]), with a budget.
//!
//! [`walk`] is iterative (no recursion), so deep games cannot overflow the stack; memoised;
//! and it leaves a position as soon as one child decides it (an option the opponent loses).
//! What it remembers, how it lists and orders children, how their values make a position's
//! (win/lose, or a mex), what it counts against a budget, and whether it watches for a position
//! that follows itself belong to its caller, through [`Walk`]. Its callers: [`Search`]
//! (below), where no theory gives the answer (misère play of most rulesets, sums of games, the
//! board games' misère forms, the partizan K-L-Nim), over canonical positions that include
//! whatever decides the moves; and the public solver of games defined outside the crate
//! (`custom.rs`), for outcomes and Sprague-Grundy values, which also detects cycles and decides
//! a sum of parts by its value.

use std::borrow::Cow;
use std::collections::HashSet;
use std::hash::Hash;

use crate::error::{human_bytes, AnalyzeError, GaveUp, Work, MEMORY_LIMIT};
use crate::game::ImpartialGame;
use crate::key_hash::KeyMap;
use crate::stop::Ticker;

/// What the walk ([`walk`]) needs of its caller: its memo, the children of a position (its
/// options, or its parts) in the order they are tried, how their values make the position's,
/// its budget, and what it does with a value decided.
pub(crate) trait Walk {
    /// A position, canonical: equal positions are one memo entry.
    type Position: Clone + Eq + Hash;
    /// What the walk decides of a position: whether the player to move wins, or its value.
    type Value: Copy;
    /// What a position on the path gathers from its children's values (nothing for win/lose;
    /// the values seen, for a mex).
    type Gather;
    /// Why the walk stopped before it decided the root.
    type Error;
    /// Whether the walk keeps the positions on its path to refuse one met again on it
    /// ([`Walk::repeated`]): for games whose positions may repeat.
    const CHECKS_CYCLES: bool;
    /// The value of `position`, when already decided; otherwise the state to walk it as, when
    /// that is not `position` itself (a walk whose children are not written canonically
    /// rewrites a child here, once, for its lookup and its frame alike).
    fn known(&mut self, position: &Self::Position) -> Known<Self::Position, Self::Value>;
    /// Decides `position` without walking it when the caller has another way (a sum of parts,
    /// by its value), remembering it so that [`Walk::known`] reads it; `None` (the default)
    /// walks it.
    fn shortcut(&mut self, _position: &Self::Position) -> Result<Option<Self::Value>, Self::Error> {
        Ok(None)
    }
    /// The children of `position`, in the order the walk tries them, and what gathers their
    /// values (counted, and the stop token checked, by the caller).
    fn children(&mut self, position: &Self::Position) -> Result<Children<Self>, Self::Error>;
    /// Takes in a child's value; `Some` when that decides the position at once (an option the
    /// opponent loses).
    fn gather(&self, gathered: &mut Self::Gather, child: Self::Value) -> Option<Self::Value>;
    /// The position's value once every child is gathered (`childless`: it had none).
    fn finish(&self, gathered: Self::Gather, childless: bool) -> Self::Value;
    /// Gives up when the walk holds too much: `frames` positions on its path, `children`
    /// children stored beside them (called as each frame is pushed, and after a shortcut).
    fn room(&mut self, frames: usize, children: usize) -> Result<(), Self::Error>;
    /// Remembers the value of `position`.
    fn decided(&mut self, position: Self::Position, value: Self::Value) -> Result<(), Self::Error>;
    /// The error for `position`, met again on its own path (only with
    /// [`Walk::CHECKS_CYCLES`]).
    fn repeated(&self, position: &Self::Position) -> Self::Error;
}

/// What [`Walk::known`] says of a position.
pub(crate) enum Known<P, V> {
    /// Decided already, with this value.
    Value(V),
    /// Not decided yet: walk it, as this state when one is given (its canonical form), else
    /// as itself.
    Unknown(Option<P>),
}

/// A position's children and what gathers their values ([`Walk::children`]).
pub(crate) type Children<W> = (Vec<<W as Walk>::Position>, <W as Walk>::Gather);

/// A position on the walk's path, with its children, the next one to try, and what their
/// values gave so far.
struct Frame<S, G> {
    state: S,
    children: Vec<S>,
    next: usize,
    gathered: G,
}

/// The value of `root` by the definition, walked depth first: each position's value is made
/// from its children's ([`Walk::gather`], [`Walk::finish`]), and a position is left as soon as
/// one child decides it. For outcomes, a position is won exactly when some option is lost, and
/// one with no move is lost under normal play and won under misère play; for Sprague-Grundy
/// values, the mex of the options' values or the XOR of the parts'. Every value decided is
/// handed to [`Walk::decided`].
pub(crate) fn walk<W: Walk>(w: &mut W, root: &W::Position) -> Result<W::Value, W::Error> {
    let root = match w.known(root) {
        Known::Value(v) => return Ok(v),
        Known::Unknown(state) => state.unwrap_or_else(|| root.clone()),
    };
    let root = &root;
    if let Some(v) = w.shortcut(root)? {
        return Ok(v);
    }
    let (children, gathered) = w.children(root)?;
    let mut stored = children.len();
    w.room(1, stored)?;
    let mut path: HashSet<W::Position> = HashSet::new();
    if W::CHECKS_CYCLES {
        path.insert(root.clone());
    }
    let mut stack = vec![Frame { state: root.clone(), children, next: 0, gathered }];
    while let Some(top) = stack.last_mut() {
        let decided = match top.children.get(top.next) {
            None => None,
            Some(child) => match w.known(child) {
                Known::Value(v) => match w.gather(&mut top.gathered, v) {
                    Some(decided) => Some(decided),
                    None => {
                        top.next += 1;
                        continue;
                    }
                },
                Known::Unknown(state) => {
                    let child = state.unwrap_or_else(|| child.clone());
                    if W::CHECKS_CYCLES && path.contains(&child) {
                        return Err(w.repeated(&child));
                    }
                    if w.shortcut(&child)?.is_some() {
                        // Decided and remembered: `known` reads it on the next turn.
                        w.room(stack.len(), stored)?;
                        continue;
                    }
                    let (children, gathered) = w.children(&child)?;
                    stored += children.len();
                    if W::CHECKS_CYCLES {
                        path.insert(child.clone());
                    }
                    stack.push(Frame { state: child, children, next: 0, gathered });
                    w.room(stack.len(), stored)?;
                    continue;
                }
            },
        };
        if let Some(done) = stack.pop() {
            let value = decided.unwrap_or_else(|| w.finish(done.gathered, done.children.is_empty()));
            stored -= done.children.len();
            if W::CHECKS_CYCLES {
                path.remove(&done.state);
            }
            w.decided(done.state, value)?;
            // The root is the bottom frame: its value ends the walk.
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
    unreachable!("the walk ends when the root's frame, the bottom one, is popped with its value")
}

/// The definition of N positions, for a win/lose walk's [`Walk::gather`]: a move to a position
/// the opponent loses (`child_wins` false) wins; any other option decides nothing.
pub(crate) fn won_by_option(child_wins: bool) -> Option<bool> {
    (!child_wins).then_some(true)
}

/// The definition of P positions, for a win/lose walk's [`Walk::finish`], once every option is
/// one the opponent wins: lost, unless there was no move at all (`childless`) under misère play
/// (`misere`), where the player to move has won already.
pub(crate) fn won_when_every_option_wins(childless: bool, misere: bool) -> bool {
    childless && misere
}

/// What the search needs of a game beyond [`ImpartialGame`], whose positions are its canonical
/// states (equal positions written the same way).
pub(crate) trait Rules: ImpartialGame {
    /// A size that strictly decreases along every move; children are explored smallest first,
    /// which keeps the walk shallow.
    fn size(&self, state: &Self::Position) -> u128;

    /// `state` written canonically, for rules whose options ([`ImpartialGame::options`]) are
    /// not: the search looks a child up, and remembers it, by this key, so that a child never
    /// reached (its siblings decided the position first) is never rewritten. By default the
    /// options are canonical already.
    fn key<'a>(&self, state: &'a Self::Position) -> Cow<'a, Self::Position> {
        Cow::Borrowed(state)
    }
}

/// A search with its memo; reusing one for several positions of the same game shares the work.
pub(crate) struct Search<R: Rules> {
    rules: R,
    misere: bool,
    memo: KeyMap<R::Position, bool>,
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
            memo: KeyMap::default(),
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

    /// Whether the player to move in `root` wins with best play.
    pub(crate) fn wins(&mut self, root: &R::Position) -> Result<bool, AnalyzeError> {
        walk(self, root)
    }
}

impl<R: Rules> Walk for Search<R> {
    type Position = R::Position;
    type Value = bool;
    type Gather = ();
    type Error = AnalyzeError;
    // The games searched here always shrink.
    const CHECKS_CYCLES: bool = false;

    fn known(&mut self, position: &R::Position) -> Known<R::Position, bool> {
        let key = self.rules.key(position);
        match self.memo.get(key.as_ref()) {
            Some(&wins) => Known::Value(wins),
            None => Known::Unknown(match key {
                Cow::Owned(key) => Some(key),
                Cow::Borrowed(_) => None,
            }),
        }
    }

    /// The options, smallest first (which keeps the walk shallow); a position with
    /// astronomically many moves is refused before they are listed.
    fn children(&mut self, state: &R::Position) -> Result<(Vec<R::Position>, ()), AnalyzeError> {
        self.ticker.tick()?;
        let bound = self.rules.option_count_bound(state);
        if let Some(bound) = bound {
            self.count_moves(bound)?;
        }
        let mut children = self.rules.options(state);
        if bound.is_none() {
            self.count_moves(children.len() as u128)?;
        }
        children.sort_by_cached_key(|c| self.rules.size(c));
        Ok((children, ()))
    }

    fn gather(&self, _: &mut (), child_wins: bool) -> Option<bool> {
        won_by_option(child_wins)
    }

    fn finish(&self, _: (), childless: bool) -> bool {
        won_when_every_option_wins(childless, self.misere)
    }

    fn room(&mut self, frames: usize, stored: usize) -> Result<(), AnalyzeError> {
        // The root alone is always held.
        if frames <= 1 {
            return Ok(());
        }
        let used = (self.memo.len() + frames) as u64;
        // Stored children cost memory too; four per budgeted position is plenty for every game
        // here.
        let stored_bytes = (stored as u64).saturating_mul(self.state_bytes);
        if used > self.budget || stored as u64 > self.budget.saturating_mul(4) || stored_bytes > MEMORY_LIMIT / 2 {
            return Err(self.gave_up());
        }
        Ok(())
    }

    fn decided(&mut self, position: R::Position, wins: bool) -> Result<(), AnalyzeError> {
        // Walked as its canonical state ([`Walk::known`]), so remembered as it is.
        self.memo.insert(position, wins);
        Ok(())
    }

    fn repeated(&self, _position: &R::Position) -> AnalyzeError {
        // Not reached: `CHECKS_CYCLES` is false.
        self.gave_up()
    }
}
