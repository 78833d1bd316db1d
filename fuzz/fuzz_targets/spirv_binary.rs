//! The SPIR-V binary reader on any bytes: disassembly never panics, each instruction's place
//! slices the disassembly in order, and analysing the module (its disassembly checked like any
//! text, binary errors placed on their instruction) keeps every diagnostic inside that text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint::core::text::TextRange;
use speclint::spirv::{analyze_binary, binary, SpirvSettings};
use speclint_fuzz::{check_diagnostics, check_range};

fuzz_target!(|data: &[u8]| {
    let (disassembly, errors) = binary::disassemble(data);
    let text = &disassembly.text;
    let mut last_word = 0;
    for place in &disassembly.lines {
        let range = TextRange::new(place.text_range.start, place.text_range.end);
        assert_eq!(range.end, place.text_range.end, "reversed range");
        check_range(text, range, "instruction place");
        assert!(place.word_offset >= last_word, "instructions out of order");
        last_word = place.word_offset;
    }
    for error in &errors {
        let _ = error.to_string();
    }
    let analysis = analyze_binary(data, &SpirvSettings::default());
    check_diagnostics(text, &analysis.diagnostics);
});
