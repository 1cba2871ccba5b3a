//! A board of at most 64 cells as the bits of one word: the cells that are still in play
//! (empty, for a placement game), row by row, `cols` to a row. What the packed searches of the
//! boards of cells share ([`crate::rules::board::packed`]): neighbours, regions, cropping and
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

    /// The cells of column `c`.
    fn column(self, c: u32) -> u64 {
        let mut m = 0;
        for r in 0..u32::from(self.rows) {
            m |= 1u64 << (r * u32::from(self.cols) + c);
        }
        m
    }

    /// The cells of `m` moved one row down (their neighbours below), within the board.
    pub fn down(self, m: u64) -> u64 {
        (m << self.cols) & self.all()
    }

    /// The cells of `m` moved one row up.
    pub fn up(self, m: u64) -> u64 {
        m >> self.cols
    }

    /// The cells of `m` moved one column right, within their rows.
    pub fn right(self, m: u64) -> u64 {
        if self.cols == 0 {
            return 0;
        }
        ((m & !self.column(u32::from(self.cols) - 1)) << 1) & self.all()
    }

    /// The cells of `m` moved one column left, within their rows.
    pub fn left(self, m: u64) -> u64 {
        (m & !self.column(0)) >> 1
    }

    /// The cells next to a cell of `m` (up, down, left, right).
    pub fn around(self, m: u64) -> u64 {
        self.down(m) | self.up(m) | self.right(m) | self.left(m)
    }

    /// The cells in play with a neighbour in play.
    pub fn paired(self) -> BitGrid {
        BitGrid { cells: self.cells & self.around(self.cells), ..self }
    }

    /// The connected regions (orthogonal neighbours) of the cells in play, each as a mask, the
    /// region of the lowest cell first.
    pub fn regions(self) -> impl Iterator<Item = u64> {
        let mut rest = self.cells;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | self.around(region)) & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            Some(region)
        })
    }

    /// The smallest board holding the cells of `m` (the empty board when there are none).
    pub fn cropped(self, m: u64) -> BitGrid {
        if m == 0 {
            return BitGrid::EMPTY;
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
        let width = c1 - c0 + 1;
        let mut cells = 0;
        for r in r0..=r1 {
            let row = (m >> (r * cols + c0)) & low(width);
            cells |= row << ((r - r0) * width);
        }
        BitGrid { rows: (r1 - r0 + 1) as u8, cols: width as u8, cells }
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
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let mut cells = 0;
        for r in 0..rows {
            for c in 0..cols {
                if self.cells >> (r * cols + c) & 1 == 1 {
                    cells |= 1u64 << (c * rows + r);
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::grid::Grid;

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
}
