//! The language server's incremental edits: a seed document, then a random sequence of
//! `didChange` notifications (ranged or whole-document changes, positions in UTF-16 or UTF-8,
//! in range or far past the end) applied by the server's document store. After each, the
//! store must have refused exactly the notifications LSP's rules refuse, and its text must
//! equal the text the core's line model gives (the positions the server reports diagnostics
//! in); at the end the diagnostics of the edited document, analysed after each change as the
//! server does (from the previous analysis and the span the texts differ in,
//! `Analysis::rerun`), must equal those of checking the final text afresh.
//!
//! Input: a language byte, the seed document, a NUL (documents never hold one: the server
//! refuses them as binary), then the bytes the edit sequence is drawn from. Seeds are real
//! documents this way, so the edits start from text that parses.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use speclint_analysis::{Analysis, Options};
use speclint_base::language::Edit;
use speclint_base::text::{ColumnUnit, LineCol, LineIndex};
use speclint_fuzz::{analyze, check_diagnostics, language, summary};
use speclint_lsp::fuzzing::{
    changed_span, Document, Position, PositionEncoding, Range, TextDocumentContentChangeEvent,
};

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

/// The reference model of one change, by LSP 3.17's rules with positions through the core's
/// `LineIndex`: a column past the end of its line is the line's end, and the line just after
/// the last one is the end of the text (what Neovim sends when it deletes the last line of a
/// file without a final newline); a line beyond that, a column inside a character or an end
/// before its start refuses the change (`None`).
fn apply_to_model(text: &str, change: &Change, unit: ColumnUnit) -> Option<String> {
    let Some([l0, c0, l1, c1]) = change.range else {
        return Some(change.text.clone());
    };
    let index = LineIndex::new(text);
    let offset = |line: Coordinate, col: Coordinate| -> Option<usize> {
        let (line, col) = (line.value(), col.value());
        let lines = index.line_count();
        if line as usize >= lines {
            return (line as usize == lines).then_some(text.len());
        }
        let at = index.offset(text, LineCol { line, col }, unit);
        // `offset` rounds a column inside a character down to the character's start: then
        // the column read back is short of the one asked, though the line has not ended.
        let line_end = index.line_range(text, line as usize).end;
        let inside = at < line_end && index.position(text, at, unit).col < col;
        (!inside).then_some(at)
    };
    let (start, end) = (offset(l0, c0)?, offset(l1, c1)?);
    if end < start {
        return None;
    }
    let mut edited = text.to_string();
    edited.replace_range(start..end, &change.text);
    Some(edited)
}

/// A notification's changes in order, all or none, as the store applies them.
fn apply_notification(text: &str, changes: &[Change], unit: ColumnUnit) -> Option<String> {
    changes.iter().try_fold(text.to_string(), |text, change| {
        apply_to_model(&text, change, unit)
    })
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
    let mut previous_text = model.clone();
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
        let applied = document.apply_changes(&changes, encoding);
        let modelled = apply_notification(&model, notification, unit);
        assert_eq!(
            applied.is_ok(),
            modelled.is_some(),
            "the document store and the line model disagree on whether the change applies: \
             {applied:?}"
        );
        if let Some(modelled) = modelled {
            model = modelled;
        }
        let text = document.text();
        assert_eq!(
            text, model,
            "the document store and the line model disagree"
        );
        let (range, inserted) = changed_span(&previous_text, &document.rope);
        let edit = Edit {
            old_text: &previous_text,
            range,
            inserted: &inserted,
        };
        let analysis = Analysis::rerun(previous, edit, &text, &Options::default());
        check_diagnostics(&text, analysis.diagnostics());
        previous = analysis;
        previous_text = text;
    }
    let fresh = analyze(language, &model);
    assert_eq!(
        summary(previous.diagnostics()),
        summary(fresh.diagnostics()),
        "the edited document's diagnostics differ from checking its final text"
    );
});
