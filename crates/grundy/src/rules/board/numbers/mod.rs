//! Games of a few numbers, written as numbers: Wythoff's two heaps, Euclid's game, the divisor
//! game, a staircase of coins, Fibonacci Nim, a row of coins, Northcott's rows, ...

pub mod chips;
pub mod circle;
pub mod coins;
pub mod divisor;
pub mod euclid;
pub mod fibonacci;
pub mod kl;
pub mod moore;
pub mod multiplication;
pub mod northcott;
pub mod poctal;
pub mod psub;
pub mod staircase;
pub mod take_or_split;
pub mod wythoff;

/// The heaps with heap `i` left at `left` (a move that takes from one heap).
fn heap_left_at(heaps: &[u64], i: usize, left: u64) -> Vec<u64> {
    let mut next = heaps.to_vec();
    if let Some(h) = next.get_mut(i) {
        *h = left;
    }
    next
}

/// The heaps with heap `i` replaced by `parts` (a move that may split a heap, or take it whole).
fn heap_split_at(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut out = heaps.get(..i).unwrap_or_default().to_vec();
    out.extend_from_slice(parts);
    out.extend_from_slice(heaps.get(i + 1..).unwrap_or_default());
    out
}

/// The heaps sorted, the empty ones left out: neither order nor an empty heap changes a sum of
/// heaps.
fn sorted_heaps(heaps: &[u64]) -> Vec<u64> {
    let mut heaps: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    heaps.sort_unstable();
    heaps
}

/// Each heap alone, where there are two or more: heaps played side by side, a move in one.
fn heaps_alone(heaps: &[u64]) -> Option<Vec<Vec<u64>>> {
    let heaps = sorted_heaps(heaps);
    (heaps.len() > 1).then(|| heaps.iter().map(|&h| vec![h]).collect())
}

/// From a random heap on (`below(n)`: a random number below n), the first heap whose move
/// `move_in(i, heap)` finds one: a random move of a game of heaps, with no move listed.
fn random_heap_move(
    heaps: &[u64],
    below: &mut dyn FnMut(u64) -> u64,
    mut move_in: impl FnMut(usize, u64, &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>>,
) -> Option<Vec<u64>> {
    if heaps.is_empty() {
        return None;
    }
    let start = below(heaps.len() as u64) as usize;
    (0..heaps.len()).map(|k| (start + k) % heaps.len()).find_map(|i| move_in(i, heaps.get(i).copied()?, &mut *below))
}

pub use chips::Chips;
pub use circle::Circle;
pub use coins::{CoinRule, Coins, Coins2d};
pub use divisor::Divisor;
pub use euclid::Euclid;
pub use fibonacci::MultipleNim;
pub use moore::Moore;
pub use multiplication::Multiplication;
pub use staircase::Staircase;
pub use take_or_split::TakeOrSplit;
pub use wythoff::Wythoff;
