//! Solving a game defined outside the crate, through [`ImpartialGame`]: Sprague-Grundy values,
//! outcomes under both conventions, every winning move, the computer's move, and a
//! [`ImpartialSession`] that keeps a game in progress.
//!
//! [`ImpartialSolver`] walks the option graph by the definitions: a position's value is the
//! mex of its options' values (or the XOR of its components' values), and a position is N
//! under misère play when some option is P (a position with no option is N). The walk is the
//! crate's one (`walk` in solve/search.rs): iterative, so deep games cannot overflow the
//! stack; it is memoised, so one solver shares its work between questions; it stores at most
//! its budget of positions and lists at most [`OPTIONS_PER_POSITION`] options per budgeted
//! position, and answers past either with [`GaveUp`]; it checks the installed
//! [`crate::StopToken`]; and it refuses a game in which a position follows itself. Every answer is exact, or an error: never a partial list.

use std::collections::HashMap;
use std::fmt;

use crate::engine::table::mex_of;
use crate::error::{GaveUp, Work};
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::ImpartialGame;
use crate::solve::analysis::DEFAULT_BUDGET;
use crate::solve::search::{self, walk, Known, Walk};
use crate::stop::{Stopped, Ticker};

/// How many options (and components) the solver lists per position of its budget: listing is
/// the time a walk takes, so it is bounded too.
pub const OPTIONS_PER_POSITION: u128 = 64;

/// The stop token is checked every so many positions decided.
const TICK_EVERY: u32 = 64;

/// Positions are named in messages by their `Debug` text, cut to this many characters.
const SHOWN_CHARS: usize = 120;

/// Why an [`ImpartialSolver`] or an [`ImpartialSession`] could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The walk ran past the solver's budget (`what` is [`Work::PositionsSearched`]); a larger
    /// budget ([`ImpartialSolver::set_budget`]) keeps what was decided and goes on.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// The installed [`crate::StopToken`] fired (a time limit, a cancelled request).
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// A position can follow itself (through options or components): the game is not finite,
    /// and the position has no value by the definition.
    #[error("the game is not finite: position {position} can follow itself (through its options or components), so it has no value by the definition")]
    NotFinite {
        /// The position met again, by its `Debug` text (cut to 120 characters).
        position: String,
    },
    /// A move that the game does not allow was played in a session.
    #[error("illegal move: {to} is not an option of {from}")]
    IllegalMove {
        /// The position moved from, by its `Debug` text.
        from: String,
        /// The position asked for, by its `Debug` text.
        to: String,
    },
}

/// A position's `Debug` text, cut to [`SHOWN_CHARS`] characters.
fn show<P: fmt::Debug>(position: &P) -> String {
    let text = format!("{position:?}");
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

/// The smallest value not among `values`.
fn mex(values: &[u64]) -> u64 {
    // The mex of k values is at most k, so k + 1 flags hold it.
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(flag) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *flag = true;
        }
    }
    mex_of(&seen)
}

/// How a position's value comes from its children's.
enum Combine {
    /// The children are the options: the mex of their values (kept as they come).
    Mex(Vec<u64>),
    /// The children are the components: the XOR of their values.
    Xor(u64),
}

/// A budgeted, memoised solver of one [`ImpartialGame`].
///
/// Keep one alive to answer many questions about the same game: values and outcomes decided
/// once are remembered, and count against the budget (of [`Work::PositionsSearched`]: the
/// positions remembered plus those held on the walk). The budget is [`DEFAULT_BUDGET`] unless
/// set, at most [`Work::max_budget`]. Options are listed at most [`OPTIONS_PER_POSITION`] per
/// position of the budget, over the solver's life.
///
/// Outcomes and winning moves come from a win/lose search that stops at the first option the
/// opponent loses (values are worked out only when asked for, or, under normal play, for a
/// position of several components, whose values are XORed); under misère play the search is
/// over the whole positions.
pub struct ImpartialSolver<G: ImpartialGame> {
    game: G,
    budget: u64,
    values: HashMap<G::Position, u64>,
    misere: HashMap<G::Position, bool>,
    /// Normal-play outcomes decided by the win/lose search (true: the player to move wins),
    /// for positions whose value was not needed.
    normal: HashMap<G::Position, bool>,
    /// Options and components listed so far.
    listed: u128,
    ticker: Ticker,
}

impl<G: ImpartialGame> fmt::Debug for ImpartialSolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImpartialSolver")
            .field("budget", &self.budget)
            .field("values", &self.values.len())
            .field("misere_outcomes", &self.misere.len())
            .field("normal_outcomes", &self.normal.len())
            .field("listed", &self.listed)
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame> ImpartialSolver<G> {
    /// A solver of `game` with the [`DEFAULT_BUDGET`] of positions.
    pub fn new(game: G) -> Self {
        ImpartialSolver {
            game,
            budget: DEFAULT_BUDGET,
            values: HashMap::new(),
            misere: HashMap::new(),
            normal: HashMap::new(),
            listed: 0,
            ticker: Ticker::new(TICK_EVERY),
        }
    }

    /// The same solver with a budget of `budget` positions (at most
    /// [`Work::PositionsSearched`]'s [`Work::max_budget`]).
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.set_budget(budget);
        self
    }

    /// Sets the budget (at most [`Work::max_budget`]); what was decided stays decided, so
    /// after a [`SolveError::GaveUp`] a larger budget goes on from there.
    pub fn set_budget(&mut self, budget: u64) {
        self.budget = Work::PositionsSearched.clamp(budget);
    }

    /// The budget of positions.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The game solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The positions decided so far: normal-play values plus outcomes.
    pub fn positions(&self) -> usize {
        self.values.len() + self.misere.len() + self.normal.len()
    }

    fn gave_up(&self) -> SolveError {
        GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None }.into()
    }

    /// Counts `n` more options or components listed; past the allowance, gives up.
    fn count_listed(&mut self, n: u128) -> Result<(), SolveError> {
        self.listed = self.listed.saturating_add(n);
        if self.listed > u128::from(self.budget).saturating_mul(OPTIONS_PER_POSITION) {
            return Err(self.gave_up());
        }
        Ok(())
    }

    /// Gives up when the positions remembered, plus `held` on the walk, pass the budget.
    fn room(&self, held: usize) -> Result<(), SolveError> {
        let used = self.positions().saturating_add(held);
        if used as u64 > self.budget {
            return Err(self.gave_up());
        }
        Ok(())
    }

    /// Every option of `position`, in the game's order, counted against the budget (a
    /// position whose [`ImpartialGame::option_count_bound`] passes what is left is refused
    /// before its options are asked for).
    pub fn options(&mut self, position: &G::Position) -> Result<Vec<G::Position>, SolveError> {
        if let Some(bound) = self.game.option_count_bound(position) {
            let cap = u128::from(self.budget).saturating_mul(OPTIONS_PER_POSITION);
            if self.listed.saturating_add(bound) > cap {
                return Err(self.gave_up());
            }
        }
        let options = self.game.options(position);
        self.count_listed(options.len() as u128)?;
        Ok(options)
    }

    /// The Sprague-Grundy value of `position` (normal play): the mex of its options' values,
    /// or the XOR of its components' values, by the crate's walk (`walk` in solve/search.rs).
    /// 0 exactly for P-positions.
    pub fn grundy_value(&mut self, position: &G::Position) -> Result<u64, SolveError> {
        // Every question checks the stop token at its first step.
        self.ticker = Ticker::new(TICK_EVERY);
        walk(&mut Values { solver: self }, position)
    }

    /// Whether the player to move in `position` wins, when already known: under misère play
    /// from the misère outcomes; under normal play from a value (not 0 exactly for a win) or an
    /// outcome the search decided.
    fn known_win(&self, position: &G::Position, misere: bool) -> Option<bool> {
        if misere {
            self.misere.get(position).copied()
        } else {
            self.values.get(position).map(|&v| v != 0).or_else(|| self.normal.get(position).copied())
        }
    }

    /// Under normal play, whether the player to move in `position` wins when it has several
    /// components: their values XORed (Sprague-Grundy theorem), since the outcomes of the parts
    /// do not decide a sum. `None` for a position of one component.
    fn win_by_value(&mut self, position: &G::Position) -> Result<Option<bool>, SolveError> {
        let parts = self.game.components(position);
        self.count_listed(parts.len() as u128)?;
        match parts.as_slice() {
            [only] if only == position => Ok(None),
            _ => Ok(Some(self.grundy_value(position)? != 0)),
        }
    }

    /// Whether the player to move in `position` wins, by the crate's win/lose walk
    /// ([`crate::solve::search::walk`]) over the whole positions, which stops at the first
    /// option the opponent loses: a position is won exactly when some option is lost, and one
    /// with no move is lost under normal play, won under misère play. Under normal play it
    /// walks only what the outcome needs (the Sprague-Grundy value needs every option of every
    /// position reached); a position of several components is decided by their values instead.
    fn search_wins(&mut self, position: &G::Position, misere: bool) -> Result<bool, SolveError> {
        // Every question checks the stop token at its first step.
        self.ticker = Ticker::new(TICK_EVERY);
        walk(&mut Outcomes { solver: self, misere }, position)
    }

    /// Whether the player to move in `position` wins with best play.
    fn wins(&mut self, position: &G::Position, convention: Convention) -> Result<bool, SolveError> {
        match convention {
            Convention::Normal => self.search_wins(position, false),
            Convention::Misere => self.search_wins(position, true),
            // A game defined through `ImpartialGame` is one game: moving in every game alive
            // is moving in it, so Every-SG is normal play.
            Convention::Every => self.search_wins(position, false),
        }
    }

    /// The outcome of `position` with best play: N when the player to move wins, P when they
    /// lose. Under normal play, N exactly when the Sprague-Grundy value is not 0.
    pub fn outcome(&mut self, position: &G::Position, convention: Convention) -> Result<Outcome, SolveError> {
        Ok(Outcome::from_win(self.wins(position, convention)?))
    }

    /// Every winning move from `position`: each option (in the game's order) that leaves the
    /// opponent a P-position, so under normal play every option of value 0. Empty exactly
    /// when `position` is P, or has no move at all (under misère play such a position is N:
    /// the player to move has won). Complete, or an error: never a part of the list.
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        convention: Convention,
    ) -> Result<Vec<G::Position>, SolveError> {
        let mut out = Vec::new();
        for option in self.options(position)? {
            if !self.wins(&option, convention)? {
                out.push(option);
            }
        }
        Ok(out)
    }

    /// The computer's move from `position`, or `None` when there is no move (the game is over).
    ///
    /// A winning move whenever there is one (the first in the game's order). From a
    /// P-position every move loses against best play, so it takes the option that leaves the
    /// opponent the most moves to choose from (the first such): the most chances to go wrong.
    pub fn computer_move(
        &mut self,
        position: &G::Position,
        convention: Convention,
    ) -> Result<Option<G::Position>, SolveError> {
        let options = self.options(position)?;
        for option in &options {
            if !self.wins(option, convention)? {
                return Ok(Some(option.clone()));
            }
        }
        let mut best: Option<(usize, G::Position)> = None;
        for option in options {
            let replies = self.options(&option)?.len();
            if best.as_ref().is_none_or(|(most, _)| replies > *most) {
                best = Some((replies, option));
            }
        }
        Ok(best.map(|(_, option)| option))
    }
}

/// An [`ImpartialSolver`] asked for outcomes under one convention: what the crate's win/lose
/// walk needs of it (its memos, its budget, and cycles refused, since a game defined outside
/// the crate may not end).
struct Outcomes<'a, G: ImpartialGame> {
    solver: &'a mut ImpartialSolver<G>,
    misere: bool,
}

impl<G: ImpartialGame> Walk for Outcomes<'_, G> {
    type Position = G::Position;
    type Value = bool;
    type Gather = ();
    type Error = SolveError;
    const CHECKS_CYCLES: bool = true;

    fn known(&mut self, position: &G::Position) -> Known<G::Position, bool> {
        self.solver.known_win(position, self.misere).map_or(Known::Unknown(None), Known::Value)
    }

    /// Under normal play, a position of several components by their values.
    fn shortcut(&mut self, position: &G::Position) -> Result<Option<bool>, SolveError> {
        match self.misere {
            true => Ok(None),
            false => self.solver.win_by_value(position),
        }
    }

    fn children(&mut self, position: &G::Position) -> Result<(Vec<G::Position>, ()), SolveError> {
        self.solver.ticker.tick()?;
        Ok((self.solver.options(position)?, ()))
    }

    fn gather(&self, _: &mut (), child_wins: bool) -> Option<bool> {
        search::won_by_option(child_wins)
    }

    fn finish(&self, _: (), childless: bool) -> bool {
        search::won_when_every_option_wins(childless, self.misere)
    }

    fn room(&mut self, frames: usize, children: usize) -> Result<(), SolveError> {
        self.solver.room(frames + children)
    }

    fn decided(&mut self, position: G::Position, wins: bool) -> Result<(), SolveError> {
        // Deciding the frames of a deep walk is long too (memo lookups, no new frame), so the
        // stop token is checked as they are popped, not only as they are pushed.
        self.solver.ticker.tick()?;
        match self.misere {
            true => self.solver.misere.insert(position, wins),
            false => self.solver.normal.insert(position, wins),
        };
        Ok(())
    }

    fn repeated(&self, position: &G::Position) -> SolveError {
        SolveError::NotFinite { position: show(position) }
    }
}

/// An [`ImpartialSolver`] asked for Sprague-Grundy values (normal play): the walk's children
/// are a position's components when it has several (their values XORed), else its options
/// (the mex of their values).
struct Values<'a, G: ImpartialGame> {
    solver: &'a mut ImpartialSolver<G>,
}

impl<G: ImpartialGame> Walk for Values<'_, G> {
    type Position = G::Position;
    type Value = u64;
    type Gather = Combine;
    type Error = SolveError;
    const CHECKS_CYCLES: bool = true;

    fn known(&mut self, position: &G::Position) -> Known<G::Position, u64> {
        self.solver.values.get(position).copied().map_or(Known::Unknown(None), Known::Value)
    }

    fn children(&mut self, position: &G::Position) -> Result<(Vec<G::Position>, Combine), SolveError> {
        let solver = &mut *self.solver;
        solver.ticker.tick()?;
        let parts = solver.game.components(position);
        solver.count_listed(parts.len() as u128)?;
        Ok(match parts.as_slice() {
            [only] if only == position => (solver.options(position)?, Combine::Mex(Vec::new())),
            _ => (parts, Combine::Xor(0)),
        })
    }

    fn gather(&self, gathered: &mut Combine, child: u64) -> Option<u64> {
        match gathered {
            Combine::Mex(seen) => seen.push(child),
            Combine::Xor(x) => *x ^= child,
        }
        None
    }

    fn finish(&self, gathered: Combine, _childless: bool) -> u64 {
        match gathered {
            Combine::Mex(seen) => mex(&seen),
            Combine::Xor(x) => x,
        }
    }

    fn room(&mut self, frames: usize, children: usize) -> Result<(), SolveError> {
        self.solver.room(frames + children)
    }

    fn decided(&mut self, position: G::Position, value: u64) -> Result<(), SolveError> {
        self.solver.ticker.tick()?;
        self.solver.values.insert(position, value);
        Ok(())
    }

    fn repeated(&self, position: &G::Position) -> SolveError {
        SolveError::NotFinite { position: show(position) }
    }
}

/// A game in progress against the computer (or between two people, or two computers): the
/// position, whose turn it is, the moves so far, and undo. Moves are checked against the
/// game's options; the computer plays [`ImpartialSolver::computer_move`].
///
/// ```
/// use grundy::{Convention, ImpartialGame, ImpartialSession, ImpartialSolver, Player};
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, &n: &u64) -> Vec<u64> {
///         [1, 2].into_iter().filter(|&t| t <= n).map(|t| n - t).collect()
///     }
/// }
///
/// let mut game = ImpartialSession::new(ImpartialSolver::new(TakeOneOrTwo), 7, Convention::Normal);
/// game.play(5).unwrap(); // the first player takes 2
/// assert!(game.play(1).is_err()); // 5 -> 1 is not a move
/// assert_eq!(game.computer_move().unwrap(), Some(3)); // back to a multiple of 3
/// while game.computer_move().unwrap().is_some() {}
/// assert_eq!(game.winner().unwrap(), Some(Player::Second));
/// ```
#[derive(Debug)]
pub struct ImpartialSession<G: ImpartialGame> {
    solver: ImpartialSolver<G>,
    convention: Convention,
    start: G::Position,
    /// The position after each move played.
    history: Vec<G::Position>,
}

impl<G: ImpartialGame> ImpartialSession<G> {
    /// A game from `start` under `convention`, the first player to move.
    pub fn new(solver: ImpartialSolver<G>, start: G::Position, convention: Convention) -> Self {
        ImpartialSession { solver, convention, start, history: Vec::new() }
    }

    /// The position now.
    pub fn position(&self) -> &G::Position {
        self.history.last().unwrap_or(&self.start)
    }

    /// The position the game started from.
    pub fn start(&self) -> &G::Position {
        &self.start
    }

    /// The position after each move played so far, in order.
    pub fn history(&self) -> &[G::Position] {
        &self.history
    }

    /// The number of moves played.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Who is to move: the first player after an even number of moves.
    pub fn to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The solver, for hints and analysis of the position ([`ImpartialSolver::winning_moves`]).
    pub fn solver(&mut self) -> &mut ImpartialSolver<G> {
        &mut self.solver
    }

    /// The winner once the position has no move (under normal play the player who moved last,
    /// under misère the player to move), `None` while the game goes on.
    pub fn winner(&mut self) -> Result<Option<Player>, SolveError> {
        let position = self.position().clone();
        if !self.solver.options(&position)?.is_empty() {
            return Ok(None);
        }
        Ok(Some(match self.convention {
            Convention::Normal | Convention::Every => self.to_move().other(),
            Convention::Misere => self.to_move(),
        }))
    }

    /// Plays the move to `to`, which must be an option of the position; else
    /// [`SolveError::IllegalMove`] and nothing changes.
    pub fn play(&mut self, to: G::Position) -> Result<(), SolveError> {
        let from = self.position().clone();
        if !self.solver.options(&from)?.contains(&to) {
            return Err(SolveError::IllegalMove { from: show(&from), to: show(&to) });
        }
        self.history.push(to);
        Ok(())
    }

    /// Plays the computer's move for the player to move ([`ImpartialSolver::computer_move`])
    /// and returns the position it leaves, or `None` when the game is over.
    pub fn computer_move(&mut self) -> Result<Option<G::Position>, SolveError> {
        let from = self.position().clone();
        let chosen = self.solver.computer_move(&from, self.convention)?;
        if let Some(to) = &chosen {
            self.history.push(to.clone());
        }
        Ok(chosen)
    }

    /// Takes back the last move, returning the position it had left (`None` at the start).
    pub fn undo(&mut self) -> Option<G::Position> {
        self.history.pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions 0..: from n, a move goes to any of `steps` below it (a chain when `[1]`).
    struct Steps(Vec<u64>);

    impl ImpartialGame for Steps {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<u64> {
            self.0.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
        }
    }

    #[test]
    fn mex_is_the_smallest_missing_value() {
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[1, 2]), 0);
        assert_eq!(mex(&[0, 2, 1, 0, 4]), 3);
        assert_eq!(mex(&[u64::MAX, 0]), 1);
    }

    #[test]
    fn values_and_misere_outcomes_by_the_definition() {
        let mut s = ImpartialSolver::new(Steps(vec![1, 2]));
        for n in 0..50 {
            assert_eq!(s.grundy_value(&n).unwrap(), n % 3);
            // Misère subtraction {1, 2}: P exactly at n = 1 (mod 3).
            assert_eq!(s.outcome(&n, Convention::Misere).unwrap(), Outcome::from_win(n % 3 != 1), "{n}");
        }
    }

    #[test]
    fn the_budget_counts_held_and_remembered_positions() {
        let mut s = ImpartialSolver::new(Steps(vec![1])).with_budget(10);
        assert!(matches!(s.grundy_value(&100), Err(SolveError::GaveUp(GaveUp { what: Work::PositionsSearched, .. }))));
        assert!(s.positions() <= 10);
        s.set_budget(1000);
        assert_eq!(s.grundy_value(&100).unwrap(), 0);
    }

    /// Cards with two numbers each (AtCoder ABC 354E): a position is the set of cards left (a
    /// bitmask), a move removes two cards that share their front or their back number. Counts
    /// the options listed.
    struct Cards(Vec<(u8, u8)>, std::cell::Cell<u64>);

    impl ImpartialGame for Cards {
        type Position = u32;
        fn options(&self, &left: &u32) -> Vec<u32> {
            self.1.set(self.1.get() + 1);
            let mut out = vec![];
            for i in 0..self.0.len() {
                for j in i + 1..self.0.len() {
                    let both = (1 << i) | (1 << j);
                    let (a, b) = (self.0[i], self.0[j]);
                    if left & both == both && (a.0 == b.0 || a.1 == b.1) {
                        out.push(left & !both);
                    }
                }
            }
            out
        }
    }

    /// `n` cards whose numbers come from a seeded generator, each below `k`.
    fn cards(n: usize, k: u64, seed: u64) -> Cards {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % k) as u8
        };
        Cards((0..n).map(|_| (next(), next())).collect(), std::cell::Cell::new(0))
    }

    #[test]
    fn outcomes_and_winning_moves_by_the_search_are_those_of_the_values() {
        for seed in 0..60 {
            let game = cards(8, 3 + seed % 4, seed);
            let (mut by_search, mut by_value) =
                (ImpartialSolver::new(game), ImpartialSolver::new(cards(8, 3 + seed % 4, seed)));
            for left in (0..1u32 << 8).rev() {
                let value = by_value.grundy_value(&left).unwrap();
                let outcome = by_search.outcome(&left, Convention::Normal).unwrap();
                assert_eq!(outcome, Outcome::from_win(value != 0), "seed {seed}, cards left {left:b}");
                let zero: Vec<u32> = by_value
                    .options(&left)
                    .unwrap()
                    .into_iter()
                    .filter(|o| by_value.grundy_value(o).unwrap() == 0)
                    .collect();
                assert_eq!(by_search.winning_moves(&left, Convention::Normal).unwrap(), zero, "seed {seed}, {left:b}");
            }
        }
    }

    #[test]
    fn the_outcome_search_stops_at_the_first_losing_option() {
        // 16 cards: the value of the whole set lists the options of every set reached; the
        // outcome, a small part of them (1,422 of the 21,540 the value lists).
        let mut values = ImpartialSolver::new(cards(16, 5, 354));
        let value = values.grundy_value(&0xffff).unwrap();
        let mut outcomes = ImpartialSolver::new(cards(16, 5, 354));
        let outcome = outcomes.outcome(&0xffff, Convention::Normal).unwrap();
        assert_eq!(outcome, Outcome::from_win(value != 0));
        let (searched, valued) = (outcomes.game().1.get(), values.game().1.get());
        assert!(searched * 10 < valued, "the search listed the options of {searched} positions, the value of {valued}");
    }

    /// A chain n -> n - 1 whose bottom cancels the token: what is left of the walk is only
    /// deciding the frames on the stack, with no new frame pushed.
    struct CancelAtTheBottom(crate::StopToken);

    impl ImpartialGame for CancelAtTheBottom {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<u64> {
            if n == 0 {
                self.0.cancel();
            }
            n.checked_sub(1).into_iter().collect()
        }
    }

    #[test]
    fn a_token_fired_at_the_bottom_of_a_deep_walk_stops_it_on_the_way_up() {
        for convention in [Convention::Normal, Convention::Misere] {
            let token = crate::StopToken::new();
            let mut s = ImpartialSolver::new(CancelAtTheBottom(token.clone()));
            let e = token.run(|| s.outcome(&100_000, convention));
            assert_eq!(e, Err(SolveError::Stopped(Stopped::Cancelled)), "{convention:?}");
            // Stopped within one period of the ticker, not after deciding the whole stack.
            assert!(s.positions() < 2 * TICK_EVERY as usize, "{convention:?}: {}", s.positions());
        }
    }

    #[test]
    fn long_names_are_cut() {
        let text = show(&vec![7u64; 1000]);
        assert!(text.ends_with("...") && text.chars().count() == SHOWN_CHARS + 3, "{text}");
        assert_eq!(show(&5u8), "5");
    }
}
