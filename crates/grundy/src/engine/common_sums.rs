//! Which values a pair of common positions can give, for the sparse engine's certificates.
//!
//! A split (a, b) of m has ext(a) ^ ext(b) = ext(G(a) ^ G(b), m), with ext(v, n) = 2 v + n mod 2
//! (see `sparse::ext`). So a pair of two common positions can only give a value whose extended
//! value, at the parity of m, is an XOR of two extended values that common positions hold.
//! The mask's classes say less: such an XOR is of the mask's even class, half of all values.
//! The set actually held is often far smaller: in 0.75 and 4.7 the common positions hold the
//! extended values 3 and 4 only, whose XORs are 0 and 7, so a candidate of value 2 at either
//! parity (extended 4 or 5) is certified at every split, where the even class left 5 open and
//! sent every other heap to a scan.
//!
//! The XORs are kept for up to [`CommonSums::LIMIT`] distinct values (the work grows as their
//! square); past it they are taken to be the whole even class, which is what the mask alone
//! gives (and what so many values' XORs nearly always fill).

/// The extended values common positions hold and their pairwise XORs (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct CommonSums {
    /// Bit e: some common position n >= 1 has extended value e.
    held: Vec<u64>,
    /// The same extended values, in the order first met.
    list: Vec<u32>,
    /// Bit x: x = e ^ f for two held extended values e and f (e = f included).
    sums: Vec<u64>,
    /// Past [`CommonSums::LIMIT`] held values: every value of the even class counts as a sum.
    full: bool,
}

impl CommonSums {
    /// Distinct held values past which the XORs are no longer kept one by one.
    pub(crate) const LIMIT: usize = 1024;

    /// Forgets every held value (for a new mask).
    pub(crate) fn clear(&mut self) {
        self.held.clear();
        self.list.clear();
        self.sums.clear();
        self.full = false;
    }

    /// Records that a common position holds extended value `e`; returns whether the sums grew.
    #[inline(always)]
    pub(crate) fn add(&mut self, e: u32) -> bool {
        if self.full || get(&self.held, e) {
            return false;
        }
        self.insert(e)
    }

    /// [`CommonSums::add`] of a value not held yet (out of line: it is rare).
    #[inline(never)]
    fn insert(&mut self, e: u32) -> bool {
        if self.list.len() >= Self::LIMIT {
            self.full = true;
            return true;
        }
        set(&mut self.held, e);
        set(&mut self.sums, 0);
        for &f in &self.list {
            set(&mut self.sums, e ^ f);
        }
        self.list.push(e);
        true
    }

    /// Whether a pair of common positions may give extended value `x` (under `mask`, whose
    /// even class holds every such XOR, once the sums are no longer kept one by one).
    #[inline(always)]
    pub(crate) fn may_give(&self, x: u32, mask: u32) -> bool {
        if self.full {
            (x & mask).count_ones().is_multiple_of(2)
        } else {
            get(&self.sums, x)
        }
    }
}

#[inline(always)]
fn get(bits: &[u64], i: u32) -> bool {
    bits.get((i >> 6) as usize).is_some_and(|w| w >> (i & 63) & 1 == 1)
}

fn set(bits: &mut Vec<u64>, i: u32) {
    let k = (i >> 6) as usize;
    if k >= bits.len() {
        bits.resize((k + 1).next_power_of_two(), 0);
    }
    bits[k] |= 1u64 << (i & 63);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_the_pairwise_xors() {
        let mut s = CommonSums::default();
        assert!(!s.may_give(0, 0));
        assert!(s.add(3));
        assert!(!s.add(3));
        assert!(s.add(4));
        let given: Vec<u32> = (0..64).filter(|&x| s.may_give(x, 0x6)).collect();
        assert_eq!(given, vec![0, 7]);
        assert!(s.add(200));
        assert!(s.may_give(200 ^ 3, 0x6) && s.may_give(200 ^ 4, 0x6) && !s.may_give(200, 0x6));
        s.clear();
        assert!(!s.may_give(0, 0x6));
    }

    #[test]
    fn past_the_limit_the_even_class_counts() {
        let mut s = CommonSums::default();
        // Odd-class values under mask 1 (odd numbers): their XORs are even.
        for e in 0..=CommonSums::LIMIT as u32 {
            s.add(2 * e + 1);
        }
        assert!(s.full);
        assert!(s.may_give(1 << 20, 1) && !s.may_give((1 << 20) + 1, 1));
    }
}
