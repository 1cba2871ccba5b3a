//! The time forecast of a table computed without a store ([`crate::SequenceBuilder`]): read in
//! CPU time, at each doubling of the values, and extrapolated by the growth of the last
//! doubling.
//!
//! Wall time was read before, and on a busy machine one slow second (another process, a swap)
//! made the time of one doubling look sixteen times the one before: Officers to 2^22 + 1 was
//! forecast at 1.5 hours and took 14 s of CPU. CPU time counts only the work done.

use std::time::Duration;

/// The CPU time a run takes before its forecast may refuse it, by default (see
/// [`crate::SequenceBuilder::forecast_after`]). Two seconds make each doubling's time long
/// enough to measure (a doubling of a few milliseconds is noise) and cost little against the
/// two minutes the forecast guards.
pub const FORECAST_AFTER: Duration = Duration::from_secs(2);

pub(crate) use crate::stop::Clock;

/// The least growth per doubling that a forecast assumes for an engine, by the length a
/// doubling reaches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Floor {
    /// The least growth.
    least: f64,
    /// From this length on, `then` instead.
    from: usize,
    then: f64,
}

impl Floor {
    /// Two-heap engines (the sparse engine, the plain method, Grundy's game): 2, a linear
    /// engine's.
    pub(crate) const LINEAR: Floor = Floor { least: 2.0, from: usize::MAX, then: 2.0 };

    /// Three-heap splits: each heap ORs the value sets of every smaller size, m times the
    /// width of a set, which grows with the values: n^3, 8 per doubling, while the sets fit
    /// in the cache. Past 8,192 values (8,192 sets of 128 words or more: 8 MB) each doubling
    /// measured 15 to 27 (hex:0.8: 5.3 s to 2^14 values, 79 s to 2^15), so 16 from there.
    pub(crate) const THREE_HEAP: Floor = Floor { least: 8.0, from: 8193, then: 16.0 };

    fn at(self, len: usize) -> f64 {
        if len >= self.from {
            self.then
        } else {
            self.least
        }
    }
}

/// The least growth of a doubling's time over the one before: each doubling computes as many
/// values as all before it, so no engine takes less (a flat reading is noise).
const MIN_GROWTH: f64 = 2.0;

/// The most growth of a doubling's time over the one before that a forecast believes: 16 is
/// n^3 of a three-heap split with its values doubling too; more is a stall of the machine.
const MAX_GROWTH: f64 = 16.0;

/// Forecasts the CPU time of a table from the time its first values took.
///
/// The model: the time is read when the values reach each power of two (512, 1,024, ...);
/// `d` is the time of the last doubling (from L/2 to L values) and `g` its growth over the
/// doubling before (clamped to 2..16, at least the engine's [`Floor`]); each doubling still to
/// come is taken to cost `g` times the one before, and a last part-doubling (to `cap` values,
/// between L' and 2 L') its share (cap - L') / L' of a whole one. The last doubling alone sets `g`,
/// not an average from the start: a sparse engine's early doublings grow faster than its late
/// ones (Officers: 3.4 at 8,192 values, 2.0 from 65,536 on), and the plain method's and
/// Grundy's game's settle to theirs (4 and 2) within a few doublings, measured in
/// BENCHMARKS.md ("Forecasts"). Games with three-heap splits (hexadecimal codes) have their
/// own floor ([`Floor::THREE_HEAP`]).
pub(crate) struct Forecast {
    clock: Clock,
    /// The next number of values at which the time is read.
    pub(crate) probe: usize,
    /// Seconds of CPU time before the forecast may be made.
    after: f64,
    /// The least growth per doubling believed for this engine.
    floor: Floor,
    /// The values and seconds at the previous reading.
    last: Option<(usize, f64)>,
    /// The time of the doubling that ended at the previous reading.
    last_doubling: Option<f64>,
}

impl Forecast {
    /// A forecast of a table that has `len` values now, made once the run has taken `after`
    /// of CPU time, of an engine whose doublings grow by at least `floor`. `process` reads the
    /// process's CPU time (the engine runs threads).
    pub(crate) fn new(len: usize, after: Duration, floor: Floor, process: bool) -> Self {
        Forecast {
            clock: Clock::start(process),
            probe: (len + 1).next_power_of_two().max(512),
            after: after.as_secs_f64(),
            floor,
            last: None,
            last_doubling: None,
        }
    }

    /// Reads the clock when `len` has reached the probe; returns the forecast seconds for
    /// `cap` values once two doublings are read and the run has taken its `after`, with the
    /// most values (`len` doubled a whole number of times, at most `cap`) that the same
    /// growth puts within `limit` seconds (`len` when none more do).
    pub(crate) fn observe(&mut self, len: usize, cap: usize, limit: f64) -> Option<(f64, usize)> {
        if len < self.probe {
            return None;
        }
        let t = self.clock.seconds();
        let doubling = self.last.filter(|&(l0, t0)| len > l0 && t >= t0).map(|(_, t0)| t - t0);
        let forecast = match (doubling, self.last_doubling) {
            (Some(d), Some(d0)) if t >= self.after && d > 0.0 => {
                let growth = if d0 > 0.0 { d / d0 } else { MAX_GROWTH };
                Some(extrapolate(t, d, growth.clamp(MIN_GROWTH, MAX_GROWTH), self.floor, len, cap, limit))
            }
            _ => None,
        };
        self.last_doubling = doubling;
        self.last = Some((len, t));
        self.probe = len.saturating_mul(2);
        forecast
    }
}

/// The forecast seconds for `cap` values of a table that has taken `t` seconds for `len`
/// values, the last doubling `d` of them, each doubling to come costing `growth` times the one
/// before, or the floor's growth where that is more (a last part-doubling its share), with the
/// most values (`len` doubled a whole number of times, at most `cap`) within `limit`.
fn extrapolate(t: f64, d: f64, growth: f64, floor: Floor, len: usize, cap: usize, limit: f64) -> (f64, usize) {
    let (mut forecast, mut doubling, mut at, mut fits) = (t, d, len, len);
    while at < cap {
        let next = at.saturating_mul(2);
        doubling *= growth.max(floor.at(next));
        let share = if next > cap { (cap - at) as f64 / at as f64 } else { 1.0 };
        forecast += doubling * share;
        at = next.min(cap);
        if forecast <= limit {
            fits = at;
        }
    }
    (forecast, fits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_doubling_costs_its_share() {
        // 1 s for 2^20 values, the last doubling 0.5 s, linear: 2^21 values take 2 s, and one
        // value past 2^21 adds next to nothing (it used to add a whole doubling).
        let (f, fits) = extrapolate(1.0, 0.5, 2.0, Floor::LINEAR, 1 << 20, 1 << 21, 10.0);
        assert_eq!((f, fits), (2.0, 1 << 21));
        let (f, _) = extrapolate(1.0, 0.5, 2.0, Floor::LINEAR, 1 << 20, (1 << 21) + 1, 10.0);
        assert!(f > 2.0 && f < 2.001, "{f}");
        // Quadratic: each doubling four times the one before; 4 s fit 2^21 values, not 2^22.
        let (f, fits) = extrapolate(1.0, 0.75, 4.0, Floor::LINEAR, 1 << 20, 1 << 22, 4.0);
        assert_eq!((f, fits), (1.0 + 3.0 + 12.0, 1 << 21));
    }

    #[test]
    fn the_cpu_clock_counts_work_not_waiting() {
        let clock = Clock::start(false);
        std::thread::sleep(Duration::from_millis(50));
        assert!(clock.seconds() < 0.04, "{}", clock.seconds());
    }
}
