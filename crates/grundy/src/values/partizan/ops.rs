//! The public operations of a [`GameStore`]: making games, comparing, adding, negating, the
//! outcome class and the stops. Each starts the count of its work afresh.

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, Nus, PartizanOutcome, Relation};

impl GameStore {
    /// The game {left | right}, in canonical form (dominated options removed, reversible ones
    /// bypassed).
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let (zero, one) = (s.integer(0).unwrap(), s.integer(1).unwrap());
    /// let half = s.game(&[zero], &[one]).unwrap();
    /// assert_eq!(s.text(half).unwrap(), "1/2");
    /// ```
    pub fn game(&mut self, left: &[GameValue], right: &[GameValue]) -> Result<GameValue, PartizanError> {
        self.begin("a game's canonical form");
        let left = left.iter().map(|&g| self.id(g)).collect::<Result<Vec<Id>, _>>()?;
        let right = right.iter().map(|&g| self.id(g)).collect::<Result<Vec<Id>, _>>()?;
        let id = self.canonical(left, right)?;
        Ok(self.value(id))
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Result<GameValue, PartizanError> {
        self.nus(x, 0, 0)
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Result<GameValue, PartizanError> {
        self.nus(Dyadic::integer(n), 0, 0)
    }

    /// The nimber *`n`.
    pub fn nimber(&mut self, n: u64) -> Result<GameValue, PartizanError> {
        self.nus(Dyadic::ZERO, 0, n)
    }

    /// x + ups·↑ + *star (ups negative: downs).
    pub fn nus(&mut self, x: Dyadic, ups: i64, star: u64) -> Result<GameValue, PartizanError> {
        self.begin("a number, ↑ and nimber");
        let id = self.intern_nus(Nus { number: x, ups, star })?;
        Ok(self.value(id))
    }

    /// The number a game equals, if it is one.
    pub fn as_number(&self, g: GameValue) -> Result<Option<Dyadic>, PartizanError> {
        Ok(self.number_of(self.id(g)?))
    }

    /// The parts (x, n, m) of a game equal to x + n·↑ + *m, if it is one.
    pub fn as_nus(&self, g: GameValue) -> Result<Option<(Dyadic, i64, u64)>, PartizanError> {
        Ok(self.nus_of(self.id(g)?).map(|n| (n.number, n.ups, n.star)))
    }

    /// The day the game's canonical form is born (0 for 0, n for *n and for the integer ±n).
    pub fn birthday(&self, g: GameValue) -> Result<u64, PartizanError> {
        Ok(self.birthday_of(self.id(g)?))
    }

    /// The canonical Left options.
    pub fn left_options(&mut self, g: GameValue) -> Result<Vec<GameValue>, PartizanError> {
        self.begin("a game's options");
        let (l, _) = self.options(self.id(g)?)?;
        Ok(l.iter().map(|&o| self.value(o)).collect())
    }

    /// The canonical Right options.
    pub fn right_options(&mut self, g: GameValue) -> Result<Vec<GameValue>, PartizanError> {
        self.begin("a game's options");
        let (_, r) = self.options(self.id(g)?)?;
        Ok(r.iter().map(|&o| self.value(o)).collect())
    }

    /// Whether a <= b: b - a >= 0, Left wins b - a when Right starts.
    pub fn le(&mut self, a: GameValue, b: GameValue) -> Result<bool, PartizanError> {
        self.begin("a comparison");
        let (a, b) = (self.id(a)?, self.id(b)?);
        self.le_id(a, b)
    }

    /// Whether a >= b.
    pub fn ge(&mut self, a: GameValue, b: GameValue) -> Result<bool, PartizanError> {
        self.le(b, a)
    }

    /// How a and b compare: equal, greater, less, or confused.
    pub fn compare(&mut self, a: GameValue, b: GameValue) -> Result<Relation, PartizanError> {
        self.begin("a comparison");
        let (a, b) = (self.id(a)?, self.id(b)?);
        self.compare_id(a, b)
    }

    /// The canonical form of a + b.
    pub fn sum(&mut self, a: GameValue, b: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a sum");
        let (a, b) = (self.id(a)?, self.id(b)?);
        let id = self.add_id(a, b)?;
        Ok(self.value(id))
    }

    /// The canonical form of the sum of all of `games` (0 for none).
    pub fn sum_all(&mut self, games: &[GameValue]) -> Result<GameValue, PartizanError> {
        self.begin("a sum");
        let ids = games.iter().map(|&g| self.id(g)).collect::<Result<Vec<Id>, _>>()?;
        let acc = self.add_all(&ids)?;
        Ok(self.value(acc))
    }

    /// The canonical form of -a.
    pub fn neg(&mut self, a: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a negation");
        let id = self.neg_id(self.id(a)?)?;
        Ok(self.value(id))
    }

    /// The canonical form of a - b.
    pub fn difference(&mut self, a: GameValue, b: GameValue) -> Result<GameValue, PartizanError> {
        self.begin("a difference");
        let (a, b) = (self.id(a)?, self.id(b)?);
        let nb = self.neg_id(b)?;
        let id = self.add_id(a, nb)?;
        Ok(self.value(id))
    }

    /// The outcome class: L (G > 0), R (G < 0), P (G = 0), N (G confused with 0).
    pub fn outcome(&mut self, g: GameValue) -> Result<PartizanOutcome, PartizanError> {
        self.begin("an outcome class");
        let g = self.id(g)?;
        Ok(match (self.le_id(0, g)?, self.le_id(g, 0)?) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        })
    }

    /// Left's and Right's stops: where play ends when Left (Right) starts and both stop once a
    /// number is reached (Siegel, section II.3).
    pub fn stops(&mut self, g: GameValue) -> Result<(Dyadic, Dyadic), PartizanError> {
        self.begin("the stops");
        let g = self.id(g)?;
        self.stops_id(g)
    }
}
