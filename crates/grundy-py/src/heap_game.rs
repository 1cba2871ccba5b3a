//! `grundy.heap_game(options)`: a heap game written in Python. `options(n)` lists what a move
//! from one heap of n leaves: an int (one heap, 0 when emptied) or a tuple of ints (a split).
//!
//! Values are a mex table built here in Rust, calling `options` once per heap size (not once
//! per option) and keeping the values, so the table to 10^5 of a game with a few options per
//! heap costs about 10^5 Python calls. Sums under misère play and the computer's moves come
//! from the library's [`ImpartialSolver`] over sorted lists of heaps, whose options come from
//! the same callback (kept per heap size). Every value `options` returns is checked: a heap is
//! a whole number below n (so that the table is built in order and the game ends).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use grundy::frontend::DEFAULT_BUDGET;
use grundy::frontend::OPTIONS_PER_POSITION;
use grundy::{find_period, Convention, GaveUp, ImpartialGame, ImpartialSolver, Outcome, Work};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};

use crate::analysis::{Analysis, MoveLeaves};
use crate::args;
use crate::errors::{bad_input, gave_up, gave_up_with, guarded, record, solve_error, unless_base};
use crate::game::{too_many_options, MAX_OPTIONS_PER_POSITION};
use crate::sequence::{check_array, Period, Sequence};
use crate::shared::{lock, Shared};

/// G(0), G(1), ... as far as computed, and the options listed to compute them.
struct Table {
    values: Vec<u64>,
    listed: u128,
    /// `marks[k]`: the options listed for the heaps below 2^k (those of 0..2^k - 1), the
    /// points the work is forecast from.
    marks: Vec<u128>,
}

/// The fewest options listed below the oldest of the three marks a forecast reads: fewer say
/// too little about how the count grows.
const FORECAST_FROM: u128 = 256;

/// The most two successive doublings' growth exponents may differ for a forecast: a count
/// whose growth is still changing (one that grows with n up to a cap, then stays) is not
/// extrapolated.
const STEADY: f64 = 0.3;

/// A table is refused on a forecast only once it holds this fraction of the values asked
/// for (1/16): the forecast then extrapolates over at most a factor of 16 in n, so an
/// exponent read 0.25 too high is at most 2x too high, while the work done is still a small
/// part of the whole (1/256 of it for a count growing as n^2, as Kayles's).
const FORECAST_AT: u64 = 16;

/// What a forecast asks for beyond its point estimate, so that the budget it names suffices.
const FORECAST_MARGIN: f64 = 1.5;

/// The options that listing G(0..=upto) is forecast to take in all, from the marks (`marks[k]`
/// options for the heaps below 2^k): the count grows as n^d, d the smaller of the last two
/// doublings' exponents (2 for a game with about n options per heap, 1 for a bounded number),
/// when they agree within [`STEADY`]. Returns the forecast, the heaps it is read from and d;
/// `None` before three marks with enough options, or while the growth is not steady.
fn forecast_options(marks: &[u128], upto: u64) -> Option<(f64, u64, f64)> {
    let k = marks.len().checked_sub(1)?;
    let (oldest, before, now) = (*marks.get(k.checked_sub(2)?)?, marks[k - 1], marks[k]);
    if oldest < FORECAST_FROM || k >= 64 {
        return None;
    }
    let exponent = |a: u128, b: u128| (b as f64 / a as f64).log2().clamp(0.0, 16.0);
    let (earlier, last) = (exponent(oldest, before), exponent(before, now));
    if (earlier - last).abs() > STEADY {
        return None;
    }
    let n = 1u64 << k;
    let growth = earlier.min(last);
    let total = now as f64 * ((upto as f64 + 1.0) / n as f64).max(1.0).powf(growth);
    Some((total, n, growth))
}

/// `grundy.GaveUp` for a table forecast to list more options than `budget` allows (or found
/// to, `reached`), naming the budget that would do when it can be told and is allowed.
/// `listed` options took `seconds` in this call.
fn options_past_budget(marks: &[u128], upto: u64, budget: u64, reached: bool, listed: u128, seconds: f64) -> PyErr {
    let allowed = u128::from(budget) * OPTIONS_PER_POSITION;
    let max = Work::PositionsSearched.max_budget();
    let units = Work::PositionsSearched.units();
    let Some((forecast, n, growth)) = forecast_options(marks, upto) else {
        // Too few options below a power of two to tell how the count grows.
        let message = format!(
            "options(n) for the heaps up to {upto} list more than the {allowed} options a budget of {budget} allows ({OPTIONS_PER_POSITION} per unit), before the count could be forecast: pass a larger budget= (at most {max})"
        );
        return gave_up_with(message, budget, None, None, units);
    };
    // Past the budget already: at least twice what it allows.
    let total = if reached { forecast.max(2.0 * allowed as f64) } else { forecast };
    let forecast_seconds = if listed > 0 { total * seconds / listed as f64 } else { 0.0 };
    let time = if forecast_seconds >= 1.0 {
        format!(", about {} of callbacks at the rate so far", grundy::frontend::human_seconds(forecast_seconds))
    } else {
        String::new()
    };
    let needed = ((total * FORECAST_MARGIN / OPTIONS_PER_POSITION as f64).ceil() as u64).max(upto.saturating_add(1));
    let advice = if needed <= max {
        format!("pass budget={needed}")
    } else {
        format!("that is past budget={max}, the most allowed: ask for fewer values")
    };
    let message = format!(
        "options(n) for the heaps up to {upto} are forecast to list about {total:.2e} options (the heaps below {n} listed {}, a count growing as n^{growth:.1}){time}, past the {allowed} a budget of {budget} allows ({OPTIONS_PER_POSITION} per unit): {advice}",
        marks[marks.len() - 1]
    );
    gave_up_with(message, budget, Some(needed), (needed <= max).then_some(needed), units)
}

/// A heap of what `options(n)` returned, checked: a whole number below `n`.
fn heap_below(n: u64, item: &Bound<'_, PyAny>, whole: &Bound<'_, PyAny>) -> PyResult<u64> {
    let bad = |why: &str| -> PyResult<u64> {
        Err(bad_input(format!(
            "options({n}) returned {}: {why}",
            whole.repr().map(|r| r.to_string()).unwrap_or_else(|_| "an option".into())
        )))
    };
    if !item.is_instance_of::<PyInt>() {
        return bad(
            "each option is an int (the heap a move leaves) or a tuple of ints (the heaps a split leaves), and this is neither",
        );
    }
    match item.extract::<u64>() {
        Ok(h) if h < n => Ok(h),
        Ok(_) => bad(&format!("a move from a heap of {n} must leave heaps smaller than {n}")),
        Err(_) => bad("a heap is a whole number from 0"),
    }
}

/// The items of what `options(n)` returned, or `grundy.BadInput` when it is not iterable.
fn options_listed<'py>(n: u64, returned: &Bound<'py, PyAny>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
    returned.try_iter().map_err(|e| {
        unless_base(e, || {
            bad_input(format!(
                "options({n}) returned {}, not a list of options",
                returned.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
    })
}

/// The heaps one option leaves (empty heaps dropped), checked.
fn option_parts(n: u64, item: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    if let Ok(t) = item.cast::<PyTuple>() {
        let mut parts = Vec::with_capacity(t.len());
        for part in t.iter() {
            let h = heap_below(n, &part, item)?;
            if h > 0 {
                parts.push(h);
            }
        }
        return Ok(parts);
    }
    let h = heap_below(n, item, item)?;
    Ok(if h > 0 { vec![h] } else { vec![] })
}

/// The game's rules as Python gave them, with what was learnt: G(0..len) and the options of
/// the heap sizes a sum or a session asked about. Shared by the game and its sessions.
pub struct HeapRules {
    /// The callback `options(n)`.
    options: Py<PyAny>,
    /// G(0), G(1), ... as far as computed.
    table: Shared<Table>,
    /// The options of each heap size asked about, each the sorted heaps it leaves.
    cache: Mutex<HashMap<u64, Arc<Vec<Vec<u64>>>>>,
}

impl HeapRules {
    /// Every option of a heap of `n`: the heaps each leaves (sorted, without empty heaps), each
    /// distinct one once, in the order `options` gave them.
    pub fn options_of(&self, py: Python<'_>, n: u64) -> PyResult<Arc<Vec<Vec<u64>>>> {
        if let Some(known) = lock(&self.cache).get(&n) {
            return Ok(known.clone());
        }
        crate::errors::signals(py)?;
        let returned = self.options.bind(py).call1((n,))?;
        let mut out: Vec<Vec<u64>> = vec![];
        for (k, item) in options_listed(n, &returned)?.enumerate() {
            if k == MAX_OPTIONS_PER_POSITION {
                return Err(too_many_options(&format!("options({n})")));
            }
            let mut parts = option_parts(n, &item?)?;
            parts.sort_unstable();
            if !out.contains(&parts) {
                out.push(parts);
            }
        }
        let out = Arc::new(out);
        lock(&self.cache).insert(n, out.clone());
        Ok(out)
    }

    /// Builds the table to G(upto), calling `options` once for each new heap size; at most
    /// `budget` values and `budget * 64` options (as the library's solver). The options of the
    /// whole table are forecast at each power of two (from a sixteenth of the values on) from
    /// those listed so far, and a table
    /// forecast past the budget is refused then, naming the budget that would do, rather than
    /// after the budget's worth of callbacks.
    fn extend(&self, py: Python<'_>, upto: u64, budget: u64) -> PyResult<Vec<u64>> {
        self.table.with(py, "the heap game's table", |t| Self::extend_table(&self.options, t, py, upto, budget))?;
        self.table.with(py, "the heap game's table", |t| Ok(t.values[..=upto as usize].to_vec()))
    }

    fn extend_table(options: &Py<PyAny>, table: &mut Table, py: Python<'_>, upto: u64, budget: u64) -> PyResult<()> {
        let Table { values, listed, marks } = table;
        if (values.len() as u64) > upto {
            return Ok(());
        }
        let start = (std::time::Instant::now(), *listed);
        let spent = |listed: u128| (start.0.elapsed().as_secs_f64(), listed - start.1);
        let wanted = u128::from(upto) + 1;
        if wanted > u128::from(budget) {
            let needed = u64::try_from(wanted).ok();
            return Err(gave_up(&GaveUp { what: Work::PositionsSearched, used: budget, needed }));
        }
        let allowed = u128::from(budget) * OPTIONS_PER_POSITION;
        let callback = options.bind(py);
        let mut seen: Vec<u64> = vec![];
        let mut flags: Vec<bool> = vec![];
        for n in values.len() as u64..=upto {
            // At each power of two, the work of the whole table is forecast from the options
            // listed so far, and refused when past the budget (from a sixteenth of the values
            // on: see FORECAST_AT).
            if n.is_power_of_two() && marks.len() == n.trailing_zeros() as usize {
                marks.push(*listed);
                let far_enough = n.saturating_mul(FORECAST_AT) > upto;
                if let Some((total, _, _)) = forecast_options(marks, upto).filter(|_| far_enough) {
                    if total > allowed as f64 {
                        let (seconds, counted) = spent(*listed);
                        return Err(options_past_budget(marks, upto, budget, false, counted, seconds));
                    }
                }
            }
            crate::errors::signals(py)?;
            let returned = callback.call1((n,))?;
            seen.clear();
            for item in options_listed(n, &returned)? {
                // Counted as they come, so that an endless iterator stops here.
                if seen.len() == MAX_OPTIONS_PER_POSITION {
                    return Err(too_many_options(&format!("options({n})")));
                }
                if *listed + seen.len() as u128 >= allowed {
                    let (seconds, counted) = spent(*listed);
                    return Err(options_past_budget(marks, upto, budget, true, counted, seconds));
                }
                let item = item?;
                let value = if let Ok(t) = item.cast::<PyTuple>() {
                    let mut x = 0;
                    for part in t.iter() {
                        x ^= values[heap_below(n, &part, &item)? as usize];
                    }
                    x
                } else {
                    values[heap_below(n, &item, &item)? as usize]
                };
                seen.push(value);
            }
            *listed += seen.len() as u128;
            // The mex of k values is at most k.
            flags.clear();
            flags.resize(seen.len() + 1, false);
            for &v in &seen {
                if let Some(f) = usize::try_from(v).ok().and_then(|v| flags.get_mut(v)) {
                    *f = true;
                }
            }
            values.push(flags.iter().position(|&f| !f).unwrap_or(seen.len()) as u64);
        }
        Ok(())
    }
}

/// A sum of heaps of a [`HeapRules`] game, as the library's solver sees it: the non-empty
/// heaps, sorted.
#[derive(Clone)]
pub struct HeapSum(pub Arc<HeapRules>);

/// `heaps` sorted, without empty heaps: one spelling for each position.
pub fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

impl ImpartialGame for HeapSum {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        if crate::errors::failed() {
            return vec![];
        }
        Python::attach(|py| {
            let mut out = vec![];
            for (i, &h) in heaps.iter().enumerate() {
                if i > 0 && heaps[i - 1] == h {
                    continue;
                }
                let options = match self.0.options_of(py, h) {
                    Ok(o) => o,
                    Err(e) => {
                        record(e);
                        return vec![];
                    }
                };
                for parts in options.iter() {
                    let mut next = heaps.clone();
                    next.remove(i);
                    next.extend_from_slice(parts);
                    out.push(canonical(next));
                }
            }
            out
        })
    }

    fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        if heaps.len() <= 1 {
            return vec![heaps.clone()];
        }
        heaps.iter().map(|&h| vec![h]).collect()
    }
}

/// Reads heaps given from Python: whole numbers from 0.
pub fn read_heaps(heaps: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let items = heaps.try_iter().map_err(|_| bad_input("the position is a list of heaps (ints)"))?;
    let mut out = vec![];
    for (i, item) in items.enumerate() {
        out.push(args::whole(&item?, &format!("heap {}", i + 1))?);
    }
    Ok(out)
}

/// The words of a move of a heap game: "heap 2: 7 -> 3 + 4", "heap 1: 5 -> 0".
pub fn move_text(i: usize, h: u64, parts: &[u64]) -> String {
    let left = if parts.is_empty() {
        "0".to_string()
    } else {
        parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
    };
    format!("heap {}: {h} -> {left}", i + 1)
}

/// A heap game written in Python; see `grundy.heap_game`.
#[pyclass(module = "grundy", name = "HeapGame")]
pub struct HeapGame {
    pub rules: Arc<HeapRules>,
    /// The game's name in answers.
    #[pyo3(get)]
    pub name: String,
    /// The most heap sizes valued (and positions searched under misère play); options listed
    /// are held to 64 per unit, as the library's solver.
    #[pyo3(get)]
    pub budget: u64,
    /// The misère solver, kept between questions.
    misere: Shared<ImpartialSolver<HeapSum>>,
}

impl HeapGame {
    /// Asks the misère solver, throwing its memory away after a callback failed (what it
    /// learnt then may rest on an empty list of options).
    fn with_solver<T>(
        &self,
        ask: impl FnOnce(&mut ImpartialSolver<HeapSum>) -> Result<T, grundy::SolveError>,
    ) -> PyResult<T> {
        Python::attach(|py| {
            self.misere.with(py, "the heap game's solver", |solver| {
                solver.set_budget(self.budget);
                match guarded(|| ask(solver)) {
                    Ok(r) => r.map_err(solve_error),
                    Err(e) => {
                        *solver = ImpartialSolver::new(HeapSum(self.rules.clone())).with_budget(self.budget);
                        Err(e)
                    }
                }
            })
        })
    }

    /// G(0..=upto) as a vector.
    pub fn values_to(&self, py: Python<'_>, upto: u64) -> PyResult<Vec<u64>> {
        check_array(upto)?;
        self.rules.extend(py, upto, self.budget)
    }
}

#[pymethods]
impl HeapGame {
    #[new]
    #[pyo3(signature = (options, *, name = None, budget = None))]
    fn new(
        options: &Bound<'_, PyAny>,
        name: Option<&Bound<'_, PyAny>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<HeapGame> {
        let options = args::callable(options, "options")?;
        let name = args::optional_text(name, "name")?;
        let budget = Work::PositionsSearched.clamp(args::budget(budget, DEFAULT_BUDGET)?);
        let name = match name {
            Some(n) => n,
            None => Python::attach(|py| {
                options.bind(py).getattr("__name__").and_then(|n| n.extract::<String>()).unwrap_or("heap game".into())
            }),
        };
        let rules = Arc::new(HeapRules {
            options,
            table: Shared::new(Table { values: vec![], listed: 0, marks: vec![] }),
            cache: Mutex::new(HashMap::new()),
        });
        let misere = Shared::new(ImpartialSolver::new(HeapSum(rules.clone())).with_budget(budget));
        Ok(HeapGame { rules, name, budget, misere })
    }

    /// Sets the budget (at most 2^25).
    #[setter]
    fn set_budget(&mut self, budget: &Bound<'_, PyAny>) -> PyResult<()> {
        self.budget = Work::PositionsSearched.clamp(args::budget(Some(budget), DEFAULT_BUDGET)?);
        Ok(())
    }

    /// G(n), the Sprague-Grundy value of one heap of n.
    fn value(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n = args::whole(n, "n")?;
        Ok(self.values_to(py, n)?[n as usize])
    }

    /// G(0..=upto) as a numpy array (`values`), with the period seen in them (`proven` False:
    /// no theorem covers a game written in Python) and `pattern()`. The period is the one of
    /// the rule `pattern()` states (`grundy::find_period`), so the two never disagree.
    fn sequence(&self, py: Python<'_>, upto: &Bound<'_, PyAny>) -> PyResult<Sequence> {
        let upto = args::whole(upto, "upto")?;
        let values = self.values_to(py, upto)?;
        let period = find_period(&values).map(|p| Py::new(py, Period::new(p, false))).transpose()?;
        Ok(Sequence { game: self.name.clone(), values: PyArray1::from_vec(py, values).unbind(), period })
    }

    /// Who wins the sum of `heaps`, its value (normal play), and every winning move, each with
    /// its words and the heaps it leaves (`leaves`, which `analyze` reads back).
    #[pyo3(signature = (heaps, misere = None, limit = None), text_signature = "(self, heaps, misere=False, limit=None)")]
    fn analyze(
        &self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
        misere: Option<&Bound<'_, PyAny>>,
        limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Analysis> {
        let misere = args::optional_flag(misere, "misere", false)?;
        let limit = args::optional_count(limit, "limit")?;
        self.analyze_as(py, heaps, misere, limit)
    }

    fn __repr__(&self) -> String {
        format!("HeapGame(name={:?}, budget={})", self.name, self.budget)
    }
}

impl HeapGame {
    /// Who wins the sum of `heaps`, its value (normal play), and every winning move (the first
    /// `limit` listed).
    pub fn analyze_as(
        &self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
        misere: bool,
        limit: Option<usize>,
    ) -> PyResult<Analysis> {
        let heaps = read_heaps(heaps)?;
        let (outcome, sg, winning, explanation) = if misere {
            let sorted = canonical(heaps.clone());
            let winning = self.with_solver(|s| s.winning_moves(&sorted, Convention::Misere))?;
            let outcome = self.with_solver(|s| s.outcome(&sorted, Convention::Misere))?;
            let over = sorted.is_empty() || self.with_solver(|s| s.options(&sorted))?.is_empty();
            let explanation = vec![
                "Misère play (whoever makes the last move loses): decided by exact search of the sums of heaps reached, since values do not add up under misère play.".to_string(),
                match (outcome, over) {
                    (Outcome::N, true) => "No move is left: under misère play the player to move has won.".to_string(),
                    (Outcome::N, false) => format!("{} moves leave a position from which the opponent loses: the player to move wins.", winning.len()),
                    _ => "Every move leaves a position from which the opponent wins: the player to move loses.".to_string(),
                },
            ];
            let mut chosen: Vec<(usize, Vec<u64>)> = vec![];
            for (i, &h) in heaps.iter().enumerate() {
                let options = self.rules.options_of(py, h)?;
                for parts in options.iter() {
                    let mut rest = heaps.clone();
                    rest.remove(i);
                    rest.extend_from_slice(parts);
                    if winning.contains(&canonical(rest)) {
                        chosen.push((i, parts.clone()));
                    }
                }
            }
            (outcome, None, chosen, explanation)
        } else {
            let top = heaps.iter().copied().max().unwrap_or(0);
            let values = self.values_to(py, top)?;
            let value = |h: u64| values[h as usize];
            let total = heaps.iter().fold(0, |x, &h| x ^ value(h));
            let mut chosen: Vec<(usize, Vec<u64>)> = vec![];
            if total != 0 {
                for (i, &h) in heaps.iter().enumerate() {
                    let options = self.rules.options_of(py, h)?;
                    for parts in options.iter() {
                        if total ^ value(h) ^ parts.iter().fold(0, |x, &p| x ^ value(p)) == 0 {
                            chosen.push((i, parts.clone()));
                        }
                    }
                }
            }
            let each = heaps.iter().map(|&h| format!("G({h}) = {}", value(h))).collect::<Vec<_>>().join(", ");
            let explanation = vec![
                format!("Each heap's Sprague-Grundy value (the mex of its options' values): {each}."),
                if total == 0 {
                    "Their XOR is 0: every move leaves a nonzero XOR, so the player to move loses (Sprague-Grundy theorem).".to_string()
                } else {
                    format!("Their XOR is {total}, not 0: the player to move wins by a move that leaves XOR 0 (Sprague-Grundy theorem).")
                },
            ];
            (if total == 0 { Outcome::P } else { Outcome::N }, Some(total), chosen, explanation)
        };
        let count = winning.len();
        let heaps = Arc::new(heaps);
        let moves = winning
            .into_iter()
            .take(limit.unwrap_or(usize::MAX))
            .map(|(i, parts)| (move_text(i, heaps[i], &parts), MoveLeaves::Replaced(heaps.clone(), i, parts)))
            .collect();
        let position = PyList::new(py, heaps.iter())?.into_any().unbind();
        Analysis::custom(py, self.name.clone(), position, &outcome.to_string(), sg, moves, count, explanation)
    }

    /// A solver of sums of this game for a session, sharing what was learnt of the options.
    pub fn solver(&self) -> ImpartialSolver<HeapSum> {
        ImpartialSolver::new(HeapSum(self.rules.clone())).with_budget(self.budget)
    }
}

/// A heap game written in Python: `options(n)` lists what a move from one heap of n leaves,
/// each an int (the heap left; 0 when the move empties it) or a tuple of ints (the heaps a
/// split leaves). Every heap left must be smaller than n. `budget` (default 2,000,000) is the
/// most heap sizes valued, with at most 64 options listed per unit: a table forecast to list
/// more (from the options listed so far, at each power of two from a sixteenth of the values
/// on, while the count grows steadily) is refused before the work with
/// `grundy.GaveUp` naming the `budget=` that would do.
///
/// ```python
/// kayles = grundy.heap_game(lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)])
/// kayles.sequence(100).values     # numpy array of G(0..100)
/// kayles.analyze([5, 7])          # who wins the sum, and every winning move
/// ```
#[pyfunction]
#[pyo3(signature = (options, *, name = None, budget = None))]
pub fn heap_game(
    options: &Bound<'_, PyAny>,
    name: Option<&Bound<'_, PyAny>>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<HeapGame> {
    HeapGame::new(options, name, budget)
}
