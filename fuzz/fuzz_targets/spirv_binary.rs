//! The SPIR-V binary reader on any bytes: disassembly never panics, each instruction's place
//! slices the disassembly in order, and a module read without a binary error disassembles to
//! text the assembly reader reads without a syntax error. (Analysing binary modules is the
//! `analysis` target's.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint_base::text::TextRange;
use speclint_fuzz::check_range;
use speclint_spirv::{binary, parse};

fuzz_target!(|data: &[u8]| {
    let (disassembly, errors) = binary::disassemble(data);
    let text = &disassembly.text;
    let mut last_word = 0;
    for place in &disassembly.lines {
        assert!(
            place.text_range.start <= place.text_range.end,
            "reversed range"
        );
        let range = TextRange::new(place.text_range.start, place.text_range.end);
        check_range(text, range, "instruction place");
        assert!(place.word_offset >= last_word, "instructions out of order");
        last_word = place.word_offset;
    }
    for error in &errors {
        let _ = error.to_string();
    }
    let mut instructions = 0;
    let (syntax_errors, _, _) = parse::parse(text, |_, _| instructions += 1);
    if errors.is_empty() {
        assert!(
            syntax_errors.is_empty(),
            "the disassembly of a well-formed module does not read back: {:?}",
            syntax_errors
                .iter()
                .map(|e| (&e.message, &text[e.range.start..e.range.end]))
                .collect::<Vec<_>>()
        );
        assert_eq!(instructions, disassembly.lines.len(), "instructions lost");
    }
});
