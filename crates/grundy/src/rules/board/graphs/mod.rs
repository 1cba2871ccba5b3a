//! Games on a graph read from a file: tokens on a directed graph (`graph:FILE`) and undirected
//! vertex geography (`geography:FILE`).

pub mod digraph_placement;
pub mod geography;
pub mod graph;

pub use geography::{Geography, ParseGeographyError};
pub use graph::GraphGame;
