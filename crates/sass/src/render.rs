//! A listing as text: each function's source lines in order with their SASS under them, and
//! for every line of that text the source line it shows (what an editor's view of the text
//! highlights when the cursor moves in the source, and back).

use speclint_base::sass::{SassFunction, SassListing};

/// The listing's text, with the source line (1-based) each of its lines belongs to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rendered {
    pub text: String,
    /// One entry per line of `text`: the source line it shows, or `None` (a header, a
    /// blank line, the compiler's own code).
    pub source_lines: Vec<Option<u32>>,
    /// Each function's name and the line (0-based, of `text`) its header is on.
    pub functions: Vec<(String, usize)>,
}

impl Rendered {
    fn line(&mut self, text: &str, source: Option<u32>) {
        self.text.push_str(text);
        self.text.push('\n');
        self.source_lines.push(source);
    }
}

/// The lines of a source file, by number, to show beside their SASS.
pub struct SourceLines<'a>(Vec<&'a str>);

impl<'a> SourceLines<'a> {
    pub fn new(source: &'a str) -> Self {
        SourceLines(source.lines().collect())
    }

    /// Line `line` (1-based), without its end.
    pub fn get(&self, line: u32) -> Option<&'a str> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.0.get(index).copied()
    }
}

/// Renders `listing` of the file `name`, whose text is `source` (for the lines' text).
pub fn render(name: &str, source: &str, listing: &SassListing) -> Rendered {
    let lines = SourceLines::new(source);
    let mut out = Rendered::default();
    out.line(
        &format!("// {name} for {} ({})", listing.target, listing.tools),
        None,
    );
    for function in &listing.functions {
        out.line("", None);
        out.functions
            .push((function.name.clone(), out.source_lines.len()));
        for header in function_header(function) {
            out.line(&header, None);
        }
        let width = (function.code()).map(|i| i.text().len()).max().unwrap_or(0);
        for (line, instructions) in function.by_line() {
            if instructions.iter().all(|i| i.padding) {
                continue;
            }
            let number = line.map(|l| l.line);
            match line {
                Some(line) => {
                    let text = lines.get(line.line).unwrap_or("").trim_end();
                    let mut shown = format!("{:>6} | {text}", line.line);
                    if let Some(origin) = instructions.iter().find_map(|i| i.origin.as_ref()) {
                        shown.push_str(&format!("    // {}:{}", origin.file, origin.line));
                    }
                    out.line(&shown, number);
                }
                None if function.from_compiler => {
                    out.line("     - | (the compiler's own code: no source line)", None)
                }
                None => out.line("     ? | (no source line)", None),
            }
            for instruction in instructions.into_iter().filter(|i| !i.padding) {
                let control = instruction
                    .control
                    .map(|c| format!("  [{}]", c.notation()))
                    .unwrap_or_default();
                let shown = format!(
                    "       | {:04x}  {:width$}{control}",
                    instruction.address,
                    instruction.text(),
                );
                out.line(shown.trim_end(), number);
            }
        }
    }
    out
}

/// `// kernel add: 24 instructions, 10 registers` and the opcode histogram.
fn function_header(function: &SassFunction) -> [String; 2] {
    let kind = match (function.entry, function.from_compiler) {
        (true, _) => "kernel",
        (false, false) => "function",
        (false, true) => "compiler's function",
    };
    let registers = function
        .registers
        .map(|r| format!(", {r} registers"))
        .unwrap_or_default();
    let padding = match function.instructions.iter().filter(|i| i.padding).count() {
        0 => String::new(),
        n => format!(" (and {n} of padding, not shown)"),
    };
    let histogram: Vec<String> = (function.histogram().into_iter())
        .map(|(opcode, count)| format!("{opcode} {count}"))
        .collect();
    [
        format!(
            "// {kind} {}: {} instructions{padding}{registers}",
            function.name,
            function.code().count()
        ),
        format!("// {}", histogram.join(" · ")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_base::sass::{SassInstruction, SourceLine};

    fn instruction(address: u64, opcode: &str, line: u32, padding: bool) -> SassInstruction {
        SassInstruction {
            address,
            predicate: None,
            opcode: opcode.into(),
            operands: String::new(),
            source: Some(SourceLine {
                file: "k.ptx".into(),
                line,
            }),
            origin: None,
            control: None,
            padding,
        }
    }

    #[test]
    fn every_line_knows_the_source_line_it_shows() {
        let listing = SassListing {
            target: "sm_80".into(),
            tools: "ptxas 13.5".into(),
            functions: vec![SassFunction {
                name: "k".into(),
                entry: true,
                from_compiler: false,
                registers: Some(8),
                spills: None,
                instructions: vec![
                    instruction(0, "S2R", 3, false),
                    instruction(16, "EXIT", 4, false),
                    instruction(32, "FADD", 3, false),
                    instruction(48, "NOP", 4, true),
                ],
            }],
        };
        let source = "a\nb\nmov.u32 %r1, %tid.x;\nret;\n";
        let rendered = render("k.ptx", source, &listing);
        let rows: Vec<(&str, Option<u32>)> = rendered
            .text
            .lines()
            .zip(rendered.source_lines.iter().copied())
            .collect();
        assert_eq!(
            rows,
            [
                ("// k.ptx for sm_80 (ptxas 13.5)", None),
                ("", None),
                (
                    "// kernel k: 3 instructions (and 1 of padding, not shown), 8 registers",
                    None
                ),
                ("// EXIT 1 · FADD 1 · S2R 1", None),
                ("     3 | mov.u32 %r1, %tid.x;", Some(3)),
                ("       | 0000  S2R", Some(3)),
                ("       | 0020  FADD", Some(3)),
                ("     4 | ret;", Some(4)),
                ("       | 0010  EXIT", Some(4)),
            ]
        );
        assert_eq!(rendered.functions, [("k".to_string(), 2)]);
    }
}
