//! `grundy survey CODES --upto N`: a family of take-and-break codes classified as the published
//! tables do (trivial, solved, unsolved up to N), one line per code, with `--json` lines or the
//! Markdown tables. The classification is `grundy::survey`'s; this module reads the codes
//! (a list, patterns, files), keeps finished codes in `--store DIR` (the files and checks are
//! the library's), shows the progress and prints what the library's lines say.

use std::fs;
use std::path::{Path, PathBuf};

use grundy::parse_u64;
use grundy::survey::{self, Shard, SurveyError, SurveyLine};

use crate::progress::Progress;
use crate::{CliError, ErrorKind};

/// Arguments of `grundy survey`.
#[derive(clap::Args)]
pub struct Args {
    /// Codes (0.77, .16, 4.07, hex:0.8f, grundys-game), patterns with x for any digit (0.xxx,
    /// 4.xx, 0.1x7), or files of codes (one a line; # starts a comment).
    #[arg(required = true, value_name = "CODES")]
    codes: Vec<String>,
    /// Compute G(0..N) of each code (a code stops early once its period is proven).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    upto: String,
    /// Keep each finished code in DIR (one file a code), so that a rerun resumes.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// Classify only shard I of K (the codes at positions j with j mod K = I - 1): the K shards
    /// are disjoint and cover CODES. With one --store, a last run without --shard gathers them.
    #[arg(long, value_name = "I/K")]
    shard: Option<String>,
    /// One JSON object a line, one line a code.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// The Trivial, Solved and Unsolved tables, in the published lists' form (Markdown).
    #[arg(long)]
    markdown: bool,
}

/// Runs `grundy survey`.
pub fn run(args: Args) -> Result<(), CliError> {
    let upto = parse_u64(&args.upto, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
    let shard = args
        .shard
        .as_deref()
        .map(str::parse::<Shard>)
        .transpose()
        .map_err(|e| CliError::usage(e).argument("--shard"))?;
    let mut codes = Vec::new();
    for spec in &args.codes {
        for code in read_codes(spec)? {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
    }
    let codes = match shard {
        Some(s) => s.select(&codes),
        None => codes,
    };
    survey::check_survey(codes.len(), upto).map_err(survey_error)?;
    if let Some(dir) = &args.store {
        prepare_store(dir)?;
    }
    let mut lines = Vec::with_capacity(codes.len());
    let mut resumed = 0usize;
    let mut bar = Progress::codes_on_terminal(codes.len() as u64);
    for code in &codes {
        let stored = match &args.store {
            Some(dir) => load(dir, code, upto)?,
            None => None,
        };
        let line = match stored {
            Some(line) => {
                resumed += 1;
                line
            }
            None => {
                let line = survey::classify(code, upto).map_err(survey_error)?;
                if let Some(dir) = &args.store {
                    save(dir, &line)?;
                }
                line
            }
        };
        lines.push(line);
        if let Some(b) = bar.as_mut() {
            b.set_position(lines.len() as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(dir) = &args.store {
        // On stderr: stdout is the survey alone.
        eprintln!(
            "{} codes: {resumed} from the store, {} classified and kept in {}",
            codes.len(),
            codes.len() - resumed,
            dir.display()
        );
    }
    survey::group(&mut lines);
    let out = if args.json {
        lines
            .iter()
            .map(|l| serde_json::to_string(l).map(|s| s + "\n"))
            .collect::<Result<String, _>>()
            .map_err(|e| CliError::of_kind(ErrorKind::Io, e))?
    } else if args.markdown {
        survey::markdown(&lines)
    } else {
        lines.iter().map(|l| format!("{l}\n")).collect()
    };
    crate::emit(&out);
    Ok(())
}

/// The library's error in the command line's terms.
fn survey_error(e: SurveyError) -> CliError {
    match e {
        SurveyError::BadInput(m) => CliError::usage(m).argument("CODES"),
        SurveyError::Refused(m) => CliError::of_kind(ErrorKind::Refused, m),
        e @ SurveyError::DamagedStore { .. } => CliError::of_kind(ErrorKind::Io, e).argument("--store"),
        e => CliError::of_kind(ErrorKind::Refused, e),
    }
}

/// The codes one argument stands for: a pattern, a code, or a file of codes.
fn read_codes(spec: &str) -> Result<Vec<String>, CliError> {
    if survey::is_pattern(spec) {
        return survey::expand_pattern(spec).map_err(survey_error);
    }
    let as_code = survey::parse_code(spec);
    if as_code.is_ok() {
        return Ok(vec![spec.to_string()]);
    }
    let path = Path::new(spec);
    if path.is_file() {
        // A list of codes is small; a huge file is refused before it is read.
        const MAX_FILE: u64 = 16 << 20;
        let len = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if len > MAX_FILE {
            return Err(CliError::usage(format!(
                "{spec}: {len} bytes is more than the {MAX_FILE} a file of codes may hold"
            ))
            .argument("CODES"));
        }
        let text = fs::read_to_string(path)
            .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("{spec}: {e}")).argument("CODES"))?;
        return survey::codes_from_text(&text).map_err(|e| CliError::usage(format!("{spec}: {e}")).argument("CODES"));
    }
    match as_code {
        Err(e) => Err(CliError::usage(format!("{e} (nor is it a pattern with x or a file)")).argument("CODES")),
        Ok(_) => Ok(vec![spec.to_string()]),
    }
}

/// A directory for the store: created when missing; a file is refused.
fn prepare_store(dir: &Path) -> Result<(), CliError> {
    let err = |m: String| CliError::of_kind(ErrorKind::Io, m).argument("--store");
    match fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            Err(err(format!("store {} is not a directory: give a new or existing directory", dir.display())))
        }
        Ok(_) => Ok(()),
        Err(_) => fs::create_dir_all(dir).map_err(|e| err(format!("store {}: cannot create it: {e}", dir.display()))),
    }
}

/// A code's stored line, if a run kept it: read back and checked by the library
/// ([`survey::read_back`]), its `code` set to the spelling given now.
fn load(dir: &Path, code: &str, upto: u64) -> Result<Option<SurveyLine>, CliError> {
    let path = dir.join(survey::store_file_name(code, upto).map_err(survey_error)?);
    let Ok(text) = fs::read_to_string(&path) else {
        return Ok(None);
    };
    let parsed = serde_json::from_str::<SurveyLine>(text.trim());
    survey::read_back(parsed, &path.display().to_string(), code, upto).map(Some).map_err(survey_error)
}

/// Keeps a finished code's line in the store (written whole or not at all).
fn save(dir: &Path, line: &SurveyLine) -> Result<(), CliError> {
    let text = serde_json::to_string(line).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n";
    crate::store::write_atomic(dir, &line.store_file_name(), text.as_bytes())
        .map_err(|e| CliError::of_kind(ErrorKind::Io, e).argument("--store"))
}
