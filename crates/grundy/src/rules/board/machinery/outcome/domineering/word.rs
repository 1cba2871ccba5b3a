//! The word Domineering's outcome search holds a board in, a bit a cell in reading order: `u64`
//! for boards of at most 64 cells, `u128` for larger ones (9 x 9, 8 x 12, 10 x 10, ...). The
//! search is written once over [`Word`], so boards of at most 64 cells keep the one-register
//! word and its speed, and larger ones pay for the wider word alone.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// The operations of a board word the search uses.
pub trait Word:
    Copy
    + Debug
    + Default
    + Ord
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No cell.
    const ZERO: Self;
    /// The first cell.
    const ONE: Self;
    /// Every bit.
    const MAX: Self;
    /// The bits of even index (0, 2, 4, ...).
    const EVEN: Self;
    /// The bits of the word.
    const BITS: u32;
    /// The most cells of a board held in the word: its bits, less those the table's key needs
    /// for the board's size beside them (a key is a `u128`, [`Word::key`]).
    const CELLS: u32;
    /// An array of as many entries as the word has bits: room for the moves of one player
    /// (a domino's place by its top or left cell), and for disjoint dominoes.
    type List<T: Copy>: AsRef<[T]> + AsMut<[T]>;

    /// A [`Word::List`] of `fill`.
    fn list<T: Copy>(fill: T) -> Self::List<T>;

    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn wrapping_neg(self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
    fn reverse_bits(self) -> Self;
    fn swap_bytes(self) -> Self;
    /// The low 32 bits (a line of a view).
    fn low_u32(self) -> u32;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// The table's key of the board `self` of `rows` x `cols` (at most [`Word::CELLS`] cells):
    /// the board and its size, exact. A `u64` board's key is the board with its size above bit
    /// 64, as before the wider word; a `u128` board's has its size at bits 112 and 120, so that
    /// no key of one is a key of the other (a `u64` key has no bit past 80).
    fn key(self, rows: u32, cols: u32) -> u128;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const MAX: u64 = u64::MAX;
    const EVEN: u64 = 0x5555_5555_5555_5555;
    const BITS: u32 = 64;
    const CELLS: u32 = 64;
    type List<T: Copy> = [T; 64];

    #[inline(always)]
    fn list<T: Copy>(fill: T) -> [T; 64] {
        [fill; 64]
    }

    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> u64 {
        u64::wrapping_neg(self)
    }
    #[inline(always)]
    fn wrapping_add(self, other: u64) -> u64 {
        u64::wrapping_add(self, other)
    }
    #[inline(always)]
    fn reverse_bits(self) -> u64 {
        u64::reverse_bits(self)
    }
    #[inline(always)]
    fn swap_bytes(self) -> u64 {
        u64::swap_bytes(self)
    }
    #[inline(always)]
    fn low_u32(self) -> u32 {
        self as u32
    }
    #[inline(always)]
    fn low_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn key(self, rows: u32, cols: u32) -> u128 {
        u128::from(self) | u128::from(rows) << 64 | u128::from(cols) << 72
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const MAX: u128 = u128::MAX;
    const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    const BITS: u32 = 128;
    const CELLS: u32 = 112;
    type List<T: Copy> = [T; 128];

    #[inline(always)]
    fn list<T: Copy>(fill: T) -> [T; 128] {
        [fill; 128]
    }

    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> u128 {
        u128::wrapping_neg(self)
    }
    #[inline(always)]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
    #[inline(always)]
    fn reverse_bits(self) -> u128 {
        u128::reverse_bits(self)
    }
    #[inline(always)]
    fn swap_bytes(self) -> u128 {
        u128::swap_bytes(self)
    }
    #[inline(always)]
    fn low_u32(self) -> u32 {
        self as u32
    }
    #[inline(always)]
    fn low_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn key(self, rows: u32, cols: u32) -> u128 {
        self | u128::from(rows) << 112 | u128::from(cols) << 120
    }
}
