//! Arguments read from Python, each refused with `grundy.BadInput` naming the argument: a
//! negative number or one past 2^64 - 1, a value of the wrong type, something not callable
//! where a callback is asked for. PyO3's own conversions raise a bare `OverflowError` (which
//! names no argument) or a `TypeError`, not the package's exceptions, so every public function
//! takes such arguments as Python objects and reads them here.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::errors::{bad_input, unless_base};

/// The name of `value`'s type ("int", "bool_"), empty when it cannot be read.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// `value`'s repr, for a message (a repr that fails is left out).
fn shown(value: &Bound<'_, PyAny>) -> String {
    let repr = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| "a value".into());
    let kind = type_name(value);
    if kind.is_empty() {
        repr
    } else {
        format!("{repr} ({kind})")
    }
}

/// `value` as a Python int when it is an integer: an int, or an object with `__index__` (a
/// numpy integer); not a bool (True is not a number of anything here). `None` otherwise.
pub fn integer<'py>(value: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyString>() {
        return Ok(None);
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(Some(value.clone()));
    }
    if type_name(value) == "bool_" || !value.hasattr("__index__")? {
        return Ok(None);
    }
    let index = value.py().import("operator").and_then(|m| m.getattr("index"))?;
    match index.call1((value,)) {
        Ok(int) => Ok(Some(int)),
        Err(e) => Err(unless_base(e, || bad_input(format!("{} cannot be read as a whole number", shown(value))))),
    }
}

/// A whole number from 0 to 2^64 - 1: an int, or an object with `__index__` (a numpy
/// integer), not a bool.
pub fn whole(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    let Some(int) = integer(value)? else {
        return Err(bad_input(format!("{name} is {}, not a whole number", shown(value))));
    };
    if let Ok(n) = int.extract::<u64>() {
        return Ok(n);
    }
    let negative = int.lt(0).unwrap_or(false);
    Err(bad_input(if negative {
        format!("{name} is {}: it must be a whole number from 0", int.repr().map(|r| r.to_string()).unwrap_or_default())
    } else {
        format!(
            "{name} is {}, past 2^64 - 1 = {}, the largest number taken here",
            int.repr().map(|r| r.to_string()).unwrap_or_default(),
            u64::MAX
        )
    }))
}

/// [`whole`], or `None` for Python's `None`.
pub fn optional_whole(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u64>> {
    value.map(|v| whole(v, name)).transpose()
}

/// [`whole`] as a count of things held in memory (a `usize`).
pub fn count(value: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let n = whole(value, name)?;
    usize::try_from(n).map_err(|_| bad_input(format!("{name} is {n}, past what this machine can count")))
}

/// [`count`], or `None` for Python's `None`.
pub fn optional_count(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    value.map(|v| count(v, name)).transpose()
}

/// A string.
pub fn text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(bad_input(format!("{name} is {}, not a string", shown(value)))),
    }
}

/// [`text`], or `None` for Python's `None`.
pub fn optional_text(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<String>> {
    value.map(|v| text(v, name)).transpose()
}

/// True or False (a numpy bool too, which converts the same way).
pub fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if value.is_instance_of::<PyBool>() {
        return value.extract();
    }
    // numpy's bool (named bool_ before numpy 2), which is not Python's.
    match type_name(value).as_str() {
        "bool" | "bool_" => value.is_truthy(),
        _ => Err(bad_input(format!("{name} is {}, not True or False", shown(value)))),
    }
}

/// A callable (a function, a lambda, a class with `__call__`).
pub fn callable(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Py<PyAny>> {
    if value.is_callable() {
        Ok(value.clone().unbind())
    } else {
        Err(bad_input(format!("{name} is {}, not a function (a callable)", shown(value))))
    }
}

/// [`callable`], or `None` for Python's `None`.
pub fn optional_callable(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Py<PyAny>>> {
    value.map(|v| callable(v, name)).transpose()
}

/// A flag given as an optional argument: `default` when not given (`None`).
pub fn optional_flag(value: Option<&Bound<'_, PyAny>>, name: &str, default: bool) -> PyResult<bool> {
    value.map_or(Ok(default), |v| flag(v, name))
}

/// A budget (`budget=`): a whole number at most [`grundy::frontend::MAX_BUDGET`], `default` when not given.
pub fn budget(value: Option<&Bound<'_, PyAny>>, default: u64) -> PyResult<u64> {
    crate::analysis::checked_budget(optional_whole(value, "budget")?, default)
}

/// A directory or file path: a string or an `os.PathLike` (`pathlib.Path`).
pub fn path(value: &Bound<'_, PyAny>, name: &str) -> PyResult<std::path::PathBuf> {
    let fspath = value.py().import("os").and_then(|m| m.getattr("fspath"))?;
    let text = fspath
        .call1((value,))
        .map_err(|e| unless_base(e, || bad_input(format!("{name} is {}, not a path", shown(value)))))?;
    match text.cast::<PyString>() {
        Ok(s) => Ok(std::path::PathBuf::from(s.to_cow()?.into_owned())),
        Err(_) => Err(bad_input(format!("{name} is {}, not a path given as text", shown(value)))),
    }
}
