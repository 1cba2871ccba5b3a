//! Atomic weights of all-small games (Siegel, Combinatorial Game Theory, section II.7; Lessons in
//! Play, chapter 9): how many ↑ a game is worth, up to what is infinitesimal next to ↑. The
//! two-ahead rule reads the winner from it: a game of atomic weight 2 or more is positive (Left
//! wins), one of -2 or less is negative.
//!
//! Siegel's atomic weight calculus builds it from the options' weights: with
//! G'' = {aw(G^L) - 2 | aw(G^R) + 2}, aw(G) = G'' unless G'' is an integer; then, compared with a
//! far (remote) star ☆, a game G < ☆ has for weight the largest over its Left options of the
//! least integer n with n ⧐ aw(G^L) - 2, a game G > ☆ the least over its Right options of the
//! greatest integer n with n ⧏ aw(G^R) + 2, and any other G has G''. A game that is not
//! all-small has no atomic weight, and is refused.

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, Nus};

impl GameStore {
    /// The atomic weight of an all-small game, refused for a game that is not all-small.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("↑3*").unwrap();
    /// let w = s.atomic_weight(g).unwrap();
    /// assert_eq!(s.text(w).unwrap(), "3");
    /// ```
    pub fn atomic_weight(&mut self, g: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("an atomic weight");
        let g = self.id(g)?;
        let id = self.atomic_weight_id(g)?;
        Ok(self.value(id))
    }

    /// The atomic weight of an id, refused unless it is all-small.
    pub(crate) fn atomic_weight_id(&mut self, g: Id) -> Result<Id, PartizanError> {
        if !self.is_all_small_id(g)? {
            let name = self.short_name(g)?;
            return Err(PartizanError::Undefined(format!(
                "{name} is not all-small (a subposition where only one player can move, a number other than 0), \
                 so it has no atomic weight"
            )));
        }
        self.weigh(g)
    }

    /// A far star for `g`: *N with N a power of two past the birthday of `g`, so that no nimber
    /// in `g`'s subpositions, nor the sum of any of them, reaches it.
    pub(crate) fn far_star(&mut self, g: Id) -> Result<Id, PartizanError> {
        let day = self.birthday_of(g);
        let n = day
            .checked_add(1)
            .and_then(u64::checked_next_power_of_two)
            .ok_or_else(|| PartizanError::Overflow(format!("a far star past a game born on day {day}")))?;
        self.intern_nus(Nus { number: Dyadic::ZERO, ups: 0, star: n })
    }

    /// The atomic weight calculus on an all-small id, memoised in the store.
    fn weigh(&mut self, g: Id) -> Result<Id, PartizanError> {
        if let Some(&w) = self.aw_memo.get(&g) {
            return Ok(w);
        }
        self.tick(1)?;
        let w = if let Some(n) = self.nus_of(g) {
            // n·↑ + *m weighs n (n·↑ = n.↑, and a nimber weighs 0).
            self.intern_nus(Nus::number(Dyadic::integer(n.ups)))?
        } else {
            let (l, r) = self.options(g)?;
            let two = self.intern_nus(Nus::number(Dyadic::integer(2)))?;
            let minus_two = self.intern_nus(Nus::number(Dyadic::integer(-2)))?;
            self.deeper(|s| {
                let mut left = Vec::with_capacity(l.len());
                for &o in l.iter() {
                    let w = s.weigh(o)?;
                    left.push(s.add_id(w, minus_two)?);
                }
                let mut right = Vec::with_capacity(r.len());
                for &o in r.iter() {
                    let w = s.weigh(o)?;
                    right.push(s.add_id(w, two)?);
                }
                let candidate = s.canonical(left.clone(), right.clone())?;
                if !s.number_of(candidate).is_some_and(Dyadic::is_integer) {
                    return Ok(candidate);
                }
                let star = s.far_star(g)?;
                match (s.le_id(g, star)?, s.le_id(star, g)?) {
                    (true, false) => {
                        let mut best: Option<i64> = None;
                        for &o in &left {
                            let n = s.least_integer_not_below(o)?;
                            best = Some(best.map_or(n, |b| b.max(n)));
                        }
                        s.intern_nus(Nus::number(Dyadic::integer(best.unwrap_or(0))))
                    }
                    (false, true) => {
                        let mut best: Option<i64> = None;
                        for &o in &right {
                            let n = s.greatest_integer_not_above(o)?;
                            best = Some(best.map_or(n, |b| b.min(n)));
                        }
                        s.intern_nus(Nus::number(Dyadic::integer(best.unwrap_or(0))))
                    }
                    _ => Ok(candidate),
                }
            })?
        };
        self.aw_memo.insert(g, w);
        Ok(w)
    }

    /// The least integer n with n ⧐ h (n not <= h): the ceiling of h's Right stop, or one more
    /// when that integer is still <= h (an integer below the Right stop is below h, one above
    /// it is not <= h).
    fn least_integer_not_below(&mut self, h: Id) -> Result<i64, PartizanError> {
        let (_, right_stop) = self.stops_id(h)?;
        let c = ceiling(right_stop);
        let c_id = self.intern_nus(Nus::number(Dyadic::integer(c)))?;
        if self.le_id(c_id, h)? {
            c.checked_add(1).ok_or_else(|| PartizanError::Overflow("an atomic weight past 2^63 - 1".into()))
        } else {
            Ok(c)
        }
    }

    /// The greatest integer n with n ⧏ h (n not >= h), mirroring
    /// [`GameStore::least_integer_not_below`] with h's Left stop.
    fn greatest_integer_not_above(&mut self, h: Id) -> Result<i64, PartizanError> {
        let (left_stop, _) = self.stops_id(h)?;
        let f = floor(left_stop);
        let f_id = self.intern_nus(Nus::number(Dyadic::integer(f)))?;
        if self.le_id(h, f_id)? {
            f.checked_sub(1).ok_or_else(|| PartizanError::Overflow("an atomic weight past -2^63".into()))
        } else {
            Ok(f)
        }
    }
}

/// The greatest integer <= x.
fn floor(x: Dyadic) -> i64 {
    x.numerator() >> x.exponent()
}

/// The least integer >= x.
fn ceiling(x: Dyadic) -> i64 {
    let f = floor(x);
    if x.is_integer() {
        f
    } else {
        f + 1
    }
}
