//! The OpenCL.std extended instruction set in the OpenCL environment: each instruction's type
//! rule, and the minimum accuracy the environment spec requires of the math instructions, from
//! `spirv/opencl-std/**/*.toml` (validated against the Khronos grammars and compiled at build
//! time). Links: <https://registry.khronos.org/SPIR-V/specs/unified1/OpenCL.ExtendedInstructionSet.100.html>,
//! <https://registry.khronos.org/OpenCL/specs/3.0-unified/html/OpenCL_Env.html>.

#[path = "opencl_std_model.rs"]
mod model;
pub use model::*;

/// An OpenCL.std instruction and the types its result and operands must have.
#[derive(Debug)]
pub struct Function {
    pub name: &'static str,
    pub opcode: u32,
    /// The section of the extended instruction set specification.
    pub section: &'static str,
    /// What it computes, in a line (for hovers).
    pub summary: &'static str,
    /// [`TypeRule::Void`] or an absolute [`TypeRule::Value`].
    pub result: TypeRule,
    /// One per grammar operand, in order; refs (`opN`) index this list.
    pub operands: &'static [TypeRule],
    pub note: Option<&'static str>,
}

/// The spec revisions the accuracy tables come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revision {
    /// OpenCL SPIR-V Environment Specification 2.2, revision v2.2-3, chapter 8.
    Seed22,
    /// The unified OpenCL SPIR-V environment specification.
    Current,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Full,
    Embedded,
    /// `-cl-fast-relaxed-math` (2.2) / `-cl-unsafe-math-optimizations` (current); fp32 only.
    Relaxed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    Full,
    Embedded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    F16,
    F32,
    F64,
}

/// One accuracy table of one revision, with its section.
#[derive(Debug)]
pub struct AccuracyTable {
    pub table: Table,
    pub revision: Revision,
    pub section: &'static str,
    /// Fragment of the environment spec's HTML page, where the table has one.
    pub anchor: Option<&'static str>,
}

/// One table cell: the bound as written in the data and parsed.
#[derive(Debug)]
pub struct Cell {
    pub text: &'static str,
    pub bound: Bound<'static>,
}

/// One row of an accuracy table, for the revisions it lists.
#[derive(Debug)]
pub struct AccuracyEntry {
    /// An OpenCL.std instruction or a core opcode (`OpFDiv`).
    pub name: &'static str,
    /// Set for a bound that covers one special use only (`1.0 / x` for OpFDiv).
    pub case: Option<&'static str>,
    pub table: Table,
    pub revisions: &'static [Revision],
    pub fp64: Option<Cell>,
    /// In the relaxed table: the full profile, and the embedded one unless `fp32_embedded`.
    pub fp32: Option<Cell>,
    pub fp16: Option<Cell>,
    pub fp32_embedded: Option<Cell>,
    pub domain: Option<&'static str>,
    pub derivation: Option<&'static str>,
    pub note: Option<&'static str>,
}

/// A rounding, conversion or special-value rule of the numerical compliance chapter.
#[derive(Debug)]
pub struct NumericalRule {
    pub id: &'static str,
    pub revisions: &'static [Revision],
    pub section: &'static str,
    pub seed_section: Option<&'static str>,
    pub summary: &'static str,
    pub instructions: &'static [&'static str],
}

/// The exact special-value results of one function.
#[derive(Debug)]
pub struct EdgeCases {
    pub name: &'static str,
    pub revisions: &'static [Revision],
    pub section: &'static str,
    pub seed_section: Option<&'static str>,
    pub cases: &'static [&'static str],
}

include!(concat!(env!("OUT_DIR"), "/spirv_opencl_std.rs"));

/// An instruction's type rule by name.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

pub fn function_by_opcode(opcode: u32) -> Option<&'static Function> {
    FUNCTIONS
        .binary_search_by_key(&opcode, |f| f.opcode)
        .ok()
        .map(|i| &FUNCTIONS[i])
}

/// The answer to an accuracy question: the bound and where it is stated.
#[derive(Debug)]
pub struct Accuracy {
    pub bound: Bound<'static>,
    pub text: &'static str,
    pub entry: &'static AccuracyEntry,
    pub table: &'static AccuracyTable,
}

fn table_of(table: Table, revision: Revision) -> Option<&'static AccuracyTable> {
    ACCURACY_TABLES
        .iter()
        .find(|t| t.table == table && t.revision == revision)
}

fn entry(name: &str, table: Table, revision: Revision) -> Option<&'static AccuracyEntry> {
    ACCURACY.iter().find(|a| {
        a.name == name && a.case.is_none() && a.table == table && a.revisions.contains(&revision)
    })
}

/// The minimum accuracy of `name` (an OpenCL.std instruction or `OpFDiv` and the like) at
/// `precision` on a `profile` device, with relaxed math on or off, in `revision`. Under relaxed
/// math a function the relaxed table lists uses that bound (fp32 only); any other falls back to
/// its profile table, as the spec says. `None`: the tables give no bound for it.
pub fn accuracy(
    name: &str,
    precision: Precision,
    profile: Profile,
    relaxed: bool,
    revision: Revision,
) -> Option<Accuracy> {
    if relaxed && precision == Precision::F32 {
        if let Some(e) = entry(name, Table::Relaxed, revision) {
            let cell = match profile {
                Profile::Embedded => e.fp32_embedded.as_ref().or(e.fp32.as_ref()),
                Profile::Full => e.fp32.as_ref(),
            };
            if let Some(cell) = cell {
                return Some(Accuracy {
                    bound: cell.bound,
                    text: cell.text,
                    entry: e,
                    table: table_of(Table::Relaxed, revision)?,
                });
            }
        }
    }
    let table = match profile {
        Profile::Full => Table::Full,
        Profile::Embedded => Table::Embedded,
    };
    let e = entry(name, table, revision)?;
    let cell = match precision {
        Precision::F16 => e.fp16.as_ref(),
        Precision::F32 => e.fp32.as_ref(),
        Precision::F64 => e.fp64.as_ref(),
    }?;
    Some(Accuracy {
        bound: cell.bound,
        text: cell.text,
        entry: e,
        table: table_of(table, revision)?,
    })
}

/// Bounds that cover one special use of `name` (`case` is set), in every table.
pub fn accuracy_cases(
    name: &str,
    revision: Revision,
) -> impl Iterator<Item = &'static AccuracyEntry> + '_ {
    ACCURACY
        .iter()
        .filter(move |a| a.name == name && a.case.is_some() && a.revisions.contains(&revision))
}

pub fn edge_cases(name: &str, revision: Revision) -> Option<&'static EdgeCases> {
    EDGE_CASES
        .iter()
        .find(|e| e.name == name && e.revisions.contains(&revision))
}

pub fn numerical_rule(id: &str, revision: Revision) -> Option<&'static NumericalRule> {
    NUMERICAL_RULES
        .iter()
        .find(|r| r.id == id && r.revisions.contains(&revision))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::grammar;

    const FP: Elem = Elem::Scalar {
        float: Widths::ALL_FLOAT,
        int: Widths::NONE,
    };
    const GENERIC_OUT: &[&str] = &["CrossWorkgroup", "Workgroup", "Function", "Generic"];

    #[test]
    fn every_opencl_std_instruction_has_a_rule_with_the_grammars_operand_count() {
        let set = grammar::extended_set("OpenCL.std").unwrap();
        assert_eq!(FUNCTIONS.len(), 162);
        assert_eq!(FUNCTIONS.len(), set.instructions.len());
        for i in set.instructions {
            let f = function(i.name).unwrap_or_else(|| panic!("{} has no rule", i.name));
            assert_eq!(f.opcode, i.opcode);
            assert_eq!(f.operands.len(), i.operands.len(), "{}", i.name);
        }
        assert!(function("fmax_commmon").is_none());
    }

    #[test]
    fn fma_is_a_same_type_float_gentype() {
        let fma = function("fma").unwrap();
        assert_eq!(fma.section, "2.1. Math extended instructions");
        assert_eq!(
            fma.result,
            TypeRule::Value(ValueType {
                elem: FP,
                shape: Shape::Counts(Counts::ALL)
            })
        );
        let same = TypeRule::Value(ValueType::same_as(Ref::Result));
        assert_eq!(fma.operands, &[same, same, same]);
    }

    #[test]
    fn pointer_operands_name_their_storage_classes() {
        let frexp = function("frexp").unwrap();
        let TypeRule::Pointer(pointee, classes) = frexp.operands[1] else {
            panic!("{:?}", frexp.operands[1])
        };
        assert_eq!(pointee.shape, Shape::CountOf(Ref::Result));
        assert_eq!(
            pointee.elem,
            Elem::Scalar {
                float: Widths::NONE,
                int: Widths(0b0100)
            }
        );
        assert_eq!(classes.names().collect::<Vec<_>>(), GENERIC_OUT);
        assert!(!classes.contains("UniformConstant"));
        // Loads may read constant memory; stores may not.
        let TypeRule::Pointer(_, load) = function("vloadn").unwrap().operands[1] else {
            panic!()
        };
        assert!(load.contains("UniformConstant"));
        let TypeRule::Pointer(_, store) = function("vstoren").unwrap().operands[2] else {
            panic!()
        };
        assert!(!store.contains("UniformConstant"));
        let printf = function("printf").unwrap();
        assert_eq!(
            printf.operands[0].to_string(),
            "ptr(i8[1], UniformConstant)"
        );
        assert_eq!(printf.operands[1], TypeRule::Variadic);
    }

    #[test]
    fn special_rules_are_expressed() {
        assert_eq!(
            function("vloadn").unwrap().operands[2],
            TypeRule::LiteralCount(Ref::Result)
        );
        assert_eq!(
            function("vstore_half_r").unwrap().operands[3],
            TypeRule::RoundingMode
        );
        assert_eq!(
            function("u_upsample").unwrap().operands[0].to_string(),
            "int(half-width)[count]"
        );
        assert_eq!(
            function("nan").unwrap().operands[0].to_string(),
            "int(width)[count]"
        );
        let TypeRule::Value(cross) = function("cross").unwrap().result else {
            panic!()
        };
        assert_eq!(cross.shape, Shape::Counts(Counts(0b1100)));
        assert!(
            function("dot").is_none(),
            "dot is the core OpDot, not OpenCL.std"
        );
        assert_eq!(function_by_opcode(184).unwrap().name, "printf");
    }

    #[test]
    fn full_profile_bounds() {
        let sin = accuracy(
            "sin",
            Precision::F32,
            Profile::Full,
            false,
            Revision::Current,
        )
        .unwrap();
        assert_eq!(sin.bound, Bound::Ulp(4.0));
        assert_eq!(sin.table.anchor, Some("ulp_values_for_math_instructions"));
        let fma = accuracy(
            "fma",
            Precision::F64,
            Profile::Full,
            false,
            Revision::Seed22,
        )
        .unwrap();
        assert_eq!(fma.bound, Bound::CorrectlyRounded);
        assert_eq!(
            fma.table.section,
            "8.5.1. ULP Values for Math Instructions - Full Profile"
        );
        assert_eq!(
            accuracy(
                "half_sin",
                Precision::F32,
                Profile::Full,
                false,
                Revision::Current
            )
            .unwrap()
            .bound,
            Bound::Ulp(8192.0)
        );
        assert!(accuracy(
            "half_sin",
            Precision::F16,
            Profile::Full,
            false,
            Revision::Current
        )
        .is_none());
        assert_eq!(
            accuracy(
                "native_exp",
                Precision::F32,
                Profile::Embedded,
                false,
                Revision::Current
            )
            .unwrap()
            .bound,
            Bound::ImplementationDefined
        );
    }

    #[test]
    fn the_revisions_differ_on_half_precision_sqrt_and_divide() {
        let at = |name, precision, profile, revision| {
            accuracy(name, precision, profile, false, revision)
                .unwrap()
                .bound
        };
        assert_eq!(
            at("sqrt", Precision::F16, Profile::Full, Revision::Seed22),
            Bound::CorrectlyRounded
        );
        assert_eq!(
            at("sqrt", Precision::F16, Profile::Full, Revision::Current),
            Bound::Ulp(1.5)
        );
        assert_eq!(
            at("OpFDiv", Precision::F16, Profile::Full, Revision::Seed22),
            Bound::CorrectlyRounded
        );
        assert_eq!(
            at("OpFDiv", Precision::F16, Profile::Full, Revision::Current),
            Bound::Ulp(1.0)
        );
        assert_eq!(
            at("tan", Precision::F16, Profile::Full, Revision::Current),
            Bound::Ulp(2.5)
        );
        // Geometric bounds are new in the current text.
        assert!(accuracy(
            "length",
            Precision::F32,
            Profile::Full,
            false,
            Revision::Seed22
        )
        .is_none());
        assert_eq!(
            at("length", Precision::F32, Profile::Full, Revision::Current),
            Bound::UlpPerComponent {
                base: 2.75,
                per_component: 0.5
            }
        );
    }

    #[test]
    fn relaxed_math_overrides_fp32_and_falls_back_otherwise() {
        let relaxed = |name, profile, revision| {
            accuracy(name, Precision::F32, profile, true, revision)
                .unwrap()
                .bound
        };
        assert_eq!(
            relaxed("cos", Profile::Full, Revision::Current),
            Bound::Absolute {
                max: 2f64.powi(-11),
                otherwise_ulp: None
            }
        );
        assert_eq!(
            relaxed("exp", Profile::Embedded, Revision::Seed22),
            Bound::Ulp(4.0)
        );
        assert_eq!(
            relaxed("exp", Profile::Embedded, Revision::Current),
            Bound::UlpPlusTwiceAbsX { base: 4.0 }
        );
        assert_eq!(
            relaxed("acosh", Profile::Full, Revision::Seed22),
            Bound::Derived {
                non_derived_ulp: None
            }
        );
        assert_eq!(
            relaxed("acosh", Profile::Full, Revision::Current),
            Bound::Derived {
                non_derived_ulp: Some(8192.0)
            }
        );
        // fma is not in the relaxed table: its full profile bound stands.
        assert_eq!(
            relaxed("fma", Profile::Full, Revision::Current),
            Bound::CorrectlyRounded
        );
        // Relaxed math is single precision only.
        assert_eq!(
            accuracy(
                "cos",
                Precision::F16,
                Profile::Full,
                true,
                Revision::Current
            )
            .unwrap()
            .bound,
            Bound::Ulp(2.0)
        );
        let reciprocal: Vec<_> = accuracy_cases("OpFDiv", Revision::Current).collect();
        assert_eq!(reciprocal.len(), 1);
        assert_eq!(reciprocal[0].case, Some("1.0 / x"));
    }

    #[test]
    fn rules_and_edge_cases() {
        let decoration =
            numerical_rule("conversion.fp-rounding-mode-decoration", Revision::Current).unwrap();
        assert!(decoration.instructions.contains(&"OpFConvert"));
        assert!(numerical_rule("conversion.out-of-range", Revision::Seed22).is_none());
        let pown = edge_cases("pown", Revision::Seed22).unwrap();
        assert!(pown
            .cases
            .contains(&"pown(x, 0) = 1 for any x, even zero, NaN or infinity"));
    }
}
