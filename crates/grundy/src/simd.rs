//! The sparse engine's loops that vector instructions speed up, each with a plain twin.
//!
//! AVX2 is detected when the program runs, through `pulp`, so the library stays free of
//! `unsafe` and the binary runs on any x86-64; elsewhere, or without AVX2, plain loops give
//! the same results (the tests compare the two).
//!
//! - [`Simd::first_pair`]: the first split (a, m - a) of a heap whose two values XOR into a
//!   given set. This is the inner loop of a scan once only a few candidate values are left to
//!   settle: instead of recording every value the pairs give (a store per pair), it looks for
//!   the candidates alone, 32 pairs a step, membership in any set of bytes being two nibble
//!   table lookups (`vpshufb`).
//! - [`Simd::or_flags`]: byte flags folded into the bits of the marks, 32 flags an
//!   instruction (`vpmovmskb`).

/// A set of byte values, held the way the vector test reads it: value 16 h + l is in the set
/// when bit h % 8 of `nibbles[h / 8][l]` is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ByteSet {
    nibbles: [[u8; 16]; 2],
}

impl ByteSet {
    /// Where `v` lives: its table, entry and bit.
    #[inline]
    fn place(v: u8) -> (usize, usize, u8) {
        (usize::from(v >> 7), usize::from(v & 15), 1 << ((v >> 4) & 7))
    }

    /// Adds `v`.
    pub(crate) fn insert(&mut self, v: u8) {
        let (t, l, bit) = Self::place(v);
        self.nibbles[t][l] |= bit;
    }

    /// Takes `v` out.
    pub(crate) fn remove(&mut self, v: u8) {
        let (t, l, bit) = Self::place(v);
        self.nibbles[t][l] &= !bit;
    }

    /// Whether `v` is in the set.
    #[inline]
    pub(crate) fn contains(&self, v: u8) -> bool {
        let (t, l, bit) = Self::place(v);
        self.nibbles[t][l] & bit != 0
    }

    /// The two tables, each twice (one copy per 128-bit lane, as `vpshufb` looks up within
    /// lanes).
    #[cfg(target_arch = "x86_64")]
    fn lane_tables(&self) -> [[u8; 32]; 2] {
        self.nibbles.map(|t| std::array::from_fn(|k| t[k % 16]))
    }
}

/// The vector instructions this processor has (AVX2 or none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<pulp::x86::V3>,
}

impl Simd {
    /// What this processor has.
    pub(crate) fn new() -> Self {
        Simd {
            #[cfg(target_arch = "x86_64")]
            avx2: pulp::x86::V3::try_new(),
        }
    }

    /// The plain loops, whatever the processor (the tests compare the two).
    #[cfg(test)]
    pub(crate) fn plain() -> Self {
        Simd {
            #[cfg(target_arch = "x86_64")]
            avx2: None,
        }
    }

    /// The smallest a in lo..=hi with `values[a] ^ values[m - a]` in `set`, if any.
    ///
    /// An `hi` past m / 2 is treated as m / 2 (the pairs past it are the same pairs). The
    /// partners must be known: m - lo < values.len() when lo <= m / 2 (a caller's bug
    /// otherwise, caught by the slice bounds).
    pub(crate) fn first_pair(&self, values: &[u8], m: usize, lo: usize, hi: usize, set: &ByteSet) -> Option<usize> {
        let hi = hi.min(m / 2);
        if lo > hi {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.avx2 {
            return first_avx2(v3, values, m, lo, hi, set);
        }
        first_plain(values, m, lo, hi, set)
    }
}

impl Simd {
    /// ORs bit j of `words[i]` for every nonzero `flags[64 i + j]` (flags.len() = 64
    /// words.len()).
    pub(crate) fn or_flags(&self, flags: &[u8], words: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.avx2 {
            return or_flags_avx2(v3, flags, words);
        }
        or_flags_plain(flags, words);
    }
}

/// [`Simd::or_flags`], a flag at a time.
fn or_flags_plain(flags: &[u8], words: &mut [u64]) {
    for (word, chunk) in words.iter_mut().zip(flags.chunks_exact(64)) {
        *word |= chunk.iter().enumerate().fold(0u64, |bits, (i, &x)| bits | (u64::from(x != 0) << i));
    }
}

/// [`Simd::or_flags`] with AVX2, 32 flags a step.
#[cfg(target_arch = "x86_64")]
fn or_flags_avx2(v3: pulp::x86::V3, flags: &[u8], words: &mut [u64]) {
    use std::arch::x86_64::__m256i;
    v3.vectorize(|| {
        let zero = v3.avx._mm256_setzero_si256();
        // Bit k set when byte k of the 32 flags is zero.
        let zeros = |half: &[u8]| {
            let array: [u8; LANES] = std::array::from_fn(|k| half[k]);
            let v: __m256i = pulp::cast(array);
            v3.avx2._mm256_movemask_epi8(v3.avx2._mm256_cmpeq_epi8(v, zero)) as u32
        };
        for (word, chunk) in words.iter_mut().zip(flags.chunks_exact(64)) {
            let (low, high) = chunk.split_at(LANES);
            *word |= !(u64::from(zeros(low)) | u64::from(zeros(high)) << 32);
        }
    });
}

/// [`Simd::first_pair`], one pair at a time (lo <= hi <= m / 2, m - lo < values.len()).
fn first_plain(values: &[u8], m: usize, lo: usize, hi: usize, set: &ByteSet) -> Option<usize> {
    let left = &values[lo..=hi];
    let right = &values[m - hi..=m - lo]; // right[len - 1 - k] pairs with left[k]
    left.iter().zip(right.iter().rev()).position(|(&x, &y)| set.contains(x ^ y)).map(|k| lo + k)
}

/// Pairs one vector step tests.
#[cfg(target_arch = "x86_64")]
const LANES: usize = 32;

/// [`Simd::first_pair`] with AVX2, 32 pairs a step (lo <= hi <= m / 2, m - lo < values.len()).
#[cfg(target_arch = "x86_64")]
fn first_avx2(v3: pulp::x86::V3, values: &[u8], m: usize, lo: usize, hi: usize, set: &ByteSet) -> Option<usize> {
    use pulp::x86::V3;
    use std::arch::x86_64::__m256i;

    #[inline(always)]
    fn vector(bytes: &[u8]) -> __m256i {
        let array: [u8; LANES] = std::array::from_fn(|k| bytes[k]);
        pulp::cast(array)
    }

    /// Byte k of the result is nonzero when the XOR of left[k] and right[31 - k] is in the
    /// set of the tables.
    #[inline(always)]
    fn members(v3: V3, left: __m256i, right: __m256i, tables: &[__m256i; 5]) -> u32 {
        let [reverse, low_table, high_table, low_bits, high_bits] = *tables;
        let avx2 = v3.avx2;
        // Bytes reversed within each 128-bit half, then the halves swapped.
        let right = avx2._mm256_permute4x64_epi64::<0x4E>(avx2._mm256_shuffle_epi8(right, reverse));
        let x = avx2._mm256_xor_si256(left, right);
        let nibble = v3.avx._mm256_set1_epi8(0x0f);
        let l = avx2._mm256_and_si256(x, nibble);
        let h = avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(x), nibble);
        let low = avx2._mm256_and_si256(avx2._mm256_shuffle_epi8(low_table, l), avx2._mm256_shuffle_epi8(low_bits, h));
        let high = avx2._mm256_and_si256(avx2._mm256_shuffle_epi8(high_table, l), avx2._mm256_shuffle_epi8(high_bits, h));
        let hit = avx2._mm256_or_si256(low, high);
        let zero = avx2._mm256_cmpeq_epi8(hit, v3.avx._mm256_setzero_si256());
        !(avx2._mm256_movemask_epi8(zero) as u32)
    }

    let [low_table, high_table] = set.lane_tables();
    let reverse: [u8; LANES] = std::array::from_fn(|k| 15 - (k % 16) as u8);
    let low_bits: [u8; LANES] = std::array::from_fn(|k| if k % 16 < 8 { 1 << (k % 8) } else { 0 });
    let high_bits: [u8; LANES] = std::array::from_fn(|k| if k % 16 >= 8 { 1 << (k % 8) } else { 0 });
    v3.vectorize(|| {
        let tables = [reverse, low_table, high_table, low_bits, high_bits].map(pulp::cast::<[u8; LANES], __m256i>);
        let mut a = lo;
        while a + LANES <= hi + 1 {
            let left = vector(&values[a..a + LANES]);
            let right = vector(&values[m + 1 - a - LANES..m + 1 - a]);
            let found = members(v3, left, right, &tables);
            if found != 0 {
                return Some(a + found.trailing_zeros() as usize);
            }
            a += LANES;
        }
        first_plain(values, m, a, hi, set)
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute(values: &[u8], m: usize, lo: usize, hi: usize, set: &ByteSet) -> Option<usize> {
        (lo..=hi.min(m / 2)).find(|&a| set.contains(values[a] ^ values[m - a]))
    }

    #[test]
    fn byte_set_holds_what_was_put_in() {
        let mut s = ByteSet::default();
        assert!((0..=255u8).all(|v| !s.contains(v)));
        for v in [0u8, 5, 63, 64, 200, 255] {
            s.insert(v);
        }
        assert!((0..=255u8).all(|v| s.contains(v) == [0, 5, 63, 64, 200, 255].contains(&v)));
        s.remove(64);
        assert!(!s.contains(64) && s.contains(63));
    }

    #[test]
    fn finds_a_pair_in_every_position_of_a_vector() {
        // One pair gives 0xff, at each offset in turn; every other pair gives 0.
        for k in 0..80 {
            let mut values = vec![7u8; 400];
            values[10 + k] = 7 ^ 0xff;
            let mut set = ByteSet::default();
            set.insert(0xff);
            for finder in [Simd::new(), Simd::plain()] {
                assert_eq!(finder.first_pair(&values, 400, 10, 199, &set), Some(10 + k), "offset {k}");
            }
        }
    }

    #[test]
    fn vector_and_plain_flag_folds_agree() {
        let mut x = 99u64;
        for _ in 0..50 {
            let flags: Vec<u8> = (0..256)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if (x >> 60) < 3 { (x >> 40) as u8 | 1 } else { 0 }
                })
                .collect();
            let start = [x, 0, 1 << 63, 5];
            let mut plain = start;
            let mut vector = start;
            Simd::plain().or_flags(&flags, &mut plain);
            Simd::new().or_flags(&flags, &mut vector);
            assert_eq!(plain, vector);
            for (i, f) in flags.iter().enumerate() {
                assert_eq!(plain[i / 64] >> (i % 64) & 1 == 1, *f != 0 || start[i / 64] >> (i % 64) & 1 == 1);
            }
        }
    }

    proptest! {
        #[test]
        fn vector_and_plain_loops_agree_with_brute_force(
            values in proptest::collection::vec(any::<u8>(), 2..300),
            wanted in proptest::collection::vec(any::<u8>(), 0..12),
            m_frac in 0.0f64..1.0,
            lo in 0usize..200,
            hi in 0usize..200,
        ) {
            // m may be past the values (the engine's m is n - t, one past its known values when
            // t = 0) as long as every partner m - a, a >= lo, is known.
            let m = ((values.len() + 40) as f64 * m_frac) as usize;
            let lo = lo.max((m + 1).saturating_sub(values.len()));
            let mut set = ByteSet::default();
            for v in wanted {
                set.insert(v);
            }
            let expected = brute(&values, m, lo, hi, &set);
            prop_assert_eq!(Simd::new().first_pair(&values, m, lo, hi, &set), expected);
            prop_assert_eq!(Simd::plain().first_pair(&values, m, lo, hi, &set), expected);
        }
    }
}
