//! PTX101 `kernel-spills`: ptxas keeps some of a kernel's values in local memory.

use crate::compile::KernelResources;
use crate::resources::{Compiled, Kernel};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    KERNEL_SPILLS = "PTX101" "kernel-spills" Warning fix=false {
        summary: "ptxas spills the kernel's registers to local memory",
        explanation: "When a kernel needs more registers than ptxas may give it, ptxas stores values to local memory (off-chip, behind the L1 cache) and loads them back: each spill is memory traffic the kernel did not ask for. The message gives ptxas's own figures (bytes stored and loaded per thread, the registers it used, the target) and names the kernel's directives that cap its registers (`.maxnreg`, or a block size from `.maxntid`/`.reqntid` with `.minnctapersm`). ptxas accepts the kernel: this is a warning about what it costs. Raise or drop the cap, or make fewer values live at once. It needs ptxas: the language server reports it after each save, and `speclint check` with `--resources`.",
        example: ".entry k(.param .u64 p)\n.maxnreg 16        // PTX101 at `k`: 48 bytes spill stores, 48 bytes spill loads\n{ ... }",
    }
}

/// PTX101 at the kernel's name when ptxas spills any of its registers.
pub(crate) fn check(
    kernel: &Kernel<'_>,
    used: &KernelResources,
    compiled: &Compiled<'_>,
) -> Option<Diagnostic> {
    if used.spill_stores == 0 && used.spill_loads == 0 {
        return None;
    }
    Some(Diagnostic::new(
        &KERNEL_SPILLS,
        kernel.name_range,
        format!(
            "`{}` spills registers to local memory on {}: {} bytes stored and {} bytes loaded \
             per thread, with {} registers{}",
            kernel.name,
            compiled.compiler,
            used.spill_stores,
            used.spill_loads,
            used.registers,
            kernel.register_bounds(compiled),
        ),
    ))
}
