//! Nim itself: Bouton's theorem, every winning move, misère Nim, and the binary balance table.

use serde::Serialize;

/// The nim-sum (XOR) of the heaps.
///
/// ```
/// assert_eq!(grundy::nim_sum(&[7, 9, 12, 15]), 13);
/// ```
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}

/// Every winning move of normal-play Nim as (heap index, size left).
///
/// With nim-sum X != 0, heap i can be reduced to a_i xor X exactly when that is smaller than
/// a_i (seed 003: take x = a_i - (X xor a_i)); there is at most one such move per heap (seed
/// 001), and none when X = 0.
///
/// ```
/// assert_eq!(grundy::nim_winning_moves(&[7, 9, 12, 15]), vec![(1, 4), (2, 1), (3, 2)]);
/// ```
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_sum(heaps);
    if x == 0 {
        return vec![];
    }
    heaps.iter().enumerate().filter_map(|(i, &a)| (a ^ x < a).then_some((i, a ^ x))).collect()
}

/// Whether the player to move wins misère Nim (the last mover loses), by seed 001's rule: with
/// every heap at most 1 they win exactly when the number of 1-heaps is even; otherwise exactly
/// when the nim-sum is not 0.
///
/// ```
/// assert!(grundy::misere_nim_wins(&[1, 1]));
/// assert!(!grundy::misere_nim_wins(&[1, 1, 1]));
/// assert!(grundy::misere_nim_wins(&[2, 3]));
/// ```
pub fn misere_nim_wins(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        nim_sum(heaps) != 0
    }
}

/// Every winning move of misère Nim as (heap index, size left).
///
/// With two or more heaps above 1, every move leaves a heap above 1, so the winning moves are
/// Nim's. With exactly one, the only winning move reduces it to 0 or 1 so that an odd number of
/// 1-heaps remains. With none, removing any 1-heap wins when their number is even.
pub fn misere_nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    match big.as_slice() {
        [] if ones % 2 == 0 => (0..heaps.len()).filter(|&i| heaps[i] == 1).map(|i| (i, 0)).collect(),
        [] => vec![],
        [i] => vec![(*i, if ones % 2 == 1 { 0 } else { 1 })],
        _ => nim_winning_moves(heaps),
    }
}

/// The binary balance table of seed 002: a row per heap, a column per power of two, and the
/// columns with an odd number of 1s ("unbalanced") marked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BalanceTable {
    /// The column weights, highest first (…, 4, 2, 1).
    pub columns: Vec<u64>,
    /// The heap sizes, one row each.
    pub heaps: Vec<u64>,
    /// `rows[i][j]` is bit `columns[j]` of heap i.
    pub rows: Vec<Vec<u8>>,
    /// The number of 1s in each column.
    pub ones: Vec<u32>,
    /// Whether each column has an odd number of 1s.
    pub unbalanced: Vec<bool>,
    /// The XOR of the heaps: its bits are exactly the unbalanced columns.
    pub nim_sum: u64,
    /// The heaps (indices) with a 1 in the highest unbalanced column: the heaps a winning move
    /// can reduce.
    pub reducible: Vec<usize>,
}

impl BalanceTable {
    /// Builds the table for `heaps`.
    ///
    /// ```
    /// let t = grundy::BalanceTable::new(&[7, 9, 12, 15]);
    /// assert_eq!(t.columns, vec![8, 4, 2, 1]);
    /// assert_eq!(t.unbalanced, vec![true, true, false, true]);
    /// assert_eq!(t.reducible, vec![1, 2, 3]);
    /// ```
    pub fn new(heaps: &[u64]) -> Self {
        let width = heaps.iter().map(|&h| 64 - h.leading_zeros()).max().unwrap_or(0).max(1);
        let columns: Vec<u64> = (0..width).rev().map(|b| 1u64 << b).collect();
        let rows: Vec<Vec<u8>> =
            heaps.iter().map(|&h| columns.iter().map(|&c| u8::from(h & c != 0)).collect()).collect();
        let ones: Vec<u32> = (0..columns.len()).map(|j| rows.iter().map(|r| u32::from(r[j])).sum()).collect();
        let unbalanced: Vec<bool> = ones.iter().map(|o| o % 2 == 1).collect();
        let x = nim_sum(heaps);
        let reducible = match x.checked_ilog2() {
            Some(top) => (0..heaps.len()).filter(|&i| heaps[i] >> top & 1 == 1).collect(),
            None => vec![],
        };
        BalanceTable { columns, heaps: heaps.to_vec(), rows, ones, unbalanced, nim_sum: x, reducible }
    }

    /// The label of each column: its weight while that is short (8, 4, 2, 1), else 2^k, so
    /// that wide values still give a readable table.
    pub fn column_labels(&self) -> Vec<String> {
        let wide = self.columns.first().is_some_and(|&c| c > 8192);
        self.columns.iter().map(|&c| if wide { format!("2^{}", c.trailing_zeros()) } else { c.to_string() }).collect()
    }

    /// The table as text, aligned for a terminal.
    pub fn render(&self) -> String {
        let labels = self.column_labels();
        let cw = labels.iter().map(String::len).max().unwrap_or(1).max(2);
        let vw = self.heaps.iter().chain([&self.nim_sum]).map(|h| h.to_string().len()).max().unwrap_or(1).max(5);
        let label_w = 12;
        let mut out = String::new();
        let line = |label: &str, value: &str, cells: &mut dyn Iterator<Item = String>| {
            let mut s = format!("{label:<label_w$} {value:>vw$} ");
            for c in cells {
                s.push_str(&format!(" {c:>cw$}"));
            }
            s.trim_end().to_string() + "\n"
        };
        out += &line("", "value", &mut labels.iter().cloned());
        for (i, (h, row)) in self.heaps.iter().zip(&self.rows).enumerate() {
            out += &line(&format!("heap {}", i + 1), &h.to_string(), &mut row.iter().map(u8::to_string));
        }
        out += &line("1s", "", &mut self.ones.iter().map(u32::to_string));
        out += &line("unbalanced", "", &mut self.unbalanced.iter().map(|&u| if u { "^" } else { "" }.to_string()));
        out += &line(
            "nim-sum",
            &self.nim_sum.to_string(),
            &mut self.columns.iter().map(|&c| u8::from(self.nim_sum & c != 0).to_string()),
        );
        out
    }
}
