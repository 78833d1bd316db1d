//! Reading an op's parts from its text: its operands, attributes and types bound by the
//! spec-db format (`bind::Matcher`), and `for` / `loop` / `if`, whose formats are custom, by
//! hand.

use super::text::strip_attr_dict;
use super::{attrs, Encoder, Fallible};
use crate::ast::{Form, Op};
use crate::bind::{Bound, BoundAttr, Matcher};
use crate::op_plan;
use crate::types::TypeReader;
use speclint_spec_db::tile_ir;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl<'a> Encoder<'a> {
    /// The op's operands, attributes and types by the names of its facts.
    pub(super) fn bind(&self, op: &'a Op) -> Fallible<(Bound<'static>, &'static OpFact)> {
        let db = tile_ir::db();
        let (fact, former) = match db.op(&op.name) {
            Some(fact) => (fact, None),
            None => match db.renamed(&op.name) {
                Some((fact, former)) => (fact, Some(op_plan::former_format(former))),
                None => return Err(self.error(op, "not in the spec-db")),
            },
        };
        // `inbounds = [...]` (13.4) is not in the 13.3 formats: matched without it.
        let mut op = op.clone();
        if let Some(at) = op.body.iter().position(|&t| self.text(t) == "inbounds") {
            let end = op.body[at..]
                .iter()
                .position(|&t| self.text(t) == "]")
                .map_or(op.body.len(), |e| at + e + 1);
            op.body.drain(at..end);
        }
        let element = |name: &str| {
            tile_ir::db()
                .element_type(name)
                .map(|e| e.name.as_str())
                .filter(|&e| e != "ptr")
        };
        let mut reader = TypeReader {
            file: self.file,
            source: self.source,
            aliases: &self.aliases,
            element: &element,
            problems: Vec::new(),
            cache: None,
            depth: 0,
        };
        let mut matcher = Matcher::new(self.file, self.source, &op, fact, &mut reader);
        matcher.format = former;
        let mut bound = matcher.run();
        if let Some(error) = &bound.error {
            return Err(self.error(&op, error.message.clone()));
        }
        if op.form == Form::Generic && fact.operand.len() == 1 {
            // `"cuda_tile.join_tokens"(%a, %b)`: every value is the one variadic operand's.
            let name = fact.operand[0].name.as_str();
            if !bound.operands.contains_key(name) {
                let values = self.values_in_first_parens(&op);
                bound.operands.insert(name, values);
            }
        }
        Ok((bound, fact))
    }

    pub(super) fn values_in_first_parens(&self, op: &Op) -> Vec<u32> {
        let close = op
            .body
            .iter()
            .position(|&t| self.text(t) == ")")
            .unwrap_or(0);
        op.body[..close]
            .iter()
            .copied()
            .filter(|&t| self.text(t).starts_with('%'))
            .collect()
    }

    /// `for`, `loop` and `if`, read by hand (their formats are custom): the bound operands
    /// and flag, and the result types as written.
    pub(super) fn control_flow(&self, op: &Op) -> (Bound<'static>, Vec<String>) {
        let mut bound = Bound::default();
        let words: Vec<&str> = op.body.iter().map(|&t| self.text(t)).collect();
        let value_after = |word: &str| {
            words
                .iter()
                .position(|w| *w == word)
                .and_then(|i| op.body.get(i + 1).copied())
        };
        let inits: Vec<u32> = (1..words.len())
            .filter(|&i| words[i - 1] == "=" && words[i].starts_with('%'))
            .map(|i| op.body[i])
            .collect();
        let text = words.join(" ");
        let after_arrow = text
            .trim_end_matches(" else")
            .rsplit_once("->")
            .map(|(_, r)| r.trim());
        let list = |t: &str| -> Vec<String> {
            let t = t.trim();
            let t = t
                .strip_prefix('(')
                .and_then(|l| l.strip_suffix(')'))
                .unwrap_or(t);
            attrs::top_level_items(t)
                .into_iter()
                .map(|s| strip_attr_dict(s).to_string())
                .collect()
        };
        let mut results = after_arrow.map(list).unwrap_or_default();
        match op.name.as_str() {
            "for" => {
                if words.first() == Some(&"unsigned") {
                    bound.attrs.insert(
                        "unsignedCmp",
                        BoundAttr {
                            keyword: "unsigned".into(),
                            range: self.file.range(op.body[0]),
                            keyword_range: self.file.range(op.body[0]),
                        },
                    );
                }
                for (name, word) in [("lowerBound", "("), ("upperBound", "to"), ("step", "step")] {
                    bound
                        .operands
                        .insert(name, value_after(word).into_iter().collect());
                }
                bound.operands.insert("initValues", inits);
            }
            "loop" => {
                // Without iter_values, `loop : R` names the result types after the `:`.
                if inits.is_empty() && after_arrow.is_none() {
                    if let Some((_, types)) = text.split_once(':') {
                        results = list(types);
                    }
                }
                bound.operands.insert("initValues", inits);
            }
            _ => {
                let condition = op
                    .body
                    .iter()
                    .copied()
                    .find(|&t| self.text(t).starts_with('%'));
                bound
                    .operands
                    .insert("condition", condition.into_iter().collect());
            }
        }
        (bound, results)
    }
}
