//! The full analysis of each language, then what an editor asks at a position. The first byte
//! picks the language (the registry's order; the value after the last reads the rest as a
//! binary, for the language that has one), the next two the position; the rest is the document. Nothing may panic, every range must slice
//! the text, and the one-shot check (the CLI's, which keeps no uses) must report exactly what
//! the language server's analysis reports.
#![no_main]

use libfuzzer_sys::fuzz_target;
use speclint_analysis::{Analysis, Options};
use speclint_base::language::Input;
use speclint_fuzz::{
    analyze, binary_language, check_diagnostics, exercise_features, language, language_count,
    summary,
};

fuzz_target!(|data: &[u8]| {
    let [choice, lo, hi, body @ ..] = data else {
        return;
    };
    let position = u16::from_le_bytes([*lo, *hi]) as usize;
    let choice = *choice as usize % (language_count() + 1);
    if choice == language_count() {
        let analysis = Analysis::run(
            binary_language(),
            Input::Binary(body),
            None,
            &Options::default(),
        );
        let text = analysis.shown_text().unwrap_or_default().to_string();
        check_diagnostics(&text, analysis.diagnostics());
        exercise_features(&analysis, &text, position % (text.len() + 1));
        return;
    }
    let Ok(text) = std::str::from_utf8(body) else {
        return;
    };
    let language = language(choice as u8);
    let analysis = analyze(language, text);
    check_diagnostics(text, analysis.diagnostics());
    exercise_features(&analysis, text, position % (text.len() + 1));

    let one_shot = Options {
        record_uses: false,
        ..Options::default()
    };
    let check = Analysis::run(language, Input::Text(text), None, &one_shot);
    assert_eq!(
        summary(check.diagnostics()),
        summary(analysis.diagnostics()),
        "the CLI's check and the server's analysis disagree"
    );
});
