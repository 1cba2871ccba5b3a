//! Domineering's own outcome search, as Bullock's Obsequi searches (M.Sc. thesis, University of
//! Alberta, 2002): a depth-first search of "does the player to move win" over the board as one
//! word, without the generic search's sums of values, with the work of a node ordered from
//! cheap to dear:
//!
//! - each move is scored by what it changes in the two cheapest counts ([`Quick`]: each
//!   player's safe moves and the most moves he can still make, both a few shifts of the word),
//!   and a move after which those counts, or Bullock's packed bound ([`super::bound`]), already
//!   say who wins is taken at once (the other player surely loses) or dropped (he surely wins):
//!   the bound of every move while ordering costs less than the positions it saves (empty 8 x 8,
//!   both first players: 4.8 million positions against 26.5 million asking it only of the
//!   position searched, in the same CPU time, and 7 x 8 0.35 s against 0.43 s). Each move's
//!   packing is made from the position's, line by line, redoing only the lines about those the
//!   move changes ([`Parent`], [`Trace`]); whether a move leaves him surely lost is asked of
//!   every move while listing them, whether it leaves him surely winning only just before the
//!   move is searched (a position won by an earlier move never asks it of the rest);
//! - the two moves that last left the other player surely lost at a depth are tried first at
//!   the next position of that depth, before the others are listed, and not asked again when
//!   listed (killer moves): where a move wins at once, the sixth or seventh listed did on
//!   average (empty 8 x 8), and one killer found it first often enough to save 7-8% of the
//!   CPU; the second, and no second ask, took 4.5% more off the instructions;
//! - near the root, the moves' boards are looked up in the table before any is searched
//!   ([`ETC_CELLS`], [`ETC_PLIES`]);
//! - a position is looked up in the caller's table under the least of its four mirror images
//!   (rows reversed, columns reversed: each player's moves stay his), made by a byte swap and a
//!   bit reversal of the word.
//!
//! The counts of [`DomineeringSearch::verdict`] (half-safe dominoes, areas with them) are not
//! asked: beside the packed bound they saved few positions and cost more than the bound itself.

use super::bound::{self, Trace, View};
use super::word::Word;
use super::{DomineeringSearch, RunParities};
use crate::error::AnalyzeError;
use crate::rules::board::grid::Grid;
use crate::rules::board::machinery::outcome::{
    drive, FirstPlayer, Known, OutcomeAnswer, OutcomeLimits, OutcomeSearch, OutcomeTable, RootSearch, RootTrack,
    SearchRun, CHECK_EVERY,
};
use crate::rules::board::BoardRules;
use crate::values::partizan::GameStore;

/// Positions of at least this many empty cells look up each move's board in the table before
/// searching any (an enhanced transposition cutoff, Plaat, Schaeffer, Pijls and de Bruin
/// 1996): one whose board is known lost for the other player wins at once, before the moves
/// ordered ahead of it are searched. Nearer the leaves the look-ups cost more than the
/// positions they save (empty 8 x 8, both first players: asked at every depth 3.38 million
/// positions and 5.0 s; at 40 empty cells or more, to depth 12, 3.43 million and 4.8 s; never,
/// 4.87 million and 5.8 s). Asked only once the first move searched failed, it saved nothing
/// (4.87 million): its positions are saved where the first move also wins, at a cost.
const ETC_CELLS: u32 = 40;

/// The plies from the root within which the cutoff is asked on a root of more than
/// [`ETC_CELLS`] + 2 x this many empty cells: on the empty 8 x 8 the two bounds are the same,
/// and no board of at most 64 cells reaches this one; on 9 x 9, 40 empty cells are 20 plies
/// deep, where the positions are many and each look-up a miss in a large table (a profile of
/// the empty 9 x 9: a third of the time at those look-ups' loads). Empty 8 x 9, both first
/// players, one run each side by side: 145.4 s and 51.1 million positions against 156.3 s and
/// 50.8 million at 40 empty cells.
const ETC_PLIES: u32 = 12;

/// The gap from which the packed bound is not asked whether a move leaves the other player
/// surely lost ([`bound_gap`]): of the 4.79M bounds asked on the empty 8 x 8 (Left first),
/// 894K were at a gap of 6 or more and 3.5K of those (0.4%) found him lost; not asking them,
/// the search visits 0.5% more positions in 6% less CPU (about as much on seven boards of 7 x 8
/// to 8 x 8, at most 3% more positions; at 5 up to 12% more positions). Not asking is always
/// sound: a cutoff not taken.
const NO_BOUND_GAP: i64 = 6;

/// How far the cheapest counts `q` after `me`'s move leave her from surely winning moving
/// second: the most he can make, less her safe moves and half her other moves along her lines
/// (rounded up; her packed bound counts at most that many of them).
fn bound_gap(q: Quick, me: usize) -> i64 {
    let (mine, safe, his) = (of(q.most, me), of(q.safe, me), of(q.most, 1 - me));
    i64::from(his) - i64::from(safe) - i64::from(mine.saturating_sub(safe).div_ceil(2))
}

/// The cheapest counts of a board, each `[left, right]`: the player's safe moves (disjoint
/// dominoes on cells the other can never cover) and the most moves he can still make (disjoint
/// dominoes along each of his lines' runs of empty cells).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::rules::board::machinery::outcome) struct Quick {
    pub(super) safe: [u32; 2],
    pub(super) most: [u32; 2],
}

/// `a`'s entry for `who` (0 Left, anything else Right).
fn of(a: [u32; 2], who: usize) -> u32 {
    if who == 0 {
        a[0]
    } else {
        a[1]
    }
}

impl Quick {
    /// Whether `mover` moving first surely wins (`Some(true)`) or loses by these counts alone.
    /// Her safe moves stay hers whatever he does (he only fills cells), and he makes at most his
    /// most: when her safe moves outnumber it she answers each of his moves with one and moves
    /// last; when his safe moves are at least every move she can make, he answers each of hers
    /// and she runs out first.
    pub(in crate::rules::board::machinery::outcome) fn verdict(&self, mover: usize) -> Option<bool> {
        let them = 1 - mover.min(1);
        if of(self.safe, mover) > of(self.most, them) {
            Some(true)
        } else if of(self.safe, them) >= of(self.most, mover) {
            Some(false)
        } else {
            None
        }
    }
}

/// Domineering's outcome search ([`OutcomeSearch`]), with the knowledge of
/// [`DomineeringSearch`]: the board in a `u64` up to 64 cells, in a `u128` up to 112 (9 x 9,
/// 10 x 10, 8 x 12, ...; a `u128` key holds the board and its size exactly only so far).
#[derive(Clone, Copy, Debug)]
pub enum DomineeringSolver {
    /// A board of at most 64 cells.
    Small(Solver<u64>),
    /// A board of 65 to 112 cells.
    Large(Solver<u128>),
}

/// Domineering's outcome search on boards held in the word `W` ([`Word`]).
#[derive(Clone, Copy, Debug)]
pub struct Solver<W: Word> {
    base: DomineeringSearch<W>,
}

/// A move as the search lists it: its score, the board after it, that board's counts and the
/// index of the domino's top or left cell.
type Listed<W> = (i64, W, Quick, u32);

/// A position's views for the packed bound ([`bound`]), `[left, right]`, with each view's
/// packing line by line once asked of two of its children, from which the packing after each
/// move is made by redoing only the lines about those the move changes ([`Trace::child`]).
/// One is kept a depth and made again in place for each position ([`Parent::reset`]).
struct Parent {
    /// Whether the views are the position's: false where a line is too long for a view, or
    /// where the bound is not asked.
    held: bool,
    views: [View; 2],
    lines: [usize; 2],
    cols: usize,
    traces: [Trace; 2],
    /// Whether each view's trace is made.
    traced: [bool; 2],
    /// Whether a child's packing of each view was asked without a trace.
    asked: [bool; 2],
}

impl Parent {
    /// A parent holding no position.
    fn empty() -> Parent {
        Parent {
            held: false,
            views: [[u32::MAX; bound::VIEW_WORDS]; 2],
            lines: [0, 0],
            cols: 0,
            traces: [Trace::empty(), Trace::empty()],
            traced: [false, false],
            asked: [false, false],
        }
    }

    /// The views of `e`; `None` where a line is too long for a view.
    #[cfg(test)]
    fn of<W: Word>(base: &DomineeringSearch<W>, e: W) -> Option<Parent> {
        let mut p = Parent::empty();
        p.reset(base, Some(e));
        p.held.then_some(p)
    }

    /// Makes this the parent `e` (none: `None`), in place; whether it holds its views.
    fn reset<W: Word>(&mut self, base: &DomineeringSearch<W>, e: Option<W>) {
        self.traced = [false, false];
        self.asked = [false, false];
        self.held = false;
        if let Some(e) = e {
            if base.fill_views(e, &mut self.views) {
                self.lines = [base.cols as usize, base.rows as usize];
                self.cols = base.cols as usize;
                self.held = true;
            }
        }
    }

    /// The cells of `who`'s view that `me`'s domino at `place` (its top or left cell) occupies,
    /// by line (indices in the view), the lower line first: her view's line along the domino
    /// loses its two cells, his two lines across it one each.
    fn changed(&self, who: usize, me: usize, place: u32) -> [(usize, u32); 2] {
        let (r, c) = (place as usize / self.cols, place as usize % self.cols);
        let (along, across, bits_along, bit_across) =
            if me == 0 { (c, r, 0b11u32 << (r + 1), 1u32 << (c + 1)) } else { (r, c, 0b11 << (c + 1), 1 << (r + 1)) };
        if who == me {
            [(along + 2, bits_along), (along + 2, 0)]
        } else {
            [(across + 2, bit_across), (across + 3, bit_across)]
        }
    }

    /// The packing of `who`'s view after `me`'s domino at `place`: the first asked of a view
    /// packed whole, the later ones from the view's trace.
    fn child_packing(&mut self, who: usize, me: usize, place: u32) -> bound::Packing {
        let changed = self.changed(who, me, place);
        let (Some(view), Some(&n), Some(&len), Some(trace), Some(traced), Some(asked)) = (
            self.views.get_mut(who),
            self.lines.get(who),
            self.lines.get(1 - who.min(1)),
            self.traces.get_mut(who),
            self.traced.get_mut(who),
            self.asked.get_mut(who),
        ) else {
            return bound::Packing::default();
        };
        if !*traced {
            if !*asked {
                *asked = true;
                return bound::pack_changed(view, n, len, changed);
            }
            trace.fill(view, n, len);
            *traced = true;
        }
        trace.child(view, changed)
    }

    /// Whether the other player, to move after `me`'s domino at `place`, surely loses by the
    /// packed bound: `me`'s sure moves moving second reach the most he can make; `q` the counts
    /// of the board after the move, `empty` its empty cells.
    fn leaves_lost(&mut self, place: u32, me: usize, q: Quick, empty: u32) -> bool {
        let p = self.child_packing(me, me, place);
        bound::second_wins(p, of(q.safe, me), of(q.most, 1 - me), empty)
    }

    /// Whether the other player, to move after `me`'s domino at `place`, surely wins by the
    /// packed bound: his sure moves moving first exceed the most `me` can make.
    fn leaves_won(&mut self, place: u32, me: usize, q: Quick, empty: u32) -> bool {
        let p = self.child_packing(1 - me, me, place);
        bound::first_wins(p, of(q.safe, 1 - me), of(q.most, me), empty)
    }
}

impl DomineeringSolver {
    /// The search for boards the size of `numbers` (a Domineering position), in the narrowest
    /// word that holds it; `None` past 112 cells.
    pub fn for_position(numbers: &[u64]) -> Option<DomineeringSolver> {
        match Solver::sized(numbers) {
            Some(small) => Some(DomineeringSolver::Small(small)),
            None => Some(DomineeringSolver::Large(Solver::sized(numbers)?)),
        }
    }

    /// A fingerprint of [`Solver::key`] in both words: the keys of a few boards of several
    /// shapes, hashed. Keys are the boards themselves and their size, the same in every run, so
    /// a table written by one run is read by the next ([`OutcomeSearch::table_scheme`]); made
    /// from the keys rather than numbered by hand, so that a change of how keys are made also
    /// changes the fingerprint, and a table written before it is refused rather than misread.
    fn key_scheme() -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut word = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            word ^= word << 13;
            word ^= word >> 7;
            word ^= word << 17;
            word
        };
        let mut keys = vec![];
        for (rows, cols) in [(1, 2), (2, 3), (3, 5), (5, 3), (4, 4), (6, 7), (8, 8)] {
            if let Some(solver) = DomineeringSearch::<u64>::with_size(rows, cols).map(|base| Solver { base }) {
                keys.extend((0..8).map(|_| solver.key(next() & solver.base.all)));
            }
        }
        for (rows, cols) in [(9, 8), (9, 9), (10, 10), (7, 16)] {
            if let Some(solver) = DomineeringSearch::<u128>::with_size(rows, cols).map(|base| Solver { base }) {
                let mut random = || u128::from(next()) << 64 | u128::from(next());
                keys.extend((0..8).map(|_| solver.key(random() & solver.base.all)));
            }
        }
        for key in keys {
            for byte in key.to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
            }
        }
        hash
    }
}

impl<W: Word> Solver<W> {
    /// The search for boards the size of `numbers` (a Domineering position) in `W`; `None` past
    /// its [`Word::CELLS`].
    pub(in crate::rules::board::machinery::outcome) fn sized(numbers: &[u64]) -> Option<Solver<W>> {
        Some(Solver { base: DomineeringSearch::sized(numbers)? })
    }

    /// The cheapest counts of the board `e` ([`Quick`]).
    pub(in crate::rules::board::machinery::outcome) fn quick(&self, e: W) -> Quick {
        self.quick_with(e, [self.base.pairs(e, true), self.base.pairs(e, false)])
    }

    /// [`Solver::quick`] of the board `after`, whose most moves `most` are known (read from its
    /// parent's [`RunParities`]): only the safe moves are counted.
    #[inline(always)]
    fn quick_with(&self, after: W, most: [u32; 2]) -> Quick {
        let b = &self.base;
        let lp = b.left_places(after);
        let rp = b.right_places(after);
        let left_only = after & !(rp | rp << 1);
        let right_only = after & !(lp | lp << b.cols);
        Quick { safe: [b.pairs(left_only, true), b.pairs(right_only, false)], most }
    }

    /// [`Solver::quick`] of `e` after `me`'s domino on `t` and the cell `step` past it, from
    /// `e`'s run parities. Inlined, as [`leaves_lost`] is.
    #[inline(always)]
    fn quick_after(&self, e: W, parities: &RunParities<W>, me: usize, t: W, step: u32) -> Quick {
        self.quick_with(e & !(t | t << step), parities.most_after(me, t, t << step))
    }

    /// The board with its rows in reverse order: a byte swap when rows are bytes.
    fn flip_rows(&self, e: W) -> W {
        let b = &self.base;
        if b.cols == 8 {
            e.swap_bytes() >> (W::BITS - 8 * b.rows)
        } else {
            b.flip_rows(e)
        }
    }

    /// The board turned half a turn: every cell's index `i` becomes `n - 1 - i`.
    fn turned(&self, e: W) -> W {
        e.reverse_bits() >> (W::BITS - self.base.rows * self.base.cols)
    }

    /// The key of `e` in the table: its cells no domino can cover dropped (they play no part),
    /// the least of its four mirror images, and the board's size.
    fn key(&self, e: W) -> u128 {
        let b = &self.base;
        let (lp, rp) = (b.left_places(e), b.right_places(e));
        let e = e & (lp | lp << b.cols | rp | rp << 1);
        let r = self.flip_rows(e);
        let board = e.min(r).min(self.turned(e)).min(self.turned(r));
        board.key(b.rows, b.cols)
    }

    /// The moves of `mover` from `e` worth searching, into `out` with their keys (the best the
    /// largest, [`bring_best`]); their number, or
    /// `None` when one of them leaves the other player surely lost ([`Quick::verdict`]).
    ///
    /// Her safe moves are not listed while she has another (Bullock's Obsequi; see
    /// [`DomineeringSearch`]'s moves), and a move after which he surely wins is left out. The
    /// rest are scored as Obsequi scores them, by her safe and possible moves after the move
    /// less his, ties broken by the place ([`super::place_rank`]).
    ///
    /// Where `all` is false, `parent` is left with the views of `e` for the packed bound: only
    /// whether a move leaves him surely lost is asked here, for every move; whether it leaves
    /// him surely winning is asked by the caller of each move just before it is searched
    /// ([`Parent::leaves_won`]), so that a position won by an early move never asks it of the
    /// others.
    fn moves(
        &self,
        e: W,
        mover: usize,
        all: bool,
        out: &mut Vec<Listed<W>>,
        parent: &mut Parent,
        killer: &mut [Option<u32>; 2],
    ) -> Option<usize> {
        let b = &self.base;
        let me = mover.min(1);
        let them = 1 - me;
        let lp = b.left_places(e);
        let rp = b.right_places(e);
        let (mut places, step) = if me == 0 { (lp, b.cols) } else { (rp, 1) };
        let only = if me == 0 { e & !(rp | rp << 1) } else { e & !(lp | lp << b.cols) };
        let safe = places & only & (only >> step);
        if !all && places & !safe != W::ZERO {
            places &= !safe;
        }
        let rank = b.rank.get(me);
        parent.reset(b, (!all).then_some(e));
        let empty = e.count_ones().saturating_sub(2);
        let parities = b.run_parities(e);
        let mut tried = W::ZERO;
        if !all {
            for (j, k) in killer.iter().enumerate() {
                if let Some(t) =
                    k.filter(|&k| k < W::BITS).map(|k| W::ONE << k).filter(|&t| places & t & !tried != W::ZERO)
                {
                    if leaves_lost(t, me, self.quick_after(e, &parities, me, t, step), parent, empty) {
                        if j == 1 {
                            killer.swap(0, 1);
                        }
                        return None;
                    }
                    tried |= t;
                }
            }
        }
        while places != W::ZERO {
            let t = places & places.wrapping_neg();
            places &= places - W::ONE;
            let after = e & !(t | t << step);
            let q = self.quick_after(e, &parities, me, t, step);
            if !all {
                if q.verdict(them) == Some(true) {
                    continue;
                }
                // The packed bound is not asked of a move after which he can still make more
                // moves along his lines than she can along hers: her sure moves are disjoint
                // dominoes of her lines, fewer than her most, so only the bound's count of cells
                // could call him lost there, and on the boards measured it never did (the empty
                // 8 x 8 and two 8 x 8 boards of two filled cells, both first players: the same
                // positions, 9-11% less CPU). Not asking is always sound: a cutoff not taken.
                if t & tried == W::ZERO && leaves_lost(t, me, q, parent, empty) {
                    killer[1] = killer[0];
                    killer[0] = Some(t.trailing_zeros());
                    return None;
                }
            }
            let score = i64::from(of(q.safe, me)) - i64::from(of(q.safe, them)) + i64::from(of(q.most, me))
                - i64::from(of(q.most, them));
            let i = t.trailing_zeros() as usize;
            let place = i64::from(rank.and_then(|r| r.get(i)).copied().unwrap_or(0));
            let last = if t & safe != W::ZERO { 1 << 20 } else { 0 };
            // The place in the list last: no two moves share a key, so the best first is one
            // order whichever way it is found (that of a stable sort, reading order among
            // equal scores).
            let listed = 255 - (out.len() as i64).min(255);
            out.push(((score * 256 + place - last) * 256 + listed, after, q, t.trailing_zeros()));
        }
        Some(out.len())
    }
}

/// Whether `me`'s domino at `t` leaves the other player surely lost, `q` the counts after it
/// and `empty` the empty cells of the board before it less two: by the cheapest counts, or by
/// the packed bound where his lines do not still hold more moves than hers (see
/// [`Solver::moves`]). Inlined: called apart, it and [`Solver::quick_with`] cost the fat-LTO
/// build 5% more instructions than the build of many codegen units, which inlined them.
#[inline(always)]
fn leaves_lost<W: Word>(t: W, me: usize, q: Quick, parent: &mut Parent, empty: u32) -> bool {
    q.verdict(1 - me) == Some(false)
        || of(q.most, 1 - me) <= of(q.most, me)
            && bound_gap(q, me) < NO_BOUND_GAP
            && parent.held
            && parent.leaves_lost(t.trailing_zeros(), me, q, empty)
}

/// Brings the best of `list[i..]` (the largest key) to `list[i]`: the list is ordered as it is
/// searched, best first, each move found when its turn comes. Most positions that win search
/// one move (the first, 98.5% of them on the empty 8 x 8), so a sort of the whole list, moving
/// 40-byte entries about, cost more than these scans (an insertion sort was a third of the
/// time of listing the moves).
fn bring_best<W: Word>(list: &mut [Listed<W>], i: usize) {
    let best = list.iter().enumerate().skip(i).max_by_key(|(_, x)| x.0).map_or(i, |(j, _)| j);
    if best != i {
        list.swap(i, best);
    }
}

/// One search's working state.
struct Run<'a, W: Word> {
    solver: &'a Solver<W>,
    table: &'a mut OutcomeTable,
    limits: OutcomeLimits,
    nodes: u64,
    /// Where the search of its root stands (the forecast's path, the root's proven moves, the
    /// caller's hook).
    track: RootTrack,
    /// Positions of at least this many empty cells ask the enhanced transposition cutoff
    /// ([`ETC_CELLS`], [`ETC_PLIES`]).
    etc_cells: u32,
    /// By depth, the places of the last two moves found to leave the other player surely lost
    /// there, the later first, tried first at the next position of that depth (killer moves,
    /// Akl and Newborn 1977): siblings differ by one domino, and the same answer often still
    /// wins at once.
    killers: Vec<[Option<u32>; 2]>,
    /// The lists of moves of the positions searched, one a depth, kept for the next (a fresh
    /// list of 64 or 128 moves a position cost 3% of the CPU, most of it setting it up).
    lists: Vec<Vec<Listed<W>>>,
    /// The positions' views and traces for the packed bound, one a depth, kept for the next
    /// (each is a few kilobytes: made afresh and moved into place, the copies cost 5% of the
    /// CPU). Boxed, so that taking one and putting it back moves a pointer.
    #[allow(clippy::vec_box)]
    parents: Vec<Box<Parent>>,
    /// The keys of a position's moves, asked of the table together
    /// ([`OutcomeTable::knows_a_loss`]), kept for the next position.
    keys: Vec<u128>,
}

impl<'a, W: Word> Run<'a, W> {
    /// A search by `solver` remembering in `table`.
    fn new(solver: &'a Solver<W>, table: &'a mut OutcomeTable, limits: OutcomeLimits) -> Self {
        let killers = vec![[None; 2]; W::BITS as usize + 2];
        Run {
            solver,
            table,
            limits,
            nodes: 0,
            track: RootTrack::default(),
            etc_cells: ETC_CELLS,
            killers,
            lists: Vec::new(),
            parents: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Counts a node, checking the stop token and the bound, and telling the hook, every
    /// [`CHECK_EVERY`] nodes.
    fn visit(&mut self) -> Result<(), AnalyzeError> {
        self.nodes += 1;
        self.limits.within(self.nodes, &self.track)?;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            crate::stop::check()?;
            self.track.tell(self.nodes, self.limits.nodes);
        }
        Ok(())
    }

    /// Whether `mover` moving first wins `e`, `depth` moves from the root, whose cheapest
    /// counts ([`Quick::verdict`]) the caller found undecided; `asked`: and the packed bound too.
    fn wins(&mut self, e: W, mover: usize, depth: usize, asked: bool) -> Result<bool, AnalyzeError> {
        self.track.depth = depth;
        self.visit()?;
        let key = self.solver.key(e);
        if let Some(known) = self.table.get(key, 0, mover) {
            return Ok(known.wins);
        }
        if !asked {
            let q = self.solver.quick(e);
            if let Some(known) = self.solver.base.packed_verdict(e, mover, q.safe, q.most) {
                return Ok(known);
            }
        }
        let before = self.nodes;
        let mut list = self.lists.pop().unwrap_or_default();
        list.clear();
        let mut parent = self.parents.pop().unwrap_or_else(|| Box::new(Parent::empty()));
        let mut killer = self.killers.get(depth).copied().unwrap_or_default();
        let found = self.solver.moves(e, mover, false, &mut list, &mut parent, &mut killer);
        if let Some(k) = self.killers.get_mut(depth) {
            *k = killer;
        }
        let won = match found {
            None => true,
            Some(n) => {
                let mut won = false;
                if e.count_ones() >= self.etc_cells {
                    let them = 1 - mover.min(1);
                    self.keys.clear();
                    self.keys.extend(list.iter().map(|&(_, c, _, _)| self.solver.key(c)));
                    won = self.table.knows_a_loss(&self.keys, 0, them);
                }
                for i in 0..n {
                    if won {
                        break;
                    }
                    // The best move found by a scan; the rest sorted once that one is refuted
                    // (scans again for each of them cost 1% more instructions on the empty
                    // 8 x 8). The keys are distinct, so both orders are the same.
                    if i == 0 {
                        bring_best(&mut list, 0);
                    } else if i == 1 {
                        if let Some(rest) = list.get_mut(1..n) {
                            rest.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
                        }
                    }
                    let Some(&(_, child, q, place)) = list.get(i) else { break };
                    if parent.held && parent.leaves_won(place, mover.min(1), q, child.count_ones()) {
                        continue;
                    }
                    self.track.mark(depth, i, n);
                    if !self.wins(child, 1 - mover, depth + 1, true)? {
                        won = true;
                        break;
                    }
                }
                won
            }
        };
        self.lists.push(list);
        self.parents.push(parent);
        let nodes = self.nodes - before;
        if nodes > 0 {
            self.table.put(key, 0, mover, Known { wins: won, best: None }, nodes);
        }
        Ok(won)
    }

    /// Whether `mover` moving first wins the position `numbers`, with a winning move among
    /// `options` (the rule's moves) when she does. Every move of the root is tried, her safe
    /// ones last.
    fn first(&mut self, numbers: &[u64], options: &[Vec<u64>], mover: usize) -> Result<FirstPlayer, AnalyzeError> {
        let unheld = || AnalyzeError::Unsupported("the outcome search cannot hold this position".into());
        let base = &self.solver.base;
        let e = base.cells_of(numbers).ok_or_else(unheld)?;
        self.etc_cells = ETC_CELLS.max(e.count_ones().saturating_sub(2 * ETC_PLIES));
        let mut list = Vec::new();
        let n = self.solver.moves(e, mover, true, &mut list, &mut Parent::empty(), &mut [None; 2]).unwrap_or(0);
        let option_of = |child: W| options.iter().find(|o| base.cells_of(o) == Some(child)).cloned();
        self.track.begin(mover, n, self.nodes);
        for i in 0..n {
            bring_best(&mut list, i);
            let Some(&(_, child, q, _)) = list.get(i) else { break };
            self.track.mark(0, i, n);
            let theirs = match q.verdict(1 - mover) {
                Some(known) => known,
                None => self.wins(child, 1 - mover, 1, false)?,
            };
            let option = option_of(child).ok_or_else(unheld)?;
            if !theirs {
                return Ok(FirstPlayer { wins: true, winning_move: Some(option) });
            }
            self.track.root.1.push(option);
        }
        Ok(FirstPlayer { wins: false, winning_move: None })
    }
}

impl<W: Word> RootSearch for Run<'_, W> {
    fn first_player(
        &mut self,
        numbers: &[u64],
        options: &[Vec<u64>],
        mover: usize,
    ) -> Result<FirstPlayer, AnalyzeError> {
        self.first(numbers, options, mover)
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn set_limits(&mut self, limits: OutcomeLimits, forecast: Option<u64>) {
        self.limits = limits;
        self.track.forecast = forecast;
    }
    fn root_forecast(&self) -> Option<u64> {
        self.track.forecast_now(self.nodes)
    }
    fn root_proven(&self) -> (Vec<Vec<u64>>, usize) {
        self.track.proven()
    }
    fn roles_image(&self, numbers: &[u64]) -> Option<Vec<u64>> {
        transposed(numbers)
    }
}

/// The board `numbers` (rows, columns, then each cell: 0 empty, 1 filled, 2 Left's, 3 Right's)
/// transposed, each player's cells becoming the other's: Left's vertical dominoes are Right's
/// horizontal ones on it, so Right moving first on a board is Left moving first on its
/// transpose. `None` where `numbers` is not a whole board.
fn transposed(numbers: &[u64]) -> Option<Vec<u64>> {
    let mut grid = Grid::of(numbers, 4)?.turned(4);
    for cell in &mut grid.cells {
        *cell = match *cell {
            2 => 3,
            3 => 2,
            other => other,
        };
    }
    Some(grid.numbers())
}

impl OutcomeSearch for DomineeringSolver {
    fn table_scheme(&self) -> Option<u64> {
        Some(Self::key_scheme())
    }

    fn search_within(
        &self,
        rules: &dyn BoardRules,
        numbers: &[u64],
        store: &mut GameStore,
        table: &mut OutcomeTable,
        limits: OutcomeLimits,
        run: &mut SearchRun,
    ) -> Result<OutcomeAnswer, AnalyzeError> {
        match self {
            DomineeringSolver::Small(s) => s.search_within(rules, numbers, store, table, limits, run),
            DomineeringSolver::Large(s) => s.search_within(rules, numbers, store, table, limits, run),
        }
    }
}

impl<W: Word> Solver<W> {
    /// [`OutcomeSearch::search_within`] of a board held in `W`.
    fn search_within(
        &self,
        rules: &dyn BoardRules,
        numbers: &[u64],
        _store: &mut GameStore,
        table: &mut OutcomeTable,
        limits: OutcomeLimits,
        run: &mut SearchRun,
    ) -> Result<OutcomeAnswer, AnalyzeError> {
        let mut searcher = Run::new(self, table, limits);
        searcher.track.hook = run.hook.clone();
        drive(&mut searcher, rules, numbers, limits, run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small random generator: xorshift, two draws a `u128`.
    fn draws() -> impl FnMut() -> u128 {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        move || u128::from(next()) << 64 | u128::from(next())
    }

    /// The packing and the bound after each move, made from the parent's trace, are those
    /// made of the child's board whole, on random boards of `shapes` held in `W`.
    fn child_packings_in<W: Word>(shapes: &[(usize, usize)], from: impl Fn(u128) -> W) {
        let mut next = draws();
        for &(rows, cols) in shapes {
            let solver = Solver { base: DomineeringSearch::<W>::with_size(rows, cols).unwrap() };
            let b = &solver.base;
            for _ in 0..20 {
                // Mostly empty: a cell filled with probability 1/4 or 1/8.
                let holes = next() & next() & if next().is_multiple_of(2) { next() } else { u128::MAX };
                let e = b.all & !from(holes);
                for me in 0..2 {
                    let mut parent = Parent::of(b, e).unwrap();
                    let (mut places, step) = if me == 0 { (b.left_places(e), cols) } else { (b.right_places(e), 1) };
                    while places != W::ZERO {
                        let t = places & places.wrapping_neg();
                        places &= places - W::ONE;
                        let after = e & !(t | t << step as u32);
                        let place = t.trailing_zeros();
                        let views = b.views(after).unwrap();
                        for who in 0..2 {
                            let (n, len) = ([cols, rows][who], [rows, cols][who]);
                            let whole = bound::pack(&views[who], n, len);
                            assert_eq!(parent.child_packing(who, me, place), whole, "{rows} x {cols} {e:x?} {place}");
                        }
                        let q = solver.quick(after);
                        let empty = after.count_ones();
                        let known = b.packed_verdict(after, 1 - me, q.safe, q.most);
                        assert_eq!(parent.leaves_won(place, me, q, empty), known == Some(true));
                        assert_eq!(parent.leaves_lost(place, me, q, empty), known == Some(false));
                    }
                }
            }
        }
    }

    /// The pairs counted along the runs (horizontal: by the runs' odd places,
    /// [`DomineeringSearch::odd_places`]; vertical: by the columns' scan,
    /// [`DomineeringSearch::column_pairs`]) are the pairs made one pass at a time, on random
    /// boards of every shape of at most 64 cells in a `u64` (one row and one column of 64 among
    /// them) and of a few past it in a `u128`.
    #[test]
    fn pairs_along_runs_are_the_pairs_made_pass_by_pass() {
        let mut next = draws();
        let mut shapes: Vec<(usize, usize)> = (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(1, 64), (64, 1), (2, 32), (3, 21), (5, 12), (7, 9)]);
        for (rows, cols) in shapes {
            let game = DomineeringSearch::<u64>::with_size(rows, cols).unwrap();
            for _ in 0..200 {
                // Denser and sparser boards: one, two or three draws or'ed or and'ed.
                let e = match next() % 3 {
                    0 => next(),
                    1 => next() | next(),
                    _ => next() & next(),
                } as u64
                    & game.all;
                for vertical in [false, true] {
                    assert_eq!(game.pairs(e, vertical), game.paired(e, vertical).0, "{rows} x {cols}: {e:x}");
                }
            }
        }
        for (rows, cols) in [(9, 9), (10, 11), (1, 112), (112, 1), (4, 28), (28, 4), (8, 14)] {
            let game = DomineeringSearch::<u128>::with_size(rows, cols).unwrap();
            for _ in 0..200 {
                let e = (next() | next() >> 64) & game.all;
                for vertical in [false, true] {
                    assert_eq!(game.pairs(e, vertical), game.paired(e, vertical).0, "{rows} x {cols}: {e:x}");
                }
            }
        }
    }

    /// The most moves after each move, read from the parent's run parities
    /// ([`DomineeringSearch::run_parities`]), are the pairs of the board after it counted
    /// again, for every move of both players on random boards of `shapes` held in `W`.
    fn most_after_in<W: Word>(shapes: &[(usize, usize)], from: impl Fn(u128) -> W) {
        let mut next = draws();
        for &(rows, cols) in shapes {
            let b = DomineeringSearch::<W>::with_size(rows, cols).unwrap();
            for _ in 0..40 {
                // From nearly empty to about half filled.
                let holes = match next() % 3 {
                    0 => next() & next() & next(),
                    1 => next() & next(),
                    _ => next(),
                };
                let e = b.all & !from(holes);
                let parities = b.run_parities(e);
                assert_eq!(parities.most, [b.pairs(e, true), b.pairs(e, false)], "{rows} x {cols} {e:x?}");
                for me in 0..2 {
                    let (mut places, step) = if me == 0 { (b.left_places(e), cols) } else { (b.right_places(e), 1) };
                    while places != W::ZERO {
                        let t = places & places.wrapping_neg();
                        places &= places - W::ONE;
                        let after = e & !(t | t << step as u32);
                        let counted = [b.pairs(after, true), b.pairs(after, false)];
                        assert_eq!(
                            parities.most_after(me, t, t << step as u32),
                            counted,
                            "{rows} x {cols} {e:x?} {t:x?}"
                        );
                    }
                }
            }
        }
    }

    /// [`most_after_in`] on every shape up to 8 x 8 and long thin ones in a `u64`, and on
    /// boards past 64 cells in a `u128`.
    #[test]
    fn most_moves_after_a_move_are_the_pairs_counted_again() {
        let mut shapes: Vec<(usize, usize)> = (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(1, 63), (64, 1), (2, 32), (4, 16), (16, 4), (3, 21), (7, 9)]);
        most_after_in::<u64>(&shapes, |x| x as u64);
        most_after_in::<u128>(&[(9, 9), (10, 11), (1, 112), (112, 1), (8, 14), (14, 8)], |x| x);
    }

    /// [`child_packings_in`] on every shape up to 8 x 8 and a few longer ones in a `u64`.
    #[test]
    fn child_packings_are_the_whole_packings() {
        let mut shapes: Vec<(usize, usize)> = (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(2, 20), (20, 3), (5, 12), (12, 5)]);
        child_packings_in::<u64>(&shapes, |x| x as u64);
    }

    /// [`child_packings_in`] on boards past 64 cells in a `u128`, lines of 9 to 11 cells among
    /// them (the line table's longer lines), and a few of at most 64 cells.
    #[test]
    fn child_packings_are_the_whole_packings_past_64_cells() {
        let shapes = [(9, 9), (8, 9), (9, 8), (10, 10), (11, 10), (10, 11), (9, 12), (8, 14), (4, 28), (7, 7), (8, 8)];
        child_packings_in::<u128>(&shapes, |x| x);
    }
}
