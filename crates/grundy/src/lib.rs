//! # grundy
//!
//! Exact solvers for Nim and its relatives, the impartial combinatorial games of the classic problems:
//! Nim (Bouton's theorem), K-Nim and per-heap bounded Nim, the Bash game, subtraction and
//! all-but games, K-L-Nim, and the divisor game, under normal and misère play.
//!
//! The library does no I/O. The main entry point is [`analyze`]:
//!
//! ```
//! use grundy::{analyze, AnalyzeOptions, Game, Outcome};
//! let game: Game = "subtraction:2,5".parse().unwrap();
//! let pos = game.parse_position(&["1000000000000000004"]).unwrap();
//! let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.outcome, Outcome::N); // 10^18 + 4 = 5 (mod 7), and G(5) = 2
//! ```
//!
//! Every fast answer is checked in the tests against [`naive`], a plain exhaustive search by
//! the definition of P and N positions.
//!
//! A game the library does not know is solved through the [`ImpartialGame`] trait (its options
//! are all it needs) by an [`ImpartialSolver`]: values, outcomes, every winning move, and play
//! against the computer; `examples/custom_game.rs` defines one.

pub mod engine;
mod error;
pub mod game;
mod key_hash;
mod number;
pub mod play;
pub mod rules;
pub mod solve;
mod stop;
pub mod values;
pub mod verify;

// The library's API: at most 60 items (tests/library/api.rs counts them). What the front ends need
// beyond these is in `frontend`.

// Games, positions and moves.
#[cfg(feature = "draw")]
pub use game::{draw, Drawing};
pub use game::{Component, Convention, Game, IllegalMove, Move, Outcome, Player, Position};
pub use rules::catalogue::GameKind;
pub use rules::Ruleset;

// Analysis of a position, and its errors.
pub use error::{AnalyzeError, GaveUp, ParseGameError, ParsePositionError, Work};
pub use solve::naive;
pub use solve::survey;
pub use solve::value::ValueReport;
pub use solve::{analyze, Analysis, AnalyzeOptions, WinningFamily, WinningMove};
pub use stop::{StopToken, Stopped};

// Grundy values of heaps, nimbers and periods.
pub use engine::HeapSolver;
pub use engine::{Algorithm, Sequence, SequenceBuilder, SequenceError};
pub use rules::nim::nim_sum;
pub use values::{find_period, nim_mul, GrundyTable, NimberError, NimberExpr, ParseNimberError, Period};

// Misère quotients (Plambeck-Siegel).
pub use engine::{MisereQuotient, QuotientBuilder, QuotientError};

// Short partizan games: canonical forms, comparison, sums, outcome classes, thermography.
pub use values::partizan::{
    thermograph_svg, Dyadic, GameExpr, GameStore, GameValue, PartizanError, PartizanOutcome, Relation, Thermograph,
};

// The rule finder (`grundy pattern`).
pub use values::pattern::{Pattern, PatternConfig, PatternError, PatternReport};

// Games defined outside the crate (see `examples/custom_game.rs`).
pub use game::ImpartialGame;
pub use solve::custom::{ImpartialSession, ImpartialSolver, SolveError};

// The crate's own code still names the front ends' items at the root (`crate::MAX_BUDGET`).
#[allow(unused_imports)]
use frontend::*;

/// What the front ends (the CLI, the server, the static page, the Python package) use beyond
/// the library's API at the root: the engines' tables and limits, the store's format, the
/// catalogue's texts, play, the value and sequence reports, the checks of `grundy verify`.
/// Hidden from the documentation and not a stable API: the front ends import from here or from
/// the root, never from the modules themselves (tests/library/api.rs), so the modules can be reshaped
/// without touching them. Modules' items are re-exported whole where that keeps the list short.
#[doc(hidden)]
pub mod frontend {
    pub use crate::engine::heap::{split_table_work, PERIOD_SEARCH_WORK};
    pub use crate::engine::quotient::TABLE_SVG_MAX_ORDER;
    pub use crate::engine::sequence::{DEFAULT_SEQUENCE_BUDGET, MIN_VALUES};
    pub use crate::engine::sequence_report::*;
    pub use crate::engine::store_format::{self, *};
    pub use crate::engine::{all_but_lost_heaps, MisereHeaps};
    pub use crate::engine::{
        allbut_single_formula, allbut_table, allbut_table_for, grundys_game_seconds, human_seconds, mex_table,
        misere_subtraction_table, split_table_cost, subtraction_table, subtraction_table_for, Cell, EngineError,
        Method, MethodChoice, PeriodSearch, SparseEngine, SparseStats, StoredValues, ValueMethod,
    };
    pub use crate::engine::{interval_misere_wins, interval_value};
    pub use crate::engine::{tame_sum_wins, TameClass, TameHeaps, TameRecord};
    pub use crate::engine::{
        Generator, QuotientCache, QuotientCheckpoint, QuotientHeap, QuotientProgress, QuotientReport, QuotientState,
        QuotientStop, Refinement, StateError, TooShort, UnfinishedHeap, DEFAULT_QUOTIENT_MEMORY,
        DEFAULT_QUOTIENT_ORDER, DEFAULT_QUOTIENT_UPTO, DEFAULT_QUOTIENT_WORK, MAX_QUOTIENT_ORDER, MAX_QUOTIENT_UPTO,
        MAX_QUOTIENT_WORK,
    };
    pub use crate::engine::{SequenceObserver, SequenceStore};
    pub use crate::error::{
        budget_bytes_per_unit, budget_forecast, human_bytes, largest_budget_within, FIXED_BYTES, MEMORY_LIMIT,
    };
    pub use crate::game::facts::GameFacts;
    pub use crate::game::games::layout_text;
    pub use crate::game::MoveFamily;
    pub use crate::number::parse_u64;
    pub use crate::play::export::export_graph;
    pub use crate::play::*;
    pub use crate::rules::board::graphs::graph::{each_vertex, Goal, Verdict as GraphVerdict, MAX_GRAPH_BYTES};
    pub use crate::rules::board::machinery::outcome::{
        FirstPlayer, FirstProven, OutcomeCache, OutcomeProgress, OutcomeProven, OutcomeTable, ProgressHook,
        DEFAULT_SEARCH_MEMORY,
    };
    pub use crate::rules::board::machinery::partizan::side;
    pub use crate::rules::board::numbers::chips::{chip_gaps, chips_win, chips_winning_moves};
    pub use crate::rules::board::numbers::euclid::{euclid_winning_moves, euclid_wins};
    pub use crate::rules::board::numbers::psub::{
        Behaviour, OutcomePeriod, PartizanHeapTable, PartizanHeaps, PartizanSubtraction,
    };
    pub use crate::rules::catalogue::*;
    pub use crate::rules::nim::{misere_nim_winning_moves, misere_nim_wins, nim_winning_moves, BalanceTable};
    pub use crate::rules::take_break::{HexCode, OctalCode, SplitRules, MAX_OCTAL_DIGITS};
    pub use crate::rules::text::escape;
    pub use crate::rules::MoveSet;
    pub use crate::solve::custom::OPTIONS_PER_POSITION;
    pub use crate::solve::loopy_value::*;
    pub use crate::solve::query::requested_game;
    pub use crate::solve::value::*;
    pub use crate::solve::worksheet::*;
    pub use crate::solve::{misere_single_heaps, DEFAULT_BUDGET, EXPLAINED_MOVES, LISTED_MOVES, MAX_BUDGET};
    pub use crate::solve::{CheckedQuery, ListLimit, Query, QueryError, QueryRefusal, RefusedLine, Token};
    pub use crate::values::factor::{factorize, is_prime};
    pub use crate::values::partizan::loopy::{is_loopy_text, LoopyOutcome, LoopyValue};
    pub use crate::values::partizan::{Comparison, Trajectory, Worksheet, DEFAULT_WORK_LIMIT};
    pub use crate::values::{
        explain_nim_product, guy_smith_period, guy_smith_period_parts, nim_inverse, nim_inverse_wide, nim_mul_wide,
        nim_pow,
    };
    pub use crate::verify::*;
}
