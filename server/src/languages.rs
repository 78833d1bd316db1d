//! The list of languages speclint checks, passed down to the analysis, the language server
//! and `run` as a value. The first is the fallback for files nothing claims. Adding a language
//! is its crate and one line here.

use speclint_analysis::Registry;

pub static REGISTRY: Registry = Registry::new(&[
    &speclint_ptx::language::Ptx,
    &speclint_tile_ir::language::TileIr,
    &speclint_spirv::language::Spirv,
    &speclint_cuda::language::Cuda,
]);
