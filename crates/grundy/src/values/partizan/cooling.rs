//! Cooling, heating, overheating and freezing (Siegel, Combinatorial Game Theory, sections
//! II.5 and II.6; Winning Ways, chapter 6; Berlekamp, "The economist's view of combinatorial
//! games"), as CGSuite computes them:
//!
//! - G cooled by t (`G_t`, t > -1): an integer is itself; otherwise
//!   G_t = {G^L_t - t | G^R_t + t}, unless that is infinitesimally close to a number x for some
//!   smaller t' (the least such t' is G's temperature, Siegel's theorem), then the number x,
//!   G's mean. So G_t is G's mean for every t past its temperature, and the recursion below it.
//! - G heated by t (`∫^t G`): G if G is a number, else {∫^t G^L + t | ∫^t G^R - t}, over the
//!   canonical form's options (heating depends on the form, as CGSuite takes it).
//! - G overheated from s to t (`∫_s^t G`): n copies of s (n·s) if G is the integer n, else
//!   {∫_s^t G^L + t | ∫_s^t G^R - t}.
//! - G frozen: G cooled by its temperature, infinitesimally close to its mean; a number's
//!   frozen value is itself, as CGSuite answers (cooling m/2^k by its own temperature -1/2^k
//!   would give m/2^k + *).

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, IdMap, Nus};

impl GameStore {
    /// G cooled by `t` (Siegel's G_t), for t > -1.
    ///
    /// ```
    /// use grundy::values::partizan::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3|-1}").unwrap();
    /// let cooled = s.cool(g, Dyadic::integer(1)).unwrap();
    /// assert_eq!(s.text(cooled).unwrap(), "{2|0}");
    /// ```
    pub fn cool(&mut self, g: GameValue, t: Dyadic) -> Result<GameValue, PartizanError> {
        self.begin("cooling");
        let g = self.id(g)?;
        let id = self.cool_id(g, t)?;
        Ok(self.value(id))
    }

    /// G heated by `t` (∫^t G); `t` may be any game.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let (star, one) = (s.parse("*").unwrap(), s.parse("1").unwrap());
    /// let heated = s.heat(star, one).unwrap();
    /// assert_eq!(s.text(heated).unwrap(), "±1");
    /// ```
    pub fn heat(&mut self, g: GameValue, t: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("heating");
        let (g, t) = (self.id(g)?, self.id(t)?);
        let id = self.heat_id(g, t)?;
        Ok(self.value(id))
    }

    /// G overheated from `s` to `t` (∫_s^t G); `s` and `t` may be any games.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let (g, one) = (s.parse("1/2").unwrap(), s.parse("1").unwrap());
    /// let hot = s.overheat(g, one, one).unwrap();
    /// assert_eq!(s.text(hot).unwrap(), "{1|0}");
    /// ```
    pub fn overheat(&mut self, g: GameValue, s: GameValue, t: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("overheating");
        let (g, s, t) = (self.id(g)?, self.id(s)?, self.id(t)?);
        let id = self.overheat_id(g, s, t)?;
        Ok(self.value(id))
    }

    /// G's frozen value: G cooled by its temperature (a number's is itself).
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3|-1}").unwrap();
    /// let frozen = s.freeze(g).unwrap();
    /// assert_eq!(s.text(frozen).unwrap(), "1*");
    /// ```
    pub fn freeze(&mut self, g: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("freezing");
        let g = self.id(g)?;
        let id = self.freeze_id(g)?;
        Ok(self.value(id))
    }

    /// G_t of an id, refused for t <= -1, where the walls of a thermograph start.
    pub(crate) fn cool_id(&mut self, g: Id, t: Dyadic) -> Result<Id, PartizanError> {
        if t <= Dyadic::MINUS_ONE {
            return Err(PartizanError::Undefined(format!(
                "cool(G, t) is defined for t > -1 (Siegel, section II.5), and t is {t}"
            )));
        }
        let t_id = self.intern_nus(Nus::number(t))?;
        let minus_t = self.neg_id(t_id)?;
        self.cool_step(g, t, (t_id, minus_t), &mut IdMap::default())
    }

    /// G_t, memoised by the subposition; `ts` is (t, -t) as games.
    fn cool_step(&mut self, g: Id, t: Dyadic, ts: (Id, Id), memo: &mut IdMap<Id, Id>) -> Result<Id, PartizanError> {
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick(1)?;
        let r = if self.number_of(g).is_some_and(Dyadic::is_integer) {
            g
        } else {
            let thermograph = self.thermograph_id(g)?;
            if thermograph.temperature() < t {
                self.intern_nus(Nus::number(thermograph.mean()))?
            } else {
                // {G^L_t - t | G^R_t + t}.
                self.options_shifted(g, (ts.1, ts.0), |s, o| s.cool_step(o, t, ts, memo))?
            }
        };
        memo.insert(g, r);
        Ok(r)
    }

    /// ∫^t G of ids.
    pub(crate) fn heat_id(&mut self, g: Id, t: Id) -> Result<Id, PartizanError> {
        let minus_t = self.neg_id(t)?;
        self.heat_step(g, None, (t, minus_t), &mut IdMap::default())
    }

    /// ∫_s^t G of ids.
    pub(crate) fn overheat_id(&mut self, g: Id, s: Id, t: Id) -> Result<Id, PartizanError> {
        let minus_t = self.neg_id(t)?;
        self.heat_step(g, Some(s), (t, minus_t), &mut IdMap::default())
    }

    /// ∫^t G (`unit` `None`: a number is itself) or ∫_s^t G (`unit` s: the integer n is n·s),
    /// memoised by the subposition; `ts` is (t, -t).
    fn heat_step(
        &mut self,
        g: Id,
        unit: Option<Id>,
        ts: (Id, Id),
        memo: &mut IdMap<Id, Id>,
    ) -> Result<Id, PartizanError> {
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick(1)?;
        let r = match (self.number_of(g), unit) {
            (Some(_), None) => g,
            (Some(n), Some(s)) if n.is_integer() => self.integer_multiple(n, s)?,
            // {∫G^L + t | ∫G^R - t}.
            _ => self.options_shifted(g, ts, |s, o| s.heat_step(o, unit, ts, memo))?,
        };
        memo.insert(g, r);
        Ok(r)
    }

    /// The canonical form of {step(G^L) + left | step(G^R) + right}: cooling's and heating's
    /// shape, each option transformed by `step` (one level deeper) and shifted.
    fn options_shifted(
        &mut self,
        g: Id,
        (left_shift, right_shift): (Id, Id),
        mut step: impl FnMut(&mut Self, Id) -> Result<Id, PartizanError>,
    ) -> Result<Id, PartizanError> {
        let (gl, gr) = self.options(g)?;
        self.deeper(|s| {
            let mut left = Vec::with_capacity(gl.len());
            for &o in gl.iter() {
                let x = step(s, o)?;
                left.push(s.add_id(x, left_shift)?);
            }
            let mut right = Vec::with_capacity(gr.len());
            for &o in gr.iter() {
                let x = step(s, o)?;
                right.push(s.add_id(x, right_shift)?);
            }
            s.canonical(left, right)
        })
    }

    /// G frozen, of an id.
    pub(crate) fn freeze_id(&mut self, g: Id) -> Result<Id, PartizanError> {
        if self.number_of(g).is_some() {
            return Ok(g);
        }
        let t = self.thermograph_id(g)?.temperature();
        self.cool_id(g, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &mut GameStore, g: GameValue) -> String {
        s.text(g).unwrap()
    }

    /// Hand examples: Winning Ways (chapter 6, "cooling") and Siegel (II.5).
    #[test]
    fn cooling_by_hand() {
        let mut s = GameStore::new();
        let cases = [
            // ±1 cooled by 1 is * (Siegel II.5: a switch ±t cooled by t is *).
            ("±1", "1", "*"),
            // {3|-1} = 1±2: cooled by 1 its options are 2 - 1 and -1 + 1, so {2|0} (= 1±1).
            ("{3|-1}", "1", "{2|0}"),
            // Past its temperature (2) a game is its mean.
            ("{3|-1}", "3", "1"),
            ("{3|-1}", "2", "1*"),
            // Cooling by 0 changes nothing; an integer is never cooled.
            ("{1|0}", "0", "{1|0}"),
            ("5", "7", "5"),
            // A number is its mean once t passes its temperature -1/2^k.
            ("3/4", "0", "3/4"),
        ];
        for (g, t, want) in cases {
            let g = s.parse(g).unwrap();
            let t = s.parse(t).unwrap();
            let t = s.as_number(t).unwrap().unwrap();
            let c = s.cool(g, t).unwrap();
            assert_eq!(text(&mut s, c), want, "{} cooled by {t}", text(&mut s, g));
        }
    }

    #[test]
    fn heating_overheating_and_freezing_by_hand() {
        let mut s = GameStore::new();
        let one = s.integer(1).unwrap();
        // ∫^1 * = ±1 and ∫^1 ↑ = {1|{0|-2}} (heating ↑ = {0|*} by 1, Winning Ways ch. 6).
        for (g, want) in [("*", "±1"), ("↑", "{1|{0|-2}}"), ("3/4", "3/4")] {
            let g = s.parse(g).unwrap();
            let h = s.heat(g, one).unwrap();
            assert_eq!(text(&mut s, h), want);
        }
        // ∫_1^1 of 1/2 = {0|1} is {1|0}: 0·1 + 1 and 1·1 - 1.
        let half = s.parse("1/2").unwrap();
        let o = s.overheat(half, one, one).unwrap();
        assert_eq!(text(&mut s, o), "{1|0}");
        // Frozen values: {3|-1} (temperature 2) freezes to 1*; a number is itself.
        for (g, want) in [("{3|-1}", "1*"), ("-1/2", "-1/2"), ("↑", "↑"), ("{2|1}", "3/2*")] {
            let g = s.parse(g).unwrap();
            let f = s.freeze(g).unwrap();
            assert_eq!(text(&mut s, f), want);
        }
    }

    #[test]
    fn cooling_by_minus_one_or_less_is_refused() {
        let mut s = GameStore::new();
        let g = s.parse("{1|0}").unwrap();
        let e = s.cool(g, Dyadic::MINUS_ONE).unwrap_err();
        assert_eq!(e.to_string(), "cool(G, t) is defined for t > -1 (Siegel, section II.5), and t is -1");
    }
}
