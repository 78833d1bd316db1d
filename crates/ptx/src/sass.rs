//! PTX's side of `speclint sass`: ptxas compiles the module with its PTX line table
//! (`-lineinfo`), nvdisasm lists the cubin, and every instruction is tied to the PTX line it
//! came from. The table is ptxas's own, so a hand-written module maps exactly with no `.loc`
//! of its own; where the module has `.loc` lines (nvcc `-lineinfo`), each instruction also
//! names the line of the file they name (`origin`).

use super::compile::{self, MessageKind};
use speclint_base::input::Input;
use speclint_base::sass::{Disassembler, SassError, SassListing, SassRequest, SourceLine, Spills};
use speclint_sass::nvdisasm;
use speclint_sass::tool::{self, Scratch};

pub struct PtxDisassembler;

impl Disassembler for PtxDisassembler {
    fn sass(&self, input: Input<'_>, request: &SassRequest) -> Result<SassListing, SassError> {
        let Input::Text(text) = input else {
            return Err(SassError::Usage("a binary file is not PTX text".into()));
        };
        let target = match &request.target {
            Some(target) => {
                speclint_spec_db::ptx::parse_known_target(target).map_err(SassError::Usage)?;
                target.clone()
            }
            None => compile::module_target(text).ok_or_else(|| {
                SassError::Usage("the module has no `.target`: pass --target sm_XX".into())
            })?,
        };
        let ptxas = compile::find_ptxas(request.compiler.as_deref()).map_err(SassError::Tool)?;
        let nvdisasm = nvdisasm::find(request.nvdisasm.as_deref()).map_err(SassError::Tool)?;
        let scratch = Scratch::new("sass").map_err(SassError::Tool)?;
        let (report, cubin) = compile::compile_in(
            &scratch.path,
            &ptxas,
            text,
            Some(&target),
            &[compile::LINE_INFO],
        )
        .map_err(SassError::Tool)?;
        if !report.success {
            let errors = (report.messages.iter())
                .filter(|m| m.kind == MessageKind::Error)
                .map(|m| (m.line, m.message.clone()))
                .collect();
            return Err(SassError::Compile(errors));
        }
        let disassembly = nvdisasm::disassemble(&nvdisasm, &cubin, has_loc_lines(text))
            .map_err(SassError::Tool)?;
        let mut functions = Vec::with_capacity(disassembly.len());
        for nvdisasm::Disassembly {
            mut function,
            lines,
            ..
        } in disassembly
        {
            // ptxas adds its own routines (`__cuda_sm70_votesync_all`) as functions the
            // module never names.
            function.from_compiler = !text.contains(function.name.as_str());
            // nvdisasm prints a register count for some architectures only; ptxas's own
            // figures cover every entry.
            if let Some(kernel) = report.kernels.iter().find(|k| k.kernel == function.name) {
                function.registers = Some(kernel.registers);
                function.spills = Some(Spills {
                    stores: kernel.spill_stores,
                    loads: kernel.spill_loads,
                });
            }
            for (instruction, lines) in function.instructions.iter_mut().zip(lines) {
                instruction.source = lines.ptx.map(|line| SourceLine {
                    file: request.source_name.clone(),
                    line,
                });
                instruction.origin = lines.origin;
            }
            functions.push(function);
        }
        // nvdisasm lists the last function first: show them in the module's order.
        functions.sort_by_key(|f| (f.from_compiler, declaration_offset(text, &f.name)));
        if let Some(kernel) = &request.kernel {
            if !functions.iter().any(|f| &f.name == kernel) {
                let names: Vec<&str> = functions.iter().map(|f| f.name.as_str()).collect();
                return Err(SassError::Usage(format!(
                    "no kernel `{kernel}` in the module (it has {})",
                    names.join(", ")
                )));
            }
            functions.retain(|f| &f.name == kernel);
        }
        let version = |path| tool::version(path).unwrap_or_else(|| "(unknown version)".into());
        Ok(SassListing {
            target,
            tools: format!("ptxas {}, nvdisasm {}", version(&ptxas), version(&nvdisasm)),
            functions,
        })
    }
}

/// Where `name` is declared: its first place after white space and before `(` (`.entry
/// axpy(`, `.func (.param .b32 r) f(`), where a call names it before a comma.
fn declaration_offset(text: &str, name: &str) -> usize {
    text.match_indices(name)
        .find(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + name.len()..].trim_start().chars().next();
            before.is_some_and(char::is_whitespace) && after == Some('(')
        })
        .map_or(usize::MAX, |(at, _)| at)
}

/// Whether the module has `.loc` lines (nvcc `-lineinfo` output), whose lines the SASS can
/// name besides the PTX's.
fn has_loc_lines(text: &str) -> bool {
    text.match_indices(".loc")
        .any(|(at, _)| matches!(text.as_bytes().get(at + 4), Some(b' ' | b'\t')))
}

#[cfg(test)]
mod tests {
    use super::has_loc_lines;

    #[test]
    fn loc_lines_are_not_local_declarations() {
        assert!(has_loc_lines("\t.loc\t1 12 3\n\tret;"));
        assert!(has_loc_lines(".loc 1 12 3"));
        assert!(!has_loc_lines("\t.local .align 4 .b8 buf[16];\n\tret;"));
        assert!(!has_loc_lines("ret; // .loc"));
    }
}
