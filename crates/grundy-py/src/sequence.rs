//! `grundy.sequence` and `grundy.Sequence`: G(0..=upto) of a heap ruleset as a numpy array (the
//! vector the library's values were collected into, handed over without a copy), with its
//! period.

use grundy::engine::sequence::DEFAULT_SEQUENCE_BUDGET;
use grundy::{Ruleset, SequenceBuilder, MEMORY_LIMIT};
use numpy::{PyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::analysis::checked_budget;
use crate::errors::{bad_input, refused, sequence_error};

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

#[pymethods]
impl Sequence {
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
