//! Editor features inside `asm` strings: hovers, completion and semantic tokens come from the
//! PTX language's analysis of the synthetic module (kept when the server asks for uses), asked
//! at the PTX offset a C++ offset maps to, with their ranges mapped back. Outside the strings
//! nothing maps, so C++ stays with the C++ language server.

use crate::targets::StatementTarget;
use crate::template::{show_placeholders, Reference, ReferenceKind};
use speclint_base::ide::{Completion, Hover};
use speclint_base::language::LanguageAnalysis;
use speclint_base::semantic::SemanticToken;
use speclint_base::signature::SignatureHelp;
use speclint_base::text::TextRange;

/// What a hover on a `%N` of a template shows.
#[derive(Clone, Debug)]
pub struct PlaceholderHover {
    /// The `%N` in the C++ file.
    pub range: TextRange,
    pub markdown: String,
}

/// What the check keeps for the server: the `%N` hovers and the analysed modules.
pub struct Answers<'a> {
    pub placeholders: &'a mut Vec<PlaceholderHover>,
    pub views: &'a mut Vec<PtxView>,
}

/// One synthetic PTX module and its analysis: the functions of the statements checked together.
pub struct PtxView {
    pub text: String,
    pub analysis: Box<dyn LanguageAnalysis>,
    /// The statements, in module order.
    pub members: Vec<Member>,
}

/// One statement's template in a [`PtxView`], with its two-way offset map.
pub struct Member {
    /// The template part, in module offsets.
    pub template: TextRange,
    /// For each byte of the template part, the C++ range that wrote it (sorted: a placeholder's
    /// bytes share the `%N`'s range, an escape's byte the whole escape).
    pub spans: Vec<TextRange>,
    pub references: Vec<Reference>,
    pub target: StatementTarget,
    /// Under a condition speclint cannot evaluate: the target findings are left out.
    pub unknown_guard: bool,
    /// For a template of one empty literal (`asm("")`), the C++ offset between its quotes,
    /// which has no template byte to map through.
    pub empty_at: Option<usize>,
}

impl Member {
    /// The module offset of the template byte the C++ character at `offset` wrote.
    pub fn at(&self, offset: usize) -> Option<usize> {
        let i = self.spans.partition_point(|s| s.end <= offset);
        let span = self.spans.get(i)?;
        (span.start <= offset).then_some(self.template.start + i)
    }

    /// The module offset of the boundary between template bytes that C++ offset `offset` is
    /// (a cursor before a character, or after the last one of a literal); `None` inside an
    /// escape, a placeholder or outside the literals.
    pub fn cursor(&self, offset: usize) -> Option<usize> {
        let i = self.spans.partition_point(|s| s.start < offset);
        let before_byte = self.spans.get(i).is_some_and(|s| s.start == offset);
        let after_byte = i > 0 && self.spans[i - 1].end == offset;
        // Not between two bytes of one escape or placeholder.
        let split = i > 0 && i < self.spans.len() && self.spans[i - 1] == self.spans[i];
        ((before_byte || after_byte) && !split).then_some(self.template.start + i)
    }

    /// The C++ range from the first byte of module range `ptx` to its last (a hover's range).
    pub fn loose(&self, ptx: TextRange) -> Option<TextRange> {
        let start = ptx.start.checked_sub(self.template.start)?;
        let end = ptx
            .end
            .min(self.template.end)
            .saturating_sub(self.template.start);
        let first = self.spans.get(start)?;
        let last = match end > start {
            true => self.spans.get(end - 1)?,
            false => first,
        };
        Some(TextRange::new(first.start, last.end))
    }

    /// The C++ ranges that write module range `ptx` character for character: split where the
    /// source is not contiguous (two literals), without escapes, and with a placeholder only
    /// where `placeholders` and the range holds it whole. In text order.
    pub fn pieces(
        &self,
        module: &str,
        source: &str,
        ptx: TextRange,
        placeholders: bool,
    ) -> Vec<TextRange> {
        let mut out: Vec<TextRange> = Vec::new();
        if ptx.start < self.template.start || ptx.end > self.template.end {
            return out;
        }
        let local = |at: usize| at - self.template.start;
        let mut i = local(ptx.start);
        let end = local(ptx.end);
        while i < end {
            let span = self.spans[i];
            let mut j = i + 1;
            while j < end && self.spans[j] == span {
                j += 1;
            }
            let written = source.get(span.start..span.end);
            let verbatim = written.is_some()
                && written == module.get(i + self.template.start..j + self.template.start);
            let whole_placeholder = placeholders
                && self.references.iter().any(|r| {
                    matches!(r.kind, ReferenceKind::Index(_) | ReferenceKind::Named(_))
                        && r.ptx == TextRange::new(i, j)
                });
            // Not a placeholder cut by the range's ends either.
            let cut = self.spans.get(j).is_some_and(|s| *s == span)
                || (i > 0 && self.spans[i - 1] == span);
            if (verbatim || whole_placeholder) && !cut {
                match out.last_mut() {
                    Some(last) if last.end == span.start => last.end = span.end,
                    _ => out.push(span),
                }
            } else {
                // What follows starts a new piece.
                out.push(TextRange::empty(usize::MAX));
            }
            i = j;
        }
        out.retain(|r| r.start != usize::MAX);
        out
    }

    /// The one C++ range that writes module range `ptx` as is (an edit's range), or `None`.
    pub fn exact(&self, module: &str, source: &str, ptx: TextRange) -> Option<TextRange> {
        if ptx.start == ptx.end {
            let at = ptx.start.checked_sub(self.template.start)?;
            return match self.spans.get(at) {
                Some(span) if at == 0 || self.spans[at - 1] != *span => {
                    Some(TextRange::empty(span.start))
                }
                Some(_) => None,
                None if at == self.spans.len() => {
                    self.spans.last().map(|s| TextRange::empty(s.end))
                }
                None => None,
            };
        }
        match self.pieces(module, source, ptx, false)[..] {
            [only] => {
                let written = source.get(only.start..only.end)?;
                (Some(written) == module.get(ptx.start..ptx.end)).then_some(only)
            }
            _ => None,
        }
    }

    fn target_line(&self) -> String {
        let mut line = match &self.target.target {
            Some(name) => format!(
                "Checked against `{name}`, {}.",
                self.target.source.describe()
            ),
            None => format!("The target is {}.", self.target.source.describe()),
        };
        if self.unknown_guard {
            line.push_str(
                " A condition around the statement is one speclint cannot evaluate, so what the target decides is not reported.",
            );
        }
        line
    }
}

/// The statement whose literals hold C++ offset `offset`, found by `find` (`Member::at` or
/// `Member::cursor`), with its view and the module offset.
fn locate(
    views: &[PtxView],
    offset: usize,
    find: impl Fn(&Member, usize) -> Option<usize>,
) -> Option<(&PtxView, &Member, usize)> {
    views.iter().find_map(|view| {
        view.members.iter().find_map(|member| {
            if member.empty_at == Some(offset) {
                return Some((view, member, member.template.start));
            }
            let (first, last) = (member.spans.first()?, member.spans.last()?);
            if offset < first.start || offset > last.end {
                return None;
            }
            find(member, offset).map(|at| (view, member, at))
        })
    })
}

/// The PTX hover at C++ offset `offset`: what a `.ptx` file shows there, its requirements
/// checked against the statement's target, and where that target comes from.
pub fn hover(views: &[PtxView], source: &str, offset: usize) -> Option<Hover> {
    let (view, member, at) = locate(views, offset, Member::at)?;
    let hover = view.analysis.hover(&view.text, at)?;
    let range = member.loose(hover.range)?;
    let mut markdown = show_placeholders(&hover.markdown).replace("(module: ", "(statement: ");
    // A name's hover gives the module's line of its declaration: the file's line instead.
    if let Some((before, _)) = markdown.split_once(DECLARED_ON_LINE) {
        let declared = view.analysis.definition(&view.text, at).and_then(|d| {
            member
                .loose(d)
                .filter(|_| member.template.contains_offset(d.start))
        });
        markdown = match declared {
            Some(d) => {
                let line = source
                    .get(..d.start)
                    .unwrap_or(source)
                    .matches('\n')
                    .count()
                    + 1;
                format!("{before}{DECLARED_ON_LINE}{line}")
            }
            None => before.to_string(),
        };
    }
    if markdown.contains("**Requires:**") {
        markdown.push_str("\n\n");
        markdown.push_str(&member.target_line());
    }
    Some(Hover { range, markdown })
}

/// How the PTX hover of a name ends (`… · declared on line 7`).
const DECLARED_ON_LINE: &str = " · declared on line ";

/// Where the name at C++ offset `offset` of a template is declared in the same template.
pub fn definition(views: &[PtxView], offset: usize) -> Option<TextRange> {
    let (view, member, at) = locate(views, offset, Member::at)?;
    let declared = view.analysis.definition(&view.text, at)?;
    if !member.template.contains_offset(declared.start) {
        return None;
    }
    member.loose(declared)
}

/// The occurrences of the name at C++ offset `offset` in its template.
pub fn references(views: &[PtxView], offset: usize, include_definition: bool) -> Vec<TextRange> {
    let Some((view, member, at)) = locate(views, offset, Member::at) else {
        return Vec::new();
    };
    view.analysis
        .references(&view.text, at, include_definition)
        .into_iter()
        .filter(|r| member.template.contains_offset(r.start))
        .filter_map(|r| member.loose(r))
        .collect()
}

/// The PTX completions at C++ cursor `offset`, each replacing C++ text that writes what it
/// replaces in the PTX; speclint's own names are left out.
pub fn completions(views: &[PtxView], source: &str, offset: usize) -> Vec<Completion> {
    let Some((view, member, at)) = locate(views, offset, Member::cursor) else {
        return Vec::new();
    };
    view.analysis
        .completions(&view.text, at)
        .into_iter()
        .filter(|c| !c.label.contains("speclint_"))
        .filter_map(|mut c| {
            let replace = match c.replace == TextRange::empty(at) {
                true => TextRange::empty(offset),
                false => member.exact(&view.text, source, c.replace)?,
            };
            (replace.end == offset).then(|| {
                c.replace = replace;
                c
            })
        })
        .collect()
}

/// The forms of the instruction whose operands the C++ cursor `offset` is in.
pub fn signature_help(views: &[PtxView], offset: usize) -> Option<SignatureHelp> {
    let (view, _, at) = locate(views, offset, Member::cursor)?;
    view.analysis.signature_help(&view.text, at)
}

/// The PTX tokens of every template, in C++ ranges; a token the source does not write as is
/// (across an escape or two literals) is split or left out.
pub fn semantic_tokens(views: &[PtxView], source: &str) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    for view in views {
        for token in view.analysis.semantic_tokens(&view.text) {
            let at = view
                .members
                .partition_point(|m| m.template.end <= token.range.start);
            let Some(member) = view.members.get(at) else {
                continue;
            };
            for range in member.pieces(&view.text, source, token.range, true) {
                out.push(SemanticToken { range, ..token });
            }
        }
    }
    out
}
