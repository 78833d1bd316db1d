//! Completions in SPIR-V assembly: opcodes where an instruction starts, the enumerants of the
//! operand kind at the cursor, OpenCL.std function names after an `OpExtInst`'s set, and ids
//! (the types where a result type is expected).

use super::facts::describe;
use super::parse::starts_instruction;
use super::SpirvAnalysis;
use speclint_base::ide::{Completion, CompletionKind};
use speclint_base::text::{floor_char_boundary, TextRange};
use speclint_spec_db::spirv::grammar::{self, Category, OperandKind, Quantifier};
use speclint_spec_db::spirv::opencl_std;

pub fn complete(analysis: &SpirvAnalysis, text: &str, offset: usize) -> Vec<Completion> {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let line_start = speclint_base::text::line_start_of(text, offset);
    let line = &text[line_start..offset];
    if line.contains(';') {
        return Vec::new();
    }
    let word_start = line
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace())
        .map_or(line_start, |(i, c)| line_start + i + c.len_utf8());
    let word = &text[word_start..offset];
    let replace = TextRange::new(word_start, offset);
    // The words before the one being typed, without a leading `%id =`.
    let mut before: Vec<&str> = text[line_start..word_start].split_whitespace().collect();
    if before.len() >= 2 && before[0].starts_with('%') && before[1] == "=" {
        before.drain(..2);
    }
    let mut out = Vec::new();
    let Some((&opcode_word, operands_before)) = before.split_first() else {
        // Nothing before the word on this line: an opcode, or a result id being typed.
        if !word.starts_with('%') {
            opcodes(word, replace, &mut out);
        }
        return out;
    };
    if !starts_instruction(opcode_word.as_bytes()) {
        return out;
    }
    let Some(opcode) = grammar::instruction(opcode_word) else {
        return out;
    };
    // The grammar operand at this position (results are written before the opcode).
    let slots: Vec<&grammar::Operand> = opcode
        .operands
        .iter()
        .filter(|o| o.kind.get().name != "IdResult")
        .collect();
    let position = operands_before.len();
    let slot = slots.get(position).copied().or_else(|| {
        slots
            .last()
            .copied()
            .filter(|o| o.quantifier == Quantifier::Many)
    });
    if opcode.name == "OpExtInst" && position == 2 {
        for function in opencl_std::FUNCTIONS.iter() {
            if function.name.starts_with(word) {
                out.push(Completion {
                    label: function.name.to_string(),
                    kind: CompletionKind::Function,
                    detail: function.summary.to_string(),
                    replace,
                });
            }
        }
        return out;
    }
    let Some(slot) = slot else { return out };
    let kind = slot.kind.get();
    match kind.category {
        Category::ValueEnum | Category::BitEnum => enumerants(kind, word, replace, &mut out),
        Category::Id => {
            // The result type written before this operand, for values that should match it.
            let result_type = opcode
                .operands
                .iter()
                .any(|o| o.kind.get().name == "IdResultType")
                .then(|| operands_before.first())
                .flatten()
                .and_then(|name| id_named(analysis, text, name));
            let want = match (kind.name, slot.name) {
                ("IdResultType", _) => Want::Type,
                ("IdScope" | "IdMemorySemantics", _) => Want::Constant,
                (_, "Pointer" | "Base" | "Target" | "Source") if opcode.class == "Memory" => {
                    Want::Pointer
                }
                (_, name)
                    if name.contains("Label")
                        || matches!(name, "Merge Block" | "Continue Target" | "Default") =>
                {
                    Want::Label
                }
                (_, "Function") => Want::Function,
                _ => Want::Value(result_type),
            };
            ids(analysis, text, want, line_start, word, replace, &mut out)
        }
        _ => {}
    }
    out
}

fn opcodes(word: &str, replace: TextRange, out: &mut Vec<Completion>) {
    for instruction in grammar::INSTRUCTIONS {
        if instruction.name.starts_with(word) && !instruction.provisional {
            out.push(Completion {
                label: instruction.name.to_string(),
                kind: CompletionKind::Instruction,
                detail: format!("{} instruction", instruction.class.replace('_', " ")),
                replace,
            });
        }
    }
}

fn enumerants(kind: &OperandKind, word: &str, replace: TextRange, out: &mut Vec<Completion>) {
    // In a mask, complete the part after the last `|`.
    let (done, part) = match word.rfind('|') {
        Some(i) => (&word[..=i], &word[i + 1..]),
        None => ("", word),
    };
    for enumerant in kind.enumerants {
        if enumerant.name.starts_with(part) && !enumerant.provisional {
            out.push(Completion {
                label: format!("{done}{}", enumerant.name),
                kind: CompletionKind::Modifier,
                detail: format!("{} {}", kind.name, enumerant.value),
                replace,
            });
        }
    }
}

/// Which ids fit the operand at the cursor.
enum Want {
    Type,
    /// Integer constants (scopes, memory semantics).
    Constant,
    Pointer,
    Label,
    Function,
    /// Values; those of this type (the instruction's result type) first.
    Value(Option<u32>),
}

fn id_named(analysis: &SpirvAnalysis, text: &str, name: &str) -> Option<u32> {
    analysis
        .module
        .ids
        .iter()
        .position(|info| {
            info.definition_range
                .is_some_and(|r| &text[r.start..r.end] == name)
        })
        .map(|i| i as u32)
}

/// The function whose instructions (OpFunction ..= OpFunctionEnd) span `offset`.
fn function_at(analysis: &SpirvAnalysis, offset: usize) -> Option<usize> {
    let f = analysis.function_before(offset)?;
    analysis
        .module
        .instructions
        .get(analysis.facts.functions[f].end as usize)
        .is_some_and(|end| offset <= end.range.end)
        .then_some(f)
}

/// Ids that fit `want`; values and types only if defined before the line being written
/// (labels and functions may be named before their definition); of the ids a function body
/// defines (its parameters, labels and values), only those of the function being written:
/// an id defined in one function cannot be used in another (no definition there dominates
/// the use), and a module of thousands of kernels would offer thousands of them.
fn ids(
    analysis: &SpirvAnalysis,
    text: &str,
    want: Want,
    line_start: usize,
    word: &str,
    replace: TextRange,
    out: &mut Vec<Completion>,
) {
    let facts = &analysis.facts;
    let module = &analysis.module;
    let mut matching = Vec::new();
    let mut others = Vec::new();
    let here = function_at(analysis, line_start);
    for (index, info) in module.ids.iter().enumerate() {
        let Some(range) = info.definition_range else {
            continue;
        };
        if let Some(defined) = info.definition {
            let function = facts.function_containing(defined);
            let header = function.is_some_and(|f| facts.functions[f].start == defined);
            if function.is_some() && !header && function != here {
                continue;
            }
        }
        let id = index as u32;
        let name = &text[range.start..range.end];
        if !name.starts_with(word) {
            continue;
        }
        let is_type = facts.types.contains_key(&id);
        let value_type = facts.value_types.get(&id).copied();
        let defined_by = module.definition(id).map_or("", |d| d.name());
        let may_follow = matches!(want, Want::Label | Want::Function);
        if !may_follow && range.start >= line_start {
            continue;
        }
        let fits = match &want {
            Want::Type => is_type,
            Want::Constant => facts.int_constants.contains_key(&id),
            Want::Pointer => value_type
                .and_then(|t| facts.types.get(&t))
                .is_some_and(|t| matches!(t, super::facts::Type::Pointer { .. })),
            Want::Label => defined_by == "OpLabel",
            Want::Function => defined_by == "OpFunction",
            Want::Value(_) => !is_type && defined_by != "OpLabel" && value_type.is_some(),
        };
        if !fits {
            continue;
        }
        let detail = match value_type {
            Some(ty) => describe(facts, ty, 0),
            None if is_type => describe(facts, id, 0),
            None => String::new(),
        };
        let completion = Completion {
            label: name.to_string(),
            kind: CompletionKind::Register,
            detail,
            replace,
        };
        match want {
            Want::Value(Some(ty)) if value_type != Some(ty) => others.push(completion),
            _ => matching.push(completion),
        }
    }
    out.append(&mut matching);
    out.append(&mut others);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, SpirvSettings};

    fn labels(source: &str) -> Vec<String> {
        let offset = source.find("$0").expect("a $0 marker");
        let text = source.replacen("$0", "", 1);
        let analysis = analyze(&text, &SpirvSettings::default());
        complete(&analysis, &text, offset)
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    const HEAD: &str = "OpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n%std = OpExtInstImport \"OpenCL.std\"\n%float = OpTypeFloat 32\n%uint = OpTypeInt 32 0\n%one = OpConstant %uint 1\n";

    /// The `analysis` fuzz target found this in Tile IR's completion: the word being typed
    /// started one byte after the space before it, inside a wide one (U+3000 here).
    #[test]
    fn the_word_starts_after_a_space_of_any_width() {
        let opcodes = labels(&format!("{HEAD}%x =\u{3000}OpIAd$0"));
        assert_eq!(opcodes, vec!["OpIAdd", "OpIAddCarry", "OpIAddSatINTEL"]);
    }

    #[test]
    fn opcodes_enumerants_functions_and_ids() {
        let opcodes = labels(&format!("{HEAD}%x = OpIAd$0"));
        assert_eq!(opcodes, vec!["OpIAdd", "OpIAddCarry", "OpIAddSatINTEL"]);
        let storage = labels(&format!("{HEAD}%p = OpTypePointer Cross$0"));
        assert_eq!(storage, vec!["CrossWorkgroup"]);
        let mask = labels(&format!("{HEAD}OpStore %a %b Aligned|Vol$0"));
        assert_eq!(mask, vec!["Aligned|Volatile"]);
        let functions = labels(&format!("{HEAD}%r = OpExtInst %float %std fm$0"));
        assert!(functions.contains(&"fma".to_string()), "{functions:?}");
        assert!(functions.iter().all(|f| f.starts_with("fm")));
        let types = labels(&format!("{HEAD}%r = OpIAdd %$0"));
        assert_eq!(types, vec!["%float", "%uint"]);
        let values = labels(&format!("{HEAD}%r = OpIAdd %uint %o$0"));
        assert_eq!(values, vec!["%one"]);
        // Values of the result type first, then the others; scopes take constants.
        let typed = labels(&format!(
            "{HEAD}%half = OpConstant %float 0.5\n%r = OpIAdd %uint %$0"
        ));
        assert_eq!(typed, vec!["%one", "%half"]);
        let scope = labels(&format!(
            "{HEAD}%f = OpConstant %float 1\nOpControlBarrier %$0"
        ));
        assert_eq!(scope, vec!["%one"]);
        assert!(labels(&format!("{HEAD}; OpI$0")).is_empty());
    }

    /// Ids defined in another function's body are not offered; module-level ids and
    /// functions are, anywhere.
    #[test]
    fn ids_of_other_functions_are_not_offered() {
        let module = format!(
            "{HEAD}%void = OpTypeVoid\n%fn = OpTypeFunction %void %uint\n\
             %f = OpFunction %void None %fn\n%pf = OpFunctionParameter %uint\n%lf = OpLabel\n\
             %vf = OpIAdd %uint %pf %one\nOpReturn\nOpFunctionEnd\n\
             %g = OpFunction %void None %fn\n%pg = OpFunctionParameter %uint\n%lg = OpLabel\n\
             %vg = OpIAdd %uint %pg %one\n"
        );
        let values = labels(&format!("{module}%r = OpIAdd %uint %$0"));
        // (Functions have a result type, so they count as values, as before.)
        assert_eq!(values, vec!["%one", "%pg", "%vg", "%f", "%g"]);
        let labels_here = labels(&format!("{module}OpBranch %$0"));
        assert_eq!(labels_here, vec!["%lg"]);
        let functions = labels(&format!("{module}%c = OpFunctionCall %void %$0"));
        assert_eq!(functions, vec!["%f", "%g"]);
    }
}
