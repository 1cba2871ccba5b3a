//! The Python package `grundy`: a thin PyO3 binding of the library (`crates/grundy`). The
//! native module `grundy._native` holds what is written in Rust; `python/grundy/` holds the
//! package's Python part (its exceptions, the Dask survey) and the type stubs.
//!
//! Nothing here is game theory: every answer comes from the library (`analyze`, sequences,
//! `ImpartialSolver`, `play::Session`), except the mex table of a heap game written in Python,
//! which is built here so that the callback is called once per heap size.

mod analysis;
mod batch;
mod errors;
mod game;
mod heap_game;
mod sequence;
mod session;
mod shared;
mod survey;

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
    use crate::game::{game, Game};
    #[pymodule_export]
    use crate::heap_game::{heap_game, HeapGame};
    #[pymodule_export]
    use crate::sequence::{pattern, sequence, Pattern, Period, Sequence};
    #[pymodule_export]
    use crate::session::Session;
    #[pymodule_export]
    use crate::survey::{
        survey_canonical, survey_check, survey_classify, survey_codes_from_text, survey_expand_pattern, survey_group,
        survey_is_pattern, survey_markdown, survey_shard,
    };
}
