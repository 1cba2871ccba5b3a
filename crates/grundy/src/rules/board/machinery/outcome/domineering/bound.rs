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

/// One player's view of the board: her lines, occupied cells set.
pub(super) type View = [u32; LINES];

/// The word of line `i` of `v` (a wall beyond the view).
fn at(v: &View, i: usize) -> u32 {
    v.get(i).copied().unwrap_or(u32::MAX)
}

/// Marks `bits` on line `i` of `v`.
fn mark(v: &mut View, i: usize, bits: u32) {
    if let Some(x) = v.get_mut(i) {
        *x |= bits;
    }
}

/// What the packing of one player's view finds.
#[derive(Clone, Copy, Debug, Default)]
struct Packing {
    areas: i32,
    /// Vulnerable dominoes of type 2 and of type 1 (each including those with a protected cell)
    /// and, of each, those with a protected cell.
    type2: i32,
    type2_protected: i32,
    type1: i32,
    type1_protected: i32,
    /// Protected cells the packing leaves alone.
    unused: i32,
}

/// Packs the view `v` of `n` lines (line `i` at index `i + 2`): protective areas first, then
/// each line's runs of cells left, pairing them greedily from the low end.
fn pack(v: &View, n: usize) -> Packing {
    let mut p = Packing::default();
    // The cells taken by the packing, line by line.
    let mut taken: View = [0; LINES];
    // Protective areas on lines i and i + 1.
    for a in 2..(n + 1) {
        let mut blocked =
            at(&taken, a - 1) | at(&taken, a) | at(&taken, a + 1) | at(&taken, a + 2) | at(v, a) | at(v, a + 1);
        blocked |= blocked >> 1;
        let (above, below) = (at(v, a - 1), at(v, a + 2));
        let walls = (above & (above >> 1)) | (below & (below >> 1));
        let mut candidates = walls & !blocked;
        while candidates != 0 {
            let t = candidates & candidates.wrapping_neg();
            candidates &= !(t | t << 1);
            mark(&mut taken, a, t | t << 1);
            mark(&mut taken, a + 1, t | t << 1);
            p.areas += 1;
        }
    }
    // Vulnerable dominoes and unused cells, line by line.
    for a in 2..(n + 2) {
        let next = at(v, a + 1);
        // Cells beside a cell packed on the previous line or a place of hers on the next: a
        // domino there may share his spoiling move with another.
        let shared = at(&taken, a - 1) | !(next | next << 1) | !(next | next >> 1);
        let guard = at(v, a - 1) & next;
        let free = !(at(v, a) | at(&taken, a));
        let (open, protected, unused) = if free & !0x1fe == 0 {
            let entry = line_table().get(((free >> 1) | ((free & guard) >> 1) << 8) as usize).copied().unwrap_or(0);
            ((entry & 0xff) << 1, (entry >> 8 & 0xff) << 1, (entry >> 16 & 0xff) << 1)
        } else {
            pair_line(free, guard)
        };
        mark(&mut taken, a, open | open << 1 | protected | protected << 1 | unused);
        let hit = shared | shared >> 1;
        let count = |x: u32| i32::try_from(x.count_ones()).unwrap_or(0);
        p.type2 += count((open | protected) & hit);
        p.type2_protected += count(protected & hit);
        p.type1 += count((open | protected) & !hit);
        p.type1_protected += count(protected & !hit);
        p.unused += count(unused);
    }
    p
}

/// [`pair_line`] of every line of at most 8 cells, by its empty cells and their protected ones
/// (each shifted down to bit 0): the first cells of the open pairs, bits 0-7, of the pairs with a
/// protected cell, bits 8-15, and the protected cells left alone, bits 16-23.
fn line_table() -> &'static [u32] {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0u32..1 << 16)
            .map(|i| {
                let (free, guard) = ((i & 0xff) << 1, (i >> 8 & i & 0xff) << 1);
                let (open, protected, unused) = pair_line(free, guard);
                open >> 1 | (protected >> 1) << 8 | (unused >> 1) << 16
            })
            .collect()
    })
}

/// One line's empty cells `free` paired greedily from the low end, `guard` the protected
/// ones, leaving the pairs of two protected cells (safe moves, counted apart) unmarked: the
/// first cells of the pairs of two open cells, of the pairs of an open and a protected cell,
/// and the protected cells left alone.
pub(super) fn pair_line(free: u32, guard: u32) -> (u32, u32, u32) {
    // The state of the pairing: nothing pending; a protected cell pending; an open cell
    // pending (`open`); an open cell then a protected one pending; a safe pair just made after
    // an open cell left alone (the open cell and the first protected one may still pair, the
    // pair after them being the safe one).
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum State {
        Empty,
        Protected,
        Open,
        OpenProtected,
        AfterSafe,
    }
    let (mut pairs, mut with_protected, mut unused) = (0u32, 0u32, 0u32);
    let mut free = free;
    let mut state = State::Empty;
    let (mut open, mut last) = (0u32, 0u32);
    loop {
        let x = free & free.wrapping_neg();
        // A gap (or the line's end) closes what is pending.
        if x == 0 || (x >> 1) & last == 0 {
            match state {
                State::Protected => unused |= last,
                State::OpenProtected => with_protected |= open,
                _ => {}
            }
            state = State::Empty;
        }
        if x == 0 {
            break;
        }
        free ^= x;
        last = x;
        state = if x & guard != 0 {
            match state {
                State::Empty => State::Protected,
                State::Protected => State::Empty,
                State::Open | State::AfterSafe => State::OpenProtected,
                State::OpenProtected => State::AfterSafe,
            }
        } else {
            match state {
                State::Empty | State::AfterSafe => {
                    open = x;
                    State::Open
                }
                State::Protected => {
                    with_protected |= x >> 1;
                    State::Empty
                }
                State::Open => {
                    pairs |= open;
                    State::Empty
                }
                State::OpenProtected => {
                    with_protected |= open;
                    open = x;
                    State::Open
                }
            }
        };
    }
    (pairs, with_protected, unused)
}

/// The bounds of one player's packing: her sure moves, and the most moves of the other player
/// by the cells left him and by his lines' runs (`his_most`), with `safe` her safe moves and
/// `empty` the empty cells; `first`: she moves first.
fn bounds(p: Packing, safe: i32, his_most: i32, empty: i32, first: bool) -> (i32, i32) {
    let mut p = p;
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
    let int = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
    let empty = int(empty);
    let (my_sure, his_most) = bounds(pack(mine, lines[0]), int(safe[0]), int(most[1]), empty, true);
    if my_sure > his_most {
        return Some(true);
    }
    let (his_sure, my_most) = bounds(pack(his, lines[1]), int(safe[1]), int(most[0]), empty, false);
    if his_sure >= my_most {
        return Some(false);
    }
    None
}
