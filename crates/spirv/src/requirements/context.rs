//! What the requirement walks hand their rules: the module and settings being checked, what
//! one use needs, and where a fix inserts a missing declaration. It sits below both the walks
//! in `requirements.rs` and the rule files, and imports neither.

use crate::facts::Facts;
use crate::module::Module;
use crate::parse::Header;
use crate::SpirvSettings;
use speclint_base::diagnostic::Fix;
use speclint_spec_db::spirv::grammar::SpirvVersion;

pub struct Context<'a> {
    pub text: &'a str,
    pub header: &'a Header,
    pub module: &'a Module,
    pub facts: &'a Facts,
    pub settings: &'a SpirvSettings,
}

/// What one use of an instruction, enumerant or type needs.
pub(crate) struct Need<W: Fn() -> String> {
    /// Names the use in messages (built only when there is one).
    pub(crate) what: W,
    pub(crate) capabilities: &'static [&'static str],
    pub(crate) extensions: &'static [&'static str],
    pub(crate) version: Option<SpirvVersion>,
    pub(crate) last_version: Option<SpirvVersion>,
    /// Whether the item is in core at all (`version` None means extension-only).
    pub(crate) in_core: bool,
    /// The check of `spirv/spirv-val.toml` its version falls under: spirv-val skips the version
    /// of an instruction that needs a capability or an extension.
    pub(crate) version_check: &'static str,
    /// The check of `spirv/spirv-val.toml` a missing capability falls under, where spirv-val
    /// does not check it as it checks the grammar's (None).
    pub(crate) capability_check: Option<&'static str>,
}

/// Where a new `OpCapability` line goes: after the last one (or at the first instruction).
/// Where fixes insert a new `OpCapability` (after the last one) and `OpExtension` (after the
/// last one, or after the capabilities). Found on first use: each takes a walk over the module,
/// and a module without findings needs neither.
pub(crate) struct InsertionPoints<'a> {
    cx: &'a Context<'a>,
    capability: std::cell::OnceCell<LineInsertion<'a>>,
    extension: std::cell::OnceCell<LineInsertion<'a>>,
}

/// Where a declaration line goes, and the indentation of the line it goes beside, so that an
/// inserted `OpCapability` lines up with the module's (spirv-dis right-aligns the result ids
/// and indents every other instruction to match).
#[derive(Clone, Copy)]
pub(crate) struct LineInsertion<'a> {
    offset: usize,
    indent: &'a str,
}

impl LineInsertion<'_> {
    /// The fix that adds `instruction` here, on a line of its own.
    pub(crate) fn declare(&self, instruction: &str) -> Fix {
        Fix::insert(
            format!("Declare `{instruction}`"),
            self.offset,
            format!("{}{instruction}\n", self.indent),
        )
    }
}

impl<'a> InsertionPoints<'a> {
    pub(crate) fn new(cx: &'a Context<'a>) -> Self {
        InsertionPoints {
            cx,
            capability: std::cell::OnceCell::new(),
            extension: std::cell::OnceCell::new(),
        }
    }

    pub(crate) fn capability(&self) -> LineInsertion<'a> {
        *self
            .capability
            .get_or_init(|| line_after_last(self.cx, "OpCapability"))
    }

    pub(crate) fn extension(&self) -> LineInsertion<'a> {
        *self.extension.get_or_init(|| {
            let has_extension = self
                .cx
                .module
                .instructions
                .iter()
                .any(|i| i.name() == "OpExtension");
            if has_extension {
                line_after_last(self.cx, "OpExtension")
            } else {
                self.capability()
            }
        })
    }
}

/// The start of the line after the last `name` instruction, or of the first instruction's line
/// when there is none.
fn line_after_last<'a>(cx: &Context<'a>, name: &str) -> LineInsertion<'a> {
    let text = cx.text;
    let last = cx
        .module
        .instructions
        .iter()
        .rev()
        .find(|i| i.name() == name);
    let Some(anchor) = last.or(cx.module.instructions.first()) else {
        return LineInsertion {
            offset: 0,
            indent: "",
        };
    };
    let anchor_line = line_start(text, anchor.range.start);
    let indent_len = text[anchor_line..]
        .find(|c: char| c != ' ' && c != '\t')
        .unwrap_or(0);
    let offset = match last {
        Some(inst) => text[inst.range.end..]
            .find('\n')
            .map_or(text.len(), |n| inst.range.end + n + 1),
        None => anchor_line,
    };
    LineInsertion {
        offset,
        indent: &text[anchor_line..anchor_line + indent_len],
    }
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |n| n + 1)
}
