//! `grundy.batch(queries)`: `grundy batch` in one call. Each query is a dict with the fields of
//! a `grundy batch` line (`game`, `position`, and optionally `misere`, `every`, `to_move`,
//! `budget`, `limit`, `explain`, `graph`); each answer is the dict of `grundy analyze --json`,
//! or an error dict `{"error": {"kind", "message", "argument"}, "line": k}` for that query
//! alone, as `grundy batch` writes it, so that answer k always answers query k.

use grundy::frontend::{Query, QueryRefusal, RefusedLine, DEFAULT_BUDGET, MAX_BUDGET};
use grundy::Analysis;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::interrupt::interruptible;

/// Answers one query given as JSON text, as `grundy batch` answers a line (the library's
/// [`grundy::frontend::CheckedQuery::answer`]).
fn answer(text: &str, budget: u64, explain: bool) -> Result<Analysis, QueryRefusal> {
    let mut query: Query = serde_json::from_str(text)
        .map_err(|e| QueryRefusal::bad_input(None, format!("the query is not a query: {e}")))?;
    query.budget = query.budget.or(Some(budget));
    query.explain = query.explain.or(Some(explain));
    let mut checked = query.check(MAX_BUDGET)?;
    checked.options.quotients = crate::analysis::quotients();
    checked.answer(MAX_BUDGET)
}

/// Answers every query, in order: a list of dicts, one per query (see the module's words).
///
/// `queries` is an iterable of dicts (or of JSON strings, one query each). `budget` is the
/// budget of a query that gives none; `explain=True` writes each answer's explanation. Ctrl-C
/// stops it (`KeyboardInterrupt`); the interpreter is released while it works.
#[pyfunction]
#[pyo3(signature = (queries, *, budget = None, explain = None), text_signature = "(queries, *, budget=None, explain=False)")]
pub fn batch<'py>(
    py: Python<'py>,
    queries: &Bound<'py, PyAny>,
    budget: Option<&Bound<'py, PyAny>>,
    explain: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let budget = crate::args::budget(budget, DEFAULT_BUDGET)?;
    let explain = crate::args::optional_flag(explain, "explain", false)?;
    let json = py.import("json")?;
    let texts: Vec<String> = queries
        .try_iter()
        .map_err(|_| crate::errors::bad_input("queries is a list of dicts (or JSON strings), one query each"))?
        .map(|q| {
            let q = q?;
            match q.extract::<String>() {
                Ok(text) => Ok(text),
                Err(_) => json
                    .call_method1("dumps", (q,))
                    .and_then(|t| t.extract::<String>())
                    .map_err(|e| crate::errors::bad_input(format!("a query could not be written as JSON: {e}"))),
            }
        })
        .collect::<PyResult<_>>()?;
    // On a worker that Ctrl-C stops (between queries, and inside each at the library's checks:
    // a stopped query's answer is thrown away with the rest).
    let answers: Vec<String> = interruptible(py, |token| {
        let mut answers = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            if token.check().is_err() {
                break;
            }
            answers.push(match answer(text, budget, explain) {
                Ok(a) => serde_json::to_string(&a).unwrap_or_else(|e| {
                    error_line(i, &QueryRefusal { kind: "refused", field: None, message: e.to_string() })
                }),
                Err(refusal) => error_line(i, &refusal),
            });
        }
        answers
    })?;
    let out = PyList::empty(py);
    for a in answers {
        out.append(json.call_method1("loads", (a,))?)?;
    }
    Ok(out)
}

/// The error answer to the query at `index` (from 0), as `grundy batch` writes one.
fn error_line(index: usize, refusal: &QueryRefusal) -> String {
    let line = u64::try_from(index).map_or(u64::MAX, |i| i + 1);
    serde_json::to_string(&RefusedLine { error: refusal, line }).unwrap_or_default()
}
