//! Incentives (Lessons in Play, chapter 6; Siegel, section II.5): what a move is worth to the
//! player who makes it. Left's incentive for moving to G^L is G^L - G, Right's for moving to G^R
//! is G - G^R; both are better the larger they are, so the dominant incentives (those no other
//! is larger than) show the moves that matter most.

use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id};

/// The incentives of a game's canonical options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incentives {
    /// G^L - G for each canonical Left option G^L, in the order a canonical form names its
    /// options (birthday, then name).
    pub left: Vec<GameValue>,
    /// G - G^R for each canonical Right option G^R, in the same order.
    pub right: Vec<GameValue>,
    /// The incentives of either side that no other incentive exceeds, each once, in the same
    /// order.
    pub dominant: Vec<GameValue>,
}

impl GameStore {
    /// Left's and Right's incentives, and the dominant ones, each list in the order a canonical
    /// form names its options (birthday, then name), however the game was built.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("{2|-1}").unwrap();
    /// let i = s.incentives(g).unwrap();
    /// assert_eq!(s.text(i.left[0]).unwrap(), "{3|0}");
    /// ```
    pub fn incentives(&mut self, g: GameValue) -> Result<Incentives, PartizanError> {
        self.begin("the incentives");
        let g = self.id(g)?;
        let (left, right) = self.incentives_id(g)?;
        let mut all: Vec<Id> = left.iter().chain(right.iter()).copied().collect();
        all.sort_unstable();
        all.dedup();
        let mut dominant = Vec::with_capacity(all.len());
        for &a in &all {
            let mut exceeded = false;
            for &b in &all {
                if a != b && self.le_id(a, b)? {
                    exceeded = true;
                    break;
                }
            }
            if !exceeded {
                dominant.push(a);
            }
        }
        // Each list in the order a canonical form names its options: the options' own order
        // (and the store's) follows how the game was built (`*7` and `*3 + *4`).
        let (left, right, dominant) =
            (self.in_name_order(left)?, self.in_name_order(right)?, self.in_name_order(dominant)?);
        let value = |s: &Self, ids: Vec<Id>| ids.into_iter().map(|i| s.value(i)).collect::<Vec<_>>();
        Ok(Incentives { left: value(self, left), right: value(self, right), dominant: value(self, dominant) })
    }

    /// The Left incentives G^L - G and the Right incentives G - G^R of an id.
    pub(crate) fn incentives_id(&mut self, g: Id) -> Result<(Vec<Id>, Vec<Id>), PartizanError> {
        let (l, r) = self.options(g)?;
        let minus_g = self.neg_id(g)?;
        let mut left = Vec::with_capacity(l.len());
        for &o in l.iter() {
            left.push(self.add_id(o, minus_g)?);
        }
        let mut right = Vec::with_capacity(r.len());
        for &o in r.iter() {
            let minus_o = self.neg_id(o)?;
            right.push(self.add_id(g, minus_o)?);
        }
        Ok((left, right))
    }
}
