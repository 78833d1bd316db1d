//! The PTX parser on any text: no panic, and every syntax error slices the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint_fuzz::check_range;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let module = speclint_ptx::parse::parse(text);
    for error in &module.errors {
        check_range(text, error.range, &error.message);
    }
});
