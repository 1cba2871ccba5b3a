//! `grundy verify`: the classic rules (Bouton's theorem, K-Nim, the Bash game, K-L-Nim, "Alice
//! and Bob"), and the user's own guesses, checked against exhaustive search.
//!
//! Exit status 0 when every claim checked comes out as the library expects it to (two of the
//! classic claims are false as stated, and are expected to fail) and a guess holds; 1 when a
//! claim expected to hold fails, a claim known to be false holds, or a guess fails; 2 on bad
//! input.

use grundy::frontend::parse_u64;
use grundy::frontend::{
    check_guess, claims as known_claims, find_claim, Claim, Expect, GuessKind, GuessOptions, GuessReport, Verdict,
    VerifyRange,
};
use grundy::{Convention, Game};
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
        Some(s) => parse_u64(s, flag).map_err(|e| CliError::usage(e).argument(flag)),
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
    let all = known_claims();
    if json {
        let v: Vec<Value> = all
            .iter()
            .map(|c| {
                let mut j = json!({"name": c.name, "source": c.source, "statement": c.statement});
                // The expectation's fields, as in a verdict: "expected" and "expected_reason".
                if let Ok(Value::Object(e)) = serde_json::to_value(c.expected) {
                    j.as_object_mut().into_iter().for_each(|o| o.extend(e.clone()));
                }
                j
            })
            .collect();
        emit(&(Value::Array(v).to_string() + "\n"));
        return Ok(());
    }
    let w = all.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut s = String::new();
    for c in all {
        s += &format!("{:<w$}  {:<32}  {}", c.name, c.source, c.statement);
        if let Expect::False { reason } = c.expected {
            s += &format!(" Known to be false as stated: {reason}.");
        }
        s += "\n";
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
    let chosen: Vec<&Claim> = if args.claims.is_empty() {
        known_claims().iter().collect()
    } else {
        args.claims
            .iter()
            .map(|name| {
                find_claim(name).ok_or_else(|| {
                    let known: Vec<&str> = known_claims().iter().map(|c| c.name).collect();
                    CliError::usage(format!("unknown claim '{name}' (known: {})", known.join(", "))).argument("CLAIMS")
                })
            })
            .collect::<Result<_, _>>()?
    };
    let verdicts: Vec<Verdict> =
        chosen.iter().map(|c| c.check(&range)).collect::<Result<_, _>>().map_err(CliError::usage)?;
    let all_hold = verdicts.iter().all(Verdict::holds);
    let all_as_expected = verdicts.iter().all(Verdict::as_expected);
    if args.json {
        let claims: Vec<Value> = verdicts
            .iter()
            .map(|v| {
                let mut j = serde_json::to_value(v).unwrap_or(Value::Null);
                j["holds"] = Value::Bool(v.holds());
                j["as_expected"] = Value::Bool(v.as_expected());
                j
            })
            .collect();
        let out = json!({"range": range, "claims": claims, "all_hold": all_hold, "all_as_expected": all_as_expected});
        emit(&(out.to_string() + "\n"));
    } else {
        emit(&render_claims(&range, &verdicts));
    }
    if all_as_expected {
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
            let result = match (&v.counterexample, v.as_expected()) {
                (None, true) => "holds".to_string(),
                (None, false) => "holds, UNEXPECTED (known to be false as stated)".to_string(),
                (Some(c), expected) => format!(
                    "FAILS{} ({} of {}), smallest: {} {}",
                    if expected { " as expected" } else { ", UNEXPECTED" },
                    v.failures,
                    v.checked,
                    c.game,
                    c.position.join(" ")
                ),
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
            if let Expect::False { reason } = v.expected {
                s += &format!("  known:      false as stated: {reason}.\n");
            }
        }
    }
    s + "\n" + &summary(verdicts)
}

/// The last lines of the report: how many claims hold, which are false as stated as expected,
/// and every claim that did not come out as expected (what makes the exit status 1).
fn summary(verdicts: &[Verdict]) -> String {
    let plural = |n: usize, one: &str, many: &str| if n == 1 { one.to_string() } else { many.to_string() };
    let held = verdicts.iter().filter(|v| v.holds() && v.as_expected()).count();
    let known_false: Vec<&str> = verdicts.iter().filter(|v| !v.holds() && v.as_expected()).map(|v| v.name).collect();
    let mut parts = vec![];
    if held > 0 {
        parts.push(format!("{held} {}", plural(held, "claim holds", "claims hold")));
    }
    if !known_false.is_empty() {
        let n = known_false.len();
        parts.push(format!(
            "{n} of the classic claims {} false as stated, as expected: {} (see the {} above)",
            plural(n, "is", "are"),
            known_false.join(", "),
            plural(n, "counterexample", "counterexamples")
        ));
    }
    let mut s = if parts.is_empty() { String::new() } else { format!("Summary: {}.\n", parts.join("; ")) };
    for v in verdicts.iter().filter(|v| !v.as_expected()) {
        s += &match v.expected {
            Expect::Holds => {
                format!("UNEXPECTED: {} fails, though it is expected to hold (see its counterexample above).\n", v.name)
            }
            Expect::False { reason } => format!(
                "UNEXPECTED: {} holds on this range, though it is known to be false as stated: {reason}.\n",
                v.name
            ),
        };
    }
    s
}

fn guess(game: &str, args: &Args) -> Result<(), CliError> {
    let game: Game = game.parse().map_err(|e| CliError::usage(e).argument("--game"))?;
    let (kind, expr) = match (&args.sg, &args.p_positions) {
        (Some(e), None) => (GuessKind::Sg, e),
        (None, Some(e)) => (GuessKind::PPositions, e),
        _ => return Err(CliError::usage("--game needs a guess: --sg EXPR or --p-positions EXPR")),
    };
    let upto = number(&args.upto, "--upto", 1000)?;
    let convention = if args.misere { Convention::Misere } else { Convention::Normal };
    let flag = if kind == GuessKind::Sg { "--sg" } else { "--p-positions" };
    let report = check_guess(&game, expr, &GuessOptions { kind, upto, convention }).map_err(|e| match e {
        // Only a bad expression is the guess's fault; the rest is about the game or the range.
        grundy::frontend::GuessError::Expr { .. } => CliError::usage(e).argument(flag),
        e => CliError::usage(e),
    })?;
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

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;

    fn verdict(name: &str) -> Verdict {
        let r = VerifyRange { max_heap: 3, max_heaps: 2, max_param: 3, max_n: 30 };
        find_claim(name).unwrap().check(&r).unwrap()
    }

    /// Surprises cannot be made from the command line (the claims are what they are), so the
    /// summary of each is checked here on verdicts made up from real ones.
    #[test]
    fn surprises_are_named_in_the_summary() {
        let ok = [verdict("bouton"), verdict("kl-small-heaps")];
        assert_eq!(
            summary(&ok),
            "Summary: 1 claim holds; 1 of the classic claims is false as stated, as expected: kl-small-heaps (see the counterexample above).\n"
        );
        let held = Verdict { failures: 0, counterexample: None, ..verdict("kl-k-less") };
        let failed = Verdict { expected: Expect::Holds, ..verdict("kl-small-heaps") };
        let s = summary(&[verdict("bouton"), held.clone(), failed.clone()]);
        assert!(s.starts_with("Summary: 1 claim holds.\n"), "{s}");
        assert!(
            s.contains(
                "UNEXPECTED: kl-k-less holds on this range, though it is known to be false as stated: read literally"
            ),
            "{s}"
        );
        assert!(
            s.contains(
                "UNEXPECTED: kl-small-heaps fails, though it is expected to hold (see its counterexample above).\n"
            ),
            "{s}"
        );
        let table = render_claims(&VerifyRange::default(), &[held, failed]);
        assert!(table.contains("holds, UNEXPECTED (known to be false as stated)"), "{table}");
        assert!(table.contains("FAILS, UNEXPECTED ("), "{table}");
    }
}
