//! Conway's values of short partizan games ("On Numbers and Games"; Siegel, "Combinatorial Game
//! Theory", 2013), and of loopy games written as text (`grundy.value("a:{0,a|*}")`: the
//! outcome with each player first, the stopper flag, the simplest form or the sides):
//! `grundy.value(game, position)`, `grundy.game_value(text)` (or
//! `game_value(left, right)`: the game {left | right}), and `grundy.Value`, a value in canonical
//! form with its outcome class, mean, temperature, stops, thermograph, the partial order of games
//! (`==`, `<`, `<=`, `>`, `>=`, `confused_with`) and sums.
//!
//! Every value of the module lives in one [`GameStore`] (canonical forms hash-consed, with their
//! memos), shared by the whole process behind a mutex: values made anywhere in the process
//! compare and add, and equal values share one form. The store is locked only while the library
//! works, never while Python code runs (a partizan game's callbacks may add values), and the
//! interpreter is released while it waits and works. Each operation is bounded by the store's
//! work limit (`grundy::frontend::DEFAULT_WORK_LIMIT` steps, a few seconds; past it
//! `grundy.GaveUp` names `grundy.set_value_work`, which raises it).

use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

use grundy::frontend::{known_outcome, outcome_at_once, position_value, value_past_work, WorkForecast, MAX_NAME_CHARS};
use grundy::frontend::{loopy_outcome_class, text_value, LoopyValue, TextValue, NOT_A_STOPPER};
use grundy::{
    thermograph_svg, AnalyzeError, Dyadic, Game, GameStore, GameValue, PartizanError, PartizanOutcome, Relation,
};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::analysis::position_tokens;
use crate::args;
use crate::errors::{analyze_error, bad_input, gave_up_with, refused, unless_base};
use crate::interrupt::interruptible;
use crate::shared::lock;

/// The store of every value of the process.
fn store() -> &'static Mutex<GameStore> {
    static STORE: OnceLock<Mutex<GameStore>> = OnceLock::new();
    STORE.get_or_init(|| Mutex::new(GameStore::new()))
}

/// Runs `f` on the process's store, with the interpreter released while it waits for the store
/// and while it works (library code only: `f` must not touch Python), on a worker that Ctrl-C
/// stops ([`interruptible`]: the store checks the stop token as it counts its work).
pub fn with_store<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut GameStore) -> Result<T, PartizanError> + Send,
) -> PyResult<T> {
    interruptible(py, |_| f(&mut lock(store())))?.map_err(partizan_error)
}

/// A refusal of the partizan values as a typed exception: a text that cannot be read is
/// `BadInput`; an operation past the work limit is `GaveUp` (units "steps of work"), naming the
/// call that raises the limit; anything else (a number too large to hold exactly, games nested
/// too deep) is `Refused` with the library's words.
pub fn partizan_error(e: PartizanError) -> PyErr {
    match e {
        PartizanError::Parse(m) => bad_input(m),
        PartizanError::TooMuchWork { operation, limit } => gave_up_with(
            format!(
                "{operation} needs more than {limit} steps of work (options visited and games created); raise the limit past {limit} with grundy.set_value_work(steps)"
            ),
            limit,
            None,
            None,
            "steps of work",
        ),
        PartizanError::ForeignValue => bad_input(e.to_string()),
        // Stopped by Ctrl-C: `interruptible` raises the signal handler's exception instead.
        PartizanError::Stopped(s) => analyze_error(AnalyzeError::Stopped(s)),
        e => refused(e.to_string()),
    }
}

/// An analysis error of a value: the store's refusals as [`partizan_error`], the rest as
/// `analyze` raises them.
fn value_error(e: AnalyzeError) -> PyErr {
    match e {
        AnalyzeError::Partizan(p) => partizan_error(p),
        e => analyze_error(e),
    }
}

/// `x` as a `fractions.Fraction`.
fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Py<PyAny>> {
    let class = py.import("fractions")?.getattr("Fraction")?;
    Ok(class.call1((x.numerator(), 1u64 << x.exponent()))?.unbind())
}

/// A dyadic number from a Python rational (a `fractions.Fraction`, or anything with integer
/// `numerator` and `denominator`): its denominator must be a power of two.
fn dyadic_of(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Dyadic>> {
    if !(value.hasattr("numerator")? && value.hasattr("denominator")?) || value.is_instance_of::<PyString>() {
        return Ok(None);
    }
    let (Ok(num), Ok(den)) = (value.getattr("numerator"), value.getattr("denominator")) else { return Ok(None) };
    let (Some(num), Some(den)) = (args::integer(&num)?, args::integer(&den)?) else { return Ok(None) };
    let shown = || value.str().map(|s| s.to_string()).unwrap_or_default();
    let den: u64 =
        den.extract().map_err(|_| bad_input(format!("{name} is {}: its denominator is too large", shown())))?;
    if !den.is_power_of_two() {
        return Err(bad_input(format!(
            "{name} is {}: a short game's numbers are dyadic (the denominator a power of two)",
            shown()
        )));
    }
    let num: i64 = num.extract().map_err(|_| {
        bad_input(format!("{name} is {}: its numerator is past 2^63 - 1, the most held exactly", shown()))
    })?;
    Dyadic::new(num, den.trailing_zeros()).map(Some).map_err(partizan_error)
}

/// What a Python object names as a value, before the store makes it.
enum Named {
    Value(GameValue),
    Number(Dyadic),
    Text(String),
}

/// Reads `value` as a value: a `Value`, an int, a dyadic fraction, or (when `text` is true) a
/// string in the notation of `game_value`. `None` when it is none of these.
fn named(value: &Bound<'_, PyAny>, name: &str, text: bool) -> PyResult<Option<Named>> {
    if let Ok(v) = value.cast::<Value>() {
        return Ok(Some(Named::Value(v.get().short(name)?)));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(text.then(|| Named::Text(s.to_string())));
    }
    if let Some(int) = args::integer(value)? {
        let n: i64 = int.extract().map_err(|_| {
            bad_input(format!(
                "{name} is {}, past what a number of a short game holds exactly (-2^63 to 2^63 - 1)",
                int
            ))
        })?;
        return Ok(Some(Named::Number(Dyadic::integer(n))));
    }
    Ok(dyadic_of(value, name)?.map(Named::Number))
}

/// Reads `value` as a value (see [`named`]) and makes it in the store; `BadInput` naming it when
/// it is none.
pub fn to_value(py: Python<'_>, value: &Bound<'_, PyAny>, name: &str) -> PyResult<GameValue> {
    let Some(n) = named(value, name, true)? else {
        return Err(bad_input(format!(
            "{name} is {}, not a game value (a grundy.Value, an int, a dyadic Fraction, or a text such as \"{{1|0,*}}\")",
            value.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    };
    made(py, n)
}

/// The store's value of what was named.
fn made(py: Python<'_>, n: Named) -> PyResult<GameValue> {
    match n {
        Named::Value(g) => Ok(g),
        Named::Number(x) => with_store(py, move |s| s.number(x)),
        Named::Text(t) => with_store(py, move |s| s.parse(&t)),
    }
}

/// A short partizan game's value, in canonical form (Siegel, section II.2), from the process's
/// one store: see `grundy.value`, `grundy.game_value` and `grundy.partizan_game`.
#[pyclass(module = "grundy", name = "Value", frozen)]
pub struct Value {
    form: Form,
}

/// What a `Value` holds: a short game's canonical form in the store, or a loopy game's value
/// (`grundy.value('a:{0,a|*}')`), whose outcome, stopper flag, simplest form and sides are read
/// as a short game's are, and whose short-game analyses (mean, thermograph...) are refused.
enum Form {
    Short(GameValue),
    Loopy(Box<LoopyValue>),
}

impl Value {
    /// The value `g` as a Python object.
    pub fn wrap(py: Python<'_>, g: GameValue) -> PyResult<Py<Value>> {
        Py::new(py, Value { form: Form::Short(g) })
    }

    /// A loopy game's value as a Python object.
    fn wrap_loopy(py: Python<'_>, v: LoopyValue) -> PyResult<Py<Value>> {
        Py::new(py, Value { form: Form::Loopy(Box::new(v)) })
    }

    /// A game written as text, valued ([`text_value`]), as a Python object.
    fn of_text(py: Python<'_>, text: String) -> PyResult<Py<Value>> {
        match with_store(py, move |s| {
            let work = s.work_limit();
            text_value(&text, s, work)
        })? {
            TextValue::Short(g) => Value::wrap(py, g),
            TextValue::Loopy(v) => Value::wrap_loopy(py, v),
        }
    }

    /// The short game's canonical form; `Refused` naming `what` for a loopy game, which has no
    /// such analysis.
    pub(crate) fn short(&self, what: &str) -> PyResult<GameValue> {
        match &self.form {
            Form::Short(g) => Ok(*g),
            Form::Loopy(v) => Err(refused(format!(
                "{what} is a short game's: {} is a loopy game (play can repeat), read by outcome_left_first, outcome_right_first, stopper, canonical, onside and offside; sums and comparisons of loopy games are written as one text (grundy.value('on + over'))",
                v.text
            ))),
        }
    }

    /// The other operand of an operator as a value: a `Value`, an int or a dyadic fraction (not
    /// a text: `grundy.game_value` reads texts); `None` for anything else (Python then tries the
    /// other operand's method, or says the types do not go together).
    fn operand(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<GameValue>> {
        match named(other, "the other operand", false) {
            Ok(Some(n)) => made(py, n).map(Some),
            Ok(None) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Who wins with `player` first (0 Left, 1 Right): a loopy game's by retrograde analysis,
    /// a short game's from its outcome class.
    fn first(&self, py: Python<'_>, player: usize) -> PyResult<&'static str> {
        let g = match &self.form {
            Form::Loopy(v) => {
                return Ok([v.outcome_left_first, v.outcome_right_first][player].letter());
            }
            Form::Short(g) => *g,
        };
        let class = with_store(py, move |s| s.outcome(g))?;
        Ok(match (class, player) {
            (PartizanOutcome::L, _) | (PartizanOutcome::N, 0) | (PartizanOutcome::P, 1) => "L",
            _ => "R",
        })
    }

    fn relation(&self, py: Python<'_>, other: GameValue) -> PyResult<Relation> {
        let g = self.short("comparison")?;
        with_store(py, move |s| s.compare(g, other))
    }
}

#[pymethods]
impl Value {
    /// The canonical form's name (`"3/4"`, `"↑*"`, `"±1"`, `"{1|0,*}"`), which
    /// `grundy.game_value` reads back; `None` when it is longer than 100,000 characters (see
    /// `canonical_not_written`).
    #[getter]
    fn canonical(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let g = match &self.form {
            Form::Short(g) => *g,
            Form::Loopy(v) => return Ok(v.canonical.clone()),
        };
        with_store(py, move |s| s.text_within(g, MAX_NAME_CHARS))
    }

    /// Why `canonical` is `None`, or `None` when it is written.
    #[getter]
    fn canonical_not_written(&self, py: Python<'_>) -> PyResult<Option<String>> {
        if let Form::Loopy(v) = &self.form {
            return Ok((!v.stopper).then(|| NOT_A_STOPPER.to_string()));
        }
        Ok(self.canonical(py)?.is_none().then(|| {
            format!(
                "its canonical form's name is longer than {MAX_NAME_CHARS} characters (a form shares its options, its name writes them out at each place); read its options with left_options and right_options"
            )
        }))
    }

    /// The outcome class (Lessons in Play, chapter 2): "L" (Left wins whoever starts, G > 0),
    /// "R" (Right wins, G < 0), "P" (the second player wins, G = 0) or "N" (the first player
    /// wins, G confused with 0); a loopy game's may be CGSuite's "D" (a draw whoever starts),
    /// "NHat", "PCheck", "PHat" or "NCheck" (a draw with one player first).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        let g = match &self.form {
            Form::Short(g) => *g,
            Form::Loopy(v) => return Ok(loopy_outcome_class(v).to_string()),
        };
        Ok(with_store(py, move |s| s.outcome(g))?.to_string())
    }

    /// Who wins with Left moving first: "L", "R", or "D" for a draw (play goes on for ever;
    /// only a loopy game's can be one).
    #[getter]
    fn outcome_left_first(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.first(py, 0)
    }

    /// Who wins with Right moving first: "L", "R", or "D" for a draw.
    #[getter]
    fn outcome_right_first(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.first(py, 1)
    }

    /// Whether the game is a stopper (no endless alternating play from any position of it):
    /// every short game is; a loopy game that is not has sides instead of a simplest form.
    #[getter]
    fn stopper(&self) -> bool {
        match &self.form {
            Form::Short(_) => true,
            Form::Loopy(v) => v.stopper,
        }
    }

    /// Whether the game has no cycle at all (every short game; a loopy text whose labels make
    /// none).
    #[getter]
    fn loopfree(&self) -> bool {
        match &self.form {
            Form::Short(_) => true,
            Form::Loopy(v) => v.loopfree,
        }
    }

    /// The onside of a loopy game that is not a stopper (Winning Ways, ch. 11: the stopper it
    /// equals when Left's endless play counts as a win for Left), in CGSuite's notation; `None`
    /// for a stopper.
    #[getter]
    fn onside(&self) -> Option<String> {
        match &self.form {
            Form::Loopy(v) => v.onside.clone(),
            Form::Short(_) => None,
        }
    }

    /// The offside of a loopy game that is not a stopper; `None` for a stopper.
    #[getter]
    fn offside(&self) -> Option<String> {
        match &self.form {
            Form::Loopy(v) => v.offside.clone(),
            Form::Short(_) => None,
        }
    }

    /// The mean value, exact, as a `fractions.Fraction` (the thermograph's mast).
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.short("mean")?;
        fraction(py, with_store(py, move |s| s.mean(g))?)
    }

    /// The temperature, exact, as a `fractions.Fraction` (Siegel's: -1 for an integer, -1/2^k
    /// for m/2^k).
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.short("temperature")?;
        fraction(py, with_store(py, move |s| s.temperature(g))?)
    }

    /// Left's stop and Right's stop, exact, as two `fractions.Fraction`s.
    #[getter]
    fn stops(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let g = self.short("stops")?;
        let (l, r) = with_store(py, move |s| s.stops(g))?;
        Ok((fraction(py, l)?, fraction(py, r)?))
    }

    /// The canonical form's Left options.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Py<Value>>> {
        let g = self.short("left_options")?;
        with_store(py, move |s| s.left_options(g))?.into_iter().map(|o| Value::wrap(py, o)).collect()
    }

    /// The canonical form's Right options.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Py<Value>>> {
        let g = self.short("right_options")?;
        with_store(py, move |s| s.right_options(g))?.into_iter().map(|o| Value::wrap(py, o)).collect()
    }

    /// The canonical form's birthday (an integer n is born on day |n|).
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<u64> {
        let g = self.short("birthday")?;
        with_store(py, move |s| s.birthday(g))
    }

    /// The atomic weight of an all-small game (Siegel's atomic weight calculus; Lessons in Play,
    /// chapter 9), a `Value`; `Refused` for a game that is not all-small.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Py<Value>> {
        let g = self.short("atomic_weight")?;
        Value::wrap(py, with_store(py, move |s| s.atomic_weight(g))?)
    }

    /// Whether the game is all-small (in every subposition both players can move, or neither).
    #[getter]
    fn all_small(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.short("all_small")?;
        with_store(py, move |s| s.is_all_small(g))
    }

    /// The reduced canonical form (Calistrate; Grossman and Siegel): the simplest value that
    /// differs from this one by an infinitesimal.
    fn reduced(&self, py: Python<'_>) -> PyResult<Py<Value>> {
        let g = self.short("reduced")?;
        Value::wrap(py, with_store(py, move |s| s.reduced(g))?)
    }

    /// The incentives as a dict: "left" (G^L - G for each canonical Left option), "right"
    /// (G - G^R for each Right one) and "dominant" (those no other exceeds), lists of `Value`s.
    fn incentives(&self, py: Python<'_>) -> PyResult<std::collections::BTreeMap<&'static str, Vec<Py<Value>>>> {
        let g = self.short("incentives")?;
        let i = with_store(py, move |s| s.incentives(g))?;
        let wrap = |list: Vec<GameValue>| list.into_iter().map(|v| Value::wrap(py, v)).collect::<PyResult<Vec<_>>>();
        Ok([("left", wrap(i.left)?), ("right", wrap(i.right)?), ("dominant", wrap(i.dominant)?)].into_iter().collect())
    }

    /// The ordinal sum `self:over` (Siegel, section II.6): `over` played on top of this game's
    /// canonical form, a move here ending it. (Python has no `:` operator; the text reader
    /// takes `G:H`.)
    fn ordinal_sum(&self, py: Python<'_>, over: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let (g, h) = (self.short("ordinal_sum")?, to_value(py, over, "over")?);
        Value::wrap(py, with_store(py, move |s| s.ordinal_sum(g, h))?)
    }

    /// The Norton product `self.unit` by a positive unit (`G.↑` builds the uptimals);
    /// `Refused` when the unit is not positive.
    fn norton(&self, py: Python<'_>, unit: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let (g, u) = (self.short("norton")?, to_value(py, unit, "unit")?);
        Value::wrap(py, with_store(py, move |s| s.norton(g, u))?)
    }

    /// This game cooled by the number `t` > -1 (Siegel, section II.5; Winning Ways, chapter 6):
    /// {G^L cooled - t | G^R cooled + t} up to its temperature, its mean past it
    /// (`{3|-1}` cooled by 1 is {2|0}); `BadInput` when t is not a number, `Refused` for
    /// t <= -1.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let (g, t) = (self.short("cool")?, to_value(py, t, "t")?);
        let by = with_store(py, move |s| s.as_number(t))?;
        let Some(by) = by else {
            let name = with_store(py, move |s| s.text(t))?;
            return Err(bad_input(format!("t is {name}: a game is cooled by a number")));
        };
        Value::wrap(py, with_store(py, move |s| s.cool(g, by))?)
    }

    /// This game heated by `t` (∫^t G): itself if a number, else {∫^t G^L + t | ∫^t G^R - t}
    /// over its canonical options (`*` heated by 1 is ±1); `t` may be any game.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let (g, t) = (self.short("heat")?, to_value(py, t, "t")?);
        Value::wrap(py, with_store(py, move |s| s.heat(g, t))?)
    }

    /// This game overheated from `s` to `t` (∫_s^t G, Berlekamp's): n copies of s for the
    /// integer n, else {∫_s^t G^L + t | ∫_s^t G^R - t}.
    fn overheat(&self, py: Python<'_>, s: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let (g, unit, t) = (self.short("overheat")?, to_value(py, s, "s")?, to_value(py, t, "t")?);
        Value::wrap(py, with_store(py, move |st| st.overheat(g, unit, t))?)
    }

    /// The frozen value: this game cooled by its temperature, infinitesimally close to its
    /// mean (`{3|-1}` freezes to 1*); a number's is itself, as CGSuite answers.
    fn freeze(&self, py: Python<'_>) -> PyResult<Py<Value>> {
        let g = self.short("freeze")?;
        Value::wrap(py, with_store(py, move |s| s.freeze(g))?)
    }

    /// The thermograph drawn as SVG text, 320 units wide (the Left wall on the left, as Winning
    /// Ways draws it, the mast at the mean, the stops, mean and temperature as fractions).
    fn thermograph_svg(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.short("thermograph_svg")?;
        with_store(py, move |s| Ok(thermograph_svg(&*s.thermograph(g)?)))
    }

    /// The thermograph, for a notebook's display (image/svg+xml): `thermograph_svg()`; `None`
    /// for a loopy game, which has none (the notebook shows its text).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        match self.form {
            Form::Short(_) => self.thermograph_svg(py).map(Some),
            Form::Loopy(_) => Ok(None),
        }
    }

    /// Whether this value is confused with (incomparable to) `other`: their difference is a
    /// first-player win.
    fn confused_with(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let o = to_value(py, other, "other")?;
        Ok(self.relation(py, o)? == Relation::Confused)
    }

    /// The partial order of games: `<`, `<=`, `>`, `>=` are false for confused values, `==`
    /// is equality of values (of canonical forms). A loopy game is not compared here (`==` is
    /// then identity; `<` and the rest are refused): write the comparison's games as texts.
    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let loopy = |v: &Value| matches!(v.form, Form::Loopy(_));
        if matches!(op, CompareOp::Eq | CompareOp::Ne)
            && (loopy(self) || other.cast::<Value>().is_ok_and(|o| loopy(o.get())))
        {
            return Ok(py.NotImplemented());
        }
        let Some(o) = Value::operand(py, other)? else { return Ok(py.NotImplemented()) };
        let r = self.relation(py, o)?;
        let answer = match op {
            CompareOp::Eq => r == Relation::Equal,
            CompareOp::Ne => r != Relation::Equal,
            CompareOp::Lt => r == Relation::Less,
            CompareOp::Le => matches!(r, Relation::Less | Relation::Equal),
            CompareOp::Gt => r == Relation::Greater,
            CompareOp::Ge => matches!(r, Relation::Greater | Relation::Equal),
        };
        Ok(pyo3::types::PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    /// Equal values have equal hashes, a number's that of the number (so `Value` 3 and the int
    /// 3, which compare equal, hash alike).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let g = match &self.form {
            Form::Short(g) => *g,
            Form::Loopy(v) => {
                v.text.hash(&mut h);
                return Ok(h.finish() as isize);
            }
        };
        if let Some(x) = with_store(py, move |s| s.as_number(g))? {
            return fraction(py, x)?.bind(py).hash();
        }
        g.hash(&mut h);
        Ok(h.finish() as isize)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = Value::operand(py, other)? else { return Ok(py.NotImplemented()) };
        let g = self.short("a sum (+)")?;
        Ok(Value::wrap(py, with_store(py, move |s| s.sum(g, o))?)?.into_any())
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = Value::operand(py, other)? else { return Ok(py.NotImplemented()) };
        let g = self.short("a difference (-)")?;
        Ok(Value::wrap(py, with_store(py, move |s| s.difference(g, o))?)?.into_any())
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = Value::operand(py, other)? else { return Ok(py.NotImplemented()) };
        let g = self.short("a difference (-)")?;
        Ok(Value::wrap(py, with_store(py, move |s| s.difference(o, g))?)?.into_any())
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<Value>> {
        let g = self.short("a negative (-)")?;
        Value::wrap(py, with_store(py, move |s| s.neg(g))?)
    }

    fn __pos__(slf: Py<Value>) -> Py<Value> {
        slf
    }

    /// `grundy.game_value('{1|0,*}')`: read back by `eval` with `grundy` imported, the same value
    /// (a loopy stopper's too, `grundy.game_value('upon')`); a loopy game with sides is
    /// `<grundy.Value of a loopy game: on & off>`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        if let Form::Loopy(v) = &self.form {
            if !v.stopper {
                return Ok(format!("<grundy.Value of a loopy game: {}>", v.text));
            }
        }
        match self.canonical(py)? {
            Some(text) => Ok(format!("grundy.game_value({})", PyString::new(py, &text).repr()?)),
            None => Ok(format!(
                "<grundy.Value born on day {}: its name is longer than {MAX_NAME_CHARS} characters>",
                self.birthday(py)?
            )),
        }
    }

    /// The canonical form's name (see `canonical`); a loopy game's value as CGSuite writes it
    /// (`upon`, `on & off`).
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        if let Form::Loopy(v) = &self.form {
            return Ok(v.text.clone());
        }
        match self.canonical(py)? {
            Some(text) => Ok(text),
            None => self.__repr__(py),
        }
    }
}

/// The value of a position of a game grundy knows, as `grundy value GAME POSITION`: a partizan
/// board game's from its Left and Right options, an impartial game's as the nimber of its
/// Sprague-Grundy value, a sum's as the sum of its games' values (Conway). `game` and
/// `position` are read as `analyze` reads them; `budget` is the most positions a board game
/// may value (and each impartial part's analysis budget); the whole value is bounded by the
/// store's work limit, all its operations together ([`bounded_value`]); past either `grundy.GaveUp`, whose message
/// ends with the position's outcome class where its analyses give it at once (a row of K-L-Nim
/// heaps decided by their atomic weights). Ctrl-C stops it; the interpreter is released while
/// it works. With no position, `game` is a game written as text, as `grundy value 'TEXT'`
/// reads it: a short game in Conway's notation (`"{1|0}"`), or a loopy game in CGSuite's
/// (`"a:{0,a|*}"`, `"dud"`, `"on + over"`), valued within the work limit; a text that does
/// not read is `grundy.BadInput` naming the bad part.
#[pyfunction]
#[pyo3(signature = (game, position = None, *, budget = None))]
pub fn value(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: Option<&Bound<'_, PyAny>>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<Value>> {
    let text = args::text(game, "game")?;
    let Some(position) = position else {
        if text.parse::<Game>().is_ok() {
            return Err(bad_input(format!(
                "no position given after {text}: give the position (grundy.value(game, position)), or a game written as text alone (grundy.value('{{1|0}}'), grundy.value('a:{{0,a|*}}'))"
            )));
        }
        if budget.is_some() {
            return Err(bad_input("budget is for a position of a game grundy knows, not for a game written as text"));
        }
        return Value::of_text(py, text);
    };
    let parsed: Game = text.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let budget = args::budget(budget, grundy::frontend::DEFAULT_BUDGET)?;
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    // A position of a loopy game (Fox and Geese): valued from its graph of positions, within
    // the budget and the work limit, as `grundy value` values it.
    let loopy = interruptible(py, |_| {
        let mut s = lock(store());
        let work = s.work_limit();
        s.set_total_work_limit(work);
        let report = grundy::frontend::loopy_report(&parsed, &pos, &mut s, budget);
        s.set_total_work_limit(u64::MAX);
        report.map(|r| r.map(|r| r.value))
    })?;
    if let Some(report) = loopy {
        return match report {
            Ok(v) => Value::wrap_loopy(py, v),
            Err(e) => Err(value_error(e)),
        };
    }
    // A value past its bounds whose outcome its analyses give at once says it, as `grundy
    // value` and the web do.
    let (error, past_bounds) = match interruptible(py, |_| bounded_value(&parsed, &pos, budget))? {
        Ok(g) => return Value::wrap(py, g),
        Err(Refusal::Forecast { work, forecast }) => (
            gave_up_with(
                format!(
                    "Conway's value needs more than {work} steps of work: forecast before the work, the {} positions of its search walked so far take at least {} steps to list and to value; raise the limit past {} with grundy.set_value_work(steps) (how much more it takes is not known before the work)",
                    forecast.positions, forecast.at_least, forecast.at_least
                ),
                work,
                None,
                None,
                "steps of work",
            ),
            true,
        ),
        // The bound of the whole value, as `grundy value` words it.
        Err(Refusal::Analysis(AnalyzeError::Partizan(PartizanError::TooMuchWork { operation, limit }))) => (
            gave_up_with(
                format!(
                    "Conway's value, in all (it was at {operation}), needs more than {limit} steps of work (options visited and games created); raise the limit past {limit} with grundy.set_value_work(steps)"
                ),
                limit,
                None,
                None,
                "steps of work",
            ),
            true,
        ),
        Err(Refusal::Analysis(e)) => {
            let past = matches!(e, AnalyzeError::GaveUp(_) | AnalyzeError::Partizan(PartizanError::TooMuchMemory { .. }));
            (value_error(e), past)
        }
    };
    let outcome = if past_bounds { interruptible(py, |_| outcome_at_once(&parsed, &pos, budget))? } else { None };
    if let Some(class) = outcome {
        let refusal = error.value(py);
        let message = format!(
            "{}; {} (grundy.analyze of the position gives it with every winning move)",
            refusal.str()?,
            known_outcome(class)
        );
        refusal.setattr("args", (message,))?;
    }
    Err(error)
}

/// `grundy.options(game, position)`: the position's options, as `grundy value GAME POSITION
/// --options` lists them: each move of Left (the first player) and of Right, the position it
/// leaves (its tokens) and that position's value (its canonical form's name), with the
/// position's own value, in a dict {game, position, value, left, right}. Each value is
/// bounded as `grundy.value` bounds one (budget positions, the store's work limit over all of
/// them); a side of more than a thousand options is refused before any is valued.
#[pyfunction]
#[pyo3(signature = (game, position, *, budget = None))]
pub fn options<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: &Bound<'py, PyAny>,
    budget: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let text = args::text(game, "game")?;
    let parsed: Game = text.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let budget = args::budget(budget, grundy::frontend::DEFAULT_BUDGET)?;
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    let report = interruptible(py, |_| {
        let mut s = lock(store());
        let work = s.work_limit();
        s.set_total_work_limit(work);
        let report = grundy::frontend::position_options_report(&parsed, &pos, &mut s, budget, MAX_NAME_CHARS);
        s.set_total_work_limit(u64::MAX);
        report
    })?
    .map_err(value_error)?;
    let out = pyo3::types::PyDict::new(py);
    out.set_item("game", &report.game)?;
    out.set_item("position", &report.position)?;
    out.set_item("value", &report.value)?;
    for (side, entries) in [("left", &report.left), ("right", &report.right)] {
        let list = pyo3::types::PyList::empty(py);
        for e in entries {
            let entry = pyo3::types::PyDict::new(py);
            entry.set_item("position", &e.position)?;
            entry.set_item("value", &e.value)?;
            list.append(entry)?;
        }
        out.set_item(side, list)?;
    }
    Ok(out)
}

/// Why [`bounded_value`] gave no value.
enum Refusal {
    /// The forecast before the work passes the work limit, `work` steps.
    Forecast { work: u64, forecast: WorkForecast },
    /// The library's refusal.
    Analysis(AnalyzeError),
}

/// The value of `position`, bounded as a whole as `grundy value` bounds it: refused before the
/// work when its forecast passes the store's work limit ([`value_past_work`], within the
/// store's memory), else computed with that limit over all its operations together (each
/// operation alone was bounded, not their sum: Konane's 8x8 opening ran 10-14 s before a
/// refusal). The store's total is unbounded again after, for the other calls of the process.
fn bounded_value(game: &Game, position: &grundy::Position, budget: u64) -> Result<GameValue, Refusal> {
    let (work, memory) = {
        let s = lock(store());
        (s.work_limit(), s.memory_limit())
    };
    if let Some(forecast) = value_past_work(position, work, memory).map_err(Refusal::Analysis)? {
        return Err(Refusal::Forecast { work, forecast });
    }
    let mut s = lock(store());
    s.set_total_work_limit(work);
    let value = position_value(game, position, &mut s, budget).map(|(g, _)| g);
    s.set_total_work_limit(u64::MAX);
    value.map_err(Refusal::Analysis)
}

/// A value from its text, `game_value("{1|0,*}")` (the names of Lessons in Play: `3/4`, `*2`,
/// `↑` or `^`, `⇑*`, `±1` or `+-1`, braces, sums such as `↑+*`; a loopy game in CGSuite's
/// notation too, as `grundy.value(text)` reads it), or from its options,
/// `game_value(left, right)`: the game {left | right}, each a list of values (`Value`s, ints,
/// dyadic `Fraction`s or texts). Raises `grundy.BadInput` naming the bad part.
#[pyfunction]
#[pyo3(signature = (text_or_left, right = None), text_signature = "(text_or_left, right=None)")]
pub fn game_value(
    py: Python<'_>,
    text_or_left: &Bound<'_, PyAny>,
    right: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<Value>> {
    let Some(right) = right else {
        if let Ok(text) = text_or_left.cast::<PyString>() {
            return Value::of_text(py, text.to_string());
        }
        return Value::wrap(py, to_value(py, text_or_left, "the value")?);
    };
    let left = values_in(py, text_or_left, "left")?;
    let right = values_in(py, right, "right")?;
    Value::wrap(py, with_store(py, move |s| s.game(&left, &right))?)
}

/// The values of a list (any iterable) of values, each named in a refusal as `name[i]`.
pub fn values_in(py: Python<'_>, list: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<GameValue>> {
    if list.is_instance_of::<PyString>() || list.cast::<Value>().is_ok() || list.is_instance_of::<PyInt>() {
        return Err(bad_input(format!(
            "{name} is {}: give a list of options (e.g. [0, \"*\"]), or one text to game_value",
            list.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    let items = list.try_iter().map_err(|e| {
        unless_base(e, || {
            bad_input(format!(
                "{name} is {}, not a list of options",
                list.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
    })?;
    let mut out = vec![];
    for (i, item) in items.enumerate() {
        if out.len() == crate::game::MAX_OPTIONS_PER_POSITION {
            return Err(crate::game::too_many_options(name));
        }
        out.push(to_value(py, &item?, &format!("{name}[{i}]"))?);
    }
    Ok(out)
}

/// Sets the steps of work one operation on values may do (options visited, games created,
/// comparisons and sums not already memoised; 50,000,000 at first, a few seconds). An operation
/// past it raises `grundy.GaveUp` naming this call; returns the limit it replaces.
#[pyfunction]
pub fn set_value_work(py: Python<'_>, steps: &Bound<'_, PyAny>) -> PyResult<u64> {
    let steps = args::whole(steps, "steps")?;
    if steps == 0 {
        return Err(bad_input("steps is 0: an operation needs at least one step of work"));
    }
    with_store(py, move |s| {
        let old = s.work_limit();
        s.set_work_limit(steps);
        Ok(old)
    })
}
