//! The plain method's inner loop, for games whose values have no sparse structure (0.764,
//! 0.414, ...): every split (a, m - a) of a heap is looked at, and the XOR of its two values
//! marked as a byte flag. The sparse engine ([`crate::SparseEngine`]) runs it instead of its
//! rare/common method where it measures cheaper per value. The sparse method's scans flag the
//! first pairs of a split with it too.
//!
//! The XORs of 32 pairs are formed together (the compiler makes vector instructions of them,
//! reversing the right-hand part within registers), then each is one store of a byte: no load,
//! so no chain of read-modify-writes on one word of a bitset, which measured about twice as
//! slow. The flags are a fixed-size array of V bytes (V a power of two past every value), so
//! masking an index with V - 1, which changes nothing, spares its bounds check.

use crate::engine::sparse::Cell;

/// Sets `flags[G(left[k]) ^ G(right[len - 1 - k])]` for every k (`right` runs backwards, so
/// that the slices of one heap's splits (a, m - a) are `values[1..=h]` and
/// `values[m - h..m]`). Every value must be below V; the slices are of equal length.
#[inline]
pub(crate) fn mark_pairs<C: Cell, const V: usize>(left: &[C], right: &[C], flags: &mut [u8; V]) {
    let mut l32 = left.chunks_exact(32);
    let mut r32 = right.rchunks_exact(32);
    for (l, r) in (&mut l32).zip(&mut r32) {
        let (Ok(l), Ok(r)) = (<&[C; 32]>::try_from(l), <&[C; 32]>::try_from(r)) else { break };
        let x: [u16; 32] = std::array::from_fn(|k| l[k].into() ^ r[31 - k].into());
        for v in x {
            flags[usize::from(v) & (V - 1)] = 1;
        }
    }
    for (&a, &b) in l32.remainder().iter().zip(r32.remainder().iter().rev()) {
        flags[usize::from(a.into() ^ b.into()) & (V - 1)] = 1;
    }
}

/// The smallest value whose flag is not set (V when every one is).
#[inline]
pub(crate) fn first_unset<const V: usize>(flags: &[u8; V]) -> usize {
    // Eight flags a word: a word of set flags is all ones bytes.
    let mut words = flags.chunks_exact(8);
    for (i, w) in (&mut words).enumerate() {
        let Ok(w) = <[u8; 8]>::try_from(w) else { break };
        let w = u64::from_le_bytes(w);
        if w != 0x0101_0101_0101_0101 {
            // The first zero byte: flags are 0 or 1.
            let zeros = !w & 0x0101_0101_0101_0101;
            return 8 * i + (zeros.trailing_zeros() / 8) as usize;
        }
    }
    V
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn marks_every_pair_and_finds_the_mex() {
        let mut x = 99u64;
        let values: Vec<u16> = (0..500)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 56) as u16 // 0..255
            })
            .collect();
        for (m, h) in [(499, 249), (100, 50), (70, 34), (3, 1), (40, 0)] {
            let mut flags = [0u8; 256];
            mark_pairs::<u16, 256>(&values[1..=h], &values[m - h..m], &mut flags);
            let mut plain = [0u8; 256];
            for a in 1..=h {
                plain[usize::from(values[a] ^ values[m - a])] = 1;
            }
            assert_eq!(flags, plain, "m {m}");
            let narrow: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            let mut bytes = [0u8; 256];
            mark_pairs::<u8, 256>(&narrow[1..=h], &narrow[m - h..m], &mut bytes);
            assert_eq!(bytes, plain, "m {m} u8");
            let mex = (0..256).find(|&v| plain[v] == 0).unwrap_or(256);
            assert_eq!(first_unset(&flags), mex);
        }
        let mut all = [1u8; 64];
        assert_eq!(first_unset(&all), 64);
        all[63] = 0;
        assert_eq!(first_unset(&all), 63);
        all[9] = 0;
        assert_eq!(first_unset(&all), 9);
    }
}
