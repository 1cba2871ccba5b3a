//! Games of a few numbers, written as numbers: Wythoff's two heaps, Euclid's game, the divisor
//! game, a staircase of coins, Fibonacci Nim, a row of coins, Northcott's rows, ...

pub mod chips;
pub mod circle;
pub mod coins;
pub mod divisor;
pub mod euclid;
pub mod fibonacci;
pub mod kl;
pub mod moore;
pub mod multiplication;
pub mod northcott;
pub mod poctal;
pub mod psub;
pub mod staircase;
pub mod take_or_split;
pub mod wythoff;

pub use chips::Chips;
pub use circle::Circle;
pub use coins::{CoinRule, Coins, Coins2d};
pub use divisor::Divisor;
pub use euclid::Euclid;
pub use fibonacci::MultipleNim;
pub use moore::Moore;
pub use multiplication::Multiplication;
pub use staircase::Staircase;
pub use take_or_split::TakeOrSplit;
pub use wythoff::Wythoff;
