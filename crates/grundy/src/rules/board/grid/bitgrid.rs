//! A board of at most 64 cells as the bits of one word: the cells that are still in play
//! (empty, for a placement game), row by row, `cols` to a row. What the packed searches of the
//! boards of cells share ([`crate::rules::board::machinery::packed`]): neighbours, regions, cropping and
//! the mirror images are a few shifts and masks each, where a [`crate::rules::board::grid::Grid`]
//! of bytes allocates.

/// A board of at most 64 cells: `rows` x `cols`, bit `r * cols + c` set when cell (r, c) is in
/// play. A board with no cell in play is the empty 0 x 0 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitGrid {
    /// How many rows (0 to 64).
    pub rows: u8,
    /// How many columns (0 to 64); `rows * cols <= 64`.
    pub cols: u8,
    /// The cells in play, row by row.
    pub cells: u64,
}

/// A box of a board's cells: its first row and column, its rows and columns.
#[derive(Clone, Copy)]
struct Bounds {
    row: u32,
    col: u32,
    rows: u32,
    cols: u32,
}

/// The cells of the first column of a board of `rows` x `cols` (at most 64 cells; 0 past
/// them), by rows and columns: made once, when the program is built, where a loop over the
/// rows at each shift of a mask was a tenth of a Clobber board's search.
static FIRST_COLUMNS: [[u64; 65]; 65] = first_columns();

/// [`FIRST_COLUMNS`].
const fn first_columns() -> [[u64; 65]; 65] {
    let mut table = [[0u64; 65]; 65];
    let mut rows = 1;
    while rows <= 64 {
        let mut cols = 1;
        while cols <= 64 && rows * cols <= 64 {
            let mut m = 0u64;
            let mut r = 0;
            while r < rows {
                m |= 1u64 << (r * cols);
                r += 1;
            }
            table[rows][cols] = m;
            cols += 1;
        }
        rows += 1;
    }
    table
}

/// The bits of the first `n` cells (all 64 for n = 64).
fn low(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl BitGrid {
    /// The empty board.
    pub const EMPTY: BitGrid = BitGrid { rows: 0, cols: 0, cells: 0 };

    /// A board of `rows` x `cols` with the cells of `cells` in play (bits past the board
    /// dropped); `None` past 64 cells.
    pub fn new(rows: usize, cols: usize, cells: u64) -> Option<BitGrid> {
        let n = rows.checked_mul(cols).filter(|&n| n <= 64)?;
        Some(BitGrid { rows: rows as u8, cols: cols as u8, cells: cells & low(n as u32) })
    }

    /// The board as one number: rows, columns and cells. A board of at most 8 rows, 8
    /// columns and 58 cells fits in the low 64 bits (rows and columns less one in the top six,
    /// so that a memo keeps it in a narrow table); any other has bit 127 set, its rows and
    /// columns above its 64 cells.
    pub fn pack(self) -> u128 {
        let (r, c) = (u64::from(self.rows), u64::from(self.cols));
        if (1..=8).contains(&r) && (1..=8).contains(&c) && r * c <= 58 {
            return u128::from((r - 1) << 61 | (c - 1) << 58 | self.cells);
        }
        1 << 127 | u128::from(self.rows) << 72 | u128::from(self.cols) << 64 | u128::from(self.cells)
    }

    /// The board [`BitGrid::pack`] made.
    pub fn unpack(key: u128) -> BitGrid {
        if key >> 64 == 0 {
            let k = key as u64;
            return BitGrid { rows: (k >> 61) as u8 + 1, cols: (k >> 58 & 7) as u8 + 1, cells: k & low(58) };
        }
        BitGrid { rows: (key >> 72) as u8, cols: (key >> 64) as u8, cells: key as u64 }
    }

    /// The bit of cell (r, c).
    pub fn bit(self, r: usize, c: usize) -> u64 {
        1u64 << (r * usize::from(self.cols) + c)
    }

    /// Every cell of the board.
    pub fn all(self) -> u64 {
        low(u32::from(self.rows) * u32::from(self.cols))
    }

    /// The cells of column `c`: the first column's, moved along ([`FIRST_COLUMNS`]).
    fn column(self, c: u32) -> u64 {
        let first = FIRST_COLUMNS.get(usize::from(self.rows)).and_then(|row| row.get(usize::from(self.cols)));
        first.copied().unwrap_or(0) << c
    }

    /// The cells of `m` moved one row down (their neighbours below), within the board.
    pub fn down(self, m: u64) -> u64 {
        self.shifts().down(m)
    }

    /// The cells of `m` moved one row up.
    pub fn up(self, m: u64) -> u64 {
        self.shifts().up(m)
    }

    /// The cells of `m` moved one column right, within their rows.
    pub fn right(self, m: u64) -> u64 {
        self.shifts().right(m)
    }

    /// The cells of `m` moved one column left, within their rows.
    pub fn left(self, m: u64) -> u64 {
        self.shifts().left(m)
    }

    /// The cells next to a cell of `m` (up, down, left, right).
    pub fn around(self, m: u64) -> u64 {
        self.shifts().around(m)
    }

    /// The board's shifts with its edge columns made once ([`Shifts`]), for the loops that
    /// shift many masks on one board.
    pub fn shifts(self) -> Shifts {
        let cols = u32::from(self.cols);
        let (first, last) = if cols == 0 { (0, 0) } else { (self.column(0), self.column(cols - 1)) };
        Shifts { cols, all: self.all(), not_first: !first, not_last: !last }
    }

    /// The cells in play with a neighbour in play.
    pub fn paired(self) -> BitGrid {
        BitGrid { cells: self.cells & self.around(self.cells), ..self }
    }

    /// The connected regions (orthogonal neighbours) of the cells in play, each as a mask, the
    /// region of the lowest cell first.
    pub fn regions(self) -> impl Iterator<Item = u64> {
        let shifts = self.shifts();
        let mut rest = self.cells;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | shifts.around(region)) & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            Some(region)
        })
    }

    /// The smallest box holding the cells of `m`; `None` when there are none.
    fn bounds(self, m: u64) -> Option<Bounds> {
        if m == 0 {
            return None;
        }
        let cols = u32::from(self.cols);
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        for r in 0..u32::from(self.rows) {
            let row = (m >> (r * cols)) & low(cols);
            if row != 0 {
                r0 = r0.min(r);
                r1 = r;
                c0 = c0.min(row.trailing_zeros());
                c1 = c1.max(63 - row.leading_zeros());
            }
        }
        Some(Bounds { row: r0, col: c0, rows: r1 - r0 + 1, cols: c1 - c0 + 1 })
    }

    /// The cells of `m` inside `b`, row by row as a board of `b`'s size.
    fn cut(self, m: u64, b: Bounds) -> u64 {
        let cols = u32::from(self.cols);
        let mut cells = 0;
        for r in 0..b.rows {
            let row = (m >> ((b.row + r) * cols + b.col)) & low(b.cols);
            cells |= row << (r * b.cols);
        }
        cells
    }

    /// The smallest board holding the cells of `m` (the empty board when there are none).
    pub fn cropped(self, m: u64) -> BitGrid {
        match self.bounds(m) {
            None => BitGrid::EMPTY,
            Some(b) => BitGrid { rows: b.rows as u8, cols: b.cols as u8, cells: self.cut(m, b) },
        }
    }

    /// The board upside down (rows mirrored).
    pub fn flipped_rows(self) -> BitGrid {
        let cols = u32::from(self.cols);
        let rows = u32::from(self.rows);
        let mut cells = 0;
        for r in 0..rows {
            let row = (self.cells >> (r * cols)) & low(cols);
            cells |= row << ((rows - 1 - r) * cols);
        }
        BitGrid { cells, ..self }
    }

    /// The board turned half a turn (rows and columns mirrored): cell i becomes cell n - 1 - i
    /// of its n cells, one reversal of the word.
    pub fn half_turned(self) -> BitGrid {
        let n = u32::from(self.rows) * u32::from(self.cols);
        if n == 0 || n > 64 {
            return self.flipped_rows().flipped_cols();
        }
        BitGrid { cells: self.cells.reverse_bits() >> (64 - n), ..self }
    }

    /// The board mirrored left to right (columns mirrored).
    pub fn flipped_cols(self) -> BitGrid {
        let cols = u32::from(self.cols);
        if cols == 0 {
            return self;
        }
        let mut cells = 0;
        for r in 0..u32::from(self.rows) {
            let row = (self.cells >> (r * cols)) & low(cols);
            cells |= (row.reverse_bits() >> (64 - cols)) << (r * cols);
        }
        BitGrid { cells, ..self }
    }

    /// The board turned over its main diagonal: rows become columns.
    pub fn transposed(self) -> BitGrid {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let mut cells = 0;
        // Only the cells in play are moved: cell (r, c) to (c, r).
        for r in 0..rows {
            let mut row = (self.cells >> (r * cols)) & low(cols);
            while row != 0 {
                let c = row.trailing_zeros();
                row &= row - 1;
                cells |= 1u64 << (c * rows + r);
            }
        }
        BitGrid { rows: self.cols, cols: self.rows, cells }
    }

    /// The least (as [`BitGrid::pack`]) of the board, its two mirror images and its half turn:
    /// the symmetries that keep rows rows and columns columns.
    pub fn least_of_four(self) -> BitGrid {
        let r = self.flipped_rows();
        let c = self.flipped_cols();
        let rc = r.flipped_cols();
        [self, r, c, rc].into_iter().min_by_key(|g| g.pack()).unwrap_or(self)
    }

    /// The lengths of the runs of cells in play along each row, row by row.
    pub fn row_runs(self) -> impl Iterator<Item = u32> {
        let cols = u32::from(self.cols);
        (0..u32::from(self.rows)).flat_map(move |r| {
            let mut row = (self.cells >> (r * cols)) & low(cols);
            std::iter::from_fn(move || {
                if row == 0 {
                    return None;
                }
                let start = row.trailing_zeros();
                let len = (row >> start).trailing_ones();
                row &= !(low(len) << start);
                Some(len)
            })
        })
    }
}

/// The shifts of one board's masks, with the board's edge columns and cells made once: what
/// [`BitGrid::down`], [`BitGrid::up`], [`BitGrid::right`], [`BitGrid::left`] and
/// [`BitGrid::around`] do, kept by the loops that shift many masks on one board (groups grown
/// a step at a time, Clobber's captures and counts). Made by [`BitGrid::shifts`]; when each
/// shift made its column by a loop over the rows, those loops were a tenth of a Clobber
/// board's search.
#[derive(Clone, Copy, Debug)]
pub struct Shifts {
    cols: u32,
    all: u64,
    not_first: u64,
    not_last: u64,
}

impl Shifts {
    /// [`BitGrid::down`].
    pub fn down(self, m: u64) -> u64 {
        (m << self.cols) & self.all
    }

    /// [`BitGrid::up`].
    pub fn up(self, m: u64) -> u64 {
        m >> self.cols
    }

    /// [`BitGrid::right`].
    pub fn right(self, m: u64) -> u64 {
        ((m & self.not_last) << 1) & self.all
    }

    /// [`BitGrid::left`].
    pub fn left(self, m: u64) -> u64 {
        (m & self.not_first) >> 1
    }

    /// [`BitGrid::around`].
    pub fn around(self, m: u64) -> u64 {
        self.down(m) | self.up(m) | self.right(m) | self.left(m)
    }
}

/// How the key of the planes `[a0, a1]` compares with that of `[b0, b1]`, boards of one frame,
/// read from the planes ([`Planes::pack`]): where the key interleaves them (`interleaved`), at
/// the last cell where the two differ, the second plane's bit first; otherwise the second plane,
/// then the first.
fn key_order([a0, a1]: [u64; 2], [b0, b1]: [u64; 2], interleaved: bool) -> std::cmp::Ordering {
    if !interleaved {
        return (a1, a0).cmp(&(b1, b0));
    }
    let differ = (a0 ^ b0) | (a1 ^ b1);
    if differ == 0 {
        return std::cmp::Ordering::Equal;
    }
    let cell = 63 - differ.leading_zeros();
    let (mine, theirs) = if (a1 ^ b1) >> cell & 1 == 1 { (a1, b1) } else { (a0, b0) };
    (mine >> cell & 1).cmp(&(theirs >> cell & 1))
}

/// A board of at most 64 cells with two bits a cell, as two planes over one [`BitGrid`]'s
/// frame: what the packed searches of games with more than one kind of cell share (Snort and
/// Col: who may colour a cell; Konane: a stone of either player or an empty cell). A cell with
/// neither bit set is not on the board (a hole, or a cell that no longer matters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Planes {
    /// The frame: its rows and columns (its `cells` unused: the cells are the planes').
    pub rows: u8,
    /// The frame's columns.
    pub cols: u8,
    /// The two planes, row by row as [`BitGrid`]'s cells.
    pub planes: [u64; 2],
}

/// The low 32 bits of `x` spread to the even bits of a word (bit i to bit 2i).
pub fn spread(x: u64) -> u64 {
    let mut x = x & 0xFFFF_FFFF;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// The even bits of `x` gathered into the low 32 bits ([`spread`] undone).
pub fn gather(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// The most cells a frame of [`Planes::pack`]'s narrow form holds: two bits a cell and the
/// frame's rows and columns (less one, three bits each) in 64 bits.
const NARROW_CELLS: u32 = 29;

/// The most cells a frame of [`Planes::pack`]'s wide form holds: two planes of 56 bits, the
/// rows and columns (six bits each) and the wide form's mark in 128 bits.
pub const PLANES_CELLS: usize = 56;

impl Planes {
    /// The planes of a board of stones, from its numbers as a
    /// [`crate::rules::board::grid::Grid`] holds them (0 an empty cell, 1 Left's stone, 2
    /// Right's): plane 0 Left's stones, plane 1 Right's (Konane, Clobber); `None` for numbers
    /// that are no such board or past 64 cells.
    pub fn of_stones(numbers: &[u64]) -> Option<Planes> {
        let g = crate::rules::board::grid::Grid::of(numbers, 3)?;
        if g.cells.len() > 64 {
            return None;
        }
        let mut p = Planes { rows: g.rows as u8, cols: g.cols as u8, planes: [0; 2] };
        for (i, &cell) in g.cells.iter().enumerate() {
            match cell {
                1 => p = p.with(0, 1 << i),
                2 => p = p.with(1, 1 << i),
                _ => {}
            }
        }
        Some(p)
    }

    /// The frame as a bit board with every cell in play.
    pub fn frame(self) -> BitGrid {
        let all = BitGrid { rows: self.rows, cols: self.cols, cells: 0 }.all();
        BitGrid { rows: self.rows, cols: self.cols, cells: all }
    }

    /// Plane `i` (0 or 1; any other number reads plane 1).
    pub fn plane(self, i: usize) -> u64 {
        let [a, b] = self.planes;
        if i == 0 {
            a
        } else {
            b
        }
    }

    /// The board with the cells of `m` taken out of plane `i` (0 or 1; any other number plane 1).
    pub fn without(self, i: usize, m: u64) -> Planes {
        let [a, b] = self.planes;
        let planes = if i == 0 { [a & !m, b] } else { [a, b & !m] };
        Planes { planes, ..self }
    }

    /// The board with the cells of `m` put into plane `i` (0 or 1; any other number plane 1).
    pub fn with(self, i: usize, m: u64) -> Planes {
        let [a, b] = self.planes;
        let planes = if i == 0 { [a | m, b] } else { [a, b | m] };
        Planes { planes, ..self }
    }

    /// The cells on the board: either bit set.
    pub fn cells(self) -> u64 {
        self.planes[0] | self.planes[1]
    }

    /// The board as the frame's bit board, the cells on the board in play: for neighbours,
    /// regions and shifts.
    pub fn grid(self) -> BitGrid {
        BitGrid { cells: self.cells(), ..self.frame() }
    }

    /// The smallest frame holding the cells of `m`, each plane kept on those cells only (the
    /// empty 0 x 0 board when `m` is empty).
    pub fn cropped(self, m: u64) -> Planes {
        let frame = self.frame();
        match frame.bounds(m) {
            None => Planes { rows: 0, cols: 0, planes: [0; 2] },
            Some(b) => Planes {
                rows: b.rows as u8,
                cols: b.cols as u8,
                planes: [frame.cut(self.planes[0] & m, b), frame.cut(self.planes[1] & m, b)],
            },
        }
    }

    /// Each plane moved by `image`, a symmetry of the frame's bit boards.
    fn image(self, image: impl Fn(BitGrid) -> BitGrid) -> Planes {
        let at = |cells: u64| image(BitGrid { cells, ..self.frame() });
        let (a, b) = (at(self.planes[0]), at(self.planes[1]));
        Planes { rows: a.rows, cols: a.cols, planes: [a.cells, b.cells] }
    }

    /// The board with its rows in reverse order, both planes in one pass over the rows.
    fn flipped_rows(self) -> Planes {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let (row, [a, b]) = (low(cols), self.planes);
        let mut planes = [0u64; 2];
        for r in 0..rows {
            let to = (rows - 1 - r) * cols;
            planes[0] |= ((a >> (r * cols)) & row) << to;
            planes[1] |= ((b >> (r * cols)) & row) << to;
        }
        Planes { planes, ..self }
    }

    /// The board turned half a turn: one reversal of each plane's word.
    fn half_turned(self) -> Planes {
        let n = u32::from(self.rows) * u32::from(self.cols);
        if n == 0 || n > 64 {
            return self.image(BitGrid::half_turned);
        }
        let [a, b] = self.planes;
        Planes { planes: [a.reverse_bits() >> (64 - n), b.reverse_bits() >> (64 - n)], ..self }
    }

    /// The least (as [`Planes::pack`]) of the board's images under the eight symmetries of
    /// the square, or under the four that keep rows rows when `turns` is false.
    pub fn least_image(self, turns: bool) -> Planes {
        self.least_keyed(turns).0
    }

    /// The key ([`Planes::pack`]) of [`Planes::least_image`].
    pub fn least_key(self, turns: bool) -> Option<u128> {
        self.least_keyed(turns).1
    }

    /// [`Planes::least_image`] with its key, each image packed once: the least image's key
    /// made again after the images' keys were compared was a twentieth of a Clobber board's
    /// outcome search.
    pub fn least_keyed(self, turns: bool) -> (Planes, Option<u128>) {
        // A key with fewer rows is the smaller (both forms of the key hold the rows above the
        // columns), so of a frame that is not square only one orientation need be turned.
        let base = if turns && self.rows > self.cols { self.image(BitGrid::transposed) } else { self };
        let least = base.least_of_four();
        if turns && self.rows == self.cols {
            let other = self.image(BitGrid::transposed).least_of_four();
            if other.1 < least.1 {
                return other;
            }
        }
        least
    }

    /// The least of the board, its two mirror images and its half turn, with its key (the
    /// images have one frame, so every key is made or none is): the half turn is one reversal
    /// of the word, and the columns' mirror the half turn's rows mirrored, so one loop over the
    /// rows makes each mirror (three made a fifth of Fission's search).
    ///
    /// The images share one frame, so they are compared by their planes in the order of their
    /// keys ([`key_order`]) and only the least is packed: packing all four, each plane
    /// spread to every other bit, was a tenth of a Clobber board's outcome search.
    fn least_of_four(self) -> (Planes, Option<u128>) {
        let Some(interleaved) = self.key_form() else { return (self, None) };
        // The images' planes alone, compared as words (whole boards moved about through the
        // stack were most of this function's time).
        let r = self.flipped_rows().planes;
        let rc = self.half_turned();
        let c = rc.flipped_rows().planes;
        let mut least = self.planes;
        for p in [r, c, rc.planes] {
            if key_order(p, least, interleaved).is_lt() {
                least = p;
            }
        }
        let least = Planes { planes: least, ..self };
        (least, least.pack())
    }

    /// Which form [`Planes::pack`] gives the board's key: `Some(true)` the narrow one (the
    /// planes' bits interleaved), `Some(false)` the wide one, `None` no key.
    fn key_form(self) -> Option<bool> {
        let (r, c) = (u32::from(self.rows), u32::from(self.cols));
        let n = r * c;
        if (1..=8).contains(&r) && (1..=8).contains(&c) && n <= NARROW_CELLS {
            return Some(true);
        }
        (n as usize <= PLANES_CELLS && r < 64 && c < 64).then_some(false)
    }

    /// The board as one number. A frame of at most 8 rows, 8 columns and 29 cells fits in the
    /// low 64 bits (rows and columns less one in the top six bits, the planes' bits interleaved
    /// below), so that a memo keeps it in a narrow table; one of at most 56 cells has bit 127
    /// set, its rows and columns at bits 118 and 112, the planes at bits 0 and 56; `None` for
    /// a larger frame. In both forms the rows are above the columns.
    pub fn pack(self) -> Option<u128> {
        let (r, c) = (u32::from(self.rows), u32::from(self.cols));
        if self.key_form()? {
            let bits = spread(self.planes[0]) | spread(self.planes[1]) << 1;
            return Some(u128::from(u64::from(r - 1) << 61 | u64::from(c - 1) << 58 | bits));
        }
        Some(
            1 << 127
                | u128::from(r) << 118
                | u128::from(c) << 112
                | u128::from(self.planes[1]) << 56
                | u128::from(self.planes[0]),
        )
    }

    /// The board [`Planes::pack`] made.
    pub fn unpack(key: u128) -> Planes {
        if key >> 64 == 0 {
            let k = key as u64;
            let (rows, cols) = ((k >> 61) as u8 + 1, (k >> 58 & 7) as u8 + 1);
            let bits = k & low(58);
            return Planes { rows, cols, planes: [gather(bits), gather(bits >> 1)] };
        }
        let plane = |at: u32| (key >> at) as u64 & low(PLANES_CELLS as u32);
        Planes { rows: (key >> 118 & 63) as u8, cols: (key >> 112 & 63) as u8, planes: [plane(0), plane(56)] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::grid::Grid;

    /// The least of four images compared by their planes is the one whose packed key is
    /// least, with that key, on random boards of every frame up to 8 x 8 (keys of both forms)
    /// and of long strips (the wide form), disjoint planes as the games make them.
    #[test]
    fn the_least_of_four_images_by_their_planes_has_the_least_key() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut frames: Vec<(u8, u8)> = (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        frames.extend([(2, 15), (15, 2), (3, 10), (4, 14), (2, 28), (1, 40)]);
        for (rows, cols) in frames {
            let all = low(u32::from(rows) * u32::from(cols));
            for _ in 0..300 {
                let first = next() & all;
                // Symmetric boards, whose images tie, now and then.
                let second = if next() % 4 == 0 { 0 } else { next() & all & !first };
                let p = Planes { rows, cols, planes: [first, second] };
                let r = p.image(BitGrid::flipped_rows);
                let rc = p.image(BitGrid::half_turned);
                let c = rc.image(BitGrid::flipped_rows);
                let by_keys = [p, r, c, rc].into_iter().map(|q| (q, q.pack())).min_by_key(|&(_, k)| k).unwrap();
                assert_eq!(p.least_of_four(), by_keys, "{rows} x {cols}: {first:x} {second:x}");
            }
        }
    }

    /// The grid of a bit board, `.` for a cell in play.
    fn text(b: BitGrid) -> String {
        let mut g = Grid::filled(b.rows.into(), b.cols.into(), 1);
        for r in 0..b.rows.into() {
            for c in 0..b.cols.into() {
                if b.cells & b.bit(r, c) != 0 {
                    g.set(r, c, 0);
                }
            }
        }
        g.write(&['.', '#'])
    }

    /// Each operation agrees with the byte grid's on every board of up to 3 x 4 cells, each
    /// cell in play or not, and on some 8 x 8 ones.
    #[test]
    fn bit_boards_agree_with_byte_grids() {
        let mut boards = vec![];
        for rows in 1..=3 {
            for cols in 1..=4 {
                for cells in 0..1u64 << (rows * cols) {
                    boards.push(BitGrid::new(rows, cols, cells).unwrap());
                }
            }
        }
        let mut seed = 7u64;
        for _ in 0..200 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            boards.push(BitGrid::new(8, 8, seed ^ (seed >> 17)).unwrap());
        }
        for b in boards {
            let t = text(b);
            let g = Grid::parse(&t, &['.', '#']).unwrap();
            assert_eq!(BitGrid::unpack(b.pack()), b);
            for (k, image) in [
                (1, b.flipped_rows()),
                (2, b.flipped_cols()),
                (3, b.flipped_rows().flipped_cols()),
                (4, b.transposed()),
            ] {
                assert_eq!(text(image), g.turned(k).write(&['.', '#']), "{t} image {k}");
            }
            let regions: Vec<String> = b.regions().map(|m| text(b.cropped(m))).collect();
            let expected: Vec<String> = g.regions(|c| c == 0, 1).iter().map(|r| r.write(&['.', '#'])).collect();
            let mut sorted = (regions.clone(), expected.clone());
            sorted.0.sort();
            sorted.1.sort();
            assert_eq!(sorted.0, sorted.1, "{t}");
            if b.cells != 0 {
                assert_eq!(text(b.cropped(b.cells)), g.cropped(|c| c == 0, 1).write(&['.', '#']), "{t}");
            }
            let lonely = (0..g.rows * g.cols).filter(|&i| {
                let (r, c) = (i / g.cols, i % g.cols);
                g.at(r, c) == 0 && g.neighbours(r, c).all(|(a, e)| g.at(a, e) != 0)
            });
            assert_eq!(b.cells & !b.paired().cells, lonely.fold(0, |m, i| m | 1 << i), "{t}");
            let runs: Vec<u32> = b.row_runs().collect();
            let expected: Vec<u32> = t
                .split('/')
                .flat_map(|row| row.split('#').filter(|s| !s.is_empty()).map(|s| s.len() as u32).collect::<Vec<_>>())
                .collect();
            assert_eq!(runs, expected, "{t}");
        }
    }

    /// Two planes pack and unpack to themselves in both forms, crop as each cell's pair of
    /// bits read one by one, and their least image is the least of the eight made cell by cell.
    #[test]
    fn planes_pack_crop_and_turn_cell_by_cell() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed ^ (seed >> 29)
        };
        for _ in 0..3000 {
            let (rows, cols) = (1 + next() % 8, 1 + next() % 8);
            let all = low((rows * cols) as u32);
            let (a, b) = (next() & all & next(), next() & all);
            let p = Planes { rows: rows as u8, cols: cols as u8, planes: [a, b] };
            let at = |p: Planes, r: u64, c: u64| {
                let i = r * u64::from(p.cols) + c;
                (p.planes[0] >> i & 1, p.planes[1] >> i & 1)
            };
            let Some(key) = p.pack() else {
                assert!(rows * cols > PLANES_CELLS as u64);
                continue;
            };
            assert_eq!(Planes::unpack(key), p);
            assert_eq!(key >> 64 == 0, rows * cols <= 29);
            let m = next() & p.cells();
            let cut = p.cropped(m);
            if m == 0 {
                assert_eq!((cut.rows, cut.cols), (0, 0));
                continue;
            }
            let on: Vec<(u64, u64)> =
                (0..rows * cols).filter(|i| m >> i & 1 == 1).map(|i| (i / cols, i % cols)).collect();
            let (r0, c0) = (on.iter().map(|x| x.0).min().unwrap(), on.iter().map(|x| x.1).min().unwrap());
            let (r1, c1) = (on.iter().map(|x| x.0).max().unwrap(), on.iter().map(|x| x.1).max().unwrap());
            assert_eq!((u64::from(cut.rows), u64::from(cut.cols)), (r1 - r0 + 1, c1 - c0 + 1));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let kept = if m >> (r * cols + c) & 1 == 1 { at(p, r, c) } else { (0, 0) };
                    assert_eq!(at(cut, r - r0, c - c0), kept);
                }
            }
            // The eight images, cell by cell: (r, c) goes to (r', c') of a frame R' x C'.
            let (rr, cc) = (rows, cols);
            let images: Vec<Planes> = (0..8u8)
                .map(|k| {
                    let (tr, tc) = if k >= 4 { (cc, rr) } else { (rr, cc) };
                    let mut q = Planes { rows: tr as u8, cols: tc as u8, planes: [0; 2] };
                    for r in 0..rr {
                        for c in 0..cc {
                            let (mut x, mut y) = (r, c);
                            if k & 1 == 1 {
                                x = rr - 1 - x;
                            }
                            if k & 2 == 2 {
                                y = cc - 1 - y;
                            }
                            if k >= 4 {
                                (x, y) = (y, x);
                            }
                            let (u, v) = at(p, r, c);
                            q.planes[0] |= u << (x * tc + y);
                            q.planes[1] |= v << (x * tc + y);
                        }
                    }
                    q
                })
                .collect();
            let least = |n: usize| images.iter().take(n).map(|q| q.pack().unwrap()).min().unwrap();
            assert_eq!(p.least_image(false).pack().unwrap(), least(4));
            assert_eq!(p.least_image(true).pack().unwrap(), least(8));
            assert_eq!(p.least_key(false).unwrap(), least(4));
            assert_eq!(p.least_key(true).unwrap(), least(8));
        }
    }
}
