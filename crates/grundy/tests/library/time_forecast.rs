//! Issue 47, row 7: `grundy sg officers --upto 4194304 --every-value` was refused as "forecast
//! to take roughly 1.5 hours" and took 14 s of CPU. The forecast of a table without a store
//! must hold: within 3x of the CPU time the run then takes, for every engine.
//!
//! Each case makes the forecast that a run makes at its first reading past a short CPU time
//! (a limit of zero refuses there and returns the forecast), then runs the table to its end
//! without a limit and measures its CPU time (this thread's: the engines run on it). Runs are
//! a few hundred milliseconds in the debug build; CPU time does not count the time another
//! process holds the core, so a loaded machine does not change the ratio.

use std::time::Duration;

use grundy::{Algorithm, Ruleset, SequenceBuilder, SequenceError};

/// The CPU time of this thread so far, in seconds.
fn cpu() -> f64 {
    cpu_time::ThreadTime::now().as_duration().as_secs_f64()
}

/// The forecast made after `after` of CPU time (the median of three: the doublings read this
/// early take a few milliseconds, and one of them now and then reads half as long again, which
/// a forecast read after its two seconds does not see), and the CPU time of the whole run.
fn forecast_and_run(builder: SequenceBuilder, after: Duration) -> (f64, f64, u64) {
    let mut forecasts: Vec<(f64, u64)> = (0..3)
        .map(|_| {
            let refused = builder.clone().forecast_after(after).forecast_limit(Some(Duration::ZERO)).build();
            let Err(SequenceError::Forecast { seconds, computed, .. }) = refused else {
                panic!("no forecast was made: {refused:?}");
            };
            (seconds, computed)
        })
        .collect();
    forecasts.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (seconds, computed) = forecasts[1];
    let start = cpu();
    let run = builder.forecast_limit(None).build();
    let took = cpu() - start;
    assert!(run.is_ok(), "{run:?}");
    (seconds, took, computed)
}

/// The forecast is within 3x of the run, and was made well before its end (at most a quarter
/// of the values, so that it extrapolates two doublings or more).
fn check(game: &str, upto: u64, method: Algorithm, every: bool, after_ms: u64) {
    let ruleset: Ruleset = game.parse().unwrap();
    let builder = SequenceBuilder::new(&ruleset).upto(upto).method(method).every_value(every).budget(upto + 1);
    let (forecast, run, computed) = forecast_and_run(builder, Duration::from_millis(after_ms));
    let ratio = forecast / run;
    eprintln!("{game} to {upto}: forecast {forecast:.3} s from {computed} values, run {run:.3} s, ratio {ratio:.2}");
    assert!(computed <= (upto + 1) / 4, "{game}: the forecast came late, at {computed} values");
    assert!((1.0 / 3.0..=3.0).contains(&ratio), "{game} to {upto}: forecast {forecast:.3} s, run {run:.3} s");
}

/// The sparse engine (the rare/common method, Officers' one-byte values): its early doublings
/// grow by 3.4, its late ones by 2.0. Row 7's shape: one value past a power of two (2^19 + 1
/// values) is not forecast as one more doubling. The forecast is made past its warm-up, as
/// forecasts past two seconds are: after 300 ms of CPU (at 65,536 values or more; after
/// 100 ms, at 16,384, the doublings were a few tens of milliseconds, and a run now and then
/// read one of them several times too long, a forecast 7.6 times the run), to 2^19 values so
/// that a slower machine's forecast, a doubling later, still comes before a quarter of them.
#[test]
fn sparse_engine() {
    check("officers", 1 << 19, Algorithm::Measured, true, 300);
}

/// The plain method (every split, vector loops): quadratic.
#[test]
fn plain_method() {
    check("octal:0.16", (1 << 16) - 1, Algorithm::Naive, true, 20);
}

/// The measured choice on a periodic game, every value: the sparse method gives way to the
/// plain one as it runs (Dawson's Kayles), quadratic.
#[test]
fn measured_choice_switching_to_the_plain_method() {
    check("dawsons-kayles", (1 << 16) - 1, Algorithm::Measured, true, 20);
}

/// Grundy's game (splits into two unequal heaps): near-linear.
#[test]
fn grundys_game() {
    check("grundys-game", (1 << 16) - 1, Algorithm::Measured, false, 20);
}

/// Three-heap splits (hexadecimal codes): their work grows as n^2 times the width of the
/// value sets.
#[test]
fn three_heap_splits() {
    check("hex:0.8", (1 << 13) - 1, Algorithm::Measured, false, 20);
}

/// A table that a proven period ends is not refused at the length that proves the period: the
/// forecast is read after the period check. 0.156's period (349 from n = 3,479) is proven at
/// the check at 8,192 values; resumed from 1,024 values, the time is read at 2,048, 4,096 and
/// 8,192, so the first forecast (a limit of zero refuses any) falls on that length.
#[test]
fn a_period_proven_at_the_reading_is_not_refused() {
    let ruleset: Ruleset = "octal:0.156".parse().unwrap();
    let first = SequenceBuilder::new(&ruleset).upto(1023).budget(1024).build().unwrap();
    let values: Vec<u16> = first.values().map(|v| u16::try_from(v).unwrap()).collect();
    assert_eq!(values.len(), 1024);
    let s = SequenceBuilder::new(&ruleset)
        .upto(1 << 24)
        .resume(values)
        .forecast_after(Duration::ZERO)
        .forecast_limit(Some(Duration::ZERO))
        .build()
        .unwrap();
    let p = s.period().unwrap();
    assert_eq!((p.preperiod, p.period, s.computed()), (3479, 349, 8192));
}
