//! Chips on a strip (the problem "Georgia and Bob", POJ 1704): chips on distinct cells numbered
//! from 1; a move slides one chip left, never onto or past another chip and never below cell 1.
//!
//! This is staircase Nim in disguise. Pair the chips from the right (the last with the one
//! before it, and so on; with an odd number of chips the first pairs with the wall at cell 0).
//! The empty cells inside each pair are a Nim heap: moving a pair's right chip takes from it,
//! and moving its left chip adds to it, which the opponent can always take back by moving the
//! right chip as far, so additions never help. The cells between pairs do not matter. The
//! player to move wins exactly when the nim-sum of the pairs' gaps is not 0.

/// The chips' cells in increasing order, paired from the right: each pair's (left cell, right
/// cell), the left cell 0 for the wall.
fn pairs(sorted: &[u64]) -> Vec<(u64, u64)> {
    let mut out = vec![];
    let mut i = sorted.len();
    while i > 0 {
        let right = sorted[i - 1];
        let left = if i >= 2 { sorted[i - 2] } else { 0 };
        out.push((left, right));
        i = i.saturating_sub(2);
    }
    out
}

/// The gaps (empty cells inside each pair), the Nim heaps of the position, from the right.
///
/// ```
/// use grundy::chip_gaps;
/// // POJ 1704's second sample: pairs (14, 17), (9, 12), (6, 7), (1, 5).
/// assert_eq!(chip_gaps(&[1, 5, 6, 7, 9, 12, 14, 17]), vec![2, 2, 0, 3]);
/// ```
pub fn chip_gaps(cells: &[u64]) -> Vec<u64> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    pairs(&sorted).into_iter().map(|(l, r)| r - l - 1).collect()
}

/// Whether the player to move wins: the nim-sum of the pairs' gaps is not 0.
///
/// ```
/// use grundy::chips_win;
/// assert!(!chips_win(&[1, 2, 3])); // POJ 1704: "Bob will win"
/// assert!(chips_win(&[1, 5, 6, 7, 9, 12, 14, 17])); // "Georgia will win"
/// ```
pub fn chips_win(cells: &[u64]) -> bool {
    chip_gaps(cells).iter().fold(0, |x, g| x ^ g) != 0
}

/// Every winning move, as (chip index in `cells`, the cell it moves to): a right chip of a pair
/// closes its gap to g xor x when that is smaller; a left chip widens its pair's gap to g xor x
/// when that is larger and there is room to its left.
///
/// ```
/// use grundy::chips_winning_moves;
/// // Gaps 2, 2, 0, 3 (nim-sum 3): close the gap of (1, 5) from 3 to 0 (5 to 2), or either gap
/// // of 2 to 1 (12 to 11, 17 to 16).
/// assert_eq!(chips_winning_moves(&[1, 5, 6, 7, 9, 12, 14, 17]), vec![(1, 2), (5, 11), (7, 16)]);
/// ```
pub fn chips_winning_moves(cells: &[u64]) -> Vec<(usize, u64)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let x = chip_gaps(cells).iter().fold(0, |x, g| x ^ g);
    if x == 0 {
        return vec![];
    }
    let index_of = |cell: u64| cells.iter().position(|&c| c == cell);
    // The occupied cell just left of `cell` (0 for the wall).
    let left_of = |cell: u64| sorted.iter().copied().filter(|&c| c < cell).max().unwrap_or(0);
    let mut out = vec![];
    for (l, r) in pairs(&sorted) {
        let g = r - l - 1;
        let want = g ^ x;
        if want < g {
            // The right chip moves left by g - want.
            if let Some(i) = index_of(r) {
                out.push((i, r - (g - want)));
            }
        } else if l > 0 {
            // The left chip moves left by want - g, if the cells there are free.
            let d = want - g;
            if let Some(to) = l.checked_sub(d).filter(|&to| to > left_of(l)) {
                if let Some(i) = index_of(l) {
                    out.push((i, to));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The occupied cell just left of `cell` in `cells` (0 for the wall): a chip on `cell` may slide
/// to any cell strictly between the two.
pub(crate) fn wall_left_of(cells: &[u64], cell: u64) -> u64 {
    cells.iter().copied().filter(|&c| c < cell).max().unwrap_or(0)
}

/// A slide in words: "slide the chip on cell 5 to cell 2 (chip 2)".
pub(crate) fn describe_slide(cells: &[u64], chip: usize, to: u64) -> String {
    let from = cells.get(chip).copied().unwrap_or(0);
    format!("slide the chip on cell {from} to cell {to} (chip {})", chip + 1)
}

/// The reasoning, one sentence each, naming the problem and the reduction.
pub(crate) fn explanation(cells: &[u64]) -> Vec<String> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let shown: Vec<String> = pairs(&sorted)
        .iter()
        .map(|&(l, r)| if l == 0 { format!("wall-{r}: {}", r - 1) } else { format!("{l}-{r}: {}", r - l - 1) })
        .collect();
    vec![
        "Chips on a strip (the problem \"Georgia and Bob\") is staircase Nim: pair the chips from the right (with an odd number of chips the first pairs with the wall at cell 0); the empty cells inside each pair are a Nim heap. Moving a pair's right chip takes from its heap; moving its left chip adds to it, which the opponent can take back at once, so additions never help (Bouton's theorem then decides).".to_string(),
        format!("The pairs and their gaps, from the right: {}.", shown.join(", ")),
        format!(
            "The nim-sum of the gaps is {}: the player to move {}.",
            chip_gaps(cells).iter().fold(0, |x, g| x ^ g),
            if chips_win(cells) { "wins" } else { "loses" }
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Plain search by the definition over every slide of every chip.
    fn plain(cells: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = cells.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let w = slides(cells).iter().any(|&(i, to)| {
            let mut next = cells.to_vec();
            next[i] = to;
            !plain(&next, memo)
        });
        memo.insert(key, w);
        w
    }

    fn slides(cells: &[u64]) -> Vec<(usize, u64)> {
        let mut out = vec![];
        for (i, &c) in cells.iter().enumerate() {
            let wall = cells.iter().copied().filter(|&d| d < c).max().unwrap_or(0);
            for to in wall + 1..c {
                out.push((i, to));
            }
        }
        out
    }

    /// The Sprague-Grundy value by its definition, the mex of the options' values.
    fn plain_value(cells: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        let mut key = cells.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let options: Vec<u64> = slides(cells)
            .into_iter()
            .map(|(i, to)| {
                let mut next = cells.to_vec();
                next[i] = to;
                plain_value(&next, memo)
            })
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(key, v);
        v
    }

    #[test]
    fn the_value_is_the_nim_sum_of_the_gaps() {
        // Staircase Nim is Nim on the pairs' gaps as a game value, not only in its outcome:
        // the moves of left chips are reversible.
        let mut memo = HashMap::new();
        for mask in 1u32..(1 << 8) {
            let cells: Vec<u64> = (1..=8).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            assert_eq!(chip_gaps(&cells).iter().fold(0, |x, g| x ^ g), plain_value(&cells, &mut memo), "{cells:?}");
        }
    }

    #[test]
    fn every_small_position_agrees_with_plain_search() {
        let mut memo = HashMap::new();
        // Every set of up to four chips on cells 1..=9, in a shuffled order.
        for mask in 1u32..(1 << 9) {
            if mask.count_ones() > 4 {
                continue;
            }
            let mut cells: Vec<u64> = (1..=9).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            cells.reverse();
            assert_eq!(chips_win(&cells), plain(&cells, &mut memo), "{cells:?}");
            let mut fast = chips_winning_moves(&cells);
            let mut winning: Vec<(usize, u64)> = slides(&cells)
                .into_iter()
                .filter(|&(i, to)| {
                    let mut next = cells.clone();
                    next[i] = to;
                    !plain(&next, &mut memo)
                })
                .collect();
            fast.sort_unstable();
            winning.sort_unstable();
            assert_eq!(fast, winning, "{cells:?}");
        }
    }
}
