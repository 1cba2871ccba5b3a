//! One module per subcommand.

pub mod analyze;
pub mod docs;
pub mod factor;
pub mod games;
pub mod input;
pub mod nimber;
pub mod play;
pub mod serve;
pub mod sg;
pub mod verify;
