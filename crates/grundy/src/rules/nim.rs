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
/// a_i (Bouton's theorem: take x = a_i - (X xor a_i)); there is at most one such move per heap,
/// and none when X = 0.
///
/// ```
/// assert_eq!(grundy::frontend::nim_winning_moves(&[7, 9, 12, 15]), vec![(1, 4), (2, 1), (3, 2)]);
/// ```
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_sum(heaps);
    if x == 0 {
        return vec![];
    }
    heaps.iter().enumerate().filter_map(|(i, &a)| (a ^ x < a).then_some((i, a ^ x))).collect()
}

/// Whether the player to move wins misère Nim (the last mover loses), by Bouton's rule for misère play: with
/// every heap at most 1 they win exactly when the number of 1-heaps is even; otherwise exactly
/// when the nim-sum is not 0.
///
/// ```
/// assert!(grundy::frontend::misere_nim_wins(&[1, 1]));
/// assert!(!grundy::frontend::misere_nim_wins(&[1, 1, 1]));
/// assert!(grundy::frontend::misere_nim_wins(&[2, 3]));
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

/// The binary balance table of Bouton's theorem: a row per heap, a column per power of two, and the
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
    /// let t = grundy::frontend::BalanceTable::new(&[7, 9, 12, 15]);
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

    /// The name of each column, by [`column_name`]: `8 4 2 1`, `2^11 1024 ... 1`.
    pub fn column_labels(&self) -> Vec<String> {
        self.columns.iter().map(|&c| column_name(c)).collect()
    }

    /// The table as text, aligned for a terminal, no line longer than [`RENDER_WIDTH`].
    ///
    /// A table too wide for that is split into blocks of columns, each a whole number of bits
    /// aligned on a power of two (`bits 63..56`, ..., `bits 7..0`), each with its own header,
    /// rows, 1s, marks and nim-sum.
    ///
    /// ```
    /// let t = grundy::frontend::BalanceTable::new(&[5, 3]);
    /// assert_eq!(t.render(), "             value   4  2  1\nheap 1           5   1  0  1\nheap 2           3   0  1  1\n1s                   1  1  2\nunbalanced           ^  ^\nnim-sum          6   1  1  0\n");
    /// ```
    pub fn render(&self) -> String {
        let mut out = String::new();
        for line in self.render_lines() {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The lines of [`BalanceTable::render`], without their newlines: what an explanation
    /// holds, one line each, built without the whole text in between.
    ///
    /// ```
    /// let t = grundy::frontend::BalanceTable::new(&[5, 3]);
    /// assert_eq!(t.render_lines().concat().len() + t.render_lines().len(), t.render().len());
    /// ```
    pub fn render_lines(&self) -> Vec<String> {
        let labels = self.column_labels();
        let ones: Vec<String> = self.ones.iter().map(u32::to_string).collect();
        let cw = labels.iter().chain(&ones).map(String::len).max().unwrap_or(1).max(2);
        let vw = self.heaps.iter().chain([&self.nim_sum]).map(|h| h.to_string().len()).max().unwrap_or(1).max(5);
        let n = self.columns.len();
        // Wide enough for "unbalanced", "bits 63..56" and every heap's label.
        let label_w = format!("heap {}", self.heaps.len()).len().max(12);
        let prefix = label_w + 1 + vw + 1;
        let fits = |columns: usize| prefix + columns * (cw + 1) <= RENDER_WIDTH;
        // Columns per block: all of them when they fit, else the most bits (a power of two, at
        // least 4) that fit, so that blocks end on byte or nibble boundaries.
        let block = if fits(n) {
            n
        } else {
            let mut b = 4;
            while b * 2 < n && fits(b * 2) {
                b *= 2;
            }
            b
        };
        // Each line is written straight into the table, padded by hand: this runs for every
        // Nim position `grundy batch` answers, where a formatted string per cell cost half the
        // time of a whole answer.
        let width = prefix + n.min(block) * (cw + 1);
        let line = |out: &mut Vec<String>, label: &str, value: &str, cells: &mut dyn Iterator<Item = &str>| {
            let mut text = String::with_capacity(width);
            text.push_str(label);
            push_spaces(&mut text, label_w.saturating_sub(label.chars().count()) + 1);
            push_spaces(&mut text, vw.saturating_sub(value.len()));
            text.push_str(value);
            text.push(' ');
            for c in cells {
                push_spaces(&mut text, 1 + cw.saturating_sub(c.len()));
                text.push_str(c);
            }
            let kept = text.trim_end().len();
            text.truncate(kept);
            out.push(text);
        };
        let nim_sum_bits: Vec<&str> =
            self.columns.iter().map(|&c| if self.nim_sum & c != 0 { "1" } else { "0" }).collect();
        let marks: Vec<&str> = self.unbalanced.iter().map(|&u| if u { "^" } else { "" }).collect();
        let bits: Vec<Vec<&str>> =
            self.rows.iter().map(|r| r.iter().map(|&b| if b == 1 { "1" } else { "0" }).collect()).collect();
        let mut out = Vec::with_capacity(self.heaps.len() + 4);
        // Column j is bit n - 1 - j; a block holds the bits top down to bottom.
        let mut top = n;
        while top > 0 {
            let bottom = if block >= n { 0 } else { (top - 1) / block * block };
            let cols = n - top..n - bottom;
            let zero =
                |cols: &std::ops::Range<usize>| self.ones.get(cols.clone()).unwrap_or_default().iter().all(|&o| o == 0);
            if block < n && zero(&cols) {
                // Blocks of columns where every row is 0 say so in one line, together.
                let mut low = bottom;
                while low > 0 && zero(&(n - low..n - low + block.min(low))) {
                    low = low.saturating_sub(block);
                }
                let title = format!("bits {}..{low}", top - 1);
                let (first, last) = (column_name(1 << (top - 1)), column_name(1 << low));
                out.push(format!("{title:<label_w$} {:>vw$}   columns {first} to {last}: 0 in every row", ""));
                top = low;
                continue;
            }
            let title = if block >= n { String::new() } else { format!("bits {}..{}", top - 1, bottom) };
            let cells = |v: &[&'static str]| v.get(cols.clone()).unwrap_or_default().to_vec();
            let header = labels.get(cols.clone()).unwrap_or_default();
            line(&mut out, &title, "value", &mut header.iter().map(String::as_str));
            for (i, (h, row)) in self.heaps.iter().zip(&bits).enumerate() {
                line(&mut out, &format!("heap {}", i + 1), &h.to_string(), &mut cells(row).into_iter());
            }
            let counts = ones.get(cols.clone()).unwrap_or_default();
            line(&mut out, "1s", "", &mut counts.iter().map(String::as_str));
            line(&mut out, "unbalanced", "", &mut cells(&marks).into_iter());
            line(&mut out, "nim-sum", &self.nim_sum.to_string(), &mut cells(&nim_sum_bits).into_iter());
            top = bottom;
        }
        out
    }
}

/// Appends `n` spaces.
fn push_spaces(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut left = n;
    while left > 0 {
        let k = left.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        left -= k;
    }
}

/// The words of the binary balance table of Bouton's theorem, as a game names its rows: what
/// a front end titles the table and its rows (the page's panel, through
/// `grundy::game::facts::GameFacts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BalanceWords {
    /// The table's title, e.g. "Binary balance table of the heap values".
    pub title: &'static str,
    /// The rows together: "heaps", "exponents", "heap values".
    pub rows: &'static str,
    /// One row, before its number: "heap", "exponent".
    pub row: &'static str,
    /// What a winning move does to a row: `take` (the row is a heap: take the difference),
    /// `lower` (lower the row by the difference), or `value` (a move to the value that wins,
    /// which may be larger).
    pub moves: &'static str,
}

/// What a game calls the values its answer is the nim-sum of, and the words of their balance
/// table: each game's own, from its rules ([`crate::rules::HeapRule::value_words`],
/// [`crate::rules::board::Theory::value_words`]), so that no table lists games by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueWords {
    /// The values' name, e.g. "Heap values", "Prime exponents".
    pub label: &'static str,
    /// The words of their balance table.
    pub balance: BalanceWords,
}

impl ValueWords {
    /// The words of most games: rows of Sprague-Grundy values of heaps, where a move may also
    /// raise a value.
    pub const HEAP_VALUES: ValueWords = ValueWords {
        label: "Heap values",
        balance: BalanceWords {
            title: "Binary balance table of the heap values",
            rows: "heap values",
            row: "heap",
            moves: "value",
        },
    };
}

/// The most characters a line of [`BalanceTable::render`] takes, so that with the two spaces a
/// front end indents it by it stays within 100.
pub const RENDER_WIDTH: usize = 96;

/// The largest column weight written as a plain number; columns above it are named by their bit.
pub const PLAIN_COLUMN_MAX: u64 = 1024;

/// How a column of weight `c` (a power of two) is named, in the table's header and in the
/// sentences alike: its weight up to [`PLAIN_COLUMN_MAX`] (2^10 = 1024), else `2^k`.
///
/// ```
/// assert_eq!(grundy::rules::nim::column_name(8), "8");
/// assert_eq!(grundy::rules::nim::column_name(1024), "1024");
/// assert_eq!(grundy::rules::nim::column_name(2048), "2^11");
/// assert_eq!(grundy::rules::nim::column_name(1 << 38), "2^38");
/// ```
pub fn column_name(c: u64) -> String {
    if c <= PLAIN_COLUMN_MAX {
        c.to_string()
    } else {
        format!("2^{}", c.trailing_zeros())
    }
}

/// Sentences that read a balance table of values: why the position is won or lost, and where
/// the winning moves come from.
///
/// `nim_moves` says that every move lowers one row (Nim heaps, exponents), so a winning move must
/// lower a row with a 1 in the highest unbalanced column; with Sprague-Grundy values a move can
/// also raise a value, and that sentence would be false.
pub fn balance_sentences(t: &BalanceTable, subject: &str, nim_moves: bool) -> Vec<String> {
    let odd: Vec<String> =
        t.columns.iter().zip(&t.unbalanced).filter(|(_, &u)| u).map(|(&c, _)| column_name(c)).collect();
    if odd.is_empty() {
        return vec![format!(
            "Every column has an even number of 1s: the {subject} are balanced (XOR 0). Any move changes one of them and unbalances a column, and the opponent can always balance again, so the player to move loses with best play."
        )];
    }
    let heaps: Vec<String> = t.reducible.iter().map(|i| (i + 1).to_string()).collect();
    let columns = match odd.split_last() {
        Some((last, [])) => format!("Column {last} has"),
        Some((last, rest)) => format!("Columns {} and {last} have", rest.join(", ")),
        None => String::new(),
    };
    let mut out = vec![format!(
        "{columns} an odd number of 1s: the {subject} are unbalanced (XOR {} is not 0), so the player to move wins by balancing them again.",
        t.nim_sum
    )];
    if nim_moves {
        out.push(format!(
            "A balancing move must change a row with a 1 in the highest unbalanced column ({}): heap{} {}. It turns that row r into r xor {}, which flips exactly the unbalanced columns and is smaller than r.",
            odd[0],
            if heaps.len() == 1 { "" } else { "s" },
            heaps.join(", "),
            t.nim_sum
        ));
    }
    out
}

/// The reasoning of misère Nim (Bouton's rule for misère play) on `heaps`, each called a
/// `noun` ("heap", "exponent"): the rule, the balance table when some heap is larger than 1,
/// and where the winning moves come from.
pub fn misere_nim_explanation(heaps: &[u64], noun: &str) -> Vec<String> {
    let wins = misere_nim_wins(heaps);
    let mut out = vec![];
    let small = heaps.iter().all(|&h| h <= 1);
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let e = &mut out;
    e.push(format!(
        "Misère Nim (Bouton's rule for misère play): the last player to move loses. When every {noun} is at most 1, the player to move wins exactly when the number of 1s is even; when some {noun} is larger than 1, exactly when the nim-sum is not 0."
    ));
    let table = BalanceTable::new(heaps);
    if small {
        e.push(format!(
            "Here every {noun} is at most 1 and there are {ones} of size 1 ({}): the player to move {}.",
            if ones % 2 == 0 { "even" } else { "odd" },
            if wins { "wins" } else { "loses" }
        ));
    } else {
        e.extend(table.render_lines());
        e.push(format!(
            "Here some {noun} is larger than 1 and the nim-sum is {}: the player to move {}.",
            table.nim_sum,
            if wins { "wins" } else { "loses" }
        ));
        if heaps.iter().filter(|&&h| h > 1).count() == 1 && wins {
            e.push(format!(
                "Only one {noun} is larger than 1: the winning move reduces it to 0 or 1 so that an odd number of 1s is left for the opponent."
            ));
        } else if wins {
            e.extend(balance_sentences(&table, &format!("{noun}s"), true));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line fits, and reading the blocks back gives every heap's bits in every column.
    #[test]
    fn wide_tables_fit_and_keep_every_bit() {
        let cases: [&[u64]; 5] = [
            &[u64::MAX, 12_345_678_901_234_567],
            &[1 << 38, 5],
            &[(1 << 20) - 1, 3, 1 << 19],
            &[1, 2, 3],
            &[u64::MAX; 120],
        ];
        for heaps in cases {
            let t = BalanceTable::new(heaps);
            let text = t.render();
            let mut seen = vec![vec![None; t.columns.len()]; heaps.len()];
            let mut header: Vec<u32> = vec![];
            for l in text.lines() {
                assert!(l.len() <= RENDER_WIDTH, "{} characters: {l}", l.len());
                let words: Vec<&str> = l.split_whitespace().collect();
                if let Some(at) = words.iter().position(|&w| w == "value") {
                    let bit = |w: &str| {
                        w.strip_prefix("2^")
                            .map_or_else(|| w.parse::<u64>().unwrap().trailing_zeros(), |k| k.parse().unwrap())
                    };
                    header = words[at + 1..].iter().map(|w| bit(w)).collect();
                } else if let Some(i) =
                    l.strip_prefix("heap ").and_then(|r| r.split(' ').next()).map(|i| i.parse::<usize>().unwrap() - 1)
                {
                    let cells = &words[3..];
                    assert_eq!(cells.len(), header.len(), "{l}");
                    for (&b, c) in header.iter().zip(cells) {
                        seen[i][t.columns.len() - 1 - b as usize] = Some(*c == "1");
                    }
                } else if l.contains("0 in every row") {
                    let (hi, lo) = words[1].split_once("..").unwrap();
                    for b in lo.parse::<usize>().unwrap()..=hi.parse().unwrap() {
                        for row in seen.iter_mut() {
                            row[t.columns.len() - 1 - b] = Some(false);
                        }
                    }
                }
            }
            for (i, &h) in heaps.iter().enumerate() {
                for (j, &c) in t.columns.iter().enumerate() {
                    assert_eq!(seen[i][j], Some(h & c != 0), "heap {i} column {c}:\n{text}");
                }
            }
        }
    }
}
