//! Findings that need the language's compiler run on the text: what a kernel really uses
//! (ptxas's registers, spills and stack frame) against what it declares and how it is
//! launched. A compile takes longer than a check, so these are not part of `analyze`: the
//! language server computes them on open and save, beside its compiler lens, and
//! `speclint check --resources` on request. When nothing was compiled, their rules report
//! nothing and suppression comments naming them are not reported as unused.

use crate::diagnostic::Diagnostic;
use crate::rules::Rule;
use crate::run::runner::{CompileReport, RunError};
use crate::settings::LanguageSettings;
use crate::text::TextRange;

/// How a kernel is launched, where the text says so beside its declared bounds (a
/// `speclint: run` comment's `--block` and `--shared`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelLaunch {
    pub kernel: String,
    /// Threads per block.
    pub threads: u32,
    /// Dynamic shared memory per block, bytes.
    pub dynamic_shared: u64,
    /// The comment that says so.
    pub range: TextRange,
}

/// The occupancy one kernel reaches on the compile's target, for the editor's lens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelOccupancy {
    pub kernel: String,
    /// `occupancy at 256 threads (.reqntid): 4 blocks · 32 of 64 warps (50 %) · limited by
    /// registers`.
    pub summary: String,
}

/// One compile's outcome: the compiler's own report, and what its figures say.
#[derive(Clone, Debug, Default)]
pub struct ResourceReport {
    pub report: CompileReport,
    pub findings: Vec<Diagnostic>,
    pub occupancy: Vec<KernelOccupancy>,
}

pub trait ResourceCheck: Sync {
    /// The rules whose findings come from here.
    fn rules(&self) -> &'static [&'static Rule];
    /// Compiles `text` and reads what the compiler reports about each kernel.
    fn check(
        &self,
        text: &str,
        settings: &LanguageSettings,
        launches: &[KernelLaunch],
    ) -> Result<ResourceReport, RunError>;
}
