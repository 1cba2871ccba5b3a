//! `grundy.partizan_table`: each heap's Conway value and outcome class of a partizan game of
//! heaps (`psub:LEFT:RIGHT`, `poctal:LEFT:RIGHT`), with the outcome period where one is proven:
//! the library's table ([`grundy::frontend::PartizanHeaps::heap_table`]), as `grundy sg GAME
//! --upto N` prints it.

use grundy::frontend::{PartizanHeapTable, DEFAULT_BUDGET, MAX_BUDGET};
use grundy::Game;
use pyo3::prelude::*;

use crate::errors::{analyze_error, bad_input};
use crate::interrupt::interruptible;

/// The proven period of the heaps' outcome classes: the class of heap n is that of heap
/// n - period for every n >= preperiod + period.
#[pyclass(module = "grundy", name = "OutcomePeriod", frozen, get_all)]
pub struct OutcomePeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The classes of heaps preperiod .. preperiod + period - 1, a letter each (L, R, N, P).
    pub block: String,
    /// The behaviour the period shows (Duchêne, Heinrich, Nowakowski and Parreau):
    /// "left-dominance", "right-dominance", "left-weak-dominance", "right-weak-dominance",
    /// "fairness" or "ultimate-impartiality".
    pub behaviour: String,
    /// The behaviour in words.
    pub behaviour_words: String,
    /// How the period is proven, in a sentence.
    pub proof: String,
}

#[pymethods]
impl OutcomePeriod {
    fn __repr__(&self) -> String {
        format!(
            "OutcomePeriod(preperiod={}, period={}, block={:?}, behaviour={:?})",
            self.preperiod, self.period, self.block, self.behaviour
        )
    }
}

/// Each heap's Conway value and outcome class of a partizan game of heaps, as `grundy sg GAME
/// --upto N` gives them.
#[pyclass(module = "grundy", name = "PartizanTable", frozen)]
pub struct PartizanTable {
    table: PartizanHeapTable,
    period: Option<Py<OutcomePeriod>>,
}

#[pymethods]
impl PartizanTable {
    /// The game, as grundy reads it back.
    #[getter]
    fn game(&self) -> &str {
        &self.table.game
    }

    /// The last heap asked for.
    #[getter]
    fn upto(&self) -> u64 {
        self.table.upto
    }

    /// A row a heap whose outcome is known, from heap 0: (heap, value, outcome), the value a
    /// canonical form (None where it is longer than 400 characters or nested too deep to
    /// write) and the outcome a letter, L (Left wins whoever starts), R, N (the player to move
    /// wins) or P.
    #[getter]
    fn rows(&self) -> Vec<(u64, Option<String>, String)> {
        self.table
            .outcomes
            .chars()
            .zip(&self.table.values)
            .enumerate()
            .map(|(n, (o, v))| (n as u64, v.clone(), o.to_string()))
            .collect()
    }

    /// The proven period of the outcomes, None when none is proven (`no_period` says why).
    #[getter]
    fn period(&self, py: Python<'_>) -> Option<Py<OutcomePeriod>> {
        self.period.as_ref().map(|p| p.clone_ref(py))
    }

    /// Why no period is proven, None when one is.
    #[getter]
    fn no_period(&self) -> Option<&str> {
        self.table.no_period.as_deref()
    }

    /// Why the values (or the rows) stop short of upto, None when they do not.
    #[getter]
    fn values_stop(&self) -> Option<&str> {
        self.table.values_stop.as_deref()
    }

    /// The last heap whose outcome was computed (past upto when the period was searched for).
    #[getter]
    fn searched(&self) -> u64 {
        self.table.searched
    }

    /// The outcome class of heap m, at any size once a period is proven; None past the heaps
    /// computed when none is.
    fn outcome_at(&self, m: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let m = crate::args::whole(m, "m")?;
        Ok(self.table.outcome_at(m).map(String::from))
    }

    fn __repr__(&self) -> String {
        format!(
            "PartizanTable(game={:?}, upto={}, outcomes={:?}, period={})",
            self.table.game,
            self.table.upto,
            self.table.outcomes,
            self.table.period.as_ref().map(|p| format!("{} from {}", p.period, p.preperiod)).unwrap_or("None".into())
        )
    }
}

/// Each heap's Conway value and outcome class, heaps 0..=upto, of a partizan game of heaps
/// (`"psub:1,2:1,3"`, `"poctal:0.07:0.15"`), with the outcome period where one is proven and
/// the behaviour it shows, as `grundy sg GAME --upto N` computes them; `budget` the most heaps
/// valued (default 2,000,000, as `grundy sg --budget`). Raises `grundy.BadInput` for a game
/// that cannot be read or is no partizan game of heaps, `grundy.GaveUp` past the budget.
/// Ctrl-C stops it; the interpreter is released while it works.
#[pyfunction]
#[pyo3(signature = (game, upto, *, budget = None))]
pub fn partizan_table(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    upto: &Bound<'_, PyAny>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<PartizanTable> {
    let text = crate::args::text(game, "game")?;
    let upto = crate::args::whole(upto, "upto")?;
    let budget = crate::args::optional_whole(budget, "budget")?.unwrap_or(DEFAULT_BUDGET);
    if budget == 0 || budget > MAX_BUDGET {
        return Err(bad_input(format!("budget {budget} is not between 1 and {MAX_BUDGET}")));
    }
    let parsed: Game = text.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    if grundy::frontend::partizan_heaps(&parsed).is_none() {
        return Err(bad_input(format!(
            "game: partizan_table needs a partizan game of heaps (psub:LEFT:RIGHT, poctal:LEFT:RIGHT), and '{parsed}' is not one"
        )));
    }
    let table = interruptible(py, |_| match grundy::frontend::partizan_heaps(&parsed) {
        Some(rules) => rules.heap_table(upto, budget),
        None => Err(grundy::AnalyzeError::Unsupported("no partizan game of heaps".into())),
    })?
    .map_err(analyze_error)?;
    let period = match &table.period {
        Some(p) => Some(Py::new(
            py,
            OutcomePeriod {
                preperiod: p.preperiod,
                period: p.period,
                block: p.block.clone(),
                behaviour: serde_json::to_value(p.behaviour)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
                behaviour_words: p.behaviour_words.to_string(),
                proof: p.proof.clone(),
            },
        )?),
        None => None,
    };
    Ok(PartizanTable { table, period })
}
