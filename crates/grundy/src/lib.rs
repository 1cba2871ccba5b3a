//! # grundy
//!
//! Exact solvers for Nim and its relatives, the impartial combinatorial games of the seeds:
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

mod analysis;
mod convention;
mod error;
mod factor;
mod game;
mod heap;
mod hex;
pub mod naive;
mod nim;
mod number;
mod octal;
mod pattern;
mod period;
pub mod play;
pub use number::parse_u64;
mod ruleset;
mod search;
mod simd;
mod sparse;
mod stop;
pub mod store_format;
mod table;
mod triples;
pub mod verify;

pub use analysis::{analyze, Analysis, AnalyzeOptions, Method, WinningMove, DEFAULT_BUDGET, MAX_BUDGET};
pub use convention::{Convention, Outcome, Player};
pub use error::{human_bytes, AnalyzeError, GaveUp, ParseGameError, ParsePositionError, Work, MEMORY_LIMIT};
pub use factor::{factorize, is_prime};
pub use game::{Component, Game, Position};
pub use heap::{allbut_single_formula, grundys_game_seconds, human_seconds, split_table_cost, HeapSolver};
pub use hex::HexCode;
pub use nim::{misere_nim_winning_moves, misere_nim_wins, nim_sum, nim_winning_moves, BalanceTable};
pub use octal::{OctalCode, SplitRules, MAX_OCTAL_DIGITS};
pub use pattern::{find_period, guess_pattern, PatternGuess};
pub use period::{guy_smith_period, guy_smith_period_parts};
pub use ruleset::{MoveSet, Ruleset};
pub use sparse::{Cell, EngineError, SparseEngine, SparseStats};
pub use stop::{StopToken, Stopped};
pub use table::{allbut_table, mex_table, subtraction_table, GrundyTable, Period};
