//! `gpu/limits.toml`: the resources of an NVIDIA GPU's multiprocessor per compute capability
//! (threads, blocks, registers, shared memory and their allocation units), compiled into
//! `ARCH_LIMITS`. Every entry names its sources; a missing or unknown field fails the build.

use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsFile {
    /// What the fields come from, once for the file (an entry's `sources` add to it).
    sources: Vec<String>,
    arch: Vec<ArchEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArchEntry {
    compute: String,
    max_threads_per_block: u32,
    max_threads_per_sm: u32,
    max_blocks_per_sm: u32,
    registers_per_sm: u32,
    registers_per_block: u32,
    max_registers_per_thread: u32,
    register_allocation_unit: u32,
    sub_partitions: u32,
    #[serde(default)]
    sub_partitions_also_fit: u32,
    shared_per_sm: u32,
    shared_per_block: u32,
    shared_per_block_optin: u32,
    shared_reserved_per_block: u32,
    shared_allocation_unit: u32,
    #[serde(default)]
    shared_carveouts_kb: Vec<u32>,
    barrier_slots_per_block: u32,
    #[serde(default)]
    sources: Vec<String>,
    #[serde(default)]
    note: String,
}

pub fn generate(file: &Path, errors: &mut Vec<String>) -> String {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            errors.push(format!("{}: {e}", file.display()));
            return String::new();
        }
    };
    let parsed: LimitsFile = match toml::from_str(&text) {
        Ok(parsed) => parsed,
        Err(e) => {
            errors.push(format!("{}: {e}", file.display()));
            return String::new();
        }
    };
    let mut out = String::from("/// Per compute capability, in ascending order.\npub static ARCH_LIMITS: &[ArchLimits] = &[\n");
    let mut previous = 0;
    for arch in &parsed.arch {
        let name = format!("{}: compute {}", file.display(), arch.compute);
        let sm = match arch.compute.split_once('.').and_then(|(major, minor)| {
            let (major, minor): (u16, u16) = (major.parse().ok()?, minor.parse().ok()?);
            (minor < 10).then_some(major * 10 + minor)
        }) {
            Some(sm) => sm,
            None => {
                errors.push(format!("{name}: not MAJOR.MINOR"));
                continue;
            }
        };
        if sm <= previous {
            errors.push(format!("{name}: entries must be in ascending order"));
        }
        previous = sm;
        let positive = [
            ("max_threads_per_block", arch.max_threads_per_block),
            ("max_threads_per_sm", arch.max_threads_per_sm),
            ("max_blocks_per_sm", arch.max_blocks_per_sm),
            ("registers_per_sm", arch.registers_per_sm),
            ("registers_per_block", arch.registers_per_block),
            ("max_registers_per_thread", arch.max_registers_per_thread),
            ("register_allocation_unit", arch.register_allocation_unit),
            ("sub_partitions", arch.sub_partitions),
            ("shared_per_sm", arch.shared_per_sm),
            ("shared_per_block", arch.shared_per_block),
            ("shared_per_block_optin", arch.shared_per_block_optin),
            ("shared_allocation_unit", arch.shared_allocation_unit),
        ];
        for (field, value) in positive {
            if value == 0 {
                errors.push(format!("{name}: `{field}` must be positive"));
            }
        }
        if arch.max_threads_per_sm % 32 != 0 {
            errors.push(format!("{name}: `max_threads_per_sm` is not whole warps"));
        }
        if arch.shared_per_block > arch.shared_per_block_optin {
            errors.push(format!(
                "{name}: `shared_per_block` exceeds the opt-in limit"
            ));
        }
        let mut carveouts = arch.shared_carveouts_kb.clone();
        carveouts.sort_unstable();
        if carveouts != arch.shared_carveouts_kb {
            errors.push(format!("{name}: `shared_carveouts_kb` must ascend"));
        }
        if let Some(&largest) = carveouts.last() {
            if largest * 1024 != arch.shared_per_sm {
                errors.push(format!(
                    "{name}: the largest carve-out ({largest} KB) is not `shared_per_sm`"
                ));
            }
        }
        let sources: Vec<&String> = parsed.sources.iter().chain(&arch.sources).collect();
        out += &format!(
            "    ArchLimits {{ sm: {sm}, max_threads_per_block: {}, max_threads_per_sm: {}, \
             max_blocks_per_sm: {}, registers_per_sm: {}, registers_per_block: {}, \
             max_registers_per_thread: {}, register_allocation_unit: {}, sub_partitions: {}, \
             sub_partitions_also_fit: {}, shared_per_sm: {}, shared_per_block: {}, \
             shared_per_block_optin: {}, shared_reserved_per_block: {}, \
             shared_allocation_unit: {}, shared_carveouts: &{:?}, \
             barrier_slots_per_block: {}, sources: {}, \
             note: {:?} }},\n",
            arch.max_threads_per_block,
            arch.max_threads_per_sm,
            arch.max_blocks_per_sm,
            arch.registers_per_sm,
            arch.registers_per_block,
            arch.max_registers_per_thread,
            arch.register_allocation_unit,
            arch.sub_partitions,
            arch.sub_partitions_also_fit,
            arch.shared_per_sm,
            arch.shared_per_block,
            arch.shared_per_block_optin,
            arch.shared_reserved_per_block,
            arch.shared_allocation_unit,
            carveouts.iter().map(|kb| kb * 1024).collect::<Vec<_>>(),
            arch.barrier_slots_per_block,
            super::rust_writer::str_slice(&sources),
            arch.note,
        );
    }
    out += "];\n";
    out
}
