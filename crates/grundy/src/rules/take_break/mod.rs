//! Take-and-break games: octal codes, hexadecimal codes, and Grundy's game, all read into one
//! [`SplitRules`] that the engines and the move generators use.

pub mod hex;
pub mod octal;

pub use hex::HexCode;
pub use octal::{OctalCode, SplitRules, MAX_OCTAL_DIGITS};
