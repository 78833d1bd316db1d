//! Navigation: definitions and references of ids, and the outline (kernels, functions with
//! their parameters, global variables).

use super::facts::{describe, storage_class_name};
use super::SpirvAnalysis;
use speclint_base::diagnostic::TextEdit;
use speclint_base::navigation::{DocumentSymbol, SymbolKind};
use speclint_base::text::TextRange;

pub fn definition(analysis: &SpirvAnalysis, text: &str, offset: usize) -> Option<TextRange> {
    let (_, id) = analysis.module.id_at(text, offset)?;
    analysis.module.ids.get(id as usize)?.definition_range
}

pub fn references(
    analysis: &SpirvAnalysis,
    text: &str,
    offset: usize,
    include_definition: bool,
) -> Vec<TextRange> {
    let module = &analysis.module;
    let Some((_, id)) = module.id_at(text, offset) else {
        return Vec::new();
    };
    let definition = module.ids.get(id as usize).and_then(|i| i.definition_range);
    module
        .occurrences(text, id)
        .into_iter()
        .filter(|range| include_definition || Some(*range) != definition)
        .collect()
}

/// The id at `offset`, which a rename would change.
pub fn rename_target(analysis: &SpirvAnalysis, text: &str, offset: usize) -> Option<TextRange> {
    analysis.module.id_at(text, offset).map(|(range, _)| range)
}

/// Renames the id at `offset` everywhere it is written. The new name may be given with or
/// without its `%`; it must be a valid id (letters, digits, `_`) that no other id has.
pub fn rename(
    analysis: &SpirvAnalysis,
    text: &str,
    offset: usize,
    new_name: &str,
) -> Result<Vec<TextEdit>, String> {
    let (_, id) = analysis
        .module
        .id_at(text, offset)
        .ok_or_else(|| "no id here to rename".to_string())?;
    let bare = new_name.strip_prefix('%').unwrap_or(new_name);
    if bare.is_empty() || !bare.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(format!(
            "`{new_name}` is not a SPIR-V id: use letters, digits and `_` after the `%`"
        ));
    }
    let new_name = format!("%{bare}");
    let taken = analysis.module.ids.iter().enumerate().any(|(other, info)| {
        other as u32 != id
            && info
                .definition_range
                .is_some_and(|r| text[r.start..r.end] == new_name)
    });
    if taken {
        return Err(format!("{new_name} is already an id of this module"));
    }
    Ok(references(analysis, text, offset, true)
        .into_iter()
        .map(|range| TextEdit {
            range,
            new_text: new_name.clone(),
        })
        .collect())
}

/// An id's display name: what `OpName` (or the entry point) calls it, else its id.
fn display_name(analysis: &SpirvAnalysis, text: &str, id: u32) -> String {
    if let Some(entry) = analysis
        .facts
        .entry_points
        .iter()
        .find(|e| e.function == id)
    {
        return entry.name.clone();
    }
    if let Some(range) = analysis.facts.names.get(&id) {
        return text[range.start..range.end].to_string();
    }
    analysis.module.ids[id as usize]
        .definition_range
        .map_or_else(String::new, |r| text[r.start..r.end].to_string())
}

pub fn document_symbols(analysis: &SpirvAnalysis, text: &str) -> Vec<DocumentSymbol> {
    let module = &analysis.module;
    let facts = &analysis.facts;
    let mut symbols = Vec::new();
    for (id, storage) in &facts.globals {
        let Some(definition) = module.definition(*id) else {
            continue;
        };
        let selection = module.ids[*id as usize]
            .definition_range
            .unwrap_or(definition.range);
        let ty = facts
            .value_types
            .get(id)
            .map_or(String::new(), |&t| describe(facts, t, 0));
        symbols.push(DocumentSymbol {
            name: display_name(analysis, text, *id),
            detail: format!("{} variable, {ty}", storage_class_name(*storage)),
            kind: SymbolKind::Variable,
            range: definition.range,
            selection_range: selection,
            children: Vec::new(),
        });
    }
    for function in &facts.functions {
        let start = module.instructions[function.start as usize].range;
        let end = module.instructions[function.end as usize].range;
        let selection = module.ids[function.id as usize]
            .definition_range
            .unwrap_or(start);
        let kernel = facts.entry_points.iter().any(|e| e.function == function.id);
        let children = function
            .parameters
            .iter()
            .filter_map(|&parameter| {
                let range = module.ids[parameter as usize].definition_range?;
                let ty = facts
                    .value_types
                    .get(&parameter)
                    .map_or(String::new(), |&t| describe(facts, t, 0));
                Some(DocumentSymbol {
                    name: display_name(analysis, text, parameter),
                    detail: ty,
                    kind: SymbolKind::Variable,
                    range: module.definition(parameter).map_or(range, |d| d.range),
                    selection_range: range,
                    children: Vec::new(),
                })
            })
            .collect();
        symbols.push(DocumentSymbol {
            name: display_name(analysis, text, function.id),
            detail: match (kernel, function.defined) {
                (true, _) => "kernel".to_string(),
                (false, true) => "function".to_string(),
                (false, false) => "function declaration".to_string(),
            },
            kind: SymbolKind::Function,
            range: TextRange::new(start.start, end.end),
            selection_range: selection,
            children,
        });
    }
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, SpirvSettings};

    const MODULE: &str = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"scale\"\nOpName %buf \"buf\"\nOpName %helper \"helper\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%ptr = OpTypePointer CrossWorkgroup %uint\n%fn = OpTypeFunction %void %ptr\n%wg = OpTypePointer Workgroup %uint\n%tmp = OpVariable %wg Workgroup\n%helper = OpFunction %void None %fn\n%hp = OpFunctionParameter %ptr\n%h0 = OpLabel\nOpReturn\nOpFunctionEnd\n%k = OpFunction %void None %fn\n%buf = OpFunctionParameter %ptr\n%l0 = OpLabel\n%c = OpFunctionCall %void %helper %buf\nOpReturn\nOpFunctionEnd\n";

    #[test]
    fn outline_definitions_and_references() {
        let analysis = analyze(MODULE, &SpirvSettings::default());
        let outline: Vec<(String, String, usize)> = document_symbols(&analysis, MODULE)
            .into_iter()
            .map(|s| (s.name, s.detail, s.children.len()))
            .collect();
        assert_eq!(
            outline,
            vec![
                (
                    "%tmp".to_string(),
                    "Workgroup variable, pointer to uint32 in Workgroup".to_string(),
                    0
                ),
                ("helper".to_string(), "function".to_string(), 1),
                ("scale".to_string(), "kernel".to_string(), 1),
            ]
        );
        let use_of_buf = MODULE.rfind("%buf").unwrap() + 1;
        let definition = definition(&analysis, MODULE, use_of_buf).unwrap();
        assert_eq!(&MODULE[definition.start..definition.end], "%buf");
        assert_eq!(MODULE[..definition.start].matches('\n').count(), 18);
        // OpName %buf, the definition, the call.
        assert_eq!(references(&analysis, MODULE, use_of_buf, true).len(), 3);
        assert_eq!(references(&analysis, MODULE, use_of_buf, false).len(), 2);
    }
}
