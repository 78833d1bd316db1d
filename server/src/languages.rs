//! The registry: every language speclint checks. The first is the fallback for files nothing
//! claims. Adding a language is its folder and one line here.

use crate::core::language::Language;

pub static ALL: &[&'static dyn Language] = &[
    &crate::ptx::language::Ptx,
    &crate::tile_ir::language::TileIr,
    &crate::spirv::language::Spirv,
];

/// The language whose id (`Language::id`) is `id`.
pub fn by_id(id: &str) -> Option<&'static dyn Language> {
    ALL.iter().copied().find(|l| l.id() == id)
}
