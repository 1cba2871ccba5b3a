//! `grundy sg GAME --upto N`: the Sprague-Grundy values G(0..N) of a heap ruleset, the period
//! when one is proven, counts, G(M) through the period, a plot, and a resumable store.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use grundy::{
    guess_pattern, parse_u64, EngineError, Game, GaveUp, HeapSolver, PatternGuess, Period, Ruleset, SparseEngine,
    SparseStats, SplitRules, Work,
};

use crate::plot::{self, PlotData};
use crate::progress::Progress;
use crate::store::{Store, DEFAULT_CHUNK};
use crate::CliError;

/// The most table entries computed when no --budget is given: 2^28 values (512 MiB).
pub const DEFAULT_SG_BUDGET: u64 = 1 << 28;

/// Arguments of `grundy sg`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset: octal:CODE (e.g. octal:0.16), kayles, dawsons-kayles, dawsons-chess,
    /// officers, grundys-game, nim, bounded:K, bash:M, subtraction:S, allbut:S.
    game: String,
    /// Compute G(0), G(1), ..., G(N).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    upto: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Leave the values out; give the count of each value (and the sparse engine's statistics).
    #[arg(long)]
    summary: bool,
    /// Also give G(M), for any M once a period is proven.
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    at: Option<String>,
    /// Save the values in DIR as they are computed, and resume from it.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// Write a scatter plot of G(n) against n (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The most values computed (default 2^28).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// Threads for the engine: 1 (default) or 2 (measured no faster on 2-core machines).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The engine for take-and-break games: sparse (default) or naive (every split).
    #[arg(long, value_name = "METHOD", default_value = "sparse")]
    method: String,
    /// Compute every value up to N even once a period is proven (for benchmarks).
    #[arg(long, hide = true)]
    full: bool,
    /// Values per store file (for a new store; tests use small chunks).
    #[arg(long, value_name = "N", hide = true, default_value_t = DEFAULT_CHUNK)]
    chunk: usize,
    /// State the pattern of the values in words (period, pre-period and repeating block, or an
    /// arithmetic period with its saltus, or that none was found), with an expression to paste.
    #[arg(long)]
    guess: bool,
}

/// The most values handed to the pattern finder: enough for every period the engines prove
/// quickly, without holding a huge table twice.
const GUESS_VALUES: u64 = 1 << 22;

/// Where the values come from once computed.
enum Source {
    /// A take-and-break game: the computed table and the proven period, if any.
    Split { engine: Box<Engine>, period: Option<Period>, stats: Option<SparseStats> },
    /// Any other heap ruleset: its solver answers for every n.
    Solver(HeapSolver),
}

impl Source {
    fn value(&self, n: u64) -> Option<u64> {
        match self {
            Source::Split { engine, period, .. } => {
                if let Some(v) = usize::try_from(n).ok().and_then(|i| engine.value(i)) {
                    return Some(u64::from(v));
                }
                let p = (*period)?;
                let i = p.preperiod + (n - p.preperiod) % p.period;
                engine.value(usize::try_from(i).ok()?).map(u64::from)
            }
            Source::Solver(s) => s.value(n),
        }
    }

    fn period(&self) -> Option<Period> {
        match self {
            Source::Split { period, .. } => *period,
            Source::Solver(s) => s.period(),
        }
    }

    /// How many values were computed one by one (the rest follow from the period).
    fn computed(&self) -> u64 {
        match self {
            Source::Split { engine, .. } => engine.len() as u64,
            Source::Solver(_) => 0,
        }
    }
}

fn gave_up(g: GaveUp) -> CliError {
    CliError::gave_up(&g)
}

/// Runs `grundy sg`.
pub fn run(args: Args) -> Result<(), CliError> {
    let ruleset: Ruleset = match args.game.parse::<Game>().map_err(CliError::usage)? {
        Game::Heaps(r) => r,
        g => {
            return Err(CliError::usage(format!(
                "sg needs a heap ruleset (e.g. kayles, octal:0.16, nim), and '{g}' is not one"
            )))
        }
    };
    let upto = parse_u64(&args.upto, "--upto").map_err(CliError::usage)?;
    let at = args.at.as_deref().map(|m| parse_u64(m, "--at")).transpose().map_err(CliError::usage)?;
    let budget = match args.budget.as_deref() {
        Some(b) => parse_u64(b, "--budget").map_err(CliError::usage)?,
        None => DEFAULT_SG_BUDGET,
    };
    let naive = match args.method.as_str() {
        "sparse" => false,
        "naive" => true,
        m => return Err(CliError::usage(format!("--method '{m}' is not sparse or naive"))),
    };
    if let Some(p) = &args.plot {
        plot::check_path(p).map_err(CliError::usage)?;
    }
    if args.store.is_some() && ruleset.split_rules().is_none() {
        return Err(CliError::usage(format!(
            "--store is for computed tables (take-and-break games); {ruleset} has a closed form or a short proven period"
        )));
    }
    if budget > Work::SplitTable.max_budget() {
        return Err(CliError::usage(format!(
            "--budget {budget} is past {}, the most values one table can hold here ({} of memory)",
            Work::SplitTable.max_budget(),
            grundy::human_bytes(u128::from(grundy::MEMORY_LIMIT))
        )));
    }
    if let Some(rules) = ruleset.split_rules() {
        refuse_unreachable(&ruleset, &rules, upto, at, budget)?;
    }
    let source = match ruleset.split_rules() {
        Some(rules) => {
            let three_heaps = !rules.split3.is_empty();
            let engine = match &args.store {
                Some(dir) => {
                    let mut store =
                        Store::open(dir, &ruleset.to_string(), args.chunk.max(1)).map_err(CliError::usage)?;
                    let values = store.load().map_err(CliError::usage)?;
                    if !values.is_empty() {
                        // On stderr: stdout is the answer (and --json's object) alone.
                        eprintln!("resumed from {} stored values", thousands(values.len() as u64));
                    }
                    let e = Engine::resume(rules, values);
                    compute(e, &args, upto, budget, Some(store))?
                }
                None => {
                    let e = Engine::new(rules, naive);
                    compute(e, &args, upto, budget, None)?
                }
            };
            let period = engine.period();
            // Three-heap splits (hexadecimal codes) are computed plainly: no sparse statistics.
            let stats = (!naive && !three_heaps).then(|| engine.stats());
            if (engine.len() as u64) <= upto && period.is_none() {
                return Err(gave_up(GaveUp { what: Work::SplitTable, used: budget, needed: upto.checked_add(1) }));
            }
            Source::Split { engine: Box::new(engine), period, stats }
        }
        None => Source::Solver(HeapSolver::new(&ruleset, upto, budget).map_err(CliError::analysis)?),
    };
    let last =
        source.value(upto).ok_or_else(|| CliError::usage(format!("no value is known for heap {upto} of {ruleset}")))?;
    // G(M) past the values computed: the library's solver looks for a period within its own
    // bounds (the budget, and the work `analyze` allows), the same policy as `analyze`.
    let at_value = match at {
        Some(m) => Some(match source.value(m) {
            Some(v) => v,
            None => HeapSolver::new(&ruleset, m, budget)
                .map_err(CliError::analysis)?
                .value(m)
                .ok_or_else(|| CliError::usage(format!("no value is known for heap {m} of {ruleset}")))?,
        }),
        None => None,
    };
    let counts = if args.summary { Some(counts(&source, upto, budget)?) } else { None };
    if let Some(path) = &args.plot {
        let data = PlotData::sample(&ruleset.to_string(), upto, source.period(), |n| source.value(n));
        plot::write(path, &data).map_err(CliError::usage)?;
    }
    let guess = args.guess.then(|| {
        // A proven period needs its pre-period and one period in view to be stated.
        let span = source.period().map_or(upto, |p| upto.max(p.preperiod.saturating_add(p.period)));
        let values: Vec<u64> = (0..=span.min(GUESS_VALUES)).map_while(|n| source.value(n)).collect();
        guess_pattern(&values, source.period())
    });
    let out = std::io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let report = Report {
        game: ruleset.to_string(),
        upto,
        last,
        at: at.zip(at_value),
        source: &source,
        counts,
        summary: args.summary,
        guess,
    };
    let written = if args.json { report.json(&mut out) } else { report.text(&mut out) };
    // A closed pipe (e.g. `| head`) is not an error worth reporting.
    let _ = written.and_then(|()| out.flush());
    Ok(())
}

/// Refuses at once the requests that the budget cannot answer, instead of computing to the
/// budget first: values past it of a game whose period no theorem proves (Grundy's game),
/// whether asked by `--upto` or `--at`.
fn refuse_unreachable(
    ruleset: &Ruleset,
    rules: &SplitRules,
    upto: u64,
    at: Option<u64>,
    budget: u64,
) -> Result<(), CliError> {
    if rules.can_prove_period() {
        return Ok(());
    }
    let want = upto.max(at.unwrap_or(0));
    if want < budget {
        return Ok(());
    }
    let values = u128::from(want) + 1;
    let memory = grundy::split_table_cost(rules, values);
    let advice = if values <= u128::from(Work::SplitTable.max_budget()) {
        format!("rerun with --budget {values} (and --store DIR to make the run resumable)")
    } else {
        format!("that is past the {} values one table can hold here", Work::SplitTable.max_budget())
    };
    Err(CliError::usage(format!(
        "G({want}) of {ruleset} needs every value up to it ({values} values, about {memory}), because no theorem proves a period of Grundy's game, and the budget is {budget} values: {advice}"
    )))
}

/// `n` with a comma between each group of three digits: 1234567 is `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The fewest values computed, so that short periods are proven even for a small --upto.
const MIN_VALUES: u64 = 4096;

/// Runs the engine to G(upto), and on to [`MIN_VALUES`] values, unless a period is
/// proven sooner (checked each time the table doubles), within `budget` values, saving to the
/// store as it goes.
fn compute(
    mut engine: Engine,
    args: &Args,
    upto: u64,
    budget: u64,
    mut store: Option<Store>,
) -> Result<Engine, CliError> {
    if let Some(t) = args.threads {
        engine.set_threads(t);
    }
    let need = upto.saturating_add(1);
    let want = need.max(MIN_VALUES);
    let cap = usize::try_from(want.min(budget).max(need.min(budget)))
        .map_err(|_| CliError::usage("the table does not fit in memory: lower --budget"))?;
    engine.reserve(cap).map_err(CliError::usage)?;
    let mut bar = Progress::on_terminal(cap as u64, engine.len() as u64);
    let chunk = store.as_ref().map_or(1 << 16, Store::chunk_len);
    let mut next_check = (engine.len() * 2).max(4096);
    let mut forecast = Forecast::new(engine.len());
    while engine.len() < cap {
        // Chunks end on the store's chunk boundaries, so each save writes whole chunks.
        let mut end = ((engine.len() / chunk + 1) * chunk).min(cap);
        if !args.full {
            // Stop at the next period check too: a periodic game is proven early.
            end = end.min(next_check.max(engine.len() + 1));
        }
        if store.is_none() {
            end = end.min(forecast.probe.max(engine.len() + 1));
        }
        engine.extend_to(end, cap).map_err(CliError::usage)?;
        if store.is_none() {
            if let Some(seconds) = forecast.observe(engine.len(), cap).filter(|&s| s > UNSTORED_SECONDS) {
                return Err(CliError::usage(format!(
                    "computing G(0..{}) of {} is forecast to take roughly {} (from the time the first {} values took); run it resumably with --store DIR, or ask for fewer values",
                    cap - 1,
                    args.game,
                    grundy::human_seconds(seconds),
                    engine.len()
                )));
            }
        }
        if let Some(s) = store.as_mut() {
            s.save(engine.len(), |a, b| engine.range(a, b)).map_err(CliError::usage)?;
        }
        if let Some(b) = bar.as_mut() {
            b.set_position(engine.len() as u64);
        }
        // A proven period ends the work early: every later value follows from it. (Periodic
        // games are the sparse method's worst case, as every mask leaves many rare positions.)
        if !args.full && engine.len() >= next_check {
            next_check = engine.len() * 2;
            if engine.period().is_some() {
                break;
            }
        }
    }
    if let Some(s) = store.as_mut() {
        s.save(engine.len(), |a, b| engine.range(a, b)).map_err(CliError::usage)?;
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(engine)
}

/// The longest that a run without `--store` may be forecast to take: past it, the run is
/// refused (with the forecast) rather than left to run for hours with nothing saved.
const UNSTORED_SECONDS: f64 = 120.0;

/// Forecasts the time a table takes from the time its first values took: at each doubling of
/// the values (512, 1,024, ...) the growth of the time so far over one doubling is that of a
/// power law (2 for a linear engine, 4 for the plain method, 8 with three-heap splits), clamped
/// to 2..16, and the forecast applies it once per doubling still to come.
struct Forecast {
    start: Instant,
    /// The next number of values at which the time is read.
    probe: usize,
    /// The values and seconds at the previous reading.
    last: Option<(usize, f64)>,
}

impl Forecast {
    fn new(len: usize) -> Self {
        Forecast { start: Instant::now(), probe: (len + 1).next_power_of_two().max(512), last: None }
    }

    /// Reads the clock when `len` has reached the probe; returns the forecast seconds for
    /// `cap` values once two readings of at least 50 ms apart are known.
    fn observe(&mut self, len: usize, cap: usize) -> Option<f64> {
        if len < self.probe {
            return None;
        }
        let t = self.start.elapsed().as_secs_f64();
        let forecast = match self.last {
            Some((l0, t0)) if t >= 0.05 && t0 > 0.0 && t > t0 && len > l0 => {
                // The growth of the time per doubling of the values (a power law's 2^e, e in
                // 1..4), applied once per doubling still to come: plain products, so that the
                // binary needs no libm (its pages would cost every run half a megabyte).
                // Readings are one doubling apart (the probes double), so t / t0 is that growth.
                let growth = (t / t0).clamp(2.0, 16.0);
                let mut forecast = t;
                let mut at = len;
                while at < cap {
                    forecast *= growth;
                    at = at.saturating_mul(2);
                }
                Some(forecast)
            }
            _ => None,
        };
        self.last = Some((len, t));
        self.probe = len.saturating_mul(2);
        forecast
    }
}

/// How many n in 0..=upto have each value, from the table and the period.
fn counts(source: &Source, upto: u64, budget: u64) -> Result<Vec<(u64, u128)>, CliError> {
    let mut counts: std::collections::BTreeMap<u64, u128> = Default::default();
    let value = |n: u64| source.value(n).ok_or_else(|| CliError::usage(format!("no value is known for heap {n}")));
    match source.period() {
        Some(p) if p.saltus == 0 => {
            // Count 0..min(upto, n0 + p - 1) one by one; every later n repeats a residue.
            let head_end = p.preperiod.saturating_add(p.period).min(upto.saturating_add(1));
            for n in 0..head_end {
                *counts.entry(value(n)?).or_default() += 1;
            }
            for i in p.preperiod..p.preperiod + p.period {
                if let Some(extra) = upto.checked_sub(i).map(|d| d / p.period).filter(|&k| k > 0) {
                    *counts.entry(value(i)?).or_default() += u128::from(extra);
                }
            }
        }
        _ => {
            if upto >= budget {
                return Err(gave_up(GaveUp { what: Work::ValuesCounted, used: budget, needed: upto.checked_add(1) }));
            }
            for n in 0..=upto {
                *counts.entry(value(n)?).or_default() += 1;
            }
        }
    }
    Ok(counts.into_iter().collect())
}

/// What `sg` prints.
struct Report<'a> {
    game: String,
    upto: u64,
    last: u64,
    at: Option<(u64, u64)>,
    source: &'a Source,
    counts: Option<Vec<(u64, u128)>>,
    summary: bool,
    guess: Option<PatternGuess>,
}

impl Report<'_> {
    fn text(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "{}: G(n) for n = 0..{}", self.game, self.upto)?;
        if !self.summary {
            let mut n = 0u64;
            loop {
                let row_end = n.saturating_add(19).min(self.upto);
                write!(out, "{n:>8}:")?;
                for m in n..=row_end {
                    write!(out, " {}", self.source.value(m).unwrap_or(0))?;
                }
                writeln!(out)?;
                if row_end == self.upto {
                    break;
                }
                n = row_end + 1;
            }
        }
        match self.source.period() {
            Some(p) if p.saltus == 0 => writeln!(out, "period: {} from n = {} (proven)", p.period, p.preperiod)?,
            Some(p) => {
                writeln!(out, "period: G(n + {}) = G(n) + {} from n = {} (proven)", p.period, p.saltus, p.preperiod)?
            }
            None => writeln!(out, "period: none proven in the {} values computed", self.source.computed())?,
        }
        writeln!(out, "G({}) = {}", self.upto, self.last)?;
        if let Some((m, v)) = self.at {
            writeln!(out, "G({m}) = {v}")?;
        }
        if let Some(g) = &self.guess {
            writeln!(out, "pattern: {}", g.words)?;
            if let Some(e) = &g.expression {
                writeln!(out, "as an expression: {e}")?;
            }
        }
        if let Some(counts) = &self.counts {
            writeln!(out, "counts (value: how many n):")?;
            for (v, c) in counts {
                writeln!(out, "  {v}: {c}")?;
            }
        }
        if let Source::Split { stats: Some(s), .. } = self.source {
            if self.summary {
                writeln!(
                    out,
                    "sparse engine: mask {:#x} (on 2G(n) + n mod 2), {} rare and {} common positions, {} mask changes, {} scans",
                    s.mask, s.rare_positions, s.common_positions, s.rebuilds, s.scans
                )?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut impl Write) -> std::io::Result<()> {
        let game = serde_json::to_string(&self.game).unwrap_or_else(|_| "\"\"".into());
        write!(out, "{{\"game\":{game},\"upto\":{}", self.upto)?;
        if !self.summary {
            // Written as they come: the values can be far more than fit in memory as JSON.
            out.write_all(b",\"values\":[")?;
            for n in 0..=self.upto {
                if n > 0 {
                    out.write_all(b",")?;
                }
                write!(out, "{}", self.source.value(n).unwrap_or(0))?;
            }
            out.write_all(b"]")?;
        }
        match self.source.period() {
            Some(p) => write!(
                out,
                ",\"period\":{{\"preperiod\":{},\"period\":{},\"saltus\":{}}}",
                p.preperiod, p.period, p.saltus
            )?,
            None => write!(out, ",\"period\":null")?,
        }
        write!(out, ",\"last\":{}", self.last)?;
        if let Some(g) = &self.guess {
            let guess = serde_json::json!({"words": g.words, "expression": g.expression, "proven": g.proven});
            write!(out, ",\"guess\":{guess}")?;
        }
        if let Some((m, v)) = self.at {
            write!(out, ",\"at\":{{\"n\":{m},\"value\":{v}}}")?;
        }
        if let Some(counts) = &self.counts {
            out.write_all(b",\"counts\":[")?;
            for (i, (v, c)) in counts.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write!(out, "{{\"value\":{v},\"count\":{c}}}")?;
            }
            out.write_all(b"]")?;
            if let Source::Split { stats: Some(s), .. } = self.source {
                let s = serde_json::to_string(s).unwrap_or_else(|_| "null".into());
                write!(out, ",\"sparse\":{s}")?;
            }
        }
        writeln!(out, "}}")
    }
}

/// The engine with its values in one byte while they fit, widened to two bytes when a value
/// passes 255: the table is the run's memory, and most games stay below 256 for millions of
/// values.
enum Engine {
    Narrow(SparseEngine<u8>),
    Wide(SparseEngine<u16>),
}

impl Engine {
    fn new(rules: SplitRules, naive: bool) -> Self {
        match naive {
            true => Engine::Wide(SparseEngine::naive(rules)),
            false => Engine::Narrow(SparseEngine::with_cells(rules)),
        }
    }

    /// Continues from stored values, in one byte each when they all fit.
    fn resume(rules: SplitRules, values: Vec<u16>) -> Self {
        if values.iter().all(|&v| v <= u16::from(u8::MAX)) {
            let narrow: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            drop(values);
            Engine::Narrow(SparseEngine::resume_cells(rules, narrow))
        } else {
            Engine::Wide(SparseEngine::resume(rules, values))
        }
    }

    fn len(&self) -> usize {
        match self {
            Engine::Narrow(e) => e.len(),
            Engine::Wide(e) => e.len(),
        }
    }

    fn value(&self, n: usize) -> Option<u16> {
        match self {
            Engine::Narrow(e) => e.values().get(n).map(|&v| u16::from(v)),
            Engine::Wide(e) => e.values().get(n).copied(),
        }
    }

    /// G(start..end) as u16, for the store.
    fn range(&self, start: usize, end: usize) -> Vec<u16> {
        match self {
            Engine::Narrow(e) => e.values()[start..end].iter().map(|&v| u16::from(v)).collect(),
            Engine::Wide(e) => e.values()[start..end].to_vec(),
        }
    }

    fn period(&self) -> Option<Period> {
        match self {
            Engine::Narrow(e) => e.period(),
            Engine::Wide(e) => e.period(),
        }
    }

    fn stats(&self) -> SparseStats {
        match self {
            Engine::Narrow(e) => e.stats(),
            Engine::Wide(e) => e.stats(),
        }
    }

    fn set_threads(&mut self, t: usize) {
        match self {
            Engine::Narrow(e) => e.set_threads(t),
            Engine::Wide(e) => e.set_threads(t),
        }
    }

    fn reserve(&mut self, len: usize) -> Result<(), EngineError> {
        match self {
            Engine::Narrow(e) => e.reserve(len),
            Engine::Wide(e) => e.reserve(len),
        }
    }

    /// Extends to `len` values, widening (and reserving `cap` again) when a value passes 255.
    fn extend_to(&mut self, len: usize, cap: usize) -> Result<(), EngineError> {
        loop {
            match self {
                Engine::Wide(e) => return e.extend_to(len),
                Engine::Narrow(e) => match e.extend_to(len) {
                    Err(EngineError::ValueTooLarge { .. }) => {
                        let placeholder = Engine::Narrow(SparseEngine::with_cells(e.rules().clone()));
                        if let Engine::Narrow(old) = std::mem::replace(self, placeholder) {
                            let mut wide = old.widen();
                            wide.reserve(cap)?;
                            *self = Engine::Wide(wide);
                        }
                    }
                    other => return other,
                },
            }
        }
    }
}
