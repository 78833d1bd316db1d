//! The `speclint` binary's library: the command line and the one list of languages. Every
//! other part lives in its own crate (`crates/`); the fuzz targets and the tests link this.

pub mod cli;
pub mod languages;
