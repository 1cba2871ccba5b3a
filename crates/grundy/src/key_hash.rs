//! The hasher of the searches' memos, whose keys are their own canonical positions: a fast
//! multiply-fold in place of the standard SipHash, whose guard against hash flooding these
//! keys do not need (they are positions the rules reach, not text a user chose); and
//! splitmix64, the step of the seeded generators and a spreader of small numbers.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// splitmix64 (Steele, Lea and Flood): advances `state` by the golden ratio's step and returns
/// it mixed, 64 well-spread bits; the seeded generators draw from it (the same seed, the same
/// numbers), and a count of small numbers (an edge's place) is spread over 64 bits by it.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Each word folded into the state by a 128-bit multiply, whose high and low halves are xored
/// so that every bit of the word reaches the low bits a table indexes by.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl KeyHasher {
    fn word(&mut self, n: u64) {
        let product = u128::from(self.0 ^ n) * 0x9e37_79b9_7f4a_7c15_u128;
        self.0 = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        // A slice of u64 arrives as its bytes: whole words first, then any tail.
        let mut words = bytes.chunks_exact(8);
        for chunk in &mut words {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let tail = words.remainder();
        if !tail.is_empty() {
            let mut word = [0u8; 8];
            word.iter_mut().zip(tail).for_each(|(w, b)| *w = *b);
            self.word(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.word(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.word(n as u64);
        self.word((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.word(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map keyed by a search's positions.
pub(crate) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
