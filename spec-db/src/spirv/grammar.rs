//! The SPIR-V core grammar and the extended instruction sets speclint knows, generated at
//! build time from the Khronos JSON grammars in `spec-db/spirv/grammar/`.

/// A SPIR-V version, `1.4` = `SpirvVersion { major: 1, minor: 4 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpirvVersion {
    pub major: u8,
    pub minor: u8,
}

impl SpirvVersion {
    pub const fn new(major: u8, minor: u8) -> Self {
        SpirvVersion { major, minor }
    }

    /// The version word of a module header (`0x00010400` for 1.4).
    pub const fn from_word(word: u32) -> Self {
        SpirvVersion::new((word >> 16) as u8, (word >> 8) as u8)
    }

    pub const fn word(self) -> u32 {
        ((self.major as u32) << 16) | ((self.minor as u32) << 8)
    }
}

impl std::fmt::Display for SpirvVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Index into [`OPERAND_KINDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OperandKindId(pub u16);

impl OperandKindId {
    pub fn get(self) -> &'static OperandKind {
        &OPERAND_KINDS[self.0 as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    One,
    /// `?`: zero or one.
    Optional,
    /// `*`: zero or more.
    Many,
}

#[derive(Debug)]
pub struct Operand {
    pub kind: OperandKindId,
    pub quantifier: Quantifier,
    /// The grammar's name for the operand (`'Pointer'`); empty for result ids.
    pub name: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// Flags combined with `|`.
    BitEnum,
    ValueEnum,
    Id,
    Literal,
    /// A pair of other kinds (`PairLiteralIntegerIdRef`).
    Composite,
}

#[derive(Debug)]
pub struct OperandKind {
    pub name: &'static str,
    pub category: Category,
    /// Sorted by value.
    pub enumerants: &'static [Enumerant],
    pub bases: &'static [OperandKindId],
}

#[derive(Debug)]
pub struct Enumerant {
    pub name: &'static str,
    pub value: u32,
    /// For a `Capability` enumerant these are the capabilities it implicitly declares.
    pub capabilities: &'static [&'static str],
    pub extensions: &'static [&'static str],
    /// Operands that follow the enumerant (`Aligned` takes a literal alignment).
    pub parameters: &'static [Operand],
    /// `None`: not in any core version, only through an extension.
    pub version: Option<SpirvVersion>,
    pub last_version: Option<SpirvVersion>,
    pub aliases: &'static [&'static str],
    pub provisional: bool,
}

#[derive(Debug)]
pub struct Instruction {
    pub name: &'static str,
    pub opcode: u16,
    pub class: &'static str,
    pub operands: &'static [Operand],
    pub capabilities: &'static [&'static str],
    pub extensions: &'static [&'static str],
    /// `None`: not in any core version, only through an extension.
    pub version: Option<SpirvVersion>,
    pub last_version: Option<SpirvVersion>,
    pub provisional: bool,
}

#[derive(Debug)]
pub struct ExtendedInstruction {
    pub name: &'static str,
    pub opcode: u32,
    pub operands: &'static [Operand],
}

#[derive(Debug)]
pub struct ExtendedSet {
    /// The name `OpExtInstImport` gives (`OpenCL.std`).
    pub name: &'static str,
    /// Sorted by opcode.
    pub instructions: &'static [ExtendedInstruction],
}

include!(concat!(env!("OUT_DIR"), "/spirv_grammar.rs"));

/// A core instruction by name (aliases such as `OpSDotKHR` included).
pub fn instruction(name: &str) -> Option<&'static Instruction> {
    INSTRUCTIONS_BY_NAME
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| &INSTRUCTIONS[INSTRUCTIONS_BY_NAME[i].1 as usize])
}

pub fn instruction_by_opcode(opcode: u16) -> Option<&'static Instruction> {
    INSTRUCTIONS
        .binary_search_by_key(&opcode, |i| i.opcode)
        .ok()
        .map(|i| &INSTRUCTIONS[i])
}

pub fn operand_kind(name: &str) -> Option<&'static OperandKind> {
    OPERAND_KINDS.iter().find(|k| k.name == name)
}

impl OperandKind {
    /// An enumerant by name or alias.
    pub fn enumerant(&self, name: &str) -> Option<&'static Enumerant> {
        let enumerants: &'static [Enumerant] = self.enumerants;
        enumerants
            .iter()
            .find(|e| e.name == name || e.aliases.contains(&name))
    }

    /// The enumerant with this value; for bit enums, a single bit (or 0, `None`).
    pub fn enumerant_by_value(&self, value: u32) -> Option<&'static Enumerant> {
        let enumerants: &'static [Enumerant] = self.enumerants;
        enumerants
            .binary_search_by_key(&value, |e| e.value)
            .ok()
            .map(|i| &enumerants[i])
    }
}

pub fn extended_set(name: &str) -> Option<&'static ExtendedSet> {
    EXTENDED_SETS.iter().find(|s| s.name == name)
}

impl ExtendedSet {
    pub fn instruction(&self, name: &str) -> Option<&'static ExtendedInstruction> {
        let list: &'static [ExtendedInstruction] = self.instructions;
        list.iter().find(|i| i.name == name)
    }

    pub fn instruction_by_opcode(&self, opcode: u32) -> Option<&'static ExtendedInstruction> {
        let list: &'static [ExtendedInstruction] = self.instructions;
        list.binary_search_by_key(&opcode, |i| i.opcode)
            .ok()
            .map(|i| &list[i])
    }
}

/// The capabilities `name` declares implicitly, itself included, transitively
/// (`Int64Atomics` declares `Int64`; `GenericPointer` declares `Addresses`).
pub fn implied_capabilities(name: &str) -> Vec<&'static str> {
    let Some(kind) = operand_kind("Capability") else {
        return Vec::new();
    };
    let mut found: Vec<&'static str> = Vec::new();
    let mut pending = vec![name];
    while let Some(next) = pending.pop() {
        let Some(enumerant) = kind.enumerant(next) else {
            continue;
        };
        if found.contains(&enumerant.name) {
            continue;
        }
        found.push(enumerant.name);
        pending.extend(enumerant.capabilities.iter().copied());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_found_by_name_alias_and_opcode() {
        let load = instruction("OpAtomicLoad").unwrap();
        assert_eq!(load.opcode, 227);
        assert_eq!(load.class, "Atomic");
        assert_eq!(load.operands.len(), 5);
        assert_eq!(load.operands[3].kind.get().name, "IdScope");
        assert_eq!(instruction_by_opcode(227).unwrap().name, "OpAtomicLoad");
        assert_eq!(instruction("OpSDotKHR").unwrap().name, "OpSDot");
        assert!(instruction("OpNope").is_none());
        assert_eq!(
            instruction("OpGroupNonUniformBallot").unwrap().version,
            Some(SpirvVersion::new(1, 3))
        );
    }

    #[test]
    fn enumerants_carry_capabilities_and_parameters() {
        let memory_access = operand_kind("MemoryAccess").unwrap();
        assert_eq!(memory_access.category, Category::BitEnum);
        let aligned = memory_access.enumerant("Aligned").unwrap();
        assert_eq!(aligned.value, 2);
        assert_eq!(aligned.parameters.len(), 1);
        let storage = operand_kind("StorageClass").unwrap();
        assert_eq!(
            storage.enumerant("Generic").unwrap().capabilities,
            &["GenericPointer"]
        );
        assert_eq!(
            storage.enumerant_by_value(5).unwrap().name,
            "CrossWorkgroup"
        );
    }

    #[test]
    fn capabilities_imply_their_dependencies() {
        let implied = implied_capabilities("Int64Atomics");
        assert!(implied.contains(&"Int64"), "{implied:?}");
        assert!(implied_capabilities("GenericPointer").contains(&"Addresses"));
    }

    #[test]
    fn opencl_std_is_an_extended_set() {
        let std = extended_set("OpenCL.std").unwrap();
        assert_eq!(std.instruction("printf").unwrap().opcode, 184);
        assert_eq!(std.instruction_by_opcode(0).unwrap().name, "acos");
        assert!(extended_set("OpenCL.DebugInfo.100").is_some());
    }
}
