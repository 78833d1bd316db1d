//! TILE002 `tile-unknown-op`.

use crate::ast::{Form, Op};
use crate::checker::Checker;
use speclint_base::diagnostic::{Diagnostic, Fix, TextEdit};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::tile_ir_model::{FormerName, Op as OpFact};

rules! {
    TILE_UNKNOWN_OP = "TILE002" "tile-unknown-op" Error fix=true {
        summary: "No cuda_tile operation has this name",
        explanation: "The name is not one of the operations of the cuda_tile dialect (Tile IR 13.4 has 105), or it belongs to another MLIR dialect, which a cuda_tile module cannot contain. The fix offers the closest op names.",
        example: "%c = addff %a, %b : tile<f32>   // TILE002\n%c = addf %a, %b : tile<f32>    // fixed",
    }
}

impl Checker<'_> {
    /// An op written under the name it had before a rename, in a version after the rename.
    pub(crate) fn renamed_op(&mut self, op: &Op, fact: &OpFact, former: &FormerName) {
        // Safe: the same op under its current name (the op code did not change).
        let mut fix = Fix::replace(
            format!("Rename to `{}`", fact.name),
            op.name_range,
            fact.name.clone(),
        )
        .safe();
        let has_result = op
            .body
            .iter()
            .any(|&t| self.file.text(self.source, t) == "->");
        if let (false, Some(&last)) = (has_result || op.form == Form::Generic, op.body.last()) {
            fix.title = format!("Rename to `{}` and add its result token", fact.name);
            fix.edits.push(TextEdit {
                range: TextRange::empty(self.file.range(last).end),
                new_text: " -> token".into(),
            });
        }
        let diagnostic = Diagnostic::new(
            &TILE_UNKNOWN_OP,
            op.name_range,
            format!(
                "`{}` is the name `{}` had before Tile IR {}, which renamed it; since then it is written `{}` and returns a token (`-> token`)",
                former.name, fact.name, former.until, fact.name
            ),
        )
        .with_fixes([fix]);
        self.diagnostics.push(diagnostic);
    }

    pub(crate) fn unknown_op(&mut self, op: &Op) {
        if op.foreign_dialect {
            let parent = op.parent.map(|p| self.file.ops[p].name.as_str());
            let holds = match parent {
                Some("module") | None => {
                    "the top level of a cuda_tile module holds only `entry` and `global`"
                }
                Some(_) => "a cuda_tile module holds only cuda_tile ops",
            };
            self.report(
                &TILE_UNKNOWN_OP,
                op.name_range,
                format!(
                    "`{}` is not a cuda_tile operation; {holds} (its bytecode can express nothing else)",
                    op.name
                ),
            );
            return;
        }
        if self.noted_beyond_spec(op.name_range, || format!("op `{}`", op.name)) {
            return;
        }
        let suggestions = closest(&op.name, self.db.ops.iter().map(|o| o.name.as_str()), |_| 2);
        let prefix = match op.form {
            Form::Long => "cuda_tile.",
            Form::Generic => "\"cuda_tile.",
            Form::Short => "",
        };
        let suffix = if op.form == Form::Generic { "\"" } else { "" };
        let diagnostic = Diagnostic::new(
            &TILE_UNKNOWN_OP,
            op.name_range,
            format!(
                "`{}` is not a cuda_tile operation{}",
                op.name,
                did_you_mean(&suggestions)
            ),
        )
        // Unsafe: a suggestion is a guess at the operation meant.
        .with_fixes(suggestions.iter().map(|s| {
            Fix::replace(
                format!("Change to `{s}`"),
                op.name_range,
                format!("{prefix}{s}{suffix}"),
            )
        }));
        self.diagnostics.push(diagnostic);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn a_misspelt_op_is_unknown() {
        let body =
            "    %a = constant <f32: 1.0> : tile<4xf32>\n    %s = addff %a, %a : tile<4xf32>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        assert_eq!(found, vec![("TILE002", "addff".to_string())]);
    }

    #[test]
    fn the_fix_offers_the_closest_op() {
        let text = "cuda_tile.module @m {\n  entry @k() {\n    %a = constant <f32: 1.0> : tile<4xf32>\n    %s = addff %a, %a : tile<4xf32>\n    return\n  }\n}\n";
        let analysis = crate::analyze(text, &TileIrSettings::default(), false);
        let unknown = &analysis.diagnostics[0];
        assert!(
            unknown.message.contains("did you mean"),
            "{}",
            unknown.message
        );
        assert!(unknown.fixes.iter().any(|f| f.title == "Change to `addf`"));
    }
}
