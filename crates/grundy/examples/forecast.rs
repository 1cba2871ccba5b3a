//! The time forecast of `grundy sg` against the run it forecasts, per engine (bench/forecast.sh).
//!
//! For one heap ruleset and a last heap N it makes the forecast that a run without a store
//! makes at its first reading (a limit of zero refuses there, so the forecast is returned),
//! then computes G(0..=N) with no limit and measures the run's CPU time, and prints both and
//! their ratio. `--trace` also prints the CPU time at each power of two of the values.
//!
//! ```sh
//! cargo run --release -p grundy --example forecast -- officers 4194303 --every-value
//! ```

use std::time::Duration;

use grundy::frontend::{SequenceObserver, SequenceStore};
use grundy::{Algorithm, Ruleset, SequenceBuilder, SequenceError};

/// Records the CPU time of the process when the table reaches each power of two.
struct Trace {
    start: cpu_time::ProcessTime,
    next: u64,
    points: Vec<(u64, f64)>,
}

impl SequenceObserver for Trace {
    fn advanced(&mut self, done: u64) {
        if done >= self.next {
            self.points.push((done, self.start.elapsed().as_secs_f64()));
            self.next = done.saturating_mul(2);
        }
    }
}

/// A store that keeps nothing: it only makes the table grow in steps of 512 values, so that
/// the trace reads each power of two.
struct Steps;

impl SequenceStore for Steps {
    fn chunk_len(&self) -> usize {
        512
    }

    fn save(&mut self, _len: usize, _values: &dyn Fn(usize, usize) -> Vec<u16>) -> Result<(), String> {
        Ok(())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(code), Some(upto)) = (args.first(), args.get(1).and_then(|n| n.parse::<u64>().ok())) else {
        eprintln!("usage: forecast CODE N [--every-value] [--naive] [--trace]");
        std::process::exit(2);
    };
    let ruleset: Ruleset = code.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let flag = |f: &str| args.iter().any(|a| a == f);
    let builder = || {
        let b = SequenceBuilder::new(&ruleset).upto(upto).every_value(flag("--every-value"));
        let b = if flag("--naive") { b.method(Algorithm::Naive) } else { b };
        b.budget(upto.saturating_add(1).max(grundy::engine::sequence::DEFAULT_SEQUENCE_BUDGET))
    };
    let start = cpu_time::ProcessTime::now();
    let forecast = match builder().forecast_limit(Some(Duration::ZERO)).build() {
        Err(SequenceError::Forecast { seconds, computed, .. }) => Some((seconds, computed)),
        Ok(_) => None,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    };
    let forecast_cpu = start.elapsed().as_secs_f64();
    let mut trace = Trace { start: cpu_time::ProcessTime::now(), next: 512, points: Vec::new() };
    let run = if flag("--trace") {
        builder().forecast_limit(None).build_with(Some(&mut Steps), &mut trace)
    } else {
        builder().forecast_limit(None).build_with(None, &mut trace)
    };
    let seconds = trace.start.elapsed().as_secs_f64();
    if let Err(e) = run {
        eprintln!("{e}");
        std::process::exit(1)
    }
    if flag("--trace") {
        let mut last = 0.0;
        for (len, t) in &trace.points {
            println!("  {len:>10} values {t:>8.3} s  (x{:.2})", if last > 0.0 { t / last } else { 0.0 });
            last = *t;
        }
    }
    match forecast {
        Some((f, computed)) => println!(
            "{code} to {upto}: forecast {f:.1} s (from {computed} values, {forecast_cpu:.1} s), run {seconds:.1} s CPU, forecast / run {:.2}",
            f / seconds
        ),
        None => println!("{code} to {upto}: no forecast (finished within {forecast_cpu:.1} s), run {seconds:.1} s CPU"),
    }
}
