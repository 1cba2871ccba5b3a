//! `grundy sg GAME --upto N`: the Sprague-Grundy values G(0..N) of a heap ruleset, the period
//! when one is proven, counts, G(M) through the period, a plot, and a resumable store.

use std::io::Write;
use std::path::PathBuf;

use grundy::frontend::{parse_u64, SequenceObserver};
use grundy::frontend::{MisereOutcomesReport, PartizanHeapTable, PartizanHeaps, SequenceReport, SequenceRule};
use grundy::{Algorithm, Game, HeapSolver, Ruleset, Sequence, SequenceBuilder, SequenceError, Work};

use crate::plot::{self, PlotData};
use crate::progress::Progress;
use crate::store::{Store, DEFAULT_CHUNK};
use crate::{CliError, ErrorKind};

/// The most table entries computed when no --budget is given: 2^28 values (512 MiB).
pub const DEFAULT_SG_BUDGET: u64 = grundy::frontend::DEFAULT_SEQUENCE_BUDGET;

/// Arguments of `grundy sg`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset (e.g. kayles, octal:0.16, subtraction:2,5; 'grundy games' lists them all),
    /// or a partizan game of heaps, psub:LEFT:RIGHT or poctal:LEFT:RIGHT: each heap's Conway
    /// value and outcome.
    #[arg(long_help = crate::cmd::games::game_help(true))]
    game: String,
    /// Compute G(0), G(1), ..., G(N).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    upto: String,
    /// Print one JSON object, the one `GET /api/sg` answers: {game, upto, values, period,
    /// last, method}, with --guess its rule {family, words, expression, from, proven}.
    #[arg(long)]
    json: bool,
    /// Leave the values out; give the count of each value (and the sparse engine's statistics).
    #[arg(long)]
    summary: bool,
    /// Also give G(M), for any M once a period is proven (for psub and poctal, heap M's
    /// outcome through the proven outcome period).
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    at: Option<String>,
    /// Save the values in DIR as they are computed, and resume from it.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// Write a scatter plot of G(n) against n (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The most values computed (default 2^28; for psub and poctal the most heaps valued,
    /// default 2,000,000, with 25 steps of work on Conway's values a unit).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// Threads for the sparse engine's blocks: 1 (the default) or 2 (measured no faster on
    /// 2-core machines).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=2))]
    threads: Option<u8>,
    /// The engine for take-and-break games: measured (default: the sparse method or the plain
    /// one, whichever measures cheaper as it runs), sparse, or naive (every split).
    #[arg(long, value_name = "METHOD", default_value = "measured")]
    method: String,
    /// Hold every value up to N in the table (for benchmarks and the store): past a proven
    /// period the values are derived from it (a copy, exact) rather than computed.
    #[arg(long, hide = true)]
    full: bool,
    /// Compute every value up to N one by one, with no shortcut at a proven period (the period
    /// is still proven and printed): the like-for-like run for comparing engines.
    #[arg(long)]
    every_value: bool,
    /// Values per store file (for a new store; tests use small chunks).
    #[arg(long, value_name = "N", hide = true, default_value_t = DEFAULT_CHUNK)]
    chunk: usize,
    /// Misère play: who wins a single heap of each size (P: the player to move loses), with the
    /// proven period (Nim, bounded:K, bash:M, subtraction:S, allbut:S); take-and-break games
    /// are searched, with no period claimed.
    #[arg(long, conflicts_with_all = ["summary", "at", "store", "plot", "guess", "full", "every_value"])]
    misere: bool,
    /// The most bytes of values printed (e.g. 512M, 4G; at most 1T): a listing of G(0..N)
    /// forecast past it is refused before any work (--summary gives the count of each value).
    #[arg(long, value_name = "BYTES", default_value = "1G")]
    max_output: String,
    /// State the pattern of the values in words (period, pre-period and repeating block, or an
    /// arithmetic period with its saltus, or that none was found), with an expression to paste.
    #[arg(long)]
    guess: bool,
}

/// `grundy sg psub:LEFT:RIGHT --upto N` (or `poctal:LEFT:RIGHT`): each heap's Conway value and
/// outcome class, the outcome period where one is proven and the behaviour it shows
/// ([`PartizanHeapTable`]); `--at M` gives heap M's outcome through the period. The flags of
/// Grundy values' tables are refused.
fn partizan(rules: &dyn PartizanHeaps, game: &str, args: &Args) -> Result<(), CliError> {
    let refused = [
        ("--summary", args.summary),
        ("--store", args.store.is_some()),
        ("--plot", args.plot.is_some()),
        ("--threads", args.threads.is_some()),
        ("--method", args.method != "measured"),
        ("--every-value", args.every_value),
        ("--misere", args.misere),
        ("--guess", args.guess),
        ("--full", args.full),
    ];
    if let Some((flag, _)) = refused.iter().find(|(_, given)| *given) {
        return Err(CliError::usage(format!(
            "{flag} is for Grundy values' tables; {game} is partizan: its table is each heap's Conway value and outcome"
        ))
        .argument(*flag));
    }
    let upto = parse_u64(&args.upto, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
    let at = args
        .at
        .as_deref()
        .map(|m| parse_u64(m, "--at"))
        .transpose()
        .map_err(|e| CliError::usage(e).argument("--at"))?;
    let budget = budget_given(args)?.unwrap_or(grundy::frontend::DEFAULT_BUDGET);
    let max_output = crate::cmd::serve::parse_bytes("--max-output", &args.max_output)
        .map_err(|e| CliError::usage(e).argument("--max-output"))?;
    // At least a value, an outcome and a line's spaces a heap.
    if u128::from(upto).saturating_add(1).saturating_mul(6) > u128::from(max_output) {
        return Err(CliError::usage(format!(
            "the table of heaps 0..{upto} is more than {max_output} bytes (--max-output raises the limit)"
        ))
        .argument("--max-output"));
    }
    let table = rules.heap_table(upto, budget).map_err(CliError::analysis)?;
    let at = match at {
        Some(m) => Some((
            m,
            table.outcome_at(m).ok_or_else(|| {
                CliError::usage(format!(
                    "heap {m} is past the {} heaps searched and no period is proven, so its outcome is not known",
                    table.searched + 1
                ))
                .argument("--at")
            })?,
        )),
        None => None,
    };
    let mut out = String::new();
    if args.json {
        let mut object = serde_json::to_value(&table).map_err(|e| CliError::usage(e.to_string()))?;
        if let (Some((m, o)), Some(map)) = (at, object.as_object_mut()) {
            map.insert("at".into(), serde_json::json!({ "heap": m, "outcome": o.to_string() }));
        }
        out += &object.to_string();
        out.push('\n');
    } else {
        out += &partizan_text(&table, at);
    }
    crate::out::emit(&out);
    Ok(())
}

/// The text of a partizan heap table: a line a heap (its outcome class, its value), then the
/// period with its proof, and the behaviour.
fn partizan_text(table: &PartizanHeapTable, at: Option<(u64, char)>) -> String {
    let mut out = format!("{}: each heap's outcome and Conway value for n = 0..{}\n", table.game, table.upto);
    out += "       n  outcome  value\n";
    for (n, (o, v)) in table.outcomes.chars().zip(&table.values).enumerate() {
        out += &format!("{n:>8}  {o:<7}  {}\n", v.as_deref().unwrap_or("-"));
    }
    // A game whose heaps may split has outcomes only where it has values: the rows stop there.
    let rows = table.outcomes.chars().count();
    let why = table.values_stop.as_deref().map(|why| format!("; {why}")).unwrap_or_default();
    if table.values.iter().take(rows).any(Option::is_none) {
        out += &format!(
            "values marked - are not written: longer than 400 characters or nested too deep to write, as grundy value {} N says{}\n",
            table.game,
            if rows < table.values.len() { "" } else { &why }
        );
    }
    if rows < table.values.len() {
        out += &format!("heaps {rows}..{} are not listed{why}\n", table.upto);
    }
    match &table.period {
        Some(p) => {
            out +=
                &format!("outcome period: {} from n = {}, the block {}; {}\n", p.period, p.preperiod, p.block, p.proof);
            out += &format!("behaviour: {}\n", p.behaviour_words);
        }
        None => out += &format!("outcome period: none proven ({})\n", table.no_period.as_deref().unwrap_or("")),
    }
    if let Some((m, o)) = at {
        out += &format!("heap {m}: outcome {o}\n");
    }
    out
}

/// The most values handed to the pattern finder: enough for every period the engines prove
/// quickly, without holding a huge table twice.
const GUESS_VALUES: u64 = 1 << 22;

/// Runs `grundy sg`.
pub fn run(args: Args) -> Result<(), CliError> {
    let game = args.game.parse::<Game>().map_err(|e| CliError::usage(e).argument("GAME"))?;
    if let Some(rules) = grundy::frontend::partizan_heaps(&game) {
        return partizan(rules, &game.to_string(), &args);
    }
    let ruleset: Ruleset = match game {
        Game::Heaps(r) => r,
        g => {
            return Err(CliError::usage(format!(
                "sg needs a heap ruleset, and '{g}' is not one (heap rulesets: {})",
                grundy::frontend::spellings(true)
            ))
            .argument("GAME"))
        }
    };
    let upto = parse_u64(&args.upto, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
    if args.misere {
        return misere(&ruleset, upto, &args);
    }
    let at = args
        .at
        .as_deref()
        .map(|m| parse_u64(m, "--at"))
        .transpose()
        .map_err(|e| CliError::usage(e).argument("--at"))?;
    let budget = budget_given(&args)?.unwrap_or(DEFAULT_SG_BUDGET);
    let method = match args.method.as_str() {
        "measured" => Algorithm::Measured,
        "sparse" => Algorithm::Sparse,
        "naive" => Algorithm::Naive,
        m => {
            return Err(CliError::usage(format!("--method '{m}' is not measured, sparse or naive")).argument("--method"))
        }
    };
    if let Some(p) = &args.plot {
        plot::check_path(p).map_err(|e| CliError::usage(e).argument("--plot"))?;
    }
    if args.store.is_some() && ruleset.split_rules().is_none() {
        return Err(CliError::usage(format!(
            "--store is for computed tables (take-and-break games); {ruleset} has a closed form or a short proven period"
        ))
        .argument("--store"));
    }
    let mut builder = SequenceBuilder::new(&ruleset)
        .upto(upto)
        .budget(budget)
        .method(method)
        .full(args.full)
        .every_value(args.every_value)
        // Ctrl-C keeps the values computed so far: they are printed, and stored with --store.
        .keep_on_cancel(true);
    if let Some(t) = args.threads {
        builder = builder.threads(usize::from(t));
    }
    // The refusals made before any work (and before the store is opened), for G(M) too.
    builder.clone().upto(upto.max(at.unwrap_or(0))).check().map_err(|e| refusal(e, &args))?;
    let max_output = crate::cmd::serve::parse_bytes("--max-output", &args.max_output)
        .map_err(|e| CliError::usage(e).argument("--max-output"))?;
    // A take-and-break game's table may be computed all the way to N, so its listing is
    // refused before that work; its values are below 2^16, so --summary always counts them.
    if !args.summary && ruleset.split_rules().is_some() {
        check_listing(upto, None, max_output, &args, || true)?;
    }
    let source = match &args.store {
        Some(dir) => {
            let store_error = |e: String| CliError::of_kind(ErrorKind::Io, e).argument("--store");
            let mut store = Store::open(dir, &ruleset.to_string(), args.chunk.max(1)).map_err(store_error)?;
            let values = store.load().map_err(store_error)?;
            let resumed = values.len() as u64;
            // On stderr: stdout is the answer (and --json's object) alone.
            if resumed > 0 {
                eprintln!("resumed from {} stored values", thousands(resumed));
            }
            let built = builder.resume(values).build_with(Some(&mut store), &mut Bar(None));
            if let Ok(sequence) = &built {
                let computed = sequence.computed();
                match computed.checked_sub(resumed).filter(|&new| new > 0) {
                    Some(new) => {
                        eprintln!("stored {} values in {} ({} new)", thousands(computed), dir.display(), thousands(new))
                    }
                    None => eprintln!("nothing new to store in {}", dir.display()),
                }
            }
            built
        }
        None => builder.build_with(None, &mut Bar(None)),
    }
    .map_err(|e| refusal(e, &args))?;
    // Stopped at Ctrl-C: what follows answers for the values computed by then.
    let upto = source.upto();
    let last =
        source.value(upto).ok_or_else(|| CliError::usage(format!("no value is known for heap {upto} of {ruleset}")))?;
    // G(M) past the values computed: the library's solver looks for a period within its own
    // bounds (the budget, and the work `analyze` allows), the same policy as `analyze`.
    let at_value = match at {
        Some(m) => Some(match source.value(m) {
            Some(v) => v,
            // The stop that ended the table would stop the solver too.
            None if source.cancelled() => {
                return Err(CliError::interrupted(format!(
                    "stopped at Ctrl-C after G(0..{upto}), before G({m}) was known{}",
                    resume_advice(&args)
                )))
            }
            None => HeapSolver::new(&ruleset, m, budget)
                .map_err(CliError::analysis)?
                .value(m)
                .ok_or_else(|| CliError::usage(format!("no value is known for heap {m} of {ruleset}")))?,
        }),
        None => None,
    };
    if !args.summary {
        // The other rulesets' solvers answer at once; their periods may have a saltus, which
        // bounds the values from below (Nim's are n itself).
        check_listing(upto, source.period(), max_output, &args, || source.counts(upto).is_ok())?;
    }
    let counts = if args.summary { Some(source.counts(upto).map_err(|e| refusal(e, &args))?) } else { None };
    if let Some(path) = &args.plot {
        let data = PlotData::sample(&ruleset.to_string(), upto, source.period(), |n| source.value(n));
        plot::write(path, &data).map_err(|e| CliError::of_kind(ErrorKind::Io, e).argument("--plot"))?;
        // On stderr: stdout is the answer (and --json's object) alone.
        let values = u128::from(upto) + 1;
        let drawn = if upto < plot::DENSE {
            format!("{} value{}", thousands(values), if values == 1 { "" } else { "s" })
        } else {
            format!("{} values, sampled in each pixel column", thousands(values))
        };
        eprintln!("wrote {} ({drawn})", path.display());
    }
    let guess = args.guess.then(|| {
        // A proven period needs its pre-period and one period in view to be stated; when they
        // are more than the finder is handed, the period is the rule all the same (no rule is
        // looked for: one found in fewer values could contradict it), so only G(0..upto) is
        // given, for the words.
        let span = match source.period() {
            Some(p) if p.preperiod.saturating_add(p.period) <= GUESS_VALUES => {
                upto.max(p.preperiod.saturating_add(p.period))
            }
            _ => upto,
        };
        let values: Vec<u64> = (0..=span.min(GUESS_VALUES)).map_while(|n| source.value(n)).collect();
        SequenceRule::of(&values, source.period())
    });
    let mut out = crate::out::Stdout::new();
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
    // A write error is kept by `out` for `main` to report (a closed pipe is none).
    let _ = written.and_then(|()| out.flush());
    if source.cancelled() {
        return Err(CliError::interrupted(format!(
            "stopped at Ctrl-C after G(0..{upto}), the values printed{}",
            resume_advice(&args)
        )));
    }
    Ok(())
}

/// How a run stopped at Ctrl-C goes on: from its store, or with one.
fn resume_advice(args: &Args) -> String {
    match &args.store {
        Some(dir) => format!(": they are kept in {}, and the same command resumes from them", dir.display()),
        None => ": add --store DIR to keep the values, so that a later run resumes".to_string(),
    }
}

/// The --budget given, if any.
fn budget_given(args: &Args) -> Result<Option<u64>, CliError> {
    args.budget
        .as_deref()
        .map(|b| parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget")))
        .transpose()
}

/// Refuses a listing of G(0..=`upto`) whose output is forecast past `max_output` bytes, with
/// the size and advice that works: `--summary` when `summary_counts` says the counts can be
/// given, else the largest `--upto` whose listing surely fits, and a `--max-output` that lets
/// this one through.
fn check_listing(
    upto: u64,
    period: Option<grundy::Period>,
    max_output: u64,
    args: &Args,
    summary_counts: impl FnOnce() -> bool,
) -> Result<(), CliError> {
    let bytes = listing_bytes_at_least(upto, period, args.json);
    if bytes <= u128::from(max_output) {
        return Ok(());
    }
    let instead = if summary_counts() {
        "add --summary for the count of each value instead".to_string()
    } else {
        // At most 20 digits and a space a value, and a row's number (at most 21 bytes) for
        // every 20 values: 23 bytes a value is an upper bound, past a header of 200 bytes.
        let fits = (max_output.saturating_sub(200) / 23).saturating_sub(1);
        format!("ask for --upto {fits} or less, which prints within it")
    };
    // --max-output is read in whole MiB, at most 1T (`serve::parse_bytes`).
    let raise = bytes.div_ceil(1 << 20);
    let raise = if raise <= 1 << 20 { format!(", or --max-output {raise}M to print them all") } else { String::new() };
    Err(CliError::of_kind(
        ErrorKind::Refused,
        format!(
            "G(0..{upto}) printed one by one is at least {} bytes ({}), past the {} --max-output allows: {instead}{raise}",
            thousands(bytes),
            grundy::frontend::human_bytes(bytes),
            grundy::frontend::human_bytes(u128::from(max_output)),
        ),
    )
    .argument("--upto"))
}

/// A lower bound of the bytes `sg` prints for G(0..=`upto`) (text rows of 20, or JSON): each
/// value takes its digits and a separator, each row its number; a proven period with a saltus
/// s bounds G(n) from below by s * floor((n - n0) / p), so values' digits are counted from
/// it (exact for Nim); without one, every value is taken as one digit.
fn listing_bytes_at_least(upto: u64, period: Option<grundy::Period>, json: bool) -> u128 {
    let values = u128::from(upto) + 1;
    // How many n in 0..=upto have n >= first.
    let from = |first: u128| values.saturating_sub(first);
    // One digit and one separator each, and one more digit for each n with G(n) >= 10^d.
    let mut bytes = 2 * values;
    if let Some(p) = period.filter(|p| p.saltus > 0) {
        let (n0, per, s) = (u128::from(p.preperiod), u128::from(p.period), u128::from(p.saltus));
        for d in 1..20u32 {
            // G(n) >= s * floor((n - n0) / p) >= 10^d once floor((n - n0) / p) >= ceil(10^d / s).
            let k = 10u128.pow(d).div_ceil(s);
            bytes += from(n0.saturating_add(per.saturating_mul(k)));
        }
    }
    if !json {
        // Rows of 20: "{n:>8}:" and a line end, a wider number past 10^8.
        let rows = values.div_ceil(20);
        bytes += 10 * rows;
        for d in 8..20u32 {
            bytes += rows.saturating_sub(10u128.pow(d).div_ceil(20));
        }
    }
    bytes
}

/// The most single-heap misère outcomes printed: the period proves the rest.
const MAX_MISERE_UPTO: u64 = 1 << 24;

/// `sg --misere`: who wins a single heap of each size under misère play, and the proven period.
fn misere(ruleset: &Ruleset, upto: u64, args: &Args) -> Result<(), CliError> {
    // A table of outcomes as analyze would allow it, unless a budget is given.
    let budget = budget_given(args)?.unwrap_or(grundy::frontend::DEFAULT_BUDGET);
    if upto > MAX_MISERE_UPTO {
        return Err(CliError::usage(format!(
            "--upto {upto} with --misere prints one letter a heap size; at most {MAX_MISERE_UPTO} are printed (the period gives the rest: analyze GAME N --misere answers any N)"
        ))
        .argument("--upto"));
    }
    let Some(heaps) = grundy::frontend::MisereHeaps::new(ruleset, budget).map_err(CliError::analysis)? else {
        return misere_searched(ruleset, upto, budget, args);
    };
    let p = heaps.period();
    let letter = |n: u64| if heaps.mover_wins(n) { 'N' } else { 'P' };
    let outcomes: String = (0..=upto).map(letter).collect();
    let report = MisereOutcomesReport::new(
        ruleset.to_string(),
        upto,
        outcomes,
        Some(grundy::Period { saltus: 0, ..p }),
        heaps.method().to_string(),
        heaps.reason(),
    );
    print_misere(&report, &format!("period: {} from n = {} (proven)", p.period, p.preperiod), args);
    Ok(())
}

/// `sg --misere` of a take-and-break game: the outcomes by an exact search of the sums of heaps
/// the splits leave, bounded before it starts, with no period claimed.
fn misere_searched(ruleset: &Ruleset, upto: u64, budget: u64, args: &Args) -> Result<(), CliError> {
    let wins = grundy::frontend::misere_single_heaps(ruleset, upto, budget).map_err(CliError::analysis)?;
    let outcomes: String = wins.iter().map(|&w| if w { 'N' } else { 'P' }).collect();
    let why = format!(
        "under misère play a heap of {ruleset} is won exactly when some move leaves a lost position, and its splits leave sums of heaps whose misère outcomes do not follow from the single heaps', so each outcome comes from an exact search of those sums; no theorem here proves a period of them, so only the heaps searched are known"
    );
    let report = MisereOutcomesReport::new(ruleset.to_string(), upto, outcomes, None, "search".into(), why);
    print_misere(&report, "period: none claimed", args);
    Ok(())
}

/// Prints single-heap misère outcomes (one letter a heap: P when the player to move loses), in
/// rows of 60 with the period's line and why they are known, or as the library's one JSON
/// object (as `/api/sg?misere=true` answers it).
fn print_misere(report: &MisereOutcomesReport, period: &str, args: &Args) {
    let mut out = String::new();
    if args.json {
        out += &serde_json::to_string(report).unwrap_or_default();
        out += "\n";
    } else {
        let (ruleset, upto) = (&report.game, report.upto);
        out += &format!(
            "{ruleset}, misère play: who wins a single heap of n (P: the player to move loses) for n = 0..{upto}\n"
        );
        for (row, chunk) in report.outcomes.as_bytes().chunks(60).enumerate() {
            out += &format!("{:>8}: {}\n", row * 60, String::from_utf8_lossy(chunk));
        }
        out += &format!("{period}\nwhy: {}\n", report.why);
    }
    crate::emit(&out);
}

/// The library's refusal in the command line's words: the flags that change the answer.
fn refusal(e: SequenceError, args: &Args) -> CliError {
    let max = Work::SplitTable.max_budget();
    let kind = match &e {
        SequenceError::BudgetTooLarge { .. } => ErrorKind::BadInput,
        _ => ErrorKind::Refused,
    };
    CliError::of_kind(kind, match e {
        SequenceError::GaveUp(g) => return CliError::gave_up(&g),
        SequenceError::BudgetTooLarge { budget, max } => {
            return CliError::usage(format!(
                "--budget {budget} is past {max}, the most values one table can hold here ({} of memory)",
                grundy::frontend::human_bytes(u128::from(grundy::frontend::MEMORY_LIMIT))
            ))
            .argument("--budget")
        }
        SequenceError::Unreachable { heap, .. } => {
            let values = u128::from(heap) + 1;
            let advice = if values <= u128::from(max) {
                format!("rerun with --budget {values} (and --store DIR to make the run resumable)")
            } else {
                format!("that is past the {max} values one table can hold here")
            };
            format!("{e}: {advice}")
        }
        SequenceError::Forecast { last, seconds, computed, .. } => format!(
            "computing G(0..{last}) of {} is forecast to take roughly {} (from the time the first {computed} values took); run it resumably with --store DIR, or ask for fewer values",
            args.game,
            grundy::frontend::human_seconds(seconds),
        ),
        SequenceError::TableTooLarge => "the table does not fit in memory: lower --budget".to_string(),
        e => e.to_string(),
    })
}

/// The progress bar, shown only on a terminal, as the library's table grows.
struct Bar(Option<Progress>);

impl SequenceObserver for Bar {
    fn started(&mut self, total: u64, done: u64) {
        self.0 = Progress::on_terminal(total, done);
    }

    fn advanced(&mut self, done: u64) {
        if let Some(b) = self.0.as_mut() {
            b.set_position(done);
        }
    }

    fn finished(&mut self) {
        if let Some(b) = self.0.take() {
            b.finish_and_clear();
        }
    }
}

/// `n` with a comma between each group of three digits: 1234567 is `1,234,567`.
fn thousands(n: impl Into<u128>) -> String {
    let n: u128 = n.into();
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

/// What `sg` prints.
struct Report<'a> {
    game: String,
    upto: u64,
    last: u64,
    at: Option<(u64, u64)>,
    source: &'a Sequence,
    counts: Option<Vec<(u64, u128)>>,
    summary: bool,
    guess: Option<SequenceRule>,
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
        if self.source.cancelled() {
            writeln!(out, "stopped at Ctrl-C: these are the values computed by then, G(0..{})", self.upto)?;
        }
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
        if let Some(s) = self.source.stats() {
            if self.summary {
                writeln!(
                    out,
                    "sparse engine: mask {:#x} (on 2G(n) + n mod 2), {} rare and {} common positions, {} mask changes, {} scans",
                    s.mask, s.rare_positions, s.common_positions, s.rebuilds, s.scans
                )?;
                if s.plain_values > 0 || s.method_switches > 0 {
                    let changes = match s.method_switches {
                        0 => "no change of method".to_string(),
                        1 => format!("1 change of method, at n = {}", s.last_switch_at),
                        k => format!("{k} changes of method, the last at n = {}", s.last_switch_at),
                    };
                    writeln!(
                        out,
                        "method by measured time per value: {} values by the plain method (every split, trials included), {changes}; ending with the {} method",
                        s.plain_values, s.method
                    )?;
                }
                if s.derived > 0 {
                    writeln!(
                        out,
                        "then derived from the proven period: {} values (G(n) = G(n - p), a copy; the engine stopped computing once the period was proven)",
                        s.derived
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The library's one serialised form ([`SequenceReport`]), as `/api/sg` answers it.
    fn json(&self, out: &mut impl Write) -> std::io::Result<()> {
        let report = SequenceReport {
            game: self.game.clone(),
            upto: self.upto,
            sequence: self.source,
            list_values: !self.summary,
            rule: self.guess.clone(),
            at: self.at,
            counts: self.counts.clone(),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)
    }
}
