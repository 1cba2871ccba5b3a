//! `grundy.sequence` and `grundy.Sequence`: G(0..=upto) of a heap ruleset as a numpy array (the
//! vector the library's values were collected into, handed over without a copy), with its
//! period.

use grundy::engine::sequence::DEFAULT_SEQUENCE_BUDGET;
use grundy::verify::PatternError;
use grundy::{Ruleset, SequenceBuilder, MEMORY_LIMIT};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::analysis::checked_budget;
use crate::errors::{bad_input, no_rule, refused, sequence_error};

/// An eventual period: G(n + period) = G(n) + saltus for every n >= preperiod.
#[pyclass(module = "grundy", name = "Period", frozen, get_all)]
#[derive(Clone, Copy)]
pub struct Period {
    /// The first n from which the relation holds.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// What each period adds: 0 for an ordinary period.
    pub saltus: u64,
    /// True when a theorem proves it (the Guy-Smith periodicity theorem, a closed form); False
    /// when it is only seen in the values computed.
    pub proven: bool,
}

#[pymethods]
impl Period {
    fn __repr__(&self) -> String {
        format!(
            "Period(preperiod={}, period={}, saltus={}, proven={})",
            self.preperiod,
            self.period,
            self.saltus,
            if self.proven { "True" } else { "False" }
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Period>().is_ok_and(|o| {
            let o = o.get();
            (o.preperiod, o.period, o.saltus, o.proven) == (self.preperiod, self.period, self.saltus, self.proven)
        })
    }
}

impl Period {
    pub fn new(p: grundy::Period, proven: bool) -> Period {
        Period { preperiod: p.preperiod, period: p.period, saltus: p.saltus, proven }
    }
}

/// G(0), G(1), ..., G(upto) of a game, with its period.
#[pyclass(module = "grundy", name = "Sequence", frozen)]
pub struct Sequence {
    /// The game, as named.
    #[pyo3(get)]
    pub game: String,
    /// G(0..=upto), a numpy array of uint64.
    #[pyo3(get)]
    pub values: Py<PyArray1<u64>>,
    /// The period, or None.
    #[pyo3(get)]
    pub period: Option<Py<Period>>,
}

/// A rule that fits a table of values from n0 on (the rule finder of `grundy pattern`).
#[pyclass(module = "grundy", name = "Pattern", frozen)]
pub struct Pattern {
    inner: grundy::Pattern,
}

/// A [`PatternError`] as the package's exception.
fn pattern_error(e: PatternError) -> PyErr {
    match e {
        PatternError::NoRule { .. } | PatternError::PeriodNotHeld { .. } => no_rule(e.to_string()),
        PatternError::TooFew { .. } | PatternError::TooMany { .. } => bad_input(e.to_string()),
        e => refused(e.to_string()),
    }
}

#[pymethods]
impl Pattern {
    /// The rule in words (with the values it was found from and confirmed on, or "proven").
    #[getter]
    fn words(&self) -> String {
        self.inner.words()
    }

    /// The rule as an expression over n that `grundy verify --sg` accepts.
    #[getter]
    fn expression(&self) -> String {
        self.inner.expression()
    }

    /// The rule as a C++ function `long long g(long long n)`.
    #[getter]
    fn cpp(&self) -> String {
        self.inner.cpp()
    }

    /// The rule as a Python function `def g(n):`.
    #[getter]
    fn python(&self) -> String {
        self.inner.python()
    }

    /// The family: "period", "arithmetic-period", "linear-on-residue-classes", "self-similar"
    /// or "geometric-ranges".
    #[getter]
    fn rule(&self) -> &'static str {
        self.inner.family()
    }

    /// n0: the rule's body holds from here on (G(0..n0) is a table).
    #[getter]
    fn n0(&self) -> u64 {
        self.inner.from()
    }

    /// How many of the values (the last ones) the rule was checked on without being found from
    /// them.
    #[getter]
    fn checked(&self) -> u64 {
        self.inner.checked()
    }

    /// How many values the rule was found from.
    #[getter]
    fn given(&self) -> u64 {
        self.inner.given()
    }

    /// True for a proven period the values came with; False for a rule only seen in them.
    #[getter]
    fn proven(&self) -> bool {
        self.inner.proven()
    }

    /// G(n) by the rule, for any n (None past 2^64 - 1).
    fn value(&self, n: u64) -> Option<u64> {
        self.inner.value(n)
    }

    /// The next k values the rule implies, after the last one given: a numpy array.
    fn predict<'py>(&self, py: Python<'py>, k: u64) -> PyResult<Bound<'py, PyArray1<u64>>> {
        Ok(PyArray1::from_vec(py, self.inner.predict(k).map_err(pattern_error)?))
    }

    /// The object of `grundy pattern --json` (with the next `predict` values).
    #[pyo3(signature = (predict = 0))]
    fn to_dict<'py>(&self, py: Python<'py>, predict: u64) -> PyResult<Bound<'py, PyAny>> {
        let report = self.inner.report(predict).map_err(pattern_error)?;
        let text = serde_json::to_string(&report).map_err(|e| refused(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    fn __repr__(&self) -> String {
        format!(
            "Pattern(rule={:?}, expression={:?}, n0={})",
            self.inner.family(),
            self.inner.expression(),
            self.inner.from()
        )
    }

    fn __str__(&self) -> String {
        self.inner.words()
    }
}

/// The simplest rule that fits `values` (G(0), G(1), ... from your own brute force, a list or a
/// numpy array) from some n0 on, found on the first three quarters and confirmed on the rest,
/// as `grundy pattern` finds it. Raises `grundy.NoRule` when no family fits (never a rule the
/// values contradict).
#[pyfunction]
pub fn pattern(values: &Bound<'_, PyAny>) -> PyResult<Pattern> {
    let values = read_values(values)?;
    Ok(Pattern { inner: grundy::Pattern::find(&values).map_err(pattern_error)? })
}

/// Values from Python: a numpy array of unsigned ints, or any iterable of ints from 0.
fn read_values(values: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    if let Ok(array) = values.cast::<PyArray1<u64>>() {
        return Ok(array.readonly().as_array().to_vec());
    }
    let items = values.try_iter().map_err(|_| bad_input("values is a list of whole numbers (or a numpy array)"))?;
    items
        .enumerate()
        .map(|(n, v)| {
            let v = v?;
            v.extract::<u64>().map_err(|_| {
                bad_input(format!(
                    "G({n}) is {}, not a whole number from 0",
                    v.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
        })
        .collect()
}

#[pymethods]
impl Sequence {
    /// The rule of the values: the proven period as a rule when there is one, else the rule
    /// finder's (as `grundy pattern`): `words`, `expression`, `predict(k)`. Raises
    /// `grundy.NoRule` when no family fits, and when a proven period is the rule but the
    /// values do not hold its pre-period and one period (a rule found in fewer values could
    /// contradict it; a longer sequence states it).
    fn pattern(&self, py: Python<'_>) -> PyResult<Pattern> {
        let values = self.values.bind(py).readonly().as_array().to_vec();
        let proven = self.period.as_ref().map(|p| p.get()).filter(|p| p.proven);
        let period = proven.map(|p| grundy::Period { preperiod: p.preperiod, period: p.period, saltus: p.saltus });
        Ok(Pattern { inner: grundy::Pattern::of_sequence(&values, period).map_err(pattern_error)? })
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        PyUntypedArrayMethods::len(self.values.bind(py))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let period = match &self.period {
            Some(p) => p.get().__repr__(),
            None => "None".into(),
        };
        Ok(format!(
            "Sequence(game={:?}, upto={}, period={period})",
            self.game,
            PyUntypedArrayMethods::len(self.values.bind(py)) - 1
        ))
    }
}

/// The most values one array may hold: 8 bytes each within the memory one computation may use.
pub const MAX_VALUES: u64 = MEMORY_LIMIT / 8;

/// Refuses `upto` when the array of G(0..=upto) would pass [`MAX_VALUES`].
pub fn check_array(upto: u64) -> PyResult<()> {
    if upto >= MAX_VALUES {
        return Err(refused(format!(
            "an array of G(0..={upto}) holds {} values, past the {MAX_VALUES} (8 bytes each) one computation may hold here; ask for fewer",
            u128::from(upto) + 1
        )));
    }
    Ok(())
}

/// The Sprague-Grundy values G(0..=upto) of a heap ruleset grundy knows (`"kayles"`,
/// `"octal:0.16"`, `"subtraction:1,3,4"`, ...), with the period when one is proven.
///
/// `values` is a numpy array of `upto + 1` uint64. `budget` is the most values computed one
/// by one (past a proven period the rest follow from it). Raises `grundy.BadInput` for a game
/// that is not a heap ruleset, `grundy.Refused` for work past the limits (with what it would
/// take).
#[pyfunction]
#[pyo3(signature = (game, upto, *, budget = None))]
pub fn sequence(py: Python<'_>, game: &str, upto: u64, budget: Option<u64>) -> PyResult<Sequence> {
    let ruleset: Ruleset = game.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    check_array(upto)?;
    let budget = checked_budget(budget, DEFAULT_SEQUENCE_BUDGET)?;
    let built = py
        .detach(|| {
            let s = SequenceBuilder::new(&ruleset).upto(upto).budget(budget).build()?;
            let values: Vec<u64> = s.values().collect();
            Ok::<_, grundy::SequenceError>((values, s.period()))
        })
        .map_err(sequence_error)?;
    let (values, period) = built;
    if values.len() as u64 != upto + 1 {
        return Err(refused(format!("no value is known for heap {} of {ruleset}", values.len())));
    }
    Ok(Sequence {
        game: ruleset.to_string(),
        values: PyArray1::from_vec(py, values).unbind(),
        period: period.map(|p| Py::new(py, Period::new(p, true))).transpose()?,
    })
}
