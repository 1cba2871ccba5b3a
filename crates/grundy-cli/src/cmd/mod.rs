//! One module per subcommand.

pub mod analyze;
pub mod batch;
pub mod docs;
pub mod draw;
pub mod factor;
pub mod games;
pub mod graph;
pub mod nimber;
pub mod pattern;
pub mod play;
pub mod quotient;
pub mod serve;
pub mod sg;
pub mod survey;
pub mod value;
pub mod verify;
