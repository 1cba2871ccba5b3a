//! One module per subcommand.

pub mod analyze;
pub mod play;
pub mod serve;
