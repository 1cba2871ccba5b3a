//! `grundy quotient GAME [--upto N] [--budget N] [--work N] [--json]`: the misère quotient of a
//! take-and-break game (Plambeck and Siegel), proven heap by heap, and for every heap size when
//! the periodicity theorem applies, within a bound on the work that it prints.

use grundy::{
    parse_u64, Game, MisereQuotient, QuotientBuilder, QuotientError, QuotientStop, Ruleset, DEFAULT_QUOTIENT_WORK,
    MAX_QUOTIENT_ORDER, MAX_QUOTIENT_WORK,
};

use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy quotient`.
#[derive(clap::Args)]
pub struct Args {
    /// A take-and-break game: kayles, dawsons-kayles, octal:CODE, hex:CODE, ...
    #[arg(value_name = "GAME")]
    game: String,
    /// Compute the quotient of the heaps up to N (at most 10000; default: 500, or fewer when
    /// a period is proven sooner).
    #[arg(long, value_name = "N")]
    upto: Option<String>,
    /// The most elements the quotient may have (at most 4096; default 1024).
    #[arg(long, value_name = "N")]
    budget: Option<String>,
    /// The most units of work (products and sets of elements the proofs and trials read; a
    /// few nanoseconds each) before the computation stops, keeping the heaps proven so far
    /// (default 1000000000, a few seconds; at most 1000000000000, about an hour).
    #[arg(long, value_name = "N")]
    work: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The most values of the pretending function printed in the text (the JSON has them all).
const SHOWN: usize = 120;

/// Runs `grundy quotient`.
pub fn run(args: Args) -> Result<(), CliError> {
    let ruleset: Ruleset = match args.game.parse::<Game>().map_err(|e| CliError::usage(e).argument("GAME"))? {
        Game::Heaps(r) if r.split_rules().is_some() => r,
        g => {
            return Err(CliError::usage(format!(
                "quotient needs a take-and-break game (kayles, dawsons-kayles, octal:CODE, hex:CODE, ...), and '{g}' is not one"
            ))
            .argument("GAME"))
        }
    };
    let mut builder = QuotientBuilder::new(&ruleset);
    if let Some(u) = &args.upto {
        let n = parse_u64(u, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
        if n > grundy::MAX_QUOTIENT_UPTO {
            return Err(CliError::usage(format!(
                "--upto {n} is past {}, the most heaps a quotient is computed for here",
                grundy::MAX_QUOTIENT_UPTO
            ))
            .argument("--upto"));
        }
        builder = builder.upto(n);
    }
    if let Some(b) = &args.budget {
        let n = parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget"))?;
        if n < 2 || n > MAX_QUOTIENT_ORDER as u64 {
            return Err(CliError::usage(format!(
                "--budget {n} is not between 2 and {MAX_QUOTIENT_ORDER} (the most elements a quotient may have)"
            ))
            .argument("--budget"));
        }
        builder = builder.max_order(n as usize);
    }
    let work = match &args.work {
        Some(w) => {
            let n = parse_u64(w, "--work").map_err(|e| CliError::usage(e).argument("--work"))?;
            if n == 0 || n > MAX_QUOTIENT_WORK {
                return Err(CliError::usage(format!(
                    "--work {n} is not between 1 and {MAX_QUOTIENT_WORK} (about an hour of work)"
                ))
                .argument("--work"));
            }
            n
        }
        None => DEFAULT_QUOTIENT_WORK,
    };
    builder = builder.max_work(work);
    // A bar on a terminal: the heaps added and the order so far (a large quotient takes a
    // minute; pipes see nothing).
    let upto = args.upto.as_deref().and_then(|u| parse_u64(u, "--upto").ok()).unwrap_or(grundy::DEFAULT_QUOTIENT_UPTO);
    let bar = crate::progress::Progress::heaps_on_terminal(upto).map(|b| std::sync::Arc::new(std::sync::Mutex::new(b)));
    if let Some(bar) = &bar {
        let bar = std::sync::Arc::clone(bar);
        builder = builder.progress(std::sync::Arc::new(move |heap, order| {
            if let Ok(mut b) = bar.lock() {
                b.set_position(heap);
                b.set_message(format!("{order} elements so far"));
            }
        }));
    }
    let built = builder.build();
    drop(builder);
    if let Some(Ok(Ok(b))) = bar.map(|bar| std::sync::Arc::try_unwrap(bar).map(|m| m.into_inner())) {
        b.finish_and_clear();
    }
    let q = built.map_err(|e| match e {
        QuotientError::NotTakeAndBreak(_) => CliError::usage(e).argument("GAME"),
        QuotientError::Stopped(s) => CliError::of_kind(ErrorKind::Refused, s),
    })?;
    if args.json {
        let json = serde_json::to_string(&q.report()).map_err(|e| CliError::of_kind(ErrorKind::Io, e))?;
        emit(&format!("{json}\n"));
    } else {
        emit(&text(&q));
    }
    Ok(())
}

fn names(q: &MisereQuotient, xs: &[u32]) -> Vec<String> {
    xs.iter().map(|&x| q.name(x)).collect()
}

/// The quotient in words, for a person (`--json` prints [`MisereQuotient::report`]).
fn text(q: &MisereQuotient) -> String {
    let mut out = format!(
        "{}: the misère quotient (Plambeck and Siegel) of the heaps up to {}\n",
        q.ruleset(),
        q.computed_upto()
    );
    let p = q.p_portion();
    out += &format!("order: {} elements\n", q.order());
    let listed = if p.is_empty() { "none".to_string() } else { names(q, &p).join(", ") };
    out += &format!("P-portion: {listed} ({} elements)\n", p.len());
    let gens: Vec<String> = q.generators().iter().map(|g| format!("{} (heap {})", g.name, g.heap)).collect();
    out += &format!("generators: {}\n", if gens.is_empty() { "none".to_string() } else { gens.join(", ") });
    let rels: Vec<String> = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}")).collect();
    out += &format!("relations: {}\n", if rels.is_empty() { "none".to_string() } else { rels.join(", ") });
    if q.order() == 1 {
        out += &format!(
            "the trivial quotient {{1}}: no heap up to {} has a move, so every sum is the empty game, which the player to move wins under misère play (P is empty)\n",
            q.computed_upto()
        );
    }
    out += &format!(
        "tame: {}\n",
        match (q.tame(), q.order()) {
            (true, 1) => "yes (the quotient is that of misère Nim on heaps of 0 alone)",
            (true, _) => "yes (the quotient is that of misère Nim: Conway's genus theory plays it)",
            (false, _) => "no (wild: the quotient is not that of misère Nim)",
        }
    );
    match q.period() {
        Some(per) => out += &format!(
            "proven for every heap size: the pretending function repeats with period {} from heap {} (checked over the heaps up to {}, as the periodicity theorem for misère quotients asks), so the quotient is finite and is the whole game's\n",
            per.period, per.preperiod, q.computed_upto()
        ),
        None => {
            out += &format!(
                "not proven for every heap size: it holds for every sum of heaps up to {}; the computation stopped because {}\n",
                q.computed_upto(),
                q.stop()
            );
            // Where the bound stopped it, which option sets the bound (no command is advised:
            // whether larger trials are proven is not known before the work).
            match q.stop() {
                QuotientStop::NotFound { limit, .. } if *limit < MAX_QUOTIENT_ORDER => {
                    out += &format!(
                        "the elements allowed are set by --budget N (here {limit}; at most {MAX_QUOTIENT_ORDER})\n"
                    );
                }
                QuotientStop::Work { limit, .. } if *limit < MAX_QUOTIENT_WORK => {
                    out += &format!(
                        "the work allowed is set by --work N (here {limit} units; at most {MAX_QUOTIENT_WORK}, about an hour): a larger N goes on to later heaps\n"
                    );
                }
                _ => {}
            }
        }
    }
    let shown: Vec<String> =
        q.pretending().iter().take(SHOWN).enumerate().map(|(n, &x)| format!("{n}:{}", q.name(x))).collect();
    out += &format!(
        "pretending function (heap: element){}:\n  {}\n",
        if q.pretending().len() > SHOWN { format!(", the first {SHOWN} (--json lists all)") } else { String::new() },
        shown.join(" ")
    );
    out += &format!("work: {} units, of the {} allowed (--work N)\n", q.proof_states(), q.work_limit());
    out += "A sum of heaps is lost for the player to move exactly when the product of its heaps' elements lies in the P-portion.\n";
    out
}
