//! The types the generated tables are made of. Language-neutral pieces first (versions,
//! targets, requirements, citations), then the PTX-specific shapes.

use std::cmp::Ordering;
use std::fmt;

/// A `MAJOR.MINOR` version: a PTX ISA version, a Tile IR version, an OpenCL version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Version {
    pub major: u16,
    pub minor: u16,
}

impl Version {
    pub const fn new(major: u16, minor: u16) -> Self {
        Version { major, minor }
    }

    /// Parses `"8.0"`; `None` when the text is not a `MAJOR.MINOR` pair.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = text.trim().split_once('.')?;
        Some(Version {
            major: major.parse().ok()?,
            minor: minor.parse().ok()?,
        })
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The suffix of a GPU target: `sm_90`, `sm_90a` (architecture-specific), `sm_100f` (family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetSuffix {
    Plain,
    ArchSpecific,
    FamilySpecific,
}

/// A compute target `sm_NN[a|f]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub number: u16,
    pub suffix: TargetSuffix,
}

impl Target {
    pub const fn new(number: u16, suffix: TargetSuffix) -> Self {
        Target { number, suffix }
    }

    /// Parses `sm_90`, `sm_90a`, `sm_100f`, `compute_90`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let digits_and_suffix = text
            .strip_prefix("sm_")
            .or_else(|| text.strip_prefix("compute_"))?;
        let (digits, suffix) = match digits_and_suffix.as_bytes().last()? {
            b'a' => (
                &digits_and_suffix[..digits_and_suffix.len() - 1],
                TargetSuffix::ArchSpecific,
            ),
            b'f' => (
                &digits_and_suffix[..digits_and_suffix.len() - 1],
                TargetSuffix::FamilySpecific,
            ),
            _ => (digits_and_suffix, TargetSuffix::Plain),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(Target {
            number: digits.parse().ok()?,
            suffix,
        })
    }

    /// The family a target belongs to for `sm_NNf` requirements: the major architecture
    /// (`sm_100`, `sm_103` → 10; `sm_120`, `sm_121` → 12).
    fn family(self) -> u16 {
        self.number / 10
    }

    /// Does a file whose `.target` is `self` satisfy the requirement `required`?
    pub fn satisfies(self, required: Target) -> bool {
        match required.suffix {
            // Plain `sm_NN`: that architecture or any later one.
            TargetSuffix::Plain => self.number >= required.number,
            // `sm_NNa`: exactly that architecture-specific target.
            TargetSuffix::ArchSpecific => self == required,
            // `sm_NNf`: that family target or a later member of the same family, in its
            // family- or architecture-specific flavour.
            TargetSuffix::FamilySpecific => {
                self.suffix != TargetSuffix::Plain
                    && self.family() == required.family()
                    && self.number >= required.number
            }
        }
    }
}

impl PartialOrd for Target {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.number.cmp(&other.number))
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.suffix {
            TargetSuffix::Plain => "",
            TargetSuffix::ArchSpecific => "a",
            TargetSuffix::FamilySpecific => "f",
        };
        write!(f, "sm_{}{}", self.number, suffix)
    }
}

/// Minimum version and target for a fact. `targets` lists alternatives (any one suffices);
/// empty means every target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirement {
    pub version: Option<Version>,
    pub targets: &'static [Target],
}

impl Requirement {
    pub const NONE: Requirement = Requirement {
        version: None,
        targets: &[],
    };

    pub fn is_none(&self) -> bool {
        self.version.is_none() && self.targets.is_empty()
    }

    pub fn version_satisfied_by(&self, version: Version) -> bool {
        self.version.is_none_or(|needed| version >= needed)
    }

    pub fn target_satisfied_by(&self, target: Target) -> bool {
        self.targets.is_empty() || self.targets.iter().any(|&t| target.satisfies(t))
    }
}

/// Where a fact comes from: a section of the spec revision the language's data is taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Citation {
    pub section: &'static str,
    /// Fragment of the official page; empty when the spec has none.
    pub anchor: &'static str,
}

// ---------------------------------------------------------------------------------------------
// PTX
// ---------------------------------------------------------------------------------------------

/// The base of the official PTX ISA pages; a citation's anchor is appended after `#`.
pub const PTX_DOC_URL: &str = "https://docs.nvidia.com/cuda/parallel-thread-execution/";

/// What kind of value a PTX fundamental type holds (section 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeKind {
    Bits,
    Signed,
    Unsigned,
    Float,
    Predicate,
    Opaque,
}

/// A PTX type: `.u32`, `.f16x2`, `.pred`, `.texref`.
#[derive(Clone, Copy, Debug)]
pub struct PtxType {
    pub name: &'static str,
    pub kind: TypeKind,
    /// Width in bits; 0 for opaque types.
    pub bits: u16,
    /// The register types that hold data of this type (`.bf16` → `.b16`); empty when it is
    /// a register type itself. A `.reg` of this type is valid only if it is listed.
    pub register_types: &'static [&'static str],
    pub requirement: Requirement,
    pub citation: Citation,
    pub summary: &'static str,
    pub note: &'static str,
}

/// A PTX ISA version and the targets it introduced (chapter 13, section 11.1.2).
#[derive(Clone, Copy, Debug)]
pub struct PtxVersion {
    pub version: Version,
    pub targets: &'static [&'static str],
    /// The CUDA release that brought it (the release notes' table): the nvcc whose
    /// `__CUDACC_VER_MAJOR__.__CUDACC_VER_MINOR__` writes it.
    pub cuda: Option<Version>,
    pub citation: Citation,
    pub note: &'static str,
}

/// A state space (`.global`, `.shared`, …), directive or special register: a named fact.
#[derive(Clone, Copy, Debug)]
pub struct NamedFact {
    pub name: &'static str,
    pub summary: &'static str,
    pub syntax: &'static str,
    pub requirement: Requirement,
    pub deprecated: &'static str,
    pub citation: Citation,
    pub note: &'static str,
}

/// A special register (`%tid`, `%clock64`, …).
#[derive(Clone, Copy, Debug)]
pub struct SpecialRegister {
    pub fact: NamedFact,
    /// The declared type, e.g. `.v4.u32`, `.u64`.
    pub ty: &'static str,
    /// Vector components, e.g. `[".x", ".y", ".z"]`; empty for scalars.
    pub components: &'static [&'static str],
    /// Narrower widths a `mov` may also read it as, for legacy code (`mov.u16 %rh, %tid.x`).
    pub legacy_widths: &'static [u16],
}

/// One PTX instruction entry. Several entries may share an opcode (integer and floating-point
/// `add` are described in different sections); the checker matches the forms of all of them.
#[derive(Clone, Copy, Debug)]
pub struct Instruction {
    /// The opcode as the spec titles it; may have several segments (`add.cc`, `cp.async.bulk`).
    pub opcode: &'static str,
    /// Other mnemonics the same section describes.
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    pub requirement: Requirement,
    pub deprecated: &'static str,
    pub citation: Citation,
    /// Empty when the instruction's forms are not in the database yet (catalog entries).
    pub forms: &'static [Form],
    pub conditional: &'static [ConditionalFact],
}

impl Instruction {
    pub fn has_forms(&self) -> bool {
        !self.forms.is_empty()
    }

    pub fn url(&self) -> String {
        format!("{PTX_DOC_URL}#{}", self.citation.anchor)
    }
}

/// One syntax form of an instruction, e.g. `rcp.rnd{.ftz}.f32 d, a`.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The form as the spec writes it.
    pub syntax: &'static str,
    /// The modifier slots after the first opcode segment, in spec order.
    pub slots: &'static [Slot],
    pub operands: &'static [Operand],
    pub requirement: Requirement,
    /// The last PTX version in which this form is valid (a removed form or changed default).
    pub until: Option<Version>,
    pub deprecated: &'static str,
    pub accuracy: &'static str,
    pub note: &'static str,
    pub citation: Citation,
    /// Where this module's `.version`/`.target` reach it, the form is no longer supported (an
    /// error, not a deprecation): non-`.sync` `shfl`/`vote` from PTX 6.4 on sm_70 and later.
    pub withdrawn: Withdrawal,
    /// Why ptxas rejects this form although the spec allows it; empty when it accepts it.
    pub ptxas_gap: &'static str,
    /// What the spec says against this form, which ptxas 13.5 assembles anyway: the checker
    /// matches it only when no form of the spec does, and warns (PTX016). Empty for the spec's
    /// own forms.
    pub unenforced: &'static str,
}

/// From which `.version` on, on which `.target`s, a form or combination is withdrawn. Both
/// conditions must hold; a missing one always holds. `NEVER` when not withdrawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub from: Requirement,
}

impl Withdrawal {
    pub const NEVER: Withdrawal = Withdrawal {
        from: Requirement::NONE,
    };

    pub fn is_never(&self) -> bool {
        self.from.is_none()
    }

    /// Is the form withdrawn for a module with this version and target?
    pub fn applies(&self, version: Option<Version>, target: Option<Target>) -> bool {
        if self.is_never() {
            return false;
        }
        let by_version = match (self.from.version, version) {
            (Some(from), Some(v)) => v >= from,
            (Some(_), None) => false,
            (None, _) => true,
        };
        let by_target = match (self.from.targets.is_empty(), target) {
            (true, _) => true,
            (false, Some(t)) => self.from.target_satisfied_by(t),
            (false, None) => false,
        };
        by_version && by_target
    }
}

/// A modifier position in a form: a literal (`.sat`) or a value set (`.rnd`), required or not.
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// How the spec names it: `.sat` or `.rnd`.
    pub name: &'static str,
    pub alternatives: &'static [&'static str],
    pub optional: bool,
    /// All alternatives are types: matched by position among the type tokens.
    pub is_type: bool,
}

/// How an operand may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandShape {
    /// A register or an immediate (a register only when it is the destination).
    Value,
    /// `[addr]`.
    Address,
    /// `{a, b, …}`.
    Vector,
    /// `p|q` or `p` (predicate destination with an optional second one).
    PredicatePair,
    /// `d|p`: a value and a predicate, both required (`elect.sync`).
    Pair,
}

/// The type an operand must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeExpr {
    Any,
    /// A fixed type, e.g. `.u32`, `.pred`.
    Literal(&'static str),
    /// The type chosen for slot N.
    Slot(u8),
    /// Twice as wide as the type chosen for slot N.
    Double(u8),
}

#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub name: &'static str,
    pub shape: OperandShape,
    pub ty: TypeExpr,
    pub optional: bool,
    pub is_destination: bool,
    /// For a value operand that may be a vector `{a, b, …}`: how many elements.
    pub vector: VectorLength,
    /// For an address: the state space it is in.
    pub space: SpaceExpr,
    /// Whether the operand must be an immediate, and which values it may take.
    pub immediate: ImmediateRule,
    /// What a named operand must name.
    pub names: NameKind,
    /// An optional operand that must be written exactly when this slot is filled
    /// (`cache-policy` with `.level::cache_hint`).
    pub present_with: Option<u8>,
}

/// How many elements a vector operand has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorLength {
    /// Not a vector (or a `{…}` in the syntax, not counted).
    Scalar,
    /// The number in the modifier chosen for slot N (`.v4` → 4, `.x2` → 2, `.3d` → 3); a
    /// scalar when the optional slot is empty.
    Slot(u8),
    /// One of these fixed lengths.
    Fixed(&'static [u8]),
}

/// The state space an address operand refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceExpr {
    /// Not recorded.
    Unknown,
    /// The state space chosen for slot N; generic when the optional slot is empty.
    Slot(u8),
    /// Always this one (`.shared::cta`, `.global`).
    Literal(&'static str),
}

/// Immediate-operand constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmediateRule {
    /// A register or an immediate.
    Free,
    /// Must be an immediate, any value.
    Any,
    /// Must be an immediate, one of these values.
    OneOf(&'static [i64]),
    /// Must be an immediate in this inclusive range.
    Range(i64, i64),
    /// A register, or an immediate in this inclusive range (`bar`'s barrier number).
    Bounded(i64, i64),
    /// A register, or an immediate in the inclusive range of the first two values that is a
    /// multiple of the third (`bar`'s thread count: a multiple of the warp size).
    Stepped(i64, i64, i64),
}

/// What a name written as the operand must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// Whatever the shape allows (register or immediate for values).
    Any,
    /// A label (`bra L`).
    Label,
    /// A function (`call f`).
    Function,
    /// A variable or opaque symbol (a `.texref`, `.global` array, …).
    Symbol,
    /// A register, never an immediate.
    Register,
    /// The sink `_`, nothing else.
    Sink,
}

/// A fact that applies when certain modifiers appear together (`when = ".rn .f64"`).
#[derive(Clone, Copy, Debug)]
pub struct ConditionalFact {
    /// All groups must be present; within a group, any one token.
    pub when: &'static [&'static [&'static str]],
    pub requirement: Requirement,
    pub withdrawn: Withdrawal,
    pub deprecated: &'static str,
    pub accuracy: &'static str,
    pub note: &'static str,
    pub citation: Citation,
}

impl ConditionalFact {
    pub fn applies_to(&self, modifiers: &[&str]) -> bool {
        self.when
            .iter()
            .all(|group| group.iter().any(|token| modifiers.contains(token)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Target {
        Target::parse(text).unwrap()
    }

    #[test]
    fn plain_targets_are_satisfied_by_later_ones() {
        assert!(t("sm_90").satisfies(t("sm_80")));
        assert!(t("sm_90a").satisfies(t("sm_90")));
        assert!(!t("sm_75").satisfies(t("sm_80")));
    }

    #[test]
    fn arch_specific_targets_need_exactly_that_target() {
        assert!(t("sm_90a").satisfies(t("sm_90a")));
        assert!(!t("sm_90").satisfies(t("sm_90a")));
        assert!(!t("sm_100a").satisfies(t("sm_90a")));
    }

    #[test]
    fn family_targets_need_a_member_of_the_family() {
        assert!(t("sm_103f").satisfies(t("sm_100f")));
        assert!(t("sm_100a").satisfies(t("sm_100f")));
        assert!(!t("sm_100").satisfies(t("sm_100f")));
        assert!(!t("sm_120f").satisfies(t("sm_100f")));
    }

    #[test]
    fn versions_parse_and_order() {
        assert_eq!(Version::parse("7.8"), Some(Version::new(7, 8)));
        assert!(Version::new(8, 0) > Version::new(7, 8));
        assert_eq!(Version::parse("x"), None);
    }
}
