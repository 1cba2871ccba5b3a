//! The sparse engine's loops that vector instructions speed up, each with a plain twin.
//!
//! AVX2 (and AVX-512, for one loop) is detected when the program runs, through `pulp`, so the
//! library stays free of `unsafe` and the binary runs on any x86-64; elsewhere, or without
//! AVX2, plain loops give the same results (the tests compare them).
//!
//! - `Simd::settle`: looks through the splits (a, m - a) of a heap for the values of a set
//!   (the XORs of the two parts), taking each out when found, until none is left. This is the
//!   inner loop of a scan once only a few candidate values are left to settle: instead of
//!   recording every value the pairs give (a store per pair), it looks for the candidates
//!   alone, 32 pairs a step, membership in any set of bytes being two nibble table lookups
//!   (`vpshufb`).
//! - `Simd::settle_window`: the same search for two-byte values, for offsets from a base in a
//!   window of 512 (AVX-512: 32 pairs a step, a word of the set's bits looked up per pair by
//!   `vpermw`) or 256 (AVX2: 16 pairs a step, nibble lookups).
//! - `Simd::or_flags`: byte flags folded into the bits of the marks, 32 flags an
//!   instruction (`vpmovmskb`).
//! - `Simd::xor_bits`: the XORs of the splits (a, m - a) of a heap as bits, for values
//!   below 64: 32 pairs' XORs at once, each turned into its bit by a shift (`vpsllvd`), the
//!   bits ORed in registers. It replaces a store a pair in the scans of games with small
//!   values.
//! - `Simd::tile_marks`: the pairs of up to 32 consecutive heaps with the rare positions,
//!   eight heaps a step: eight partners' values in one vector, XORed with the rare value,
//!   each turned into its bit by a shift by a different amount per lane (`vpsllvd`), one such
//!   shift for each 32 values the marks hold. The bits stay in registers until every rare
//!   position is done, where one store a pair was needed before.

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

    /// Takes `v` out if it is there; true when that left the set empty (a search for the
    /// set's values is then over).
    #[inline]
    fn take_last(&mut self, v: u8) -> bool {
        if !self.contains(v) {
            return false;
        }
        self.remove(v);
        self.is_empty()
    }

    /// Whether the set has no value.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        // Two 16-byte words, not 32 byte compares: asked after every value a search finds.
        let [low, high] = self.nibbles.map(u128::from_ne_bytes);
        low | high == 0
    }

    /// The values of `before` that are no longer in this set.
    pub(crate) fn gone_since(&self, before: &ByteSet) -> impl Iterator<Item = u8> {
        // The 32 table bytes as four words; bit b of word w is bit b % 8 of byte 8 w + b / 8.
        let words = |set: &ByteSet| -> [u64; 4] {
            let bytes = set.nibbles.as_flattened();
            std::array::from_fn(|w| u64::from_le_bytes(std::array::from_fn(|k| bytes[8 * w + k])))
        };
        let (was, is) = (words(before), words(self));
        (0..4usize).flat_map(move |w| {
            let mut gone = was[w] & !is[w];
            std::iter::from_fn(move || {
                let b = gone.trailing_zeros() as usize;
                if b == 64 {
                    return None;
                }
                gone &= gone - 1;
                // Byte i = 16 t + l holds bit h % 8 for value 16 h + l, h = 8 t + h % 8.
                let (i, bit) = (8 * w + b / 8, b % 8);
                let (t, l) = (i / 16, i % 16);
                Some((((8 * t + bit) << 4) | l) as u8)
            })
        })
    }
}

/// A set of offsets below [`WindowSet::SPAN`] from a window's base (see
/// [`Simd::settle_window`]): bit d % 64 of word d / 64.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct WindowSet {
    bits: [u64; 8],
    /// How many offsets the set holds: a search asks whether it is empty after every offset it
    /// finds, and reading the 64 bytes just written to would wait for the store.
    len: u32,
}

impl WindowSet {
    /// Offsets the set can hold: 0..512.
    pub(crate) const SPAN: usize = 512;

    /// Adds offset `d` (below [`Self::SPAN`]).
    // Outside the tests, only the vector loops add offsets (none on other machines than x86-64).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn insert(&mut self, d: u16) {
        let word = &mut self.bits[usize::from(d / 64) % 8];
        self.len += u32::from(*word >> (d % 64) & 1 == 0);
        *word |= 1 << (d % 64);
    }

    /// The set of offset 64 k + i for every bit i of `words[k]`.
    pub(crate) fn from_words(words: [u64; 8]) -> Self {
        WindowSet { bits: words, len: words.iter().map(|w| w.count_ones()).sum() }
    }

    /// Takes `d` out if it is there; true when that left the set empty. An offset past the
    /// span is in no set.
    #[inline]
    fn take_last(&mut self, d: u16) -> bool {
        let Some(word) = self.bits.get_mut(usize::from(d / 64)) else { return false };
        let bit = 1 << (d % 64);
        if *word & bit == 0 {
            return false;
        }
        *word &= !bit;
        self.len -= 1;
        self.len == 0
    }

    /// Whether the set has no offset.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The offsets of `before` that are no longer in this set.
    pub(crate) fn gone_since(&self, before: &WindowSet) -> impl Iterator<Item = u16> {
        let gone: [u64; 8] = std::array::from_fn(|k| before.bits[k] & !self.bits[k]);
        (0..8u16).flat_map(move |k| {
            let mut word = gone[usize::from(k)];
            std::iter::from_fn(move || {
                let b = word.trailing_zeros() as u16;
                (b < 64).then(|| {
                    word &= word - 1;
                    64 * k + b
                })
            })
        })
    }

    /// The set as 32 words of 16 bits (offset d: bit d % 16 of word d / 16), as the AVX-512
    /// loop looks them up.
    #[cfg(target_arch = "x86_64")]
    fn words16(&self) -> [u16; 32] {
        std::array::from_fn(|k| (self.bits[k / 4] >> (16 * (k % 4))) as u16)
    }

    /// The set as a [`ByteSet`] when every offset is below 256.
    #[cfg(target_arch = "x86_64")]
    fn as_bytes(&self) -> Option<ByteSet> {
        if self.bits[4..].iter().any(|&w| w != 0) {
            return None;
        }
        let mut bytes = ByteSet::default();
        for d in WindowSet::default().gone_since(self) {
            bytes.insert(d as u8);
        }
        Some(bytes)
    }

    /// The offsets of a [`ByteSet`].
    #[cfg(target_arch = "x86_64")]
    fn from_bytes(bytes: &ByteSet) -> Self {
        let mut set = WindowSet::default();
        for d in ByteSet::default().gone_since(bytes) {
            set.insert(u16::from(d));
        }
        set
    }
}

/// The vector instructions this processor has (AVX2 or none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<pulp::x86::V3>,
    /// AVX-512 (F, BW, CD, DQ, VL), for the one loop that gains most from it: a wide window's
    /// search ([`Simd::settle_window`]).
    #[cfg(target_arch = "x86_64")]
    avx512: Option<pulp::x86::V4>,
}

impl Simd {
    /// What this processor has.
    pub(crate) fn new() -> Self {
        Simd {
            #[cfg(target_arch = "x86_64")]
            avx2: pulp::x86::V3::try_new(),
            #[cfg(target_arch = "x86_64")]
            avx512: pulp::x86::V4::try_new(),
        }
    }

    /// AVX-512 when this processor has it (counted in tests, as [`Simd::vector`] is).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn vector512(&self) -> Option<pulp::x86::V4> {
        #[cfg(test)]
        if self.avx512.is_some() {
            tests::VECTOR512_RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        self.avx512
    }

    /// How far past its base a window of [`Simd::settle_window`] may reach: 512 offsets, or 256
    /// where its loop is AVX2's (which tests bytes).
    pub(crate) fn window_span(&self) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.avx2.is_some() && self.avx512.is_none() {
            return 256;
        }
        WindowSet::SPAN
    }

    /// The vector instructions when this processor has them (counted in tests, which check that
    /// the vector path ran: on a machine without AVX2 they would compare the plain loops with
    /// themselves).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn vector(&self) -> Option<pulp::x86::V3> {
        #[cfg(test)]
        if self.avx2.is_some() {
            tests::VECTOR_RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        self.avx2
    }

    /// The plain loops, whatever the processor (the tests compare the two).
    #[cfg(test)]
    pub(crate) fn plain() -> Self {
        Simd {
            #[cfg(target_arch = "x86_64")]
            avx2: None,
            #[cfg(target_arch = "x86_64")]
            avx512: None,
        }
    }

    /// AVX2 alone, whatever else the processor has (the tests compare its loops too).
    #[cfg(test)]
    pub(crate) fn avx2_only() -> Self {
        Simd { avx512: None, ..Simd::new() }
    }

    /// Looks at the pairs (a, m - a), a from lo to hi, taking `values[a] ^ values[m - a]` out
    /// of `set` when it is there, until the set is empty; returns the a after the last pair
    /// looked at (hi + 1 when every pair was, or lo when there was none).
    ///
    /// An `hi` past m / 2 is treated as m / 2 (the pairs past it are the same pairs). The
    /// partners must be known: m - lo < values.len() when lo <= m / 2 (a caller's bug
    /// otherwise, caught by the slice bounds).
    pub(crate) fn settle(&self, values: &[u8], m: usize, lo: usize, hi: usize, set: &mut ByteSet) -> usize {
        let hi = hi.min(m / 2);
        if lo > hi || set.is_empty() {
            return lo;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.vector() {
            return settle_avx2(v3, values, m, lo, hi, set);
        }
        settle_plain(values, m, lo, hi, set)
    }

    /// [`Simd::settle`] for two-byte values in a window: looks at the pairs (a, m - a), a from
    /// lo to hi, taking `(values[a] ^ values[m - a]) - base` out of `set` when that XOR is in
    /// base..base + 512 and its offset is in the set, until the set is empty; returns the a
    /// after the last pair looked at (hi + 1 when every pair was, or lo when there was none).
    /// With AVX-512 the loop tests 32 pairs a step, a 16-bit word of the set's bits looked up
    /// per pair (`vpermw`) and its bit picked by a shift (`vpsllvw`); with AVX2, 16 pairs a
    /// step, for a set of offsets below 256 (nibble lookups, as [`Simd::settle`]); a set
    /// past [`Simd::window_span`] runs the plain loop.
    ///
    /// An `hi` past m / 2 is treated as m / 2, and the partners must be known, as for
    /// [`Simd::settle`].
    pub(crate) fn settle_window(
        &self,
        values: &[u16],
        m: usize,
        (lo, hi): (usize, usize),
        base: u16,
        set: &mut WindowSet,
    ) -> usize {
        let hi = hi.min(m / 2);
        if lo > hi || set.is_empty() {
            return lo;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(v4) = self.vector512() {
            return settle_window_avx512(v4, values, m, (lo, hi), base, set);
        }
        #[cfg(target_arch = "x86_64")]
        if let (Some(v3), Some(mut bytes)) = (self.vector(), set.as_bytes()) {
            let end = settle_window_avx2(v3, values, m, (lo, hi), base, &mut bytes);
            *set = WindowSet::from_bytes(&bytes);
            return end;
        }
        settle_window_plain(values, m, (lo, hi), base, set)
    }

    /// ORs into `out` the marks of the pairs of 8 `out.len()` consecutive heaps (a group of
    /// eight for each entry, [`TILE`] for a whole [`TileMarks`]) with the rare positions `pos`
    /// (values `val`): bit x % 32 of `out[i / 8][x / 32][i % 8]`, for
    /// x = values[base + i - r] ^ rv, every r in `pos` (value rv) and heap i; only the
    /// first `words` rows of each group of eight are used (rounded up to 1, 2, 4 or 8), and
    /// an x past them is not marked.
    ///
    /// With base = n - t for the first heap n of the tile and a split leaving n - t, lane i
    /// marks the pair (r, n + i - t - r). Every r must be at most `base` and the partners
    /// known: base + 8 out.len() - 1 - r < values.len() (a caller's bug otherwise, caught by
    /// the slice bounds).
    pub(crate) fn tile_marks(
        &self,
        values: &[u8],
        base: usize,
        pos: &[usize],
        val: &[u16],
        words: usize,
        out: &mut [MarkGroup],
    ) {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.vector() {
            match words {
                1 => return tile_marks_avx2::<1>(v3, values, base, pos, val, out),
                2 => return tile_marks_avx2::<2>(v3, values, base, pos, val, out),
                3 | 4 => return tile_marks_avx2::<4>(v3, values, base, pos, val, out),
                _ => return tile_marks_avx2::<8>(v3, values, base, pos, val, out),
            }
        }
        tile_marks_plain(values, base, pos, val, words.next_power_of_two().min(8), out);
    }

    /// Marks, for every rare position r of `pos` (its value in `val`), the values
    /// `rv ^ values[base + i - r]` of the eight heaps i = 0..8 into `out` (see [`WideGroup`]).
    ///
    /// Every value is below 512 (a caller's bug otherwise, caught by a bounds check), and the
    /// rare values are all of one half: all 256 or more with `high`, else all below 256. The
    /// vector loop keeps that half's eight rows in registers; a partner of 256 or more (rare:
    /// a game's values seldom reach 256 long before they reach 512) turns its mark into the
    /// other half, which is marked in `out` one at a time.
    // Only the vector loop reads `high`: the plain loop marks either half alike.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    pub(crate) fn wide_group_marks(
        &self,
        values: &[u16],
        base: usize,
        (pos, val): (&[usize], &[u16]),
        high: bool,
        out: &mut WideGroup,
    ) {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.vector() {
            return wide_group_marks_avx2(v3, values, base, (pos, val), high, out);
        }
        for (&r, &rv) in pos.iter().zip(val) {
            for (i, &v) in values[base - r..base - r + 8].iter().enumerate() {
                let x = usize::from(v ^ rv);
                out[x / 32][i] |= 1 << (x % 32);
            }
        }
    }

    /// The values `values[a] ^ values[m - a]`, a in lo..hi, as the bits of a word: those
    /// below 32, or below 64 with `wide`, the others left out (the engine's values are below
    /// 32 or 64 when it asks).
    ///
    /// Both parts must be known: m - lo < values.len(), and hi <= m + 1 and hi <=
    /// values.len() (a caller's bug otherwise, caught by the slice bounds).
    pub(crate) fn xor_bits(&self, values: &[u8], m: usize, lo: usize, hi: usize, wide: bool) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.vector() {
            return match wide {
                true => xor_bits_avx2::<2>(v3, values, m, lo, hi),
                false => xor_bits_avx2::<1>(v3, values, m, lo, hi),
            };
        }
        xor_bits_plain(values, m, lo, hi, if wide { 64 } else { 32 })
    }

    /// ORs bit j of `words[i]` for every nonzero `flags[64 i + j]` (flags.len() = 64
    /// words.len()).
    pub(crate) fn or_flags(&self, flags: &[u8], words: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = self.vector() {
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
    v3.vectorize(|| {
        let zero = v3.avx._mm256_setzero_si256();
        // Bit k set when byte k of the 32 flags is zero.
        let zeros = |half: &[u8]| v3.avx2._mm256_movemask_epi8(v3.avx2._mm256_cmpeq_epi8(vector(half), zero)) as u32;
        for (word, chunk) in words.iter_mut().zip(flags.chunks_exact(64)) {
            let (low, high) = chunk.split_at(LANES);
            *word |= !(u64::from(zeros(low)) | u64::from(zeros(high)) << 32);
        }
    });
}

/// [`Simd::xor_bits`], a pair at a time, for values below `limit`.
fn xor_bits_plain(values: &[u8], m: usize, lo: usize, hi: usize, limit: u8) -> u64 {
    (lo..hi).map(|a| values[a] ^ values[m - a]).filter(|&x| x < limit).fold(0, |bits, x| bits | 1 << x)
}

/// [`Simd::xor_bits`] with AVX2, for values below 32 `ROWS`: 32 pairs a step, their XORs
/// (the right parts reversed in the vector) widened to eight 32-bit lanes at a time, each
/// lane shifting a bit by its value, once per row of 32 values.
#[cfg(target_arch = "x86_64")]
fn xor_bits_avx2<const ROWS: usize>(v3: pulp::x86::V3, values: &[u8], m: usize, lo: usize, hi: usize) -> u64 {
    v3.vectorize(|| {
        let (avx, avx2) = (v3.avx, v3.avx2);
        let reverse =
            pulp::cast::<[u8; LANES], std::arch::x86_64::__m256i>(std::array::from_fn(|k| 15 - (k % 16) as u8));
        let rows: [_; ROWS] = std::array::from_fn(|k| avx._mm256_set1_epi32(32 * k as i32));
        let mut acc = [avx._mm256_setzero_si256(); ROWS];
        let mut a = lo;
        while a + LANES <= hi {
            let left = vector(&values[a..a + LANES]);
            let right = vector(&values[m + 1 - a - LANES..m + 1 - a]);
            // Bytes reversed within each 128-bit half, then the halves swapped.
            let right = avx2._mm256_permute4x64_epi64::<0x4E>(avx2._mm256_shuffle_epi8(right, reverse));
            let x: [u8; LANES] = pulp::cast(avx2._mm256_xor_si256(left, right));
            for eight in x.chunks_exact(8) {
                or_row_bits(v3, &mut acc, widen(v3, eight), &rows);
            }
            a += LANES;
        }
        let mut bits = xor_bits_plain(values, m, a, hi, 32 * ROWS as u8);
        for (k, acc) in acc.into_iter().enumerate() {
            let lanes: [u32; 8] = pulp::cast(acc);
            bits |= u64::from(lanes.iter().fold(0, |all, &lane| all | lane)) << (32 * k);
        }
        bits
    })
}

/// The first eight bytes of `bytes`, each widened to a 32-bit lane.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn widen(v3: pulp::x86::V3, bytes: &[u8]) -> std::arch::x86_64::__m256i {
    let mut eight = [0u8; 8];
    eight.copy_from_slice(&bytes[..8]);
    v3.avx2._mm256_cvtepu8_epi32(v3.sse2._mm_set_epi64x(0, i64::from_le_bytes(eight)))
}

/// ORs bit x % 32 of each lane's value x into that lane of row x / 32 of `acc` (`rows[k]`
/// holding 32 k in every lane); an x past the rows marks nothing.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn or_row_bits<const K: usize>(
    v3: pulp::x86::V3,
    acc: &mut [std::arch::x86_64::__m256i; K],
    x: std::arch::x86_64::__m256i,
    rows: &[std::arch::x86_64::__m256i; K],
) {
    let avx2 = v3.avx2;
    let one = v3.avx._mm256_set1_epi32(1);
    // Row k holds x when x - 32 k is a shift below 32: any other (negative ones are huge as
    // unsigned) shifts the bit out.
    for (a, &row) in acc.iter_mut().zip(rows) {
        *a = avx2._mm256_or_si256(*a, avx2._mm256_sllv_epi32(one, avx2._mm256_sub_epi32(x, row)));
    }
}

/// Heaps whose pairs with rare positions [`Simd::tile_marks`] marks together.
pub(crate) const TILE: usize = 32;

/// The marks of eight heaps, up to 256 values: bit x % 32 of `group[x / 32][i]` for value x
/// of heap i.
pub(crate) type MarkGroup = [[u32; 8]; 8];

/// The marks of [`TILE`] heaps, in groups of eight (see [`Simd::tile_marks`]).
pub(crate) type TileMarks = [MarkGroup; TILE / 8];

/// The marks of eight heaps, up to 512 values: bit x % 32 of `group[x / 32][i]` for value x
/// of heap i.
pub(crate) type WideGroup = [[u32; 8]; 16];

/// [`Simd::wide_group_marks`] with AVX2: eight heaps a step, the rare values' half of the
/// marks in eight registers.
#[cfg(target_arch = "x86_64")]
fn wide_group_marks_avx2(
    v3: pulp::x86::V3,
    values: &[u16],
    base: usize,
    (pos, val): (&[usize], &[u16]),
    high: bool,
    out: &mut WideGroup,
) {
    v3.vectorize(|| {
        let (avx, avx2) = (v3.avx, v3.avx2);
        let half = if high { 8 } else { 0 };
        let rows: [_; 8] = std::array::from_fn(|k| avx._mm256_set1_epi32(32 * (half + k) as i32));
        let mut acc: [_; 8] = std::array::from_fn(|k| pulp::cast(out[half + k]));
        let byte_max = avx._mm256_set1_epi32(255);
        for (&r, &rv) in pos.iter().zip(val) {
            let at = base - r;
            let mut eight = [0u16; 8];
            eight.copy_from_slice(&values[at..at + 8]);
            let partners = avx2._mm256_cvtepu16_epi32(pulp::cast(eight));
            let x = avx2._mm256_xor_si256(partners, avx._mm256_set1_epi32(i32::from(rv)));
            or_row_bits(v3, &mut acc, x, &rows);
            // Partners of 256 or more give values of the other half, which the rows in
            // registers do not hold (their shifts above marked nothing).
            let big = avx._mm256_movemask_ps(pulp::cast(avx2._mm256_cmpgt_epi32(partners, byte_max)));
            if big != 0 {
                for (i, &v) in eight.iter().enumerate().filter(|&(i, _)| big >> i & 1 == 1) {
                    let x = usize::from(v ^ rv);
                    out[x / 32][i] |= 1 << (x % 32);
                }
            }
        }
        for (k, a) in acc.into_iter().enumerate() {
            out[half + k] = pulp::cast(a);
        }
    });
}

/// [`Simd::tile_marks`], a pair at a time.
fn tile_marks_plain(values: &[u8], base: usize, pos: &[usize], val: &[u16], words: usize, out: &mut [MarkGroup]) {
    for (&r, &rv) in pos.iter().zip(val) {
        for (i, &v) in values[base - r..base - r + 8 * out.len()].iter().enumerate() {
            let x = usize::from(u16::from(v) ^ rv);
            if x < 32 * words {
                out[i / 8][x / 32][i % 8] |= 1 << (x % 32);
            }
        }
    }
}

/// Rare positions [`tile_marks_avx2`] takes at a time: their partners' cache lines (one
/// each) stay in the L1 cache while every group of eight heaps is done.
#[cfg(target_arch = "x86_64")]
const RARE_CHUNK: usize = 128;

/// [`Simd::tile_marks`] with AVX2, for marks of `K` rows.
///
/// Eight heaps a step, the marks in K registers. A tile of eight heaps alone read each
/// partner's cache line for only eight bytes, and with more than a few hundred rare positions
/// those lines did not stay in the L1 cache from one tile to the next: so the rare positions
/// are taken a chunk at a time, each chunk for every group of eight.
#[cfg(target_arch = "x86_64")]
fn tile_marks_avx2<const K: usize>(
    v3: pulp::x86::V3,
    values: &[u8],
    base: usize,
    pos: &[usize],
    val: &[u16],
    out: &mut [MarkGroup],
) {
    v3.vectorize(|| {
        let (avx, avx2) = (v3.avx, v3.avx2);
        let rows: [_; K] = std::array::from_fn(|k| avx._mm256_set1_epi32(32 * k as i32));
        for (pos, val) in pos.chunks(RARE_CHUNK).zip(val.chunks(RARE_CHUNK)) {
            for (group, marks) in out.iter_mut().enumerate() {
                let base = base + 8 * group;
                let mut acc: [_; K] = std::array::from_fn(|k| pulp::cast(marks[k]));
                for (&r, &rv) in pos.iter().zip(val) {
                    let at = base - r;
                    let x = avx2._mm256_xor_si256(widen(v3, &values[at..at + 8]), avx._mm256_set1_epi32(i32::from(rv)));
                    or_row_bits(v3, &mut acc, x, &rows);
                }
                for (row, a) in marks.iter_mut().zip(acc) {
                    *row = pulp::cast(a);
                }
            }
        }
    });
}

/// [`Simd::settle`], one pair at a time (lo <= hi <= m / 2, m - lo < values.len()).
fn settle_plain(values: &[u8], m: usize, lo: usize, hi: usize, set: &mut ByteSet) -> usize {
    for a in lo..=hi {
        if set.take_last(values[a] ^ values[m - a]) {
            return a + 1;
        }
    }
    hi + 1
}

/// The lookup tables of a `ByteSet` for [`byte_members`]: its two nibble tables, and the bit of
/// each high nibble in the low table (h < 8) or the high one (h >= 8), one copy per 128-bit
/// lane.
/// (Rebuilt after every value a search finds: each table is one broadcast of its 16 bytes.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn member_tables(v3: pulp::x86::V3, set: &ByteSet) -> [std::arch::x86_64::__m256i; 4] {
    let [low_table, high_table] = set.nibbles.map(|t| v3.avx2._mm256_broadcastsi128_si256(pulp::cast(t)));
    let low_bits: [u8; LANES] = std::array::from_fn(|k| if k % 16 < 8 { 1 << (k % 8) } else { 0 });
    let high_bits: [u8; LANES] = std::array::from_fn(|k| if k % 16 >= 8 { 1 << (k % 8) } else { 0 });
    [low_table, high_table, pulp::cast(low_bits), pulp::cast(high_bits)]
}

/// Byte k of the result is nonzero when byte k of x is in the set of the tables
/// ([`member_tables`]): two `vpshufb` nibble lookups, each ANDed with the bit of the high
/// nibble.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn byte_members(
    v3: pulp::x86::V3,
    x: std::arch::x86_64::__m256i,
    tables: &[std::arch::x86_64::__m256i; 4],
) -> std::arch::x86_64::__m256i {
    let [low_table, high_table, low_bits, high_bits] = *tables;
    let avx2 = v3.avx2;
    let nibble = v3.avx._mm256_set1_epi8(0x0f);
    let l = avx2._mm256_and_si256(x, nibble);
    let h = avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(x), nibble);
    let low = avx2._mm256_and_si256(avx2._mm256_shuffle_epi8(low_table, l), avx2._mm256_shuffle_epi8(low_bits, h));
    let high = avx2._mm256_and_si256(avx2._mm256_shuffle_epi8(high_table, l), avx2._mm256_shuffle_epi8(high_bits, h));
    avx2._mm256_or_si256(low, high)
}

/// Takes the offset of x from base out of `set` when x is in base..base + 256; true when
/// that left the set empty.
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the vector loops' helper
fn take_in_window(set: &mut ByteSet, x: u16, base: u16) -> bool {
    u8::try_from(x.wrapping_sub(base)).is_ok_and(|d| set.take_last(d))
}

/// [`Simd::settle_window`], one pair at a time (lo <= hi <= m / 2, m - lo < values.len()).
fn settle_window_plain(values: &[u16], m: usize, (lo, hi): (usize, usize), base: u16, set: &mut WindowSet) -> usize {
    for a in lo..=hi {
        if set.take_last((values[a] ^ values[m - a]).wrapping_sub(base)) {
            return a + 1;
        }
    }
    hi + 1
}

/// [`Simd::settle_window`] with AVX-512, 32 pairs a step (lo <= hi <= m / 2,
/// m - lo < values.len()).
#[cfg(target_arch = "x86_64")]
fn settle_window_avx512(
    v4: pulp::x86::V4,
    values: &[u16],
    m: usize,
    (lo, hi): (usize, usize),
    base: u16,
    set: &mut WindowSet,
) -> usize {
    use std::arch::x86_64::__m512i;
    const LANES16: usize = 32;
    let load = |w: &[u16]| -> __m512i {
        let array: [u16; LANES16] = std::array::from_fn(|k| w[k]);
        pulp::cast(array)
    };
    let reverse: [u16; LANES16] = std::array::from_fn(|k| (LANES16 - 1 - k) as u16);
    v4.vectorize(|| {
        let (f, bw) = (v4.avx512f, v4.avx512bw);
        let reverse: __m512i = pulp::cast(reverse);
        // The set's bits as 32 words of 16: offset d is bit d % 16 of word d / 16.
        let mut words: __m512i = pulp::cast(set.words16());
        let base_v = f._mm512_set1_epi16(base as i16);
        let span = f._mm512_set1_epi16(WindowSet::SPAN as i16);
        let low4 = f._mm512_set1_epi16(15);
        let one = f._mm512_set1_epi16(1);
        let mut a = lo;
        while a + LANES16 <= hi + 1 {
            let left = load(&values[a..a + LANES16]);
            let right = bw._mm512_permutexvar_epi16(reverse, load(&values[m + 1 - a - LANES16..m + 1 - a]));
            let d = bw._mm512_sub_epi16(f._mm512_xor_si512(left, right), base_v);
            let inside = bw._mm512_cmplt_epu16_mask(d, span);
            // The word of d (its index's low five bits: d / 16 for d inside), and d's bit.
            let word = bw._mm512_permutexvar_epi16(bw._mm512_srli_epi16::<4>(d), words);
            let bit = bw._mm512_sllv_epi16(one, f._mm512_and_si512(d, low4));
            let mut found = bw._mm512_mask_test_epi16_mask(inside, word, bit);
            // The pairs found, in order, against the set as it shrinks. The vector of words
            // loses each offset found in its register: loaded again from the set just written
            // to, it would wait for the stores (measured three times the loop's time).
            while found != 0 {
                let k = a + found.trailing_zeros() as usize;
                found &= found - 1;
                let d = (values[k] ^ values[m - k]).wrapping_sub(base);
                if set.take_last(d) {
                    return k + 1;
                }
                let gone = bw._mm512_maskz_set1_epi16(1 << (d / 16), (1u16 << (d % 16)) as i16);
                words = f._mm512_andnot_si512(gone, words);
            }
            a += LANES16;
        }
        settle_window_plain(values, m, (a, hi), base, set)
    })
}

/// [`Simd::settle_window`] with AVX2, 16 pairs a step (lo <= hi <= m / 2,
/// m - lo < values.len()), for a window of 256.
#[cfg(target_arch = "x86_64")]
fn settle_window_avx2(
    v3: pulp::x86::V3,
    values: &[u16],
    m: usize,
    (lo, hi): (usize, usize),
    base: u16,
    set: &mut ByteSet,
) -> usize {
    use std::arch::x86_64::__m256i;
    const WIDE_LANES: usize = 16;
    let wide = |w: &[u16]| -> __m256i {
        let array: [u16; WIDE_LANES] = std::array::from_fn(|k| w[k]);
        pulp::cast(array)
    };
    // Two-byte lanes reversed within each 128-bit half (then the halves are swapped).
    let reverse: [u8; 32] = std::array::from_fn(|k| (2 * (7 - (k % 16) / 2) + k % 2) as u8);
    v3.vectorize(|| {
        let (avx, avx2) = (v3.avx, v3.avx2);
        let reverse: __m256i = pulp::cast(reverse);
        let mut tables = member_tables(v3, set);
        let base_v = avx._mm256_set1_epi16(base as i16);
        let low_byte = avx._mm256_set1_epi16(0x00ff);
        let zero = avx._mm256_setzero_si256();
        let mut a = lo;
        while a + WIDE_LANES <= hi + 1 {
            let left = wide(&values[a..a + WIDE_LANES]);
            let right = wide(&values[m + 1 - a - WIDE_LANES..m + 1 - a]);
            let right = avx2._mm256_permute4x64_epi64::<0x4E>(avx2._mm256_shuffle_epi8(right, reverse));
            let d = avx2._mm256_sub_epi16(avx2._mm256_xor_si256(left, right), base_v);
            // In the window: the offset's high byte is zero.
            let inside = avx2._mm256_cmpeq_epi16(avx2._mm256_andnot_si256(low_byte, d), zero);
            // The offset's low byte in the set (the high byte's lookup is dropped).
            let member = avx2._mm256_and_si256(byte_members(v3, d, &tables), low_byte);
            let absent = avx2._mm256_or_si256(
                avx2._mm256_cmpeq_epi16(member, zero),
                avx2._mm256_xor_si256(inside, avx2._mm256_cmpeq_epi16(zero, zero)),
            );
            let mut found = !(avx2._mm256_movemask_epi8(absent) as u32) & 0x5555_5555;
            if found != 0 {
                while found != 0 {
                    let k = a + found.trailing_zeros() as usize / 2;
                    found &= found - 1;
                    if take_in_window(set, values[k] ^ values[m - k], base) {
                        return k + 1;
                    }
                }
                tables = member_tables(v3, set);
            }
            a += WIDE_LANES;
        }
        for a in a..=hi {
            if take_in_window(set, values[a] ^ values[m - a], base) {
                return a + 1;
            }
        }
        hi + 1
    })
}

/// Bytes in one vector (pairs one vector step tests).
#[cfg(target_arch = "x86_64")]
const LANES: usize = 32;

/// The first 32 bytes of `bytes` as one vector.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn vector(bytes: &[u8]) -> std::arch::x86_64::__m256i {
    let array: [u8; LANES] = std::array::from_fn(|k| bytes[k]);
    pulp::cast(array)
}

/// [`Simd::settle`] with AVX2, 32 pairs a step (lo <= hi <= m / 2, m - lo < values.len()).
#[cfg(target_arch = "x86_64")]
fn settle_avx2(v3: pulp::x86::V3, values: &[u8], m: usize, lo: usize, hi: usize, set: &mut ByteSet) -> usize {
    use pulp::x86::V3;
    use std::arch::x86_64::__m256i;

    /// Bit k of the result is set when the XOR of left[k] and right[31 - k] is in the set of
    /// the tables.
    #[inline(always)]
    fn members(v3: V3, left: __m256i, right: __m256i, reverse: __m256i, tables: &[__m256i; 4]) -> u32 {
        let avx2 = v3.avx2;
        // Bytes reversed within each 128-bit half, then the halves swapped.
        let right = avx2._mm256_permute4x64_epi64::<0x4E>(avx2._mm256_shuffle_epi8(right, reverse));
        let hit = byte_members(v3, avx2._mm256_xor_si256(left, right), tables);
        let zero = avx2._mm256_cmpeq_epi8(hit, v3.avx._mm256_setzero_si256());
        !(avx2._mm256_movemask_epi8(zero) as u32)
    }

    let reverse: [u8; LANES] = std::array::from_fn(|k| 15 - (k % 16) as u8);
    v3.vectorize(|| {
        let reverse: __m256i = pulp::cast(reverse);
        let mut tables = member_tables(v3, set);
        let mut a = lo;
        while a + LANES <= hi + 1 {
            let left = vector(&values[a..a + LANES]);
            let right = vector(&values[m + 1 - a - LANES..m + 1 - a]);
            let mut found = members(v3, left, right, reverse, &tables);
            if found != 0 {
                // The pairs flagged, in order, against the set as it shrinks (a pair not
                // flagged gave no value of the set, so none of the smaller one either).
                while found != 0 {
                    let k = a + found.trailing_zeros() as usize;
                    found &= found - 1;
                    if set.take_last(values[k] ^ values[m - k]) {
                        return k + 1;
                    }
                }
                tables = member_tables(v3, set);
            }
            a += LANES;
        }
        settle_plain(values, m, a, hi, set)
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What settling must give, from the first pair giving each value: every value found
    /// in lo..=hi leaves the set, and the end is one past the last first find if all were
    /// found, else hi + 1 (lo when there are no pairs).
    fn expected(values: &[u8], m: usize, lo: usize, hi: usize, set: &ByteSet) -> (usize, ByteSet) {
        let hi = hi.min(m / 2);
        let wanted: Vec<u8> = (0..=255u8).filter(|&v| set.contains(v)).collect();
        if lo > hi || wanted.is_empty() {
            return (lo, *set);
        }
        let first: Vec<Option<usize>> =
            wanted.iter().map(|&v| (lo..=hi).find(|&a| values[a] ^ values[m - a] == v)).collect();
        let mut left = *set;
        for (&v, f) in wanted.iter().zip(&first) {
            if f.is_some() {
                left.remove(v);
            }
        }
        let end = match first.iter().all(Option::is_some) {
            true => first.iter().flatten().max().map_or(lo, |&a| a + 1),
            false => hi + 1,
        };
        (end, left)
    }

    /// Times the vector path was taken ([`Simd::vector`]).
    #[cfg(target_arch = "x86_64")]
    pub(super) static VECTOR_RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// Times the AVX-512 path was taken ([`Simd::vector512`]).
    #[cfg(target_arch = "x86_64")]
    pub(super) static VECTOR512_RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// The comparisons of this module run the vector path, not the plain one twice: on x86_64
    /// without AVX2 this fails, unless GRUNDY_NO_AVX2=1 says the machine is known to lack it
    /// (then it says the vector tests were skipped).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_vector_path_runs() {
        let simd = Simd::new();
        if simd.avx2.is_none() {
            assert!(
                std::env::var("GRUNDY_NO_AVX2").is_ok_and(|v| v == "1"),
                "this processor lacks AVX2: the vector tests compare the plain loops with themselves (set GRUNDY_NO_AVX2=1 to accept that)"
            );
            eprintln!("skipped: no AVX2, the vector path was not tested");
            return;
        }
        let before = VECTOR_RUNS.load(std::sync::atomic::Ordering::Relaxed);
        let values = vec![3u8; 300];
        let mut set = ByteSet::default();
        set.insert(0);
        let vector = simd.settle(&values, 300, 1, 149, &mut set);
        assert!(VECTOR_RUNS.load(std::sync::atomic::Ordering::Relaxed) > before, "the vector path did not run");
        let mut plain_set = ByteSet::default();
        plain_set.insert(0);
        assert_eq!(Simd::plain().settle(&values, 300, 1, 149, &mut plain_set), vector);
        assert_eq!(set, plain_set);
        // The window's search runs AVX-512 where the processor has it (this one's tests then
        // compare its loop too).
        if simd.avx512.is_some() {
            let before = VECTOR512_RUNS.load(std::sync::atomic::Ordering::Relaxed);
            let mut window = WindowSet::default();
            window.insert(300);
            let wide = vec![3u16; 300];
            simd.settle_window(&wide, 299, (1, 149), 0, &mut window);
            assert!(VECTOR512_RUNS.load(std::sync::atomic::Ordering::Relaxed) > before, "the AVX-512 path did not run");
        }
    }

    #[test]
    fn window_set_holds_what_was_put_in() {
        let mut s = WindowSet::default();
        assert!(s.is_empty());
        let put = [0u16, 5, 63, 64, 255, 256, 300, 511];
        for d in put {
            s.insert(d);
        }
        s.insert(300); // twice: counted once
        assert_eq!(WindowSet::default().gone_since(&s).collect::<Vec<_>>(), put);
        #[cfg(target_arch = "x86_64")]
        assert!(s.as_bytes().is_none());
        let before = s;
        assert!(!s.take_last(512) && !s.take_last(1) && !s.take_last(u16::MAX));
        for d in put {
            assert_eq!(s.take_last(d), d == 511);
        }
        assert!(s.is_empty());
        assert_eq!(s.gone_since(&before).collect::<Vec<_>>(), put);
        #[cfg(target_arch = "x86_64")]
        {
            let mut low = WindowSet::default();
            for d in [1u16, 100, 255] {
                low.insert(d);
            }
            let bytes = low.as_bytes().unwrap();
            assert!((0..=255u8).all(|v| bytes.contains(v) == [1, 100, 255].contains(&v)));
            assert_eq!(WindowSet::from_bytes(&bytes), low);
        }
    }

    #[test]
    fn byte_set_holds_what_was_put_in() {
        let mut s = ByteSet::default();
        assert!(s.is_empty() && (0..=255u8).all(|v| !s.contains(v)));
        for v in [0u8, 5, 63, 64, 200, 255] {
            s.insert(v);
        }
        assert!((0..=255u8).all(|v| s.contains(v) == [0, 5, 63, 64, 200, 255].contains(&v)));
        let before = s;
        s.remove(64);
        s.remove(255);
        assert!(!s.contains(64) && s.contains(63));
        assert_eq!(s.gone_since(&before).collect::<Vec<_>>(), vec![64, 255]);
    }

    #[test]
    fn finds_a_pair_in_every_position_of_a_vector() {
        // One pair gives 0xff, at each offset in turn; every other pair gives 0.
        for k in 0..80 {
            let mut values = vec![7u8; 400];
            values[10 + k] = 7 ^ 0xff;
            for simd in [Simd::new(), Simd::plain()] {
                let mut set = ByteSet::default();
                set.insert(0xff);
                set.insert(0);
                // 0 is first found at a = 10 (at 11 when that pair is the one giving 0xff).
                let last = if k == 0 { 11 } else { 10 + k };
                assert_eq!(simd.settle(&values, 400, 10, 199, &mut set), last + 1, "offset {k}");
                assert!(set.is_empty());
                // A value no pair gives: every pair is looked at, and it stays.
                set.insert(0x42);
                assert_eq!(simd.settle(&values, 400, 10, 199, &mut set), 200);
                assert!(set.contains(0x42));
            }
        }
    }

    #[test]
    fn finds_a_pair_in_every_position_of_a_window() {
        // One pair gives base + d, at each offset of two vector steps in turn, for offsets in
        // both halves of the window; every other pair gives base (offset 0, found at once).
        let base = 700u16;
        for d in [1u16, 255, 256, 300, 511] {
            for k in 0..80 {
                // Parts below 200 hold 0, those above it base.
                let mut values: Vec<u16> = (0..400).map(|a| if a < 200 { 0 } else { base }).collect();
                values[10 + k] = base ^ (base + d);
                for simd in [Simd::new(), Simd::avx2_only(), Simd::plain()] {
                    let mut set = WindowSet::default();
                    set.insert(d);
                    set.insert(0);
                    // Offset 0 is first found at a = 10, or 11 where that pair gives base + d.
                    let last = if k == 0 { 11 } else { 10 + k };
                    assert_eq!(simd.settle_window(&values, 400, (10, 199), base, &mut set), last + 1, "d {d} at {k}");
                    assert!(set.is_empty());
                    // An offset no pair gives: every pair is looked at, and it stays.
                    set.insert(if d < 511 { d + 1 } else { d - 1 });
                    assert_eq!(simd.settle_window(&values, 400, (10, 199), base, &mut set), 200);
                    assert!(!set.is_empty());
                }
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
                    if (x >> 60) < 3 {
                        (x >> 40) as u8 | 1
                    } else {
                        0
                    }
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
        fn vector_and_plain_xor_bits_agree_with_each_pair(
            values in proptest::collection::vec(0u8..64, 2..300),
            m_frac in 0.0f64..1.0,
            lo in 0usize..200,
            len in 0usize..200,
        ) {
            // As the engine asks: both parts known (pairs past m / 2 are allowed).
            let m = ((values.len() + 40) as f64 * m_frac) as usize;
            let lo = lo.max((m + 1).saturating_sub(values.len()));
            let hi = (lo + len).min(m + 1).min(values.len()).max(lo);
            for wide in [false, true] {
                let limit = if wide { 64 } else { 32 };
                let mut want = 0u64;
                for a in lo..hi {
                    let x = values[a] ^ values[m - a];
                    if x < limit {
                        want |= 1 << x;
                    }
                }
                for simd in [Simd::new(), Simd::plain()] {
                    prop_assert_eq!(simd.xor_bits(&values, m, lo, hi, wide), want);
                }
            }
        }

        #[test]
        fn vector_and_plain_tile_marks_agree_with_each_pair(
            values in proptest::collection::vec(any::<u8>(), TILE..400),
            rare in proptest::collection::vec((0.0f64..1.0, any::<u8>()), 0..300),
            base_frac in 0.0f64..1.0,
            words in 1usize..=8,
            seed in any::<u32>(),
        ) {
            let base = ((values.len() - TILE + 1) as f64 * base_frac) as usize;
            // Rare positions 0..=base, in increasing order, as the engine keeps them.
            let mut rare: Vec<(usize, u16)> = rare.iter().map(|&(f, v)| (((base + 1) as f64 * f) as usize, u16::from(v))).collect();
            rare.sort_unstable();
            let (pos, val): (Vec<usize>, Vec<u16>) = rare.into_iter().unzip();
            // Marks already there stay (the tile is filled a split at a time).
            let start: TileMarks = std::array::from_fn(|g| std::array::from_fn(|k| std::array::from_fn(|i| seed.rotate_left((g * 64 + k * 8 + i) as u32) & 0x8000_0001)));
            let mut want = start;
            for (&r, &rv) in pos.iter().zip(&val) {
                for i in 0..TILE {
                    let x = usize::from(u16::from(values[base + i - r]) ^ rv);
                    // Only the rows in use are marked: 1, 2, 4 or 8 of them.
                    let rows = words.next_power_of_two().min(8);
                    if x < 32 * rows {
                        want[i / 8][x / 32][i % 8] |= 1 << (x % 32);
                    }
                }
            }
            for simd in [Simd::new(), Simd::plain()] {
                let mut out = start;
                simd.tile_marks(&values, base, &pos, &val, words, &mut out);
                prop_assert_eq!(out, want);
                // The first group alone.
                let mut first = [start[0]];
                simd.tile_marks(&values, base, &pos, &val, words, &mut first);
                prop_assert_eq!(first[0], want[0]);
            }
        }

        #[test]
        fn vector_and_plain_wide_group_marks_agree_with_each_pair(
            values in proptest::collection::vec(0u16..512, 8..400),
            rare in proptest::collection::vec((0.0f64..1.0, 0u16..512), 0..300),
            base_frac in 0.0f64..1.0,
            seed in any::<u32>(),
        ) {
            let base = ((values.len() - 7) as f64 * base_frac) as usize;
            let mut rare: Vec<(usize, u16)> = rare.iter().map(|&(f, v)| (((base + 1) as f64 * f) as usize, v)).collect();
            rare.sort_unstable();
            // Marks already there stay (a group is marked a split and a half at a time).
            let start: WideGroup = std::array::from_fn(|k| std::array::from_fn(|i| seed.rotate_left((k * 8 + i) as u32) & 0x8000_0001));
            let mut want = start;
            for &(r, rv) in &rare {
                for i in 0..8 {
                    let x = usize::from(values[base + i - r] ^ rv);
                    want[x / 32][i] |= 1 << (x % 32);
                }
            }
            for simd in [Simd::new(), Simd::plain()] {
                let mut out = start;
                for high in [false, true] {
                    let (pos, val): (Vec<usize>, Vec<u16>) = rare.iter().filter(|&&(_, rv)| (rv >= 256) == high).copied().unzip();
                    simd.wide_group_marks(&values, base, (&pos, &val), high, &mut out);
                }
                prop_assert_eq!(out, want);
            }
        }

        #[test]
        fn vector_and_plain_settling_agree_with_first_finds(
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
            let want = expected(&values, m, lo, hi, &set);
            for simd in [Simd::new(), Simd::plain()] {
                let mut left = set;
                let end = simd.settle(&values, m, lo, hi, &mut left);
                prop_assert_eq!((end, left), want);
            }
        }

        #[test]
        fn vector_and_plain_window_settling_agree_with_first_finds(
            values in proptest::collection::vec(0u16..1024, 2..300),
            high in proptest::collection::vec((0usize..300, any::<u16>()), 0..4),
            base in prop_oneof![0u16..1024, any::<u16>()],
            wanted in proptest::collection::vec(0u16..512, 0..40),
            narrow in any::<bool>(),
            m_frac in 0.0f64..1.0,
            lo in 0usize..200,
            hi in 0usize..200,
        ) {
            let mut values = values;
            for (i, v) in high {
                if let Some(x) = values.get_mut(i) {
                    *x = v;
                }
            }
            let m = ((values.len() + 40) as f64 * m_frac) as usize;
            let lo = lo.max((m + 1).saturating_sub(values.len()));
            // Offsets below 256 only (half the time), which AVX2 takes too.
            let mut set = WindowSet::default();
            for d in wanted {
                set.insert(if narrow { d % 256 } else { d });
            }
            // What settling must give, from the first pair giving each value of the window.
            let h = hi.min(m / 2);
            let offsets: Vec<u16> = WindowSet::default().gone_since(&set).collect();
            let first: Vec<Option<usize>> = offsets
                .iter()
                .map(|&d| (lo..=h).find(|&a| values[a] ^ values[m - a] == base.wrapping_add(d)))
                .collect();
            let mut left_want = set;
            for (&d, f) in offsets.iter().zip(&first) {
                if f.is_some() {
                    left_want.take_last(d);
                }
            }
            let end_want = if lo > h || set.is_empty() {
                lo
            } else if first.iter().all(Option::is_some) {
                first.iter().flatten().max().map_or(lo, |&a| a + 1)
            } else {
                h + 1
            };
            for simd in [Simd::new(), Simd::avx2_only(), Simd::plain()] {
                let mut left = set;
                let end = simd.settle_window(&values, m, (lo, hi), base, &mut left);
                prop_assert_eq!((end, left), (end_want, left_want));
            }
        }
    }
}
