//! PTX103 `local-stack-frame`: the kernel keeps a stack frame in local memory.

use crate::compile::KernelResources;
use crate::resources::{Compiled, Kernel};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    LOCAL_STACK_FRAME = "PTX103" "local-stack-frame" Warning fix=false {
        summary: "The kernel keeps a stack frame in local memory",
        explanation: "ptxas reports a stack frame when a kernel has `.local` variables it could not keep in registers (an array indexed at run time, say) or calls functions through the ABI. The frame lives in local memory: off-chip, behind the L1 cache, one copy per thread. The message gives ptxas's figure and, where the kernel shows it, why (its `.local` declarations, its calls). A frame that comes from spills alone is reported as PTX101 instead. ptxas accepts the kernel: this is a warning about what it costs. It needs ptxas: the language server reports it after each save, and `speclint check` with `--resources`.",
        example: ".entry k() {\n  .local .align 4 .b8 buf[64];   // PTX103 at `k`: 64 bytes stack frame\n  ...\n}",
    }
}

/// PTX103 at the kernel's name when ptxas gives it a stack frame that spills do not explain.
pub(crate) fn check(
    kernel: &Kernel<'_>,
    used: &KernelResources,
    compiled: &Compiled<'_>,
) -> Option<Diagnostic> {
    if used.stack_frame == 0 || used.spill_stores > 0 {
        return None;
    }
    let local = kernel.source.contains(".local");
    let calls = kernel
        .source
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
        .any(|word| word == "call" || word.starts_with("call."));
    let why = match (local, calls) {
        (true, true) => ", for its `.local` variables and its calls",
        (true, false) => ", for its `.local` variables",
        (false, true) => ", for its calls",
        (false, false) => "",
    };
    Some(Diagnostic::new(
        &LOCAL_STACK_FRAME,
        kernel.name_range,
        format!(
            "`{}` keeps a {}-byte stack frame per thread in local memory on {}{why}",
            kernel.name, used.stack_frame, compiled.compiler,
        ),
    ))
}
