//! What kind of game a value is: a number, a nimber, a switch, an infinitesimal, an all-small
//! game (Siegel, Combinatorial Game Theory, sections II.3-II.7; Lessons in Play, chapters 5
//! and 9). Each is read from the canonical form the store holds.

use std::collections::HashSet;

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id};

impl GameStore {
    /// Whether the game is a number (a dyadic rational).
    pub fn is_number(&self, g: GameValue) -> Result<bool, PartizanError> {
        Ok(self.number_of(self.id(g)?).is_some())
    }

    /// Whether the game is a nimber `*n` (0 included).
    pub fn is_nimber(&self, g: GameValue) -> Result<bool, PartizanError> {
        Ok(self.nus_of(self.id(g)?).is_some_and(|n| n.number == Dyadic::ZERO && n.ups == 0))
    }

    /// Whether the game is a switch `{x | y}`: one Left and one Right option, both numbers, x > y
    /// (±x when y = -x; Lessons in Play, chapter 5).
    pub fn is_switch(&mut self, g: GameValue) -> Result<bool, PartizanError> {
        self.begin("whether a game is a switch");
        let g = self.id(g)?;
        if self.nus_of(g).is_some() {
            return Ok(false);
        }
        let (l, r) = self.options(g)?;
        Ok(match (&l[..], &r[..]) {
            ([a], [b]) => matches!((self.number_of(*a), self.number_of(*b)), (Some(x), Some(y)) if x > y),
            _ => false,
        })
    }

    /// Whether the game is infinitesimal: between -x and x for every positive number x, which
    /// holds exactly when both its stops are 0 (Siegel, section II.3). 0 is infinitesimal.
    pub fn is_infinitesimal(&mut self, g: GameValue) -> Result<bool, PartizanError> {
        self.begin("whether a game is infinitesimal");
        let g = self.id(g)?;
        self.is_infinitesimal_id(g)
    }

    /// Whether the game is all-small (dicotic): in every subposition either both players can
    /// move or neither can (Siegel, section II.7; Lessons in Play, chapter 9). The canonical
    /// form of an all-small game is all-small, so the canonical form is the one walked.
    pub fn is_all_small(&mut self, g: GameValue) -> Result<bool, PartizanError> {
        self.begin("whether a game is all-small");
        let g = self.id(g)?;
        self.is_all_small_id(g)
    }

    /// [`GameStore::is_infinitesimal`] of an id.
    pub(crate) fn is_infinitesimal_id(&mut self, g: Id) -> Result<bool, PartizanError> {
        Ok(self.stops_id(g)? == (Dyadic::ZERO, Dyadic::ZERO))
    }

    /// [`GameStore::is_all_small`] of an id, by a walk with its own stack. A game stored by its
    /// options has options on both sides (one with options on one side only is a number), so
    /// only the numbers met decide: x + n·↑ + *m is all-small exactly when x = 0.
    pub(crate) fn is_all_small_id(&mut self, g: Id) -> Result<bool, PartizanError> {
        let mut seen = HashSet::new();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            self.tick(1)?;
            if let Some(n) = self.nus_of(h) {
                if n.number != Dyadic::ZERO {
                    return Ok(false);
                }
                continue;
            }
            let (l, r) = self.options(h)?;
            stack.extend(l.iter().chain(r.iter()).copied());
        }
        Ok(true)
    }
}
