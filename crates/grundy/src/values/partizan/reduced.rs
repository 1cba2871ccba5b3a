//! Reduced canonical forms (Calistrate, "The reduced canonical form of a game", 1996; Grossman
//! and Siegel, "Reductions of partizan games", 2009; Siegel, section II.6): the simplest game
//! that differs from G by an infinitesimal. G and H have the same reduced form exactly when
//! G - H is infinitesimal, so the reduced form keeps what a player sees who ignores
//! infinitesimals.
//!
//! Grossman and Siegel show it is the star projection of G heated by *: heating by * replaces
//! each non-number subposition {G^L | G^R} by {∫G^L + * | ∫G^R + *}, and the star projection
//! then writes x for each x and x* met, canonical forms being taken throughout.

use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, IdMap, Nus};

impl GameStore {
    /// The reduced canonical form.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("{1|↑}").unwrap();
    /// let r = s.reduced(g).unwrap();
    /// assert_eq!(s.text(r).unwrap(), "{1|0}");
    /// ```
    pub fn reduced(&mut self, g: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a reduced canonical form");
        let g = self.id(g)?;
        let id = self.reduced_id(g)?;
        Ok(self.value(id))
    }

    /// The reduced canonical form of an id.
    pub(crate) fn reduced_id(&mut self, g: Id) -> Result<Id, PartizanError> {
        let heated = self.heat_by_star(g, &mut IdMap::default())?;
        self.star_projection(heated, &mut IdMap::default())
    }

    /// G heated by *: G itself if it is a number, else {∫G^L + * | ∫G^R + *}.
    fn heat_by_star(&mut self, g: Id, memo: &mut IdMap<Id, Id>) -> Result<Id, PartizanError> {
        if self.number_of(g).is_some() {
            return Ok(g);
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick(1)?;
        let (l, r) = self.options(g)?;
        let star = self.intern_nus(Nus { number: super::dyadic::Dyadic::ZERO, ups: 0, star: 1 })?;
        let out = self.deeper(|s| {
            let mut left = Vec::with_capacity(l.len());
            for &o in l.iter() {
                let h = s.heat_by_star(o, memo)?;
                left.push(s.add_id(h, star)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for &o in r.iter() {
                let h = s.heat_by_star(o, memo)?;
                right.push(s.add_id(h, star)?);
            }
            s.canonical(left, right)
        })?;
        memo.insert(g, out);
        Ok(out)
    }

    /// The star projection: x for x and x*, else {projected G^L | projected G^R}.
    fn star_projection(&mut self, g: Id, memo: &mut IdMap<Id, Id>) -> Result<Id, PartizanError> {
        if let Some(n) = self.nus_of(g) {
            if n.ups == 0 && n.star <= 1 {
                return self.intern_nus(Nus::number(n.number));
            }
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick(1)?;
        let (l, r) = self.options(g)?;
        let out = self.deeper(|s| {
            let mut left = Vec::with_capacity(l.len());
            for &o in l.iter() {
                left.push(s.star_projection(o, memo)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for &o in r.iter() {
                right.push(s.star_projection(o, memo)?);
            }
            s.canonical(left, right)
        })?;
        memo.insert(g, out);
        Ok(out)
    }
}
