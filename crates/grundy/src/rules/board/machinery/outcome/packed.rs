//! The outcome search of any partizan board game with packed keys
//! ([`crate::rules::board::machinery::packed::PackedRules`]: Clobber, Konane, Snort, Col, Toads and
//! Frogs): a state is the sorted list of its parts' canonical keys, so the game's own
//! canonical forms (its symmetries, its dead cells dropped) are the search's too.
//!
//! A part with few moves is valued by the value search: a part equal to 0 leaves the state, and
//! so do two parts each the other's negative. The table's keys are the states' numbers in an interner of lists of parts
//! (exact, never a hash of them), which holds at most as many lists as it was given room for;
//! past it a state is searched but not remembered.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::rules::board::machinery::outcome::OutcomeGame;
use crate::rules::board::machinery::packed::{Packed, PackedRules};

/// The bytes an interned list of one part takes in the interner, about (the key, its box, the
/// map's slot).
pub const INTERNED_BYTES: u64 = 64;

/// A part with at most this many moves of both players together is valued
/// ([`OutcomeGame::split`]).
pub const SMALL_PART_MOVES: u64 = 6;

/// The outcome search's view of a game with packed keys.
pub struct PackedSearch<'a> {
    rules: &'a dyn PackedRules,
    interned: RefCell<HashMap<Box<[Packed]>, u64>>,
    room: usize,
}

impl<'a> PackedSearch<'a> {
    /// The search of `rules`, whose interner holds at most `bytes` bytes.
    pub fn new(rules: &'a dyn PackedRules, bytes: u64) -> Self {
        let room = usize::try_from(bytes / INTERNED_BYTES).unwrap_or(usize::MAX);
        PackedSearch { rules, interned: RefCell::new(HashMap::new()), room }
    }

    /// The parts of `key`, pushed onto `out`: its own parts, or itself when it is one.
    fn parts_of(&self, key: Packed, out: &mut Vec<Packed>) {
        let before = out.len();
        self.rules.key_parts(key, out);
        if out.len() == before {
            out.push(key);
        }
    }
}

impl OutcomeGame for PackedSearch<'_> {
    type State = Vec<Packed>;

    fn state_of(&self, numbers: &[u64]) -> Option<Vec<Packed>> {
        let key = self.rules.key_of(numbers)?;
        let mut parts = vec![];
        self.parts_of(key, &mut parts);
        parts.sort_unstable();
        Some(parts)
    }

    fn moves(&self, s: &Vec<Packed>, mover: usize, out: &mut Vec<(Vec<Packed>, Option<bool>)>) {
        let mut options = vec![];
        for (i, &part) in s.iter().enumerate() {
            options.clear();
            self.rules.key_options(part, mover, &mut options);
            for &option in &options {
                let mut next: Vec<Packed> = s.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
                self.parts_of(option, &mut next);
                next.sort_unstable();
                out.push((next, None));
            }
        }
        // Fewest answers for the opponent first.
        let them = 1 - mover.min(1);
        out.sort_by_cached_key(|(s, _)| s.iter().map(|&p| self.rules.key_option_count(p, them)).sum::<u64>());
    }

    fn key(&self, s: &Vec<Packed>, _near_root: bool) -> Option<u128> {
        let mut interned = self.interned.borrow_mut();
        if let Some(&id) = interned.get(s.as_slice()) {
            return Some(u128::from(id));
        }
        if interned.len() >= self.room {
            return None;
        }
        let id = interned.len() as u64;
        interned.insert(s.clone().into_boxed_slice(), id);
        Some(u128::from(id))
    }

    fn split(&self, s: &Vec<Packed>, out: &mut Vec<(Packed, Vec<Packed>)>) -> Vec<Packed> {
        let mut rest = vec![];
        for &part in s {
            let (l, r) = (self.rules.key_option_count(part, 0), self.rules.key_option_count(part, 1));
            // Parts with few moves are valued (cheaply, and remembered), and those that cancel
            // leave the board ([`OutcomeGame::keeps_parts`]); summing them beside the board made
            // sums whose canonical forms outgrew the store.
            if l + r <= SMALL_PART_MOVES {
                out.push((part, vec![part]));
            } else {
                rest.push(part);
            }
        }
        rest
    }

    fn keeps_parts(&self) -> bool {
        true
    }

    fn join(&self, rest: &Vec<Packed>, part: &Vec<Packed>) -> Vec<Packed> {
        let mut out: Vec<Packed> = rest.iter().chain(part).copied().collect();
        out.sort_unstable();
        out
    }

    fn is_empty(&self, s: &Vec<Packed>) -> bool {
        s.is_empty()
    }
}
