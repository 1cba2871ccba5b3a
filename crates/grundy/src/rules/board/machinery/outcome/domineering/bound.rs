//! Bullock's packed bound (Obsequi's, M.Sc. thesis "Domineering: solving large combinatorial
//! search spaces", University of Alberta, 2002, ch. 4): one lower bound on the moves a player is
//! sure of, made by packing her board greedily line by line into protective areas, vulnerable
//! dominoes of two kinds and cells she keeps unused, set against two upper bounds on the other
//! player's moves (his lines' runs, and the cells left him).
//!
//! Each player is seen along her own lines: Left's lines are the board's columns, Right's its
//! rows, so that her dominoes lie along a line and his cross lines. A line is a word whose bit
//! `j + 1` is its cell `j`, a set bit an occupied cell; the bits around the cells, and two lines
//! beyond each end, are set (walls).
//!
//! - A cell is *protected* when the cells beside it on the lines either side are occupied: he
//!   can never cover it. Two protected cells side by side on a line are a *safe* move, hers
//!   whatever he does (counted apart, [`super::solver::Quick`]).
//! - A *protective area* is a 2 x 2 block of empty cells on two lines, walled (both cells
//!   occupied) on the line beyond one of the two, no two areas on adjacent lines over a common
//!   place (so one domino of his touches one area at most). When he plays into one, she plays
//!   into another: each area is worth one move of hers, and each takes one of his moves (his
//!   lines' runs through it lose a place), and an odd one out counts as two vulnerable
//!   dominoes.
//! - A *vulnerable* domino is one of hers that he can spoil. Packed disjointly, each such domino
//!   is of type 1 when no cell of it lies beside (across lines) a cell she may use on the next
//!   line or a cell packed on the previous one: a move of his then spoils at most that one; of
//!   type 2 otherwise, where one move of his may spoil two. Playing her vulnerable dominoes while
//!   he spoils them, she gets at least a third of those of type 2 and half of those of type 1.
//! - A vulnerable domino with one protected cell, when he spoils it, leaves that cell to
//!   nobody: the cells he can use fall by one for each such domino not played. A protected cell
//!   left alone by the packing is *unused*: he never covers it either.
//!
//! Her sure moves are her safe moves, her areas and her vulnerable dominoes as counted; his
//! moves are at most his lines' runs less her areas, and at most half of the empty cells that
//! neither her sure moves nor her unused cells take. Moving first she plays the domino whose
//! count leaves the best remainder first. The bound speaks when her sure moves exceed his most
//! (she wins moving first) or his sure moves, he moving second, reach her most (she loses).
//! The packing is greedy, so any packing it finds is a valid one: the bound holds; it is
//! checked against the plain search on every board of 4 x 4 and 3 x 5 and against Conway's
//! values on random boards up to 6 x 4 (outcome/tests.rs).

/// Lines of a player's view: the board's lines (at most 30) with two walls beyond each end.
pub(super) const LINES: usize = 34;

/// The words of a [`View`]: its [`LINES`] and walls past them, a power of two, so that a line's
/// index masked to it is in bounds without a check (each step of the packing reads four lines:
/// checked, and each compared with the lines a move changes, the reads were a fifth of a step).
pub(super) const VIEW_WORDS: usize = 64;

/// One player's view of the board: her lines, occupied cells set, every word past them a wall.
pub(super) type View = [u32; VIEW_WORDS];

/// The word of line `i` of `v` (`i` below [`VIEW_WORDS`]; past the view's lines, a wall).
#[inline(always)]
fn at(v: &View, i: usize) -> u32 {
    v.get(i & (VIEW_WORDS - 1)).copied().unwrap_or(u32::MAX)
}

/// What the packing of one player's view finds: six counts, ten bits each in one word
/// ([`PackingField`]), so that the scan adds a step's counts in one addition (the packing of
/// each move's board is the search's largest cost). No count passes 1023: a view holds at most
/// 30 x 30 cells, and each count is of cells or of disjoint pairs of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Packing(u64);

/// The counts of a [`Packing`], by their place in its word.
#[derive(Clone, Copy)]
enum PackingField {
    /// Protective areas.
    Areas,
    /// Vulnerable dominoes of type 2, including those with a protected cell.
    Type2,
    /// Vulnerable dominoes of type 2 with a protected cell.
    Type2Protected,
    /// Vulnerable dominoes of type 1, including those with a protected cell.
    Type1,
    /// Vulnerable dominoes of type 1 with a protected cell.
    Type1Protected,
    /// Protected cells the packing leaves alone.
    Unused,
}

/// The bits of one count in a [`Packing`].
const FIELD_BITS: u32 = 10;

impl Packing {
    /// The packing of the counts `n`, in the order of [`PackingField`].
    fn of(n: [u32; 6]) -> Packing {
        Packing(n.iter().rev().fold(0, |w, &x| w << FIELD_BITS | u64::from(x)))
    }

    /// The count of field `f`.
    fn get(self, f: PackingField) -> i32 {
        (self.0 >> (FIELD_BITS * f as u32) & ((1 << FIELD_BITS) - 1)) as i32
    }

    /// The counts of `self` and `other` together.
    fn plus(self, other: Packing) -> Packing {
        Packing(self.0 + other.0)
    }

    /// `self`'s counts less `other`'s, each at most `self`'s (a packing less the packing of
    /// the steps before a line).
    fn less(self, other: Packing) -> Packing {
        Packing(self.0 - other.0)
    }

    /// The counts as numbers, for [`bounds`].
    fn counted(self) -> Counted {
        use PackingField::*;
        Counted {
            areas: self.get(Areas),
            type2: self.get(Type2),
            type2_protected: self.get(Type2Protected),
            type1: self.get(Type1),
            type1_protected: self.get(Type1Protected),
            unused: self.get(Unused),
        }
    }
}

/// The counts of a [`Packing`] as numbers ([`PackingField`] says what each counts).
struct Counted {
    areas: i32,
    type2: i32,
    type2_protected: i32,
    type1: i32,
    type1_protected: i32,
    unused: i32,
}

/// Where the packing's scan stands as it enters a line `a`: the cells its protective areas take
/// on lines `a - 1` and `a` (the latter only those of the area on lines `a - 1` and `a`, the
/// area on `a` and `a + 1` being yet to come) and every cell it takes on line `a - 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Carry {
    area_prev: u32,
    area_here: u32,
    taken_prev: u32,
}

/// The packing of one view line by line, kept so that the packing of the view after a move can
/// start where the move is first seen and stop once it scans as the parent's did.
///
/// A step of the scan at line `a` reads lines `a - 1` to `a + 2` of the view and the [`Carry`]
/// entering it, and nothing else: a move that changes lines `lo` to `hi` alone leaves the steps
/// before `lo - 2` as they were, and past `hi + 1`, once a step is entered with the parent's
/// carry, every later step does what the parent's did. The packing so made is the one [`pack`]
/// makes of the child's view, count for count (checked by the tests on random boards and
/// moves), so the bound, and the search, are unchanged.
#[derive(Clone, Debug)]
pub(super) struct Trace {
    /// The carry entering each line's step, by the line's index in the view.
    carries: [Carry; LINES + 1],
    /// The counts of the steps before each line's.
    before: [Packing; LINES + 1],
    /// The view's lines.
    n: usize,
    /// Whether they are of at most 8 cells ([`step`]'s `SHORT`).
    short: bool,
}

/// The four lines a step of the packing at line `a` reads: `a - 1` to `a + 2`, moved along by
/// one line a step ([`Window::next`]), so that each step loads one line of the view.
#[derive(Clone, Copy)]
struct Window {
    above: u32,
    here: u32,
    next: u32,
    below: u32,
}

impl Window {
    /// The lines about line `a` of `v`.
    #[inline(always)]
    fn at(v: &View, a: usize) -> Window {
        Window { above: at(v, a - 1), here: at(v, a), next: at(v, a + 1), below: at(v, a + 2) }
    }

    /// The lines about line `a + 1`, this being about `a`.
    #[inline(always)]
    fn next(self, v: &View, a: usize) -> Window {
        Window { above: self.here, here: self.next, next: self.below, below: at(v, a + 3) }
    }
}

/// One step of the packing at line `a` of a view of `n` lines, whose lines `a - 1` to `a + 2`
/// are `w`: the protective areas on lines `a` and `a + 1` (not past the last line), then line
/// `a`'s runs of the cells left, paired greedily from the low end; the counts it adds, and the
/// carry entering line `a + 1`.
#[inline(always)]
fn step<const SHORT: bool>(w: Window, n: usize, a: usize, c: Carry, lines: &LineTable) -> (Packing, Carry) {
    let mut areas = 0u64;
    let (mut area_here, mut area_next) = (c.area_here, 0u32);
    if a < n + 1 {
        // Protective areas on lines a and a + 1; nothing is yet taken on a + 1 and a + 2.
        let mut candidates = (walls(w.above) | walls(w.below)) & !area_blocked(w, c);
        while candidates != 0 {
            let t = candidates & candidates.wrapping_neg();
            candidates &= !(t | t << 1);
            area_here |= t | t << 1;
            area_next |= t | t << 1;
            areas += 1;
        }
    }
    // Vulnerable dominoes and unused cells on line a.
    let next = w.next;
    // Cells beside a cell packed on the previous line or a place of hers on the next: a domino
    // there may share his spoiling move with another.
    let shared = c.taken_prev | !(next | next << 1) | !(next | next >> 1);
    let guard = w.above & next;
    let free = !(w.here | area_here);
    // A domino is hit where its first cell or the cell after it is shared: by the first cells'
    // bits shifted down to bit 0, as the line table gives them.
    let hit = (shared >> 1) | (shared >> 2);
    // Lines of at most 8 cells (`SHORT`) have their walls from bit 9, so `free` lies in bits 1-8.
    let (counts, first, protected, taken) = if SHORT || free & !0x1fe == 0 {
        let entry = lines.entry(free, guard);
        (entry & !ENTRY_MASKS, entry as u32 & 0xff, (entry >> 8) as u32 & 0xff, (entry >> 16) as u32 & 0xff)
    } else {
        long_line_entry(free, guard)
    };
    let (first_hit, protected_hit) = (u64::from((first & hit).count_ones()), u64::from((protected & hit).count_ones()));
    let p = Packing(
        counts
            .wrapping_add(areas)
            .wrapping_add(first_hit.wrapping_mul(HIT_FIRST))
            .wrapping_add(protected_hit.wrapping_mul(HIT_PROTECTED)),
    );
    (p, Carry { area_prev: area_here, area_here: area_next, taken_prev: area_here | taken << 1 })
}

/// The places of a line where both it and the next cell are occupied: where a line walls a
/// protective area on the two lines beside it.
#[inline(always)]
fn walls(line: u32) -> u32 {
    line & (line >> 1)
}

/// The places where the step of `w` with carry `c` can put no protective area on its lines `a`
/// and `a + 1`: a cell of either, or the cell after it, occupied or taken by an area.
#[inline(always)]
fn area_blocked(w: Window, c: Carry) -> u32 {
    let blocked = c.area_prev | c.area_here | w.here | w.next;
    blocked | blocked >> 1
}

/// The bits of a line table's entry ([`line_entry`]) that hold its masks, below its counts.
const ENTRY_MASKS: u64 = (1 << (FIELD_BITS * PackingField::Type1 as u32)) - 1;

/// What one domino hit moves in a [`Packing`]: from type 1 to type 2 (its counts are added
/// with wrapping, each field staying at least 0 and below 1024, so that the sum is exact).
const HIT_FIRST: u64 =
    (1u64 << (FIELD_BITS * PackingField::Type2 as u32)).wrapping_sub(1 << (FIELD_BITS * PackingField::Type1 as u32));

/// What one domino with a protected cell hit moves in a [`Packing`], beside [`HIT_FIRST`].
const HIT_PROTECTED: u64 = (1u64 << (FIELD_BITS * PackingField::Type2Protected as u32))
    .wrapping_sub(1 << (FIELD_BITS * PackingField::Type1Protected as u32));

/// A line table's entry for a line of at most 8 cells whose empty cells are `free` and
/// protected ones `guard` (bits 1 to 8), from [`pair_line`]: the first cells of its dominoes
/// (open or with a protected cell), bits 0-7, those with a protected cell, bits 8-15, and the
/// cells the pairing takes (dominoes and unused protected cells), bits 16-23, each shifted
/// down to bit 0; above them the line's counts as a [`Packing`] where no domino is hit (all of
/// type 1), which a step moves to type 2 for those hit ([`HIT_FIRST`], [`HIT_PROTECTED`]).
fn line_entry(free: u32, guard: u32) -> u64 {
    let (counts, first, protected, taken) = entry_parts(pair_line(free, guard));
    u64::from(first) | u64::from(protected) << 8 | u64::from(taken) << 16 | counts
}

/// A line's pairing `(open, protected, unused)` ([`pair_line`]) as a step reads it: its counts
/// where no domino is hit, the first cells of its dominoes, those with a protected cell, and
/// the cells it takes, each shifted down to bit 0.
fn entry_parts((open, protected, unused): (u32, u32, u32)) -> (u64, u32, u32, u32) {
    let first = open | protected;
    let taken = first | first << 1 | unused;
    let counts = Packing::of([0, 0, 0, first.count_ones(), protected.count_ones(), unused.count_ones()]);
    (counts.0, first >> 1, protected >> 1, taken >> 1)
}

/// Packs the view `v` of `n` lines of `len` cells (line `i` at index `i + 2`): protective areas
/// first, then each line's runs of cells left, pairing them greedily from the low end; done
/// line by line ([`step`]), an area on lines `a` and `a + 1` packed before line `a`'s runs.
pub(super) fn pack(v: &View, n: usize, len: usize) -> Packing {
    if len <= 8 {
        pack_in::<true>(v, n)
    } else {
        pack_in::<false>(v, n)
    }
}

/// [`pack`], `SHORT` where the lines are of at most 8 cells.
fn pack_in<const SHORT: bool>(v: &View, n: usize) -> Packing {
    let lines = line_table();
    let (mut p, mut c) = (Packing::default(), Carry::default());
    let mut w = Window::at(v, 2);
    for a in 2..(n + 2) {
        let (q, next) = step::<SHORT>(w, n, a, c, lines);
        p = p.plus(q);
        c = next;
        w = w.next(v, a);
    }
    p
}

/// Runs `f` on the view `v` with the cells `bits` of its lines `lo` and `hi` occupied
/// (`changed`), then puts those lines back: the child's view made in place, two words written
/// and restored, rather than a copy or a look at the changed lines on every read.
fn overlaid<T>(v: &mut View, changed: [(usize, u32); 2], f: impl FnOnce(&View) -> T) -> T {
    let [(lo, lo_bits), (hi, hi_bits)] = changed;
    let (lo, hi) = (lo & (VIEW_WORDS - 1), hi & (VIEW_WORDS - 1));
    let (old_lo, old_hi) = (at(v, lo), at(v, hi));
    if let Some(x) = v.get_mut(lo) {
        *x |= lo_bits;
    }
    if let Some(x) = v.get_mut(hi) {
        *x |= hi_bits;
    }
    let out = f(v);
    // The higher line first: where both are one line, its word before either change.
    if let Some(x) = v.get_mut(hi) {
        *x = old_hi;
    }
    if let Some(x) = v.get_mut(lo) {
        *x = old_lo;
    }
    out
}

/// [`pack`] of the view `v` with the cells `changed` occupied ([`overlaid`]).
pub(super) fn pack_changed(v: &mut View, n: usize, len: usize, changed: [(usize, u32); 2]) -> Packing {
    overlaid(v, changed, |v| pack(v, n, len))
}

impl Trace {
    /// A trace of no view, to be filled ([`Trace::fill`]).
    pub(super) fn empty() -> Trace {
        Trace { carries: [Carry::default(); LINES + 1], before: [Packing::default(); LINES + 1], n: 0, short: true }
    }

    /// Makes this the trace of `v` of `n` lines, in place (a trace is a few hundred bytes, and
    /// one is made at most positions of the search: moved into place, the copies cost 5% of
    /// the CPU).
    pub(super) fn fill(&mut self, v: &View, n: usize, len: usize) {
        self.short = len <= 8;
        if self.short {
            self.fill_in::<true>(v, n);
        } else {
            self.fill_in::<false>(v, n);
        }
    }

    /// [`Trace::fill`], `SHORT` where the lines are of at most 8 cells.
    fn fill_in<const SHORT: bool>(&mut self, v: &View, n: usize) {
        let lines = line_table();
        self.n = n;
        let (mut p, mut c) = (Packing::default(), Carry::default());
        let mut w = Window::at(v, 2);
        for a in 2..(n + 2) {
            if let (Some(x), Some(y)) = (self.carries.get_mut(a), self.before.get_mut(a)) {
                *x = c;
                *y = p;
            }
            let (q, next) = step::<SHORT>(w, n, a, c, lines);
            p = p.plus(q);
            c = next;
            w = w.next(v, a);
        }
        if let (Some(x), Some(y)) = (self.carries.get_mut(n + 2), self.before.get_mut(n + 2)) {
            *x = c;
            *y = p;
        }
    }

    /// The whole packing.
    fn total(&self) -> Packing {
        self.before.get(self.n + 2).copied().unwrap_or_default()
    }

    /// The packing of the view `v` (this trace's) with the cells `changed` occupied, on lines
    /// `lo <= hi` (indices in the view): the parent's steps before the first that reads a
    /// changed line, the child's own from there until a step past `hi + 1` is entered with the
    /// parent's carry, the parent's after it.
    pub(super) fn child(&self, v: &mut View, changed: [(usize, u32); 2]) -> Packing {
        let (lo, hi) = (changed[0].0, changed[1].0);
        let lo_bits = changed[0].1;
        if self.short {
            overlaid(v, changed, |v| self.child_of::<true>(v, lo, hi, lo_bits))
        } else {
            overlaid(v, changed, |v| self.child_of::<false>(v, lo, hi, lo_bits))
        }
    }

    /// [`Trace::child`] of the child's view `v`, its changed lines `lo <= hi`, `lo_bits` the
    /// cells the move occupies on line `lo`.
    ///
    /// The first step that reads line `lo` is the one at `lo - 2`, which reads it only for the
    /// walls of the protective areas on lines `lo - 2` and `lo - 1`: where the move's cells on
    /// `lo` wall no place that step could take, the step is the parent's, and the child's own
    /// steps start at `lo - 1`.
    fn child_of<const SHORT: bool>(&self, v: &View, lo: usize, hi: usize, lo_bits: u32) -> Packing {
        let (n, lines) = (self.n, line_table());
        let mut from = lo.saturating_sub(2).max(2);
        if from + 2 == lo && from < n + 1 {
            if let Some(&c) = self.carries.get(from) {
                let w = Window::at(v, from);
                let new_walls = walls(w.below) & !walls(w.below & !lo_bits);
                if new_walls & !area_blocked(w, c) == 0 {
                    from += 1;
                }
            }
        }
        let (Some(&start), Some(&before)) = (self.carries.get(from), self.before.get(from)) else {
            return self.total();
        };
        let (mut p, mut c) = (before, start);
        let mut w = Window::at(v, from);
        for a in from..(n + 2) {
            if a >= hi + 2 && self.carries.get(a) == Some(&c) {
                let parent_before = self.before.get(a).copied().unwrap_or_default();
                return p.plus(self.total().less(parent_before));
            }
            let (q, next) = step::<SHORT>(w, n, a, c, lines);
            p = p.plus(q);
            c = next;
            w = w.next(v, a);
        }
        p
    }
}

/// [`line_entry`] of every line of at most 8 cells, indexed in base 3 by its cells (0
/// occupied, 1 empty, 2 empty and protected; [`LineTable::index`]): 6,561 entries, 51 KiB,
/// where an index of the empty cells' and the protected ones' bits side by side would spread
/// them over 512 KiB, most of it never read.
fn line_table() -> &'static LineTable {
    static TABLE: std::sync::OnceLock<Box<LineTable>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut digits = [0u16; 256];
        for (m, d) in (0u32..).zip(digits.iter_mut()) {
            *d = (0..8).filter(|j| m >> j & 1 == 1).map(|j| 3u16.pow(j)).sum();
        }
        let mut table = Box::new(LineTable { entries: [0; 6561], digits });
        for free in 0u32..256 {
            each_subset(free, |guard| {
                let i = table.index(free << 1, guard << 1);
                if let Some(x) = table.entries.get_mut(i) {
                    *x = line_entry(free << 1, guard << 1);
                }
            });
        }
        table
    })
}

/// Calls `f` with each subset of `set` (each set of protected cells among the empty ones), the
/// empty set last.
fn each_subset(set: u32, mut f: impl FnMut(u32)) {
    let mut subset = set;
    loop {
        f(subset);
        if subset == 0 {
            break;
        }
        subset = (subset - 1) & set;
    }
}

/// The [`line_table`]'s entries and the base-3 digits that index them.
struct LineTable {
    /// [`line_entry`] by the line's base-3 index.
    entries: [u64; 6561],
    /// Each set of a line's cells (bits 1 to 8, shifted down to bit 0) as the base-3 number
    /// whose digits are 1 on those cells.
    digits: [u16; 256],
}

impl LineTable {
    /// The index of a line of at most 8 cells whose empty cells are `free` and protected ones
    /// `guard` (bits 1 to 8): the empty cells' digits plus the protected ones', each digit of 3^j
    /// for cell j.
    #[inline(always)]
    fn index(&self, free: u32, guard: u32) -> usize {
        self.chunk_index(free >> 1, guard >> 1)
    }

    /// [`LineTable::index`] of the 8 cells at bits 0 to 7 of `free` and `guard` (a chunk of a
    /// longer line, [`chunk_table`]).
    #[inline(always)]
    fn chunk_index(&self, free: u32, guard: u32) -> usize {
        let d = |m: u32| usize::from(self.digits.get((m & 0xff) as usize).copied().unwrap_or(0));
        d(free) + d(free & guard)
    }

    /// The entry of that line ([`LineTable::index`]).
    #[inline(always)]
    fn entry(&self, free: u32, guard: u32) -> u64 {
        self.entries.get(self.index(free, guard)).copied().unwrap_or(0)
    }
}

/// [`line_table`] of the lines of 9 or 10 cells, ten bits a field (4 MiB, made the first time a
/// board of such lines is packed), for 9 x 9 and 10 x 10 boards: one look-up a line. (Paired by
/// chunks, [`pair_long_line`], those boards took 6-8% more CPU: 9 x 7 and 7 x 9.)
fn long_line_table() -> &'static [u32] {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0u32..1 << 20)
            .map(|i| {
                let (free, guard) = ((i & 0x3ff) << 1, (i >> 10 & i & 0x3ff) << 1);
                let (open, protected, unused) = pair_line(free, guard);
                open >> 1 | (protected >> 1) << 10 | (unused >> 1) << 20
            })
            .collect()
    })
}

/// [`line_entry`] of a line of more than 8 cells, unpacked: its counts where no domino is hit,
/// the first cells of its dominoes, those with a protected cell, and the cells it takes, each
/// shifted down to bit 0; paired by [`long_line_table`] for 9 or 10 cells, eight cells at a
/// time past that ([`pair_long_line`]). Apart from [`step`] (never inlined), so that the step
/// of boards of at most 8 x 8 is compiled without it.
#[cold]
#[inline(never)]
fn long_line_entry(free: u32, guard: u32) -> (u64, u32, u32, u32) {
    entry_parts(if free & !0x7fe != 0 {
        pair_long_line(free, guard)
    } else {
        let index = ((free >> 1) | ((free & guard) >> 1) << 10) as usize;
        let entry = long_line_table().get(index).copied().unwrap_or(0);
        ((entry & 0x3ff) << 1, (entry >> 10 & 0x3ff) << 1, (entry >> 20 & 0x3ff) << 1)
    })
}

/// Where the greedy pairing of a line stands after a cell ([`Pairing`]): nothing pending; a
/// protected cell pending; an open cell pending; an open cell then a protected one pending; a
/// safe pair just made after an open cell left alone (the open cell and the first protected
/// one may still pair, the pair after them being the safe one). Every state but `Empty` has
/// the last cell fed just before the next cell of its run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PairState {
    Empty,
    Protected,
    Open,
    OpenProtected,
    AfterSafe,
}

impl PairState {
    /// Every state, in the order of their index in the [`chunk_table`].
    const ALL: [PairState; 5] =
        [PairState::Empty, PairState::Protected, PairState::Open, PairState::OpenProtected, PairState::AfterSafe];
}

/// The greedy pairing of one line's empty cells from the low end, fed a cell at a time: the
/// first cells of the pairs of two open cells (`pairs`), of the pairs of an open and a
/// protected cell (`with_protected`), and the protected cells left alone (`unused`); the pairs
/// of two protected cells (safe moves, counted apart) are left unmarked.
#[derive(Clone, Copy)]
struct Pairing {
    state: PairState,
    /// The open cell pending, in the states that hold one.
    open: u32,
    /// The last cell fed.
    last: u32,
    pairs: u32,
    with_protected: u32,
    unused: u32,
}

impl Pairing {
    /// A pairing fed no cell.
    fn new() -> Pairing {
        Pairing { state: PairState::Empty, open: 0, last: 0, pairs: 0, with_protected: 0, unused: 0 }
    }

    /// Feeds the empty cell `x` (one bit, above every cell fed before), `protected` or not: a
    /// gap since the last cell first closes what is pending.
    fn feed(&mut self, x: u32, protected: bool) {
        use PairState::*;
        if (x >> 1) & self.last == 0 {
            self.close();
        }
        self.last = x;
        self.state = if protected {
            match self.state {
                Empty => Protected,
                Protected => Empty,
                Open | AfterSafe => OpenProtected,
                OpenProtected => AfterSafe,
            }
        } else {
            match self.state {
                Empty | AfterSafe => {
                    self.open = x;
                    Open
                }
                Protected => {
                    self.with_protected |= x >> 1;
                    Empty
                }
                Open => {
                    self.pairs |= self.open;
                    Empty
                }
                OpenProtected => {
                    self.with_protected |= self.open;
                    self.open = x;
                    Open
                }
            }
        };
    }

    /// Ends the run: what is pending is settled.
    fn close(&mut self) {
        match self.state {
            PairState::Protected => self.unused |= self.last,
            PairState::OpenProtected => self.with_protected |= self.open,
            _ => {}
        }
        self.state = PairState::Empty;
    }

    /// The cells `free` of a line (above every cell fed before), `guard` the protected ones.
    fn feed_line(&mut self, free: u32, guard: u32) {
        let mut rest = free;
        while rest != 0 {
            let x = rest & rest.wrapping_neg();
            rest ^= x;
            self.feed(x, x & guard != 0);
        }
    }
}

/// One line's empty cells `free` paired greedily from the low end, `guard` the protected
/// ones, leaving the pairs of two protected cells (safe moves, counted apart) unmarked: the
/// first cells of the pairs of two open cells, of the pairs of an open and a protected cell,
/// and the protected cells left alone.
pub(super) fn pair_line(free: u32, guard: u32) -> (u32, u32, u32) {
    let mut p = Pairing::new();
    p.feed_line(free, guard);
    p.close();
    (p.pairs, p.with_protected, p.unused)
}

/// The bit at which a chunk's cells start in the lines [`chunk_table`] feeds: below it, the
/// cells that put the pairing in the chunk's entry state.
const CHUNK_AT: u32 = 5;

/// The fields of a [`chunk_table`] entry, by their first bit: the masks the chunk marks on its
/// own eight cells (the three of [`pair_line`]'s answer), the cell before the chunk marked
/// (`with_protected`, `unused`: a protected cell pending there, settled), the open cell pending
/// since before the chunk settled (into `pairs`, into `with_protected`), and the state the chunk
/// leaves: its [`PairState::ALL`] index, and whether its open cell is new, at which of the
/// chunk's cells.
mod chunk {
    pub(super) const PAIRS: u32 = 0;
    pub(super) const WITH_PROTECTED: u32 = 8;
    pub(super) const UNUSED: u32 = 16;
    pub(super) const BEFORE_WITH_PROTECTED: u32 = 24;
    pub(super) const BEFORE_UNUSED: u32 = 25;
    pub(super) const OPEN_PAIRED: u32 = 26;
    pub(super) const OPEN_WITH_PROTECTED: u32 = 27;
    pub(super) const LEAVES: u32 = 28;
    pub(super) const NEW_OPEN: u32 = 31;
    pub(super) const NEW_OPEN_AT: u32 = 32;
}

/// [`pair_line`] eight cells at a time, for a line of more than 10 cells (up to 30): each chunk
/// of eight cells with the state the pairing enters it in has its entry in the
/// [`chunk_table`], which gives what the chunk marks and the state it leaves. The open cell a
/// state holds may lie any number of protected cells back, so its place is kept here, not in
/// the state. The same pairing, checked against [`pair_line`] on every line of 9 to 12 cells
/// and on random lines up to 30.
fn pair_long_line(free: u32, guard: u32) -> (u32, u32, u32) {
    let (table, lines) = (chunk_table(), line_table());
    let bit = |e: u64, at: u32| (e >> at & 1) as u32;
    let (mut pairs, mut with_protected, mut unused) = (0u32, 0u32, 0u32);
    let (mut f, mut g) = (free >> 1, (free & guard) >> 1);
    // The state entering the chunk, and the open cell it holds (one bit of the line).
    let (mut state, mut open) = (0usize, 0u32);
    // The line's bit of the chunk's first cell.
    let mut at = 1u32;
    while f != 0 && at < 32 {
        let e = table.get(state * 6561 + lines.chunk_index(f, g)).copied().unwrap_or(0);
        let byte = |field: u32| (e >> field & 0xff) as u32;
        pairs |= (byte(chunk::PAIRS) << at) | (open * bit(e, chunk::OPEN_PAIRED));
        with_protected |= (byte(chunk::WITH_PROTECTED) << at)
            | (bit(e, chunk::BEFORE_WITH_PROTECTED) << (at - 1))
            | (open * bit(e, chunk::OPEN_WITH_PROTECTED));
        unused |= (byte(chunk::UNUSED) << at) | (bit(e, chunk::BEFORE_UNUSED) << (at - 1));
        state = (e >> chunk::LEAVES & 0b111) as usize;
        if bit(e, chunk::NEW_OPEN) == 1 {
            open = 1 << (at + (e >> chunk::NEW_OPEN_AT & 0b111) as u32);
        }
        f >>= 8;
        g >>= 8;
        at += 8;
    }
    // The line's end closes what is pending (as a chunk of no empty cells would, one look-up
    // fewer): the last cell fed lies just below `at`.
    match PairState::ALL.get(state) {
        Some(PairState::Protected) => unused |= 1 << (at - 1),
        Some(PairState::OpenProtected) => with_protected |= open,
        _ => {}
    }
    (pairs, with_protected, unused)
}

/// Each chunk of eight cells of a line entered in each [`PairState`] (index: the state's place
/// in [`PairState::ALL`] x 6561 plus the chunk's base-3 index, [`LineTable::chunk_index`]): what its
/// pairing marks and the state it leaves (fields in [`chunk`]; `Empty` where its last cell is
/// occupied, its run then closed). 32,805 entries, 256 KiB, made the first time a line of more
/// than 10 cells is packed (4 x 16 boards, 3 x 14, ...).
fn chunk_table() -> &'static [u64] {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let lines = line_table();
        let mut entries = vec![0u64; 5 * 6561];
        for (s, &state) in PairState::ALL.iter().enumerate() {
            for free in 0u32..256 {
                each_subset(free, |guard| {
                    if let Some(x) = entries.get_mut(s * 6561 + lines.chunk_index(free, guard)) {
                        *x = chunk_entry(state, free, guard);
                    }
                });
            }
        }
        entries
    })
}

/// The [`chunk_table`]'s entry of the chunk of empty cells `free` and protected ones `guard`
/// (bits 0 to 7) entered in `state`: the pairing is put in that state by cells fed below the
/// chunk ([`entered`]), then fed the chunk, and closed where the chunk's last cell is occupied.
fn chunk_entry(state: PairState, free: u32, guard: u32) -> u64 {
    let (mut p, carried) = entered(state);
    p.feed_line(free << CHUNK_AT, guard << CHUNK_AT);
    if free & 0x80 == 0 {
        p.close();
    }
    let before = 1 << (CHUNK_AT - 1);
    let flag = |x: bool, at: u32| u64::from(x) << at;
    let own = |m: u32, at: u32| u64::from(m >> CHUNK_AT & 0xff) << at;
    let leaves = PairState::ALL.iter().position(|&t| t == p.state).unwrap_or(0) as u64;
    let holds_open = matches!(p.state, PairState::Open | PairState::OpenProtected | PairState::AfterSafe);
    let new_open = holds_open && p.open != carried;
    own(p.pairs, chunk::PAIRS)
        | own(p.with_protected, chunk::WITH_PROTECTED)
        | own(p.unused, chunk::UNUSED)
        | flag(carried != before && p.with_protected & before != 0, chunk::BEFORE_WITH_PROTECTED)
        | flag(p.unused & before != 0, chunk::BEFORE_UNUSED)
        | flag(carried != 0 && p.pairs & carried != 0, chunk::OPEN_PAIRED)
        | flag(carried != 0 && p.with_protected & carried != 0, chunk::OPEN_WITH_PROTECTED)
        | leaves << chunk::LEAVES
        | flag(new_open, chunk::NEW_OPEN)
        | u64::from(if new_open { p.open.trailing_zeros().saturating_sub(CHUNK_AT) } else { 0 }) << chunk::NEW_OPEN_AT
}

/// A pairing in `state` with its last cell just below the chunk (bit [`CHUNK_AT`] - 1), made by
/// feeding the cells that lead to it from an empty line (none of which marks anything), and
/// the open cell it holds (0 where it holds none).
fn entered(state: PairState) -> (Pairing, u32) {
    let mut p = Pairing::new();
    let cells: &[(u32, bool)] = match state {
        PairState::Empty => &[],
        PairState::Protected => &[(1, true)],
        PairState::Open => &[(1, false)],
        PairState::OpenProtected => &[(2, false), (1, true)],
        PairState::AfterSafe => &[(3, false), (2, true), (1, true)],
    };
    for &(back, protected) in cells {
        p.feed(1 << (CHUNK_AT - back), protected);
    }
    let open = if matches!(state, PairState::Empty | PairState::Protected) { 0 } else { p.open };
    (p, open)
}

/// The bounds of one player's packing: her sure moves, and the most moves of the other player
/// by the cells left him and by his lines' runs (`his_most`), with `safe` her safe moves and
/// `empty` the empty cells; `first`: she moves first.
fn bounds(p: Packing, safe: i32, his_most: i32, empty: i32, first: bool) -> (i32, i32) {
    let mut p = p.counted();
    let (mut safe, mut his_most) = (safe, his_most);
    if first {
        // Moving first she plays at once where the count's remainder gains most.
        if p.areas % 2 == 1 {
            p.areas -= 1;
            safe += 2;
            his_most -= 2;
        } else if p.type2 % 3 != 0 {
            p.type2 -= 1;
            safe += 1;
            p.type2_protected = p.type2_protected.min(p.type2);
        } else if p.type1 % 2 != 0 {
            p.type1 -= 1;
            safe += 1;
            p.type1_protected = p.type1_protected.min(p.type1);
        } else if p.type2 > 0 {
            p.type2 -= 1;
            safe += 1;
            p.type2_protected = p.type2_protected.min(p.type2);
        } else if p.type1 > 0 {
            p.type1 -= 1;
            safe += 1;
            p.type1_protected = p.type1_protected.min(p.type1);
        } else if p.areas > 0 {
            p.areas -= 1;
            safe += 2;
        }
    }
    // An odd area out counts as two vulnerable dominoes of type 2.
    if p.areas % 2 == 1 {
        p.areas -= 1;
        p.type2 += 2;
    }
    let mut moves = p.areas + p.type2 / 3 + p.type1 / 2 + safe;
    let mut unused = p.unused;
    // A remainder of each type together: one more move, one fewer cell unused.
    if p.type2 % 3 != 0 && p.type1 % 2 != 0 {
        moves += 1;
        unused -= 1;
    }
    // Her vulnerable dominoes with a protected cell that he spoils leave that cell to nobody.
    unused += p.type2_protected - (p.type2 / 3 - (p.type2 - p.type2_protected) / 3);
    unused += p.type1_protected - (p.type1 / 2 - (p.type1 - p.type1_protected) / 2);
    let by_cells = (empty - 2 * moves - unused) / 2;
    (moves, by_cells.min(his_most - p.areas))
}

/// Whether the player to move (`mine`, her view) surely wins (`Some(true)`) or surely loses
/// against the other (`his`), by the packed bound: `safe` and `most` are each player's safe
/// moves and his lines' runs, `[mine, his]`; `lines` the lines of each view.
pub(super) fn verdict(
    mine: &View,
    his: &View,
    lines: [usize; 2],
    safe: [u32; 2],
    most: [u32; 2],
    empty: u32,
) -> Option<bool> {
    verdict_of(|| pack(mine, lines[0], lines[1]), || pack(his, lines[1], lines[0]), safe, most, empty)
}

/// [`verdict`] from the packings of the two views, each made only when asked for (the
/// player's to move first; the other's only when hers does not decide).
pub(super) fn verdict_of(
    mine: impl FnOnce() -> Packing,
    his: impl FnOnce() -> Packing,
    safe: [u32; 2],
    most: [u32; 2],
    empty: u32,
) -> Option<bool> {
    if first_wins(mine(), safe[0], most[1], empty) {
        return Some(true);
    }
    if second_wins(his(), safe[1], most[0], empty) {
        return Some(false);
    }
    None
}

/// Whether the player to move surely wins by her packing `p`, her safe moves `safe`, the
/// other's lines' runs `his_most` and the `empty` cells: her sure moves moving first exceed
/// the most he can make.
pub(super) fn first_wins(p: Packing, safe: u32, his_most: u32, empty: u32) -> bool {
    let int = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
    let (sure, most) = bounds(p, int(safe), int(his_most), int(empty), true);
    sure > most
}

/// Whether the player moving second surely wins by his packing `p`, his safe moves `safe`, her
/// lines' runs `her_most` and the `empty` cells: his sure moves moving second reach the most
/// she can make.
pub(super) fn second_wins(p: Packing, safe: u32, her_most: u32, empty: u32) -> bool {
    let int = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
    let (sure, most) = bounds(p, int(safe), int(her_most), int(empty), false);
    sure >= most
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line table's entry of every line of at most 8 cells (every set of empty cells, and
    /// every set of protected ones among them) is that line's [`line_entry`], and no two lines
    /// share an index.
    #[test]
    fn the_line_table_holds_every_short_lines_entry() {
        let table = line_table();
        let mut seen = vec![false; 6561];
        for free in 0u32..256 {
            for guard in 0u32..256 {
                if guard & !free != 0 {
                    continue;
                }
                let (f, g) = (free << 1, guard << 1);
                assert_eq!(table.entry(f, g), line_entry(f, g), "{free:08b} {guard:08b}");
                let i = table.index(f, g);
                assert!(!seen[i], "{free:08b} {guard:08b} shares index {i}");
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// The pairing eight cells at a time is the pairing cell by cell: on every line of up to 12
    /// cells (every set of empty cells and of protected ones among them), and on random lines
    /// of up to 30 cells.
    #[test]
    fn long_lines_pair_by_chunks_as_cell_by_cell() {
        for cells in 9..=12u32 {
            let full = (1u32 << cells) - 1;
            for free in 0..=full {
                each_subset(free, |guard| {
                    let (f, g) = (free << 1, guard << 1);
                    assert_eq!(pair_long_line(f, g), pair_line(f, g), "{free:b} {guard:b}");
                });
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let cells = 13 + (x % 18) as u32;
            let full = (1u32 << cells) - 1;
            let free = (x >> 8) as u32 & full;
            let guard = free & (x >> 36) as u32 & (x >> 20) as u32;
            let (f, g) = (free << 1, guard << 1);
            assert_eq!(pair_long_line(f, g), pair_line(f, g), "{free:b} {guard:b}");
        }
    }
}
