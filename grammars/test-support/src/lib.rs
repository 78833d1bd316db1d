//! What the tests of the tree-sitter grammars share. Each grammar crate takes this crate as a
//! dev-dependency and passes its `tree_sitter::Language` in.

pub mod corpus;
pub mod perf;
pub mod real_files;
pub mod syntax_errors;
