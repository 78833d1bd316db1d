//! The rule registry: every diagnostic speclint emits belongs to one rule with a stable code,
//! a default severity and an explanation (`speclint explain CODE`).

use crate::severity::Severity;

#[derive(Debug)]
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub explanation: &'static str,
    /// A short invalid example and its corrected form.
    pub example: &'static str,
    pub fixable: bool,
    /// The name of the rule's constant, kept so a test can hold it to the rule's name.
    pub constant: &'static str,
}

impl Rule {
    /// Whether `code` names this rule: its code in any case, or its name.
    pub fn is_named(&self, code: &str) -> bool {
        self.code.eq_ignore_ascii_case(code) || self.name == code
    }
}

/// Declares rules as statics, and with a leading `$list;` also `$list`, every one of them in
/// code order. A rule's constant is its name in SCREAMING_SNAKE_CASE (`undeclared-identifier`
/// is `UNDECLARED_IDENTIFIER`). Without a list, the macro declares the rules of one rule file
/// (`rules/undeclared_identifier.rs`), which sits beside the rule's check and its tests; the
/// language's `rules/mod.rs` lists them.
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_rules {
    ($list:ident; $($id:ident = $code:literal $name:literal $sev:ident fix=$fix:literal {
        summary: $summary:literal,
        explanation: $expl:literal,
        example: $ex:literal $(,)?
    })*) => {
        $crate::rules::rules! {
            $($id = $code $name $sev fix=$fix {
                summary: $summary,
                explanation: $expl,
                example: $ex,
            })*
        }
        /// Every rule of this group, in code order.
        pub static $list: &[&$crate::rules::Rule] = &[$(&$id),*];
    };
    ($($id:ident = $code:literal $name:literal $sev:ident fix=$fix:literal {
        summary: $summary:literal,
        explanation: $expl:literal,
        example: $ex:literal $(,)?
    })*) => {
        $(pub static $id: $crate::rules::Rule = $crate::rules::Rule {
            code: $code,
            name: $name,
            severity: $crate::severity::Severity::$sev,
            summary: $summary,
            explanation: $expl,
            example: $ex,
            fixable: $fix,
            constant: stringify!($id),
        };)*
    };
}
pub use crate::__declare_rules as rules;

rules! {
    CORE_RULES;
    UNREADABLE_INPUT = "IO001" "unreadable-input" Error fix=false {
        summary: "The input could not be read as text",
        explanation: "The file could not be opened, is binary (it contains NUL bytes or is a compiled object such as a cubin; binary SPIR-V modules are read and checked as SPIR-V), or is not valid UTF-8. speclint reports it and carries on with the other inputs. A file named on the command line whose extension is a language's but whose content does not look like it is checked as that language anyway, with an IO001 hint saying so: what kind of file it is, is a guess, and a guess is never an error.",
        example: "speclint check kernel.cubin   # IO001: binary input",
    }
    NESTING_TOO_DEEP = "IO002" "nesting-too-deep" Error fix=false {
        summary: "Brackets, blocks or types nest too deeply to check",
        explanation: "Blocks `{ }`, Tile IR regions, bracketed operands and nested types may nest at most 128 levels (real kernels nest a handful). Deeper nesting is reported once, at the opening bracket of the first level too many; what is inside it is skipped, and the rest of the file is checked as usual. This keeps the check (and the language server) bounded on generated or corrupted input instead of running out of stack.",
        example: ".entry k() { { { … 200 nested blocks … } } }  // IO002 at the 129th `{`\n.entry k() { { ret; } }                      // a few levels: fine",
    }
    UNUSED_SUPPRESSION = "SUP001" "unused-suppression" Warning fix=true {
        summary: "A suppression comment suppresses nothing",
        explanation: "A `speclint: ignore[CODE]` comment (`//` in PTX and Tile IR, `;` in SPIR-V assembly) suppresses the named rules' findings on its line, or on the next line when the comment is alone on its line; a bare `speclint: ignore` suppresses every finding there. A directive, or a code in it, that suppresses nothing is reported, so suppressions do not outlive the problems they hid. Codes of rules that are not selected are not reported. The fix removes the unused codes, or the comment.",
        example: "    ret;  // speclint: ignore[PTX005]   # SUP001: nothing to suppress\n    ret;",
    }
    INVALID_SUPPRESSION = "SUP002" "invalid-suppression" Warning fix=true {
        summary: "A suppression comment names no rule, or does not parse",
        explanation: "A `speclint: ignore[...]` comment lists rule codes (`PTX005`) or rule names (`unknown-opcode`), comma-separated, in brackets; text after the `]` is free. A code that names no rule, an unclosed `[` or anything else after `ignore` (such as `speclint: ignore PTX005`, which would otherwise read as suppressing everything) suppresses nothing and is reported. The fix removes an unknown code.",
        example: "    // speclint: ignore[PTX5]   # SUP002\n    // speclint: ignore[PTX005]",
    }
    INVALID_RUN_COMMENT = "RUN001" "invalid-run-comment" Warning fix=false {
        summary: "A `speclint: run` comment that cannot run its kernel",
        explanation: "A comment `speclint: run FLAGS` (`//` in PTX and Tile IR, `;` in SPIR-V assembly) on the line directly above a kernel gives the editor's \"Run\" code lens its launch: `speclint run`'s own flags (`--grid`, `--block`, `--shared`, `--arg NAME=VALUE`, `--timeout`, `--show`, `--compile-only`), read by the same parser. It is reported when a flag does not parse, when it holds a flag that has no place there (`--kernel`: the comment runs the kernel below it; `--out`, `--emit`, `--format`; a file name), or when no kernel follows it directly (other comment lines between are fine, a blank line is not). Such a comment gets no lens. Whether the arguments fit the kernel's parameters is checked when the lens is clicked, as `speclint run` does.",
        example: "; speclint: run --grid 4 --blok 64   # RUN001: unexpected argument `--blok`\n; speclint: run --grid 4 --block 64 --arg a=range:f32[256]",
    }
}
