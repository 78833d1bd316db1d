//! The Tile IR (cuda_tile MLIR) lexer and parser on any text: no panic, and every token and
//! syntax error slices the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint_fuzz::check_range;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = speclint_tile_ir::parse::parse(text);
    for token in &file.tokens {
        check_range(text, token.range(), "token");
    }
    for error in &file.errors {
        check_range(text, error.range, &error.message);
    }
});
