//! A progress bar on stderr for long `grundy sg` runs: a bar, the values done, the rate and the
//! time left, redrawn at most five times a second, and only when stderr is a terminal.
//!
//! Written by hand rather than with `indicatif`: that crate's rate estimator calls `pow`, which
//! made every run of the binary load `libm`, about 300 KB of the peak memory that issue 3's
//! Officers goal measures (BENCHMARKS.md, "Fifth session"). Nothing here needs more than a
//! division.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Cells of the bar.
const WIDTH: u64 = 40;

/// The least time between two redraws.
const REDRAW: Duration = Duration::from_millis(200);

/// A bar from `start` to `len` values, drawn on stderr.
pub struct Progress {
    len: u64,
    start: u64,
    began: Instant,
    drawn: Option<Instant>,
}

impl Progress {
    /// A bar for values `at..len`, or `None` when stderr is not a terminal (nothing is drawn).
    pub fn on_terminal(len: u64, at: u64) -> Option<Progress> {
        std::io::stderr().is_terminal().then(|| Progress { len, start: at, began: Instant::now(), drawn: None })
    }

    /// Shows `pos` values done (redrawn only if the last drawing is old enough).
    pub fn set_position(&mut self, pos: u64) {
        let now = Instant::now();
        if self.drawn.is_some_and(|t| now.duration_since(t) < REDRAW) {
            return;
        }
        self.drawn = Some(now);
        let line = render(pos, self.len, pos.saturating_sub(self.start), now.duration_since(self.began));
        // A progress bar that cannot be drawn is not worth stopping the computation for.
        let _ = write!(std::io::stderr(), "\r{line}\x1b[K");
    }

    /// Clears the bar's line.
    pub fn finish_and_clear(self) {
        if self.drawn.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

/// One line of the bar: `pos` of `len` values, `done` of them in `elapsed` (for the rate and
/// the time left).
///
/// ```text
/// ####################.................... 524288/1048576 values, 174.8K/s, ETA 3s
/// ```
pub fn render(pos: u64, len: u64, done: u64, elapsed: Duration) -> String {
    let pos = pos.min(len);
    let filled = if len == 0 { WIDTH } else { (u128::from(pos) * u128::from(WIDTH) / u128::from(len)) as u64 };
    let mut line: String = (0..WIDTH).map(|i| if i < filled { '#' } else { '.' }).collect();
    line.push_str(&format!(" {pos}/{len} values"));
    let secs = elapsed.as_secs_f64();
    if done > 0 && secs > 0.0 {
        let rate = done as f64 / secs;
        let left = (len - pos) as f64 / rate;
        line.push_str(&format!(", {}/s, ETA {}", count(rate), duration(left)));
    }
    line
}

/// A rate with a K, M or G suffix (174.8K).
fn count(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.1}G", x / 1e9),
        x if x >= 1e6 => format!("{:.1}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}K", x / 1e3),
        x => format!("{x:.0}"),
    }
}

/// Seconds as `3s`, `2m 05s` or `1h 02m`.
fn duration(secs: f64) -> String {
    // Rounded up by hand: `f64::ceil` may be a call into libm on baseline x86-64.
    let whole = secs as u64; // saturating
    let s = if (whole as f64) < secs { whole + 1 } else { whole };
    match s {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_rate_and_time_left() {
        let line = render(524_288, 1_048_576, 524_288, Duration::from_secs(2));
        assert_eq!(line, format!("{}{} 524288/1048576 values, 262.1K/s, ETA 2s", "#".repeat(20), ".".repeat(20)));
    }

    #[test]
    fn no_rate_before_any_work() {
        let line = render(1000, 4000, 0, Duration::ZERO);
        assert_eq!(line, format!("{}{} 1000/4000 values", "#".repeat(10), ".".repeat(30)));
    }

    #[test]
    fn long_runs_in_minutes_and_hours() {
        // 10 values a second, 3 605 values left: 6m 01s; 36 050 left: 1h 00m.
        assert!(render(100, 3705, 100, Duration::from_secs(10)).ends_with("10/s, ETA 6m 01s"));
        assert!(render(100, 36_150, 100, Duration::from_secs(10)).ends_with("10/s, ETA 1h 00m"));
        assert!(render(0, 10, 5_000_000, Duration::from_secs(1)).contains("5.0M/s"));
    }

    #[test]
    fn a_full_bar_at_the_end() {
        assert!(render(7, 7, 7, Duration::from_secs(1)).starts_with(&"#".repeat(40)));
        assert!(render(0, 0, 0, Duration::ZERO).starts_with(&"#".repeat(40)));
    }
}
