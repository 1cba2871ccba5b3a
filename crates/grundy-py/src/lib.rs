//! The Python package `grundy`: a thin PyO3 binding of the library (`crates/grundy`). The
//! native module `grundy._native` holds what is written in Rust; `python/grundy/` holds the
//! package's Python part (its exceptions, the Dask survey and outcome search) and the type stubs.
//!
//! Nothing here is game theory: every answer comes from the library (`analyze`, sequences,
//! `ImpartialSolver`, `play::Session`, the partizan values' `GameStore`), except the mex table of a heap game written in Python,
//! which is built here so that the callback is called once per heap size.

mod analysis;
mod args;
mod batch;
mod draw;
mod errors;
mod game;
mod heap_game;
mod interrupt;
mod outcome;
mod partizan_game;
mod partizan_table;
mod quotient;
mod sequence;
mod session;
mod shared;
/// The CLI's `--store DIR` (crates/grundy-cli/src/store.rs), the one implementation of the
/// store's files and lock, compiled here too so that `grundy.sequence(..., store=DIR)` reads
/// and writes the very stores `grundy sg --store DIR` does (the bytes are the library's
/// `store_format`; the file work lives in the CLI crate).
#[path = "../../grundy-cli/src/store.rs"]
#[allow(dead_code)]
mod store;
mod survey;
mod value;

use pyo3::prelude::*;

/// Exact answers for Nim and its relatives (the Rust part of the package `grundy`).
#[pymodule]
#[pyo3(name = "_native")]
mod native {
    #[pymodule_export]
    use crate::analysis::{analyze, Analysis, WinningMove};
    #[pymodule_export]
    use crate::batch::batch;
    #[pymodule_export]
    use crate::draw::{draw, position, Position};
    #[pymodule_export]
    use crate::game::{game, Game};
    #[pymodule_export]
    use crate::heap_game::{heap_game, HeapGame};
    #[pymodule_export]
    use crate::outcome::{outcome_job, outcome_moves};
    #[pymodule_export]
    use crate::partizan_game::{partizan_game, PartizanGame};
    #[pymodule_export]
    use crate::partizan_table::{partizan_table, OutcomePeriod, PartizanTable};
    #[pymodule_export]
    use crate::quotient::{quotient, Generator, Quotient};
    #[pymodule_export]
    use crate::sequence::{pattern, sequence, Pattern, Period, Sequence};
    #[pymodule_export]
    use crate::session::Session;
    #[pymodule_export]
    use crate::value::{game_value, options, set_value_work, value, Value};
    /// Loads numpy's C API when the module is imported. Loaded on the first array instead, it
    /// was loaded by importing numpy's core module, which runs Python code: a Ctrl-C pending
    /// then (one that stopped the work the array was for) failed that import, and rust-numpy
    /// panics when it cannot load the API ("Failed to access NumPy array API capsule").
    #[pymodule_init]
    fn init(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        // A signal already pending is raised as itself here, not met inside numpy's import.
        m.py().check_signals()?;
        numpy::PyArray1::<u64>::zeros(m.py(), 0, false);
        Ok(())
    }

    #[pymodule_export]
    use crate::survey::{
        run_survey, survey_canonical, survey_check, survey_classify, survey_codes_from_text, survey_expand_pattern,
        survey_group, survey_is_pattern, survey_markdown, survey_read_back, survey_shard, survey_store_name,
        survey_text,
    };
}
