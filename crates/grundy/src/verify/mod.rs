//! Checking rules against exhaustive search: the classic rules as built-in claims ([`claims`]) and a user's
//! own guesses written as expressions over n ([`check_guess`]).
//!
//! Nothing here trusts the engine's fast paths: positions are decided by
//! [`NaiveSolver`](crate::solve::naive::NaiveSolver) and values by [`mex_table`](crate::mex_table), both
//! plain applications of the definitions.

mod claims;
mod expr;
mod guess;
mod positions;

pub use claims::{
    claims, find_claim, Claim, Counterexample, Expect, Verdict, VerifyError, VerifyRange, MAX_DIVISOR_N, MAX_POSITIONS,
};
pub use expr::{
    EvalError, Expr, ExprError, Shape, MAX_ANALYSED_PERIOD, MAX_CALLS, MAX_DEPTH, MAX_NESTING, MAX_RECURSION,
};
pub use guess::{
    check_guess, game_params, GuessError, GuessKind, GuessMismatch, GuessOptions, GuessReport, Shown, MAX_SEARCH_UPTO,
    MAX_UPTO,
};
// The rule finder lives in `values/` (it reads numbers only); its old paths stay.
pub use crate::values::pattern::{
    Pattern, PatternConfig, PatternError, PatternReport, FAMILIES, MAX_PATTERN_VALUES, MAX_PREDICT, MIN_VALUES,
};
pub use positions::{heap_multisets, limited_multisets, position_order};
