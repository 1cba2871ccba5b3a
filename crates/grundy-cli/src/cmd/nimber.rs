//! `grundy nimber EXPR [--explain] [--json]`: nimber arithmetic on u64 (nim addition, Conway's
//! nim multiplication, inverses and powers), with the working of a product.

use grundy::frontend::explain_nim_product;
use grundy::NimberExpr;

use crate::{emit, CliError};

/// Arguments of `grundy nimber`.
#[derive(clap::Args)]
pub struct Args {
    /// The expression: numbers below 2^64, `+` (nim addition, XOR), `*` (nim multiplication),
    /// `/`, `^N` (a whole power; `^-1` is the inverse) and parentheses, e.g. '8 * 8' or '7^-1'.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    expression: String,
    /// Show the working of a product of two numbers (their powers of two and the Fermat
    /// 2-power rules).
    #[arg(long)]
    explain: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The most products of powers of two the working shows one by one.
const SHOWN_PAIRS: usize = 16;

/// Runs `grundy nimber`.
pub fn run(args: Args) -> Result<(), CliError> {
    let expr: NimberExpr = args.expression.parse().map_err(|e| CliError::usage(e).argument("EXPR"))?;
    let value = expr.value().map_err(|e| CliError::usage(e).argument("EXPR"))?;
    let written = args.expression.trim();
    let mut working: Vec<String> = match expr.as_product_of_numbers() {
        Some((a, b)) => explain_nim_product(a, b, SHOWN_PAIRS),
        None => vec![
            format!("Read as {expr}, where + is nim addition (XOR), * Conway's nim multiplication, and a power or a quotient is taken in the field of nimbers below 2^64."),
            "grundy nimber --explain 'A * B' shows the working of one product.".to_string(),
        ],
    };
    if args.json {
        let json = serde_json::json!({
            "expression": written,
            "read_as": expr.to_string(),
            "value": value,
            "explanation": working,
        });
        emit(&format!("{json}\n"));
        return Ok(());
    }
    let mut out = format!("{written} = {value}\n");
    if args.explain {
        out += "\nwhy:\n";
        for line in working.drain(..) {
            out += &format!("  {line}\n");
        }
    }
    emit(&out);
    Ok(())
}
