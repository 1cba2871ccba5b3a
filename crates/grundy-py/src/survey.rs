//! The pieces of `grundy::survey` that `python -m grundy.survey` (grundy/survey.py) spreads
//! over a Dask cluster: reading CODES (patterns, codes, a file's text), shards, the bounds,
//! classifying one code (one task: its line as JSON text, so that it travels between machines
//! as a string), the store (its file names, a line read back and checked), and gathering the
//! lines (grouping equal values, the lines in words, the Markdown tables). The classification,
//! the lines and the store's files are the library's, so a survey on many machines gives the
//! lines a one-machine `grundy survey` run gives, and either reads the other's store.

use grundy::survey::{self, Shard, SurveyError, SurveyLine};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::{bad_input, refused};
use crate::interrupt::interruptible;

/// A survey's refusal as the package's exception.
fn survey_error(e: SurveyError) -> PyErr {
    match e {
        SurveyError::BadInput(m) => bad_input(m),
        SurveyError::Refused(m) => refused(m),
        e => refused(e.to_string()),
    }
}

/// Reads lines of JSON text back (lines this module or `grundy survey --json` wrote).
fn read_lines(lines: Vec<String>) -> PyResult<Vec<SurveyLine>> {
    lines
        .iter()
        .map(|l| serde_json::from_str(l).map_err(|e| bad_input(format!("not a survey line ({e}): {l}"))))
        .collect()
}

/// Writes lines as JSON text, one string each.
fn write_lines(lines: &[SurveyLine]) -> PyResult<Vec<String>> {
    lines.iter().map(|l| serde_json::to_string(l).map_err(|e| refused(e.to_string()))).collect()
}

/// Whether `spec` is a pattern of codes (`0.xxx`, `4.xx`, `hex:0.x8`).
#[pyfunction]
pub fn survey_is_pattern(spec: &str) -> bool {
    survey::is_pattern(spec)
}

/// The codes of a pattern, in the order `grundy survey` takes them.
#[pyfunction]
pub fn survey_expand_pattern(pattern: &str) -> PyResult<Vec<String>> {
    survey::expand_pattern(pattern).map_err(survey_error)
}

/// The canonical form of a code (`0.77`, `hex:0.8f`, `grundys-game`); raises `BadInput` for
/// what is not a take-and-break code.
#[pyfunction]
pub fn survey_canonical(code: &str) -> PyResult<String> {
    Ok(survey::canonical(&survey::parse_code(code).map_err(survey_error)?))
}

/// The codes of a file's text (one a line, `#` comments), each checked.
#[pyfunction]
pub fn survey_codes_from_text(text: &str) -> PyResult<Vec<String>> {
    survey::codes_from_text(text).map_err(survey_error)
}

/// The codes of shard `spec` (`I/K`) of `codes`.
#[pyfunction]
pub fn survey_shard(spec: &str, codes: Vec<String>) -> PyResult<Vec<String>> {
    let shard: Shard = spec.parse().map_err(survey_error)?;
    Ok(shard.select(&codes))
}

/// The refusals made before any work: too many codes, N too large, too many values in all.
#[pyfunction]
pub fn survey_check(codes: usize, upto: u64) -> PyResult<()> {
    survey::check_survey(codes, upto).map_err(survey_error)
}

/// Classifies one code to `upto`: its line, as JSON text (`equivalent` empty until the lines
/// are gathered). One task of a Dask survey; the interpreter is released while it computes.
#[pyfunction]
pub fn survey_classify(py: Python<'_>, code: &str, upto: u64) -> PyResult<String> {
    let line = interruptible(py, |_| survey::classify(code, upto))?.map_err(survey_error)?;
    serde_json::to_string(&line).map_err(|e| refused(e.to_string()))
}

/// The lines of a whole survey with `equivalent` filled in (codes with equal values), in the
/// order given: what `grundy survey --json` prints, one string a line.
#[pyfunction]
pub fn survey_group(lines: Vec<String>) -> PyResult<Vec<String>> {
    let mut lines = read_lines(lines)?;
    survey::group(&mut lines);
    write_lines(&lines)
}

/// The plain output of a survey's grouped lines: each line in words
/// (`grundy::survey::SurveyLine`'s `Display`), one a line.
#[pyfunction]
pub fn survey_text(lines: Vec<String>) -> PyResult<String> {
    Ok(read_lines(lines)?.iter().map(|l| format!("{l}\n")).collect())
}

/// The name of the file a survey store keeps `code`'s line at `upto` in (the name `grundy
/// survey --store` gives it); raises `BadInput` for what is not a take-and-break code.
#[pyfunction]
pub fn survey_store_name(code: &str, upto: u64) -> PyResult<String> {
    survey::store_file_name(code, upto).map_err(survey_error)
}

/// A stored line read back from the text of the store's `file` for `code` at `upto`, checked
/// by the library (`grundy::survey::read_back`): the line as JSON text, its `code` the
/// spelling given now. Raises `Refused` naming the file when it does not hold that line.
#[pyfunction]
pub fn survey_read_back(text: &str, file: &str, code: &str, upto: u64) -> PyResult<String> {
    let parsed = serde_json::from_str::<SurveyLine>(text.trim());
    let line = survey::read_back(parsed, file, code, upto).map_err(survey_error)?;
    serde_json::to_string(&line).map_err(|e| refused(e.to_string()))
}

/// The Trivial, Solved and Unsolved tables of a survey's grouped lines, in Markdown.
#[pyfunction]
pub fn survey_markdown(lines: Vec<String>) -> PyResult<String> {
    Ok(survey::markdown(&read_lines(lines)?))
}

/// The codes one argument of `grundy.survey` stands for: a pattern's codes, or one code
/// (checked).
fn codes_of(spec: &str) -> PyResult<Vec<String>> {
    if survey::is_pattern(spec) {
        return survey::expand_pattern(spec).map_err(survey_error);
    }
    survey::parse_code(spec).map_err(|e| unless_pattern(spec, e))?;
    Ok(vec![spec.to_string()])
}

/// A code that could not be read, in the survey's words, saying a pattern was not meant.
fn unless_pattern(spec: &str, e: SurveyError) -> PyErr {
    match e {
        SurveyError::BadInput(m) => bad_input(format!("codes: {m} (nor is '{spec}' a pattern with x)")),
        e => survey_error(e),
    }
}

/// Classifies take-and-break games as `grundy survey` does, on one machine: `codes` is a code
/// (`"0.137"`, `"hex:0.8f"`, `"kayles"`), a pattern of codes (`"0.xx"`, `"4.x"`), or a list of
/// either; each code is computed to `upto` (at least 4,096 values; fewer when a period is
/// proven sooner). Returns one dict per code, in order (each code once), with the fields of
/// `grundy survey --json` (`class` is "trivial", "solved" or "unsolved"; `equivalent` lists
/// the other codes with the same values). Raises `grundy.BadInput` for a code or `upto` that
/// cannot be read, `grundy.Refused` for a survey past what one run takes (with how to shard
/// it). Ctrl-C stops it (`KeyboardInterrupt`); the interpreter is released while it works.
#[pyfunction]
#[pyo3(name = "survey")]
pub fn run_survey<'py>(
    py: Python<'py>,
    codes: &Bound<'py, PyAny>,
    upto: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let specs: Vec<String> = match codes.extract::<String>() {
        Ok(one) => vec![one],
        Err(_) => codes.extract().map_err(|e| {
            crate::errors::unless_base(e, || {
                bad_input("codes is a code or a pattern of codes (a string), or a list of them")
            })
        })?,
    };
    let upto = crate::args::whole(upto, "upto")?;
    let mut all: Vec<String> = vec![];
    let mut seen = std::collections::HashSet::new();
    for spec in &specs {
        for code in codes_of(spec)? {
            if seen.insert(code.clone()) {
                all.push(code);
            }
        }
    }
    survey::check_survey(all.len(), upto).map_err(survey_error)?;
    let classified = interruptible(py, |token| {
        let mut lines = Vec::with_capacity(all.len());
        for code in &all {
            token.check().map_err(|e| SurveyError::Refused(e.to_string()))?;
            lines.push(survey::classify(code, upto)?);
        }
        survey::group(&mut lines);
        Ok::<_, SurveyError>(lines)
    })?;
    let lines = write_lines(&classified.map_err(survey_error)?)?;
    let json = py.import("json")?;
    let out = PyList::empty(py);
    for line in lines {
        out.append(json.call_method1("loads", (line,))?)?;
    }
    Ok(out)
}
