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
mod number;
pub mod play;
pub mod rules;
pub mod solve;
mod stop;
pub mod values;
pub mod verify;

pub use engine::store_format;
pub use engine::{all_but_lost_heaps, MisereHeaps};
pub use engine::{
    allbut_single_formula, allbut_table, allbut_table_for, grundys_game_seconds, human_seconds, mex_table,
    misere_subtraction_table, split_table_cost, split_table_work, subtraction_table, subtraction_table_for, Cell,
    EngineError, HeapSolver, Method, MethodChoice, PeriodSearch, SparseEngine, SparseStats, StoredValues, ValueMethod,
};
pub use engine::{interval_misere_wins, interval_value};
pub use engine::{tame_sum_wins, TameClass, TameHeaps, TameRecord};
pub use engine::{Algorithm, Sequence, SequenceBuilder, SequenceError, SequenceObserver, SequenceStore};
pub use engine::{
    Generator, MisereQuotient, QuotientBuilder, QuotientCache, QuotientCheckpoint, QuotientError, QuotientHeap,
    QuotientProgress, QuotientReport, QuotientState, QuotientStop, Refinement, StateError, DEFAULT_QUOTIENT_MEMORY,
    DEFAULT_QUOTIENT_ORDER, DEFAULT_QUOTIENT_UPTO, DEFAULT_QUOTIENT_WORK, MAX_QUOTIENT_ORDER, MAX_QUOTIENT_UPTO,
    MAX_QUOTIENT_WORK,
};
pub use error::{
    budget_bytes_per_unit, budget_forecast, human_bytes, largest_budget_within, AnalyzeError, GaveUp, ParseGameError,
    ParsePositionError, Work, FIXED_BYTES, MEMORY_LIMIT,
};
pub use game::{draw, Component, Convention, Drawing, Game, IllegalMove, Move, MoveFamily, Outcome, Player, Position};
pub use number::parse_u64;
pub use rules::board::chips::{chip_gaps, chips_win, chips_winning_moves};
pub use rules::board::euclid::{euclid_winning_moves, euclid_wins};
pub use rules::catalogue::{GameKind, GAMES};
pub use rules::nim::{misere_nim_winning_moves, misere_nim_wins, nim_sum, nim_winning_moves, BalanceTable};
pub use rules::take_break::{HexCode, OctalCode, SplitRules, MAX_OCTAL_DIGITS};
pub use rules::{MoveSet, Ruleset};
pub use solve::naive;
pub use solve::survey;
pub use solve::{
    analyze, misere_single_heaps, Analysis, AnalyzeOptions, WinningFamily, WinningMove, DEFAULT_BUDGET,
    EXPLAINED_MOVES, LISTED_MOVES, MAX_BUDGET,
};
pub use solve::{CheckedQuery, ListLimit, Query, QueryError, QueryRefusal, RefusedLine, Token};
pub use stop::{StopToken, Stopped};
pub use values::factor::{factorize, is_prime};
pub use values::{
    explain_nim_product, find_period, guy_smith_period, guy_smith_period_parts, nim_inverse, nim_inverse_wide, nim_mul,
    nim_mul_wide, nim_pow, GrundyTable, NimberError, NimberExpr, ParseNimberError, Period,
};

// Short partizan games: canonical forms, comparison, sums, outcome classes, thermography.
pub use values::partizan::{
    thermograph_svg, Dyadic, GameExpr, GameStore, GameValue, PartizanError, PartizanOutcome, Relation, Thermograph,
    Trajectory,
};

// The rule finder (`grundy pattern`).
pub use values::pattern::{Pattern, PatternConfig, PatternError, PatternReport};

// Games defined outside the crate (see `examples/custom_game.rs`).
pub use game::ImpartialGame;
pub use solve::custom::{ImpartialSession, ImpartialSolver, SolveError};
