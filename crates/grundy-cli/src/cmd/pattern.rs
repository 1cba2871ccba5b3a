//! `grundy pattern [FILE] [--predict K] [--json]`: reads G(0), G(1), ... (whitespace-separated,
//! from FILE or standard input) and states the simplest rule that fits them from some n0 on, as
//! `grundy::Pattern` finds it: in words, as an expression for `grundy verify --sg`, and as C++
//! and Python functions.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use grundy::frontend::MAX_PREDICT;
use grundy::{Pattern, PatternError, PatternReport};

use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy pattern`.
#[derive(clap::Args)]
pub struct Args {
    /// A file of values G(0) G(1) ... separated by spaces, newlines, commas or brackets (standard input when
    /// absent or `-`), e.g. from your own brute force or `grundy sg GAME --upto N --full`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Also print the next K values the rule gives (G(N) .. G(N + K - 1) after N values given).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(..=MAX_PREDICT))]
    predict: Option<u64>,
    /// Print one JSON object: rule, words, expression, cpp, python, from, checked, predicted.
    #[arg(long)]
    json: bool,
}

/// The most values read: the library's cap on what the rule finder is handed, which the
/// Python package's `pattern` keeps too.
pub const MAX_VALUES: usize = grundy::frontend::MAX_PATTERN_VALUES;

/// The longest token read (u64::MAX has 20 digits; a byte-order mark adds 3 bytes).
const MAX_TOKEN: usize = 32;

/// Where the values come from, for messages.
fn source_name(file: &Option<PathBuf>) -> String {
    match file {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".into(),
    }
}

/// Reads numbers separated by whitespace, commas, semicolons or brackets (a list as Python or
/// C++ prints it), a byte-order mark counting as whitespace, refusing a
/// token longer than [`MAX_TOKEN`] bytes or more than [`MAX_VALUES`] values with one line that
/// names the bad part.
pub fn read_values(input: impl Read, source: &str) -> Result<Vec<u64>, CliError> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut values = Vec::new();
    let mut token: Vec<u8> = Vec::with_capacity(MAX_TOKEN);
    let mut line = 1u64;
    let bad = |m: String| CliError::usage(format!("{source}: {m}")).argument("FILE");
    loop {
        let chunk = reader.fill_buf().map_err(|e| CliError::of_kind(ErrorKind::Io, format!("{source}: {e}")))?;
        if chunk.is_empty() {
            break;
        }
        let used = chunk.len();
        for &b in chunk {
            // Commas and brackets separate values too, so that a list as a program prints it
            // (Python's `[0, 1, 1, 2]`, a C++ initializer `{0, 1, 1, 2}`) reads as typed.
            if b.is_ascii_whitespace() || matches!(b, b',' | b';' | b'[' | b']' | b'{' | b'}' | b'(' | b')') {
                finish(&mut token, &mut values, line).map_err(bad)?;
                if b == b'\n' {
                    line += 1;
                }
            } else {
                if token.len() == MAX_TOKEN {
                    let shown = String::from_utf8_lossy(&token[..20]).into_owned();
                    return Err(bad(format!(
                        "line {line}: '{}...' is longer than {MAX_TOKEN} characters (a value is at most 2^64 - 1, 20 digits)",
                        shown.escape_debug()
                    )));
                }
                token.push(b);
            }
        }
        reader.consume(used);
        if values.len() > MAX_VALUES {
            return Err(bad(format!("more than {MAX_VALUES} values (at most {MAX_VALUES} are read)")));
        }
    }
    finish(&mut token, &mut values, line).map_err(bad)?;
    if values.len() > MAX_VALUES {
        return Err(bad(format!("more than {MAX_VALUES} values (at most {MAX_VALUES} are read)")));
    }
    Ok(values)
}

const BOM: &[u8] = "\u{feff}".as_bytes();

/// The numbers of one whitespace-free token (byte-order marks separate numbers too).
fn finish(token: &mut Vec<u8>, values: &mut Vec<u64>, line: u64) -> Result<(), String> {
    let mut rest: &[u8] = token;
    while !rest.is_empty() {
        let (part, after) = match rest.windows(BOM.len()).position(|w| w == BOM) {
            Some(at) => (&rest[..at], &rest[at + BOM.len()..]),
            None => (rest, &rest[rest.len()..]),
        };
        if !part.is_empty() {
            let text = String::from_utf8_lossy(part);
            let v = if part.iter().all(u8::is_ascii_digit) { text.parse::<u64>().ok() } else { None };
            match v {
                Some(v) => values.push(v),
                None => {
                    return Err(format!(
                        "line {line}: '{}' (G({})) is not a number from 0 to 2^64 - 1",
                        text.escape_debug(),
                        values.len()
                    ))
                }
            }
        }
        rest = after;
    }
    token.clear();
    Ok(())
}

/// Runs `grundy pattern`.
pub fn run(args: Args) -> Result<(), CliError> {
    let source = source_name(&args.file);
    // Ctrl-C while the values are read ends the command at once (a read from a pipe or a
    // terminal that waits sees no stop token); from then on it stops the search at its next
    // check (exit 130 both: no rule is known until the search ends).
    let stop = crate::interrupt::install();
    let values = crate::interrupt::while_reading(crate::interrupt::NOTHING_COMPUTED, || match &args.file {
        Some(p) if p.as_os_str() != "-" => {
            let f = std::fs::File::open(p)
                .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("{source}: {e}")).argument("FILE"))?;
            read_values(f, &source)
        }
        _ => read_values(std::io::stdin().lock(), &source),
    })?;
    let predict = args.predict.unwrap_or(0);
    let pattern = match stop.run(|| Pattern::find(&values)) {
        Ok(p) => p,
        Err(e @ PatternError::NoRule { .. }) => {
            if args.json {
                let report = PatternReport::none(&e);
                emit(&format!("{}\n", serde_json::to_string(&report).unwrap_or_default()));
            } else {
                emit(&format!("{e}\n"));
            }
            return Err(CliError::failed());
        }
        Err(e @ PatternError::TooFew { .. }) => return Err(CliError::usage(format!("{source}: {e}")).argument("FILE")),
        Err(e) => return Err(CliError::usage(e)),
    };
    let report = pattern.report(predict).map_err(|e| CliError::usage(e).argument("--predict"))?;
    if args.json {
        emit(&format!("{}\n", serde_json::to_string(&report).unwrap_or_default()));
        return Ok(());
    }
    let mut out = format!("rule: {}\n", report.words);
    let expr = report.expression.unwrap_or_default();
    out += &format!(
        "from n = {}; checked on the last {} values given, which it was not found from\n",
        pattern.from(),
        pattern.checked()
    );
    out += &format!("expression: {expr}\n");
    out += &format!("  check it further: grundy verify --game GAME --sg '{expr}' --upto N\n");
    out += &format!("C++:\n{}", report.cpp.unwrap_or_default());
    out += &format!("Python:\n{}", report.python.unwrap_or_default());
    if predict > 0 {
        let first = pattern.given();
        let list: Vec<String> = report.predicted.iter().map(u64::to_string).collect();
        out += &format!("predicted G({first}..{}): {}\n", first + predict - 1, list.join(" "));
    }
    emit(&out);
    Ok(())
}
