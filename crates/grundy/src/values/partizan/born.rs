//! The games born by a day: day 0 is {|} = 0, and the games born by day n + 1 are {L | R} for every
//! two sets L and R of games born by day n. Only antichains matter (a dominated option is removed),
//! so L and R run over the antichains. There are 1, 4, 22 and 1474 of them by days 0 to 3 (Siegel,
//! Combinatorial Game Theory, on the games born by day n; Wolfe & Fraser); day 4's are too many to
//! list, and are refused before any work.

use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id};

/// The last day whose games [`GameStore::born_by`] lists.
pub const LAST_LISTED_DAY: u32 = 3;

impl GameStore {
    /// Every canonical game born by `day` (at most [`LAST_LISTED_DAY`]), in order of birthday.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// assert_eq!(s.born_by(2).unwrap().len(), 22);
    /// ```
    pub fn born_by(&mut self, day: u32) -> Result<Vec<GameValue>, PartizanError> {
        if day > LAST_LISTED_DAY {
            return Err(PartizanError::TooManyGames { day, max: LAST_LISTED_DAY });
        }
        self.begin("the games born by a day");
        let mut games: Vec<Id> = vec![0];
        for _ in 0..day {
            let sets = self.antichains(&games)?;
            let mut next = Vec::with_capacity(sets.len());
            for l in &sets {
                for r in &sets {
                    next.push(self.canonical(l.clone(), r.clone())?);
                }
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        games.sort_by_key(|&g| (self.birthday_of(g), g));
        Ok(games.into_iter().map(|g| self.value(g)).collect())
    }

    /// Every antichain (set of pairwise incomparable games) of `games`, the empty one included.
    fn antichains(&mut self, games: &[Id]) -> Result<Vec<Vec<Id>>, PartizanError> {
        let n = games.len();
        let mut comparable = vec![vec![false; n]; n];
        for (i, &a) in games.iter().enumerate() {
            for (j, &b) in games.iter().enumerate() {
                let c = self.le_id(a, b)? || self.le_id(b, a)?;
                if let Some(cell) = comparable.get_mut(i).and_then(|row| row.get_mut(j)) {
                    *cell = c;
                }
            }
        }
        let mut out = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
        // Depth-first over the indices: each antichain is met once, its members increasing.
        fn extend(
            from: usize,
            chosen: &mut Vec<usize>,
            comparable: &[Vec<bool>],
            games: &[Id],
            out: &mut Vec<Vec<Id>>,
        ) {
            out.push(chosen.iter().filter_map(|&i| games.get(i).copied()).collect());
            for k in from..games.len() {
                let free =
                    chosen.iter().all(|&i| !comparable.get(i).and_then(|row| row.get(k)).copied().unwrap_or(true));
                if free {
                    chosen.push(k);
                    extend(k + 1, chosen, comparable, games, out);
                    chosen.pop();
                }
            }
        }
        extend(0, &mut chosen, &comparable, games, &mut out);
        self.tick(out.len() as u64)?;
        Ok(out)
    }
}
