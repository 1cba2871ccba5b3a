//! One module per subcommand.

pub mod analyze;
