//! The store of canonical forms: every short game it holds is in canonical form and held once
//! (hash-consed), so equal games share one id and equality is the comparison of ids.
//!
//! A game is built from Left and Right option lists by Siegel's reduction (Combinatorial Game
//! Theory, section II.2): dominated options are removed and reversible ones bypassed until
//! neither is left; a game with neither in any subposition is the unique canonical form of its
//! value. Numbers, nimbers and their sums with multiples of ↑ ("nus" games, x + n·↑ + *m) are
//! stored as their three parts, not their options: an integer n is born on day |n|, and its
//! options are made only when a computation asks for them. Comparisons of such games are
//! closed forms, and a number against any other game uses the number avoidance theorem (Siegel,
//! section II.3: if G is not a number, G >= x iff no G^R <= x), so an integer's long chain of
//! options is never walked.
//!
//! Comparisons, sums and negations are memoised in the store. Every operation counts its work
//! (options visited, games created, comparisons and sums not found in the memos, a comparison
//! found in the memo, two steps for either once the memo of comparisons outgrows the caches,
//! the comparisons moved when that memo grows, and a quarter of a step for every comparison
//! asked) and stops with [`PartizanError::TooMuchWork`] past the store's limit; recursion stops
//! past [`MAX_DEPTH`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use hashbrown::HashTable;

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::thermograph::Thermograph;

/// The work one operation may do by default: fifty million steps, a few seconds.
pub const DEFAULT_WORK_LIMIT: u64 = 50_000_000;

/// How deep comparisons and sums may recurse (the sum of the birthdays followed): deep enough for
/// every game a board of this project produces, shallow enough for a 2 MiB thread stack.
pub const MAX_DEPTH: u32 = 1000;

/// A short partizan game in canonical form, a handle into the [`GameStore`] that made it.
/// Equal games made by one store are the same handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameValue {
    store: u32,
    index: u32,
}

impl GameValue {
    /// The serial number of the store that made it and its index there, for a memo that
    /// keeps the index alone ([`GameValue::of_parts`] makes it again).
    pub(crate) fn parts(self) -> (u32, u32) {
        (self.store, self.index)
    }

    /// The value of index `index` in the store of serial number `store`.
    pub(crate) fn of_parts(store: u32, index: u32) -> GameValue {
        GameValue { store, index }
    }
}

/// The outcome class of a short game (Siegel, section I.1; Lessons in Play, chapter 2): who
/// wins with perfect play, whoever starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PartizanOutcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The second player wins (G = 0).
    P,
    /// The first player wins (G is confused with 0).
    N,
}

impl PartizanOutcome {
    /// What the class means, in words ("Left wins whoever starts").
    pub fn words(self) -> &'static str {
        match self {
            PartizanOutcome::L => "Left wins whoever starts",
            PartizanOutcome::R => "Right wins whoever starts",
            PartizanOutcome::P => "the player to move loses",
            PartizanOutcome::N => "the player to move wins",
        }
    }
}

impl std::fmt::Display for PartizanOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PartizanOutcome::L => "L",
            PartizanOutcome::R => "R",
            PartizanOutcome::P => "P",
            PartizanOutcome::N => "N",
        })
    }
}

/// How two games compare: short games are partially ordered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G < H.
    Less,
    /// G is confused with (incomparable to) H: G - H is a first-player win.
    Confused,
}

impl Relation {
    /// The symbol between G and H: `=`, `>`, `<` or `||` (confused with).
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Less => "<",
            Relation::Confused => "||",
        }
    }

    /// The relation in words ("is confused with").
    pub fn words(self) -> &'static str {
        match self {
            Relation::Equal => "is equal to",
            Relation::Greater => "is greater than",
            Relation::Less => "is less than",
            Relation::Confused => "is confused with (incomparable to)",
        }
    }
}

/// x + n·↑ + *m with x a number: the games stored by their parts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) ups: i64,
    pub(crate) star: u64,
}

impl Nus {
    /// The number `x`.
    pub(crate) fn number(number: Dyadic) -> Nus {
        Nus { number, ups: 0, star: 0 }
    }

    /// Whether it is a number (no ↑, no *).
    pub(crate) fn is_number(self) -> bool {
        self.ups == 0 && self.star == 0
    }
}

/// An index into the store's entries.
pub(crate) type Id = u32;

/// A game's canonical Left and Right options, copied out of the store.
pub(crate) type Options = (Vec<Id>, Vec<Id>);

/// Where a stored game's canonical options lie in the store's arena of options: its Left
/// options from `start`, then its Right ones. The arena only grows, so a span read once stays
/// valid while the store is changed: the hot loops read their options by index, with no copy
/// and no count of references to keep.
#[derive(Clone, Copy)]
struct Span {
    start: u64,
    left: u32,
    right: u32,
}

impl Span {
    /// The span of a nus game whose options were not made yet.
    const NOT_MADE: Span = Span { start: u64::MAX, left: 0, right: 0 };

    /// Whether the options were made.
    fn made(self) -> bool {
        self.start != u64::MAX
    }

    /// The arena's indices of the Left options.
    fn lefts(self) -> Range<usize> {
        let start = self.start as usize;
        start..start + self.left as usize
    }

    /// The arena's indices of the Right options.
    fn rights(self) -> Range<usize> {
        let start = self.start as usize + self.left as usize;
        start..start + self.right as usize
    }
}

/// One stored game: its parts if it is a nus game, where its canonical options lie (made on
/// demand for a nus game), and its birthday. Its stops lie apart (`GameStore::stops`).
struct Entry {
    nus: Option<Nus>,
    span: Span,
    birthday: u64,
}

/// The interning table's hash of a game given by its options (sorted): Left's count first, so
/// that the same ids split differently between the sides hash apart.
fn moves_hash(left: &[Id], right: &[Id]) -> u64 {
    let mut h = IdHasher::default();
    h.write_u64(left.len() as u64);
    for &o in left.iter().chain(right) {
        h.write_u32(o);
    }
    // The folded multiply leaves the low bits, which the table's buckets read, weakest: mix
    // the high ones down.
    let x = h.finish();
    x ^ (x >> 29)
}

/// The Left and Right options of stored game `id`, as slices of the arena (empty where they
/// were not made, or for an id past the store's, which no caller has).
fn slices<'a>(entries: &[Entry], arena: &'a [Id], id: Id) -> (&'a [Id], &'a [Id]) {
    match entries.get(id as usize).map(|e| e.span) {
        Some(span) if span.made() => {
            (arena.get(span.lefts()).unwrap_or_default(), arena.get(span.rights()).unwrap_or_default())
        }
        _ => (&[], &[]),
    }
}

/// A small multiplicative hasher for the ids and id pairs the maps are keyed by (the standard
/// SipHash guards against hash flooding, which a store's own ids cannot do).
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map keyed by ids.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// The serial numbers of stores, so that a value is only read by the store that made it.
static STORES: AtomicU32 = AtomicU32::new(0);

/// Which player's options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// The store of canonical forms and the memos of the operations on them: the cache object a
/// caller owns (one per thread or per request), as a regex engine's cache is. Values are handles
/// ([`GameValue`]) into it; every operation takes `&mut self`.
///
/// ```
/// use grundy::values::partizan::{GameStore, Relation};
/// let mut s = GameStore::new();
/// let up = s.parse("{0|*}").unwrap();
/// assert_eq!(s.text(up).unwrap(), "↑");
/// let star = s.nimber(1).unwrap();
/// let up_star = s.sum(up, star).unwrap();
/// let zero = s.integer(0).unwrap();
/// assert_eq!(s.compare(up_star, zero).unwrap(), Relation::Confused);
/// ```
pub struct GameStore {
    serial: u32,
    entries: Vec<Entry>,
    /// Each stored game's Left and Right stops, made with the game from its options' stops:
    /// comparisons read them to decide most pairs at once ([`GameStore::le_id`]), so they lie
    /// in a table of their own, two games to a cache line.
    stops: Vec<(Dyadic, Dyadic)>,
    /// Every stored game's canonical options, each game's in one run ([`Span`]).
    arena: Vec<Id>,
    /// The games stored by their options, found by their options' hash ([`moves_hash`]).
    moves_index: HashTable<Id>,
    /// The nus games, by their parts.
    nus_index: IdMap<Nus, Id>,
    le_memo: IdMap<(Id, Id), bool>,
    sum_memo: IdMap<(Id, Id), Id>,
    neg_memo: IdMap<Id, Id>,
    pub(crate) thermo_memo: IdMap<Id, Arc<Thermograph>>,
    /// Atomic weights found (`atomic.rs`).
    pub(crate) aw_memo: IdMap<Id, Id>,
    /// ↑^1, ↑^2, ... as far as made (`uptimal.rs`).
    pub(crate) up_powers: Vec<Id>,
    /// ↑ + ↑^2 + ... over the powers made.
    pub(crate) up_power_sum: Id,
    /// Which ↑^n, ↓^n, ↑^n* or ↓^n* (n >= 2) a game is, for its name.
    pub(crate) up_power_of: IdMap<Id, super::uptimal::UpPower>,
    limit: u64,
    work: u64,
    /// Every step counted since the store was made, over all operations.
    total_work: u64,
    /// The most steps `total_work` may reach: one bound for a whole computation of many
    /// operations (a board position's value, a sum), not only for each.
    total_limit: u64,
    /// The steps the total limit was set to allow, as a refusal names them.
    total_steps: u64,
    /// The most bytes the store may hold (its games, options, memos and thermographs, as
    /// [`GameStore::memory_used`] counts them).
    memory_limit: u64,
    /// The pieces of the walls of the thermographs memoised, counted for the memory bound.
    thermograph_pieces: u64,
    depth: u32,
    operation: &'static str,
    /// The comparisons asked since the store was made (those the stops answer: [`COMPARISONS_A_STEP`] make a step).
    comparisons: u64,
}

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for GameStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameStore").field("games", &self.entries.len()).field("work_limit", &self.limit).finish()
    }
}

/// How many steps of work pass between two checks of the memory bound and the stop token: a
/// step is well under a microsecond, so a check every few milliseconds at most.
pub const CHECK_EVERY: u64 = 4096;

/// The comparisons answered by the stops that make one step of work: one costs a few
/// nanoseconds, a step (a game made, a comparison looked up or recursed into) a hundred or
/// more.
const COMPARISONS_A_STEP: u64 = 4;

/// The comparisons the memo holds past which it no longer fits the processor's caches (2^20,
/// about 13 MB with its table's slack): past it each look-up is a trip to main memory, and a
/// step costs two to three times what it does in cache (`1024.^^2`: 60 ns a step over its
/// first million steps, 150-330 ns once the memo holds millions), so a look-up counts two
/// steps there and 5·10^7 steps stay a few seconds.
const COMPARISONS_IN_CACHE: usize = 1 << 20;

/// The zero game's id: the first entry of every store.
const ZERO: Id = 0;

impl GameStore {
    /// An empty store (holding 0) with the default work limit.
    pub fn new() -> GameStore {
        let mut s = GameStore {
            serial: STORES.fetch_add(1, Ordering::Relaxed),
            entries: Vec::new(),
            stops: Vec::new(),
            arena: Vec::new(),
            moves_index: HashTable::new(),
            nus_index: IdMap::default(),
            le_memo: IdMap::default(),
            sum_memo: IdMap::default(),
            neg_memo: IdMap::default(),
            thermo_memo: IdMap::default(),
            aw_memo: IdMap::default(),
            up_powers: Vec::new(),
            up_power_sum: ZERO,
            up_power_of: IdMap::default(),
            limit: DEFAULT_WORK_LIMIT,
            work: 0,
            total_work: 0,
            total_limit: u64::MAX,
            total_steps: u64::MAX,
            thermograph_pieces: 0,
            memory_limit: u64::MAX,
            depth: 0,
            operation: "",
            comparisons: 0,
        };
        s.entries.push(Entry { nus: Some(Nus::number(Dyadic::ZERO)), span: Span::NOT_MADE, birthday: 0 });
        s.stops.push((Dyadic::ZERO, Dyadic::ZERO));
        s.nus_index.insert(Nus::number(Dyadic::ZERO), ZERO);
        s
    }

    /// The steps of work one operation may do before it is refused.
    pub fn work_limit(&self) -> u64 {
        self.limit
    }

    /// Sets the steps of work one operation may do (options visited, games created, comparisons
    /// and sums not already memoised).
    pub fn set_work_limit(&mut self, limit: u64) {
        self.limit = limit;
    }

    /// The steps of work done since the store was made, over every operation: a caller that
    /// runs many operations (the value of every position of a game) bounds their total with it.
    pub fn work_done(&self) -> u64 {
        self.total_work
    }

    /// Sets the most steps of work the store may do in all, over every operation from now on
    /// (counted from the work done so far): one bound for a whole computation, where the work
    /// limit bounds each operation. Past it an operation is refused with
    /// [`PartizanError::TooMuchWork`], its limit this one.
    pub fn set_total_work_limit(&mut self, steps: u64) {
        self.total_limit = self.total_work.saturating_add(steps);
        self.total_steps = steps;
    }

    /// The steps of work left before the total limit ([`GameStore::set_total_work_limit`]).
    pub fn total_work_left(&self) -> u64 {
        self.total_limit.saturating_sub(self.total_work)
    }

    /// The steps the total limit was last set to allow ([`GameStore::set_total_work_limit`];
    /// `u64::MAX` when never set), as a refusal names them.
    pub fn total_work_limit(&self) -> u64 {
        self.total_steps
    }

    /// Names `steps` as the total limit in later refusals, the count left as it is (an
    /// analysis given a share of the limit sets it back so).
    pub fn restore_total_work_steps(&mut self, steps: u64) {
        self.total_steps = steps;
    }

    /// Counts `steps` of work done outside the store for the computation it serves (a board
    /// game's options listed, a forecast's walk), against the same limits, with the same checks
    /// of the memory bound and the stop token (Ctrl-C); `operation` names it in a refusal.
    pub fn count_work(&mut self, steps: u64, operation: &'static str) -> Result<(), PartizanError> {
        let was = std::mem::replace(&mut self.operation, operation);
        let r = self.tick(steps);
        self.operation = was;
        r
    }

    /// Sets the most bytes the store may hold ([`GameStore::memory_used`]); past it an
    /// operation is refused with [`PartizanError::TooMuchMemory`] (checked every
    /// [`CHECK_EVERY`] steps, so a few hundred KiB may pass it).
    pub fn set_memory_limit(&mut self, bytes: u64) {
        self.memory_limit = bytes;
    }

    /// The most bytes the store may hold ([`GameStore::set_memory_limit`]; no bound at first).
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// The bytes the store holds, estimated from what it allocated: its games and their
    /// options, the interning table and the memos by their capacity, and the thermographs'
    /// pieces.
    pub fn memory_used(&self) -> u64 {
        fn table<K, V, S>(m: &HashMap<K, V, S>) -> u64 {
            // A hash table holds one control byte besides each slot.
            (m.capacity() as u64).saturating_mul(std::mem::size_of::<(K, V)>() as u64 + 1)
        }
        let entries = (self.entries.capacity() as u64).saturating_mul(std::mem::size_of::<Entry>() as u64);
        let stops = (self.stops.capacity() as u64).saturating_mul(std::mem::size_of::<(Dyadic, Dyadic)>() as u64);
        let options = (self.arena.capacity() as u64).saturating_mul(std::mem::size_of::<Id>() as u64);
        let moves_index = (self.moves_index.capacity() as u64).saturating_mul(std::mem::size_of::<Id>() as u64 + 1);
        let pieces = self.thermograph_pieces.saturating_mul(std::mem::size_of::<super::thermograph::Segment>() as u64);
        [
            entries,
            stops,
            options,
            moves_index,
            table(&self.nus_index),
            table(&self.le_memo),
            table(&self.sum_memo),
            table(&self.neg_memo),
            table(&self.thermo_memo),
            pieces,
        ]
        .into_iter()
        .fold(0u64, u64::saturating_add)
    }

    /// How many canonical games the store holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the store holds only 0 (it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.entries.len() <= 1
    }

    // ----- handles -----

    /// The id of a value of this store, or a refusal.
    pub(crate) fn id(&self, g: GameValue) -> Result<Id, PartizanError> {
        if g.store != self.serial || g.index as usize >= self.entries.len() {
            return Err(PartizanError::ForeignValue);
        }
        Ok(g.index)
    }

    /// The store's serial number: the values it made carry it.
    pub(crate) fn serial(&self) -> u32 {
        self.serial
    }

    /// The value of an id of this store.
    pub(crate) fn value(&self, id: Id) -> GameValue {
        GameValue { store: self.serial, index: id }
    }

    /// Starts a top-level operation: its work is counted from zero.
    pub(crate) fn begin(&mut self, operation: &'static str) {
        self.work = 0;
        self.depth = 0;
        self.operation = operation;
    }

    /// Counts `n` steps of work, refusing past the limit of one operation or of all of them;
    /// every [`CHECK_EVERY`] steps also checks the memory bound and the stop token installed on
    /// this thread (Ctrl-C, a server's deadline).
    pub(crate) fn tick(&mut self, n: u64) -> Result<(), PartizanError> {
        let before = self.total_work;
        self.work = self.work.saturating_add(n);
        self.total_work = self.total_work.saturating_add(n);
        if self.work > self.limit {
            return Err(PartizanError::TooMuchWork { operation: self.operation, limit: self.limit });
        }
        if self.total_work > self.total_limit {
            return Err(PartizanError::TooMuchWork { operation: self.operation, limit: self.total_steps });
        }
        if before / CHECK_EVERY != self.total_work / CHECK_EVERY {
            crate::stop::check()?;
            if self.memory_used() > self.memory_limit {
                return Err(PartizanError::TooMuchMemory { operation: self.operation, limit: self.memory_limit });
            }
        }
        Ok(())
    }

    /// Runs `f` one level deeper, refusing past [`MAX_DEPTH`].
    pub(crate) fn deeper<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, PartizanError>,
    ) -> Result<T, PartizanError> {
        if self.depth >= MAX_DEPTH {
            return Err(PartizanError::TooDeep { operation: self.operation, limit: MAX_DEPTH });
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    // ----- entries -----

    /// The parts of a nus game.
    pub(crate) fn nus_of(&self, a: Id) -> Option<Nus> {
        self.entries.get(a as usize).and_then(|e| e.nus)
    }

    /// The number a game is, if it is one.
    pub(crate) fn number_of(&self, a: Id) -> Option<Dyadic> {
        self.nus_of(a).filter(|n| n.is_number()).map(|n| n.number)
    }

    /// The birthday of an id.
    pub(crate) fn birthday_of(&self, a: Id) -> u64 {
        self.entries.get(a as usize).map_or(0, |e| e.birthday)
    }

    /// The id of a nus game, made if new.
    pub(crate) fn intern_nus(&mut self, n: Nus) -> Result<Id, PartizanError> {
        if let Some(&id) = self.nus_index.get(&n) {
            return Ok(id);
        }
        self.tick(1)?;
        let id = self.next_id()?;
        self.entries.push(Entry { nus: Some(n), span: Span::NOT_MADE, birthday: nus_birthday(n) });
        self.stops.push((n.number, n.number));
        self.nus_index.insert(n, id);
        Ok(id)
    }

    /// The id of a game given by canonical options (sorted, without repeats), which is neither a
    /// number nor a nus game, made if new.
    fn intern_moves(&mut self, left: Vec<Id>, right: Vec<Id>) -> Result<Id, PartizanError> {
        let hash = moves_hash(&left, &right);
        let (entries, arena) = (&self.entries, &self.arena);
        if let Some(&id) = self.moves_index.find(hash, |&id| slices(entries, arena, id) == (&left[..], &right[..])) {
            return Ok(id);
        }
        self.tick(1)?;
        let id = self.next_id()?;
        let birthday = 1 + left.iter().chain(right.iter()).map(|&o| self.birthday_of(o)).max().unwrap_or(0);
        // Siegel, II.3: L(G) = max R(G^L), R(G) = min L(G^R) for G not a number (a game
        // stored by its options has options on both sides: one with options on one side only
        // is a number, stored as one).
        let left_stop = left.iter().map(|&o| self.stops_of(o).1).max();
        let right_stop = right.iter().map(|&o| self.stops_of(o).0).min();
        let stops = match (left_stop, right_stop) {
            (Some(a), Some(b)) => (a, b),
            (Some(a), None) => (a, a),
            (None, Some(b)) => (b, b),
            (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
        };
        let span = self.push_options(&left, &right)?;
        self.entries.push(Entry { nus: None, span, birthday });
        self.stops.push(stops);
        let (entries, arena) = (&self.entries, &self.arena);
        self.moves_index.insert_unique(hash, id, |&id| {
            let (l, r) = slices(entries, arena, id);
            moves_hash(l, r)
        });
        Ok(id)
    }

    /// Appends a game's options to the arena, returning where they lie.
    fn push_options(&mut self, left: &[Id], right: &[Id]) -> Result<Span, PartizanError> {
        let too_many = || PartizanError::Overflow("a game with more than 2^32 - 1 options on one side".into());
        let span = Span {
            start: self.arena.len() as u64,
            left: u32::try_from(left.len()).map_err(|_| too_many())?,
            right: u32::try_from(right.len()).map_err(|_| too_many())?,
        };
        self.arena.extend_from_slice(left);
        self.arena.extend_from_slice(right);
        Ok(span)
    }

    /// The next id, refused when the store holds 2^32 - 1 games.
    fn next_id(&self) -> Result<Id, PartizanError> {
        Id::try_from(self.entries.len())
            .ok()
            .filter(|&i| i < Id::MAX)
            .ok_or_else(|| PartizanError::Overflow("a store of more than 2^32 - 1 games".into()))
    }

    /// Where the canonical options of a game lie in the arena (made for a nus game the first
    /// time).
    fn span(&mut self, a: Id) -> Result<Span, PartizanError> {
        let entry = self.entries.get(a as usize).ok_or(PartizanError::ForeignValue)?;
        if entry.span.made() {
            return Ok(entry.span);
        }
        let Some(n) = entry.nus else { return Err(PartizanError::ForeignValue) };
        let (l, r) = self.nus_options(n)?;
        let span = self.push_options(&l, &r)?;
        if let Some(e) = self.entries.get_mut(a as usize) {
            e.span = span;
        }
        Ok(span)
    }

    /// The option of the arena at `k` (an index of a span the store made).
    fn option_at(&self, k: usize) -> Result<Id, PartizanError> {
        self.arena.get(k).copied().ok_or(PartizanError::ForeignValue)
    }

    /// The canonical Left and Right options of a game (made for a nus game the first time).
    pub(crate) fn options(&mut self, a: Id) -> Result<Options, PartizanError> {
        let span = self.span(a)?;
        let (l, r) = (self.arena.get(span.lefts()), self.arena.get(span.rights()));
        Ok((l.unwrap_or_default().to_vec(), r.unwrap_or_default().to_vec()))
    }

    /// The canonical options of a game stored by its options (none for a nus game whose options
    /// were not made yet).
    pub(crate) fn options_if_made(&self, a: Id) -> Option<Options> {
        let span = self.entries.get(a as usize)?.span;
        span.made().then(|| {
            let (l, r) = slices(&self.entries, &self.arena, a);
            (l.to_vec(), r.to_vec())
        })
    }

    /// The canonical options of x + n·↑ + *m (Siegel, section II.4; Conway, ONAG, chapter 9):
    /// a number m/2^k is {(m-1)/2^k | (m+1)/2^k}, an integer n > 0 is {n-1 |}; x + *m is
    /// {x, x*, ..., x*(m-1) | the same}; for n >= 1, x + n·↑ + *m is {x | x + (n-1)·↑ + *(m^1)},
    /// save x + ↑* = {x, x* | x}; the negatives mirror these.
    fn nus_options(&mut self, g: Nus) -> Result<(Vec<Id>, Vec<Id>), PartizanError> {
        let x = g.number;
        let plain = |s: &mut Self, ups: i64, star: u64| s.intern_nus(Nus { number: x, ups, star });
        let (mut left, mut right) = (Vec::new(), Vec::new());
        if g.ups == 0 && g.star == 0 {
            let one = Dyadic::new(1, x.exponent())?;
            if x.is_integer() {
                if x > Dyadic::ZERO {
                    left.push(self.intern_nus(Nus::number(x.checked_sub(one)?))?);
                } else if x < Dyadic::ZERO {
                    right.push(self.intern_nus(Nus::number(x.checked_add(one)?))?);
                }
            } else {
                left.push(self.intern_nus(Nus::number(x.checked_sub(one)?))?);
                right.push(self.intern_nus(Nus::number(x.checked_add(one)?))?);
            }
        } else if g.ups == 0 {
            self.tick(g.star)?;
            for m in 0..g.star {
                left.push(plain(self, 0, m)?);
            }
            right = left.clone();
        } else if g.ups == 1 && g.star == 1 {
            left = vec![plain(self, 0, 0)?, plain(self, 0, 1)?];
            right = vec![plain(self, 0, 0)?];
        } else if g.ups == -1 && g.star == 1 {
            left = vec![plain(self, 0, 0)?];
            right = vec![plain(self, 0, 0)?, plain(self, 0, 1)?];
        } else if g.ups > 0 {
            left = vec![plain(self, 0, 0)?];
            right = vec![plain(self, g.ups - 1, g.star ^ 1)?];
        } else {
            left = vec![plain(self, g.ups + 1, g.star ^ 1)?];
            right = vec![plain(self, 0, 0)?];
        }
        left.sort_unstable();
        right.sort_unstable();
        Ok((left, right))
    }

    // ----- comparison -----

    /// Whether a <= b, by the recursive rule (Conway, ONAG, chapter 1: G <= H iff no G^L >= H and
    /// no H^R <= G), with the closed form of nus games and number avoidance.
    pub(crate) fn le_id(&mut self, a: Id, b: Id) -> Result<bool, PartizanError> {
        if a == b {
            return Ok(true);
        }
        // Every comparison asked counts, those the stops or the memo answer at once too (a
        // quarter of a step where the stops answer, a step where the memo's table is looked
        // up): canonical forms of many options compare them pairwise (a heap of 1,000 in
        // K-L-Nim, about 10^9 comparisons), which no other count would see.
        self.comparisons = self.comparisons.wrapping_add(1);
        if self.comparisons.is_multiple_of(COMPARISONS_A_STEP) {
            self.tick(1)?;
        }
        // The stops decide most pairs at once (Siegel, II.3): a <= b forces L(a) <= L(b) and
        // R(a) <= R(b); and R(b - a) >= R(b) - L(a), so R(b) > L(a) makes b - a's Right stop
        // positive, hence b - a > 0.
        let ((la, ra), (lb, rb)) = (self.stops_of(a), self.stops_of(b));
        if la > lb || ra > rb {
            return Ok(false);
        }
        if rb > la {
            return Ok(true);
        }
        let (na, nb) = (self.nus_of(a), self.nus_of(b));
        if let (Some(x), Some(y)) = (na, nb) {
            // A closed form, cheaper than the memo's lookup, and nothing to remember.
            return Ok(nus_le(x, y));
        }
        let step = if self.le_memo.len() < COMPARISONS_IN_CACHE { 1 } else { 2 };
        if let Some(&r) = self.le_memo.get(&(a, b)) {
            self.tick(step)?;
            return Ok(r);
        }
        self.tick(step)?;
        let r = match (na, nb) {
            (Some(x), Some(y)) => nus_le(x, y),
            (Some(x), None) if x.is_number() => {
                // b is not a number: b >= x iff no b^R <= x.
                let br = self.span(b)?.rights();
                self.deeper(|s| s.none(br, |s, o| s.le_id(o, a)))?
            }
            (None, Some(y)) if y.is_number() => {
                // a is not a number: a <= y iff no a^L >= y.
                let al = self.span(a)?.lefts();
                self.deeper(|s| s.none(al, |s, o| s.le_id(b, o)))?
            }
            _ => {
                let al = self.span(a)?.lefts();
                let br = self.span(b)?.rights();
                self.deeper(|s| Ok(s.none(br, |s, o| s.le_id(o, a))? && s.none(al, |s, o| s.le_id(b, o))?))?
            }
        };
        if self.le_memo.len() == self.le_memo.capacity() {
            // The memo full moves every comparison it holds into a table twice as large: a
            // step each, a second or more for tens of millions.
            self.tick(self.le_memo.len() as u64)?;
        }
        self.le_memo.insert((a, b), r);
        Ok(r)
    }

    /// Whether `test` holds for none of the options at `at`, a range of the arena.
    fn none(
        &mut self,
        at: Range<usize>,
        mut test: impl FnMut(&mut Self, Id) -> Result<bool, PartizanError>,
    ) -> Result<bool, PartizanError> {
        for k in at {
            let o = self.option_at(k)?;
            if test(self, o)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `test` holds for none of `ids`.
    fn none_of(
        &mut self,
        ids: &[Id],
        mut test: impl FnMut(&mut Self, Id) -> Result<bool, PartizanError>,
    ) -> Result<bool, PartizanError> {
        for &o in ids {
            if test(self, o)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// How a and b compare.
    pub(crate) fn compare_id(&mut self, a: Id, b: Id) -> Result<Relation, PartizanError> {
        if a == b {
            return Ok(Relation::Equal);
        }
        Ok(match (self.le_id(a, b)?, self.le_id(b, a)?) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        })
    }

    // ----- sum and negation -----

    /// The canonical form of a + b.
    pub(crate) fn add_id(&mut self, a: Id, b: Id) -> Result<Id, PartizanError> {
        if a == ZERO {
            return Ok(b);
        }
        if b == ZERO {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&r) = self.sum_memo.get(&key) {
            return Ok(r);
        }
        self.tick(1)?;
        let r = match (self.nus_of(a), self.nus_of(b)) {
            (Some(x), Some(y)) => {
                let ups = x.ups.checked_add(y.ups).ok_or_else(|| {
                    PartizanError::Overflow(format!("a multiple of ↑ past 2^63 - 1 ({} + {})", x.ups, y.ups))
                })?;
                self.intern_nus(Nus { number: x.number.checked_add(y.number)?, ups, star: x.star ^ y.star })?
            }
            (Some(x), _) if x.is_number() => self.deeper(|s| s.translate(b, a))?,
            (_, Some(y)) if y.is_number() => self.deeper(|s| s.translate(a, b))?,
            _ => self.deeper(|s| {
                let (sa, sb) = (s.span(a)?, s.span(b)?);
                let mut left = Vec::with_capacity((sa.left + sb.left) as usize);
                let mut right = Vec::with_capacity((sa.right + sb.right) as usize);
                for k in sa.lefts() {
                    left.push(s.add_id(s.option_at(k)?, b)?);
                }
                for k in sb.lefts() {
                    left.push(s.add_id(a, s.option_at(k)?)?);
                }
                for k in sa.rights() {
                    right.push(s.add_id(s.option_at(k)?, b)?);
                }
                for k in sb.rights() {
                    right.push(s.add_id(a, s.option_at(k)?)?);
                }
                s.canonical(left, right)
            })?,
        };
        self.sum_memo.insert(key, r);
        Ok(r)
    }

    /// The canonical form of the sum of `ids`, added in order, refused before the rest of the
    /// work when the work the sums so far took forecasts more than the limits leave (a sum of
    /// many hot games, `±1+±2+...+±40`, grows with each game added: its canonical form's
    /// positions are sums of the parts' positions, up to the product of their numbers).
    ///
    /// The forecast: once [`SUM_FORECAST_AFTER`] games were added, the work of the j sums so far
    /// against that of the first j/2 gives the power of j the work grows as ([`sum_forecast`]),
    /// and the next j sums (or the rest, when fewer) are forecast by it, again after every sum.
    /// A refusal names the limit the forecast passes, as one met by the work would.
    pub(crate) fn add_all(&mut self, ids: &[Id]) -> Result<Id, PartizanError> {
        let mut acc = ZERO;
        // The work of each sum of two games that are not both parts of x + n·↑ + *m.
        let mut works: Vec<u64> = Vec::with_capacity(ids.len());
        for (i, &t) in ids.iter().enumerate() {
            let closed = self.nus_of(acc).is_some() && self.nus_of(t).is_some();
            let before = self.total_work;
            acc = self.add_id(acc, t)?;
            if closed {
                continue;
            }
            works.push(self.total_work.saturating_sub(before));
            // The sums of the next doubling, not all that are left: a power read from a few sums
            // is not carried over a thousand more (a row of games whose sum keeps coming back,
            // ±1 + * + ±1 + * + ..., read as the 3rd power after six sums, was refused), and
            // the reading is made again at every sum.
            let left = (ids.len() - i - 1).min(works.len());
            if works.len() >= SUM_FORECAST_AFTER && left > 0 {
                let forecast = sum_forecast(&works, left);
                let room = self.total_limit.saturating_sub(self.total_work).min(self.limit.saturating_sub(self.work));
                if forecast > room as f64 {
                    let limit =
                        if self.total_limit.saturating_sub(self.total_work) <= self.limit.saturating_sub(self.work) {
                            self.total_steps
                        } else {
                            self.limit
                        };
                    return Err(PartizanError::TooMuchWork {
                        operation: "a sum of many games, forecast from the work of its first sums",
                        limit,
                    });
                }
            }
        }
        Ok(acc)
    }

    /// g + x for a number x and a game g that is not one, by the number translation theorem
    /// (Siegel, section II.3: g + x = {g^L + x | g^R + x}).
    fn translate(&mut self, g: Id, x: Id) -> Result<Id, PartizanError> {
        let span = self.span(g)?;
        let mut left = Vec::with_capacity(span.left as usize);
        for k in span.lefts() {
            left.push(self.add_id(self.option_at(k)?, x)?);
        }
        let mut right = Vec::with_capacity(span.right as usize);
        for k in span.rights() {
            right.push(self.add_id(self.option_at(k)?, x)?);
        }
        self.canonical(left, right)
    }

    /// The canonical form of -a: the options mirrored (the negative of a canonical form is
    /// canonical).
    pub(crate) fn neg_id(&mut self, a: Id) -> Result<Id, PartizanError> {
        if let Some(&r) = self.neg_memo.get(&a) {
            return Ok(r);
        }
        self.tick(1)?;
        let r = if let Some(x) = self.nus_of(a) {
            let ups = x.ups.checked_neg().ok_or_else(|| PartizanError::Overflow("the negative of -2^63·↑".into()))?;
            self.intern_nus(Nus { number: x.number.checked_neg()?, ups, star: x.star })?
        } else {
            let span = self.span(a)?;
            self.deeper(|s| {
                let mut left = Vec::with_capacity(span.right as usize);
                for k in span.rights() {
                    left.push(s.neg_id(s.option_at(k)?)?);
                }
                let mut right = Vec::with_capacity(span.left as usize);
                for k in span.lefts() {
                    right.push(s.neg_id(s.option_at(k)?)?);
                }
                left.sort_unstable();
                right.sort_unstable();
                s.intern_moves(left, right)
            })?
        };
        self.neg_memo.insert(a, r);
        self.neg_memo.insert(r, a);
        Ok(r)
    }

    // ----- canonical form -----

    /// The canonical form of {left | right}, the options canonical (Siegel, section II.2):
    /// dominated options removed and reversible ones bypassed until neither is left, then
    /// stored by its parts if it is a number or a nus game.
    pub(crate) fn canonical(&mut self, mut left: Vec<Id>, mut right: Vec<Id>) -> Result<Id, PartizanError> {
        self.tick(1 + (left.len() + right.len()) as u64)?;
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(x) = self.number_form(&left, &right)? {
            return self.intern_nus(Nus::number(x));
        }
        let mut memo = IdMap::default();
        loop {
            left = self.undominated(left, Side::Left)?;
            right = self.undominated(right, Side::Right)?;
            let (new_left, bypassed_left) = self.bypass(&left, &right, Side::Left, &mut memo)?;
            let (new_right, bypassed_right) = self.bypass(&left, &right, Side::Right, &mut memo)?;
            if !bypassed_left && !bypassed_right {
                break;
            }
            left = new_left;
            right = new_right;
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
        }
        if let Some(x) = self.number_form(&left, &right)? {
            return self.intern_nus(Nus::number(x));
        }
        if let Some(n) = self.nus_form(&left, &right) {
            return self.intern_nus(n);
        }
        self.intern_moves(left, right)
    }

    /// The number {left | right} is when every option is a number and each Left one is below
    /// each Right one: the simplest number between (the simplicity theorem).
    fn number_form(&self, left: &[Id], right: &[Id]) -> Result<Option<Dyadic>, PartizanError> {
        let mut lo: Option<Dyadic> = None;
        for &o in left {
            let Some(x) = self.number_of(o) else { return Ok(None) };
            lo = Some(lo.map_or(x, |l| l.max(x)));
        }
        let mut hi: Option<Dyadic> = None;
        for &o in right {
            let Some(x) = self.number_of(o) else { return Ok(None) };
            hi = Some(hi.map_or(x, |h| h.min(x)));
        }
        Dyadic::simplest_between(lo, hi)
    }

    /// The nus game whose canonical options these are, if any (the shapes of
    /// [`GameStore::nus_options`]).
    fn nus_form(&self, left: &[Id], right: &[Id]) -> Option<Nus> {
        let l: Vec<Nus> = left.iter().map(|&o| self.nus_of(o)).collect::<Option<_>>()?;
        let r: Vec<Nus> = right.iter().map(|&o| self.nus_of(o)).collect::<Option<_>>()?;
        let first = *l.first()?;
        let x = first.number;
        if left == right {
            // x + *m: the options are x + *j for every j < m.
            let m = l.len() as u64;
            let mut stars: Vec<u64> = l.iter().filter(|n| n.number == x && n.ups == 0).map(|n| n.star).collect();
            stars.sort_unstable();
            return (stars.len() == l.len() && stars.iter().copied().eq(0..m)).then_some(Nus {
                number: x,
                ups: 0,
                star: m,
            });
        }
        let number = |n: &Nus| n.is_number() && n.number == x;
        match (l.as_slice(), r.as_slice()) {
            ([a], [b]) if number(a) && b.number == x && b.ups >= 0 && !b.is_number() => {
                Some(Nus { number: x, ups: b.ups.checked_add(1)?, star: b.star ^ 1 })
            }
            ([a], [b]) if number(b) && a.number == b.number && a.ups <= 0 && !a.is_number() => {
                Some(Nus { number: a.number, ups: a.ups.checked_sub(1)?, star: a.star ^ 1 })
            }
            ([a, b], [c]) if number(c) && c.number == x && both_zero_and_star(a, b, x) => {
                Some(Nus { number: x, ups: 1, star: 1 })
            }
            ([a], [b, c]) if number(a) && both_zero_and_star(b, c, x) => Some(Nus { number: x, ups: -1, star: 1 }),
            _ => None,
        }
    }

    /// The options of one side that no other option of that side dominates (Left keeps the
    /// maximal ones, Right the minimal ones; distinct canonical forms are never equal).
    fn undominated(&mut self, options: Vec<Id>, side: Side) -> Result<Vec<Id>, PartizanError> {
        if options.len() < 2 {
            return Ok(options);
        }
        let mut kept = Vec::with_capacity(options.len());
        for (i, &o) in options.iter().enumerate() {
            let mut dominated = false;
            for (j, &p) in options.iter().enumerate() {
                if i == j {
                    continue;
                }
                let worse = match side {
                    Side::Left => self.le_id(o, p)?,
                    Side::Right => self.le_id(p, o)?,
                };
                if worse {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                kept.push(o);
            }
        }
        Ok(kept)
    }

    /// One side's options with each reversible one bypassed (Siegel, section II.2: a Left option
    /// G^L with some G^LR <= G is replaced by the Left options of that G^LR; Right mirrors), and
    /// whether any was.
    fn bypass(
        &mut self,
        left: &[Id],
        right: &[Id],
        side: Side,
        memo: &mut IdMap<(Id, bool), bool>,
    ) -> Result<(Vec<Id>, bool), PartizanError> {
        let options = if side == Side::Left { left } else { right };
        let mut out = Vec::with_capacity(options.len());
        let mut changed = false;
        for &o in options {
            let span = self.span(o)?;
            let mut replaced = false;
            let answers = if side == Side::Left { span.rights() } else { span.lefts() };
            for k in answers {
                let reply = self.option_at(k)?;
                let reverses = match side {
                    Side::Left => self.loose_le(reply, left, right, memo)?,
                    Side::Right => self.loose_ge(reply, left, right, memo)?,
                };
                if reverses {
                    let at = self.span(reply)?;
                    let at = if side == Side::Left { at.lefts() } else { at.rights() };
                    out.extend_from_slice(self.arena.get(at).unwrap_or_default());
                    replaced = true;
                    break;
                }
            }
            if replaced {
                changed = true;
            } else {
                out.push(o);
            }
        }
        Ok((out, changed))
    }

    /// Whether x <= G for G = {left | right} not yet stored: no x^L >= G and no G^R <= x.
    fn loose_le(
        &mut self,
        x: Id,
        left: &[Id],
        right: &[Id],
        memo: &mut IdMap<(Id, bool), bool>,
    ) -> Result<bool, PartizanError> {
        if let Some(&r) = memo.get(&(x, true)) {
            return Ok(r);
        }
        self.tick(1)?;
        let mut r = self.none_of(right, |s, o| s.le_id(o, x))?;
        if r {
            let xl = self.span(x)?.lefts();
            r = self.deeper(|s| s.none(xl, |s, o| s.loose_ge(o, left, right, memo)))?;
        }
        memo.insert((x, true), r);
        Ok(r)
    }

    /// Whether x >= G for G = {left | right} not yet stored: no G^L >= x and no x^R <= G.
    fn loose_ge(
        &mut self,
        x: Id,
        left: &[Id],
        right: &[Id],
        memo: &mut IdMap<(Id, bool), bool>,
    ) -> Result<bool, PartizanError> {
        if let Some(&r) = memo.get(&(x, false)) {
            return Ok(r);
        }
        self.tick(1)?;
        let mut r = self.none_of(left, |s, o| s.le_id(x, o))?;
        if r {
            let xr = self.span(x)?.rights();
            r = self.deeper(|s| s.none(xr, |s, o| s.loose_le(o, left, right, memo)))?;
        }
        memo.insert((x, false), r);
        Ok(r)
    }

    // ----- stops -----

    /// Left's and Right's stops (Siegel, section II.3: a number's are itself; otherwise
    /// L(G) = max R(G^L), R(G) = min L(G^R)), made with each game when it is stored.
    pub(crate) fn stops_id(&mut self, g: Id) -> Result<(Dyadic, Dyadic), PartizanError> {
        self.tick(1)?;
        self.stops.get(g as usize).copied().ok_or(PartizanError::ForeignValue)
    }

    /// The stops of a stored game (zero for an id past the store's, which no caller has).
    fn stops_of(&self, g: Id) -> (Dyadic, Dyadic) {
        self.stops.get(g as usize).copied().unwrap_or((Dyadic::ZERO, Dyadic::ZERO))
    }

    /// The memoised thermograph of `g`, if any.
    pub(crate) fn thermograph_memoised(&self, g: Id) -> Option<Arc<Thermograph>> {
        self.thermo_memo.get(&g).cloned()
    }

    /// Memoises the thermograph of `g`, counting its pieces for the memory bound.
    pub(crate) fn remember_thermograph(&mut self, g: Id, t: Arc<Thermograph>) {
        let pieces = (t.left_wall().segments().len() + t.right_wall().segments().len()) as u64;
        self.thermograph_pieces = self.thermograph_pieces.saturating_add(pieces);
        self.thermo_memo.insert(g, t);
    }
}

/// The sums of two games a sum of many must have added before the work of the rest is
/// forecast from theirs.
pub(crate) const SUM_FORECAST_AFTER: usize = 6;

/// The work forecast for the `left` sums still to do, from `works`, the work of each done so far
/// (see [`GameStore::add_all`]). The work done in all, W(j) after j sums, is taken to grow as a
/// power of j: its growth from j/2 sums to j gives the power (at most the 9th: the work of a sum
/// is at most a product of a few sizes; at least the 1st: a sum is no cheaper than the one
/// before it was, as the games summed grow), and each sum to come costs W's rate there. The
/// totals, not single sums, are compared: a sum answered from the memo (a part met before, or
/// games that cancel) costs next to nothing, and one such sum read as the work half as many
/// sums before made a row of games that cancel look like the 8th power.
fn sum_forecast(works: &[u64], left: usize) -> f64 {
    let j = works.len();
    if j < 2 {
        return 0.0;
    }
    let total = works.iter().sum::<u64>().max(1) as f64;
    let half = works.get(..j / 2).map_or(0, |w| w.iter().sum::<u64>()).max(1) as f64;
    let power = ((total / half).ln() / (j as f64 / (j / 2) as f64).ln()).clamp(1.0, 9.0);
    let rate = power * total / j as f64;
    (1..=left).map(|i| rate * ((j + i) as f64 / j as f64).powf(power - 1.0)).sum()
}

/// Whether `a` and `b` are x and x + * in some order.
fn both_zero_and_star(a: &Nus, b: &Nus, x: Dyadic) -> bool {
    let is = |n: &Nus, star: u64| n.number == x && n.ups == 0 && n.star == star;
    (is(a, 0) && is(b, 1)) || (is(a, 1) && is(b, 0))
}

/// Whether x <= y for nus games: by the numbers when they differ (the infinitesimal parts are
/// smaller than any positive number), else by the sign of d = (y - x)'s part k·↑ + *j, which
/// is at least 0 iff k >= 2, or k = 1 and j != 1 (↑*j > 0 for j != 1, ↑* is confused with 0),
/// or k = 0 and j = 0 (Siegel, section II.4).
fn nus_le(x: Nus, y: Nus) -> bool {
    if x.number != y.number {
        return x.number < y.number;
    }
    let k = i128::from(y.ups) - i128::from(x.ups);
    let j = x.star ^ y.star;
    k >= 2 || (k == 1 && j != 1) || (k == 0 && j == 0)
}

/// The birthday of x + n·↑ + *m: the number's (|x| for an integer, floor(|x|) + k + 1 for an odd
/// numerator over 2^k), plus that of n·↑ + *m, following its options {0 | (n-1)·↑ + *(m^1)}
/// down to n·↑'s last step.
fn nus_birthday(g: Nus) -> u64 {
    let x = g.number;
    let magnitude = x.numerator().unsigned_abs();
    let number_day = if x.is_integer() { magnitude } else { (magnitude >> x.exponent()) + u64::from(x.exponent()) + 1 };
    let n = g.ups.unsigned_abs();
    let m = g.star;
    let infinitesimal_day = if n == 0 {
        m
    } else if m ^ ((n - 1) & 1) == 1 {
        // The chain reaches ↑* (or ↓*), born on day 2, after n - 1 steps.
        n + 1
    } else {
        n.saturating_add(m ^ (n & 1))
    };
    number_day.saturating_add(infinitesimal_day)
}

#[cfg(test)]
mod tests {
    use super::{GameStore, COMPARISONS_IN_CACHE};

    /// The work of comparing ↑^5 with {1|0}.↑^3 (games made first, in a store whose memo of
    /// comparisons holds `held` made-up pairs of ids no game has), and the comparisons its memo
    /// then holds.
    fn comparison_work(held: usize) -> (u64, usize) {
        let mut s = GameStore::new();
        let a = s.parse("^^5").unwrap();
        let b = s.parse("{1|0}.^^3").unwrap();
        let (a, b) = (s.id(a).unwrap(), s.id(b).unwrap());
        s.le_memo.reserve(held);
        for k in 0..held as u32 {
            s.le_memo.insert((u32::MAX, k), false);
        }
        let memo = s.le_memo.len();
        s.begin("a test");
        let before = s.work_done();
        s.le_id(a, b).unwrap();
        s.le_id(b, a).unwrap();
        (s.work_done() - before, s.le_memo.len() - memo)
    }

    #[test]
    fn comparisons_past_the_caches_count_two_steps() {
        // Past the caches each look-up in the memo is a trip to main memory: the same
        // comparisons count a step more for each look-up (every comparison the memo did not
        // hold looked it up once), where before they counted the same (1024.^^2 refused after
        // 9-13 s of CPU and 670 MB at 5·10^7 steps).
        let (plain, made) = comparison_work(0);
        let (far, made_far) = comparison_work(COMPARISONS_IN_CACHE);
        assert_eq!(made, made_far);
        assert!(made > 0);
        assert!(far >= plain + made as u64, "{far} steps past the caches, {plain} in them, {made} comparisons made");
    }

    #[test]
    fn a_memo_that_grows_counts_the_comparisons_it_moves() {
        let mut s = GameStore::new();
        let a = s.parse("^^5").unwrap();
        let b = s.parse("{1|0}.^^3").unwrap();
        let (a, b) = (s.id(a).unwrap(), s.id(b).unwrap());
        let mut k = 0;
        while s.le_memo.len() < s.le_memo.capacity() {
            s.le_memo.insert((u32::MAX, k), false);
            k += 1;
        }
        let held = s.le_memo.len() as u64;
        s.begin("a test");
        let before = s.work_done();
        s.le_id(a, b).unwrap();
        assert!(s.work_done() - before >= held, "{} steps, {held} comparisons moved", s.work_done() - before);
    }
}
