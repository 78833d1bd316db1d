//! The language server's incremental edits: a seed document, then a random sequence of
//! `didChange` notifications (ranged or whole-document changes, positions in UTF-16 or UTF-8,
//! in range or far past the end) applied by the server's document store. After each, the
//! store's text must equal the text the core's line model gives (the positions the server
//! reports diagnostics in), and at the end the diagnostics of the edited document, analysed
//! after each change as the server does, must equal those of checking the final text afresh.
//!
//! Input: a language byte, the seed document, a NUL (documents never hold one: the server
//! refuses them as binary), then the bytes the edit sequence is drawn from. Seeds are real
//! documents this way, so the edits start from text that parses.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use speclint::core::language::Input;
use speclint::core::text::{ColumnUnit, LineCol, LineIndex};
use speclint::core::{Analysis, Options};
use speclint::lsp::fuzzing::{
    Document, Position, PositionEncoding, Range, TextDocumentContentChangeEvent,
};
use speclint_fuzz::{analyze, check_diagnostics, language, summary};

/// A line or column: mostly near the text, sometimes far past its end.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Coordinate {
    Near(u8),
    Far(u32),
}

impl Coordinate {
    fn value(self) -> u32 {
        match self {
            Coordinate::Near(n) => n as u32,
            Coordinate::Far(n) => n,
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Change {
    /// `None` replaces the whole document.
    range: Option<[Coordinate; 4]>,
    text: String,
}

#[derive(Arbitrary, Debug)]
struct Edits {
    utf8: bool,
    /// One `didChange` notification each.
    notifications: Vec<Vec<Change>>,
}

fn position(line: Coordinate, col: Coordinate) -> Position {
    Position::new(line.value(), col.value())
}

/// The reference model of one change: positions through the core's `LineIndex`.
fn apply_to_model(text: &mut String, change: &Change, unit: ColumnUnit) {
    let Some([l0, c0, l1, c1]) = change.range else {
        *text = change.text.clone();
        return;
    };
    let index = LineIndex::new(text);
    let offset = |line: Coordinate, col: Coordinate| {
        let pos = LineCol {
            line: line.value(),
            col: col.value(),
        };
        index.offset(text, pos, unit)
    };
    let start = offset(l0, c0);
    let end = offset(l1, c1).max(start);
    text.replace_range(start..end, &change.text);
}

fuzz_target!(|data: &[u8]| {
    let [choice, rest @ ..] = data else {
        return;
    };
    let split = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    let Ok(seed) = std::str::from_utf8(&rest[..split]) else {
        return;
    };
    let edits = rest.get(split + 1..).unwrap_or_default();
    let Ok(session) = Edits::arbitrary_take_rest(Unstructured::new(edits)) else {
        return;
    };
    if session.notifications.len() > 16 {
        return;
    }
    let language = language(*choice);
    let (encoding, unit) = if session.utf8 {
        (PositionEncoding::Utf8, ColumnUnit::Utf8)
    } else {
        (PositionEncoding::Utf16, ColumnUnit::Utf16)
    };
    let mut document = Document::new(seed, 1, None, 0);
    let mut model = seed.to_string();
    let mut previous = analyze(language, &model);
    for notification in &session.notifications {
        let changes: Vec<TextDocumentContentChangeEvent> = notification
            .iter()
            .map(|change| TextDocumentContentChangeEvent {
                range: change
                    .range
                    .map(|[l0, c0, l1, c1]| Range::new(position(l0, c0), position(l1, c1))),
                range_length: None,
                text: change.text.clone(),
            })
            .collect();
        let _ = document.apply_changes(&changes, encoding);
        for change in notification {
            apply_to_model(&mut model, change, unit);
        }
        let text = document.text();
        assert_eq!(
            text, model,
            "the document store and the line model disagree"
        );
        let analysis = Analysis::run(
            language,
            Input::Text(&text),
            Some(&previous),
            &Options::default(),
        );
        check_diagnostics(&text, analysis.diagnostics());
        previous = analysis;
    }
    let fresh = analyze(language, &model);
    assert_eq!(
        summary(previous.diagnostics()),
        summary(fresh.diagnostics()),
        "the edited document's diagnostics differ from checking its final text"
    );
});
