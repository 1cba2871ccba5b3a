//! Grundy sequences: the computed values of one heap ruleset, the periods proven from them
//! (the Guy-Smith periodicity theorem), the rules seen in them (the rule finder of `grundy
//! pattern`, the only finder of periods not proven), nimber arithmetic (the field the values of
//! coin-turning products live in), and factoring (number theory the games above read: the
//! divisor game, take-a-prime, the rule finder's number-theoretic functions), and the values of
//! short partizan games (`partizan/`: canonical forms, comparison, sums, thermography).
//!
//! Nothing here knows a game's rules: a sequence is numbers. A period is called proven only
//! with a proof whose bounds its caller supplies from the rules; a rule the finder sees in the
//! values is said to be seen, not proven.

pub mod factor;
pub mod nimber;
pub mod partizan;
pub mod pattern;
pub mod period;
pub mod sequence;

pub use nimber::{
    explain_nim_product, nim_inverse, nim_inverse_wide, nim_mul, nim_mul_wide, nim_pow, NimberError, NimberExpr,
    ParseNimberError,
};
pub use pattern::find_period;
pub use period::{guy_smith_period, guy_smith_period_parts, Period};
pub use sequence::GrundyTable;
