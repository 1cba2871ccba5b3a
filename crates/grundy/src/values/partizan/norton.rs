//! Norton products G.U by a positive unit U (Siegel, section II.6; Lessons in Play, chapter 9;
//! `G.Up` in CGSuite): n.U is n copies of U for an integer n, and otherwise
//! G.U = {G^L.U + U + Δ | G^R.U - U - Δ}, Δ running over every incentive of U (U^L - U and
//! U - U^R). It is additive in G ((G + H).U = G.U + H.U) and builds the multiples of ↑ and the
//! uptimals.

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, IdMap};

impl GameStore {
    /// The Norton product `g.unit`; the unit must be positive (greater than 0).
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("3.^").unwrap();
    /// assert_eq!(s.text(g).unwrap(), "↑3");
    /// ```
    pub fn norton(&mut self, g: GameValue, unit: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a Norton product");
        let (g, unit) = (self.id(g)?, self.id(unit)?);
        let id = self.norton_id(g, unit)?;
        Ok(self.value(id))
    }

    /// `g.unit`, refused unless the unit is positive.
    pub(crate) fn norton_id(&mut self, g: Id, unit: Id) -> Result<Id, PartizanError> {
        if !self.le_id(0, unit)? || self.le_id(unit, 0)? {
            let name = self.short_name(unit)?;
            return Err(PartizanError::Undefined(format!(
                "the unit of a Norton product G.U must be positive, and {name} is not (the unit is the right operand)"
            )));
        }
        let (ul, ur) = self.incentives_id(unit)?;
        let mut deltas = ul;
        deltas.extend(ur);
        deltas.sort_unstable();
        deltas.dedup();
        let mut memo = IdMap::default();
        self.norton_step(g, unit, &deltas, &mut memo)
    }

    /// `g.unit` with the unit's incentives given, memoised by the subposition of `g`.
    fn norton_step(&mut self, g: Id, unit: Id, deltas: &[Id], memo: &mut IdMap<Id, Id>) -> Result<Id, PartizanError> {
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick(1)?;
        let r = match self.number_of(g) {
            Some(x) if x.is_integer() => self.integer_multiple(x, unit)?,
            _ => {
                let (gl, gr) = self.options(g)?;
                let minus_unit = self.neg_id(unit)?;
                self.deeper(|s| {
                    let mut left = Vec::with_capacity(gl.len() * deltas.len());
                    for &o in gl.iter() {
                        let p = s.norton_step(o, unit, deltas, memo)?;
                        let p = s.add_id(p, unit)?;
                        for &d in deltas {
                            left.push(s.add_id(p, d)?);
                        }
                    }
                    let mut right = Vec::with_capacity(gr.len() * deltas.len());
                    for &o in gr.iter() {
                        let p = s.norton_step(o, unit, deltas, memo)?;
                        let p = s.add_id(p, minus_unit)?;
                        for &d in deltas {
                            let minus_d = s.neg_id(d)?;
                            right.push(s.add_id(p, minus_d)?);
                        }
                    }
                    s.canonical(left, right)
                })?
            }
        };
        memo.insert(g, r);
        Ok(r)
    }

    /// n copies of `unit` (their negatives for n < 0), by doubling.
    pub(crate) fn integer_multiple(&mut self, n: Dyadic, unit: Id) -> Result<Id, PartizanError> {
        let k = n.numerator();
        let mut base = if k < 0 { self.neg_id(unit)? } else { unit };
        let mut count = k.unsigned_abs();
        let mut acc: Id = 0;
        while count > 0 {
            if count & 1 == 1 {
                acc = self.add_id(acc, base)?;
            }
            count >>= 1;
            if count > 0 {
                base = self.add_id(base, base)?;
            }
        }
        Ok(acc)
    }
}
