//! The plain data every layer of speclint shares: text and ranges, diagnostics and fixes, the
//! rule type, settings, and the interface a language implements ([`language::Language`]) with
//! what it answers (navigation, symbols, structure, hovers, the runner's types). Nothing here
//! names a language or knows the editor protocol.

pub mod annotations;
pub mod diagnostic;
pub mod ide;
pub mod input;
pub mod language;
pub mod limits;
pub mod navigation;
pub mod parallel;
pub mod probe;
pub mod resources;
pub mod rules;
pub mod run;
pub mod sass;
pub mod semantic;
pub mod settings;
pub mod severity;
pub mod signature;
pub mod structure;
pub mod text;
pub mod workspace_symbols;
