//! The three-heap splits of hexadecimal games, by a plain method.
//!
//! The rare/common pairing of the sparse engine is about two heaps; a split into three heaps
//! has no such shortcut, so its values are found plainly, but without walking every triple:
//! for every m the engine keeps the set of values G(a) ^ G(m - a) of the two-heap splits of m
//! (a bitset, `Triples::push`). A split of m into three heaps c, a, b is then G(c) ^ an
//! element of the set of m - c: XOR by G(c) moves whole words (its high bits) and permutes the
//! bits inside a word (its low six bits, `xor_bits`), so the sets are ORed, words moved, into
//! one row per low six bits, and each row is permuted once. Each heap size costs about m times
//! the words of a set (m V / 64 for values below V), not m^2 / 12 triples, once: the result is
//! kept per size, so each three-heap digit of a position then costs one OR of a set.

use crate::values::nimber::xor_bits;

/// The most words of a set: values are below 2^16.
const MAX_SET_WORDS: u64 = 1 << 10;

// Each heap size keeps two sets of at most `MAX_SET_WORDS` words, each a boxed slice (16 bytes)
// in a vector grown by doubling (32 bytes an entry, 48 while it grows), beside its value (two
// bytes, three while one-byte values widen); the scratch rows (64 sets) are in the fixed part.
const _: () = assert!(
    2 * (8 * MAX_SET_WORDS + 48) + 3 <= crate::error::Work::ThreeHeapTable.bytes_per_unit()
        && 64 * 8 * MAX_SET_WORDS <= crate::error::FIXED_BYTES / 2
);

/// The two-heap XOR sets of every heap size so far, and a scratch table.
#[derive(Clone, Debug, Default)]
pub(crate) struct Triples {
    /// pairs[k]: bit x is set when some split of k into two non-empty heaps has value x. A set
    /// has as many words as the values needed when it was made; missing words are zero.
    pairs: Vec<Box<[u64]>>,
    /// triples[k]: bit x is set when some split of k into three non-empty heaps has value x
    /// (made once per size, so that a game with many three-heap digits pays once).
    triples: Vec<Box<[u64]>>,
    /// Scratch: the sets ORed together by the low six bits of G(c) (64 rows of `words` words).
    by_low: Vec<u64>,
}

impl Triples {
    /// Adds the sets of heap size `values.len() - 1` (call after each value is known).
    /// `words` is the number of 64-bit words that hold every value so far and their XORs.
    pub(crate) fn push<C: Copy + Into<u16>>(&mut self, values: &[C], words: usize) {
        let Some(k) = values.len().checked_sub(1) else { return };
        debug_assert_eq!(self.pairs.len(), k, "one set per heap size, in order");
        let mut set = vec![0u64; words].into_boxed_slice();
        for a in 1..=k / 2 {
            let x = usize::from(values[a].into() ^ values[k - a].into());
            if let Some(word) = set.get_mut(x / 64) {
                *word |= 1 << (x % 64);
            }
        }
        self.pairs.push(set);
        // The three-heap set of m needs G(1..=m-2) and the two-heap sets of sizes up to m - 1,
        // so it is known one size ahead: a split that takes nothing (digit c or 8 before the
        // point) reads the set of the position being computed.
        while self.triples.len() <= k + 1 {
            let m = self.triples.len();
            let mut three = vec![0u64; words].into_boxed_slice();
            self.three_heap_set(values, m, words, &mut three);
            self.triples.push(three);
        }
    }

    /// Marks in `seen` the value of every split of heap size m into three non-empty heaps
    /// (m at most the number of values pushed).
    pub(crate) fn mark(&self, m: usize, seen: &mut [u64]) {
        if let Some(set) = self.triples.get(m) {
            for (word, &w) in seen.iter_mut().zip(set.iter()) {
                *word |= w;
            }
        }
    }

    /// Sets in `seen` the value of every split of heap size m into three non-empty heaps.
    /// `values` holds G(0..m) at least and the two-heap sets reach m - 1; `words` as in
    /// [`Triples::push`], and `seen` has that many words.
    fn three_heap_set<C: Copy + Into<u16>>(&mut self, values: &[C], m: usize, words: usize, seen: &mut [u64]) {
        if m < 3 {
            return;
        }
        // XOR by g moves word i to word i ^ (g / 64) and permutes the bits inside each word by
        // g % 64. The first is free while ORing; the second is done once per g % 64, after
        // every set has been ORed into the row of its g % 64 (64 rows).
        self.by_low.clear();
        self.by_low.resize(64 * words, 0);
        for (c, &value) in values.iter().enumerate().take(m - 1).skip(1) {
            let g = usize::from(value.into());
            let (hi, row) = (g / 64, &mut self.by_low[(g % 64) * words..(g % 64 + 1) * words]);
            for (i, &w) in self.pairs[m - c].iter().enumerate() {
                if let Some(a) = row.get_mut(i ^ hi) {
                    *a |= w;
                }
            }
        }
        for (low, row) in self.by_low.chunks_exact(words).enumerate() {
            for (word, &w) in seen.iter_mut().zip(row) {
                *word |= xor_bits(w, low as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bits_moves_each_bit_to_its_xor() {
        for x in 0..64u32 {
            for i in 0..64u32 {
                assert_eq!(xor_bits(1 << i, x), 1 << (i ^ x), "bit {i}, x {x}");
            }
        }
    }

    #[test]
    fn marks_every_triple_and_nothing_else() {
        // Values of some game: the marks must be exactly the XORs of all triples.
        let values: Vec<u16> = vec![0, 1, 2, 3, 1, 4, 7, 2, 5, 9, 3, 8, 0, 6, 1];
        let words = 1;
        let mut t = Triples::default();
        for k in 1..=values.len() {
            t.push(&values[..k], words);
        }
        for m in 0..values.len() {
            let mut seen = vec![0u64; words];
            t.mark(m, &mut seen);
            let mut want = 0u64;
            for a in 1..m {
                for b in 1..m {
                    if a + b < m {
                        want |= 1 << (values[a] ^ values[b] ^ values[m - a - b]);
                    }
                }
            }
            assert_eq!(seen[0], want, "m = {m}");
        }
    }
}
