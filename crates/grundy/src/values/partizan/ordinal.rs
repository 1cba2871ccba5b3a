//! Ordinal sums G:H (Siegel, section II.6; Winning Ways, chapter 8): H played on top of G, where
//! a move in G ends H. G:H = {G^L, G:H^L | G^R, G:H^R}. Its value depends on the form of the base
//! G, so the base is taken in canonical form; Hackenbush strings and sprigs are ordinal sums
//! (a green stalk of a blue edge is 1:*).

use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, IdMap};

impl GameStore {
    /// The ordinal sum `base:over` of the canonical forms.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("1:-1").unwrap();
    /// assert_eq!(s.text(g).unwrap(), "1/2");
    /// ```
    pub fn ordinal_sum(&mut self, base: GameValue, over: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("an ordinal sum");
        let (base, over) = (self.id(base)?, self.id(over)?);
        let id = self.ordinal_sum_id(base, over, &mut IdMap::default())?;
        Ok(self.value(id))
    }

    /// `base:over`, memoised in `memo` by the subposition of `over`.
    pub(crate) fn ordinal_sum_id(&mut self, base: Id, over: Id, memo: &mut IdMap<Id, Id>) -> Result<Id, PartizanError> {
        if over == 0 {
            return Ok(base);
        }
        if let Some(&r) = memo.get(&over) {
            return Ok(r);
        }
        self.tick(1)?;
        let (bl, br) = self.options(base)?;
        let (hl, hr) = self.options(over)?;
        let r = self.deeper(|s| {
            let mut left: Vec<Id> = bl.to_vec();
            for &o in hl.iter() {
                left.push(s.ordinal_sum_id(base, o, memo)?);
            }
            let mut right: Vec<Id> = br.to_vec();
            for &o in hr.iter() {
                right.push(s.ordinal_sum_id(base, o, memo)?);
            }
            s.canonical(left, right)
        })?;
        memo.insert(over, r);
        Ok(r)
    }
}
