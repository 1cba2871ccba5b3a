//! What a caller keeps between outcome searches ([`OutcomeCache`], in
//! [`crate::AnalyzeOptions::outcomes`]): the table and the values' store of the last search of
//! a game, for a caller that asks again and again of one board (a play session: each move of
//! the computer starts from what the last one proved); what a search had proven when it was
//! stopped (Ctrl-C, a deadline, its budget), for the caller to report; and a hook that sees the
//! search's progress (a progress bar).

use std::sync::{Arc, Mutex, PoisonError};

use super::table::{OutcomeTable, TableFileError};
use crate::values::partizan::GameStore;

/// How far a search has gone, handed to the caller's hook every few thousand positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeProgress {
    /// Positions visited so far by this analysis (both first players, the forecast's probe
    /// included).
    pub nodes: u64,
    /// The most positions the budget allows.
    pub limit: u64,
    /// The player moving first whose search runs (0 Left, 1 Right).
    pub mover: usize,
    /// The first moves of that player proven to lose, so far, and the first moves there are.
    pub refuted: usize,
    /// The first moves there are.
    pub moves: usize,
    /// The positions the whole analysis is forecast to visit, once the forecast is made.
    pub forecast: Option<u64>,
}

/// What a search had proven for one player moving first when it stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FirstProven {
    /// Its search had not begun.
    #[default]
    NotBegun,
    /// Answered: whether the player wins, and with which move (in words).
    Answered {
        /// Whether the player moving first wins.
        wins: bool,
        /// A winning first move, in words, when the player wins.
        winning_move: Option<String>,
    },
    /// Begun: the first moves proven to lose (in words), of `moves`.
    Partly {
        /// The first moves proven to lose, in words.
        refuted: Vec<String>,
        /// The first moves there are.
        moves: usize,
    },
}

/// What a stopped search had proven, with each player moving first (Left, then Right).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutcomeProven {
    /// The positions visited.
    pub nodes: u64,
    /// Left moving first, then Right.
    pub first: [FirstProven; 2],
    /// The positions the analysis was forecast to visit, when the forecast was made.
    pub forecast: Option<u64>,
}

/// What one search leaves for its caller to keep: its table, its values' store, and how it keyed
/// the table ([`super::OutcomeSearch::table_scheme`]).
pub(crate) struct Searched {
    pub(crate) table: OutcomeTable,
    pub(crate) store: GameStore,
    pub(crate) scheme: Option<u64>,
}

/// The caller's hook on a search's progress.
pub type ProgressHook = Arc<dyn Fn(&OutcomeProgress) + Send + Sync>;

/// The table and store one search left, and what they are for.
struct Kept {
    /// The game's spelling: a table's keys are one game's.
    game: String,
    /// The `--memory` they were made within.
    memory: u64,
    table: OutcomeTable,
    store: GameStore,
    /// How the search keyed the table, when its keys are the positions themselves
    /// ([`super::OutcomeSearch::table_scheme`]).
    scheme: Option<u64>,
}

#[derive(Default)]
struct Inner {
    kept: Option<Kept>,
    proven: Option<OutcomeProven>,
    searches: u64,
    /// The caller keeps the table on disk ([`OutcomeCache::on_disk`]): where (for messages),
    /// and the bytes it read there, to be read into the next search's table (`None` once read,
    /// or when there were none).
    disk: Option<(String, Option<Vec<u8>>)>,
}

/// What outcome searches keep for their caller; clones share it. By default nothing is kept
/// between searches (a table of `--memory / 2` bytes would stay allocated for the life of the
/// options); [`OutcomeCache::keeping`] keeps the last search's table and store, so that the
/// next search of the same game begins from what it proved.
///
/// ```
/// use grundy::frontend::OutcomeCache;
/// let cache = OutcomeCache::keeping();
/// assert_eq!(cache.searches(), 0);
/// assert!(cache.proven().is_none());
/// ```
#[derive(Clone, Default)]
pub struct OutcomeCache {
    inner: Arc<Mutex<Inner>>,
    keeps: bool,
    hook: Option<ProgressHook>,
}

impl OutcomeCache {
    /// A cache that keeps the last search's table and store between searches.
    pub fn keeping() -> Self {
        OutcomeCache { keeps: true, ..OutcomeCache::default() }
    }

    /// This cache (and its clones' shared state) with `hook` called on the search's progress.
    pub fn with_progress(mut self, hook: ProgressHook) -> Self {
        self.hook = Some(hook);
        self
    }

    /// This cache (and its clones' shared state), kept by a caller that writes the table to
    /// disk and reads it back in a later run: `bytes`, what [`OutcomeCache::table_bytes`] gave
    /// a run before (`None` for a first run), read from `place` (named in refusals), are read
    /// into the next search's table; a search whose keys are not the positions themselves, or
    /// bytes that are not its game's table, are refused before the search begins.
    pub fn on_disk(self, place: &str, bytes: Option<Vec<u8>>) -> Self {
        self.lock().disk = Some((place.to_string(), bytes));
        OutcomeCache { keeps: true, ..self }
    }

    /// The last search's table as bytes to keep on disk ([`OutcomeTable::to_bytes`]), when
    /// this cache keeps one whose keys are the positions themselves; `None` when no outcome
    /// search ran, or its keys depend on the run.
    pub fn table_bytes(&self) -> Option<Vec<u8>> {
        let inner = self.lock();
        let kept = inner.kept.as_ref()?;
        Some(kept.table.to_bytes(&kept.game, kept.scheme?))
    }

    /// Reads the bytes handed to [`OutcomeCache::on_disk`] into `table`, for a search of
    /// `game` keyed by `scheme`; how many entries were read. Nothing is asked of a cache not
    /// on disk; a search without a scheme of its own is refused.
    pub(crate) fn read_disk(&self, game: &str, scheme: Option<u64>, table: &mut OutcomeTable) -> Result<u64, String> {
        let mut inner = self.lock();
        let Some((place, pending)) = inner.disk.as_mut() else { return Ok(0) };
        let Some(scheme) = scheme else {
            return Err(format!(
                "{place} cannot keep this table: the outcome search of {game} keys it by values of its own run (Domineering's search keys its table by the boards, and keeps it)"
            ));
        };
        match pending.take() {
            None => Ok(0),
            Some(bytes) => table.read_bytes(&bytes, game, scheme).map_err(|e: TableFileError| {
                format!("the outcome table in {place} is not read: {e}; remove it to start again")
            }),
        }
    }

    /// The hook on progress, if any.
    pub(crate) fn hook(&self) -> Option<ProgressHook> {
        self.hook.clone()
    }

    /// How many searches ran with this cache.
    pub fn searches(&self) -> u64 {
        self.lock().searches
    }

    /// What the last search had proven when it stopped short of its answer (Ctrl-C, a
    /// deadline, its budget, its forecast); `None` when the last search answered, or none ran.
    pub fn proven(&self) -> Option<OutcomeProven> {
        self.lock().proven.clone()
    }

    /// The table and store for a search of `game` within `memory`: the kept ones when they
    /// are for the same game and memory, else `None` (the caller makes fresh ones).
    pub(crate) fn take(&self, game: &str, memory: u64) -> Option<(OutcomeTable, GameStore)> {
        let mut inner = self.lock();
        inner.searches += 1;
        inner.proven = None;
        match inner.kept.take() {
            Some(k) if k.game == game && k.memory == memory => Some((k.table, k.store)),
            _ => None,
        }
    }

    /// Keeps `table` and `store` for the next search (when this cache keeps), and what the
    /// search had proven when it stopped (`None`: it answered).
    pub(crate) fn give_back(&self, game: &str, memory: u64, searched: Searched, proven: Option<OutcomeProven>) {
        let mut inner = self.lock();
        inner.proven = proven;
        if self.keeps {
            let Searched { table, store, scheme } = searched;
            inner.kept = Some(Kept { game: game.to_string(), memory, table, store, scheme });
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for OutcomeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutcomeCache").field("keeps", &self.keeps).field("searches", &self.searches()).finish()
    }
}

/// Two caches are equal when they share their state (clones of one another).
impl PartialEq for OutcomeCache {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) && self.keeps == other.keeps
    }
}

impl Eq for OutcomeCache {}
