//! A progress bar on stderr for long `grundy sg` runs (indicatif): a bar, the values done, the
//! rate and the time left, drawn only when stderr is a terminal, so that pipes and tests see
//! nothing of it; the same for a survey, a quotient and an outcome search (a spinner).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How the bar is drawn: 40 cells, the values done of the total, the rate and the time left.
const TEMPLATE: &str = "{bar:40} {pos}/{len} values, {rate}, ETA {eta}";

/// How a survey's bar is drawn: the codes done of the total, the time so far and the forecast.
const CODES_TEMPLATE: &str = "{bar:40} {pos}/{len} codes, {elapsed} so far, ETA {eta}";

/// How a quotient's progress is drawn: the heaps added of those asked for, the order so far.
const HEAPS_TEMPLATE: &str = "{bar:40} heap {pos}/{len}, {msg}, {elapsed} so far";

/// How an outcome search's progress is drawn: a spinner, the time so far and the search's words.
const SEARCH_TEMPLATE: &str = "{spinner} {elapsed} so far, {msg}";

/// A bar from `at` to `len` values, drawn on stderr.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for values `at..len`, or `None` when stderr is not a terminal (nothing is drawn).
    pub fn on_terminal(len: u64, at: u64) -> Option<Progress> {
        std::io::stderr().is_terminal().then(|| Progress::with_target(len, at, ProgressDrawTarget::stderr_with_hz(5)))
    }

    /// A bar over the codes of a survey (codes done, the time left forecast from the codes so
    /// far), or `None` when stderr is not a terminal.
    pub fn codes_on_terminal(len: u64) -> Option<Progress> {
        std::io::stderr()
            .is_terminal()
            .then(|| Progress::styled(len, 0, ProgressDrawTarget::stderr_with_hz(5), CODES_TEMPLATE))
    }

    /// A bar over the heaps of a misère quotient (heaps added of `len`, the order in the
    /// message), or `None` when stderr is not a terminal.
    pub fn heaps_on_terminal(len: u64) -> Option<Progress> {
        std::io::stderr()
            .is_terminal()
            .then(|| Progress::styled(len, 0, ProgressDrawTarget::stderr_with_hz(5), HEAPS_TEMPLATE))
    }

    /// A spinner for an outcome search (the positions visited, the first moves refuted, the
    /// forecast in the message), or `None` when stderr is not a terminal.
    pub fn search_on_terminal() -> Option<Progress> {
        std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5));
            // The template is a constant, so it parses; a spinner without its style still counts.
            if let Ok(style) = ProgressStyle::with_template(SEARCH_TEMPLATE) {
                bar.set_style(style);
            }
            Progress { bar }
        })
    }

    /// Shows an outcome search's progress: the positions visited of those allowed, the first
    /// moves of the player moving first proven to lose, and the forecast once made.
    pub fn show_search(&self, p: &grundy::frontend::OutcomeProgress) {
        let forecast = p.forecast.map(|f| format!(", about {f} forecast")).unwrap_or_default();
        self.bar.set_message(format!(
            "{} positions of {} allowed{forecast}; {} moving first: {} of {} first moves proven to lose",
            p.nodes,
            p.limit,
            grundy::frontend::side(p.mover),
            p.refuted,
            p.moves
        ));
        self.bar.tick();
    }

    /// Clears the line, where the bar is shared.
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }

    /// Shows a message beside the bar.
    pub fn set_message(&self, msg: String) {
        self.bar.set_message(msg);
    }

    fn with_target(len: u64, at: u64, target: ProgressDrawTarget) -> Progress {
        Progress::styled(len, at, target, TEMPLATE)
    }

    fn styled(len: u64, at: u64, target: ProgressDrawTarget, template: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), target);
        // The template is a constant, so it parses; a bar without its style still counts.
        if let Ok(style) = ProgressStyle::with_template(template) {
            let style = style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            });
            bar.set_style(style.progress_chars("#."));
        }
        // The rate counts only the values computed in this run, not those resumed from a store.
        bar.set_position(at);
        bar.reset_elapsed();
        bar.reset_eta();
        Progress { bar }
    }

    /// Shows `pos` values done.
    pub fn set_position(&mut self, pos: u64) {
        self.bar.set_position(pos);
    }

    /// Clears the bar's line.
    pub fn finish_and_clear(self) {
        self.bar.finish_and_clear();
    }
}

/// Values a second with a K, M or G suffix: `174.8K/s`.
fn rate(per_second: f64) -> String {
    match per_second {
        x if x >= 1e9 => format!("{:.1}G/s", x / 1e9),
        x if x >= 1e6 => format!("{:.1}M/s", x / 1e6),
        x if x >= 1e3 => format!("{:.1}K/s", x / 1e3),
        x => format!("{x:.0}/s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_shows_the_values_done_and_their_total() {
        let p = Progress::with_target(1_048_576, 0, ProgressDrawTarget::hidden());
        let mut p = p;
        p.set_position(524_288);
        assert_eq!(p.bar.position(), 524_288);
        assert_eq!(p.bar.length(), Some(1_048_576));
        p.finish_and_clear();
    }

    #[test]
    fn rates_in_thousands_and_millions() {
        assert_eq!(rate(4580.09), "4.6K/s");
        assert_eq!(rate(5_000_000.0), "5.0M/s");
        assert_eq!(rate(12.3), "12/s");
    }

    #[test]
    fn the_template_parses() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
        assert!(ProgressStyle::with_template(CODES_TEMPLATE).is_ok());
        assert!(ProgressStyle::with_template(SEARCH_TEMPLATE).is_ok());
    }
}
