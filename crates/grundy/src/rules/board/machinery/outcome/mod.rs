//! The outcome search: who wins a partizan position with each player moving first, where
//! Conway's value costs too much. It answers "who wins" only, as Domineering's solvers do
//! (Breuker, Uiterwijk and van den Herik's DOMI, 2000; Bullock's Obsequi, 2002; Uiterwijk's
//! MUDoS, 2016): a depth-first search of wins and losses, with
//!
//! - a transposition table in the caller's store, bounded in bytes, with the two-level
//!   replacement scheme that keeps the larger proof ([`table`]);
//! - the game's own knowledge behind a capability ([`OutcomeGame`]): the order of its moves, and
//!   a position decided before it is searched (Domineering's safe moves against the moves the
//!   other player can still make, Lachmann, Moore and Rapaport 2002);
//! - decomposition: the position falls apart into parts no move crosses, and each part small
//!   enough is replaced by its Conway value, from the value search and remembered, the values
//!   summed into one short game searched beside the rest (a move there is a move to one of the
//!   canonical form's options, Conway's sum being the same game for who wins); once no part is
//!   left to search, the sum's outcome class answers at once;
//! - the board's symmetries, in the keys of the table near the root.
//!
//! A search is bounded by its nodes (the budget) and stopped by the thread's stop token. What
//! it proved stays in the caller's table, so a caller that keeps the table starts its next
//! search from it (an analysis makes a fresh one, and so a play session does today).

pub mod cache;
pub mod domineering;
pub mod packed;
pub mod table;

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::packed::Packed;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::machinery::value::{partizan_error, BoardValues};
use crate::rules::board::{BoardContext, BoardRules, Method};
use crate::values::partizan::{GameStore, GameValue, PartizanOutcome};
use cache::Searched;
pub use cache::{FirstProven, OutcomeCache, OutcomeProgress, OutcomeProven, ProgressHook};
pub use table::{Known, OutcomeTable, TableFileError};

/// The nodes the outcome search may visit for each unit of an analysis's budget
/// (`--budget`): its table is bounded in bytes, so its nodes cost time, not memory.
pub const NODES_A_BUDGET_UNIT: u64 = 32;

/// The bytes an outcome search holds unless told otherwise (`--memory`): 256 MiB.
pub const DEFAULT_SEARCH_MEMORY: u64 = 256 << 20;

/// The most steps of the values' store in one operation of the outcome search (a part's value,
/// a sum, an outcome class): a part whose value takes more is searched move by move.
pub const PART_WORK: u64 = 1 << 22;

/// How many nodes pass between two checks of the stop token and the node bound (in both
/// searches).
const CHECK_EVERY: u64 = 1 << 12;

/// The deepest the search goes: no game the search takes has a longer play (a position packs
/// in 128 bits, and each move fills or removes something), so deeper means a game's rules are
/// wrong, which is refused rather than overflowing the stack.
const MAX_DEPTH: usize = 400;

/// A game as the outcome search sees it: states, their moves in the order to try them, and what
/// the game knows. A state is the part of a position still searched move by move; the parts
/// the search values are handed over as keys of the game's [`crate::rules::board::machinery::packed::PackedRules`].
pub trait OutcomeGame {
    /// A position, or what is left of one once its valued parts are taken out.
    type State: Clone;

    /// The state of the position `numbers`; `None` when the search cannot hold it.
    fn state_of(&self, numbers: &[u64]) -> Option<Self::State>;

    /// The moves of `mover` (0 Left, 1 Right) from `s`, pushed onto `out` in the order to try
    /// them, the likeliest to win first, each with what the game knows of it beside no value
    /// ([`OutcomeGame::decided`] for the other player, when the game looked while ordering:
    /// then the search does not ask again).
    fn moves(&self, s: &Self::State, mover: usize, out: &mut Vec<(Self::State, Option<bool>)>);

    /// The key of `s` in the table: two states of one key have the same outcomes. `None` when
    /// it does not fit in 128 bits (such a state is searched, not remembered). `near_root`:
    /// the position is a few moves from the root, where the board's symmetries are worth
    /// finding (a key may be any image of the state under them).
    fn key(&self, s: &Self::State, near_root: bool) -> Option<u128>;

    /// [`OutcomeGame::key`] where the key is had without making anything (a state never
    /// searched may have none: the table cannot know it). By default the key itself.
    fn known_key(&self, s: &Self::State, near_root: bool) -> Option<u128> {
        self.key(s, near_root)
    }

    /// Takes from `s` the parts to value (small ones, and ones only one player can move in),
    /// pushing each as its packed key and its own state onto `out`, and gives what is left.
    fn split(&self, s: &Self::State, out: &mut Vec<(Packed, Self::State)>) -> Self::State;

    /// `rest` with the part `part` (one [`OutcomeGame::split`] took out) put back.
    fn join(&self, rest: &Self::State, part: &Self::State) -> Self::State;

    /// Whether nothing is left of `s` to move in.
    fn is_empty(&self, s: &Self::State) -> bool;

    /// Whether the parts [`OutcomeGame::split`] takes out stay on the board rather than join a
    /// sum of values searched beside it: a part equal to 0 is dropped, and two parts each the
    /// other's negative are dropped together (G + 0 and G + H - H are G). No sum is made, so
    /// the values' store holds only the parts' values. (A part is not replaced by another of
    /// its value: the other may be larger, and play could then come back to it for ever.) By
    /// default the parts are summed.
    fn keeps_parts(&self) -> bool {
        false
    }

    /// Whether [`OutcomeGame::split`] may take parts out of a state (by default it may); a
    /// game whose states are already split (the packed search's) says no, and then a move's
    /// state is the key its search looks up, which the search may look up before it moves.
    fn splits(&self) -> bool {
        true
    }

    /// Whether [`OutcomeGame::moves`] asks [`OutcomeGame::decided`] of every move (beside
    /// nothing) while ordering them: then a move it gave nothing for is not asked again.
    fn asks(&self) -> bool {
        false
    }

    /// What the game knows of `s` beside an integer `n` (|n| free moves of Left when positive,
    /// of Right when negative): `Some(true)` when `mover` moving first surely wins,
    /// `Some(false)` when surely loses, `None` when the search must look. By default nothing.
    fn decided(&self, _s: &Self::State, _mover: usize, _n: i64) -> Option<bool> {
        None
    }

    /// The negative of `s` (Conway's -G: the players' roles exchanged), where the game makes
    /// it; `None` (the default) where not. Left to move in a position wins where Right to move
    /// in its negative does, so the root's search of Right moving first searches each of his
    /// moves as its negative with Right to move: on a board equal to its own negative (a
    /// checkerboard with an even side, N or P by that symmetry) those are the positions
    /// Left's moves made, which her search proved already.
    fn negative(&self, _s: &Self::State) -> Option<Self::State> {
        None
    }

    /// A refusal the game met while listing moves (which return no error): the search stops
    /// with it at its next check rather than answer from moves left out. By default none.
    fn failure(&self) -> Option<AnalyzeError> {
        None
    }

    /// Whether the forecast weighs the root's moves alike where the root's player loses
    /// ([`crate::rules::board::machinery::forecast::outcome_nodes`]): by default no, the first
    /// moves weighing most.
    fn even_root(&self) -> bool {
        false
    }
}

/// What a search found for one player moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstPlayer {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// A winning first move (the numbers it leaves), when the player wins.
    pub winning_move: Option<Vec<u64>>,
}

/// The outcome of a position with each player moving first: both, or the one player asked
/// alone ([`SearchRun::only`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeAnswer {
    /// Left moving first; `None` when only Right was asked.
    pub left: Option<FirstPlayer>,
    /// Right moving first; `None` when only Left was asked.
    pub right: Option<FirstPlayer>,
    /// The nodes the search visited.
    pub nodes: u64,
}

impl OutcomeAnswer {
    /// Conway's outcome class, when both first players were searched: L (Left wins whoever
    /// starts), R, N (the player to move wins) or P (the player to move loses).
    pub fn class(&self) -> Option<PartizanOutcome> {
        Some(match (self.left.as_ref()?.wins, self.right.as_ref()?.wins) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        })
    }

    /// The answer for `mover` (0 Left, 1 Right) moving first, when it was searched.
    pub fn first(&self, mover: usize) -> Option<&FirstPlayer> {
        if mover == 0 {
            self.left.as_ref()
        } else {
            self.right.as_ref()
        }
    }
}

/// The bounds of one search.
#[derive(Clone, Copy, Debug)]
pub struct OutcomeLimits {
    /// The most nodes the search visits before it gives up.
    pub nodes: u64,
    /// The analysis budget the nodes came from (named in the refusal).
    pub budget: u64,
    /// How many nodes more the search may visit, once, where it reaches `nodes` before any
    /// first move of its root is proven to lose ([`OutcomeLimits::reached`]); 0 for none.
    pub extension: u64,
}

impl OutcomeLimits {
    /// Limits of `nodes` nodes from `budget`, with no extension.
    pub fn new(nodes: u64, budget: u64) -> OutcomeLimits {
        OutcomeLimits { nodes, budget, extension: 0 }
    }

    /// Whether a search that has visited `nodes` nodes, its root where `track` says, must give
    /// up. Past `nodes`, a probe whose root has no first move proven to lose yet goes on once
    /// for its extension: it is still inside the first move it tries, which may well win (the
    /// player to move wins most boards by the first move the ordering gives), and then the
    /// forecast, which weighs that move's tree as one of many, reads many times the work (the
    /// Clobber 3x9 checkerboard, Left first: forecast 66 million positions after 2^20, where
    /// the search answers at 1.16 million).
    fn reached(&mut self, nodes: u64, track: &RootTrack) -> bool {
        if nodes <= self.nodes {
            return false;
        }
        if self.extension > 0 && track.root.1.is_empty() {
            self.nodes = self.nodes.saturating_add(self.extension);
            self.extension = 0;
            return nodes > self.nodes;
        }
        true
    }

    /// [`OutcomeLimits::reached`] as the search's error: past its nodes it gives up, in the
    /// outcome search's own units of work ([`Work::OutcomeNodes`]), naming its budget. Both
    /// searches (the generic one and Domineering's) count their nodes through this.
    fn within(&mut self, nodes: u64, track: &RootTrack) -> Result<(), AnalyzeError> {
        if self.reached(nodes, track) {
            return Err(GaveUp { what: Work::OutcomeNodes, used: self.budget, needed: None }.into());
        }
        Ok(())
    }
}

/// One search's working state: the game, the values of its small parts, the table, counters.
pub struct Searcher<'a, G: OutcomeGame> {
    game: &'a G,
    values: BoardValues<'a>,
    store: &'a mut GameStore,
    table: &'a mut OutcomeTable,
    limits: OutcomeLimits,
    nodes: u64,
    /// The value 0 in the store (the sum of no valued part).
    zero: GameValue,
    /// Lists of moves, one per depth, reused.
    lists: Vec<Vec<(G::State, Option<bool>)>>,
    /// Parts whose value took more than the store's work limit for one operation: searched on
    /// the board from then on.
    too_big: std::collections::HashSet<Packed>,
    /// Whether parts are still valued: once the store holds half its bound, every part stays on
    /// the board (the sums made at each node only grow the store).
    valuing: bool,
    /// Where the search of its root stands (the forecast's path, the root's proven moves, the
    /// caller's hook).
    track: RootTrack,
}

/// The latest birthday of a sum of values searched beside the board, unless it is a number: a
/// part whose value would make the sum older stays on the board (a sum of many values has a canonical form as large
/// as their product, Siegel II.5, and each of its options is a branch).
const MAX_SUM_BIRTHDAY: u64 = 12;

impl<'a, G: OutcomeGame> Searcher<'a, G> {
    /// A search of `game`, whose parts are valued by `rules` in `store`, remembering in `table`.
    pub fn new(
        game: &'a G,
        rules: &'a dyn BoardRules,
        store: &'a mut GameStore,
        table: &'a mut OutcomeTable,
        limits: OutcomeLimits,
    ) -> Result<Self, AnalyzeError> {
        let zero = store.integer(0).map_err(partizan_error)?;
        Ok(Searcher {
            game,
            values: BoardValues::new(rules, u64::MAX),
            store,
            table,
            limits,
            nodes: 0,
            zero,
            lists: vec![],
            valuing: true,
            too_big: std::collections::HashSet::new(),
            track: RootTrack { even_root: game.even_root(), ..RootTrack::default() },
        })
    }

    /// This search with `hook` told of its progress every few thousand nodes.
    pub fn with_progress(mut self, hook: Option<ProgressHook>) -> Self {
        self.track.hook = hook;
        self
    }

    /// The nodes the search of the root it searches now will visit in all, forecast from where
    /// it stands ([`crate::rules::board::machinery::forecast::outcome_nodes`], scaled as
    /// [`RootTrack::forecast_now`] does); `None` before it has tried a move of the losing side.
    pub fn root_forecast(&self) -> Option<u64> {
        self.track.forecast_now(self.nodes)
    }

    /// What the search of the root it searches now has proven: the first moves proven to lose
    /// (each the numbers it leaves), of how many.
    pub fn root_proven(&self) -> (Vec<Vec<u64>>, usize) {
        self.track.proven()
    }

    /// Where the search at `depth` tries its `k`-th of `m` moves.
    fn mark(&mut self, depth: usize, k: usize, m: usize) {
        self.track.mark(depth, k, m);
    }

    /// The nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `mover` moving first wins the position `numbers` (whose moves, by the rule, are
    /// `options`), with a winning move among `options` when it does. The root is searched
    /// whole, so that a winning move is a move of the board.
    pub fn first_player(
        &mut self,
        numbers: &[u64],
        options: &[Vec<u64>],
        mover: usize,
    ) -> Result<FirstPlayer, AnalyzeError> {
        // Said why and what is held: a game's packed key (for boards of stones, their planes)
        // is what bounds it.
        let unheld = || {
            AnalyzeError::Unsupported(format!(
                "the outcome search cannot hold this position: it keeps each position in 128 bits (for Clobber, Konane, Snort and Col, what is in play within a rectangle of at most {} cells), and this one does not fit",
                crate::rules::board::grid::bitgrid::PLANES_CELLS
            ))
        };
        let root = self.game.state_of(numbers).ok_or_else(unheld)?;
        // The options in the order the game would try them: each ranked by where its key
        // stands among the game's own list of moves.
        let mut ordered = vec![];
        self.game.moves(&root, mover, &mut ordered);
        let ranks: Vec<Option<u128>> = ordered.iter().map(|(s, _)| self.game.key(s, true)).collect();
        let mut children = vec![];
        for option in options {
            let child = self.game.state_of(option).ok_or_else(unheld)?;
            let key = self.game.key(&child, true);
            let rank = ranks.iter().position(|k| k.is_some() && *k == key).unwrap_or(ranks.len());
            children.push((rank, option, child));
        }
        children.sort_by_key(|c| c.0);
        self.track.begin(mover, children.len(), self.nodes);
        // Moves to the same position (an image of another under the board's symmetries) share
        // a rank: the forecast counts each position once, the second being a look-up.
        let same = |a: usize, b: usize| a == b && a < ranks.len();
        let distinct = children
            .iter()
            .enumerate()
            .filter(|&(i, c)| i == 0 || children.get(i - 1).is_none_or(|p| !same(p.0, c.0)))
            .count();
        let (mut tried, mut last) = (0, None);
        for (rank, option, child) in children {
            if !last.is_some_and(|l| same(l, rank)) {
                self.mark(0, tried, distinct);
                tried += 1;
            }
            last = Some(rank);
            // Left moving first in Right's move wins where Right moving first in its negative
            // does: searched so, Right's moves from a board equal to its own negative are the
            // positions Left's moves made ([`OutcomeGame::negative`]).
            let theirs = match self.game.negative(&child).filter(|_| mover == 1) {
                Some(negative) => self.wins(&negative, self.zero, 1, 1, false)?,
                None => self.wins(&child, self.zero, 1 - mover, 1, false)?,
            };
            if let Some(e) = self.game.failure() {
                return Err(e);
            }
            if !theirs {
                return Ok(FirstPlayer { wins: true, winning_move: Some(option.clone()) });
            }
            self.track.root.1.push(option.clone());
        }
        Ok(FirstPlayer { wins: false, winning_move: None })
    }

    /// Counts a node, checking the stop token and the bound every [`CHECK_EVERY`] nodes.
    fn visit(&mut self) -> Result<(), AnalyzeError> {
        self.nodes += 1;
        self.limits.within(self.nodes, &self.track)?;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            crate::stop::check()?;
            if let Some(e) = self.game.failure() {
                return Err(e);
            }
            self.track.tell(self.nodes, self.limits.nodes);
            if self.nodes.is_power_of_two() {
                if let Some(again) = self.track.passed(self.nodes, self.limits.nodes) {
                    return Err(AnalyzeError::Unsupported(passed_refusal(again, self.nodes, self.limits)));
                }
            }
            if self.valuing && self.store.memory_used() > self.store.memory_limit() / 2 {
                self.valuing = false;
            }
        }
        Ok(())
    }

    /// Whether `mover` moving first wins `s` + `v`. `asked`: the game's knowledge of `s`
    /// ([`OutcomeGame::decided`]) was asked while ordering moves and gave nothing.
    fn wins(
        &mut self,
        s: &G::State,
        v: GameValue,
        mover: usize,
        depth: usize,
        asked: bool,
    ) -> Result<bool, AnalyzeError> {
        self.track.depth = depth;
        self.visit()?;
        if depth > MAX_DEPTH {
            return Err(AnalyzeError::Unsupported(format!("a play longer than {MAX_DEPTH} moves is not searched")));
        }
        // The parts to value leave the state and join the sum of values.
        let mut parts = vec![];
        let mut rest = if self.valuing { self.game.split(s, &mut parts) } else { s.clone() };
        let mut v = v;
        // Kept parts' values, to cancel a part against its negative.
        let mut kept: Vec<(GameValue, G::State)> = vec![];
        for (key, part) in &parts {
            if !self.valuing || self.too_big.contains(key) {
                rest = self.game.join(&rest, part);
                continue;
            }
            let value = match self.values.value_of_key(self.store, *key) {
                Ok(value) => value,
                // A part the store's limit of one operation does not value stays on the board.
                Err(AnalyzeError::Partizan(crate::values::partizan::PartizanError::TooMuchWork { .. })) => {
                    self.too_big.insert(*key);
                    rest = self.game.join(&rest, part);
                    continue;
                }
                // The store full: no part is valued from now on, this one stays on the board.
                Err(AnalyzeError::Partizan(crate::values::partizan::PartizanError::TooMuchMemory { .. }))
                    if self.game.keeps_parts() =>
                {
                    self.valuing = false;
                    rest = self.game.join(&rest, part);
                    continue;
                }
                Err(e) => return Err(e),
            };
            if self.store.memory_used() > self.store.memory_limit() / 2 {
                self.valuing = false;
            }
            if self.game.keeps_parts() {
                if value == self.zero {
                    continue;
                }
                let negative = self.store.neg(value).map_err(partizan_error)?;
                if let Some(at) = kept.iter().position(|(w, _)| *w == negative) {
                    kept.swap_remove(at);
                    continue;
                }
                kept.push((value, part.clone()));
                continue;
            }
            // A sum is born no later than its parts' birthdays added (Siegel II.4), so the
            // bound is known before the sum is made; numbers add as numbers.
            let born =
                self.store.birthday(v).map_err(partizan_error)? + self.store.birthday(value).map_err(partizan_error)?;
            let numbers = self.store.as_number(v).map_err(partizan_error)?.is_some()
                && self.store.as_number(value).map_err(partizan_error)?.is_some();
            let simple = born <= MAX_SUM_BIRTHDAY || numbers;
            if simple {
                v = self.store.sum(v, value).map_err(partizan_error)?;
            } else {
                rest = self.game.join(&rest, part);
            }
        }
        for (_, part) in &kept {
            rest = self.game.join(&rest, part);
        }
        if self.game.is_empty(&rest) {
            let class = self.store.outcome(v).map_err(partizan_error)?;
            return Ok(match class {
                PartizanOutcome::N => true,
                PartizanOutcome::P => false,
                PartizanOutcome::L => mover == 0,
                PartizanOutcome::R => mover == 1,
            });
        }
        if !asked {
            if let Some(n) = self.integer(v)? {
                if let Some(known) = self.game.decided(&rest, mover, n) {
                    return Ok(known);
                }
            }
        }
        let value_index = v.parts().1;
        let key = self.game.key(&rest, depth <= 8);
        if let Some(known) = key.and_then(|k| self.table.get(k, value_index, mover)) {
            return Ok(known.wins);
        }
        let before = self.nodes;
        let mut list = self.lists.pop().unwrap_or_default();
        list.clear();
        self.game.moves(&rest, mover, &mut list);
        let board_moves = list.len();
        let mut won = None;
        // Enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin, 1996): a move
        // to a position the table knows the other player loses wins at once, before any move is
        // searched. Only where a move's state is the state its search looks up (no part taken
        // out of it).
        if !self.game.splits() {
            for (i, (child, _)) in list.iter().enumerate() {
                let k = self.game.known_key(child, depth < 8);
                if k.and_then(|k| self.table.get(k, value_index, 1 - mover)).is_some_and(|known| !known.wins) {
                    won = Some(i);
                    break;
                }
            }
        }
        // What the game knew of a move while ordering holds where nothing is beside the board.
        let bare = v == self.zero;
        for (i, (child, known)) in list.iter().enumerate() {
            if won.is_some() {
                break;
            }
            let theirs = match known {
                Some(known) if bare => *known,
                _ => {
                    self.mark(depth, i, board_moves);
                    self.wins(child, v, 1 - mover, depth + 1, bare && known.is_none() && self.game.asks())?
                }
            };
            if !theirs {
                won = Some(i);
                break;
            }
        }
        self.lists.push(list);
        if won.is_none() {
            // Moves in the sum of values, after every move of the board.
            let options = if mover == 0 { self.store.left_options(v) } else { self.store.right_options(v) }
                .map_err(partizan_error)?;
            for (j, option) in options.into_iter().enumerate() {
                if !self.wins(&rest, option, 1 - mover, depth + 1, false)? {
                    won = Some(board_moves + j);
                    break;
                }
            }
        }
        if let Some(k) = key {
            let best = won.and_then(|i| u8::try_from(i).ok().filter(|&b| b != 255));
            self.table.put(k, value_index, mover, Known { wins: won.is_some(), best }, self.nodes - before);
        }
        Ok(won.is_some())
    }

    /// The integer `v` is, if it is one (and fits in an `i64`).
    fn integer(&self, v: GameValue) -> Result<Option<i64>, AnalyzeError> {
        if v == self.zero {
            return Ok(Some(0));
        }
        Ok(self.store.as_number(v).map_err(partizan_error)?.filter(|x| x.is_integer()).map(|x| x.numerator()))
    }
}

/// How one analysis runs its search beside its limits: the forecast's probe, the caller's hook
/// on progress, and (filled in) what was proven when the search stopped short.
#[derive(Clone, Default)]
pub struct SearchRun {
    /// The nodes the forecast's probe visits for each player moving first before the forecast
    /// is read (0: no forecast).
    pub probe: u64,
    /// The one player moving first to search (0 Left, 1 Right), as Obsequi answers one; `None`
    /// (the default): both, which gives the outcome class at about twice the work.
    pub only: Option<usize>,
    /// The caller's hook on progress.
    pub hook: Option<ProgressHook>,
    /// What the search had proven when it stopped short of its answer.
    pub proven: OutcomeProven,
    /// The CPU seconds the probe took and the nodes it visited, once it ran.
    pub probed: Option<(f64, u64)>,
    /// The nodes the search was forecast to visit in all, once the probe ran and forecast.
    pub forecast: Option<u64>,
}

/// A game's outcome search behind one object ([`crate::rules::board::Theory::outcome_search`]):
/// the search of any [`OutcomeGame`].
pub trait OutcomeSearch {
    /// A fingerprint of how this search keys its table, when its keys are the positions
    /// themselves, the same in every run (so that a table written to disk can be read back by
    /// a later run, [`OutcomeTable::to_bytes`]); `None` (the default) when keys depend on the
    /// run (indices of its values).
    fn table_scheme(&self) -> Option<u64> {
        None
    }

    /// The outcome of `numbers` in `rules` with each player moving first, within `limits`,
    /// remembering in `table` (which the caller keeps for the next search of the same game)
    /// and valuing small parts in `store`.
    fn search(
        &self,
        rules: &dyn BoardRules,
        numbers: &[u64],
        store: &mut GameStore,
        table: &mut OutcomeTable,
        limits: OutcomeLimits,
    ) -> Result<OutcomeAnswer, AnalyzeError> {
        self.search_within(rules, numbers, store, table, limits, &mut SearchRun::default())
    }

    /// [`OutcomeSearch::search`], first forecast by a probe of `run.probe` nodes for each
    /// player moving first and refused when the forecast passes `limits` (the probe's work is
    /// kept in the table, and the search goes on from it), telling `run.hook` of its progress,
    /// and leaving in `run.proven` what it had proven when it stopped short.
    fn search_within(
        &self,
        rules: &dyn BoardRules,
        numbers: &[u64],
        store: &mut GameStore,
        table: &mut OutcomeTable,
        limits: OutcomeLimits,
        run: &mut SearchRun,
    ) -> Result<OutcomeAnswer, AnalyzeError>;
}

/// How many times the forecast the budget advised by a refusal holds: the forecast is a
/// measured estimate, not a proven bound (Domineering's, [`LEAST_READING_SCALE`], was 0.94
/// times the nodes searched or more on every case of bench/outcome-forecast.sh measured, but
/// up to 12 times them on the empty rectangles and 198 times from a probe of 5,248 nodes).
pub const FORECAST_MARGIN: u64 = 3;

impl<G: OutcomeGame> OutcomeSearch for G {
    fn search_within(
        &self,
        rules: &dyn BoardRules,
        numbers: &[u64],
        store: &mut GameStore,
        table: &mut OutcomeTable,
        limits: OutcomeLimits,
        run: &mut SearchRun,
    ) -> Result<OutcomeAnswer, AnalyzeError> {
        let mut searcher = Searcher::new(self, rules, store, table, limits)?.with_progress(run.hook.clone());
        drive(&mut searcher, rules, numbers, limits, run)
    }
}

/// What [`drive`] asks of one search's working state: the generic [`Searcher`] and a game's
/// own search (Domineering's) alike, so that both are forecast, refused and stopped alike.
trait RootSearch {
    /// Whether `mover` moving first wins `numbers`, whose moves by the rule are `options`, with
    /// a winning move among them when she does.
    fn first_player(
        &mut self,
        numbers: &[u64],
        options: &[Vec<u64>],
        mover: usize,
    ) -> Result<FirstPlayer, AnalyzeError>;
    /// The nodes visited so far.
    fn nodes(&self) -> u64;
    /// The bound on the nodes from now on, and the forecast the progress hook is told.
    fn set_limits(&mut self, limits: OutcomeLimits, forecast: Option<u64>);
    /// The nodes the search of the root searched now will visit in all, forecast from where it
    /// stands and scaled ([`RootTrack::forecast_now`]); `None` before it has tried a move of
    /// the losing side.
    fn root_forecast(&self) -> Option<u64>;
    /// The first moves of the root searched now proven to lose (each the numbers it leaves),
    /// of how many.
    fn root_proven(&self) -> (Vec<Vec<u64>>, usize);
    /// The position `numbers` with Left's and Right's roles exchanged, where the game has such
    /// an image (Domineering's board transposed: her vertical dominoes become his horizontal
    /// ones); `None` (the default) where it has none.
    fn roles_image(&self, _numbers: &[u64]) -> Option<Vec<u64>> {
        None
    }
    /// Whether the position `numbers` is its own negative, where the search moves to
    /// negatives ([`OutcomeGame::negative`]); by default no.
    fn own_negative(&self, _numbers: &[u64]) -> bool {
        false
    }
}

impl<G: OutcomeGame> RootSearch for Searcher<'_, G> {
    fn first_player(
        &mut self,
        numbers: &[u64],
        options: &[Vec<u64>],
        mover: usize,
    ) -> Result<FirstPlayer, AnalyzeError> {
        Searcher::first_player(self, numbers, options, mover)
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn set_limits(&mut self, limits: OutcomeLimits, forecast: Option<u64>) {
        self.limits = limits;
        self.track.forecast = forecast;
    }
    fn root_forecast(&self) -> Option<u64> {
        Searcher::root_forecast(self)
    }
    fn root_proven(&self) -> (Vec<Vec<u64>>, usize) {
        Searcher::root_proven(self)
    }
    fn own_negative(&self, numbers: &[u64]) -> bool {
        let Some(root) = self.game.state_of(numbers) else { return false };
        let key = self.game.key(&root, true);
        key.is_some() && self.game.negative(&root).is_some_and(|n| self.game.key(&n, true) == key)
    }
}

/// Runs `searcher` on `numbers` for each player moving first: first a probe of `run.probe`
/// nodes a side and the forecast read from it, refused when it passes `limits` (the probe's
/// work is kept in the table, and the search goes on from it); what was proven is left in
/// `run.proven` when the search stops short.
fn drive<S: RootSearch>(
    searcher: &mut S,
    rules: &dyn BoardRules,
    numbers: &[u64],
    limits: OutcomeLimits,
    run: &mut SearchRun,
) -> Result<OutcomeAnswer, AnalyzeError> {
    let options = [rules.options(numbers, 0), rules.options(numbers, 1)];
    let mut answers: [Option<FirstPlayer>; 2] = [None, None];
    // Right moving first on a position that is its own image with the roles exchanged is Left
    // moving first on it, her winning move's image his: Left's search alone answers both.
    let own_image = searcher.roles_image(numbers).is_some_and(|image| image == numbers);
    let asked: Vec<usize> = run.only.map_or(vec![0, 1], |m| vec![m.min(1)]);
    let searched: Vec<usize> = if own_image { vec![0] } else { asked.clone() };
    let mut forecast = None;
    // What is proven when the search stops short of an answer, kept for the caller.
    let proven = |searcher: &S, answers: &[Option<FirstPlayer>; 2], at: Option<usize>, forecast: Option<u64>| {
        let first = [0, 1].map(|m| match (&answers[m], at) {
            (Some(a), _) => FirstProven::Answered {
                wins: a.wins,
                winning_move: a.winning_move.as_ref().map(|o| rules.describe(numbers, o)),
            },
            (None, Some(at)) if at == m => {
                let (refuted, moves) = searcher.root_proven();
                FirstProven::Partly { refuted: refuted.iter().map(|o| rules.describe(numbers, o)).collect(), moves }
            }
            _ => FirstProven::NotBegun,
        });
        OutcomeProven { nodes: searcher.nodes(), first, forecast }
    };
    if run.probe > 0 && run.probe < limits.nodes {
        let clock = crate::stop::Clock::start(false);
        let mut estimate = Some(0u64);
        // Right moving first on a position equal to its own negative is searched by the
        // negatives of his moves, the positions Left's moves made: once Left's search is done,
        // his is look-ups, so his probe would count again what hers will do.
        let negative_of_itself = searcher.own_negative(numbers);
        for &mover in &searched {
            if mover == 1 && negative_of_itself && searched.contains(&0) {
                continue;
            }
            let moves = options.get(mover).map_or(&[][..], Vec::as_slice);
            let before = searcher.nodes();
            let nodes = before.saturating_add(run.probe).min(limits.nodes);
            let extension = run.probe.min(limits.nodes - nodes);
            let probe = OutcomeLimits { nodes, extension, ..limits };
            searcher.set_limits(probe, None);
            match searcher.first_player(numbers, moves, mover) {
                Ok(a) => {
                    answers[mover] = Some(a);
                    estimate = estimate.map(|f| f + (searcher.nodes() - before));
                }
                Err(AnalyzeError::GaveUp(_)) if searcher.nodes() <= limits.nodes => {
                    estimate = estimate.zip(searcher.root_forecast()).map(|(f, n)| f.saturating_add(n));
                }
                Err(e) => {
                    run.proven = proven(searcher, &answers, Some(mover), None);
                    return Err(e);
                }
            }
        }
        let probed = searcher.nodes();
        run.probed = Some((clock.seconds(), probed));
        // The forecast counts the probe's nodes, which the search does not visit again (they
        // are in the table) but were spent.
        forecast = estimate.map(|f| f.max(probed));
        run.forecast = forecast;
        searcher.set_limits(limits, forecast);
        if let Some(f) = forecast.filter(|&f| f > limits.nodes) {
            run.proven = proven(searcher, &answers, None, forecast);
            return Err(AnalyzeError::Unsupported(refusal(f, clock.seconds(), probed, limits)));
        }
    }
    searcher.set_limits(limits, forecast);
    for &mover in &searched {
        if answers[mover].is_some() {
            continue;
        }
        let moves = options.get(mover).map_or(&[][..], Vec::as_slice);
        match searcher.first_player(numbers, moves, mover) {
            Ok(a) => answers[mover] = Some(a),
            Err(e) => {
                run.proven = proven(searcher, &answers, Some(mover), forecast);
                return Err(e);
            }
        }
    }
    if own_image {
        answers[1] = answers[0].as_ref().map(|left| FirstPlayer {
            wins: left.wins,
            winning_move: left.winning_move.as_deref().and_then(|m| searcher.roles_image(m)),
        });
    }
    for (mover, answer) in answers.iter_mut().enumerate() {
        if !asked.contains(&mover) {
            *answer = None;
        }
    }
    let [left, right] = answers;
    if left.is_none() && right.is_none() {
        return Err(AnalyzeError::Unsupported("the outcome search answered neither first player".into()));
    }
    Ok(OutcomeAnswer { left, right, nodes: searcher.nodes() })
}

/// Where a search of one root stands, for the forecast, the caller's progress hook and what a
/// stopped search proved: kept alike by the generic [`Searcher`] and a game's own search.
#[derive(Default)]
struct RootTrack {
    /// At each depth from the root, the move being tried and the moves there, for the forecast
    /// ([`crate::rules::board::machinery::forecast::outcome_nodes`]).
    path: Vec<(u32, u32)>,
    /// The depth of the position visited last.
    depth: usize,
    /// The root searched now: its player moving first, its first moves proven to lose so far,
    /// its first moves, and the nodes visited before it began.
    root: (usize, Vec<Vec<u64>>, usize, u64),
    /// The caller's hook on progress, and the forecast it is told.
    hook: Option<ProgressHook>,
    forecast: Option<u64>,
    /// Whether the forecast weighs the root's moves alike ([`OutcomeGame::even_root`]).
    even_root: bool,
    /// Of the forecasts read since the root began, one each [`CHECK_EVERY`] nodes, the least,
    /// and the largest read over the later half of the search's bound then. One reading swings
    /// with where the search stands (the one at a probe's end, taken alone, was 99 million on
    /// an 8 x 8 Domineering board of 3.06 million positions, and 30 million on the Clobber 5x6
    /// checkerboard, which the search passes 640 million). Where the root's moves weigh alike
    /// (the packed games) the probe's forecast is the largest of its later half: the readings
    /// climb as the first root move's tree proves larger than its share, and their median let
    /// the 3x10 checkerboard and a 6x5 board past 100 s before the guard (their largest refuses
    /// them after 2-6 s). Where they weigh harmonically (Domineering) it is the least
    /// ([`LEAST_READING_SCALE`]).
    least_read: Option<u64>,
    /// The largest forecast read over the later half of the bound ([`RootTrack::least_read`]).
    most_read_late: Option<u64>,
}

impl RootTrack {
    /// The search at `depth` tries its `k`-th of `m` moves.
    fn mark(&mut self, depth: usize, k: usize, m: usize) {
        if self.path.len() <= depth {
            self.path.resize(depth + 1, (0, 0));
        }
        if let Some(at) = self.path.get_mut(depth) {
            *at = (u32::try_from(k).unwrap_or(u32::MAX), u32::try_from(m).unwrap_or(u32::MAX));
        }
    }

    /// The root of `mover` moving first, with `moves` first moves, begins after `nodes` nodes.
    fn begin(&mut self, mover: usize, moves: usize, nodes: u64) {
        self.root = (mover, vec![], moves, nodes);
        (self.least_read, self.most_read_late) = (None, None);
    }

    /// The forecast of the root at `nodes` visited, scaled: where the root's moves weigh alike,
    /// [`FORECAST_SCALE`] times the largest read over the later half of the bound; else
    /// [`LEAST_READING_SCALE`] times the least read since the root began
    /// ([`RootTrack::least_read`]); the one read now where none was.
    fn forecast_now(&self, nodes: u64) -> Option<u64> {
        let read = if self.even_root { self.most_read_late } else { self.least_read };
        let scale = if self.even_root { FORECAST_SCALE } else { LEAST_READING_SCALE };
        read.or_else(|| self.forecast_at(nodes)).map(|f| f.saturating_mul(scale))
    }

    /// The nodes the search of the root will visit in all, forecast at `nodes` visited.
    fn forecast_at(&self, nodes: u64) -> Option<u64> {
        let path = self.path.get(..self.depth.min(self.path.len())).unwrap_or_default();
        crate::rules::board::machinery::forecast::outcome_nodes(nodes - self.root.3, path, self.even_root)
    }

    /// Where the search has visited more than its forecast (`nodes` of at most `limit`): the
    /// forecast read again from where it stands, scaled as the probe's is, when that passes
    /// `limit` (the search would likely give up there: it stops now rather than run on to it).
    /// Unscaled, the Clobber board of the tests ran on to its bound and gave up there.
    fn passed(&self, nodes: u64, limit: u64) -> Option<u64> {
        let forecast = self.forecast?;
        if nodes <= forecast {
            return None;
        }
        let again = self.root.3.saturating_add(self.forecast_at(nodes)?.saturating_mul(FORECAST_SCALE)).max(nodes);
        (again > limit).then_some(again)
    }

    /// The root's first moves proven to lose, of how many.
    fn proven(&self) -> (Vec<Vec<u64>>, usize) {
        (self.root.1.clone(), self.root.2)
    }

    /// Tells the caller's hook that `nodes` of at most `limit` are visited.
    fn tell(&mut self, nodes: u64, limit: u64) {
        if let Some(f) = self.forecast_at(nodes) {
            self.least_read = Some(self.least_read.map_or(f, |least| least.min(f)));
            if nodes.saturating_sub(self.root.3) >= limit.saturating_sub(self.root.3) / 2 {
                self.most_read_late = Some(self.most_read_late.map_or(f, |most| most.max(f)));
            }
        }
        if let Some(hook) = &self.hook {
            hook(&OutcomeProgress {
                nodes,
                limit,
                mover: self.root.0,
                refuted: self.root.1.len(),
                moves: self.root.2,
                forecast: self.forecast,
            });
        }
    }
}

/// The budget that holds [`FORECAST_MARGIN`] times `forecast` nodes, as advice ending a
/// refusal; past the largest budget an analysis takes, that, followed by `past_max`.
fn budget_advice(forecast: u64, past_max: &str) -> String {
    let advised = forecast.saturating_mul(FORECAST_MARGIN).div_ceil(NODES_A_BUDGET_UNIT);
    let max = Work::OutcomeNodes.max_budget();
    if advised <= max {
        format!("--budget {advised} raises it (a margin of {FORECAST_MARGIN} times the forecast)")
    } else {
        format!("that is past --budget {max}, the most this program allows{past_max}")
    }
}

/// The one line refusing a search forecast at `forecast` nodes, past `limits`, the probe
/// having visited `probed` nodes in `seconds` of CPU: what it would take, and the budget that
/// holds [`FORECAST_MARGIN`] times the forecast.
fn refusal(forecast: u64, seconds: f64, probed: u64, limits: OutcomeLimits) -> String {
    let rate = probed as f64 / seconds.max(1e-3);
    let cpu = forecast as f64 / rate;
    let raise = budget_advice(forecast, ": the search is not run");
    format!(
        "the outcome search is forecast to visit about {forecast} positions, about {cpu:.1} s of CPU at the {rate:.0} a second its probe of {probed} measured, past the {} that --budget {} allows ({NODES_A_BUDGET_UNIT} a unit): {raise}",
        limits.nodes, limits.budget
    )
}

/// The one line stopping a search that passed its forecast at `nodes` visited and is forecast
/// again at `forecast`, past `limits`: the budget that holds [`FORECAST_MARGIN`] times it.
fn passed_refusal(forecast: u64, nodes: u64, limits: OutcomeLimits) -> String {
    let raise = budget_advice(forecast, "");
    format!(
        "the outcome search passed its forecast at {nodes} positions and is now forecast to visit about {forecast}, past the {} that --budget {} allows ({NODES_A_BUDGET_UNIT} a unit), so it stops here rather than give up there: {raise}",
        limits.nodes, limits.budget
    )
}

/// The nodes the forecast's probe visits for each player moving first (at most a sixteenth of
/// the budget's): about 2 s of CPU, and what it proves is kept in the table, so a search of
/// fewer nodes answers within its probe. (Measured before [`LEAST_READING_SCALE`]: on the
/// empty 8x8 Domineering board, then 37.6 million positions both ways, a probe of 2^18 nodes
/// a side forecast 4.4 times too few, one of 2^20 2.3 times.) Today's Domineering search
/// passes 2^20 nodes on few boards of up to 64 cells (the empty 4x16 and 16x4 with one player
/// first, 1.4 million; random 8x8 boards with 1 to 3 cells filled, up to 2.6 million).
pub const PROBE_NODES: u64 = 1 << 20;

/// Where the root's moves weigh alike (the packed games), the forecast is the largest estimate
/// read over the later half of the probe times this (and a search past its forecast is
/// forecast again from one reading times this, [`RootTrack::passed`]): a forecast that is low
/// lets a search run past its budget.
pub const FORECAST_SCALE: u64 = 2;

/// Where the root's first moves weigh most (Domineering), the forecast is the least estimate
/// read over the whole probe times this. The estimates climb as a probe goes on (the first
/// moves of the losing side's levels, the hardest, take longer than their harmonic share), and
/// at their least they swing least from board to board: on 47 cases of random 6x6 to 8x8 boards
/// with 1 to 3 cells filled and the empty 4x16, 16x4, 7x9 and 9x7 (two random draws of
/// bench/outcome-forecast.sh, `SEED=1` and `2`, each case's probe at a 32nd and a 128th of its
/// nodes and at 2^20), the least reading was 0.089 to 0.73 times the nodes searched (their
/// median 0.19), the median reading 0.11 to 8.0 times, the last 0.11 to 5.4. Times 12, every
/// forecast of those 47 was 1.07 to 8.7 times the nodes (38 of a fresh draw, `SEED=3`: 0.94 to
/// 7.6, 3 below 1 and 6 above 3); the median times 2, as before, was 0.22 to 16 (28 of the 47
/// below 1). The script run with `SEED=4` (28 forecasts, the binary's refusals): 1.27 to 198
/// times when this scale was set (198 from a probe of 5,248 nodes, which read once, at 4,096);
/// since the probe goes on once while no first move of its root is refuted
/// ([`OutcomeLimits::extension`]), 1.27 to 8.44 (that probe 4.53), none below 1, 14 within
/// [1, 3], 14 above 3: the empty rectangles 4.0 to 8.4 times. Before this scale, 15 of those 28
/// were below 1 and one above 3. So the forecast is not within 3x: on the empty rectangles it
/// is too large.
pub const LEAST_READING_SCALE: u64 = 12;

/// The effort of the quick forecast that decides whether to seek the value first: 2^17 keys
/// made, a few hundredths of a second.
const QUICK_FORECAST_EFFORT: u64 = 1 << 17;

/// Whether Conway's value of `numbers` is not known to fit the budget by a quick forecast
/// ([`crate::rules::board::machinery::forecast`]): then a game with an outcome search answers who wins
/// by it at once. A position the quick walk sees whole, within the budget, is valued.
pub fn value_out_of_reach(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
) -> Result<bool, AnalyzeError> {
    if rules.outcome_search(numbers, 0).is_none() {
        return Ok(false);
    }
    let steps = crate::rules::board::machinery::value::analysis_store(context.budget).total_work_left();
    let quick = crate::rules::board::machinery::forecast::forecast_work(rules, numbers, steps, QUICK_FORECAST_EFFORT)?;
    Ok(!quick.complete || quick.at_least > steps)
}

/// The answer for the player to move in `numbers` by the outcome search, where the game has
/// one (`Ok(None)` where not): who wins with each player first, and a winning move of the
/// player to move, within `context.budget` ([`NODES_A_BUDGET_UNIT`] nodes a unit) and
/// `context.memory` bytes (half the table's, a quarter the values').
pub fn solve_by_outcome(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
) -> Result<Option<Analysis>, AnalyzeError> {
    let Some(search) = rules.outcome_search(numbers, context.memory / 4) else {
        return Ok(None);
    };
    // The caller's cache: the table and store a play session kept from its last search, where
    // it keeps them; else fresh ones.
    let fresh_cache = OutcomeCache::default();
    let cache = context.outcomes.unwrap_or(&fresh_cache);
    let game = rules.spelling();
    let (mut table, mut store) = match cache.take(&game, context.memory) {
        Some(kept) => kept,
        None => {
            let mut store = GameStore::new();
            store.set_memory_limit(context.memory / 4);
            // One part's value, one sum or one comparison at most this many steps: a part past
            // it is searched on the board rather than valued.
            store.set_work_limit(PART_WORK);
            let table = OutcomeTable::new(context.memory / 2).ok_or_else(|| {
                AnalyzeError::Unsupported(format!(
                    "the outcome search's table of {} bytes (half of --memory) cannot be had on this machine: give a smaller --memory",
                    context.memory / 2
                ))
            })?;
            (table, store)
        }
    };
    // A table kept on disk by the caller is read in before the search (or the search refused).
    let scheme = search.table_scheme();
    cache.read_disk(&game, scheme, &mut table).map_err(AnalyzeError::Unsupported)?;
    let limits = OutcomeLimits::new(context.budget.saturating_mul(NODES_A_BUDGET_UNIT), context.budget);
    let me = context.to_move.min(1);
    let only = context.mover_only.then_some(me);
    let mut run =
        SearchRun { probe: PROBE_NODES.min(limits.nodes / 16), hook: cache.hook(), only, ..SearchRun::default() };
    let searched = search.search_within(rules, numbers, &mut store, &mut table, limits, &mut run);
    cache.give_back(
        &game,
        context.memory,
        Searched { table, store, scheme },
        searched.is_err().then(|| run.proven.clone()),
    );
    let answer = searched.map_err(|e| match e {
        AnalyzeError::Partizan(crate::values::partizan::PartizanError::TooMuchMemory { limit, .. }) => AnalyzeError::Unsupported(format!(
            "the outcome search's values of the small parts need more than {limit} bytes (a quarter of --memory): raise --memory"
        )),
        AnalyzeError::Partizan(crate::values::partizan::PartizanError::TooMuchWork { .. }) => AnalyzeError::Unsupported(format!(
            "the outcome search's sum of the small parts' values needs more than {PART_WORK} steps in one operation, the most it takes: `grundy value` values the position whole"
        )),
        e => e,
    })?;
    let Some(mine) = answer.first(me) else {
        return Err(AnalyzeError::Unsupported("the outcome search did not answer the player to move".into()));
    };
    let class = answer.class();
    let winning: Vec<Vec<u64>> = mine.winning_move.iter().cloned().collect();
    let mut a = Analysis::of_board(rules, numbers, mine.wins, None, winning, Method::Search);
    if mine.wins {
        a.set_board_count(
            None,
            Some("the outcome search stops at the first winning move it proves; `grundy value` gives every move's value where it fits".into()),
        );
    }
    let first = |p: &FirstPlayer, who: usize| match &p.winning_move {
        Some(m) => format!("{} moving first wins, with {}", side(who), rules.describe(numbers, m)),
        None => format!("{} moving first loses", side(who)),
    };
    let outcome = match class {
        Some(class) => format!(
            "Outcome class {class} ({}): {}.",
            class.words(),
            [0, 1].iter().filter_map(|&m| answer.first(m).map(|p| first(p, m))).collect::<Vec<_>>().join("; ")
        ),
        None => format!(
            "{}. Only {} moving first, the player to move, was searched, so the outcome class is not known (searching both first players takes about twice the work).",
            first(mine, me),
            side(me)
        ),
    };
    a.explanation = vec![
        format!(
            "Who wins was found by an outcome search (as Breuker, Uiterwijk and van den Herik, and Bullock's Obsequi, solve Domineering) rather than from Conway's value, which is not known to fit the budget (`grundy value {} '{}'` seeks it): a search of wins and losses over {}, with a transposition table and the game's own knowledge of sure wins.",
            rules.spelling(),
            rules.tokens(numbers).join(" "),
            crate::rules::text::plural(answer.nodes, "position")
        ),
        outcome,
    ];
    a.outcome_class = class.map(|c| c.to_string());
    a.search_nodes = Some(answer.nodes);
    Ok(Some(a))
}

#[cfg(test)]
mod tests;
