//! How Grundy sequences are computed: the plain mex tables of subtraction and all-but games,
//! the sparse-space engine of take-and-break games (with its vector loops and three-heap
//! splits), the store's file format, the per-heap policy that picks among them, and the one
//! builder of Grundy sequences that every front end calls.

mod common_sums;
pub mod forecast;
pub mod heap;
pub mod mex;
pub mod misere;
mod plain;
pub mod quotient;
pub mod sequence;
pub mod sequence_report;
pub mod simd;
pub mod sparse;
pub mod store_format;
pub mod subtraction;
pub mod table;
pub mod tame;
pub mod triples;

pub use crate::rules::method::Method;
pub use heap::{
    allbut_single_formula, grundys_game_seconds, human_seconds, split_table_cost, split_table_work, HeapSolver,
    StoredValues,
};
pub use misere::{all_but_lost_heaps, MisereHeaps};
pub use quotient::{
    Generator, MisereQuotient, NotMinimalError, QuotientBuilder, QuotientCache, QuotientCheckpoint, QuotientError,
    QuotientHeap, QuotientProgress, QuotientReport, QuotientState, QuotientStop, Refinement, StateError, TooShort,
    UnfinishedHeap, DEFAULT_QUOTIENT_MEMORY, DEFAULT_QUOTIENT_ORDER, DEFAULT_QUOTIENT_UPTO, DEFAULT_QUOTIENT_WORK,
    MAX_QUOTIENT_ORDER, MAX_QUOTIENT_UPTO, MAX_QUOTIENT_WORK,
};
pub use sequence::{Algorithm, Sequence, SequenceBuilder, SequenceError, SequenceObserver, SequenceStore};
pub use sparse::{Cell, EngineError, MethodChoice, SparseEngine, SparseStats, ValueMethod};
pub use subtraction::{interval_misere_wins, interval_value};
pub use table::{
    allbut_table, allbut_table_for, mex_table, misere_subtraction_table, subtraction_table, subtraction_table_for,
    PeriodSearch,
};
pub use tame::{tame_sum_wins, TameClass, TameHeaps, TameRecord};
