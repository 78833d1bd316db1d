//! The spec database: facts from the specifications, compiled into static tables at build time.
//!
//! `build/main.rs` reads the TOML and JSON files under `ptx/`, `tile-ir/` and `spirv/`,
//! validates them and generates the tables included by [`ptx`], [`tile_ir`] and [`spirv`];
//! nothing is parsed at run time. See `README.md` for the data format.

pub mod gpu;
pub mod model;
pub mod ptx;
pub mod spirv;
pub mod tile_ir;
pub mod tile_ir_model;

pub use model::*;
pub use tokens::{is_state_space, number_in};

pub mod tokens;

// The form-syntax parser lives with the build script; compile it here too so its tests run.
#[cfg(test)]
#[path = "../build/form_syntax.rs"]
mod form_syntax;
