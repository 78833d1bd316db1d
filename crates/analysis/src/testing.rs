//! The languages the analysis's own tests run with (the binary passes its list in the same way).

use crate::Registry;

pub static REGISTRY: Registry = Registry::new(&[
    &speclint_ptx::language::Ptx,
    &speclint_tile_ir::language::TileIr,
    &speclint_spirv::language::Spirv,
]);
