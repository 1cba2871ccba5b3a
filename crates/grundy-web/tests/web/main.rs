//! The web server's integration tests, in one test binary (one a file linked the whole
//! server seven times; bench/HISTORY.md, 2026-12-01).

mod api;
mod build_static;
mod load;
mod local;
mod quotient_table;
mod source_files;
mod value;
