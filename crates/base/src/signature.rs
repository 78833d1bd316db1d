//! Signature help in plain data: while the operands of an instruction or op are typed, the
//! forms that fit what is written so far, each with its operand list, and which operand the
//! cursor is on.

/// One operand of a signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// Where the operand is written in the signature's label (byte offsets into it).
    pub label: (usize, usize),
    /// What it must be (its expected type, whether it is written to), in markdown.
    pub documentation: String,
}

/// One form: its label (`add.s32 d, a, b`) and its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub label: String,
    /// The form as the specification writes it, or a summary, in markdown.
    pub documentation: String,
    pub parameters: Vec<Parameter>,
    /// The operand the cursor is on, when this form has that many.
    pub active_parameter: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureHelp {
    /// Best match first.
    pub signatures: Vec<Signature>,
    /// The operand the cursor is on (0-based), counted in the text.
    pub active_parameter: usize,
}

/// Builds a label piece by piece, remembering where each parameter is written.
#[derive(Default)]
pub struct LabelBuilder {
    pub label: String,
    pub parameters: Vec<Parameter>,
}

impl LabelBuilder {
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.label.push_str(text);
        self
    }

    pub fn parameter(&mut self, name: &str, documentation: String) -> &mut Self {
        let start = self.label.len();
        self.label.push_str(name);
        self.parameters.push(Parameter {
            label: (start, self.label.len()),
            documentation,
        });
        self
    }

    pub fn finish(self, documentation: String, active: usize) -> Signature {
        let active_parameter = (active < self.parameters.len()).then_some(active);
        Signature {
            label: self.label,
            documentation,
            parameters: self.parameters,
            active_parameter,
        }
    }
}

/// The operand index at the end of `operands` (the text from the end of the opcode to the
/// cursor): the number of top-level `,` in it, ignoring those inside `[]`, `{}` and `()`.
pub fn operand_index(operands: &str) -> usize {
    let mut depth = 0i32;
    let mut index = 0;
    for b in operands.bytes() {
        match b {
            b'[' | b'{' | b'(' => depth += 1,
            b']' | b'}' | b')' => depth -= 1,
            b',' if depth <= 0 => index += 1,
            _ => {}
        }
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_are_counted_by_top_level_commas() {
        assert_eq!(operand_index(" "), 0);
        assert_eq!(operand_index(" %r1, "), 1);
        assert_eq!(operand_index(" [%rd1+4], {%r1, %r2, %r3}, %r"), 2);
        assert_eq!(operand_index(" %r1, (%r2, %r3"), 1);
    }

    #[test]
    fn labels_record_where_parameters_are() {
        let mut b = LabelBuilder::default();
        b.text("add.s32 ")
            .parameter("d", "destination".into())
            .text(", ")
            .parameter("a", String::new());
        let signature = b.finish(String::new(), 1);
        assert_eq!(signature.label, "add.s32 d, a");
        assert_eq!(signature.parameters[1].label, (11, 12));
        assert_eq!(signature.active_parameter, Some(1));
    }
}
