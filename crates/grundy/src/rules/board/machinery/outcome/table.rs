//! The transposition table of the outcome search: what is proven about a position, kept in at
//! most the slots that the caller's memory bound sets, so that a search of billions of nodes
//! holds no more than it was given. The table starts small, so that a search of a million
//! positions reads one its processor's cache holds, and doubles as its entries outgrow it.
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

/// The bytes one bucket takes: its two slots and their two tags ([`OutcomeTable::tags`]).
const BUCKET_BYTES: u64 = 2 * SLOT_BYTES + 2;

/// One slot: the key (two words), the value part of the key, and what is known; kept in the
/// table as three words ([`Slot::words`]).
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

impl Slot {
    /// The slot kept as `w`: the key's two words, then the value's index and the facts.
    fn of(w: &[u64; 3]) -> Slot {
        Slot { key: [w[0], w[1]], value: w[2] as u32, facts: (w[2] >> 32) as u32 }
    }

    /// The three words that keep the slot.
    fn words(self) -> [u64; 3] {
        [self.key[0], self.key[1], u64::from(self.value) | u64::from(self.facts) << 32]
    }
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
    /// The slots as words ([`Slot::words`]): a table of zero words is allocated zeroed, so its
    /// pages are only touched as slots are filled (a search of a few positions does not pay for
    /// a table of 128 MiB, as it did when slots were written one by one).
    slots: Vec<[u64; 3]>,
    /// A byte of each slot's key hash (never 0; 0 marks an empty slot), two to a bucket: a
    /// look-up reads a slot only where its tag matches, so that a position not in the table
    /// (most of those the search asks about) is answered from the tags, an eleventh of the
    /// slots' bytes and far likelier in the processor's cache than the slots. Empty 8 x 8
    /// Domineering asks the table about 7.4 million times, 6 million of them for the moves of
    /// the positions near the root ([`crate::rules::board::machinery::outcome::domineering`]'s
    /// enhanced transposition cutoff), nearly all misses; each was a wait on memory.
    tags: Vec<u16>,
    /// The number of buckets minus one (a power of two minus one).
    mask: u64,
    /// The most buckets the caller's bytes hold: the table doubles up to it ([`OutcomeTable::put`]).
    most_buckets: u64,
    /// Entries stored, and entries that replaced another; and those that replaced another since
    /// the table last grew.
    stored: u64,
    replaced: u64,
    replaced_lately: u64,
}

/// The buckets a table starts with (6 MiB of slots), when its bytes hold more: a search of a
/// few hundred thousand positions then reads a table that its processor's cache holds rather
/// than one spread over the whole bound (empty 8 x 8 Domineering, 936K positions: 1.30 s in a
/// table of 128 MiB, 1.07 s in one of 8 MiB for 0.6% more positions). Starting at 2^16
/// buckets it grew once and searched 3% more positions; at 2^18, 0.1% fewer, no faster.
const FIRST_BUCKETS: u64 = 1 << 17;

/// The table doubles once this many times its slots have been replaced since it last grew: its
/// positions no longer fit. (Four times searched 10% more positions on the empty 8 x 8 from a
/// table of 2^14 buckets.)
const GROW_AFTER: u64 = 1;

impl OutcomeTable {
    /// A table of at most `bytes` bytes (at least one bucket); `None` when the machine cannot
    /// give that much.
    pub fn new(bytes: u64) -> Option<Self> {
        let most = (bytes / BUCKET_BYTES).max(1);
        // The largest power of two of buckets that fits.
        let most = 1u64 << (63 - most.leading_zeros());
        // Asked first as a reservation, which says when the machine cannot give the most
        // (`vec!` would abort); made only as the table grows.
        Self::can_give(most)?;
        let buckets = most.min(FIRST_BUCKETS);
        let (slots, tags) = Self::reserve(buckets)?;
        let (stored, replaced, replaced_lately) = (0, 0, 0);
        Some(OutcomeTable { slots, tags, mask: buckets - 1, most_buckets: most, stored, replaced, replaced_lately })
    }

    /// The slots of `buckets` buckets, where the machine can give them and their tags: asked as
    /// reservations and given back, which says so where `vec!` would abort.
    fn can_give(buckets: u64) -> Option<usize> {
        let count = usize::try_from(buckets.checked_mul(2)?).ok()?;
        let mut asked: Vec<[u64; 3]> = Vec::new();
        asked.try_reserve_exact(count).ok()?;
        drop(asked);
        let mut asked_tags: Vec<u16> = Vec::new();
        asked_tags.try_reserve_exact(count / 2).ok()?;
        Some(count)
    }

    /// The slots and tags of `buckets` buckets, zeroed and untouched, or `None` when the
    /// machine cannot give them ([`OutcomeTable::can_give`]).
    #[allow(clippy::type_complexity)]
    fn reserve(buckets: u64) -> Option<(Vec<[u64; 3]>, Vec<u16>)> {
        let count = Self::can_give(buckets)?;
        Some((vec![[0u64; 3]; count], vec![0u16; count / 2]))
    }

    /// The table with twice its buckets, each entry moved to its bucket there: an entry of
    /// bucket `b` goes to `b` or `b` plus the old number of buckets (one more bit of its hash),
    /// so no entry is lost. Nothing changes where the machine cannot give the larger table.
    fn grow(&mut self) {
        let buckets = (self.mask + 1) * 2;
        let Some((slots, tags)) = Self::reserve(buckets) else {
            self.most_buckets = self.mask + 1;
            return;
        };
        let old_slots = std::mem::replace(&mut self.slots, slots);
        let old_tags = std::mem::replace(&mut self.tags, tags);
        self.mask = buckets - 1;
        for (i, w) in old_slots.iter().enumerate() {
            let tag = tag_in(&old_tags, i);
            if tag == 0 {
                continue;
            }
            let s = Slot::of(w);
            let (b, _) = self.bucket(u128::from(s.key[0]) | u128::from(s.key[1]) << 64, s.value - 1);
            let at = if self.tag(b) == 0 { b } else { b + 1 };
            if let Some(x) = self.slots.get_mut(at) {
                *x = *w;
            }
            self.set_tag(at, tag);
        }
        self.replaced_lately = 0;
    }

    /// Entries stored so far, and how many of them replaced another position's.
    pub fn counts(&self) -> (u64, u64) {
        (self.stored, self.replaced)
    }

    /// The first slot of the bucket of `key` and `value`, and the tag of its slot there (a
    /// byte of the hash the bucket's index does not use, never 0).
    fn bucket(&self, key: u128, value: u32) -> (usize, u8) {
        // Every bit of the key reaches the bucket's index (splitmix64's mix): with one product
        // and one fold, whose low bits see only the factor's low bits, a board's last row never
        // reached the index of a table of under 2^27 buckets, and boards differing only there
        // shared a bucket (empty 8 x 8 Domineering at the default memory: 1.40M positions, and
        // 1.01M at 2 GiB; 935K at both since).
        let mut state =
            key as u64 ^ ((key >> 64) as u64).rotate_left(29) ^ u64::from(value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = crate::key_hash::splitmix64(&mut state);
        (((h & self.mask) * 2) as usize, (h >> 56) as u8 | 1)
    }

    /// The tag of slot `i` (0: empty).
    fn tag(&self, i: usize) -> u8 {
        tag_in(&self.tags, i)
    }

    /// Sets the tag of slot `i`.
    fn set_tag(&mut self, i: usize, tag: u8) {
        if let Some(t) = self.tags.get_mut(i / 2) {
            let shift = 8 * (i % 2);
            *t = *t & !(0xff << shift) | u16::from(tag) << shift;
        }
    }

    fn find(&self, key: u128, value: u32) -> Option<usize> {
        let (b, tag) = self.bucket(key, value);
        let words = [key as u64, (key >> 64) as u64];
        (b..b + 2).find(|&i| {
            self.tag(i) == tag
                && self.slots.get(i).map(Slot::of).is_some_and(|s| s.value == value + 1 && s.key == words)
        })
    }

    /// What is known of `key` (searched beside the value of index `value`) for `mover` first.
    pub fn get(&self, key: u128, value: u32, mover: usize) -> Option<Known> {
        let slot = Slot::of(self.slots.get(self.find(key, value)?)?);
        let shift = 2 * mover as u32;
        if slot.facts >> shift & 1 == 0 {
            return None;
        }
        let best = (slot.facts >> (16 + 8 * mover as u32) & 0xff) as u8;
        Some(Known { wins: slot.facts >> (shift + 1) & 1 == 1, best: (best != 255).then_some(best) })
    }

    /// Whether the table knows that `mover` moving first loses one of `keys` (each searched
    /// beside the value of index `value`): [`OutcomeTable::get`] of each, asked in two passes.
    /// The first reads every key's tags and only notes which match, so that no branch waits on
    /// a load and the loads, independent, are in flight together; the second reads the slots of
    /// those that match (few: most keys asked are not in the table). Asked of a position's
    /// moves (an enhanced transposition cutoff), one key at a time, each wait on a tag missing
    /// the processor's cache overlapped few others: the look-ups were a quarter of the CPU of
    /// the empty 8 x 8 Domineering (perf).
    pub fn knows_a_loss(&self, keys: &[u128], value: u32, mover: usize) -> bool {
        keys.chunks(64).any(|chunk| {
            let mut matching = 0u64;
            for (j, &key) in chunk.iter().enumerate() {
                let (b, tag) = self.bucket(key, value);
                // `|`, not `||`: no branch on the first tag's load.
                let found = (self.tag(b) == tag) | (self.tag(b + 1) == tag);
                matching |= u64::from(found) << j;
            }
            while matching != 0 {
                let j = matching.trailing_zeros() as usize;
                matching &= matching - 1;
                if chunk.get(j).and_then(|&key| self.get(key, value, mover)).is_some_and(|known| !known.wins) {
                    return true;
                }
            }
            false
        })
    }

    /// Keeps that `mover` moving first in `key` (beside value `value`) wins or loses, with the
    /// winning move's index, proven by a search of `nodes` nodes.
    pub fn put(&mut self, key: u128, value: u32, mover: usize, known: Known, nodes: u64) {
        if self.replaced_lately > GROW_AFTER * 2 * (self.mask + 1) && self.mask < self.most_buckets - 1 {
            self.grow();
        }
        let work = 64 - u32::from(nodes.leading_zeros() as u8);
        let at = match self.find(key, value) {
            Some(i) => i,
            None => {
                let (b, tag) = self.bucket(key, value);
                // The slot whose proof was the smaller search gives way (TwoBig).
                // An empty slot (tag 0) is size 0, read from the tags alone.
                let size = |i: usize| {
                    if self.tag(i) == 0 {
                        return 0;
                    }
                    self.slots.get(i).map(Slot::of).map_or(0, |s| 1 + (s.facts >> 4 & 63))
                };
                let i = if size(b) <= size(b + 1) { b } else { b + 1 };
                if let Some(s) = self.slots.get_mut(i) {
                    if Slot::of(s).value != 0 {
                        self.replaced += 1;
                        self.replaced_lately += 1;
                    }
                    *s = Slot { key: [key as u64, (key >> 64) as u64], value: value + 1, facts: 0xffff_0000 }.words();
                }
                self.set_tag(i, tag);
                i
            }
        };
        self.stored += 1;
        if let Some(w) = self.slots.get_mut(at) {
            let mut s = Slot::of(w);
            let shift = 2 * mover as u32;
            let best_shift = 16 + 8 * mover as u32;
            let best = u32::from(known.best.unwrap_or(255));
            let old_work = s.facts >> 4 & 63;
            s.facts &= !(3 << shift | 0xff << best_shift | 63 << 4);
            s.facts |= (1 | u32::from(known.wins) << 1) << shift | best << best_shift | work.max(old_work) << 4;
            *w = s.words();
        }
    }
}

/// The tag of slot `i` in `tags`, two to a bucket (0: empty).
fn tag_in(tags: &[u16], i: usize) -> u8 {
    tags.get(i / 2).map_or(0, |t| (t >> (8 * (i % 2))) as u8)
}

/// The first bytes of a table written out ([`OutcomeTable::to_bytes`]).
const FILE_MAGIC: &[u8; 8] = b"GRUNDYOT";

/// The version of the written table's layout: a header (the magic, this version, the keys'
/// scheme, the game's spelling), the entries, then the CRC-32 of everything before it.
const FILE_VERSION: u32 = 1;

/// The bytes of the header before the game's spelling: magic, version, scheme, spelling's length.
const FILE_HEAD: usize = 8 + 4 + 8 + 2;

/// Entries proven by a search of fewer positions than this are not written out: they cost
/// less to prove again than to read (a quarter of a table's entries or more are leaves).
const WRITTEN_WORK: u32 = 4;

/// Why written bytes were not read back into a table ([`OutcomeTable::read_bytes`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableFileError {
    /// The bytes are not a table this grundy wrote (magic, version or length), or they were
    /// damaged (the checksum).
    #[error("it is not an outcome table written by this grundy, or it was damaged ({0})")]
    Damaged(&'static str),
    /// The table is another game's, or its keys were made another way (another version of the
    /// game's search).
    #[error("it holds the table of {game}, whose keys this search does not read")]
    Foreign {
        /// The game the table was written for, and how its keys were made.
        game: String,
    },
}

impl OutcomeTable {
    /// The proven entries of this table as bytes, for a search whose keys are the positions
    /// themselves (`scheme`: the search's fingerprint of how it makes keys) of `game`, to be
    /// read back by a later run ([`OutcomeTable::read_bytes`]). Only entries searched beside no
    /// value are written (values are indices of one run's store), without their winning moves
    /// (indices in an order a later version may change), and only those whose proof took
    /// [`WRITTEN_WORK`] positions or more.
    pub fn to_bytes(&self, game: &str, scheme: u64) -> Vec<u8> {
        let name = game.as_bytes();
        let name = name.get(..name.len().min(usize::from(u16::MAX))).unwrap_or(name);
        let mut out = Vec::with_capacity(FILE_HEAD + name.len());
        out.extend_from_slice(FILE_MAGIC);
        out.extend_from_slice(&FILE_VERSION.to_le_bytes());
        out.extend_from_slice(&scheme.to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(name);
        for s in self.slots.iter().map(Slot::of).filter(|s| s.value == 1 && (s.facts >> 4 & 63) >= WRITTEN_WORK) {
            out.extend_from_slice(&s.key[0].to_le_bytes());
            out.extend_from_slice(&s.key[1].to_le_bytes());
            out.extend_from_slice(&(s.facts | 0xffff_0000).to_le_bytes());
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads back into this table the entries [`OutcomeTable::to_bytes`] wrote for `game` with
    /// keys of `scheme`, each where the table's replacement keeps it; how many were read.
    /// Nothing is read from bytes that are damaged or another game's or scheme's.
    pub fn read_bytes(&mut self, bytes: &[u8], game: &str, scheme: u64) -> Result<u64, TableFileError> {
        use TableFileError::Damaged;
        let (body, crc) = bytes.split_at_checked(bytes.len().wrapping_sub(4)).ok_or(Damaged("too short"))?;
        let word = |at: usize, len: usize| body.get(at..at + len).ok_or(Damaged("too short"));
        let u32_at = |at: usize| word(at, 4).map(|b| u32::from_le_bytes(b.try_into().unwrap_or_default()));
        let u64_at = |at: usize| word(at, 8).map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()));
        if crc32fast::hash(body).to_le_bytes() != crc {
            return Err(Damaged("its checksum does not match"));
        }
        if word(0, 8)? != FILE_MAGIC || u32_at(8)? != FILE_VERSION {
            return Err(Damaged("its header is not one this grundy writes"));
        }
        let name_len = usize::from(u16::from_le_bytes(word(20, 2)?.try_into().unwrap_or_default()));
        let name = String::from_utf8_lossy(word(FILE_HEAD, name_len)?).into_owned();
        if name != game || u64_at(12)? != scheme {
            let how = if name == game { format!("{name} keyed by another version of its search") } else { name };
            return Err(TableFileError::Foreign { game: how });
        }
        let entries = body.get(FILE_HEAD + name_len..).unwrap_or_default();
        if entries.len() % 20 != 0 {
            return Err(Damaged("its entries are cut short"));
        }
        let mut read = 0;
        for e in entries.chunks_exact(20) {
            let at = |i: usize| e.get(i..i + 8).and_then(|b| b.try_into().ok()).map_or(0, u64::from_le_bytes);
            let facts = e.get(16..20).and_then(|b| b.try_into().ok()).map_or(0, u32::from_le_bytes);
            let key = u128::from(at(0)) | u128::from(at(8)) << 64;
            for mover in 0..2 {
                if facts >> (2 * mover) & 1 == 1 {
                    let wins = facts >> (2 * mover + 1) & 1 == 1;
                    // The size the writer kept, as `put` reads it back (its log2 plus one).
                    let work = (facts >> 4 & 63).min(63);
                    let nodes = if work == 0 { 0 } else { 1u64 << (work - 1) };
                    self.put(key, 0, mover as usize, Known { wins, best: None }, nodes);
                }
            }
            read += 1;
        }
        Ok(read)
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

    /// A table that doubles keeps every entry it held, where a look-up finds it; and a full
    /// table grows once its slots have all been replaced, up to its bytes.
    #[test]
    fn a_table_grows_and_keeps_what_it_held() {
        let mut t = OutcomeTable::new(8 * BUCKET_BYTES * FIRST_BUCKETS).unwrap();
        assert_eq!(t.mask + 1, FIRST_BUCKETS);
        let keys: Vec<u128> = (0..FIRST_BUCKETS).map(|i| u128::from(i * 7919) << 40 | 3).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(k, (i % 3) as u32, i % 2, Known { wins: i % 5 == 0, best: Some((i % 7) as u8) }, 1 << (i % 9));
        }
        let held = |t: &OutcomeTable| {
            keys.iter().enumerate().map(|(i, &k)| t.get(k, (i % 3) as u32, i % 2)).collect::<Vec<_>>()
        };
        let before = held(&t);
        assert!(before.iter().filter(|k| k.is_some()).count() > keys.len() / 2);
        t.grow();
        assert_eq!(t.mask + 1, 2 * FIRST_BUCKETS);
        assert_eq!(held(&t), before);
        let mut i = 0u64;
        while t.mask + 1 < 8 * FIRST_BUCKETS {
            t.put(u128::from(i) << 64 | 1, 0, 0, Known { wins: true, best: None }, 1);
            i += 1;
            assert!(i < 64 * FIRST_BUCKETS, "the table did not grow to its bytes");
        }
        for _ in 0..16 * FIRST_BUCKETS {
            t.put(u128::from(i) << 64 | 1, 0, 0, Known { wins: true, best: None }, 1);
            i += 1;
        }
        assert_eq!(t.mask + 1, 8 * FIRST_BUCKETS, "the table grew past its bytes");
    }

    /// [`OutcomeTable::knows_a_loss`] is [`OutcomeTable::get`] asked of each key, on lists of
    /// keys of every length up to past two chunks of 64, from a small table (many keys share a
    /// bucket, and tags match for other keys) holding wins and losses of both players beside
    /// two values.
    #[test]
    fn a_loss_known_among_keys_is_one_the_table_gives() {
        let mut t = OutcomeTable::new(64 * BUCKET_BYTES).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let key = |n: u64| u128::from(n % 300) << 70 | u128::from(n % 7);
        for _ in 0..400 {
            let (n, v, m) = (next(), next() % 2, next() % 2);
            t.put(key(n), v as u32, m as usize, Known { wins: next() % 3 == 0, best: None }, next() % 1000);
        }
        let mut losses = 0;
        for len in 0..140 {
            let keys: Vec<u128> = (0..len).map(|_| key(next())).collect();
            for (value, mover) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let plain = keys.iter().any(|&k| t.get(k, value, mover).is_some_and(|known| !known.wins));
                assert_eq!(t.knows_a_loss(&keys, value, mover), plain, "{len} keys, value {value}, mover {mover}");
                losses += usize::from(plain);
            }
        }
        assert!(losses > 100 && losses < 500, "{losses}: the lists should find losses and miss them");
    }

    #[test]
    fn the_smaller_proof_gives_way() {
        // One bucket: every key shares it.
        let mut t = OutcomeTable::new(BUCKET_BYTES).unwrap();
        t.put(1, 0, 0, Known { wins: true, best: None }, 1 << 20);
        t.put(2, 0, 0, Known { wins: false, best: None }, 10);
        t.put(3, 0, 0, Known { wins: false, best: None }, 1000);
        assert!(t.get(1, 0, 0).is_some());
        assert!(t.get(2, 0, 0).is_none());
        assert!(t.get(3, 0, 0).is_some());
        assert_eq!(t.counts(), (3, 1));
    }

    #[test]
    fn a_table_written_out_reads_back_for_its_own_game_and_scheme_only() {
        let mut t = OutcomeTable::new(1 << 12).unwrap();
        let big = 1 << 40 | 7u128 << 64;
        t.put(big, 0, 0, Known { wins: true, best: Some(3) }, 1000);
        t.put(big, 0, 1, Known { wins: false, best: None }, 1000);
        t.put(9, 0, 0, Known { wins: false, best: None }, 100);
        // Beside a value (one run's index) and a proof too small to keep: not written.
        t.put(10, 2, 0, Known { wins: true, best: None }, 1000);
        t.put(11, 0, 0, Known { wins: true, best: None }, 2);
        let bytes = t.to_bytes("domineering", 42);
        let mut u = OutcomeTable::new(1 << 12).unwrap();
        assert_eq!(u.read_bytes(&bytes, "domineering", 42), Ok(2));
        assert_eq!(u.get(big, 0, 0), Some(Known { wins: true, best: None }));
        assert_eq!(u.get(big, 0, 1), Some(Known { wins: false, best: None }));
        assert_eq!(u.get(9, 0, 0), Some(Known { wins: false, best: None }));
        assert_eq!(u.get(9, 0, 1), None);
        assert_eq!(u.get(10, 2, 0), None);
        assert_eq!(u.get(11, 0, 0), None);
        let mut v = OutcomeTable::new(1 << 12).unwrap();
        assert!(matches!(v.read_bytes(&bytes, "clobber", 42), Err(TableFileError::Foreign { .. })));
        assert!(matches!(v.read_bytes(&bytes, "domineering", 43), Err(TableFileError::Foreign { .. })));
        for cut in [0, 3, 10, bytes.len() - 1] {
            assert!(matches!(v.read_bytes(&bytes[..cut], "domineering", 42), Err(TableFileError::Damaged(_))));
        }
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert!(matches!(v.read_bytes(&flipped, "domineering", 42), Err(TableFileError::Damaged(_))));
        assert_eq!(v.counts(), (0, 0), "nothing is read from bytes refused");
    }
}
