//! Thermography, exact (Siegel, Combinatorial Game Theory, section II.5; Berlekamp, Conway &
//! Guy, Winning Ways, chapter 6). A game cooled by t (t >= -1) has a Left wall L_t and a Right
//! wall R_t. An integer's walls are the integer, at every t (its temperature is -1). Otherwise
//! the Left scaffold is max over G^L of (R_t(G^L) - t), the Right scaffold min over G^R of
//! (L_t(G^R) + t); the walls follow the scaffolds up to the least t where they meet (Left's is
//! no longer above Right's): that t is the temperature, and above it both walls are the mast,
//! a vertical line at the mean. So a number m/2^k has temperature -1/2^k (Siegel's convention),
//! ±1 has temperature 1 and {2|-1} mean 1/2 and temperature 3/2.
//!
//! Walls are piecewise linear with slopes -1, 0 and 1 and break at dyadic temperatures (two
//! lines of such slopes through dyadic points meet at a dyadic point), so every breakpoint is
//! exact. The walk of a game's subpositions uses its own stack, not recursion.

use std::sync::Arc;

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, Nus};

/// One piece of a [`Trajectory`]: from temperature `from` on (to the next piece's `from`), the
/// value `value + slope·(t - from)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The temperature where the piece starts.
    pub from: Dyadic,
    /// The value there.
    pub value: Dyadic,
    /// The change of the value per unit of temperature (-1, 0 or 1 on a wall).
    pub slope: i64,
}

/// A continuous piecewise-linear function of the temperature t >= -1 (Siegel's trajectories):
/// pieces in order of their start, the first starting at -1, the last going on for ever.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    segments: Vec<Segment>,
}

impl Trajectory {
    /// The constant `v`.
    pub fn constant(v: Dyadic) -> Trajectory {
        Trajectory { segments: vec![Segment { from: Dyadic::MINUS_ONE, value: v, slope: 0 }] }
    }

    /// The pieces, in order of temperature.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The breakpoints (temperature, value), from t = -1: the function is linear between them
    /// and keeps the last piece's slope past the last one (a wall's is 0: the mast).
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.segments.iter().map(|s| (s.from, s.value)).collect()
    }

    /// The piece that holds temperature `t` (the first for t below -1).
    fn piece(&self, t: Dyadic) -> Option<&Segment> {
        self.segments.iter().take_while(|s| s.from <= t).last().or(self.segments.first())
    }

    /// The value at temperature `t`, and the slope there (going up in t).
    fn at_with_slope(&self, t: Dyadic) -> Result<(Dyadic, i64), PartizanError> {
        let Some(s) = self.piece(t) else { return Ok((Dyadic::ZERO, 0)) };
        Ok((s.value.checked_add(t.checked_sub(s.from)?.times(s.slope)?)?, s.slope))
    }

    /// [`Trajectory::at_with_slope`] for temperatures asked in rising order: `at` is the piece
    /// the last one was in, moved up to `t`'s, so that a walk over every piece of two walls is
    /// linear in their pieces, not quadratic.
    fn at_with_slope_rising(&self, t: Dyadic, at: &mut usize) -> Result<(Dyadic, i64), PartizanError> {
        while self.segments.get(*at + 1).is_some_and(|s| s.from <= t) {
            *at += 1;
        }
        let Some(s) = self.segments.get(*at) else { return Ok((Dyadic::ZERO, 0)) };
        Ok((s.value.checked_add(t.checked_sub(s.from)?.times(s.slope)?)?, s.slope))
    }

    /// The value at temperature `t`.
    pub fn at(&self, t: Dyadic) -> Result<Dyadic, PartizanError> {
        Ok(self.at_with_slope(t)?.0)
    }

    /// This function plus `k·t`.
    fn tilted(&self, k: i64) -> Result<Trajectory, PartizanError> {
        let mut segments = Vec::with_capacity(self.segments.len());
        for s in &self.segments {
            segments.push(Segment { from: s.from, value: s.value.checked_add(s.from.times(k)?)?, slope: s.slope + k });
        }
        Ok(Trajectory { segments })
    }

    /// The pointwise maximum (`max`) or minimum of two trajectories.
    fn combine(&self, other: &Trajectory, max: bool) -> Result<Trajectory, PartizanError> {
        let mut starts: Vec<Dyadic> = self.segments.iter().chain(&other.segments).map(|s| s.from).collect();
        starts.sort_unstable();
        starts.dedup();
        let mut out: Vec<Segment> = Vec::with_capacity(starts.len() + 2);
        let (mut at_a, mut at_b) = (0, 0);
        for (i, &t0) in starts.iter().enumerate() {
            let next = starts.get(i + 1).copied();
            let (va, sa) = self.at_with_slope_rising(t0, &mut at_a)?;
            let (vb, sb) = other.at_with_slope_rising(t0, &mut at_b)?;
            let a_wins = if max { (va, sa) >= (vb, sb) } else { (va, sa) <= (vb, sb) };
            let (v, s, other_slope) = if a_wins { (va, sa, sb) } else { (vb, sb, sa) };
            out.push(Segment { from: t0, value: v, slope: s });
            // The loser may overtake inside the piece: where va + sa·d = vb + sb·d.
            if va != vb && sa != sb {
                let d = vb.checked_sub(va)?.divided_by(sa - sb)?;
                if d > Dyadic::ZERO {
                    let tc = t0.checked_add(d)?;
                    if next.is_none_or(|n| tc < n) {
                        let vc = v.checked_add(d.times(s)?)?;
                        out.push(Segment { from: tc, value: vc, slope: other_slope });
                    }
                }
            }
        }
        Ok(Trajectory { segments: merged(out) })
    }

    /// This trajectory up to temperature `t`, then constant at `mast`.
    fn masted(&self, t: Dyadic, mast: Dyadic) -> Trajectory {
        let mut segments: Vec<Segment> = self.segments.iter().copied().filter(|s| s.from < t).collect();
        segments.push(Segment { from: t, value: mast, slope: 0 });
        Trajectory { segments: merged(segments) }
    }
}

/// Pieces with the slope of the one before them dropped (the function is continuous, so they
/// only continue it).
fn merged(segments: Vec<Segment>) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::with_capacity(segments.len());
    for s in segments {
        match out.last() {
            Some(last) if last.slope == s.slope => {}
            _ => out.push(s),
        }
    }
    out
}

/// A game's thermograph: its two walls, its temperature and its mean (the mast's value).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    temperature: Dyadic,
    mean: Dyadic,
}

impl Thermograph {
    /// The Left wall L_t, t >= -1.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// The Right wall R_t, t >= -1.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The temperature: where the mast starts (-1 for an integer, -1/2^k for m/2^k).
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The mean value: the mast's.
    pub fn mean(&self) -> Dyadic {
        self.mean
    }

    /// An integer's: a mast from -1.
    fn integer(n: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(n),
            right: Trajectory::constant(n),
            temperature: Dyadic::MINUS_ONE,
            mean: n,
        }
    }

    /// The thermograph of a game from its scaffolds: walls along them up to where they meet.
    fn from_scaffolds(left: Trajectory, right: Trajectory) -> Result<Thermograph, PartizanError> {
        let (l0, _) = left.at_with_slope(Dyadic::MINUS_ONE)?;
        let (r0, _) = right.at_with_slope(Dyadic::MINUS_ONE)?;
        let (temperature, mean) = if l0 <= r0 {
            // Already cooled to a number at -1: the mast stands on the simplest number between.
            let mean = if l0 == r0 { l0 } else { Dyadic::simplest_between(Some(l0), Some(r0))?.unwrap_or(l0) };
            (Dyadic::MINUS_ONE, mean)
        } else {
            meeting(&left, &right)?
        };
        Ok(Thermograph {
            left: left.masted(temperature, mean),
            right: right.masted(temperature, mean),
            temperature,
            mean,
        })
    }
}

/// The least temperature where `left` is no longer above `right`, and the value there.
fn meeting(left: &Trajectory, right: &Trajectory) -> Result<(Dyadic, Dyadic), PartizanError> {
    let mut starts: Vec<Dyadic> = left.segments.iter().chain(&right.segments).map(|s| s.from).collect();
    starts.sort_unstable();
    starts.dedup();
    let (mut at_l, mut at_r) = (0, 0);
    for (i, &t0) in starts.iter().enumerate() {
        let (vl, sl) = left.at_with_slope_rising(t0, &mut at_l)?;
        let (vr, sr) = right.at_with_slope_rising(t0, &mut at_r)?;
        if vl <= vr {
            return Ok((t0, vl));
        }
        if sl < sr {
            let tc = t0.checked_add(vl.checked_sub(vr)?.divided_by(sr - sl)?)?;
            if starts.get(i + 1).is_none_or(|&n| tc <= n) {
                return Ok((tc, left.at(tc)?));
            }
        }
    }
    Err(PartizanError::Overflow("a thermograph whose walls never meet".into()))
}

/// The steps of work a piece of a wall counts when walls are tilted and combined: its ends'
/// exact arithmetic takes about four times a step of the store's (K-L-Nim's heap of 1,000,
/// whose walls have hundreds of pieces, took 23 s for 5·10^6 steps counted one a piece).
const PIECE_STEPS: u64 = 4;

impl GameStore {
    /// The thermograph: walls, temperature and mean, exact.
    ///
    /// ```
    /// use grundy::values::partizan::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let g = s.parse("{2|-1}").unwrap();
    /// let t = s.thermograph(g).unwrap();
    /// assert_eq!((t.mean().to_string(), t.temperature().to_string()), ("1/2".into(), "3/2".into()));
    /// ```
    pub fn thermograph(&mut self, g: GameValue) -> Result<Arc<Thermograph>, PartizanError> {
        self.begin("a thermograph");
        let g = self.id(g)?;
        self.thermograph_id(g)
    }

    /// The mean value (the thermograph's mast).
    pub fn mean(&mut self, g: GameValue) -> Result<Dyadic, PartizanError> {
        Ok(self.thermograph(g)?.mean())
    }

    /// The temperature (Siegel's: -1 for an integer, -1/2^k for m/2^k).
    pub fn temperature(&mut self, g: GameValue) -> Result<Dyadic, PartizanError> {
        Ok(self.thermograph(g)?.temperature())
    }

    /// The thermograph of an id, its subpositions' first, walked with a stack; a nus game's by
    /// its small representative ([`thermograph_representative`]), never by its own options.
    pub(crate) fn thermograph_id(&mut self, g: Id) -> Result<Arc<Thermograph>, PartizanError> {
        self.thermograph_walk(g, true)
    }

    /// The thermograph of an id by the walk of its subpositions; with `closed_forms`, a nus game
    /// met on the way is valued by its representative (the tests turn it off to check that).
    fn thermograph_walk(&mut self, g: Id, closed_forms: bool) -> Result<Arc<Thermograph>, PartizanError> {
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if self.known_thermograph(h).is_some() {
                continue;
            }
            self.tick(1)?;
            if let Some(small) = self.nus_of(h).filter(|_| closed_forms).and_then(thermograph_representative) {
                let id = self.intern_nus(small)?;
                let t = self.thermograph_walk(id, true)?;
                self.remember_thermograph(h, t);
                continue;
            }
            let (l, r) = self.options(h)?;
            if !expanded {
                stack.push((h, true));
                for &o in l.iter().chain(r.iter()) {
                    if self.known_thermograph(o).is_none() {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let mut left: Option<Trajectory> = None;
            for &o in l.iter() {
                let t = self.known_thermograph(o).ok_or(PartizanError::ForeignValue)?;
                // The option's pieces, and those of the wall it is combined with, each
                // [`PIECE_STEPS`] steps (exact arithmetic on its ends).
                let combined = left.as_ref().map_or(0, |a| a.segments.len());
                self.tick(PIECE_STEPS * (t.right.segments.len() + combined) as u64)?;
                let tilted = t.right.tilted(-1)?;
                left = Some(match left {
                    None => tilted,
                    Some(acc) => acc.combine(&tilted, true)?,
                });
            }
            let mut right: Option<Trajectory> = None;
            for &o in r.iter() {
                let t = self.known_thermograph(o).ok_or(PartizanError::ForeignValue)?;
                let combined = right.as_ref().map_or(0, |a| a.segments.len());
                self.tick(PIECE_STEPS * (t.left.segments.len() + combined) as u64)?;
                let tilted = t.left.tilted(1)?;
                right = Some(match right {
                    None => tilted,
                    Some(acc) => acc.combine(&tilted, false)?,
                });
            }
            let thermograph = match (left, right) {
                (Some(a), Some(b)) => Thermograph::from_scaffolds(a, b)?,
                // A game with options on one side only is an integer, stored as one and never
                // walked; this keeps the walk total.
                _ => Thermograph::integer(self.stops_id(h)?.0),
            };
            self.remember_thermograph(h, Arc::new(thermograph));
        }
        self.known_thermograph(g).ok_or(PartizanError::ForeignValue)
    }

    /// The thermograph of an id by the walk alone, no closed form used: the reference the
    /// tests check the representatives against.
    #[cfg(test)]
    fn thermograph_by_walk(&mut self, g: Id) -> Result<Arc<Thermograph>, PartizanError> {
        self.thermograph_walk(g, false)
    }

    /// The thermograph of an id when known without a walk: an integer's, or a memoised one.
    fn known_thermograph(&mut self, g: Id) -> Option<Arc<Thermograph>> {
        if let Some(x) = self.number_of(g).filter(|x| x.is_integer()) {
            return Some(Arc::new(Thermograph::integer(x)));
        }
        self.thermograph_memoised(g)
    }
}

/// The small nus game with the same thermograph as `g` = x + n·↑ + *m, when `g` is not that
/// game itself: x + n'·↑ + *m' with |n'| = min(|n|, 3) (n's sign kept) and m' = min(m, 2).
///
/// Why (Siegel, section II.5): L(G) = R(G) = x for such a game, so it is infinitesimally close
/// to x; if it is not x, cooling by any t > 0 leaves x, and a game that is not a number has a
/// temperature of at least 0, so its temperature is 0 and its mast stands on x from t = 0. Below
/// 0 each wall is its scaffold. For n >= 1 the options are {x | x + (n-1)·↑ + *(m^1)} (save
/// x + ↑* = {x, x* | x}), so the Left wall is x's Right wall less t, whatever n and m are, and
/// the Right wall is the right option's Left wall plus t. So the walls depend on n only through
/// whether n is 1, 2 or more (n = 2 with m = 0 reaches ↑*, n >= 3 never does), and on m only
/// through m = 0, 1 or more: x + *k's walls are the same for every k >= 2 (its options x + *j,
/// j < k, give the scaffolds max(R_t(x) - t, L_t(x)) and min(L_t(x) + t, R_t(x)) from k = 2 on).
/// Negative n mirrors. The unit test below checks this against the walk of the options on every
/// small case.
fn thermograph_representative(g: Nus) -> Option<Nus> {
    if g.is_number() {
        return None;
    }
    let small = Nus { number: g.number, ups: g.ups.clamp(-3, 3), star: g.star.min(2) };
    (small != g).then_some(small)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every x + n·↑ + *m with |n| <= 9 and m <= 9, for numbers x with denominators up to 8: the
    /// thermograph through the representatives is the one the walk of the options gives.
    #[test]
    fn nus_thermographs_by_their_representatives_agree_with_the_walk() {
        let mut s = GameStore::new();
        let numbers = [Dyadic::ZERO, Dyadic::integer(3), Dyadic::integer(-2)]
            .into_iter()
            .chain([(1, 1), (-3, 2), (5, 3), (-11, 3)].map(|(m, k)| Dyadic::new(m, k).unwrap()));
        for x in numbers {
            for ups in -9..=9 {
                for star in 0..=9 {
                    let g = s.intern_nus(Nus { number: x, ups, star }).unwrap();
                    let by_walk = s.thermograph_by_walk(g).unwrap();
                    // A fresh store, so that nothing the walk memoised is read back.
                    let mut fresh = GameStore::new();
                    let h = fresh.intern_nus(Nus { number: x, ups, star }).unwrap();
                    let closed = fresh.thermograph_id(h).unwrap();
                    assert_eq!(by_walk, closed, "{x} + {ups}·↑ + *{star}");
                    if ups != 0 || star != 0 {
                        assert_eq!((closed.mean(), closed.temperature()), (x, Dyadic::ZERO));
                    }
                }
            }
        }
    }
}
