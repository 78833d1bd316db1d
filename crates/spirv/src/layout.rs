//! What the layout rules share about a module's structure (SPIR-V 2.4 Logical Layout of a
//! Module): the section each instruction belongs to and the labels of blocks. The rules
//! themselves are `rules/spirv_module_layout.rs` (sections in order, one memory model, where
//! `OpVariable`s go), `rules/spirv_forward_reference.rs` (ids defined before use) and
//! `rules/spirv_control_flow.rs` (blocks, branches and `OpPhi`).

use super::module::Module;
use rustc_hash::FxHashSet;

/// The sections of a module, in the order they must come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Section {
    Capability,
    Extension,
    Import,
    MemoryModel,
    EntryPoint,
    ExecutionMode,
    DebugSource,
    DebugName,
    DebugProcessed,
    Annotation,
    Globals,
    Functions,
}

impl Section {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Section::Capability => "capabilities (OpCapability)",
            Section::Extension => "extensions (OpExtension)",
            Section::Import => "extended instruction set imports (OpExtInstImport)",
            Section::MemoryModel => "the memory model (OpMemoryModel)",
            Section::EntryPoint => "entry points (OpEntryPoint)",
            Section::ExecutionMode => "execution modes (OpExecutionMode)",
            Section::DebugSource => "debug strings and sources (OpString, OpSource)",
            Section::DebugName => "debug names (OpName, OpMemberName)",
            Section::DebugProcessed => "OpModuleProcessed",
            Section::Annotation => "annotations (OpDecorate and the like)",
            Section::Globals => "types, constants and global variables",
            Section::Functions => "functions",
        }
    }
}

/// The section an instruction belongs to outside functions; `None` for instructions allowed
/// anywhere (OpLine, OpNop) or only inside functions.
pub(crate) fn section_of(name: &str, class: &str) -> Option<Section> {
    Some(match name {
        "OpCapability" => Section::Capability,
        "OpExtension" => Section::Extension,
        "OpExtInstImport" => Section::Import,
        "OpMemoryModel" => Section::MemoryModel,
        "OpEntryPoint" => Section::EntryPoint,
        "OpExecutionMode" | "OpExecutionModeId" => Section::ExecutionMode,
        "OpString" | "OpSource" | "OpSourceContinued" | "OpSourceExtension" => Section::DebugSource,
        "OpName" | "OpMemberName" => Section::DebugName,
        "OpModuleProcessed" => Section::DebugProcessed,
        "OpLine" | "OpNoLine" | "OpNop" => return None,
        "OpVariable" | "OpUndef" | "OpExtInst" | "OpTypeForwardPointer" => Section::Globals,
        "OpFunction" => Section::Functions,
        _ => match class {
            "Annotation" => Section::Annotation,
            "Type-Declaration" | "Constant-Creation" => Section::Globals,
            _ => return None,
        },
    })
}

/// Whether an instruction may appear inside a function without a layout finding and without
/// being one of the module's declarations: no section (OpLine, the instructions of blocks) or
/// the section of variables and constants, which functions hold too (types excepted).
pub fn belongs_in_functions(name: &str, class: &str) -> bool {
    match section_of(name, class) {
        None => true,
        Some(Section::Globals) => class != "Type-Declaration" && name != "OpTypeForwardPointer",
        Some(_) => false,
    }
}

/// Every id an `OpLabel` defines.
pub fn labels(module: &Module) -> FxHashSet<u32> {
    module
        .instructions
        .iter()
        .filter(|i| i.name() == "OpLabel")
        .filter_map(|i| i.result)
        .collect()
}
