//! Short partizan games and their values: Conway's theory as Siegel's "Combinatorial Game
//! Theory" (2013) sets it out, with the names of "Lessons in Play" (Albert, Nowakowski & Wolfe).
//! No game rules live here: a game is its Left and Right options.
//!
//! - [`GameStore`] holds canonical forms, each once ([`GameValue`] is a handle), and memoises
//!   comparison, sum and negation (`store.rs`, `ops.rs`).
//! - [`Dyadic`]: the exact numbers m/2^k (`dyadic.rs`).
//! - [`GameExpr`]: the text of a game, read and written (`text.rs`).
//! - [`Thermograph`]: stops, mean, temperature and the walls, exact (`thermograph.rs`), drawn
//!   as SVG by [`thermograph_svg`] (`svg.rs`).
//! - [`GameStore::born_by`]: every game born by day 3 (`born.rs`).
//! - What a game is (`kinds.rs`: number, nimber, switch, infinitesimal, all-small), its
//!   [`Incentives`] (`incentives.rs`), ordinal sums G:H (`ordinal.rs`), Norton products G.U
//!   (`norton.rs`), reduced canonical forms (`reduced.rs`), atomic weights (`atomic.rs`), and
//!   the uptimals of Lessons in Play, ↑^n, ⧾x and ⧿x (`uptimal.rs`).
//! - Cooling, heating, overheating and freezing (`cooling.rs`), Siegel's II.5-II.6.
//!
//! Every operation counts its work and refuses past the store's limit with a
//! [`PartizanError`]; no input makes it panic.

mod atomic;
mod born;
mod cooling;
mod dyadic;
mod error;
mod incentives;
mod kinds;
pub mod loopy;
mod norton;
mod ops;
mod ordinal;
mod reduced;
mod store;
mod svg;
mod text;
mod thermograph;
mod uptimal;

pub use born::LAST_LISTED_DAY;
pub use dyadic::{Dyadic, MAX_EXPONENT};
pub use error::PartizanError;
pub use incentives::Incentives;
pub use store::{GameStore, GameValue, PartizanOutcome, Relation, CHECK_EVERY, DEFAULT_WORK_LIMIT, MAX_DEPTH};
pub use svg::{thermograph_svg, THERMOGRAPH_WIDTH};
pub use text::{Comparison, GameExpr, Worksheet, MAX_NESTING};
pub use thermograph::{Segment, Thermograph, Trajectory};
