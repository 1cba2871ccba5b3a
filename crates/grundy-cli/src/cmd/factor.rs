//! `grundy factor [N...]`: prime factorisations in GNU factor's output format, so the divisor
//! game's factoriser can be checked and timed against `factor` side by side.

use grundy::{factorize, parse_u64};

use crate::{emit, CliError};

/// Arguments of `grundy factor`.
#[derive(clap::Args)]
pub struct Args {
    /// The numbers (read from standard input, whitespace-separated, when none are given).
    #[arg(allow_negative_numbers = true)]
    numbers: Vec<String>,
}

fn line(n: u64) -> String {
    let mut s = format!("{n}:");
    for (p, e) in factorize(n) {
        for _ in 0..e {
            s += &format!(" {p}");
        }
    }
    s + "\n"
}

/// Runs `grundy factor`.
pub fn run(args: Args) -> Result<(), CliError> {
    let tokens: Vec<String> = if args.numbers.is_empty() {
        let text = std::io::read_to_string(std::io::stdin()).map_err(CliError::usage)?;
        text.split_whitespace().map(str::to_string).collect()
    } else {
        args.numbers
    };
    // Parse everything first, so that bad input prints nothing on stdout.
    let numbers =
        tokens.iter().map(|t| parse_u64(t, "number")).collect::<Result<Vec<u64>, _>>().map_err(CliError::usage)?;
    let mut out = String::new();
    for n in numbers {
        out += &line(n);
    }
    emit(&out);
    Ok(())
}
