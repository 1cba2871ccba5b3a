//! The uptimals and the tiny games of Lessons in Play (chapter 9; Siegel, section II.4), with
//! their names: ↑^n (↑ to the n: ↑^1 = ↑, ↑^(n+1) = {0 | ↓^(→n)*} where ↑^(→n) = ↑ + ↑^2 + ... +
//! ↑^n, each infinitesimal next to the one before), ↓^n = -↑^n, the same plus *, and ⧾x = {0 || 0 | -x} (tiny-x), ⧿x = -⧾x
//! = {x | 0 || 0} (miny-x).
//!
//! The store makes the powers of ↑ once, as far as a name asks (to [`MAX_UP_POWER`]), and keeps
//! which games they are, so that naming one is a look-up.

use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, Nus};
use super::Dyadic;

/// The largest n for which ↑^n is made and named.
pub const MAX_UP_POWER: u64 = 256;

/// Which uptimal a game is: ↑^n (n > 0) or ↓^|n| (n < 0), plus * when `star`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct UpPower {
    pub(crate) n: i64,
    pub(crate) star: bool,
}

impl GameStore {
    /// ↑^n for 1 <= n <= [`MAX_UP_POWER`] (↑^1 = ↑).
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.up_power(2).unwrap();
    /// assert_eq!(s.text(g).unwrap(), "↑^2");
    /// assert_eq!(s.parse("{0|↓*}").unwrap(), g);
    /// ```
    pub fn up_power(&mut self, n: u64) -> Result<GameValue, PartizanError> {
        self.begin("a power of ↑");
        let id = self.up_power_id(n)?;
        Ok(self.value(id))
    }

    /// ⧾g = {0 || 0 | -g} (tiny-g).
    pub fn tiny(&mut self, g: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a tiny game");
        let g = self.id(g)?;
        let id = self.tiny_id(g)?;
        Ok(self.value(id))
    }

    /// ⧿g = {g | 0 || 0} (miny-g).
    pub fn miny(&mut self, g: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a miny game");
        let g = self.id(g)?;
        let id = self.miny_id(g)?;
        Ok(self.value(id))
    }

    /// ⧾g of an id.
    pub(crate) fn tiny_id(&mut self, g: Id) -> Result<Id, PartizanError> {
        let minus = self.neg_id(g)?;
        let inner = self.canonical(vec![0], vec![minus])?;
        self.canonical(vec![0], vec![inner])
    }

    /// ⧿g of an id.
    pub(crate) fn miny_id(&mut self, g: Id) -> Result<Id, PartizanError> {
        let inner = self.canonical(vec![g], vec![0])?;
        self.canonical(vec![inner], vec![0])
    }

    /// ↑^n of an id, refused past [`MAX_UP_POWER`] or for n = 0.
    pub(crate) fn up_power_id(&mut self, n: u64) -> Result<Id, PartizanError> {
        if n == 0 || n > MAX_UP_POWER {
            return Err(PartizanError::Undefined(format!(
                "↑^{n} is not made: the powers of ↑ run from ↑^1 to ↑^{MAX_UP_POWER}"
            )));
        }
        self.make_up_powers(n)?;
        self.up_powers.get((n - 1) as usize).copied().ok_or(PartizanError::ForeignValue)
    }

    /// Makes ↑^k for every k <= n not yet made, with their negatives and their sums with *,
    /// recorded for naming.
    fn make_up_powers(&mut self, n: u64) -> Result<(), PartizanError> {
        let star = self.intern_nus(Nus { number: Dyadic::ZERO, ups: 0, star: 1 })?;
        while (self.up_powers.len() as u64) < n {
            let k = self.up_powers.len() as i64 + 1;
            let up = if self.up_powers.is_empty() {
                self.intern_nus(Nus { number: Dyadic::ZERO, ups: 1, star: 0 })?
            } else {
                // ↑^(k) = {0 | ↓^(→k-1) *}, ↑^(→k-1) = ↑ + ↑^2 + ... + ↑^(k-1).
                let down = self.neg_id(self.up_power_sum)?;
                let down_star = self.add_id(down, star)?;
                self.canonical(vec![0], vec![down_star])?
            };
            self.up_powers.push(up);
            self.up_power_sum = self.add_id(self.up_power_sum, up)?;
            if k >= 2 {
                let down = self.neg_id(up)?;
                let up_star = self.add_id(up, star)?;
                let down_star = self.add_id(down, star)?;
                for (id, n, star) in [(up, k, false), (down, -k, false), (up_star, k, true), (down_star, -k, true)] {
                    self.up_power_of.entry(id).or_insert(UpPower { n, star });
                }
            }
        }
        Ok(())
    }

    /// Which ↑^n, ↓^n, ↑^n* or ↓^n* (n >= 2) `g` is, if any, making the powers as far as `g`'s
    /// birthday asks (↑^n is born on day n + 1).
    pub(crate) fn up_power_name(&mut self, g: Id) -> Result<Option<UpPower>, PartizanError> {
        if self.nus_of(g).is_some() {
            return Ok(None);
        }
        if let Some(&u) = self.up_power_of.get(&g) {
            return Ok(Some(u));
        }
        // ↑^n and its kin have 0 or *-like options only on one side; a quick test of the
        // shape keeps large games from making powers they cannot be.
        let (l, r) = self.options(g)?;
        let small = |s: &Self, ids: &[Id]| {
            ids.iter().all(|&o| s.nus_of(o).is_some_and(|n| n.number == Dyadic::ZERO && n.ups == 0))
        };
        if !(small(self, &l) || small(self, &r)) {
            return Ok(None);
        }
        let day = self.birthday_of(g);
        let wanted = day.min(MAX_UP_POWER);
        if (self.up_powers.len() as u64) < wanted {
            self.make_up_powers(wanted)?;
        }
        Ok(self.up_power_of.get(&g).copied())
    }

    /// x when `g` is ⧾x (true) or ⧿x (false) for a positive number x.
    pub(crate) fn tiny_name(&self, left: &[Id], right: &[Id]) -> Option<(bool, Dyadic)> {
        let options = |h: Id| self.options_if_made(h);
        match (left, right) {
            ([0], [inner]) if self.nus_of(*inner).is_none() => {
                let (il, ir) = options(*inner)?;
                match (&il[..], &ir[..]) {
                    ([0], [x]) => self
                        .number_of(*x)
                        .filter(|x| *x < Dyadic::ZERO)
                        .and_then(|x| x.checked_neg().ok())
                        .map(|x| (true, x)),
                    _ => None,
                }
            }
            ([inner], [0]) if self.nus_of(*inner).is_none() => {
                let (il, ir) = options(*inner)?;
                match (&il[..], &ir[..]) {
                    ([x], [0]) => self.number_of(*x).filter(|x| *x > Dyadic::ZERO).map(|x| (false, x)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
