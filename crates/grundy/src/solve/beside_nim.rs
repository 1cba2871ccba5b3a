//! Who wins G + *m, a partizan game G beside a nimber (the impartial games of a sum, by the
//! Sprague-Grundy theorem), without the canonical form of the sum: that form lists G + *k for
//! every k < m, so its work grows with the square of m (`nim=1000 snort=..x.` ran past 2·10^6
//! steps, and `grundy value` past two minutes), where the comparison of G with *m is a search
//! over pairs (subposition H of G, k), and past G's birthday its answers no longer change.
//!
//! By Conway's rule (ONAG, chapter 1) G + *m >= 0 iff no Right option of it is <= 0: no
//! H^R + *m <= 0 and no H + *k <= 0 for k < m; and G + *m <= 0 iff no H^L + *m >= 0 and no
//! H + *k >= 0 for k < m. The second half of each is "no k < m so far", one flag carried up m
//! for each H, so a table of H and m is filled in time linear in its size. For m at or past
//! birthday(H) + 1 a row no longer changes: true by induction on H (a game with no options
//! answers true at 0 and false after; past every option's bound the rule's first halves are
//! constant, and each of the two answers is then true at most at one more m, or at every one).

use std::collections::HashMap;

use crate::error::AnalyzeError;
use crate::values::partizan::{GameStore, GameValue};

/// For one partizan game G: whether G + *m >= 0 and whether G + *m <= 0, for every m.
pub(crate) struct BesideNim {
    /// The m past which the answers do not change (G's birthday + 1).
    cap: u64,
    /// G + *m >= 0, for m = 0..=cap.
    ge: Vec<bool>,
    /// G + *m <= 0, for m = 0..=cap.
    le: Vec<bool>,
}

impl BesideNim {
    /// The table of `g` (a canonical form of `store`), refused before the work when its
    /// subpositions times its birthday pass `budget` cells.
    pub(crate) fn of(store: &mut GameStore, g: GameValue, budget: u64) -> Result<BesideNim, AnalyzeError> {
        let cap = store.birthday(g)?.saturating_add(1);
        // Every subposition once, options before the games they are options of.
        let mut index: HashMap<GameValue, usize> = HashMap::new();
        let mut order: Vec<(GameValue, Vec<GameValue>, Vec<GameValue>)> = vec![];
        let mut stack = vec![(g, false)];
        let refuse = |positions: usize| {
            AnalyzeError::Unsupported(format!(
                "who wins the partizan games beside the nimber of the impartial ones is found by a search of their positions ({positions} or more) times their birthday + 1 ({cap}), past the budget of {budget}; --budget raises it"
            ))
        };
        while let Some((h, expanded)) = stack.pop() {
            if index.contains_key(&h) {
                continue;
            }
            if expanded {
                let (l, r) = (store.left_options(h)?, store.right_options(h)?);
                index.insert(h, order.len());
                order.push((h, l, r));
                if (order.len() as u128) * u128::from(cap + 1) > u128::from(budget) {
                    return Err(refuse(order.len()));
                }
                continue;
            }
            stack.push((h, true));
            let (l, r) = (store.left_options(h)?, store.right_options(h)?);
            stack.extend(l.into_iter().chain(r).filter(|o| !index.contains_key(o)).map(|o| (o, false)));
        }
        let width = usize::try_from(cap + 1).map_err(|_| refuse(order.len()))?;
        let mut ge = vec![false; order.len() * width];
        let mut le = vec![false; order.len() * width];
        for (at, (_, lefts, rights)) in order.iter().enumerate() {
            let rights: Vec<usize> = rights.iter().filter_map(|o| index.get(o).copied()).collect();
            let lefts: Vec<usize> = lefts.iter().filter_map(|o| index.get(o).copied()).collect();
            let (mut some_ge, mut some_le) = (false, false);
            for m in 0..width {
                let no_right_le = rights.iter().all(|&r| !le[r * width + m]);
                let no_left_ge = lefts.iter().all(|&l| !ge[l * width + m]);
                let (is_ge, is_le) = (no_right_le && !some_le, no_left_ge && !some_ge);
                ge[at * width + m] = is_ge;
                le[at * width + m] = is_le;
                some_ge |= is_ge;
                some_le |= is_le;
            }
            crate::stop::check().map_err(AnalyzeError::from)?;
        }
        let root = index.get(&g).copied().unwrap_or(0) * width;
        Ok(BesideNim { cap, ge: ge[root..root + width].to_vec(), le: le[root..root + width].to_vec() })
    }

    /// Whether G + *m >= 0 (Left wins when Right starts).
    pub(crate) fn ge(&self, m: u64) -> bool {
        self.ge[usize::try_from(m.min(self.cap)).unwrap_or(0)]
    }

    /// Whether G + *m <= 0 (Right wins when Left starts).
    pub(crate) fn le(&self, m: u64) -> bool {
        self.le[usize::try_from(m.min(self.cap)).unwrap_or(0)]
    }

    /// The m past which the answers do not change.
    pub(crate) fn cap(&self) -> u64 {
        self.cap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table agrees with the canonical sum G + *m compared with 0, for games of every kind
    /// (numbers, switches, infinitesimals, nimbers, hot games holding nimbers) and m up to
    /// three times past the cap.
    #[test]
    fn agrees_with_the_canonical_sum() {
        let mut store = GameStore::new();
        for text in [
            "0",
            "*",
            "*3",
            "1",
            "-1/2",
            "↑",
            "↑*",
            "{2|1}",
            "{1|*}",
            "{0,*|0}",
            "±1",
            "{*2|*}",
            "{3|*5}",
            "{↑|↓*}",
            "{1|{0|-1}}",
            "{*|*2,1}",
        ] {
            let g = store.parse(text).unwrap();
            let table = BesideNim::of(&mut store, g, 1 << 20).unwrap();
            let zero = store.integer(0).unwrap();
            for m in 0..3 * table.cap() + 4 {
                let star = store.nimber(m).unwrap();
                let sum = store.sum(g, star).unwrap();
                assert_eq!(table.ge(m), store.ge(sum, zero).unwrap(), "{text} + *{m} >= 0");
                assert_eq!(table.le(m), store.le(sum, zero).unwrap(), "{text} + *{m} <= 0");
            }
        }
    }

    /// A table past the budget is refused before it is filled, naming what it would take.
    #[test]
    fn a_table_past_the_budget_is_refused() {
        let mut store = GameStore::new();
        let g = store.parse("{2|1}").unwrap();
        let e = BesideNim::of(&mut store, g, 3).err().unwrap().to_string();
        assert!(e.contains("--budget"), "{e}");
    }
}
