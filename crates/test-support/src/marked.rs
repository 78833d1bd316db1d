//! Fixtures with markers, texlab and rust-analyzer style. In a fixture's text:
//!
//! - `$0` is the cursor (at most one in a whole fixture);
//! - `«…»` marks a range a request must return (definitions, references, edits, highlights);
//!   ranges do not nest and do not cross files;
//! - a line `//- kernel.ptx` starts a file of that name ([`Fixture`]); its extension picks the
//!   language, as the analysis picks it for a path (`Registry::language_of_extension`);
//! - an expected-finding annotation is a line comment, in the file's language, under a line of
//!   code: its carets mark columns of that line and it names the finding's code, with a part
//!   of the message when wanted: `//   ^^^^ PTX011` in PTX and Tile IR, `;  ^^^^ SPV024: needs`
//!   in SPIR-V assembly. Columns count characters (a tab is one), so annotated lines are
//!   best indented with spaces. A finding that starts under the comment itself (at the start
//!   of the line) takes a `<` for those columns: `//<^^^ TILE019`. Several annotation lines
//!   may follow one line of code. An annotated line holds no other marker.
//!
//! The markers, headers and annotation lines are removed from the text that is analysed.
//! A malformed marker is an error that names its line, never a silent misreading.

use speclint_analysis::Registry;
use speclint_base::language::Language;
use std::path::Path;

/// A fixture's text without markers, the cursor's byte offset and the marked byte ranges
/// (one text, no headers, no annotations; the cursor is required).
pub struct Marked {
    pub text: String,
    pub cursor: usize,
    pub ranges: Vec<(usize, usize)>,
}

impl Marked {
    pub fn parse(fixture: &str) -> Marked {
        let mut markers = Markers::default();
        let mut text = String::with_capacity(fixture.len());
        markers
            .take(fixture, &mut text)
            .and_then(|()| markers.finish())
            .unwrap_or_else(|e| panic!("{e} in {fixture:?}"));
        Marked {
            text,
            cursor: markers.cursor.expect("a $0 cursor"),
            ranges: markers.ranges,
        }
    }
}

/// A finding a fixture expects: its code, where, and optionally a part of its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation {
    pub range: (usize, usize),
    pub code: String,
    pub message: Option<String>,
}

/// One file of a fixture, as analysed.
pub struct FixtureFile {
    pub path: String,
    pub language: &'static dyn Language,
    pub text: String,
    pub cursor: Option<usize>,
    pub ranges: Vec<(usize, usize)>,
    pub annotations: Vec<Annotation>,
}

/// A fixture of one or more files, each started by a `//- name.ext` header.
pub struct Fixture {
    pub files: Vec<FixtureFile>,
}

impl Fixture {
    /// Parses `fixture`, panicking with the error (see [`Fixture::try_parse`]).
    pub fn parse(registry: &Registry, fixture: &str) -> Fixture {
        Fixture::try_parse(registry, fixture).unwrap_or_else(|e| panic!("bad fixture: {e}"))
    }

    /// Parses `fixture`; the error says which marker on which line is wrong.
    pub fn try_parse(registry: &Registry, fixture: &str) -> Result<Fixture, String> {
        let mut files: Vec<FixtureFile> = Vec::new();
        let mut current: Option<FileParser> = None;
        for (number, line) in fixture.split_inclusive('\n').enumerate() {
            let number = number + 1;
            if let Some(path) = line.strip_prefix("//-") {
                if let Some(done) = current.take() {
                    files.push(done.finish()?);
                }
                let path = path.trim();
                if path.is_empty() {
                    return Err(format!("line {number}: a `//-` header names a file"));
                }
                if files.iter().any(|f| f.path == path) {
                    return Err(format!("line {number}: `{path}` is named twice"));
                }
                let language =
                    registry
                        .language_of_extension(Path::new(path))
                        .ok_or_else(|| {
                            format!("line {number}: no language takes the extension of `{path}`")
                        })?;
                current = Some(FileParser::new(path, language));
                continue;
            }
            match current.as_mut() {
                Some(file) => file.line(number, line)?,
                None if line.trim().is_empty() => {}
                None => {
                    return Err(format!(
                        "line {number}: a fixture starts with a `//- name.ext` header"
                    ))
                }
            }
        }
        files.push(
            current
                .ok_or("a fixture has at least one `//- name.ext` header")?
                .finish()?,
        );
        let cursors = files.iter().filter(|f| f.cursor.is_some()).count();
        if cursors > 1 {
            return Err(format!(
                "{cursors} files have a $0 cursor; a fixture has one"
            ));
        }
        Ok(Fixture { files })
    }

    /// The file named `path`.
    pub fn file(&self, path: &str) -> &FixtureFile {
        self.files
            .iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("the fixture has no file `{path}`"))
    }

    /// The file with the cursor, and the cursor's offset in it.
    pub fn cursor(&self) -> (&FixtureFile, usize) {
        self.files
            .iter()
            .find_map(|f| Some((f, f.cursor?)))
            .expect("the fixture has no $0 cursor")
    }

    /// The fixture's one file.
    pub fn only(&self) -> &FixtureFile {
        match self.files.as_slice() {
            [file] => file,
            files => panic!("the fixture has {} files, not one", files.len()),
        }
    }
}

/// The cursor and ranges found so far in one text.
#[derive(Default)]
struct Markers {
    cursor: Option<usize>,
    open: Option<usize>,
    ranges: Vec<(usize, usize)>,
}

impl Markers {
    /// Copies `line` to `text` without its markers, recording them at their offsets in `text`.
    fn take(&mut self, line: &str, text: &mut String) -> Result<(), String> {
        let mut rest = line;
        while let Some(c) = rest.chars().next() {
            if let Some(after) = rest.strip_prefix("$0") {
                if self.cursor.is_some() {
                    return Err("a second $0 cursor".into());
                }
                self.cursor = Some(text.len());
                rest = after;
                continue;
            }
            match c {
                '«' if self.open.is_some() => return Err("a « inside a marked range".into()),
                '«' => self.open = Some(text.len()),
                '»' => {
                    let start = self.open.take().ok_or("a » without its «")?;
                    self.ranges.push((start, text.len()));
                }
                _ => text.push(c),
            }
            rest = &rest[c.len_utf8()..];
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), String> {
        if self.open.is_some() {
            return Err("a « left unclosed".into());
        }
        self.ranges.sort();
        Ok(())
    }
}

/// The line of code annotations refer to: where it starts in the analysed text, and its text.
struct CodeLine {
    number: usize,
    start: usize,
    text: String,
    has_markers: bool,
}

struct FileParser {
    path: String,
    language: &'static dyn Language,
    text: String,
    markers: Markers,
    annotations: Vec<Annotation>,
    last_code: Option<CodeLine>,
}

impl FileParser {
    fn new(path: &str, language: &'static dyn Language) -> FileParser {
        FileParser {
            path: path.to_string(),
            language,
            text: String::new(),
            markers: Markers::default(),
            annotations: Vec::new(),
            last_code: None,
        }
    }

    fn line(&mut self, number: usize, line: &str) -> Result<(), String> {
        let at = |e: String| format!("{} line {number}: {e}", self.path);
        if let Some(carets) = annotation_carets(line, self.language.line_comment()) {
            let annotation = self.annotation(line, carets).map_err(at)?;
            self.annotations.push(annotation);
            return Ok(());
        }
        let start = self.text.len();
        let markers_before = (
            self.markers.cursor,
            self.markers.ranges.len(),
            self.markers.open,
        );
        self.markers.take(line, &mut self.text).map_err(at)?;
        let has_markers = markers_before
            != (
                self.markers.cursor,
                self.markers.ranges.len(),
                self.markers.open,
            );
        let code = self.text[start..]
            .trim_end_matches(['\n', '\r'])
            .to_string();
        self.last_code = Some(CodeLine {
            number,
            start,
            text: code,
            has_markers,
        });
        Ok(())
    }

    /// The annotation on `line`, with its carets where `carets` says.
    fn annotation(&self, line: &str, carets: Carets) -> Result<Annotation, String> {
        let column = carets.column;
        if line.contains("$0") || line.contains(['«', '»']) {
            return Err("an annotation line holds no $0, « or »".into());
        }
        let code_line = self
            .last_code
            .as_ref()
            .ok_or("an annotation comes under a line of code")?;
        if code_line.has_markers {
            return Err(format!(
                "the annotated line {} holds $0, « or »; an annotated line holds none",
                code_line.number
            ));
        }
        let after: String = line.chars().skip(carets.in_line).collect();
        let width = after.chars().take_while(|&c| c == '^').count();
        let named = after[width..].trim();
        let (code, message) = match named.split_once(':') {
            Some((code, message)) => (code.trim(), Some(message.trim().to_string())),
            None => (named, None),
        };
        let is_code = code.len() > 3
            && code.starts_with(|c: char| c.is_ascii_uppercase())
            && code
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && code.ends_with(|c: char| c.is_ascii_digit());
        if !is_code {
            return Err(format!(
                "an annotation names a finding's code after its carets (`^^^ PTX011`), not {named:?}"
            ));
        }
        let columns = code_line.text.chars().count();
        if column + width > columns {
            return Err(format!(
                "the carets pass the end of line {} ({columns} characters)",
                code_line.number
            ));
        }
        let byte = |column: usize| {
            code_line.start
                + code_line
                    .text
                    .char_indices()
                    .nth(column)
                    .map_or(code_line.text.len(), |(i, _)| i)
        };
        Ok(Annotation {
            range: (byte(column), byte(column + width)),
            code: code.to_string(),
            message: message.filter(|m| !m.is_empty()),
        })
    }

    fn finish(mut self) -> Result<FixtureFile, String> {
        let path = self.path.clone();
        self.markers.finish().map_err(|e| format!("{path}: {e}"))?;
        Ok(FixtureFile {
            path: self.path,
            language: self.language,
            text: self.text,
            cursor: self.markers.cursor,
            ranges: self.markers.ranges,
            annotations: self.annotations,
        })
    }
}

/// Where the carets of an annotation start, when `line` is one: the language's line comment,
/// then spaces and a caret, or `<^` (carets from the start of the line).
fn annotation_carets(line: &str, line_comment: &str) -> Option<Carets> {
    let indent = line.len() - line.trim_start().len();
    let after_comment = line[indent..].strip_prefix(line_comment)?;
    let before_carets = line.len() - after_comment.len();
    if after_comment.starts_with("<^") {
        return Some(Carets {
            in_line: line[..before_carets].chars().count() + 1,
            column: 0,
        });
    }
    let spaces = after_comment.len() - after_comment.trim_start_matches(' ').len();
    let column = line[..before_carets + spaces].chars().count();
    after_comment[spaces..].starts_with('^').then_some(Carets {
        in_line: column,
        column,
    })
}

/// The first caret's character column in the annotation line, and the column it marks.
#[derive(Clone, Copy)]
struct Carets {
    in_line: usize,
    column: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    static REGISTRY: Registry = Registry::new(&[
        &speclint_ptx::language::Ptx,
        &speclint_tile_ir::language::TileIr,
        &speclint_spirv::language::Spirv,
    ]);

    fn parse(fixture: &str) -> Fixture {
        Fixture::parse(&REGISTRY, fixture)
    }

    fn error(fixture: &str) -> String {
        match Fixture::try_parse(&REGISTRY, fixture) {
            Ok(_) => panic!("{fixture:?} parsed"),
            Err(e) => e,
        }
    }

    /// The texts the ranges cover.
    fn covered(file: &FixtureFile) -> Vec<&str> {
        file.ranges.iter().map(|&(s, e)| &file.text[s..e]).collect()
    }

    #[test]
    fn the_cursor_and_ranges_are_removed_and_recorded() {
        let fixture = parse("//- k.ptx\nmov.u32 «%r1», «%$0r2»;\nadd «x\ny»\n");
        let file = fixture.only();
        assert_eq!(file.text, "mov.u32 %r1, %r2;\nadd x\ny\n");
        assert_eq!(file.cursor, Some(14));
        assert_eq!(fixture.cursor().1, 14);
        assert_eq!(covered(file), ["%r1", "%r2", "x\ny"]);
        assert!(file.annotations.is_empty());
    }

    #[test]
    fn markers_count_bytes_after_wide_characters() {
        let file = parse("//- k.ptx\n/* é 😀 */ «a»$0\n").files.remove(0);
        assert_eq!(file.ranges, [(14, 15)]);
        assert_eq!(file.cursor, Some(15));
        assert_eq!(&file.text[14..15], "a");
    }

    #[test]
    fn headers_start_files_and_extensions_pick_the_language() {
        let fixture = parse(
            "\n//- a.ptx\n.version 8.0\n//- dir/b.mlir\ncuda_tile.module @m {}\n//- c.SPVASM\nOpNop $0\n",
        );
        let shown: Vec<(&str, &str, &str)> = fixture
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.language.id(), f.text.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("a.ptx", "ptx", ".version 8.0\n"),
                ("dir/b.mlir", "tile-ir", "cuda_tile.module @m {}\n"),
                ("c.SPVASM", "spirv", "OpNop \n"),
            ]
        );
        let (file, at) = fixture.cursor();
        assert_eq!((file.path.as_str(), at), ("c.SPVASM", 6));
        assert_eq!(fixture.file("dir/b.mlir").cursor, None);
    }

    #[test]
    fn annotations_mark_the_line_above_in_the_languages_comment() {
        let fixture = parse(
            "//- k.ptx
    mov.b32 %r1, 7;
//  ^^^^^^^ PTX011
//  ^^^ PTX004: needs a type
  // a comment, not an annotation
//- k.spvasm
%long = OpTypeInt 64 0
;       ^^^^^^^^^^^^^^ SPV009
// ^ not SPIR-V's comment
",
        );
        let ptx = fixture.file("k.ptx");
        assert_eq!(
            ptx.text,
            "    mov.b32 %r1, 7;\n  // a comment, not an annotation\n"
        );
        let shown: Vec<(&str, &str, Option<&str>)> = ptx
            .annotations
            .iter()
            .map(|a| {
                let text = &ptx.text[a.range.0..a.range.1];
                (text, a.code.as_str(), a.message.as_deref())
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("mov.b32", "PTX011", None),
                ("mov", "PTX004", Some("needs a type"))
            ]
        );
        let spirv = fixture.file("k.spvasm");
        assert_eq!(
            spirv.text,
            "%long = OpTypeInt 64 0\n// ^ not SPIR-V's comment\n"
        );
        let [annotation] = spirv.annotations.as_slice() else {
            panic!("{:?}", spirv.annotations)
        };
        assert_eq!(
            (
                &spirv.text[annotation.range.0..annotation.range.1],
                annotation.code.as_str()
            ),
            ("OpTypeInt 64 0", "SPV009")
        );
    }

    #[test]
    fn a_less_than_sign_marks_from_the_start_of_the_line() {
        let fixture = parse("//- k.spvasm\nOpNop\n;<^^^ SPV001\n//- k.ptx\nmov\n//<^ PTX001\n");
        let shown: Vec<(usize, usize, &str)> = fixture
            .files
            .iter()
            .flat_map(|f| &f.annotations)
            .map(|a| (a.range.0, a.range.1, a.code.as_str()))
            .collect();
        assert_eq!(shown, [(0, 3, "SPV001"), (0, 1, "PTX001")]);
    }

    #[test]
    fn annotation_columns_count_characters() {
        let file = parse("//- k.mlir\n  %é = addf %a, %b\n//     ^^^^ TILE011\n")
            .files
            .remove(0);
        let range = file.annotations[0].range;
        assert_eq!(&file.text[range.0..range.1], "addf");
    }

    #[test]
    fn bad_markers_are_errors_that_name_the_line() {
        for (fixture, expected) in [
            (
                "//- a.ptx\nmov\n//<^^^^ PTX001\n",
                "the carets pass the end of line 2",
            ),
            (
                ".version 8.0\n",
                "line 1: a fixture starts with a `//- name.ext` header",
            ),
            ("", "a fixture has at least one `//- name.ext` header"),
            ("//-\n", "line 1: a `//-` header names a file"),
            (
                "//- notes.txt\n",
                "no language takes the extension of `notes.txt`",
            ),
            ("//- a.ptx\n//- a.ptx\n", "line 2: `a.ptx` is named twice"),
            ("//- a.ptx\n$0 $0\n", "a.ptx line 2: a second $0 cursor"),
            ("//- a.ptx\n$0\n//- b.ptx\n$0\n", "2 files have a $0 cursor"),
            (
                "//- a.ptx\n« «\n",
                "a.ptx line 2: a « inside a marked range",
            ),
            ("//- a.ptx\nx »\n", "a.ptx line 2: a » without its «"),
            ("//- a.ptx\n«x\n//- b.ptx\n", "a.ptx: a « left unclosed"),
            (
                "//- a.ptx\n// ^^ PTX001\n",
                "a.ptx line 2: an annotation comes under a line of code",
            ),
            (
                "//- a.ptx\nmov\n// ^^^^^ PTX001\n",
                "the carets pass the end of line 2 (3 characters)",
            ),
            (
                "//- a.ptx\nmov.u32\n// ^^^\n",
                "an annotation names a finding's code",
            ),
            ("//- a.ptx\nmov.u32\n// ^^^ error\n", "not \"error\""),
            (
                "//- a.ptx\nmov.u32 $0\n// ^^^ PTX001\n",
                "the annotated line 2 holds $0, « or »",
            ),
            (
                "//- a.ptx\nmov.u32\n// ^^^ PTX001 «»\n",
                "an annotation line holds no $0, « or »",
            ),
        ] {
            let found = error(fixture);
            assert!(found.contains(expected), "{fixture:?}: {found}");
        }
    }

    #[test]
    fn the_single_text_form_requires_a_cursor() {
        let marked = Marked::parse("a «b$0» c");
        assert_eq!((marked.text.as_str(), marked.cursor), ("a b c", 3));
        assert_eq!(marked.ranges, [(2, 3)]);
        let missing = std::panic::catch_unwind(|| Marked::parse("a «b» c"));
        assert!(missing.is_err());
    }
}
