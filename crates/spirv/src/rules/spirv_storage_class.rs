//! SPV014 `spirv-storage-class`.

use speclint_base::rules::rules;

rules! {
    SPIRV_STORAGE_CLASS = "SPV014" "spirv-storage-class" Error fix=false {
        summary: "A pointer's storage class is not allowed here",
        explanation: "Loads, stores, calls and variables constrain the storage class of their pointers: `OpVariable` takes the storage class of its pointer type, a call passes pointers of the storage classes its callee declares, read-only classes (`UniformConstant`, `Input`) are not stored to, and generic casts go between `Generic` and `CrossWorkgroup`, `Workgroup` or `Function`.",
        example: "%v = OpVariable %_ptr_Function_uint Workgroup   ; SPV014",
    }
}

use crate::facts::storage::{FUNCTION, GENERIC};
use crate::facts::storage_class_name;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;

/// A pointer whose storage class is not allowed where it is used; `message` says which and why.
pub(crate) fn finding(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&SPIRV_STORAGE_CLASS, range, message)
}

/// An `OpVariable` in `storage` whose pointer type points to `declared`, inside a function or
/// not (`inside`); `range` is its storage class operand.
pub(crate) fn check_variable(
    storage: u32,
    declared: u32,
    inside: bool,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    let message = if declared != storage {
        format!(
            "OpVariable is declared in {} but its pointer type points to {} ({section})",
            storage_class_name(storage),
            storage_class_name(declared)
        )
    } else if storage == GENERIC {
        format!("a variable cannot be in the Generic storage class ({section})")
    } else if inside && storage != FUNCTION {
        format!(
            "a variable inside a function must be in the Function storage class, not {} (2.4 Logical Layout of a Module)",
            storage_class_name(storage)
        )
    } else if !inside && storage == FUNCTION {
        "a Function storage class variable must be declared inside a function (2.4 Logical Layout of a Module)".to_string()
    } else {
        return None;
    };
    Some(finding(range, message))
}

/// A generic pointer cast (`OpPtrCastToGeneric`, `OpGenericCastToPtr`,
/// `OpGenericCastToPtrExplicit`) from a pointer in `from` to one in `to`.
pub(crate) struct PointerCast<'a> {
    pub(crate) name: &'a str,
    pub(crate) from: u32,
    pub(crate) to: u32,
    /// The `Storage` operand of `OpGenericCastToPtrExplicit`, and where it is.
    pub(crate) storage: Option<(u32, TextRange)>,
    /// Where the `Pointer` operand and the result type are.
    pub(crate) pointer: TextRange,
    pub(crate) result: TextRange,
}

/// Generic casts go between `Generic` and `Workgroup`, `CrossWorkgroup` or `Function`.
pub(crate) fn check_pointer_cast(cast: &PointerCast, section: &str) -> Option<Diagnostic> {
    use crate::facts::storage::{CROSS_WORKGROUP, WORKGROUP};
    let PointerCast { name, from, to, .. } = *cast;
    let specific = |s: u32| matches!(s, WORKGROUP | CROSS_WORKGROUP | FUNCTION);
    let (source_ok, target_ok) = match name {
        "OpPtrCastToGeneric" => (specific(from), to == GENERIC),
        "OpGenericCastToPtrExplicit" => {
            let explicit = cast.storage.map_or(to, |(s, _)| s);
            if !specific(explicit) {
                let message = format!(
                    "`Storage` of {name} is {}; it must be Workgroup, CrossWorkgroup or Function ({section})",
                    storage_class_name(explicit)
                );
                let range = cast.storage.map_or(cast.pointer, |(_, r)| r);
                return Some(finding(range, message));
            }
            (from == GENERIC, to == explicit)
        }
        _ => (from == GENERIC, specific(to)),
    };
    if !source_ok {
        let expected = if name == "OpPtrCastToGeneric" {
            "a Workgroup, CrossWorkgroup or Function pointer"
        } else {
            "a Generic pointer"
        };
        let message = format!(
            "`Pointer` of {name} points to {}; expected {expected} ({section})",
            storage_class_name(from)
        );
        Some(finding(cast.pointer, message))
    } else if !target_ok {
        let expected = match name {
            "OpPtrCastToGeneric" => "Generic",
            "OpGenericCastToPtrExplicit" => "the `Storage` operand's class",
            _ => "Workgroup, CrossWorkgroup or Function",
        };
        let message = format!(
            "the result of {name} points to {}; expected {expected} ({section})",
            storage_class_name(to)
        );
        Some(finding(cast.result, message))
    } else {
        None
    }
}

const STORAGE_CLASS_SECTION: &str = "3.2.6 Storage Class";

/// `OpStore` through a pointer in `storage`: `UniformConstant` and `Input` are read-only.
pub(crate) fn check_store_target(
    storage: u32,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    use crate::facts::storage::{INPUT, UNIFORM_CONSTANT};
    matches!(storage, UNIFORM_CONSTANT | INPUT).then(|| {
        finding(
            range,
            format!(
                "OpStore writes through a pointer to {} memory, which is read-only ({STORAGE_CLASS_SECTION}; {section})",
                storage_class_name(storage)
            ),
        )
    })
}

/// The `Pointer` of `name` (an instruction that takes a generic pointer), in `storage`.
pub(crate) fn check_generic_pointer(
    name: &str,
    storage: u32,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    (storage != GENERIC).then(|| {
        finding(
            range,
            format!(
                "`Pointer` of {name} points to {}; it must be a Generic pointer ({section})",
                storage_class_name(storage)
            ),
        )
    })
}

/// An access chain (`name`) into a `Base` in `storage` whose result type points to `result`.
pub(crate) fn check_access_chain(
    name: &str,
    storage: u32,
    result: u32,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    (result != storage).then(|| {
        finding(
            range,
            format!(
                "{name} returns a pointer to {} memory from a `Base` in {} ({section})",
                storage_class_name(result),
                storage_class_name(storage)
            ),
        )
    })
}

/// Argument `index` of a call, a pointer to `argument` memory, where the parameter takes one to
/// `parameter` memory; `same_pointee`: both point to the same type (else it is a type mismatch).
pub(crate) fn check_argument(
    index: usize,
    argument: u32,
    parameter: u32,
    same_pointee: bool,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    (argument != parameter && same_pointee).then(|| {
        finding(
            range,
            format!(
                "argument {index} points to {} memory but the parameter takes a pointer to {} ({section})",
                storage_class_name(argument),
                storage_class_name(parameter)
            ),
        )
    })
}

/// `OpBitcast` from a pointer to `operand` memory to one to `result` memory.
pub(crate) fn check_pointer_bitcast(
    result: u32,
    operand: u32,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    (result != operand).then(|| {
        finding(
            range,
            format!(
                "OpBitcast between pointers to {} and {}: both must point into the same storage class ({section})",
                storage_class_name(result),
                storage_class_name(operand)
            ),
        )
    })
}

/// `OpGroupAsyncCopy` from `source` to `destination` memory: between Workgroup and
/// CrossWorkgroup.
pub(crate) fn check_async_copy(
    destination: u32,
    source: u32,
    section: &str,
    range: TextRange,
) -> Option<Diagnostic> {
    use crate::facts::storage::{CROSS_WORKGROUP, WORKGROUP};
    let between = matches!(
        (destination, source),
        (WORKGROUP, CROSS_WORKGROUP) | (CROSS_WORKGROUP, WORKGROUP)
    );
    (!between).then(|| {
        finding(
            range,
            format!(
                "OpGroupAsyncCopy copies from {} to {} memory; it copies between Workgroup and CrossWorkgroup ({section})",
                storage_class_name(source),
                storage_class_name(destination)
            ),
        )
    })
}
