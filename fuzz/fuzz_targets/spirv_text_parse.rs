//! The SPIR-V assembly reader on any text: no panic, and every instruction, operand token,
//! comment and syntax error slices the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint_fuzz::check_range;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (errors, header, comments) = speclint_spirv::parse::parse(text, |instruction, operands| {
        check_range(text, instruction.range, "instruction");
        check_range(text, instruction.opcode.range(), "opcode");
        if let Some(result) = instruction.result {
            check_range(text, result.range(), "result");
        }
        for token in operands {
            check_range(text, token.range(), "operand");
        }
    });
    for error in &errors {
        check_range(text, error.range, &error.message);
    }
    if let Some((_, _, range)) = header.version {
        check_range(text, range, "version");
    }
    for range in comments {
        check_range(text, range, "comment");
    }
});
