//! `grundy batch [FILE]`: one JSON query per input line (the fields of the web API's analyze
//! request), one JSON answer per output line (the object of `grundy analyze --json`), in order.
//! A query that is refused gets an error object on its line and the stream goes on, so that
//! line k of the answers always answers line k of the queries: a contestant can zip a file of
//! random positions with grundy's answers, and a file split across machines joins back by
//! concatenation.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;

use grundy::{analyze, parse_u64, Analysis, Query, DEFAULT_BUDGET, MAX_BUDGET};

use crate::{CliError, ErrorKind};

/// The longest query line read, as the web API's largest body: a longer line is answered with
/// an error and skipped to its end, so no line can make the reader hold unbounded memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Arguments of `grundy batch`.
#[derive(clap::Args)]
pub struct Args {
    /// The file of queries, one JSON object per line; standard input when absent or '-'.
    /// Each query has the fields of the web API's analyze request: game, position (numbers, or
    /// strings for other tokens and heaps past 2^53), and optionally misere, every, to_move,
    /// budget and limit.
    #[arg(value_name = "FILE")]
    input: Option<PathBuf>,
    /// The budget of a query that gives none (the most positions one search may visit).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// Write each answer's explanation (the reasoning for people, as `analyze --explain` shows
    /// it). Without it `explanation` is empty unless a query asks with "explain": true: the words
    /// cost more than the answer.
    #[arg(long)]
    explain: bool,
}

/// What a query that leaves a field out gets.
#[derive(Clone, Copy)]
struct Defaults {
    budget: u64,
    explain: bool,
}

/// Runs `grundy batch`.
pub fn run(args: Args) -> Result<(), CliError> {
    let budget = match args.budget.as_deref() {
        Some(b) => parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget"))?,
        None => DEFAULT_BUDGET,
    };
    if budget > MAX_BUDGET {
        return Err(CliError::usage(format!("--budget {budget} is past the cap of {MAX_BUDGET}")).argument("--budget"));
    }
    let defaults = Defaults { budget, explain: args.explain };
    let input: Box<dyn Read> = match &args.input {
        None => Box::new(io::stdin().lock()),
        Some(p) if p.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(p) => Box::new(File::open(p).map_err(|e| {
            CliError::of_kind(ErrorKind::Io, format!("cannot read {}: {e}", p.display())).argument("FILE")
        })?),
    };
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("reading the queries failed: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        let written = if line.len() > MAX_LINE_BYTES && line.last() != Some(&b'\n') {
            skip_to_line_end(&mut reader)?;
            let message = format!("line {number} is longer than {MAX_LINE_BYTES} bytes: one query per line");
            out.write_all(error_line(number, "bad_input", None, &message).as_bytes())
        } else {
            // A byte-order mark (an editor's, at the start of a file) is whitespace.
            write_answer(&mut out, number, line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line), defaults)
        };
        // Answers go out as soon as no more input is waiting, so that a program that writes a
        // query and waits for its answer is not kept waiting by the buffer.
        let flushed = written.and_then(|()| if reader.buffer().is_empty() { out.flush() } else { Ok(()) });
        if let Err(e) = flushed {
            return closed_or_failed(e);
        }
    }
    out.flush().or_else(closed_or_failed)
}

/// A reader of answers that went away (`| head`) is not a failure; any other write error is.
fn closed_or_failed(e: io::Error) -> Result<(), CliError> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(CliError::of_kind(ErrorKind::Io, format!("writing the answers failed: {e}")))
    }
}

/// Reads past the rest of an over-long line, holding no more than the reader's buffer.
fn skip_to_line_end(reader: &mut impl BufRead) -> Result<(), CliError> {
    crate::lines::skip_to_line_end(reader)
        .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("reading the queries failed: {e}")))
}

/// Writes the answer to one line of input, with its newline: the analysis, or an error object.
/// The analysis is serialised straight into the output buffer (no string of its own).
fn write_answer(out: &mut impl Write, number: u64, line: &[u8], defaults: Defaults) -> io::Result<()> {
    match answer(line, defaults) {
        Ok(analysis) => {
            serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
        Err(Refusal { kind, field, message }) => out.write_all(error_line(number, kind, field, &message).as_bytes()),
    }
}

/// Why a line gets no analysis: the error object's kind, the field at fault, and the message.
struct Refusal {
    kind: &'static str,
    field: Option<&'static str>,
    message: String,
}

impl Refusal {
    fn bad_input(field: Option<&'static str>, message: String) -> Refusal {
        Refusal { kind: "bad_input", field, message }
    }
}

/// Reads one query and analyses it.
fn answer(line: &[u8], defaults: Defaults) -> Result<Analysis, Refusal> {
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    if text.iter().all(u8::is_ascii_whitespace) {
        return Err(Refusal::bad_input(None, "the line is empty: send one JSON query per line".into()));
    }
    let mut query: Query =
        serde_json::from_slice(text).map_err(|e| Refusal::bad_input(None, format!("the line is not a query: {e}")))?;
    query.budget = query.budget.or(Some(defaults.budget));
    query.explain = query.explain.or(Some(defaults.explain));
    let checked = query.check(MAX_BUDGET).map_err(|e| Refusal::bad_input(Some(e.field), e.message))?;
    let mut analysis = analyze(&checked.game, &checked.position, &checked.options).map_err(|e| match e {
        grundy::AnalyzeError::GaveUp(g) => Refusal {
            kind: "gave_up",
            field: Some("budget"),
            message: match g.suggested_budget() {
                Some(b) if b <= MAX_BUDGET => format!("{g}: send \"budget\": {b}"),
                _ => g.to_string(),
            },
        },
        e => Refusal { kind: "refused", field: None, message: e.to_string() },
    })?;
    if let Some(limit) = checked.limit {
        analysis.list_at_most(limit, "the query's limit");
        if !checked.options.explain {
            // The listing notes what it left out in the explanation too; unasked, it stays empty.
            analysis.explanation.clear();
        }
    }
    Ok(analysis)
}

/// An error answer: the object `grundy analyze --json` prints for an error, with the line it
/// answers.
fn error_line(number: u64, kind: &str, field: Option<&str>, message: &str) -> String {
    let object = serde_json::json!({
        "error": {"kind": kind, "message": message, "argument": field},
        "line": number,
    });
    format!("{object}\n")
}
