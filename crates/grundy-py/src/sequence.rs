//! `grundy.sequence` and `grundy.Sequence`: G(0..=upto) of a heap ruleset as a numpy array (the
//! vector the library's values were collected into, handed over without a copy), with its
//! period.

use grundy::frontend::split_table_work;
use grundy::frontend::MAX_PATTERN_VALUES;
use grundy::frontend::{human_bytes, FIXED_BYTES, MEMORY_LIMIT};
use grundy::frontend::{DEFAULT_SEQUENCE_BUDGET, MIN_VALUES};
use grundy::PatternError;
use grundy::{Ruleset, SequenceBuilder};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{bad_input, no_rule, refused, sequence_error};
use crate::interrupt::interruptible;
use crate::store::{Store, DEFAULT_CHUNK};

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

    /// The family: "period", "arithmetic-period", "linear-on-residue-classes", "self-similar",
    /// "geometric-ranges" or "number-theoretic".
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
    fn value(&self, n: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        Ok(self.inner.value(crate::args::whole(n, "n")?))
    }

    /// The next k values the rule implies, after the last one given: a numpy array.
    fn predict<'py>(&self, py: Python<'py>, k: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let k = crate::args::whole(k, "k")?;
        Ok(PyArray1::from_vec(py, self.inner.predict(k).map_err(pattern_error)?))
    }

    /// The object of `grundy pattern --json` (with the next `predict` values).
    #[pyo3(signature = (predict = None), text_signature = "(self, predict=0)")]
    fn to_dict<'py>(&self, py: Python<'py>, predict: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let predict = crate::args::optional_whole(predict, "predict")?.unwrap_or(0);
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
/// values contradict), `grundy.BadInput` past 8,388,608 values (the cap of `grundy pattern`).
/// Ctrl-C stops it; the interpreter is released while it searches.
#[pyfunction]
pub fn pattern(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<Pattern> {
    let values = read_values(values)?;
    find(py, &values)
}

/// The rule finder on `values`, on a worker that Ctrl-C stops.
fn find(py: Python<'_>, values: &[u64]) -> PyResult<Pattern> {
    let found = interruptible(py, |_| grundy::Pattern::find(values))?;
    Ok(Pattern { inner: found.map_err(pattern_error)? })
}

/// The error for more than [`MAX_PATTERN_VALUES`] values.
fn too_many_values() -> PyErr {
    bad_input(format!(
        "values holds more than {MAX_PATTERN_VALUES} values, the most the rule finder reads (as grundy pattern)"
    ))
}

/// Values from Python: a numpy array of unsigned ints, or any iterable of ints from 0; at most
/// [`MAX_PATTERN_VALUES`] (an endless iterator is refused once past them, not read for ever).
fn read_values(values: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    if let Ok(array) = values.cast::<PyArray1<u64>>() {
        if PyUntypedArrayMethods::len(array) > MAX_PATTERN_VALUES {
            return Err(too_many_values());
        }
        return Ok(array.readonly().as_array().to_vec());
    }
    let items = values.try_iter().map_err(|e| {
        crate::errors::unless_base(e, || bad_input("values is a list of whole numbers (or a numpy array)"))
    })?;
    let mut out = Vec::with_capacity(values.len().unwrap_or(0).min(MAX_PATTERN_VALUES));
    for (n, v) in items.enumerate() {
        if n == MAX_PATTERN_VALUES {
            return Err(too_many_values());
        }
        // Reading a long list runs no Python code, which would look for signals: look here.
        if n % (1 << 16) == 0 {
            values.py().check_signals()?;
        }
        let v = v?;
        out.push(v.extract::<u64>().map_err(|e| {
            crate::errors::unless_base(e, || {
                bad_input(format!(
                    "G({n}) is {}, not a whole number from 0",
                    v.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
        })?);
    }
    Ok(out)
}

#[pymethods]
impl Sequence {
    /// The rule of the values: the proven period as a rule when there is one, else the rule
    /// finder's (as `grundy pattern`): `words`, `expression`, `predict(k)`. Raises
    /// `grundy.NoRule` when no family fits, and when a proven period is the rule but the
    /// values do not hold its pre-period and one period (a rule found in fewer values could
    /// contradict it; a longer sequence states it).
    fn pattern(&self, py: Python<'_>) -> PyResult<Pattern> {
        let array = self.values.bind(py).readonly();
        let values = array.as_slice().map_err(|e| refused(e.to_string()))?;
        let proven = self.period.as_ref().map(|p| p.get()).filter(|p| p.proven);
        if let Some(p) = proven {
            let period = grundy::Period { preperiod: p.preperiod, period: p.period, saltus: p.saltus };
            return Ok(Pattern { inner: grundy::Pattern::of_sequence(values, Some(period)).map_err(pattern_error)? });
        }
        if values.len() > MAX_PATTERN_VALUES {
            return Err(too_many_values());
        }
        // A copy for the worker: the array stays writable from Python while it searches.
        let values = values.to_vec();
        drop(array);
        find(py, &values)
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

/// The most bytes `grundy.sequence(ruleset, upto, budget=budget)` holds at once: the numpy
/// array of G(0..=upto) (8 bytes a value, reserved whole before the work, and handed to numpy
/// without a copy), and for a take-and-break game the table its engine reserves up front (at
/// most `budget` values, and at least the first [`MIN_VALUES`]) by the library's own bound of
/// a table's bytes ([`Work::forecast_bytes`]). Returns (array, table) bytes.
fn peak_bytes(ruleset: &Ruleset, upto: u64, budget: u64) -> (u128, u128) {
    let values = u128::from(upto) + 1;
    let table = ruleset.split_rules().map_or(0, |rules| {
        let work = split_table_work(&rules);
        let cap = values.max(u128::from(MIN_VALUES)).min(u128::from(work.clamp(budget)));
        work.forecast_bytes(u64::try_from(cap).unwrap_or(u64::MAX))
    });
    (values * 8, table)
}

/// Refuses, before any work, a sequence whose peak memory ([`peak_bytes`]) passes what one
/// computation may use, saying which argument brings it under.
fn check_peak(ruleset: &Ruleset, upto: u64, budget: u64) -> PyResult<()> {
    let (array, table) = peak_bytes(ruleset, upto, budget);
    let limit = u128::from(MEMORY_LIMIT);
    if array + table <= limit {
        return Ok(());
    }
    let advice = match ruleset.split_rules() {
        // The table's share shrinks with the budget (past a proven period the rest of the
        // values follow from it without a table), as long as the array leaves room for one.
        Some(rules) => {
            let work = split_table_work(&rules);
            let room = limit.saturating_sub(array + u128::from(FIXED_BYTES)) / u128::from(work.bytes_per_unit());
            if room >= u128::from(MIN_VALUES) {
                format!("pass budget={room} or less (the values computed one by one; past a proven period the rest follow from it), or a smaller upto")
            } else {
                "ask for a smaller upto".to_string()
            }
        }
        None => "ask for a smaller upto".to_string(),
    };
    Err(refused(format!(
        "G(0..={upto}) of {ruleset} would hold {} at its peak ({} for the array of {} values, 8 bytes each, {} for the table), past the {} one computation may use here: {advice}",
        human_bytes(array + table),
        human_bytes(array),
        u128::from(upto) + 1,
        human_bytes(table),
        human_bytes(limit)
    )))
}

/// Opens (creating it when new) the store of `ruleset`'s values in `dir`, the files
/// `grundy sg GAME --store DIR` writes, locked for this process, with the values it holds.
fn open_store(ruleset: &Ruleset, dir: &std::path::Path) -> PyResult<(Store, Vec<u16>)> {
    if ruleset.split_rules().is_none() {
        return Err(bad_input(format!(
            "store: a store is for computed tables (take-and-break games); {ruleset} has a closed form or a short proven period"
        )));
    }
    let mut store = Store::open(dir, &ruleset.to_string(), DEFAULT_CHUNK).map_err(bad_input)?;
    let values = store.load().map_err(bad_input)?;
    Ok((store, values))
}

/// Why the work of `grundy.sequence` gave no values (made into an exception on the caller's
/// thread, which holds the interpreter).
enum Failed {
    /// The library refused or stopped.
    Sequence(grundy::SequenceError),
    /// The array could not be reserved: the system refused this many bytes.
    Memory(u128),
    /// No value is known past this many (no period proven).
    Unknown(u64),
}

/// The Sprague-Grundy values G(0..=upto) of a heap ruleset grundy knows (`"kayles"`,
/// `"octal:0.16"`, `"subtraction:1,3,4"`, ...), with the period when one is proven.
///
/// `values` is a numpy array of `upto + 1` uint64. `budget` is the most values computed one
/// by one (past a proven period the rest follow from it). `store` (a directory) keeps a
/// take-and-break game's values as they are computed, in the files `grundy sg GAME --upto N
/// --store DIR` writes and reads: a run stopped (Ctrl-C, a kill) resumes where it stopped, and
/// either program resumes the other's; a store of another game, a damaged one or one in use
/// by another process is refused (`grundy.BadInput` naming the store). Raises `grundy.BadInput` for a game
/// that is not a heap ruleset, `grundy.Refused` for work past the limits (with what it would
/// take), before the work when the memory it would hold at its peak (the array and the table)
/// passes what one computation may use. Ctrl-C stops it (`KeyboardInterrupt`); the interpreter
/// is released while it works.
#[pyfunction]
#[pyo3(signature = (game, upto, *, budget = None, store = None))]
pub fn sequence(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    upto: &Bound<'_, PyAny>,
    budget: Option<&Bound<'_, PyAny>>,
    store: Option<&Bound<'_, PyAny>>,
) -> PyResult<Sequence> {
    let ruleset: Ruleset =
        crate::args::text(game, "game")?.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let upto = crate::args::whole(upto, "upto")?;
    let budget = crate::args::budget(budget, DEFAULT_SEQUENCE_BUDGET)?;
    let store = store.map(|dir| crate::args::path(dir, "store")).transpose()?;
    check_array(upto)?;
    check_peak(&ruleset, upto, budget)?;
    let builder = SequenceBuilder::new(&ruleset).upto(upto).budget(budget);
    // The refusals made before any work, before the store is opened (as `grundy sg`).
    builder.clone().check().map_err(sequence_error)?;
    let mut opened = match store {
        Some(dir) => Some(open_store(&ruleset, &dir)?),
        None => None,
    };
    let built = interruptible(py, |token| {
        // The array first, whole: no doubling while it is filled, and a system that cannot
        // give the memory refuses before the work, not after it.
        let len = usize::try_from(upto).ok().and_then(|u| u.checked_add(1)).ok_or(Failed::Memory(u128::MAX))?;
        let mut values: Vec<u64> = Vec::new();
        values.try_reserve_exact(len).map_err(|_| Failed::Memory(len as u128 * 8))?;
        let s = match opened.as_mut() {
            Some((store, stored)) => builder.resume(std::mem::take(stored)).build_with(Some(store), &mut ()),
            None => builder.build(),
        }
        .map_err(Failed::Sequence)?;
        for v in s.values() {
            // Copying through a period is the long part for a large upto: look at the token
            // every 2^16 values.
            if values.len().is_multiple_of(1 << 16) {
                token.check().map_err(|e| Failed::Sequence(e.into()))?;
            }
            values.push(v);
        }
        if values.len() != len {
            return Err(Failed::Unknown(values.len() as u64));
        }
        Ok((values, s.period()))
    })?;
    let (values, period) = built.map_err(|e| match e {
        Failed::Sequence(e) => sequence_error(e),
        Failed::Memory(bytes) => refused(format!(
            "the array of G(0..={upto}) needs {} and this system would not give it: ask for fewer values",
            human_bytes(bytes)
        )),
        Failed::Unknown(n) => refused(format!("no value is known for heap {n} of {ruleset}")),
    })?;
    // The array is made here, on the caller's thread with the interpreter, after the work.
    Ok(Sequence {
        game: ruleset.to_string(),
        values: PyArray1::from_vec(py, values).unbind(),
        period: period.map(|p| Py::new(py, Period::new(p, true))).transpose()?,
    })
}
