//! Domineering's knowledge for the outcome search: the board's empty cells as the bits of one
//! word (a board of at most 64 cells), moves as a few shifts, and a position decided before it
//! is searched by counting moves (Lachmann, Moore and Rapaport, "Who wins Domineering on
//! rectangular boards?", 2002; Bullock's Obsequi, 2002):
//!
//! - a *safe* move of Left is a vertical domino on two cells that Right can never cover (no
//!   empty cell beside either, left or right): Right's moves only fill cells, so it stays
//!   Left's; the safe moves counted are disjoint (each column's runs of such cells, paired);
//! - the moves Right can still make are at most the dominoes that fit side by side in each
//!   row's runs of empty cells.
//!
//! Left moving first wins when her safe moves outnumber every move Right can still make (she
//! always has one left to answer with), and loses when Right's safe moves are at least every
//! move she can make. An integer beside the board (the value of the parts taken out) is that
//! many free moves of its player.
//!
//! Moves are tried as Obsequi tries them: those that take the most of the opponent's places and
//! the fewest of the mover's own first, ties broken by Obsequi's order of places; her safe
//! moves not at all while she has others.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

mod bound;
pub mod solver;
mod word;

use crate::rules::board::grid::bitgrid::BitGrid;
use crate::rules::board::grid::domineering::packed_board;
use crate::rules::board::grid::Grid;
use crate::rules::board::machinery::outcome::OutcomeGame;
use crate::rules::board::machinery::packed::Packed;
use word::Word;

/// Parts of at most this many cells are valued by the value search when the search is told to
/// value parts ([`DomineeringSearch::valuing`]).
pub const VALUE_CELLS: u32 = 12;

/// The counts of moves of a board, each `[left, right]`.
pub(super) struct Counts {
    /// Disjoint dominoes on cells the other player could also cover (none of them the
    /// player's alone): moves he can take from her, at most two with each of his.
    pub(super) open: [u32; 2],
    /// Half-safe dominoes ([`DomineeringSearch::half_safe`]): each of his moves spoils at most
    /// one of them.
    pub(super) half: [u32; 2],
    /// Half-safe dominoes away from the protective areas (no cell in one, no open cell beside
    /// one along the other player's direction): his move touches an area or spoils one of
    /// these, never both.
    pub(super) half_beside_areas: [u32; 2],
    pub(super) safe: [u32; 2],
    /// The cells the player could still cover (those that are not the other's alone).
    pub(super) usable: [u32; 2],
    pub(super) most: [u32; 2],
    pub(super) areas: [u32; 2],
    /// The moves the player is sure of on the board by her safe and vulnerable dominoes
    /// together ([`DomineeringSearch::vulnerable`]), moving first and moving second.
    pub(super) sure_first: [u32; 2],
    pub(super) sure_second: [u32; 2],
    /// The player's cells the other can never cover that none of those dominoes uses.
    pub(super) unused: [u32; 2],
    /// The empty cells.
    pub(super) empty: u32,
}

/// What each move does to both players' most moves (the disjoint dominoes of their lines'
/// runs, [`DomineeringSearch::pairs`]) on one board, read from the parities of its runs: a
/// domino along a run of its player's splits it and takes one pair, or two where the cells
/// before it and after it are both odd in number; a cell taken across a run of the other
/// player's splits it and takes one pair, or none where the cells before and after it are both
/// even in number. The same counts as the pairs of the board after the move (checked by the
/// tests on random boards and every move), in a few operations instead of four passes over
/// the board a move.
#[derive(Clone, Copy, Debug)]
pub(super) struct RunParities<W: Word> {
    /// Each player's most moves on the board, `[left, right]`.
    pub(super) most: [u32; 2],
    /// Each player's places (top or left cells) whose domino takes two of her pairs.
    loses_two: [W; 2],
    /// Each player's cells whose taking by the other player keeps her pairs.
    kept_across: [W; 2],
}

impl<W: Word> RunParities<W> {
    /// Both players' most moves after `me`'s domino on the cells `t` and `t2` (`t` its top or
    /// left cell), `[left, right]`.
    #[inline(always)]
    pub(super) fn most_after(&self, me: usize, t: W, t2: W) -> [u32; 2] {
        let (me, them) = if me == 0 { (0, 1) } else { (1, 0) };
        let bit = |w: W| u32::from(w != W::ZERO);
        let (Some(&mine), Some(&theirs)) = (self.most.get(me), self.most.get(them)) else { return self.most };
        let (Some(&two), Some(&kept)) = (self.loses_two.get(me), self.kept_across.get(them)) else {
            return self.most;
        };
        let mine = mine - 1 - bit(t & two);
        let theirs = theirs + bit(t & kept) + bit(t2 & kept) - 2;
        if me == 0 {
            [mine, theirs]
        } else {
            [theirs, mine]
        }
    }
}

/// The outcome search's view of Domineering on one board size: rows x cols <= 64.
#[derive(Clone, Copy, Debug)]
pub struct DomineeringSearch<W: Word = u64> {
    rows: u32,
    cols: u32,
    /// Every cell of the board.
    all: W,
    /// The cells of the first column and of the last.
    first_col: W,
    last_col: W,
    /// The cells of the rows of even index (0, 2, ...).
    even_rows: W,
    /// Parts of at most this many cells are valued (and those only one player can move in);
    /// `None`: nothing is taken out, the board is searched whole. Whole is the default:
    /// measured on the empty boards, valuing parts and searching their sum beside the board
    /// (where every losing node also tries each move of the sum) visited 4 to 10 times the
    /// nodes (7 x 8: 18.9 million against 1.9 million), while the counts of sure moves below
    /// already see what a part only one player can move in is worth.
    value_cells: Option<u32>,
    /// The rank of each place among equally scored moves, by its top (Left) or left (Right)
    /// cell: `[left, right]`, higher first.
    rank: [[u8; 128]; 2],
}

/// The order of places among moves scored alike, as Obsequi's positional values order them:
/// dominoes on the second line from an edge (across the mover's direction), on every other
/// place from the ends of that line first, so that her dominoes pack side by side; then the
/// rest of such lines; then the deeper lines; the edge lines last. Nearer the edges first
/// within each rank.
fn place_rank(lines: u32, length: u32, line: u32, along: u32) -> u8 {
    let depth = line.min(lines - 1 - line);
    let from_end = along.min(length.saturating_sub(2).saturating_sub(along));
    let tier = if depth == 0 {
        0
    } else if depth % 2 == 1 {
        if from_end.is_multiple_of(2) {
            4
        } else {
            3
        }
    } else if from_end.is_multiple_of(2) {
        2
    } else {
        1
    };
    // Within a tier, smaller depths and places nearer the ends first.
    let within = 31u32.saturating_sub(depth * 4 + from_end).min(31);
    u8::try_from(tier * 32 + within).unwrap_or(u8::MAX)
}

impl DomineeringSearch {
    /// The search for boards the size of `numbers` (a Domineering position); `None` past 64
    /// cells.
    pub fn for_position(numbers: &[u64]) -> Option<DomineeringSearch> {
        DomineeringSearch::sized(numbers)
    }

    /// The search for boards of `rows` x `cols`; `None` past 64 cells.
    pub fn new(rows: usize, cols: usize) -> Option<DomineeringSearch> {
        DomineeringSearch::with_size(rows, cols)
    }
}

impl<W: Word> DomineeringSearch<W> {
    /// The search for boards the size of `numbers` in the word `W`; `None` past its
    /// [`Word::CELLS`].
    pub(super) fn sized(numbers: &[u64]) -> Option<DomineeringSearch<W>> {
        let g = Grid::of(numbers, 4)?;
        DomineeringSearch::with_size(g.rows, g.cols)
    }

    /// The search for boards of `rows` x `cols` in the word `W`; `None` past its
    /// [`Word::CELLS`].
    pub(super) fn with_size(rows: usize, cols: usize) -> Option<DomineeringSearch<W>> {
        let (rows, cols) = (u32::try_from(rows).ok()?, u32::try_from(cols).ok()?);
        let n = rows.checked_mul(cols).filter(|&n| n <= W::CELLS && n > 0)?;
        let all = if n == W::BITS { W::MAX } else { (W::ONE << n) - W::ONE };
        let (mut first_col, mut last_col, mut even_rows) = (W::ZERO, W::ZERO, W::ZERO);
        let row = if cols >= W::BITS { W::MAX } else { (W::ONE << cols) - W::ONE };
        for r in 0..rows {
            first_col |= W::ONE << (r * cols);
            last_col |= W::ONE << (r * cols + cols - 1);
            if r % 2 == 0 {
                even_rows |= row << (r * cols);
            }
        }
        let mut rank = [[0u8; 128]; 2];
        for r in 0..rows {
            for c in 0..cols {
                let i = (r * cols + c) as usize;
                if let Some(x) = rank[0].get_mut(i) {
                    *x = place_rank(cols, rows, c, r);
                }
                if let Some(x) = rank[1].get_mut(i) {
                    *x = place_rank(rows, cols, r, c);
                }
            }
        }
        Some(DomineeringSearch { rows, cols, all, first_col, last_col, even_rows, value_cells: None, rank })
    }

    /// The same search, valuing parts of at most `cells` cells (0: none but those only one
    /// player can move in) and searching the sum of their values beside the board.
    pub fn valuing(self, cells: u32) -> DomineeringSearch<W> {
        DomineeringSearch { value_cells: Some(cells), ..self }
    }

    /// The top cells of Left's places (vertical dominoes) among the empty cells `e`.
    fn left_places(&self, e: W) -> W {
        e & (e >> self.cols)
    }

    /// The left cells of Right's places (horizontal dominoes).
    fn right_places(&self, e: W) -> W {
        e & (e >> 1) & !self.last_col
    }

    /// The cells of `x`'s neighbours.
    fn around(&self, x: W) -> W {
        ((x << 1) & !self.first_col | (x >> 1) & !self.last_col | x >> self.cols | x << self.cols) & self.all
    }

    /// The most disjoint dominoes along runs of `x`: vertical (`step` cols) or horizontal (1),
    /// each run's length halved: vertical ones by pairing each run's first two cells until none
    /// is left, horizontal ones by counting the cells at odd places from their run's start
    /// ([`DomineeringSearch::odd_places`]).
    fn pairs(&self, x: W, vertical: bool) -> u32 {
        if vertical {
            self.column_pairs(x)
        } else {
            self.odd_places(x & self.even_rows) + self.odd_places(x & !self.even_rows)
        }
    }

    /// The cells of `x` at an odd place from the start of their row's run (the second, the
    /// fourth, ...), as many as the run's length halved, where no two rows of `x` are adjacent
    /// (so that no run reaches from one row into the next). A run from a cell of even index
    /// holds the cells of odd index, one from a cell of odd index those of even index; adding
    /// the first cell of each run of the first kind to `x` carries through the run and clears
    /// it (the bit past it, a gap, takes the carry), which leaves the first kind's runs apart
    /// in a few operations rather than a loop of one pass a pair (the counts of every move
    /// listed are a fifth of the outcome search's time).
    fn odd_places(&self, x: W) -> u32 {
        let starts = x & !(x << 1);
        let from_even = x & !x.wrapping_add(starts & W::EVEN);
        ((from_even & !W::EVEN) | (x & !from_even & W::EVEN)).count_ones()
    }

    /// The most disjoint vertical dominoes along the columns' runs of `x`: the cells at odd
    /// places from their run's start, found by each cell's parity of the run's cells up to it,
    /// a prefix within each run made in as many doublings as the rows need (Hillis and
    /// Steele's scan: at each, a cell takes the parity `d` rows above it where the run reaches
    /// that far), rather than a loop of one pass a pair whose length varies from board to
    /// board (its branches mispredicted).
    fn column_pairs(&self, x: W) -> u32 {
        // One row holds no vertical domino (and a row as long as the word would shift it out).
        if self.rows < 2 {
            return 0;
        }
        let mut parity = x;
        let mut reach = x & (x << self.cols);
        let mut d = self.cols;
        let mut rows = 1;
        while rows < self.rows {
            parity = parity ^ ((parity << d) & reach);
            reach = reach & (reach << d);
            d *= 2;
            rows *= 2;
        }
        (x & !parity).count_ones()
    }

    /// Each cell of `x` whose run along a line (columns where `vertical`, rows otherwise) holds
    /// an odd number of cells from its start up to it (`forward`) or from it to its end, the
    /// cell counted: the same doublings as [`DomineeringSearch::column_pairs`], in either
    /// direction along either kind of line. A move's change to the pairs of a line is read from
    /// these parities at its cells ([`RunParities`]) rather than counted again.
    fn run_parity(&self, x: W, vertical: bool, forward: bool) -> W {
        let (step, lines_long) = if vertical { (self.cols, self.rows) } else { (1, self.cols) };
        // Lines of one cell: each run is its cell (and a row as long as the word would shift
        // it out).
        if lines_long < 2 {
            return x;
        }
        // Along rows, no run reaches past a row's first cell (forward) or its last.
        let edge = match (vertical, forward) {
            (true, _) => W::ZERO,
            (false, true) => self.first_col,
            (false, false) => self.last_col,
        };
        let shift = |w: W, d: u32| if forward { w << d } else { w >> d };
        let mut parity = x;
        let mut reach = x & shift(x, step) & !edge;
        let mut d = step;
        let mut span = 1;
        while span < lines_long {
            parity = parity ^ (shift(parity, d) & reach);
            reach = reach & shift(reach, d);
            d *= 2;
            span *= 2;
        }
        parity
    }

    /// The parities of the runs of the board `e` from which each move's change to both players'
    /// most moves ([`DomineeringSearch::pairs`]) is read in a few operations ([`RunParities`]).
    fn run_parities(&self, e: W) -> RunParities<W> {
        let line = |vertical: bool| {
            let (before, after) = (self.run_parity(e, vertical, true), self.run_parity(e, vertical, false));
            // A place loses two pairs where the cells before its domino and after it along the
            // run are both odd in number (each count inclusive of the cell: even parity);
            // a cell taken across a run keeps its pairs where both sides are even. The run's
            // pairs are its cells at an even count from its start.
            let step = if vertical { self.cols } else { 1 };
            let lines_long = if vertical { self.rows } else { self.cols };
            let two = if lines_long < 2 { W::ZERO } else { !before & !(after >> step) };
            ((e & !before).count_ones(), two, before & after)
        };
        let (left_most, left_two, left_kept) = line(true);
        let (right_most, right_two, right_kept) = line(false);
        RunParities {
            most: [left_most, right_most],
            loses_two: [left_two, right_two],
            kept_across: [left_kept, right_kept],
        }
    }

    /// [`DomineeringSearch::pairs`], with the cells the pairs cover.
    fn paired(&self, mut x: W, vertical: bool) -> (u32, W) {
        // One row holds no vertical domino (and a row as long as the word would shift it out).
        if vertical && self.rows < 2 {
            return (0, W::ZERO);
        }
        let mut count = 0;
        let mut covered = W::ZERO;
        while x != W::ZERO {
            let (before, after) = if vertical {
                (x << self.cols, x >> self.cols)
            } else {
                ((x << 1) & !self.first_col, (x >> 1) & !self.last_col)
            };
            let heads = x & !before;
            let paired = heads & after;
            count += paired.count_ones();
            let seconds = if vertical { paired << self.cols } else { paired << 1 };
            covered |= paired | seconds;
            x &= !(heads | seconds);
        }
        (count, covered)
    }

    /// Half-safe dominoes of Left (`vertical`) or Right beside her safe ones: disjoint places
    /// with one cell hers alone (`only`, not among `taken`, the safe dominoes' cells) and one
    /// the other player could cover, no two of the latter side by side along his direction, so
    /// that one move of his spoils at most one of them (Bullock's vulnerable moves with a
    /// protected square). Packed greedily in reading order.
    fn half_safe(&self, e: W, only: W, taken: W, reserved: W, vertical: bool) -> u32 {
        let (step, across) = if vertical { (self.cols, 1) } else { (1, self.cols) };
        let free = only & !taken;
        let open = e & !only;
        let places = if vertical { self.left_places(e) } else { self.right_places(e) };
        let mut candidates = places & ((free & (open >> step)) | (open & (free >> step)));
        // Cells already reserved (protective areas) are neither used nor beside an open cell.
        let (mut used, mut spoilable, mut count) = (reserved, reserved, 0);
        while candidates != W::ZERO {
            let t = candidates & candidates.wrapping_neg();
            candidates &= candidates - W::ONE;
            let cells = t | t << step;
            let weak = cells & open;
            // Beside another's open cell along his direction: one of his dominoes would cover both.
            let beside = if vertical {
                ((weak << 1) & !self.first_col) | ((weak >> 1) & !self.last_col)
            } else {
                weak << across | weak >> across
            };
            if cells & used == W::ZERO && beside & spoilable == W::ZERO {
                used |= cells;
                spoilable |= weak;
                count += 1;
            }
        }
        count
    }

    /// Her vulnerable dominoes beside her safe ones (`taken`, their cells), for Left
    /// (`vertical`) or Right: disjoint places of hers, packed greedily in reading order, with a
    /// cell he could cover. Such a domino is *alone* when none of his places through its cells
    /// reaches another of them: his move then spoils it and nothing else; any other move of his
    /// spoils at most two (a domino of his has two cells). Gives the moves she is sure of on
    /// the board moving first and moving second, and the cells she keeps unused.
    ///
    /// The count: she plays the dominoes that are not alone first, then those alone, then her
    /// safe ones. Weigh a domino alone 1/2 and any other 1/3: each of her moves with his answer
    /// takes at most 1 from the weight (1/3 + 2/3 while some not alone are left, 1/2 + 1/2
    /// after), so moving first she makes at least the weight, rounded up, of vulnerable moves;
    /// moving second, his first move takes 2/3 at most (1/2 when every one is alone).
    fn vulnerable(&self, e: W, only: W, taken: W, vertical: bool) -> (u32, u32, u32) {
        let (mine, his, step) = if vertical {
            (self.left_places(e), self.right_places(e), self.cols)
        } else {
            (self.right_places(e), self.left_places(e), 1)
        };
        let mut candidates = mine & !taken & !(taken >> step) & !(only & (only >> step));
        // At most half as many disjoint dominoes as cells.
        let (mut dominoes, mut count, mut packed) = (W::list(W::ZERO), 0, W::ZERO);
        while candidates != W::ZERO {
            let t = candidates & candidates.wrapping_neg();
            candidates &= candidates - W::ONE;
            let cells = t | t << step;
            if cells & packed == W::ZERO {
                packed |= cells;
                if let Some(slot) = dominoes.as_mut().get_mut(count) {
                    *slot = cells;
                    count += 1;
                }
            }
        }
        let dominoes = dominoes.as_ref().get(..count).unwrap_or(&[]);
        // His places through a cell of `d` reach these cells.
        let reach = |d: W| {
            if vertical {
                ((d & (his << 1)) >> 1) | ((d & his) << 1)
            } else {
                ((d & (his << self.cols)) >> self.cols) | ((d & his) << self.cols)
            }
        };
        let alone = dominoes.iter().filter(|&&d| reach(d) & packed & !d == W::ZERO).count() as u32;
        let others = count as u32 - alone;
        let sixths = 3 * alone + 2 * others;
        let first = sixths.div_ceil(6);
        let his_first = if others > 0 {
            4
        } else if alone > 0 {
            3
        } else {
            0
        };
        let second = sixths.saturating_sub(his_first).div_ceil(6);
        let (safe, _) = self.paired(only, vertical);
        let unused = (only & !taken & !packed).count_ones();
        (safe + first, safe + second, unused)
    }

    /// For each player (`[left, right]`): the safe moves, the most moves they can make, and
    /// their protective areas ([`DomineeringSearch::areas`]).
    pub(super) fn counts(&self, e: W) -> Counts {
        let lp = self.left_places(e);
        let rp = self.right_places(e);
        // Cells the other player can never cover.
        let left_only = e & !(rp | rp << 1);
        let right_only = e & !(lp | lp << self.cols);
        let left_areas = self.areas(e, true);
        let right_areas = self.areas(e, false);
        let (left_safe, left_taken) = self.paired(left_only, true);
        let (right_safe, right_taken) = self.paired(right_only, false);
        let left_vulnerable = self.vulnerable(e, left_only, left_taken, true);
        let right_vulnerable = self.vulnerable(e, right_only, right_taken, false);
        Counts {
            sure_first: [left_vulnerable.0, right_vulnerable.0],
            sure_second: [left_vulnerable.1, right_vulnerable.1],
            unused: [left_vulnerable.2, right_vulnerable.2],
            empty: e.count_ones(),
            open: [self.pairs(e & !left_only, true), self.pairs(e & !right_only, false)],
            half: [
                self.half_safe(e, left_only, left_taken, W::ZERO, true),
                self.half_safe(e, right_only, right_taken, W::ZERO, false),
            ],
            half_beside_areas: [
                self.half_safe(e, left_only, left_taken, left_areas.1, true),
                self.half_safe(e, right_only, right_taken, right_areas.1, false),
            ],
            safe: [left_safe, right_safe],
            usable: [(e & !right_only).count_ones(), (e & !left_only).count_ones()],
            most: [self.pairs(e, true), self.pairs(e, false)],
            areas: [left_areas.0, right_areas.0],
        }
    }

    /// The protective areas of Left (`vertical`) or Right, packed greedily in reading order
    /// (Bullock's Obsequi counts them): 2 x 2 blocks of empty cells walled on at least one of
    /// the two sides the other player's dominoes would cross (left or right of Left's, above or
    /// below Right's). The player enters one by the line beside its open side (the line beside
    /// the wall, when walled on both), which leaves the other line hers alone, a safe move, and
    /// takes one of the other player's places from each of the block's lines across (each
    /// begins at the wall). No two areas lie within a cell of each other along his direction,
    /// so one domino of his touches one area at most.
    fn areas(&self, e: W, vertical: bool) -> (u32, W) {
        let step = self.cols;
        // Blocks of four empty cells, by their top left cell.
        let blocks = e & (e >> 1) & !self.last_col & (e >> step) & (e >> (step + 1));
        let walled = if vertical {
            // Left of both rows, or right of both rows: no empty cell there.
            let left_wall = !((e << 1) & !self.first_col);
            let right_wall = !((e >> 1) & !self.last_col);
            (left_wall & (left_wall >> step)) | ((right_wall >> 1) & (right_wall >> (step + 1)))
        } else {
            // Above both columns, or below both.
            let up_wall = !(e << step);
            let down_wall = !(e >> step);
            (up_wall & (up_wall >> 1)) | ((down_wall >> step) & (down_wall >> (step + 1)))
        };
        let mut candidates = blocks & walled;
        let (mut count, mut cells) = (0, W::ZERO);
        while candidates != W::ZERO {
            let t = candidates & candidates.wrapping_neg();
            count += 1;
            cells |= t | t << 1 | t << step | t << (step + 1);
            // No other block within a cell along his direction (nor sharing a cell): tops
            // within two columns and one row of this one for Left's, two rows and one column
            // for Right's.
            let row_near = |x: W| x | (x << 1) & !self.first_col | (x >> 1) & !self.last_col;
            let near = if vertical {
                let wide = row_near(row_near(t));
                wide | wide << step | wide >> step
            } else {
                let wide = row_near(t);
                wide | wide << step | wide >> step | wide << (2 * step) | wide >> (2 * step)
            };
            candidates &= !near;
        }
        (count, cells)
    }

    /// Whether `mover` moving first surely wins (`Some(true)`) or surely loses
    /// (`Some(false)`) the board of `counts`, beside an integer `n`, by the counts of moves.
    ///
    /// The mover's sure moves: her safe moves, and her protective areas taken in pairs (when
    /// the other player enters one, she enters another: two moves for her there, the second a
    /// safe one, and his two places there gone), and one more area, two more moves, when she
    /// moves first and their number is odd (she enters one at once). The other player's moves
    /// are at most his possible moves less two for each area the mover enters. She wins when
    /// her sure moves outnumber his; she loses when his sure moves (his safe moves and his
    /// areas in pairs) are at least all of hers.
    fn verdict(c: &Counts, mover: usize, n: i64) -> Option<bool> {
        let extra = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
        let owner = usize::from(n < 0);
        let (me, them) = (mover.min(1), 1 - mover.min(1));
        let plus = |who: usize| if who == owner { extra } else { 0 };
        let get = |a: &[u32; 2], who: usize| a.get(who).copied().unwrap_or(0);
        // Her areas, moving first: a move for each (two for each she enters, at least half of
        // them), and two more when their number is odd (she enters one at once); his places
        // fall by as many.
        let areas = get(&c.areas, me) + get(&c.areas, me) % 2;
        let my_sure = get(&c.safe, me).saturating_add(plus(me)).saturating_add(areas);
        let their_most = get(&c.most, them).saturating_add(plus(them)).saturating_sub(areas);
        if my_sure > their_most {
            return Some(true);
        }
        // Or her open dominoes, played first while they last: each of his moves takes at most
        // two of them, so she plays at least a third of them (rounded up, moving first).
        let open_played = get(&c.open, me).div_ceil(3);
        let open_sure = get(&c.safe, me).saturating_add(plus(me)).saturating_add(open_played);
        if open_sure > get(&c.most, them).saturating_add(plus(them)) {
            return Some(true);
        }
        // And the cells: his moves and her open ones lie on cells he could cover, two each,
        // so he moves at most half of those cells less her open moves.
        if open_sure.saturating_add(open_played) > (get(&c.usable, them) / 2).saturating_add(plus(them)) {
            return Some(true);
        }
        // Or her half-safe dominoes: he spoils at most one a move, so she plays half of them
        // (rounded up, moving first), each on one cell he could cover.
        let half_played = get(&c.half, me).div_ceil(2);
        let half_sure = get(&c.safe, me).saturating_add(plus(me)).saturating_add(half_played);
        if half_sure > get(&c.most, them).saturating_add(plus(them))
            || half_sure > (get(&c.usable, them).saturating_sub(half_played) / 2).saturating_add(plus(them))
        {
            return Some(true);
        }
        // Or both at once: he touches one area or spoils one half-safe domino a move, never
        // both, and she answers an area with an area, anything else with a half-safe domino.
        let p = get(&c.areas, me);
        let w = get(&c.half_beside_areas, me);
        let both_sure = get(&c.safe, me).saturating_add(plus(me)).saturating_add(p).saturating_add(if p % 2 == 1 {
            1 + w / 2
        } else {
            w.div_ceil(2)
        });
        if both_sure > get(&c.most, them).saturating_add(plus(them)).saturating_sub(p + p % 2) {
            return Some(true);
        }
        // Her safe and vulnerable dominoes together, against the most he can make: his
        // dominoes per line, or the cells left him. Were she to lose, he would make as many
        // moves as she, and her first sure moves (on her dominoes' cells), his moves (on cells
        // he can cover) and her unused cells (his never) are apart on the board.
        let sure = get(&c.sure_first, me);
        let cells_left = c.empty.saturating_sub(get(&c.unused, me)).saturating_sub(2 * sure) / 2;
        if sure.saturating_add(plus(me)) > get(&c.most, them).min(cells_left).saturating_add(plus(them)) {
            return Some(true);
        }
        let their_sure = get(&c.sure_second, them);
        let my_cells_left = c.empty.saturating_sub(get(&c.unused, them)).saturating_sub(2 * their_sure) / 2;
        if their_sure.saturating_add(plus(them)) >= get(&c.most, me).min(my_cells_left).saturating_add(plus(me)) {
            return Some(false);
        }
        let theirs_paired = get(&c.areas, them) / 2 * 2;
        let their_sure = get(&c.safe, them).saturating_add(plus(them)).saturating_add(theirs_paired);
        let my_most = get(&c.most, me).saturating_add(plus(me)).saturating_sub(theirs_paired);
        if their_sure >= my_most {
            return Some(false);
        }
        // His open dominoes, she moving first: she takes two before he plays one.
        let their_open_played = get(&c.open, them) / 3;
        let their_open_sure = get(&c.safe, them).saturating_add(plus(them)).saturating_add(their_open_played);
        if their_open_sure >= get(&c.most, me).saturating_add(plus(me)) {
            return Some(false);
        }
        if their_open_sure.saturating_add(their_open_played) >= (get(&c.usable, me) / 2).saturating_add(plus(me)) {
            return Some(false);
        }
        let their_both_sure = get(&c.safe, them)
            .saturating_add(plus(them))
            .saturating_add(theirs_paired)
            .saturating_add(get(&c.half_beside_areas, them) / 2);
        if their_both_sure >= get(&c.most, me).saturating_add(plus(me)).saturating_sub(theirs_paired) {
            return Some(false);
        }
        let their_half_played = get(&c.half, them) / 2;
        let their_half_sure = get(&c.safe, them).saturating_add(plus(them)).saturating_add(their_half_played);
        if their_half_sure >= get(&c.most, me).saturating_add(plus(me))
            || their_half_sure >= (get(&c.usable, me).saturating_sub(their_half_played) / 2).saturating_add(plus(me))
        {
            return Some(false);
        }
        None
    }

    /// Each player's view of the board `e` for the packed bound ([`bound`]): Left's lines
    /// are the columns, Right's the rows; `None` when a line is longer than 30 cells. A board
    /// of at most 8 x 8 is laid out one row a byte and turned about its diagonal by three
    /// exchanges of bits (Warren, "Hacker's Delight", 7-3), so that Left's lines are bytes too.
    pub(super) fn views(&self, e: W) -> Option<[bound::View; 2]> {
        let mut views = [[u32::MAX; bound::VIEW_WORDS]; 2];
        self.fill_views(e, &mut views).then_some(views)
    }

    /// [`DomineeringSearch::views`] written into `views`, whose words past the board's lines
    /// are walls already (made so once, and never written: each search keeps one pair of views
    /// a depth and writes only the lines, 64 bytes, not two views of 256); whether the lines
    /// fit.
    pub(super) fn fill_views(&self, e: W, views: &mut [bound::View; 2]) -> bool {
        if self.rows > 8 || self.cols > 8 {
            return self.fill_views_cell_by_cell(e, views);
        }
        // At most 64 cells: the board is the word's low 64 bits.
        let e = e.low_u64();
        let row = (1u64 << self.cols) - 1;
        let bytes = if self.cols == 8 {
            e
        } else {
            (0..self.rows).fold(0u64, |m, r| m | ((e >> (r * self.cols)) & row) << (8 * r))
        };
        let mut t = bytes;
        let x = (t ^ (t >> 7)) & 0x00aa_00aa_00aa_00aa;
        t ^= x ^ (x << 7);
        let x = (t ^ (t >> 14)) & 0x0000_cccc_0000_cccc;
        t ^= x ^ (x << 14);
        let x = (t ^ (t >> 28)) & 0x0000_0000_f0f0_f0f0;
        t ^= x ^ (x << 28);
        for (view, word, lines) in [(0, t, self.cols), (1, bytes, self.rows)] {
            for i in 0..lines {
                let free = ((word >> (8 * i)) & 0xff) as u32;
                if let Some(x) = views.get_mut(view).and_then(|v| v.get_mut(i as usize + 2)) {
                    *x = !(free << 1);
                }
            }
        }
        true
    }

    /// [`DomineeringSearch::views`] cell by cell, for any board whose lines fit (the tests
    /// check the two alike).
    #[cfg(test)]
    pub(super) fn views_cell_by_cell(&self, e: W) -> Option<[bound::View; 2]> {
        let mut views = [[u32::MAX; bound::VIEW_WORDS]; 2];
        self.fill_views_cell_by_cell(e, &mut views).then_some(views)
    }

    /// [`DomineeringSearch::fill_views`] cell by cell.
    fn fill_views_cell_by_cell(&self, e: W, views: &mut [bound::View; 2]) -> bool {
        if self.rows > 30 || self.cols > 30 {
            return false;
        }
        let row = (1u32 << self.cols) - 1;
        // Each row's cells, then each column's gathered from them.
        let mut rows = [0u32; 32];
        for (r, x) in rows.iter_mut().enumerate().take(self.rows as usize) {
            *x = (e >> (r as u32 * self.cols)).low_u32() & row;
        }
        for (r, &free) in rows.iter().enumerate().take(self.rows as usize) {
            if let Some(x) = views[1].get_mut(r + 2) {
                *x = !(free << 1);
            }
        }
        for c in 0..self.cols {
            let free =
                rows.iter().take(self.rows as usize).enumerate().fold(0u32, |m, (r, &w)| m | ((w >> c) & 1) << r);
            if let Some(x) = views[0].get_mut(c as usize + 2) {
                *x = !(free << 1);
            }
        }
        true
    }

    /// Whether `mover` moving first surely wins or surely loses `e` by Bullock's packed bound
    /// ([`bound`]), `safe` and `most` each player's safe moves and lines' runs (`[left, right]`).
    pub(super) fn packed_verdict(&self, e: W, mover: usize, safe: [u32; 2], most: [u32; 2]) -> Option<bool> {
        let [left, right] = self.views(e)?;
        let lines = [self.cols as usize, self.rows as usize];
        let empty = e.count_ones();
        if mover == 0 {
            bound::verdict(&left, &right, lines, safe, most, empty)
        } else {
            let [l, r] = lines;
            let swap = |[a, b]: [u32; 2]| [b, a];
            bound::verdict(&right, &left, [r, l], swap(safe), swap(most), empty)
        }
    }

    /// The empty cells of `numbers`, when it is a board of this size.
    fn cells_of(&self, numbers: &[u64]) -> Option<W> {
        let g = Grid::of(numbers, 4)?;
        if g.rows != self.rows as usize || g.cols != self.cols as usize {
            return None;
        }
        let cells = g.cells.iter().enumerate().filter(|&(_, &c)| c == 0);
        Some(cells.fold(W::ZERO, |m, (i, _)| m | W::ONE << u32::try_from(i).unwrap_or(0)))
    }

    /// The board's image with its rows in reverse order.
    fn flip_rows(&self, e: W) -> W {
        let row = (W::ONE << self.cols) - W::ONE;
        (0..self.rows).fold(W::ZERO, |out, r| out | ((e >> (r * self.cols)) & row) << ((self.rows - 1 - r) * self.cols))
    }

    /// The board's image with its columns in reverse order.
    fn flip_cols(&self, e: W) -> W {
        (0..self.cols).fold(W::ZERO, |out, c| {
            let column = self.first_col << c;
            let moved = if 2 * c + 1 >= self.cols {
                (e & column) >> (2 * c + 1 - self.cols)
            } else {
                (e & column) << (self.cols - 1 - 2 * c)
            };
            out | moved
        })
    }
}

impl OutcomeGame for DomineeringSearch {
    type State = u64;

    fn state_of(&self, numbers: &[u64]) -> Option<u64> {
        self.cells_of(numbers)
    }

    fn moves(&self, &e: &u64, mover: usize, out: &mut Vec<(u64, Option<bool>)>) {
        let me = mover.min(1);
        let them = 1 - me;
        let (mut places, step) = if me == 0 { (self.left_places(e), self.cols) } else { (self.right_places(e), 1) };
        // Safe moves are not played while she has another (Bullock's Obsequi): her safe
        // dominoes stay hers whatever he does, so she keeps them for the end. That a winning
        // move, where there is one, is then among the others is checked, not proven: on every
        // board of at most 20 cells (all of 4 x 4, 3 x 5, 4 x 5, 5 x 4, 3 x 6, 6 x 3, 2 x 8),
        // and by the tests on every board of 4 x 4 and 3 x 5. Only on a board searched whole:
        // beside a sum of values, a safe move may be the one move that wins ({-2|1} + 1).
        if self.value_cells.is_none() {
            let lp = self.left_places(e);
            let rp = self.right_places(e);
            let only = if me == 0 { e & !(rp | rp << 1) } else { e & !(lp | lp << self.cols) };
            let safe = places & only & (only >> step);
            if places & !safe != 0 {
                places &= !safe;
            }
        }
        let before = self.counts(e);
        // Each move scored as Obsequi scores it: what it changes in the counts of moves, the
        // mover's safe and possible moves gained less the opponent's, tried best first (a
        // stable sort: reading order among equals); a move after which the opponent surely
        // loses goes first (the search stops there at once), one after which he surely wins
        // last.
        let mut scored: Vec<(i64, u64, Option<bool>)> = Vec::with_capacity(places.count_ones() as usize);
        let mut tops = places;
        while tops != 0 {
            let t = tops & tops.wrapping_neg();
            tops &= tops - 1;
            let after = e & !(t | t << step);
            let c = self.counts(after);
            let gain = |a: &[u32; 2], b: &[u32; 2], who: usize| {
                i64::from(b.get(who).copied().unwrap_or(0)) - i64::from(a.get(who).copied().unwrap_or(0))
            };
            let score = gain(&before.safe, &c.safe, me) - gain(&before.safe, &c.safe, them)
                + gain(&before.most, &c.most, me)
                - gain(&before.most, &c.most, them);
            let known = DomineeringSearch::<u64>::verdict(&c, them, 0);
            let verdict = match known {
                Some(false) => 1000,
                Some(true) => -1000,
                None => 0,
            };
            // Ties broken by the place ([`place_rank`]): fewer nodes by half on the empty 7 x 7
            // and 7 x 8 boards than reading order.
            let i = t.trailing_zeros() as usize;
            let place = i64::from(self.rank.get(me).and_then(|r| r.get(i)).copied().unwrap_or(0));
            scored.push(((score + verdict) * 256 + place, after, known));
        }
        scored.sort_by_key(|&(score, _, _)| std::cmp::Reverse(score));
        out.extend(scored.into_iter().map(|(_, after, known)| (after, known)));
    }

    fn key(&self, &e: &u64, near_root: bool) -> Option<u128> {
        // Cells no domino can cover play no part: boards that differ only there are one.
        let (lp, rp) = (self.left_places(e), self.right_places(e));
        let e = e & (lp | lp << self.cols | rp | rp << 1);
        let board = if near_root {
            let r = self.flip_rows(e);
            e.min(r).min(self.flip_cols(e)).min(self.flip_cols(r))
        } else {
            e
        };
        Some(u128::from(board) | u128::from(self.rows) << 64 | u128::from(self.cols) << 72)
    }

    fn split(&self, &e: &u64, out: &mut Vec<(Packed, u64)>) -> u64 {
        let Some(value_cells) = self.value_cells else {
            return e;
        };
        let lp = self.left_places(e);
        let rp = self.right_places(e);
        // Cells no domino can cover play no part.
        let live = e & (lp | lp << self.cols | rp | rp << 1);
        let mut rest = live;
        let mut left = live;
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = (region | self.around(region)) & live;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            let one_sided = lp & region == 0 || rp & region == 0;
            if one_sided || region.count_ones() <= value_cells {
                if let Some(b) = BitGrid::new(self.rows as usize, self.cols as usize, region) {
                    out.push((packed_board(b), region));
                    rest &= !region;
                }
            }
        }
        rest
    }

    fn join(&self, &rest: &u64, &part: &u64) -> u64 {
        rest | part
    }

    fn is_empty(&self, &e: &u64) -> bool {
        e == 0
    }

    fn asks(&self) -> bool {
        true
    }

    fn decided(&self, &e: &u64, mover: usize, n: i64) -> Option<bool> {
        let c = self.counts(e);
        DomineeringSearch::<u64>::verdict(&c, mover, n).or_else(|| {
            if n == 0 {
                self.packed_verdict(e, mover, c.safe, c.most)
            } else {
                None
            }
        })
    }
}
