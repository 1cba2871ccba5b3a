//! `grundy verify`: the seeds' rules, and the user's own guesses, checked against exhaustive
//! search. Exit status 0 when everything checked holds, 1 when something fails, 2 on bad input.

use grundy::verify::{self, check_guess, GuessKind, GuessOptions, GuessReport, Verdict, VerifyRange};
use grundy::{parse_u64, Convention, Game};
use serde_json::{json, Value};

use crate::{emit, CliError};

/// Arguments of `grundy verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The claims to check (default: all; see --list).
    claims: Vec<String>,
    /// List the built-in claims with their statements.
    #[arg(long)]
    list: bool,
    /// The largest heap size in the positions checked.
    #[arg(long, value_name = "H", allow_negative_numbers = true)]
    max_heap: Option<String>,
    /// The most heaps in a position.
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    max_heaps: Option<String>,
    /// The largest parameter (K of K-Nim, m of Bash, K and L of K-L-Nim, per-heap limits).
    #[arg(long, value_name = "P", allow_negative_numbers = true)]
    max_param: Option<String>,
    /// The largest n of the divisor game.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_n: Option<String>,
    /// Check a guess about this game instead of the built-in claims (with --sg or --p-positions).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["claims", "list"])]
    game: Option<String>,
    /// A guess for the Sprague-Grundy value of a heap of n, e.g. 'n % 3' or 'n / (2*K) * K + n % K'.
    #[arg(long, value_name = "EXPR", conflicts_with = "p_positions", allow_hyphen_values = true)]
    sg: Option<String>,
    /// A guess for which heaps n are P-positions, e.g. 'n % 4 == 0'.
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    p_positions: Option<String>,
    /// Compare the guess for every n up to this against the definition (default 1000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    upto: Option<String>,
    /// Misère play for --p-positions (the player who makes the last move loses).
    #[arg(long)]
    misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

fn number(v: &Option<String>, flag: &str, default: u64) -> Result<u64, CliError> {
    match v {
        Some(s) => parse_u64(s, flag).map_err(CliError::usage),
        None => Ok(default),
    }
}

/// Runs `grundy verify`.
pub fn run(args: Args) -> Result<(), CliError> {
    if args.list {
        return list(args.json);
    }
    if let Some(game) = &args.game {
        return guess(game, &args);
    }
    // Checked here rather than by clap, whose message would not fit on one line.
    let guess_flags = [
        ("--sg", args.sg.is_some()),
        ("--p-positions", args.p_positions.is_some()),
        ("--upto", args.upto.is_some()),
        ("--misere", args.misere),
    ];
    if let Some((flag, _)) = guess_flags.iter().find(|(_, given)| *given) {
        return Err(CliError::usage(format!("{flag} is for a guess and needs --game GAME")));
    }
    claims(&args)
}

fn list(json: bool) -> Result<(), CliError> {
    let all = verify::claims();
    if json {
        let v: Vec<Value> =
            all.iter().map(|c| json!({"name": c.name, "source": c.source, "statement": c.statement})).collect();
        emit(&(Value::Array(v).to_string() + "\n"));
        return Ok(());
    }
    let w = all.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut s = String::new();
    for c in all {
        s += &format!("{:<w$}  {:<32}  {}\n", c.name, c.source, c.statement);
    }
    emit(&s);
    Ok(())
}

fn claims(args: &Args) -> Result<(), CliError> {
    let d = VerifyRange::default();
    let range = VerifyRange {
        max_heap: number(&args.max_heap, "--max-heap", d.max_heap)?,
        max_heaps: usize::try_from(number(&args.max_heaps, "--max-heaps", d.max_heaps as u64)?)
            .map_err(|_| CliError::usage("--max-heaps is too large"))?,
        max_param: number(&args.max_param, "--max-param", d.max_param)?,
        max_n: number(&args.max_n, "--max-n", d.max_n)?,
    };
    let chosen: Vec<&verify::Claim> = if args.claims.is_empty() {
        verify::claims().iter().collect()
    } else {
        args.claims
            .iter()
            .map(|name| {
                verify::find_claim(name).ok_or_else(|| {
                    let known: Vec<&str> = verify::claims().iter().map(|c| c.name).collect();
                    CliError::usage(format!("unknown claim '{name}' (known: {})", known.join(", ")))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let verdicts: Vec<Verdict> =
        chosen.iter().map(|c| c.check(&range)).collect::<Result<_, _>>().map_err(CliError::usage)?;
    let all_hold = verdicts.iter().all(Verdict::holds);
    if args.json {
        let claims: Vec<Value> = verdicts
            .iter()
            .map(|v| {
                let mut j = serde_json::to_value(v).unwrap_or(Value::Null);
                j["holds"] = Value::Bool(v.holds());
                j
            })
            .collect();
        let out = json!({"range": range, "claims": claims, "all_hold": all_hold});
        emit(&(out.to_string() + "\n"));
    } else {
        emit(&render_claims(&range, &verdicts));
    }
    if all_hold {
        Ok(())
    } else {
        Err(CliError::failed())
    }
}

/// The report: one table row per claim, then each failure's smallest counterexample.
fn render_claims(r: &VerifyRange, verdicts: &[Verdict]) -> String {
    let mut s = format!(
        "Each claim checked on every position in range by exhaustive search (1..{} heaps of 1..{}, parameters 1..{}, divisor n up to {}).\n\n",
        r.max_heaps, r.max_heap, r.max_param, r.max_n
    );
    let rows: Vec<[String; 4]> = verdicts
        .iter()
        .map(|v| {
            let result = match &v.counterexample {
                None => "holds".to_string(),
                Some(c) => {
                    format!("FAILS ({} of {}), smallest: {} {}", v.failures, v.checked, c.game, c.position.join(" "))
                }
            };
            [v.name.to_string(), v.source.to_string(), v.checked.to_string(), result]
        })
        .collect();
    let header = ["claim", "source", "checked", "result"].map(String::from);
    let widths: Vec<usize> =
        (0..3).map(|i| rows.iter().chain([&header]).map(|r| r[i].len()).max().unwrap_or(0)).collect();
    for row in std::iter::once(&header).chain(&rows) {
        s += &format!(
            "{:<a$}  {:<b$}  {:>c$}  {}\n",
            row[0],
            row[1],
            row[2],
            row[3],
            a = widths[0],
            b = widths[1],
            c = widths[2]
        );
    }
    let failed: Vec<&Verdict> = verdicts.iter().filter(|v| !v.holds()).collect();
    if !failed.is_empty() {
        s += "\nSmallest counterexamples (fewest heaps, then smallest sum, then the sorted heaps; then the parameters):\n";
    }
    for v in failed {
        if let Some(c) = &v.counterexample {
            s += &format!("\n{} ({}): {}\n", v.name, v.source, v.statement);
            s += &format!("  range:      {}\n", v.range);
            s += &format!("  position:   {} {}\n", c.game, c.position.join(" "));
            s += &format!("  claim says: {}\n", c.claim_says);
            s += &format!("  true:       {}\n", c.truth);
            s += &format!("  see:        {}\n", c.command);
        }
    }
    s
}

fn guess(game: &str, args: &Args) -> Result<(), CliError> {
    let game: Game = game.parse().map_err(CliError::usage)?;
    let (kind, expr) = match (&args.sg, &args.p_positions) {
        (Some(e), None) => (GuessKind::Sg, e),
        (None, Some(e)) => (GuessKind::PPositions, e),
        _ => return Err(CliError::usage("--game needs a guess: --sg EXPR or --p-positions EXPR")),
    };
    let upto = number(&args.upto, "--upto", 1000)?;
    let convention = if args.misere { Convention::Misere } else { Convention::Normal };
    let report = check_guess(&game, expr, &GuessOptions { kind, upto, convention }).map_err(CliError::usage)?;
    if args.json {
        emit(&(serde_json::to_string(&report).map_err(CliError::usage)? + "\n"));
    } else {
        emit(&render_guess(&report));
    }
    if report.holds {
        Ok(())
    } else {
        Err(CliError::failed())
    }
}

fn render_guess(r: &GuessReport) -> String {
    let what = match r.kind {
        GuessKind::Sg => format!("G(n) = {}", r.expression),
        GuessKind::PPositions => format!("n is a P-position exactly when {}", r.expression),
    };
    let play = if r.convention == "misere" { ", misère play" } else { "" };
    let mut s = format!("{}{play}: guess {what}\n", r.game);
    match &r.mismatch {
        None if r.for_every_n => s += "holds for every n\n",
        None => s += &format!("holds for n = {}..{}\n", r.from, r.upto),
        Some(m) => {
            let noun = match r.kind {
                GuessKind::Sg => "value",
                GuessKind::PPositions => "outcome",
            };
            s += &format!("FAILS at n = {}: the guess gives {}, the true {noun} is {}\n", m.n, m.guess, m.truth);
        }
    }
    s += &format!("{}\n", r.reach);
    s
}
