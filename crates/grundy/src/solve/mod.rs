//! Solving positions: [`analyze`] (sums through the Sprague-Grundy theorem, misère play,
//! explanations), the budgeted exact search it falls back to, and the plain exhaustive solver
//! every fast path is tested against; and [`custom`], the solver of games defined outside the
//! crate through [`crate::ImpartialGame`].

pub mod analysis;
mod beside_nim;
pub mod custom;
pub mod every;
pub mod games;
pub mod loopy_value;
pub mod naive;
pub mod query;
pub mod search;
pub mod survey;
pub mod value;
pub mod worksheet;

pub use analysis::{
    analyze, describe_family, misere_single_heaps, Analysis, AnalyzeOptions, WinningFamily, WinningMove,
    DEFAULT_BUDGET, EXPLAINED_MOVES, LISTED_MOVES, MAX_BUDGET,
};
pub use query::{CheckedQuery, ListLimit, Query, QueryError, QueryRefusal, RefusedLine, Token};
