//! What one multiprocessor (SM) of an NVIDIA GPU holds, per compute capability: the limits
//! theoretical occupancy and launch bounds are computed from (`gpu/limits.toml`, with the
//! source of each figure). Targets name a compute capability: `sm_86` is 8.6, and `sm_90a` and
//! `sm_100f` have the resources of 9.0 and 10.0.

/// The resources of one SM of a compute capability. Sizes are bytes.
#[derive(Debug)]
pub struct ArchLimits {
    /// The compute capability as a target number: 86 for 8.6, 120 for 12.0.
    pub sm: u16,
    pub max_threads_per_block: u32,
    pub max_threads_per_sm: u32,
    pub max_blocks_per_sm: u32,
    /// 32-bit registers.
    pub registers_per_sm: u32,
    pub registers_per_block: u32,
    /// The most registers a thread may be allocated.
    pub max_registers_per_thread: u32,
    /// Registers are allocated to a warp in multiples of this.
    pub register_allocation_unit: u32,
    /// The register file is split between this many schedulers; a warp's registers come from
    /// one of them.
    pub sub_partitions: u32,
    /// A second split a block's registers must also fit (0: none).
    pub sub_partitions_also_fit: u32,
    /// With the largest carve-out.
    pub shared_per_sm: u32,
    /// Without opting in (`cudaFuncAttributeMaxDynamicSharedMemorySize`).
    pub shared_per_block: u32,
    pub shared_per_block_optin: u32,
    /// Shared memory the driver keeps for itself in every block.
    pub shared_reserved_per_block: u32,
    /// A block's shared memory is allocated in multiples of this.
    pub shared_allocation_unit: u32,
    /// The sizes the unified data cache's shared part can be set to, ascending (empty where
    /// shared memory is not carved out of the L1 cache).
    pub shared_carveouts: &'static [u32],
    /// Hardware barriers per resident block slot (0: barriers never limit occupancy).
    pub barrier_slots_per_block: u32,
    pub sources: &'static [&'static str],
    pub note: &'static str,
}

impl ArchLimits {
    pub fn warps_per_sm(&self) -> u32 {
        self.max_threads_per_sm / WARP_SIZE
    }

    /// `8.6`.
    pub fn compute_capability(&self) -> String {
        format!("{}.{}", self.sm / 10, self.sm % 10)
    }
}

/// Threads per warp on every NVIDIA GPU.
pub const WARP_SIZE: u32 = 32;

include!(concat!(env!("OUT_DIR"), "/gpu_limits.rs"));

/// The limits of a target's compute capability (`sm_90a` → 9.0), where the spec-db has them.
pub fn arch_limits(target: &str) -> Option<&'static ArchLimits> {
    let digits: String = target
        .strip_prefix("sm_")?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let sm: u16 = digits.parse().ok()?;
    ARCH_LIMITS.iter().find(|limits| limits.sm == sm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_name_their_compute_capability() {
        assert_eq!(arch_limits("sm_90a").unwrap().compute_capability(), "9.0");
        assert_eq!(arch_limits("sm_100f").unwrap().sm, 100);
        assert_eq!(arch_limits("sm_86").unwrap().warps_per_sm(), 48);
        assert!(arch_limits("sm_10").is_none());
        assert!(arch_limits("compute_80").is_none());
    }
}
