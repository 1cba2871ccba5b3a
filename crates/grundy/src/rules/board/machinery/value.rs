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

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::key_hash::KeyMap;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::partizan::{answer_from_value, WinsByValue};
use crate::rules::board::{listed_note, listing_room, BoardContext, BoardRules, Players};
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// Which position is which value: the memo of a search.
trait Memo<K>: Default {
    /// The value of `key`, if known.
    fn get(&self, key: &K) -> Option<GameValue>;
    /// Remembers the value of `key`.
    fn insert(&mut self, key: K, value: GameValue);
}

impl<K: Eq + Hash> Memo<K> for KeyMap<K, GameValue> {
    fn get(&self, key: &K) -> Option<GameValue> {
        HashMap::get(self, key).copied()
    }
    fn insert(&mut self, key: K, value: GameValue) {
        HashMap::insert(self, key, value);
    }
}

/// A packed key of at most 64 bits as 32-bit halves, so that a slot of the table, with its
/// value's index, is 12 bytes (a `u64` would align it to 16).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Narrow([u32; 2]);

impl Hash for Narrow {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(u64::from(self.0[0]) | u64::from(self.0[1]) << 32);
    }
}

/// A packed key past 64 bits, as 32-bit quarters (20 bytes a slot with its value's index; a
/// `u128` would align it to 32).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Wide([u32; 4]);

impl Hash for Wide {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let [a, b, c, d] = self.0.map(u64::from);
        state.write_u64(a | b << 32);
        state.write_u64(c | d << 32);
    }
}

/// How many tables the narrow keys are shared between: a table that grows holds its old
/// slots and its new ones at once, so one table of all the keys would need half again its
/// size at its peak; a sixteenth of them grows at a time instead.
const NARROW_SHARDS: usize = 16;

/// The memo of packed keys: those that fit in 64 bits (a game packs its small positions so,
/// [`crate::rules::board::grid::bitgrid::BitGrid::pack`]) in tables of 12-byte slots
/// ([`NARROW_SHARDS`] of them), the rest in one of 20, each holding its value's index in the
/// one store the memo serves (`store`, its serial number). Most positions of a search are
/// small, so the memo holds under half the bytes a table of `u128` keys and values would.
#[derive(Default)]
struct PackedMemo {
    store: u32,
    narrow: [KeyMap<Narrow, u32>; NARROW_SHARDS],
    wide: KeyMap<Wide, u32>,
}

impl PackedMemo {
    /// Forgets every value when `store` is not the store they were made in (their indices mean
    /// nothing there).
    fn serve(&mut self, store: &GameStore) {
        if self.store != store.serial() {
            *self = PackedMemo { store: store.serial(), ..PackedMemo::default() };
        }
    }

    /// The narrow table of key `k`, by the top bits of a multiply (the tables' own hash reads
    /// the low bits of another).
    fn shard(k: u64) -> usize {
        (k.wrapping_mul(0xff51_afd7_ed55_8ccd) >> 60) as usize % NARROW_SHARDS
    }
}

/// Where a packed key lies in a [`PackedMemo`]: a narrow table's key, or the wide table's.
enum Slot {
    Narrow(usize, Narrow),
    Wide(Wide),
}

impl Slot {
    /// The slot of `key`: narrow where it fits in 64 bits, in the shard its bits pick.
    fn of(key: Packed) -> Slot {
        match u64::try_from(key) {
            Ok(k) => Slot::Narrow(PackedMemo::shard(k), Narrow([k as u32, (k >> 32) as u32])),
            Err(_) => Slot::Wide(Wide([key as u32, (key >> 32) as u32, (key >> 64) as u32, (key >> 96) as u32])),
        }
    }
}

impl Memo<Packed> for PackedMemo {
    fn get(&self, key: &Packed) -> Option<GameValue> {
        let index = match Slot::of(*key) {
            Slot::Narrow(shard, k) => self.narrow.get(shard).and_then(|t| t.get(&k)),
            Slot::Wide(k) => self.wide.get(&k),
        };
        index.map(|&i| GameValue::of_parts(self.store, i))
    }
    fn insert(&mut self, key: Packed, value: GameValue) {
        let (store, index) = value.parts();
        if store != self.store {
            // Not this memo's store ([`PackedMemo::serve`] is called first): nothing kept.
            return;
        }
        match Slot::of(key) {
            Slot::Narrow(shard, k) => self.narrow.get_mut(shard).and_then(|t| t.insert(k, index)),
            Slot::Wide(k) => self.wide.insert(k, index),
        };
    }
}

/// How a stored position's value is made from the values of its children.
#[derive(Clone, Copy)]
enum Made {
    /// The sum of the children's values: the position's independent parts.
    Sum,
    /// The game whose Left options are the first `left` children and Right options the rest.
    Options { left: usize },
    /// A value the game's own rule gave at once ([`BoardRules::known_value`]).
    Known(GameValue),
}

/// A position being valued: its key, how its value is made, where its children lie on the
/// search's stack of children (`children[start..end]`) and the next one to look at.
struct Frame<K> {
    key: K,
    made: Made,
    start: usize,
    end: usize,
    next: usize,
}

/// What the search asks of a game: a position's parts or options, by key. Two kinds of key:
/// a position's numbers ([`BoardRules`]) and a packed one ([`PackedRules`]).
trait Source {
    type Key: Clone + Eq + Hash;
    /// The memo of the keys' values.
    type Memo: Memo<Self::Key>;
    /// The positions one unit of the budget pays for: the budget is set by the memory a
    /// position of numbers holds (a vector and its options' vectors), a packed one holds an
    /// eighth of it.
    const POSITIONS_A_UNIT: u64;
    /// The game's name, for a refusal.
    fn spelling(&self) -> String;
    /// Whether a position may be reachable from itself (then the search checks for it).
    fn may_cycle(&self) -> bool;
    /// The most options `key` may have, when the game bounds them.
    fn option_bound(&self, key: &Self::Key) -> Option<u128>;
    /// At least how many steps listing the options of `key` takes, where that passes `room`
    /// and is known without listing them ([`listing_steps_at_least`]).
    fn listing_steps(&self, key: &Self::Key, room: u64) -> Option<u64>;
    /// The bytes a key holds in the memo, beyond the entry's own.
    fn key_bytes(&self, key: &Self::Key) -> u64;
    /// The words of a key, as the work of listing it counts them.
    fn key_words(&self, key: &Self::Key) -> u64;
    /// The value of `key` when the game's theory gives it at once and cheaply (a board where
    /// one player alone can move): such a position is not stored in the memo, only valued
    /// again where it is met.
    fn quick_value(&self, _key: &Self::Key, _store: &mut GameStore) -> Result<Option<GameValue>, AnalyzeError> {
        Ok(None)
    }
    /// How the value of `key` is made: its parts or options (canonical keys) pushed onto
    /// `children`, or its value at once.
    fn expand(
        &self,
        key: &Self::Key,
        store: &mut GameStore,
        children: &mut Vec<Self::Key>,
    ) -> Result<Made, AnalyzeError>;
}

/// A position's canonical numbers as a memo key: packed into 128 bits where they fit (at most
/// 31 numbers of at most 8 bits each, 120 bits in all: a strip of Toads and Frogs, a small
/// Clobber board), else held as they are. The memo of a search that reaches millions of
/// positions holds 16 bytes a key instead of a vector.
#[derive(Clone, PartialEq, Eq, Hash)]
enum NumbersKey {
    /// The numbers' count (5 bits) and width less one (3 bits) on top, the numbers below.
    Packed(u128),
    /// Numbers that do not fit.
    Held(Box<[u64]>),
}

impl NumbersKey {
    fn of(numbers: Vec<u64>) -> NumbersKey {
        let widest = numbers.iter().fold(0u64, |m, &n| m | n);
        let width = (64 - widest.leading_zeros()).max(1);
        if numbers.len() < 32 && width <= 8 && numbers.len() as u32 * width <= 120 {
            let header = (numbers.len() as u128) << 3 | u128::from(width - 1);
            let body = numbers.iter().rev().fold(0u128, |k, &n| k << width | u128::from(n));
            return NumbersKey::Packed(header << 120 | body);
        }
        NumbersKey::Held(numbers.into_boxed_slice())
    }

    fn numbers(&self) -> Vec<u64> {
        match self {
            NumbersKey::Held(numbers) => numbers.to_vec(),
            NumbersKey::Packed(key) => {
                let (len, width) = ((key >> 123) as u32, ((key >> 120) & 7) as u32 + 1);
                let mask = (1u128 << width) - 1;
                (0..len).map(|i| ((key >> (i * width)) & mask) as u64).collect()
            }
        }
    }

    fn len(&self) -> u64 {
        match self {
            NumbersKey::Held(numbers) => numbers.len() as u64,
            NumbersKey::Packed(key) => (key >> 123) as u64,
        }
    }
}

/// The steps a word of an option's numbers counts when it is listed: a position of numbers is
/// made canonical by several passes over them (crops, symmetric images, regions), each with its
/// vectors, so that a step of it takes about as long as a step of a packed search (Clobber's
/// 4x5 board: 2.9*10^6 steps a second counted one a word, against Domineering's 10^7).
pub const NUMBERS_WORD_STEPS: u64 = 4;

/// At least how many steps listing the options of `numbers` for both players takes, as the
/// search counts them (a step a word of each canonical option: [`NUMBERS_WORD_STEPS`]), where
/// that may pass `room` steps and the game knows it without listing them
/// ([`PlayHelp::option_words`](crate::rules::board::PlayHelp::option_words)), for a position
/// the search lists the options of (not one of several parts, valued as their sum); `None`
/// where the listing fits (or is not known): then listing is the way to find out.
pub(crate) fn listing_steps_at_least(rules: &dyn BoardRules, numbers: &[u64], room: u64) -> Option<u64> {
    // A position of several parts is valued as their sum: its own options are never listed.
    whole_listing_steps_at_least(rules, numbers, room)
        .filter(|_| rules.components(numbers).is_none_or(|parts| parts.len() < 2))
}

/// Whether listing the options of a position of `len` numbers, for both players, might pass
/// `room` steps when they are as many as its numbers and as long as it: only then is the game
/// asked how long its options are ([`PlayHelp::option_words`]'s bargain).
///
/// [`PlayHelp::option_words`]: crate::rules::board::PlayHelp::option_words
fn listing_may_not_fit(len: usize, room: u64) -> bool {
    let n = len as u128;
    n.saturating_mul(n).saturating_mul(2 * u128::from(NUMBERS_WORD_STEPS)) > u128::from(room)
}

/// [`listing_steps_at_least`] for the options of the whole position, parts or not (the
/// winning moves of a position whose parts do not stand in it as runs are found among them).
fn whole_listing_steps_at_least(rules: &dyn BoardRules, numbers: &[u64], room: u64) -> Option<u64> {
    if !listing_may_not_fit(numbers.len(), room) {
        return None;
    }
    // An impartial position's options are the same for both players: counted once, twice.
    let first = rules.option_words(numbers, 0)?;
    let second = match rules.players(Some(numbers)) {
        Players::Impartial => first,
        _ => rules.option_words(numbers, 1)?,
    };
    let words = first.saturating_add(second);
    let steps = u64::try_from(words.saturating_mul(u128::from(NUMBERS_WORD_STEPS))).unwrap_or(u64::MAX);
    (steps > room).then_some(steps)
}

/// Positions as their canonical numbers.
struct ByNumbers<'a>(&'a dyn BoardRules);

impl Source for ByNumbers<'_> {
    type Key = NumbersKey;
    type Memo = KeyMap<NumbersKey, GameValue>;
    const POSITIONS_A_UNIT: u64 = 1;
    fn spelling(&self) -> String {
        self.0.spelling()
    }
    fn may_cycle(&self) -> bool {
        true
    }
    fn option_bound(&self, key: &NumbersKey) -> Option<u128> {
        self.0.option_count_bound(&key.numbers())
    }
    fn listing_steps(&self, key: &NumbersKey, room: u64) -> Option<u64> {
        // The numbers are written out only for a key long enough to matter (every frame asks).
        let len = usize::try_from(key.len()).unwrap_or(usize::MAX);
        listing_may_not_fit(len, room).then(|| listing_steps_at_least(self.0, &key.numbers(), room)).flatten()
    }
    fn key_bytes(&self, key: &NumbersKey) -> u64 {
        match key {
            NumbersKey::Packed(_) => 0,
            NumbersKey::Held(numbers) => 8 * numbers.len() as u64 + 16,
        }
    }
    fn key_words(&self, key: &NumbersKey) -> u64 {
        NUMBERS_WORD_STEPS * key.len()
    }
    fn expand(
        &self,
        key: &NumbersKey,
        store: &mut GameStore,
        children: &mut Vec<NumbersKey>,
    ) -> Result<Made, AnalyzeError> {
        let rules = self.0;
        let numbers = key.numbers();
        let canonical = |o: &Vec<u64>| NumbersKey::of(rules.canonical(o));
        // The parts first, so that a move in one part values that part again, not the whole.
        if let Some(parts) = rules.components(&numbers).filter(|parts| parts.len() > 1) {
            children.extend(parts.iter().map(canonical));
            return Ok(Made::Sum);
        }
        if let Some(known) = rules.known_value(&numbers, store) {
            return Ok(Made::Known(known.map_err(partizan_error)?));
        }
        // Each option made canonical, the stop token checked between them (a long graph's
        // options, each as long as it, take a while each).
        let mut ticker = crate::stop::Ticker::new(16);
        let mut list = |mover: usize, children: &mut Vec<NumbersKey>| {
            rules.each_option(&numbers, mover, &mut |o| {
                ticker.tick()?;
                children.push(canonical(&o));
                Ok(())
            })
        };
        let start = children.len();
        list(0, children)?;
        let left = children.len() - start;
        // An impartial position's options are the same for both players: listed once.
        match rules.players(Some(&numbers)) {
            Players::Impartial => children.extend_from_within(start..),
            _ => list(1, children)?,
        }
        Ok(Made::Options { left })
    }
}

/// Positions as packed keys.
struct ByKeys<'a>(&'a dyn PackedRules, &'a dyn BoardRules);

impl Source for ByKeys<'_> {
    type Key = Packed;
    type Memo = PackedMemo;
    const POSITIONS_A_UNIT: u64 = 8;
    fn spelling(&self) -> String {
        self.1.spelling()
    }
    fn may_cycle(&self) -> bool {
        false
    }
    fn option_bound(&self, _key: &Packed) -> Option<u128> {
        None
    }
    fn listing_steps(&self, _key: &Packed, _room: u64) -> Option<u64> {
        None
    }
    fn key_bytes(&self, _key: &Packed) -> u64 {
        0
    }
    fn key_words(&self, _key: &Packed) -> u64 {
        2
    }
    fn quick_value(&self, key: &Packed, store: &mut GameStore) -> Result<Option<GameValue>, AnalyzeError> {
        self.0.key_value(*key, store).transpose().map_err(partizan_error)
    }
    fn expand(&self, key: &Packed, store: &mut GameStore, children: &mut Vec<Packed>) -> Result<Made, AnalyzeError> {
        let start = children.len();
        self.0.key_parts(*key, children);
        if children.len() > start + 1 {
            return Ok(Made::Sum);
        }
        children.truncate(start);
        if let Some(known) = self.0.key_value(*key, store) {
            return Ok(Made::Known(known.map_err(partizan_error)?));
        }
        self.0.key_options(*key, 0, children);
        let left = children.len() - start;
        self.0.key_options(*key, 1, children);
        Ok(Made::Options { left })
    }
}

/// What a memo has spent, against its bounds.
struct Spent {
    /// Positions stored so far, counted against `budget` (each kind of key pays for
    /// [`Source::POSITIONS_A_UNIT`] positions a unit).
    visited: u64,
    budget: u64,
    /// The most steps of the store's work, over all its operations, the memo may spend.
    work: u64,
    /// The bytes the memo's keys and entries hold, counted with the store's against the
    /// store's memory bound.
    memo_bytes: u64,
}

/// The values of one board game's positions, memoised by their canonical keys (packed where
/// the game packs them, [`BoardRules::packed`], else their numbers): the store holds the games,
/// this holds which position is which game. Keep one for a game to value many of its positions
/// (a play session, an analysis that values every option).
pub struct BoardValues<'a> {
    rules: &'a dyn BoardRules,
    by_numbers: KeyMap<NumbersKey, GameValue>,
    by_keys: PackedMemo,
    spent: Spent,
}

/// The error of a partizan operation, as an analysis error.
pub fn partizan_error(e: PartizanError) -> AnalyzeError {
    e.into()
}

impl<'a> BoardValues<'a> {
    /// An empty memo for `rules`, that stores at most `budget` positions.
    pub fn new(rules: &'a dyn BoardRules, budget: u64) -> Self {
        BoardValues {
            rules,
            by_numbers: KeyMap::default(),
            by_keys: PackedMemo::default(),
            spent: Spent { visited: 0, budget, work: u64::MAX, memo_bytes: 0 },
        }
    }

    /// The same memo, that refuses once the store has done `work` steps in all (its own limit
    /// bounds one operation; this bounds them together).
    pub fn with_work(mut self, work: u64) -> Self {
        self.spent.work = work;
        self
    }

    /// The positions valued so far.
    pub fn positions(&self) -> u64 {
        self.spent.visited
    }

    /// The value of the position `numbers`, in `store`. Refuses with [`GaveUp`] past the
    /// budget, and with [`AnalyzeError::Unsupported`] where the store refuses (a form too large)
    /// or the game is not short (a position reachable from itself).
    pub fn value(&mut self, store: &mut GameStore, numbers: &[u64]) -> Result<GameValue, AnalyzeError> {
        if let Some(packed) = self.rules.packed() {
            if let Some(key) = packed.key_of(numbers) {
                self.by_keys.serve(store);
                return search(&ByKeys(packed, self.rules), &mut self.by_keys, &mut self.spent, store, key);
            }
        }
        let root = NumbersKey::of(self.rules.canonical(numbers));
        search(&ByNumbers(self.rules), &mut self.by_numbers, &mut self.spent, store, root)
    }
}

impl BoardValues<'_> {
    /// The value of the position of packed key `key` ([`crate::rules::board::machinery::packed::PackedRules::key_of`]),
    /// in `store`: what the outcome search asks of the parts it values. A game with no packed
    /// keys is refused.
    pub fn value_of_key(&mut self, store: &mut GameStore, key: Packed) -> Result<GameValue, AnalyzeError> {
        let packed = self
            .rules
            .packed()
            .ok_or_else(|| AnalyzeError::Unsupported(format!("{} has no packed positions", self.rules.spelling())))?;
        self.by_keys.serve(store);
        search(&ByKeys(packed, self.rules), &mut self.by_keys, &mut self.spent, store, key)
    }
}

/// The value of `root`, by an iterative walk (no recursion, so no input can overflow the
/// stack) of the positions below it whose values `memo` does not hold yet.
fn search<S: Source>(
    source: &S,
    memo: &mut S::Memo,
    spent: &mut Spent,
    store: &mut GameStore,
    root: S::Key,
) -> Result<GameValue, AnalyzeError> {
    if let Some(v) = memo.get(&root) {
        return Ok(v);
    }
    let cycles = source.may_cycle();
    let mut on_stack: KeyMap<S::Key, ()> = KeyMap::default();
    // The children of every frame on the stack, each frame's after its parent's.
    let mut children: Vec<S::Key> = vec![];
    let mut values: Vec<GameValue> = vec![];
    let mut stack = vec![spent.frame(source, store, root.clone(), &mut children)?];
    if cycles {
        on_stack.insert(root.clone(), ());
    }
    while let Some(top) = stack.last_mut() {
        // The next child whose value is not known yet, if any.
        let mut pending = None;
        while top.next < top.end {
            match children.get(top.next) {
                Some(child) if memo.get(child).is_none() && source.quick_value(child, store)?.is_none() => {
                    pending = Some(child.clone());
                    break;
                }
                _ => top.next += 1,
            }
        }
        if let Some(child) = pending {
            if cycles {
                if on_stack.contains_key(&child) {
                    return Err(AnalyzeError::Unsupported(format!(
                        "{}: a position can be reached from itself, so the game is not short and has no value as one",
                        source.spelling()
                    )));
                }
                on_stack.insert(child.clone(), ());
            }
            let frame = spent.frame(source, store, child, &mut children)?;
            stack.push(frame);
            continue;
        }
        let Some(done) = stack.pop() else { break };
        if cycles {
            on_stack.remove(&done.key);
        }
        values.clear();
        for child in children.get(done.start..done.end).unwrap_or_default() {
            let v = match memo.get(child) {
                Some(v) => Some(v),
                None => source.quick_value(child, store)?,
            };
            values.push(v.ok_or_else(|| AnalyzeError::Unsupported("Conway's value: a child was not valued".into()))?);
        }
        children.truncate(done.start);
        let value = match done.made {
            Made::Sum => store.sum_all(&values).map_err(partizan_error)?,
            Made::Options { left } => {
                let (l, r) = values.split_at(left.min(values.len()));
                store.game(l, r).map_err(partizan_error)?
            }
            Made::Known(v) => v,
        };
        if store.work_done() > spent.work {
            return Err(
                PartizanError::TooMuchWork { operation: "Conway's value of the position", limit: spent.work }.into()
            );
        }
        spent.remember(source, store, memo, done.key, value)?;
    }
    memo.get(&root).ok_or_else(|| {
        AnalyzeError::Unsupported("Conway's value: the search ended without the position's value".into())
    })
}

impl Spent {
    /// Memoises the value of `key`, refusing when the memo and the store together pass the
    /// store's memory bound; checks the stop token (Ctrl-C, a deadline) too, since a position's
    /// options are listed without the store's work.
    fn remember<S: Source>(
        &mut self,
        source: &S,
        store: &GameStore,
        memo: &mut S::Memo,
        key: S::Key,
        value: GameValue,
    ) -> Result<(), AnalyzeError> {
        crate::stop::check()?;
        // The key's own bytes, the value and the table's slot.
        let bytes = source.key_bytes(&key) + 40;
        self.memo_bytes = self.memo_bytes.saturating_add(bytes);
        if self.memo_bytes.saturating_add(store.memory_used()) > store.memory_limit() {
            return Err(PartizanError::TooMuchMemory {
                operation: "Conway's value of the position",
                limit: store.memory_limit(),
            }
            .into());
        }
        memo.insert(key, value);
        Ok(())
    }

    /// The frame of the canonical position `key`: its parts, or its options, canonical too,
    /// pushed onto `children`. The options listed count against the budget as positions do,
    /// and a position whose options alone would pass it (`option_count_bound`) is refused before
    /// they are listed: a K-L-Nim heap of 10^9 has 10^9 options.
    fn frame<S: Source>(
        &mut self,
        source: &S,
        store: &mut GameStore,
        key: S::Key,
        children: &mut Vec<S::Key>,
    ) -> Result<Frame<S::Key>, AnalyzeError> {
        // Each position looked into checks the stop token (Ctrl-C, a deadline) before its
        // options are listed, not only once its children are valued.
        crate::stop::check()?;
        self.visited += 1;
        let budget = self.budget.saturating_mul(S::POSITIONS_A_UNIT);
        let room = u128::from(budget.saturating_sub(self.visited));
        let too_many = source.option_bound(&key).is_some_and(|n| n > room);
        if self.visited > budget || too_many {
            return Err(GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None }.into());
        }
        // Options that would take more work to list than is left are refused before they
        // are listed (each option of a long path is nearly as long as it).
        if let Some(steps) = source.listing_steps(&key, store.total_work_left()) {
            store.count_work(steps, "listing the options of the positions valued").map_err(partizan_error)?;
        }
        let start = children.len();
        let made = source.expand(&key, store, children)?;
        if let Made::Options { .. } = made {
            let listed = (children.len() - start) as u64;
            self.visited = self.visited.saturating_add(listed / 2);
            // Listing the options is work of the value as the store's is (a step for each
            // word of each option listed), against the same total limit: a large board
            // spends most of its time here, between the store's operations.
            let words: u64 = children.get(start..).unwrap_or_default().iter().map(|c| source.key_words(c) + 1).sum();
            store.count_work(words, "listing the options of the positions valued").map_err(partizan_error)?;
        }
        Ok(Frame { key, made, start, end: children.len(), next: start })
    }
}

/// The steps of work one unit of an analysis's budget pays for, where the analysis values a
/// partizan position ([`solve_by_value`]): at the default budget of 2*10^6, the 5*10^7 steps
/// `grundy value` allows by default ([`crate::values::partizan::DEFAULT_WORK_LIMIT`]), so that
/// the analysis, which values the position and each of its options, is bounded as the value is
/// (it ran on without a bound on the whole: a 4x5 Clobber checkerboard past 30 s and 1.4 GB).
pub const STEPS_A_BUDGET_UNIT: u64 = 25;

/// A store for an analysis that values partizan positions: one bound on the whole computation,
/// [`STEPS_A_BUDGET_UNIT`] steps a unit of `budget`.
pub fn analysis_store(budget: u64) -> GameStore {
    let mut store = GameStore::new();
    store.set_total_work_limit(budget.saturating_mul(STEPS_A_BUDGET_UNIT).max(1));
    store
}

/// The analysis's refusal past the bound of its [`analysis_store`]: its budget gave up, how
/// much more it needs not known before the work.
pub fn budget_gave_up(budget: u64) -> AnalyzeError {
    AnalyzeError::GaveUp(GaveUp { what: Work::PositionsSearched, used: budget, needed: None })
}

/// `e`, or the budget's refusal where `e` is the store's bound passed.
pub fn past_budget(e: AnalyzeError, budget: u64) -> AnalyzeError {
    match e {
        AnalyzeError::Partizan(PartizanError::TooMuchWork { .. }) => budget_gave_up(budget),
        e => e,
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
/// Without it the whole analysis (the value and every option's) is one computation of at most
/// [`STEPS_A_BUDGET_UNIT`] steps a unit of `context.budget`, forecast before the work
/// ([`crate::rules::board::machinery::forecast`]); past it the budget gives up ([`Work::PositionsSearched`]).
pub fn solve_by_value(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    work: Option<u64>,
) -> Result<Option<Analysis>, AnalyzeError> {
    let Some(w) = work else {
        let mut store = analysis_store(context.budget);
        let steps = store.total_work_left();
        let forecast = crate::rules::board::machinery::forecast::forecast_past(
            rules,
            numbers,
            steps,
            crate::rules::board::machinery::forecast::forecast_effort(steps),
        )?;
        if forecast.at_least > steps {
            // Past what even the largest budget pays for: no larger budget is advised.
            let max = Work::PositionsSearched.max_budget();
            if forecast.at_least > max.saturating_mul(STEPS_A_BUDGET_UNIT) {
                return Err(GaveUp { what: Work::PositionsSearched, used: max, needed: None }.into());
            }
            return Err(budget_gave_up(context.budget));
        }
        return answer_by_value(rules, numbers, context, &mut store, u64::MAX)
            .map_err(|e| past_budget(e, context.budget))
            .map(Some);
    };
    let mut store = GameStore::new();
    store.set_work_limit(w.min(store.work_limit()));
    match answer_by_value(rules, numbers, context, &mut store, w) {
        Err(AnalyzeError::GaveUp(_) | AnalyzeError::Partizan(PartizanError::TooMuchWork { .. })) => Ok(None),
        other => other.map(Some),
    }
}

fn answer_by_value(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    store: &mut GameStore,
    work: u64,
) -> Result<Analysis, AnalyzeError> {
    let mut values = BoardValues::new(rules, context.budget).with_work(work);
    let g = values.value(store, numbers)?;
    let me = context.to_move.min(1);
    let mut wins = match wins_by_parts(rules, numbers, me, store, &mut values, g)? {
        Some(wins) => wins,
        None => wins_by_options(rules, numbers, me, store, &mut values)?,
    };
    if (wins.listed.len() as u128) < wins.count {
        wins.not_listed = Some(listed_note(wins.listed.len(), numbers.len(), "numbers"));
    }
    answer_from_value(rules, numbers, store, g, me, wins, values.positions())
}

/// Whether a move of player `me` that leaves value `v` wins: Left wants `v >= 0`, Right
/// `v <= 0`.
fn wins_for(store: &mut GameStore, me: usize, v: GameValue) -> Result<bool, AnalyzeError> {
    let zero = store.integer(0).map_err(partizan_error)?;
    if me == 0 { store.ge(v, zero) } else { store.le(v, zero) }.map_err(partizan_error)
}

/// The winning moves of player `me` from `numbers`, each option of the whole position valued:
/// every one counted, the first [`listing_room`] listed with the value each leaves.
fn wins_by_options(
    rules: &dyn BoardRules,
    numbers: &[u64],
    me: usize,
    store: &mut GameStore,
    values: &mut BoardValues,
) -> Result<WinsByValue, AnalyzeError> {
    let room = listing_room(numbers.len());
    let mut wins = WinsByValue { count: 0, listed: vec![], leaves: vec![], not_listed: None };
    // Options too long to list in the work left are refused before they are listed.
    if let Some(steps) = whole_listing_steps_at_least(rules, numbers, store.total_work_left()) {
        store.count_work(steps, "listing the options of the positions valued").map_err(partizan_error)?;
    }
    for option in rules.options(numbers, me) {
        let v = values.value(store, &option)?;
        if wins_for(store, me, v)? {
            wins.count += 1;
            if wins.listed.len() < room {
                wins.leaves.push(store.text_within(v, NAMED_CHARS).map_err(partizan_error)?);
                wins.listed.push(option);
            }
        }
    }
    Ok(wins)
}

/// The winning moves of player `me` from `numbers` of value `g` when the position falls apart
/// into parts ([`BoardRules::components`]) that stand in it as runs of its numbers, in order, or
/// that the game puts back in place ([`BoardRules::with_part`]: the connected parts of a graph):
/// a move in part i wins when the value of the other parts, `g - g_i`, plus the value the part
/// is left with wins, so each part's options are valued alone and a whole position is written
/// only for a listed move (listing every option of the whole, each as long as the position,
/// takes memory that grows with the square of its size). Each listed move is checked to be a
/// move of the game; `None` (the whole position's options are then valued instead) when the
/// position has no such parts or a part's run does not make a move.
fn wins_by_parts(
    rules: &dyn BoardRules,
    numbers: &[u64],
    me: usize,
    store: &mut GameStore,
    values: &mut BoardValues,
    g: GameValue,
) -> Result<Option<WinsByValue>, AnalyzeError> {
    let Some(parts) = rules.components(numbers).filter(|parts| parts.len() > 1) else { return Ok(None) };
    // Each part's run, or `None` for each where the game puts a part back in place (a part
    // put back as it is leaves the position as it is).
    let runs: Vec<Option<std::ops::Range<usize>>> = match runs_of(numbers, &parts) {
        Some(runs) => runs.into_iter().map(Some).collect(),
        None if parts.first().and_then(|p| rules.with_part(numbers, 0, p)).is_some() => vec![None; parts.len()],
        None => return Ok(None),
    };
    let room = listing_room(numbers.len());
    let mut wins = WinsByValue { count: 0, listed: vec![], leaves: vec![], not_listed: None };
    for (k, (part, run)) in parts.iter().zip(runs).enumerate() {
        let own = values.value(store, part)?;
        let rest = store.difference(g, own).map_err(partizan_error)?;
        for option in rules.options(part, me) {
            let left = values.value(store, &option)?;
            let v = store.sum(rest, left).map_err(partizan_error)?;
            if !wins_for(store, me, v)? {
                continue;
            }
            wins.count += 1;
            if wins.listed.len() < room {
                let whole = match &run {
                    Some(run) => whole_after(rules, numbers, run, &option, me),
                    None => part_after(rules, numbers, k, &option, me),
                };
                let Some(whole) = whole else { return Ok(None) };
                wins.leaves.push(store.text_within(v, NAMED_CHARS).map_err(partizan_error)?);
                wins.listed.push(whole);
            }
        }
    }
    Ok(Some(wins))
}

/// The whole position `numbers` after its part `k` becomes `option`, put back in place by the
/// game ([`BoardRules::with_part`]), when that is a move of player `me` by the rule.
fn part_after(rules: &dyn BoardRules, numbers: &[u64], k: usize, option: &[u64], me: usize) -> Option<Vec<u64>> {
    let whole = rules.with_part(numbers, k, option)?;
    // The move is typed over the numbers from the first it changes.
    let first = numbers.iter().zip(&whole).position(|(a, b)| a != b).unwrap_or(numbers.len().min(whole.len()));
    rules.check(numbers, first..numbers.len(), &whole, me).is_ok().then_some(whole)
}

/// The whole position `numbers` after the part at `run` becomes `option`, when that is a move of
/// player `me` by the rule (`None` when it is not: the part does not stand there as the run).
pub(crate) fn whole_after(
    rules: &dyn BoardRules,
    numbers: &[u64],
    run: &std::ops::Range<usize>,
    option: &[u64],
    me: usize,
) -> Option<Vec<u64>> {
    let whole: Vec<u64> =
        numbers.get(..run.start)?.iter().chain(option).chain(numbers.get(run.end..)?).copied().collect();
    rules.check(numbers, run.clone(), &whole, me).is_ok().then_some(whole)
}

/// Where each of `parts` stands in `numbers` as a run of its numbers, left to right; `None`
/// when one is not found after the one before it.
pub(crate) fn runs_of(numbers: &[u64], parts: &[Vec<u64>]) -> Option<Vec<std::ops::Range<usize>>> {
    let mut at = 0;
    let mut runs = Vec::with_capacity(parts.len());
    for part in parts {
        let start = at + numbers.get(at..)?.windows(part.len().max(1)).position(|w| w == part.as_slice())?;
        runs.push(start..start + part.len());
        at = start + part.len();
    }
    Some(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed memo keeps each key's value apart, narrow and wide keys alike (every one of
    /// a few thousand keys either side of 2^64 reads back its own value), and one memo used
    /// with a second store forgets the first store's values rather than read its indices there.
    /// The winning moves found part by part are those found by valuing every option of the
    /// whole position: the same count, the same moves listed in the same order, each with the
    /// same value, on every position walked from each game's example and a few random ones,
    /// for both players; and the parts' way is taken for the games whose parts stand in place.
    #[test]
    fn wins_by_parts_are_the_wins_by_options() {
        let mut by_parts = std::collections::BTreeSet::new();
        let mut compared = 0;
        for kind in crate::frontend::GAMES {
            let Ok(game) = crate::Game::example_of(kind) else { continue };
            let crate::Game::Board(board) = &game else { continue };
            let rules = board.rules();
            let mut starts: Vec<Vec<String>> =
                vec![kind.example_position.split_whitespace().map(String::from).collect()];
            starts.extend((0..8).map(|seed| game.random_position(seed)));
            for tokens in starts {
                let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
                let Ok(numbers) = rules.parse(&tokens) else { continue };
                if rules.longest_game(&numbers) > 40 {
                    continue;
                }
                let mut queue = std::collections::VecDeque::from([numbers]);
                let mut seen = std::collections::HashSet::new();
                while let Some(p) = queue.pop_front() {
                    if seen.len() >= 60 || !seen.insert(p.clone()) {
                        continue;
                    }
                    for me in 0..2 {
                        queue.extend(rules.options(&p, me));
                        if rules.components(&p).is_none_or(|parts| parts.len() < 2) {
                            continue;
                        }
                        let mut store = GameStore::new();
                        let mut values = BoardValues::new(rules, u64::MAX);
                        let g = values.value(&mut store, &p).unwrap();
                        let Some(parts) = wins_by_parts(rules, &p, me, &mut store, &mut values, g).unwrap() else {
                            continue;
                        };
                        by_parts.insert(kind.spelling);
                        compared += 1;
                        let whole = wins_by_options(rules, &p, me, &mut store, &mut values).unwrap();
                        let what = format!("{} {p:?}, player {me}", kind.spelling);
                        assert_eq!(parts.count, whole.count, "{what}");
                        assert_eq!(parts.listed, whole.listed, "{what}");
                        assert_eq!(parts.leaves, whole.leaves, "{what}");
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
        for spelling in ["cutcake", "kl:K,L", "toppling-dominoes", "hackenbush"] {
            assert!(by_parts.contains(spelling), "{spelling} never valued part by part: {by_parts:?}");
        }
    }

    /// Parts that are not runs of the numbers (the connected parts of one Arc Kayles graph,
    /// their edges among each other's) are put back in place by the game: their winning moves
    /// are found part by part, and they are those found by valuing every option of the whole.
    #[test]
    fn parts_put_back_in_place_give_the_wins_by_options() {
        let board = crate::rules::board::Board::parse("arc-kayles").unwrap().unwrap();
        let rules = board.rules();
        for position in [
            "1-2,3-4",
            "1-2,3-4,5-6",
            "1-2,3-4,2-5,5-6,7-8,1-1",
            "1-2,3-4,1-2,5-6,3-4,4-9,9-9",
            "3-4,1-2,2-3,5-6,6-7,7-8,8-5,10-11",
        ] {
            let numbers = rules.parse(&[position]).unwrap();
            assert!(runs_of(&numbers, &rules.components(&numbers).unwrap()).is_none(), "{position}");
            for me in 0..2 {
                let mut store = GameStore::new();
                let mut values = BoardValues::new(rules, u64::MAX);
                let g = values.value(&mut store, &numbers).unwrap();
                let parts = wins_by_parts(rules, &numbers, me, &mut store, &mut values, g).unwrap();
                let parts = parts.unwrap_or_else(|| panic!("{position}: not found part by part"));
                let whole = wins_by_options(rules, &numbers, me, &mut store, &mut values).unwrap();
                assert_eq!(parts.count, whole.count, "{position}");
                assert_eq!(parts.listed, whole.listed, "{position}");
                assert_eq!(parts.leaves, whole.leaves, "{position}");
            }
        }
    }

    #[test]
    fn the_packed_memo_keeps_each_key_and_serves_one_store() {
        let mut a = GameStore::new();
        let mut memo = PackedMemo::default();
        memo.serve(&a);
        let keys: Vec<Packed> = (0..3000u128)
            .map(|i| i * 0x9e37_79b9_7f4a_7c15 % (1 << 64))
            .chain((0..3000).map(|i| (i + 1) << 64 | i))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            memo.insert(k, a.integer(i as i64).unwrap());
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(memo.get(&k), Some(a.integer(i as i64).unwrap()), "{k:#x}");
        }
        let mut b = GameStore::new();
        memo.serve(&b);
        assert_eq!(memo.get(&keys[0]), None);
        let one = b.integer(1).unwrap();
        memo.insert(keys[0], one);
        assert_eq!(memo.get(&keys[0]), Some(one));
        assert_eq!(b.text(one).unwrap(), "1");
    }

    /// Keys read back as the numbers they were made of, packed exactly where they fit, and
    /// two lists of numbers share a key only when equal.
    #[test]
    fn numbers_keys_round_trip() {
        let lists: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            vec![0, 0],
            vec![255; 15],
            vec![1; 31],
            vec![1; 32],
            vec![256],
            vec![3, 3, 0, 1, 2, 1, 0, 0, 2, 1, 1],
            vec![u64::MAX, 0],
            (0..40).collect(),
        ];
        let mut seen = HashMap::new();
        for list in &lists {
            let key = NumbersKey::of(list.clone());
            let packs = list.len() < 32
                && list.iter().all(|&n| n < 256)
                && list.len() * (64 - list.iter().fold(0u64, |m, &n| m | n).leading_zeros()).max(1) as usize <= 120;
            assert_eq!(matches!(key, NumbersKey::Packed(_)), packs, "{list:?}");
            assert_eq!(&key.numbers(), list);
            assert_eq!(key.len(), list.len() as u64);
            assert!(seen.insert(key, list.clone()).is_none(), "{list:?}");
        }
    }
}
