//! The transposition table of the outcome search: what is proven about a position, kept in a
//! fixed number of slots that the caller's memory bound sets, so that a search of billions of
//! nodes holds no more than it was given.
//!
//! A slot holds the position's whole key (never a hash of it: a slot that answers is the
//! position's own, so a collision cannot give a wrong answer), what is known for each player
//! moving first, the winning move found, and the size of the subtree that proved it. Slots
//! come in buckets of two, and a new entry replaces the one of the two whose proof was the
//! smaller search: Breuker, Uiterwijk and van den Herik ("Replacement schemes for
//! transposition tables", ICCA Journal 17, 1994; "Solving 8x8 Domineering", 2000) measured that
//! a two-level table that keeps the larger subtree ("TwoBig") needs the fewest nodes.

/// The bytes one slot takes.
pub const SLOT_BYTES: u64 = 24;

/// One slot: the key (two words), the value part of the key, and what is known.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: [u64; 2],
    /// The index of the value the position is searched beside (0: the empty sum), plus one
    /// (0 marks an empty slot).
    value: u32,
    /// Bits 0-1: Left moving first is known (bit 0) and wins (bit 1); bits 2-3 the same for
    /// Right; bits 4-9: the log2 of the subtree that proved the newest fact; bits 16-23 and
    /// 24-31: the index of a winning move of Left and of Right (255: none kept).
    facts: u32,
}

/// What the table knows of a position for one player moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// The index of a winning move, in the order the search lists moves, when it wins.
    pub best: Option<u8>,
}

/// A table of proven outcomes, bounded in bytes: a caller-owned store, kept between searches of
/// the same game and board size (a play session answers each move from what the last search
/// proved).
pub struct OutcomeTable {
    slots: Vec<Slot>,
    /// The number of buckets minus one (a power of two minus one).
    mask: u64,
    /// Entries stored, and entries that replaced another.
    stored: u64,
    replaced: u64,
}

impl OutcomeTable {
    /// A table of at most `bytes` bytes (at least one bucket); `None` when the machine cannot
    /// give that much.
    pub fn new(bytes: u64) -> Option<Self> {
        let buckets = (bytes / (2 * SLOT_BYTES)).max(1);
        // The largest power of two of buckets that fits.
        let buckets = 1u64 << (63 - buckets.leading_zeros());
        let count = usize::try_from(buckets * 2).ok()?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).ok()?;
        slots.resize(count, Slot::default());
        Some(OutcomeTable { slots, mask: buckets - 1, stored: 0, replaced: 0 })
    }

    /// Entries stored so far, and how many of them replaced another position's.
    pub fn counts(&self) -> (u64, u64) {
        (self.stored, self.replaced)
    }

    /// The first slot of the bucket of `key` and `value`.
    fn bucket(&self, key: u128, value: u32) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64 ^ u64::from(value).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        let h = h ^ (h >> 29);
        ((h & self.mask) * 2) as usize
    }

    fn find(&self, key: u128, value: u32) -> Option<usize> {
        let b = self.bucket(key, value);
        let words = [key as u64, (key >> 64) as u64];
        (b..b + 2).find(|&i| self.slots.get(i).is_some_and(|s| s.value == value + 1 && s.key == words))
    }

    /// What is known of `key` (searched beside the value of index `value`) for `mover` first.
    pub fn get(&self, key: u128, value: u32, mover: usize) -> Option<Known> {
        let slot = self.slots.get(self.find(key, value)?)?;
        let shift = 2 * mover as u32;
        if slot.facts >> shift & 1 == 0 {
            return None;
        }
        let best = (slot.facts >> (16 + 8 * mover as u32) & 0xff) as u8;
        Some(Known { wins: slot.facts >> (shift + 1) & 1 == 1, best: (best != 255).then_some(best) })
    }

    /// Keeps that `mover` moving first in `key` (beside value `value`) wins or loses, with the
    /// winning move's index, proven by a search of `nodes` nodes.
    pub fn put(&mut self, key: u128, value: u32, mover: usize, known: Known, nodes: u64) {
        let work = 64 - u32::from(nodes.leading_zeros() as u8);
        let at = match self.find(key, value) {
            Some(i) => i,
            None => {
                let b = self.bucket(key, value);
                // The slot whose proof was the smaller search gives way (TwoBig).
                let size =
                    |i: usize| self.slots.get(i).map_or(0, |s| if s.value == 0 { 0 } else { 1 + (s.facts >> 4 & 63) });
                let i = if size(b) <= size(b + 1) { b } else { b + 1 };
                if let Some(s) = self.slots.get_mut(i) {
                    if s.value != 0 {
                        self.replaced += 1;
                    }
                    *s = Slot { key: [key as u64, (key >> 64) as u64], value: value + 1, facts: 0xffff_0000 };
                }
                i
            }
        };
        self.stored += 1;
        if let Some(s) = self.slots.get_mut(at) {
            let shift = 2 * mover as u32;
            let best_shift = 16 + 8 * mover as u32;
            let best = u32::from(known.best.unwrap_or(255));
            let old_work = s.facts >> 4 & 63;
            s.facts &= !(3 << shift | 0xff << best_shift | 63 << 4);
            s.facts |= (1 | u32::from(known.wins) << 1) << shift | best << best_shift | work.max(old_work) << 4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_answers_only_its_own_key() {
        let mut t = OutcomeTable::new(1 << 10).unwrap();
        t.put(5, 0, 0, Known { wins: true, best: Some(3) }, 100);
        assert_eq!(t.get(5, 0, 0), Some(Known { wins: true, best: Some(3) }));
        assert_eq!(t.get(5, 0, 1), None);
        assert_eq!(t.get(5, 1, 0), None);
        assert_eq!(t.get(6, 0, 0), None);
        t.put(5, 0, 1, Known { wins: false, best: None }, 1);
        assert_eq!(t.get(5, 0, 1), Some(Known { wins: false, best: None }));
        assert_eq!(t.get(5, 0, 0), Some(Known { wins: true, best: Some(3) }));
    }

    #[test]
    fn the_smaller_proof_gives_way() {
        // One bucket: every key shares it.
        let mut t = OutcomeTable::new(2 * SLOT_BYTES).unwrap();
        t.put(1, 0, 0, Known { wins: true, best: None }, 1 << 20);
        t.put(2, 0, 0, Known { wins: false, best: None }, 10);
        t.put(3, 0, 0, Known { wins: false, best: None }, 1000);
        assert!(t.get(1, 0, 0).is_some());
        assert!(t.get(2, 0, 0).is_none());
        assert!(t.get(3, 0, 0).is_some());
        assert_eq!(t.counts(), (3, 1));
    }
}
