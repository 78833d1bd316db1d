//! PTX102 `registers-exceed-launch-bounds`: a block of the size the kernel declares (or is
//! launched with) needs more registers than the target gives a block.

use crate::compile::KernelResources;
use crate::resources::{block_use, Compiled, Kernel};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::resources::KernelLaunch;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_sass::occupancy::occupancy;
use speclint_spec_db::gpu::{ArchLimits, WARP_SIZE};

rules! {
    REGISTERS_EXCEED_LAUNCH_BOUNDS = "PTX102" "registers-exceed-launch-bounds" Warning fix=false {
        summary: "A block of the kernel's declared or launched size needs more registers than the target has for one block",
        explanation: "Every thread of a block gets the registers ptxas allocated the kernel, in per-warp units, and a block may hold only so many (64K 32-bit registers on current GPUs). A kernel whose `.maxntid` or `.reqntid` (or the `--block` of its `speclint: run` comment) asks for more threads than its registers allow cannot be launched with that block size: the launch fails with \"too many resources requested for launch\". ptxas keeps within `.maxntid` on its own, but not when `.maxnreg` allows more, and it cannot know a launch's block size. The message gives the registers ptxas used, the registers the block would need and the target's limit (spec-db, from the CUDA Programming Guide and `cuda_occupancy.h`), and the largest block and register count that fit. It needs ptxas: the language server reports it after each save, and `speclint check` with `--resources`.",
        example: ".entry k(.param .u64 p)\n.maxntid 1024, 1, 1   // PTX102: 128 registers × 1024 threads needs 131072, 65536 fit\n.maxnreg 128\n{ ... }",
    }
}

/// PTX102 at each declared or launched block size whose registers do not fit one block.
pub(crate) fn check(
    kernel: &Kernel<'_>,
    used: &KernelResources,
    launches: &[&KernelLaunch],
    compiled: &Compiled<'_>,
) -> Vec<Diagnostic> {
    let Some(limits) = compiled.limits else {
        return Vec::new();
    };
    let mut asked: Vec<(u32, TextRange, String)> = Vec::new();
    if let Some((threads, directive)) = kernel.declared_block() {
        asked.push((
            threads,
            directive.range,
            format!("`{}`", directive.shown(compiled.text)),
        ));
    }
    if let (None, Some(default)) = (kernel.declared_block(), compiled.default_block) {
        if launches.is_empty() {
            asked.push((default.threads, kernel.name_range, default.cited()));
        }
    }
    for launch in launches {
        asked.push((
            launch.threads,
            launch.range,
            "its run comment's `--block`".to_string(),
        ));
    }
    asked
        .into_iter()
        .filter(|&(threads, _, _)| threads > 0 && threads <= limits.max_threads_per_block)
        .filter_map(|(threads, range, from)| {
            let found = occupancy(limits, block_use(used, threads, 0), None).ok()?;
            if found.by_registers > 0 {
                return None;
            }
            let fitting_threads = (1..=threads.div_ceil(WARP_SIZE))
                .rev()
                .map(|warps| warps * WARP_SIZE)
                .find(|&t| fits(limits, used.registers, t))
                .unwrap_or(0);
            let fitting_registers = (1..used.registers)
                .rev()
                .find(|&r| fits(limits, r, threads))
                .unwrap_or(0);
            let maxnreg = kernel
                .directive(".maxnreg")
                .map(|d| format!("; {} lets ptxas use that many", d.cited(compiled)))
                .unwrap_or_default();
            Some(Diagnostic::new(
                &REGISTERS_EXCEED_LAUNCH_BOUNDS,
                range,
                format!(
                    "`{}` uses {} registers per thread on {}: a block of {threads} threads \
                     ({from}) is allocated {} registers, more than the {} one block may have \
                     on compute {}, so its launch fails (too many resources requested); at \
                     most {fitting_threads} threads fit, or {fitting_registers} registers per \
                     thread at {threads}{maxnreg}",
                    kernel.name,
                    used.registers,
                    compiled.compiler,
                    found.registers_per_block,
                    limits.registers_per_block,
                    limits.compute_capability(),
                ),
            ))
        })
        .collect()
}

/// Whether a block of `threads` threads with `registers` each fits the register file.
fn fits(limits: &ArchLimits, registers: u32, threads: u32) -> bool {
    let block = speclint_sass::occupancy::BlockUse {
        threads,
        registers,
        ..Default::default()
    };
    occupancy(limits, block, None).is_ok_and(|found| found.by_registers > 0)
}
