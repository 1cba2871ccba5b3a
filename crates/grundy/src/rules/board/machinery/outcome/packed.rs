//! The outcome search of any partizan board game with packed keys
//! ([`crate::rules::board::machinery::packed::PackedRules`]: Clobber, Konane, Snort, Col, Toads and
//! Frogs), with the sum simplified as MCGS simplifies it (Müller's group's solver of sums,
//! ualberta-mueller-group/MCGS) and as Griebel and Uiterwijk's Clobber solver ends a search in
//! its database of values (2016):
//!
//! - a state is the sorted list of its parts' canonical keys (the game's own canonical forms:
//!   its symmetries, its dead cells dropped), beside the sorted list of the canonical forms of
//!   the parts small enough to value;
//! - a part with few moves is valued and leaves the board: its canonical form takes its place,
//!   and a move in it is a move to one of the canonical form's options (dominated options
//!   dropped, reversible ones bypassed, so fewer moves than on its cells, and equal parts of
//!   different shapes become one); a value 0 is dropped, a value beside its negative is dropped
//!   with it, and two values whose sum is born early are summed into one;
//! - once the board is gone, a sum whose every value is positive (negative) is Left's (Right's)
//!   whoever starts, and one whose values are all positive but one, fuzzy, is the mover's win
//!   when the mover is Left (likewise for Right): the search ends there.
//!
//! The values are made in a store of the search's own, each part's value remembered by its key;
//! a part whose value takes more than [`PART_WORK`] steps stays on the board. The table's keys
//! are the states' numbers in an interner of states (exact, never a hash of them), which holds
//! at most as many as it was given room for; past it a state is searched but not remembered.

use std::cell::RefCell;

use crate::error::AnalyzeError;
use crate::key_hash::KeyMap;
use crate::rules::board::machinery::outcome::{OutcomeGame, PART_WORK};
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::values::partizan::{GameStore, GameValue, PartizanError, PartizanOutcome};
use smallvec::SmallVec;

/// The bytes an interned state takes in the interner beside its words, about (its box, the
/// map's slot, the number).
pub const INTERNED_BYTES: u64 = 48;

/// The top bits of an interned state's key ([`OutcomeGame::key`]).
const INTERNED: u128 = 0b111 << 125;

/// The top bits of the key of a state of one part beside values.
const BESIDE: u128 = 0b110 << 125;

/// The states interned (and the lists of values), and the bytes they take. A number is never
/// given twice: when the interner is full it forgets what it holds and numbers on, so that the
/// table's entries of forgotten states are never found again (and give way, as the table's
/// replacement scheme makes room), rather than answer for another state.
#[derive(Default)]
struct Interned {
    ids: KeyMap<Box<[u128]>, u64>,
    bytes: u64,
    next: u64,
    /// The words of the state being keyed, written afresh for each ([`PackedSearch::key_of`]):
    /// one buffer, not a list made and freed for every key (a tenth of a 2 x 15 Clobber
    /// board's search was the allocator's).
    words: Vec<u128>,
}

impl Interned {
    /// The number of `words` where it has one already.
    fn known(&self, words: &[u128]) -> Option<u64> {
        self.ids.get(words).copied()
    }

    /// The number of `words`, given now if it has none, within `room` bytes; `None` once every
    /// number below 2^60 was given.
    fn number(&mut self, words: &[u128], room: u64) -> Option<u64> {
        if let Some(&id) = self.ids.get(words) {
            return Some(id);
        }
        let bytes = INTERNED_BYTES + 16 * words.len() as u64;
        if self.bytes + bytes > room {
            self.ids.clear();
            self.bytes = 0;
        }
        let id = self.next;
        if id >> 60 != 0 {
            return None;
        }
        self.next += 1;
        self.bytes += bytes;
        self.ids.insert(words.into(), id);
        Some(id)
    }
}

/// A part with at most this many moves of both players together is valued.
pub const SMALL_PART_MOVES: u64 = 6;

/// A part is valued only where its value needs at most this many positions not valued before
/// (a Konane board with one hole has few moves and a long game below them); one that needs
/// more stays on the board, and what was valued on the way is kept.
pub const PART_POSITIONS: u64 = 100;

/// Two values are summed into one where the sum is born by this day at the latest (the sum of
/// their birthdays, Siegel II.4), or both are numbers: a sum of two values has at most as many
/// positions as the pairs of theirs, and a young sum has few.
pub const MERGE_BIRTHDAY: u64 = 4;

/// The parts of a state still played on their cells: a few at most positions, held in place
/// ([`PackedState`]).
type Parts = SmallVec<[Packed; 4]>;

/// The values of a state's parts taken off.
type ValueList = SmallVec<[GameValue; 4]>;

/// A state of the search: the parts still played on their cells, and the values of the parts
/// taken off, both sorted. Both lists are held in place up to four entries, as nearly every
/// state's are: each move makes a state and each node copies one, and as lists on the heap
/// their allocations were a seventh of a Clobber board's search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PackedState {
    parts: Parts,
    values: ValueList,
}

/// What the search keeps of its values.
struct Values {
    store: GameStore,
    /// Each part valued (or found too large to value: `None`) by its key.
    of_key: KeyMap<Packed, Option<GameValue>>,
    /// Each value's outcome class and negative, once asked.
    class: KeyMap<GameValue, PartizanOutcome>,
    negative: KeyMap<GameValue, GameValue>,
    /// Each value's canonical options, Left's then Right's, once asked.
    options: KeyMap<GameValue, [std::rc::Rc<[GameValue]>; 2]>,
    zero: Option<GameValue>,
    /// Whether parts are still valued: not once the store is full.
    valuing: bool,
    /// The positions the part being valued may still value ([`PART_POSITIONS`]).
    left_to_value: u64,
    /// The store's refusal where a value's moves could not be listed.
    failure: Option<PartizanError>,
}

/// The working lists of [`OutcomeGame::moves`] ([`PackedSearch::scratch`]).
#[derive(Default)]
struct Scratch {
    /// One option's parts, and where each option's end.
    fresh: Vec<Packed>,
    ends: Vec<usize>,
    /// Each move's place in the order, with its index.
    order: Vec<((u64, u64), usize)>,
    /// Each move's hash, with its index; and whether it repeats an earlier move's state.
    by_hash: Vec<(u64, usize)>,
    repeated: Vec<bool>,
}

/// The outcome search's view of a game with packed keys.
pub struct PackedSearch<'a> {
    rules: &'a dyn PackedRules,
    interned: RefCell<Interned>,
    /// The most bytes the interner holds.
    room: u64,
    values: RefCell<Values>,
    /// The lists a listing of moves works in, kept from one listing to the next: made afresh,
    /// their allocations were about a twentieth of a Clobber board's search.
    scratch: RefCell<Scratch>,
    /// The most moves of a part valued ([`SMALL_PART_MOVES`] unless told otherwise).
    small: u64,
    /// The latest birthday of a sum of two values made ([`MERGE_BIRTHDAY`]).
    merge: u64,
    /// The most positions valued for one part ([`PART_POSITIONS`]).
    positions: u64,
}

impl<'a> PackedSearch<'a> {
    /// The search of `rules`, whose interner and values hold at most `bytes` bytes between them.
    pub fn new(rules: &'a dyn PackedRules, bytes: u64) -> Self {
        // The values are of small parts and their sums: a quarter is room enough.
        let room = bytes - bytes / 4;
        let mut store = GameStore::new();
        store.set_memory_limit(bytes / 4);
        store.set_work_limit(PART_WORK);
        let zero = store.integer(0).ok();
        let values = Values {
            store,
            of_key: KeyMap::default(),
            class: KeyMap::default(),
            negative: KeyMap::default(),
            options: KeyMap::default(),
            valuing: zero.is_some(),
            left_to_value: 0,
            failure: None,
            zero,
        };
        PackedSearch {
            rules,
            interned: RefCell::new(Interned::default()),
            room,
            values: RefCell::new(values),
            scratch: RefCell::new(Scratch::default()),
            small: SMALL_PART_MOVES,
            positions: PART_POSITIONS,
            merge: MERGE_BIRTHDAY,
        }
    }

    /// The same search valuing the parts of at most `moves` moves of both players together
    /// (at 0, only parts where nobody moves): the tests check several settings against the
    /// plain search.
    pub fn valuing(mut self, moves: u64) -> Self {
        self.small = moves;
        self
    }

    /// The value of the part `key`, where it is small enough and its value takes little work.
    fn value_of(&self, values: &mut Values, key: Packed) -> Option<GameValue> {
        if !values.valuing {
            return None;
        }
        if let Some(&known) = values.of_key.get(&key) {
            return known;
        }
        let moves = self.rules.key_option_count(key, 0) + self.rules.key_option_count(key, 1);
        // A part with more moves is not tried, nor remembered (the memo holds parts tried).
        if moves > self.small {
            return None;
        }
        let before = values.store.work_done();
        values.left_to_value = self.positions;
        let value =
            self.value_below(values, key).filter(|_| values.store.work_done().saturating_sub(before) <= PART_WORK);
        if values.store.memory_used() > values.store.memory_limit() / 2 {
            values.valuing = false;
        }
        values.of_key.insert(key, value);
        value
    }

    /// The value of `key` by its options' values (remembered), `None` where the store refuses.
    fn value_below(&self, values: &mut Values, key: Packed) -> Option<GameValue> {
        if let Some(&Some(known)) = values.of_key.get(&key) {
            return Some(known);
        }
        values.left_to_value = values.left_to_value.checked_sub(1)?;
        let mut parts = vec![];
        self.rules.key_parts(key, &mut parts);
        let value = if parts.len() > 1 {
            let mut each = Vec::with_capacity(parts.len());
            for part in parts {
                each.push(self.value_below(values, part)?);
            }
            values.store.sum_all(&each).ok()?
        } else if let Some(known) = self.rules.key_value(key, &mut values.store) {
            known.ok()?
        } else {
            let mut sides: [Vec<GameValue>; 2] = [vec![], vec![]];
            let mut options = vec![];
            for (mover, side) in sides.iter_mut().enumerate() {
                options.clear();
                self.rules.key_options(key, mover, &mut options);
                for &option in &options {
                    side.push(self.value_below(values, option)?);
                }
            }
            let [l, r] = sides;
            values.store.game(&l, &r).ok()?
        };
        values.of_key.insert(key, Some(value));
        Some(value)
    }

    /// The canonical negative of `v`, remembered.
    fn negative(values: &mut Values, v: GameValue) -> Option<GameValue> {
        if let Some(&n) = values.negative.get(&v) {
            return Some(n);
        }
        let n = values.store.neg(v).ok()?;
        values.negative.insert(v, n);
        values.negative.insert(n, v);
        Some(n)
    }

    /// The canonical options of `v` for `mover`, remembered.
    fn options(values: &mut Values, v: GameValue, mover: usize) -> std::rc::Rc<[GameValue]> {
        if let Some(known) = values.options.get(&v) {
            return known[mover.min(1)].clone();
        }
        let (l, r) = match (values.store.left_options(v), values.store.right_options(v)) {
            (Ok(l), Ok(r)) => (l.into(), r.into()),
            // A value whose moves cannot be listed (the store full, Ctrl-C): the search is
            // refused ([`OutcomeGame::failure`]) rather than answered without them.
            (Err(e), _) | (_, Err(e)) => {
                values.failure.get_or_insert(e);
                let none: std::rc::Rc<[GameValue]> = std::rc::Rc::new([]);
                return none;
            }
        };
        let (l, r): (std::rc::Rc<[GameValue]>, std::rc::Rc<[GameValue]>) = (l, r);
        values.options.insert(v, [l.clone(), r.clone()]);
        if mover == 0 {
            l
        } else {
            r
        }
    }

    /// The outcome class of `v`, remembered.
    fn class(values: &mut Values, v: GameValue) -> Option<PartizanOutcome> {
        if let Some(&c) = values.class.get(&v) {
            return Some(c);
        }
        let c = values.store.outcome(v).ok()?;
        values.class.insert(v, c);
        Some(c)
    }

    /// Adds the value `v` to `list`: dropped when 0, dropped with its negative when that is
    /// there, summed with a value where the sum is born early; else pushed.
    fn add_value(values: &mut Values, list: &mut ValueList, v: GameValue, merge: u64) {
        if Some(v) == values.zero {
            return;
        }
        if let Some(n) = Self::negative(values, v) {
            if let Some(at) = list.iter().position(|&w| w == n) {
                list.swap_remove(at);
                return;
            }
        }
        let born = values.store.birthday(v).unwrap_or(u64::MAX);
        let number = |w: GameValue| values.store.as_number(w).ok().flatten().is_some();
        let numbers = number(v);
        // Numbers add as numbers, whatever their birthdays.
        let partner = list.iter().position(|&w| {
            (numbers && number(w)) || values.store.birthday(w).is_ok_and(|b| b.saturating_add(born) <= merge)
        });
        if let Some(at) = partner {
            let w = list.swap_remove(at);
            if let Ok(sum) = values.store.sum(v, w) {
                return Self::add_value(values, list, sum, merge);
            }
            list.push(w);
        }
        list.push(v);
    }

    /// The state of the board parts `parts` beside the values `list`: each small part valued
    /// and added to the values, the rest kept, both sorted.
    fn settle(&self, parts: Parts, mut list: ValueList, fresh: &[Packed]) -> PackedState {
        let mut values = self.values.borrow_mut();
        let mut kept = parts;
        for &part in fresh {
            match self.value_of(&mut values, part) {
                Some(v) => Self::add_value(&mut values, &mut list, v, self.merge),
                None => kept.push(part),
            }
        }
        kept.sort_unstable();
        list.sort_unstable_by_key(|v| v.parts().1);
        PackedState { parts: kept, values: list }
    }

    /// The key of `s` ([`OutcomeGame::key`]), numbering it in the interner where it has no
    /// number yet when `number` (else `None` for it).
    fn key_of(&self, s: &PackedState, number: bool) -> Option<u128> {
        let mut interned = self.interned.borrow_mut();
        let mut words = std::mem::take(&mut interned.words);
        words.clear();
        let beside = match s.parts.as_slice() {
            [part] if s.values.is_empty() && part >> 126 != 0b11 => return Some(*part),
            [part] if part >> 64 == 0 => Some(*part),
            _ => None,
        };
        if beside.is_none() {
            words.push(s.parts.len() as u128);
            words.extend(s.parts.iter().copied());
        }
        words.extend(s.values.iter().map(|v| u128::from(v.parts().1)));
        let id = if number { interned.number(&words, self.room) } else { interned.known(&words) };
        interned.words = words;
        Some(match beside {
            Some(part) => BESIDE | u128::from(id?) << 64 | part,
            None => INTERNED | u128::from(id?),
        })
    }

    /// Where a move to `s` stands in the order of the search (the least first): how many moves
    /// `them` has in `s`, the fewest first; among equals, the moves of both players in the
    /// busiest part left on the board, the fewest first. The tie-break prefers the move that
    /// leaves the simplest largest part: on four Clobber checkerboards (4x6, 2x15, 4x7 with a
    /// hole, 3x9) the search visited 3-13% fewer positions than by the count alone (the 5x5
    /// 7% fewer), where a tie-break by the mover's own count saved at most 1%.
    fn order(&self, values: &mut Values, s: &PackedState, them: usize) -> (u64, u64) {
        let mut on_board = 0;
        let mut busiest = 0;
        for &p in &s.parts {
            let theirs = self.rules.key_option_count(p, them);
            on_board += theirs;
            busiest = busiest.max(theirs + self.rules.key_option_count(p, 1 - them));
        }
        let in_values: u64 = s.values.iter().map(|&v| Self::options(values, v, them).len() as u64).sum();
        (on_board + in_values, busiest)
    }
}

impl OutcomeGame for PackedSearch<'_> {
    type State = PackedState;

    fn state_of(&self, numbers: &[u64]) -> Option<PackedState> {
        let key = self.rules.key_of(numbers)?;
        let mut parts = vec![];
        self.rules.key_parts_or_self(key, &mut parts);
        Some(self.settle(Parts::new(), ValueList::new(), &parts))
    }

    fn moves(&self, s: &PackedState, mover: usize, out: &mut Vec<(PackedState, Option<bool>)>) {
        let mover = mover.min(1);
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { fresh, ends, order, by_hash, repeated } = &mut *scratch;
        for (i, &part) in s.parts.iter().enumerate() {
            fresh.clear();
            ends.clear();
            self.rules.key_option_parts(part, mover, fresh, ends);
            let mut start = 0;
            for &end in ends.iter() {
                let rest: Parts = s.parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
                out.push((self.settle(rest, s.values.clone(), fresh.get(start..end).unwrap_or(&[])), None));
                start = end;
            }
        }
        for (i, &v) in s.values.iter().enumerate() {
            let moved = Self::options(&mut self.values.borrow_mut(), v, mover);
            for &option in moved.iter() {
                let mut list: ValueList =
                    s.values.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &w)| w).collect();
                let mut values = self.values.borrow_mut();
                Self::add_value(&mut values, &mut list, option, self.merge);
                list.sort_unstable_by_key(|v| v.parts().1);
                out.push((PackedState { parts: s.parts.clone(), values: list }, None));
            }
        }
        // Fewest answers for the opponent first, then the simplest busiest part.
        let them = 1 - mover;
        let mut values = self.values.borrow_mut();
        // Sorted by the order with each move's index beside it (a stable sort, as
        // `sort_by_cached_key`), then the moves put in that order by following its cycles.
        order.clear();
        order.extend(out.iter().enumerate().map(|(i, (s, _))| (self.order(&mut values, s, them), i)));
        order.sort_unstable();
        for i in 0..order.len() {
            let mut from = order.get(i).map_or(i, |o| o.1);
            while from < i {
                from = order.get(from).map_or(i, |o| o.1);
            }
            if let Some(o) = order.get_mut(i) {
                o.1 = from;
            }
            out.swap(i, from);
        }
        // Moves to the same state (images of one another under the board's symmetries, or
        // moves in two equal parts) are one move: the first kept. Found among the moves of one
        // hash (sorted by it, each run compared state by state), where comparing every move
        // with every one before it was a twentieth of a Clobber board's search.
        let hash = |s: &PackedState| {
            let mut h = crate::key_hash::KeyHasher::default();
            std::hash::Hash::hash(&s.parts, &mut h);
            s.values.iter().for_each(|v| std::hash::Hasher::write_u64(&mut h, u64::from(v.parts().1)));
            std::hash::Hasher::finish(&h)
        };
        by_hash.clear();
        by_hash.extend(out.iter().enumerate().map(|(i, (s, _))| (hash(s), i)));
        by_hash.sort_unstable();
        repeated.clear();
        repeated.resize(out.len(), false);
        for (k, &(h, i)) in by_hash.iter().enumerate() {
            let mut earlier = by_hash.iter().take(k).rev().take_while(|&&(g, _)| g == h);
            if earlier.any(|&(_, j)| out.get(j).map(|o| &o.0) == out.get(i).map(|o| &o.0)) {
                if let Some(r) = repeated.get_mut(i) {
                    *r = true;
                }
            }
        }
        let mut index = 0;
        out.retain(|_| {
            index += 1;
            !repeated.get(index - 1).copied().unwrap_or(false)
        });
    }

    /// No: a state's parts are split as it is made ([`PackedSearch::settle`]).
    fn splits(&self) -> bool {
        false
    }

    /// A state of one part and no value is keyed by the part's own key, one of one part of
    /// fewer than 64 bits beside values by that key and the number of its list of values; each
    /// other state by its number in the interner. Their top three bits tell them apart (a part
    /// whose key begins with 11 is interned).
    fn key(&self, s: &PackedState, _near_root: bool) -> Option<u128> {
        self.key_of(s, true)
    }

    /// The key of `s` only where it has one already: a state never numbered was never searched,
    /// so the table cannot know it, and it is not numbered now.
    fn known_key(&self, s: &PackedState, _near_root: bool) -> Option<u128> {
        self.key_of(s, false)
    }

    /// Nothing: the parts are valued as the states are made ([`PackedSearch::settle`]).
    fn split(&self, s: &PackedState, _out: &mut Vec<(Packed, PackedState)>) -> PackedState {
        s.clone()
    }

    fn join(&self, rest: &PackedState, part: &PackedState) -> PackedState {
        let mut parts: Parts = rest.parts.iter().chain(&part.parts).copied().collect();
        parts.sort_unstable();
        let mut values: ValueList = rest.values.iter().chain(&part.values).copied().collect();
        values.sort_unstable_by_key(|v| v.parts().1);
        PackedState { parts, values }
    }

    fn is_empty(&self, s: &PackedState) -> bool {
        s.parts.is_empty() && s.values.is_empty()
    }

    /// Each part's negative where the game makes it ([`PackedRules::key_negative`]), each
    /// value's, both sorted.
    fn negative(&self, s: &PackedState) -> Option<PackedState> {
        let mut parts = s.parts.iter().map(|&p| self.rules.key_negative(p)).collect::<Option<Parts>>()?;
        parts.sort_unstable();
        let mut values = self.values.borrow_mut();
        let mut list = s.values.iter().map(|&v| Self::negative(&mut values, v)).collect::<Option<ValueList>>()?;
        list.sort_unstable_by_key(|v| v.parts().1);
        Some(PackedState { parts, values: list })
    }

    fn failure(&self) -> Option<AnalyzeError> {
        self.values.borrow_mut().failure.take().map(AnalyzeError::from)
    }

    /// Yes: the root's moves are distinct states (its moves to one state are one move), and
    /// where the root's player loses each is refuted by a tree of about one size.
    fn even_root(&self) -> bool {
        true
    }

    /// Once only values are left: a sum of positive values is positive, of negative ones
    /// negative, and a fuzzy value beside positive ones is a win for Left moving first (she
    /// moves in it to an option at least 0); likewise for Right.
    fn decided(&self, s: &PackedState, mover: usize, n: i64) -> Option<bool> {
        if n != 0 || !s.parts.is_empty() {
            return None;
        }
        let mut values = self.values.borrow_mut();
        let (mut left, mut right, mut fuzzy) = (0usize, 0usize, 0usize);
        for &v in &s.values {
            match Self::class(&mut values, v)? {
                PartizanOutcome::L => left += 1,
                PartizanOutcome::R => right += 1,
                PartizanOutcome::N => fuzzy += 1,
                PartizanOutcome::P => {}
            }
        }
        let mine = if mover == 0 { left } else { right };
        let theirs = if mover == 0 { right } else { left };
        if fuzzy == 0 && theirs == 0 {
            return Some(true);
        }
        if fuzzy == 0 && mine == 0 {
            return Some(false);
        }
        if fuzzy == 1 && theirs == 0 {
            return Some(true);
        }
        None
    }
}
