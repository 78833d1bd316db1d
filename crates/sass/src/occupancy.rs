//! Theoretical occupancy: how many blocks of a kernel one SM holds at once, and which
//! resource stops it holding more. The arithmetic is that of NVIDIA's occupancy calculator
//! (`cuda_occupancy.h`, `cudaOccMaxActiveBlocksPerMultiprocessor`) on the limits the spec-db
//! records per compute capability; `server/tests/occupancy_oracle.rs` holds the two to the same
//! answers on every compute capability the spec-db knows. Partitioned global caching (5.2 and
//! 6.x, off unless asked for) and virtual resources (none that ptxas reports) are left out.

use serde::Serialize;
use speclint_spec_db::gpu::{ArchLimits, WARP_SIZE};

/// What one block of a kernel uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockUse {
    pub threads: u32,
    /// Registers per thread (ptxas `-v`).
    pub registers: u32,
    /// Static shared memory (ptxas `-v`, `smem`), bytes.
    pub static_shared: u64,
    /// Shared memory given at launch, bytes.
    pub dynamic_shared: u64,
    /// Hardware barriers (ptxas `-v`, `used N barriers`).
    pub barriers: u32,
}

/// The share of the unified data cache the launch asks for as shared memory: a percentage of
/// the largest carve-out (`cudaFuncAttributePreferredSharedMemoryCarveout`), or none.
pub type Carveout = Option<u32>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limiter {
    Warps,
    Registers,
    SharedMemory,
    Blocks,
    Barriers,
}

impl Limiter {
    pub fn describe(self) -> &'static str {
        match self {
            Limiter::Warps => "warps per SM",
            Limiter::Registers => "registers",
            Limiter::SharedMemory => "shared memory",
            Limiter::Blocks => "blocks per SM",
            Limiter::Barriers => "barriers",
        }
    }
}

/// Resident blocks per SM, and what each resource alone would allow (`u32::MAX`: no limit).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Occupancy {
    pub blocks_per_sm: u32,
    pub warps_per_block: u32,
    pub max_warps_per_sm: u32,
    /// Every resource whose limit is the outcome.
    pub limited_by: Vec<Limiter>,
    pub by_registers: u32,
    pub by_shared_memory: u32,
    pub by_warps: u32,
    pub by_blocks: u32,
    pub by_barriers: u32,
    /// Registers one block is allocated.
    pub registers_per_block: u32,
    /// Shared memory one block is allocated, bytes.
    pub shared_per_block: u64,
}

impl Occupancy {
    pub fn active_warps(&self) -> u32 {
        self.blocks_per_sm * self.warps_per_block
    }

    /// Active warps as a percentage of the most an SM holds.
    pub fn percent(&self) -> u32 {
        (self.active_warps() * 100)
            .checked_div(self.max_warps_per_sm)
            .unwrap_or(0)
    }

    /// `4 blocks · 32 of 64 warps (50 %) · limited by registers`.
    pub fn summary(&self) -> String {
        let limiters: Vec<&str> = self.limited_by.iter().map(|l| l.describe()).collect();
        format!(
            "{} block{} · {} of {} warps ({} %) · limited by {}",
            self.blocks_per_sm,
            if self.blocks_per_sm == 1 { "" } else { "s" },
            self.active_warps(),
            self.max_warps_per_sm,
            self.percent(),
            limiters.join(" and ")
        )
    }
}

/// Why no occupancy could be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OccupancyError {
    /// No threads in the block.
    EmptyBlock,
    /// The carve-out asked for is not a percentage, or a block needs more shared memory than
    /// any carve-out gives.
    Carveout(String),
}

/// The occupancy of blocks that use `block` on an SM with `limits`, the carve-out `carveout`.
pub fn occupancy(
    limits: &ArchLimits,
    block: BlockUse,
    carveout: Carveout,
) -> Result<Occupancy, OccupancyError> {
    if block.threads == 0 {
        return Err(OccupancyError::EmptyBlock);
    }
    let warps_per_block = block.threads.div_ceil(WARP_SIZE);
    let (by_registers, registers_per_block) =
        register_limit(limits, block, warps_per_block, limits.sub_partitions);
    let by_registers = match limits.sub_partitions_also_fit {
        0 => by_registers,
        also if by_registers > 0 => {
            let (other, _) = register_limit(limits, block, warps_per_block, also);
            if other == 0 {
                0
            } else {
                by_registers
            }
        }
        _ => by_registers,
    };
    let by_warps = if block.threads > limits.max_threads_per_block {
        0
    } else {
        limits.warps_per_sm() / warps_per_block
    };
    let by_blocks = limits.max_blocks_per_sm;
    let (by_shared_memory, shared_per_block) = shared_limit(limits, block, carveout)?;
    let mut blocks = by_registers
        .min(by_shared_memory)
        .min(by_warps)
        .min(by_blocks);
    let mut limited_by: Vec<Limiter> = [
        (by_warps, Limiter::Warps),
        (by_registers, Limiter::Registers),
        (by_shared_memory, Limiter::SharedMemory),
        (by_blocks, Limiter::Blocks),
    ]
    .into_iter()
    .filter(|(limit, _)| *limit == blocks)
    .map(|(_, limiter)| limiter)
    .collect();
    let by_barriers = if limits.barrier_slots_per_block > 0 && block.barriers > 0 {
        limits.barrier_slots_per_block * by_blocks / block.barriers
    } else {
        u32::MAX
    };
    if by_barriers <= blocks {
        blocks = by_barriers;
        if by_barriers
            < by_registers
                .min(by_shared_memory)
                .min(by_warps)
                .min(by_blocks)
        {
            limited_by.clear();
        }
        limited_by.push(Limiter::Barriers);
    }
    Ok(Occupancy {
        blocks_per_sm: blocks,
        warps_per_block,
        max_warps_per_sm: limits.warps_per_sm(),
        limited_by,
        by_registers,
        by_shared_memory,
        by_warps,
        by_blocks,
        by_barriers,
        registers_per_block,
        shared_per_block,
    })
}

/// Blocks the register file holds, with the file split between `sub_partitions` schedulers;
/// and the registers one block is allocated.
fn register_limit(
    limits: &ArchLimits,
    block: BlockUse,
    warps_per_block: u32,
    sub_partitions: u32,
) -> (u32, u32) {
    let per_warp = round_up(block.registers * WARP_SIZE, limits.register_allocation_unit);
    let per_block = per_warp * warps_per_block;
    // The hardware places a block's warps evenly over the schedulers.
    let assumed_per_block = per_warp * round_up(warps_per_block, sub_partitions);
    if limits.registers_per_block < assumed_per_block
        || limits.registers_per_block < per_block
        || block.registers > limits.max_registers_per_thread
    {
        return (0, per_block);
    }
    if per_warp == 0 {
        return (u32::MAX, per_block);
    }
    let warps_per_sub_partition = limits.registers_per_sm / sub_partitions / per_warp;
    (
        warps_per_sub_partition * sub_partitions / warps_per_block,
        per_block,
    )
}

/// Blocks shared memory holds, and the shared memory one block is allocated.
fn shared_limit(
    limits: &ArchLimits,
    block: BlockUse,
    carveout: Carveout,
) -> Result<(u32, u64), OccupancyError> {
    let per_sm = u64::from(limits.shared_per_sm);
    // Where shared memory is not carved out of L1, the SM always has all of it.
    let carveout = carveout.filter(|_| !limits.shared_carveouts.is_empty());
    let preference = match carveout {
        None => per_sm,
        Some(percent) if percent <= 100 => u64::from(percent) * per_sm / 100,
        Some(percent) => {
            return Err(OccupancyError::Carveout(format!(
                "a carve-out of {percent} % is not a percentage"
            )))
        }
    };
    let preference = carved_out(limits, preference)?;
    let used = block.static_shared + u64::from(limits.shared_reserved_per_block);
    let allocated = round_up_64(
        used + block.dynamic_shared,
        u64::from(limits.shared_allocation_unit),
    );
    // A launch that needs more than the default per-block limit opts in to the larger one.
    let requested = used + block.dynamic_shared;
    let block_limit = if requested > u64::from(limits.shared_per_block) {
        limits.shared_per_block_optin
    } else {
        limits.shared_per_block
    };
    let block_limit = u64::from(block_limit) + u64::from(limits.shared_reserved_per_block);
    if allocated > block_limit {
        return Ok((0, allocated));
    }
    let available = if preference >= allocated {
        preference
    } else if limits.shared_carveouts.is_empty() {
        per_sm
    } else {
        carved_out(limits, allocated)?
    };
    let blocks = match allocated {
        0 => u32::MAX,
        _ => u32::try_from(available / allocated).unwrap_or(u32::MAX),
    };
    Ok((blocks, allocated))
}

/// The smallest carve-out that holds `bytes` (where shared memory is carved out of L1).
fn carved_out(limits: &ArchLimits, bytes: u64) -> Result<u64, OccupancyError> {
    if limits.shared_carveouts.is_empty() {
        return Ok(bytes);
    }
    limits
        .shared_carveouts
        .iter()
        .map(|&size| u64::from(size))
        .find(|&size| size >= bytes)
        .ok_or_else(|| {
            OccupancyError::Carveout(format!(
                "{bytes} bytes of shared memory exceed every carve-out of compute {}",
                limits.compute_capability()
            ))
        })
}

fn round_up(value: u32, unit: u32) -> u32 {
    value.div_ceil(unit) * unit
}

fn round_up_64(value: u64, unit: u64) -> u64 {
    value.div_ceil(unit) * unit
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_spec_db::gpu::arch_limits;

    fn block(threads: u32, registers: u32, static_shared: u64) -> BlockUse {
        BlockUse {
            threads,
            registers,
            static_shared,
            ..BlockUse::default()
        }
    }

    #[test]
    fn registers_limit_a_heavy_kernel() {
        // 128 registers × 256 threads = 32768 per block: two blocks fill an sm_80's 64K.
        let sm_80 = arch_limits("sm_80").unwrap();
        let found = occupancy(sm_80, block(256, 128, 0), None).unwrap();
        assert_eq!(found.blocks_per_sm, 2);
        assert_eq!(found.limited_by, vec![Limiter::Registers]);
        assert_eq!((found.active_warps(), found.percent()), (16, 25));
    }

    #[test]
    fn a_block_that_cannot_launch_holds_zero() {
        let sm_80 = arch_limits("sm_80").unwrap();
        let found = occupancy(sm_80, block(1024, 128, 0), None).unwrap();
        assert_eq!(found.blocks_per_sm, 0);
        assert!(found.limited_by.contains(&Limiter::Registers));
        let too_many_threads = occupancy(sm_80, block(2048, 16, 0), None).unwrap();
        assert_eq!(too_many_threads.by_warps, 0);
    }

    #[test]
    fn shared_memory_counts_the_reserved_kilobyte() {
        // 48 KB static + 1 KB reserved per block: three blocks in 164 KB, not 3.4.
        let sm_80 = arch_limits("sm_80").unwrap();
        let found = occupancy(sm_80, block(128, 32, 48 * 1024), None).unwrap();
        assert_eq!(found.by_shared_memory, 3);
        assert_eq!(found.shared_per_block, 49 * 1024);
        assert_eq!(found.limited_by, vec![Limiter::SharedMemory]);
    }

    #[test]
    fn a_carveout_is_a_percentage() {
        let sm_80 = arch_limits("sm_80").unwrap();
        assert!(occupancy(sm_80, block(128, 32, 0), Some(101)).is_err());
        assert!(occupancy(sm_80, block(0, 32, 0), None).is_err());
    }
}
