//! Writing one field of an op's layout (`ops::Field`) from what its text binds.

use super::ops::Field;
use super::text::{matching, split_value_and_type, unescape};
use super::{attrs, wire, Encoder, Fallible};
use crate::ast::Op;
use crate::bind::Bound;
use wire::varint;

impl<'a> Encoder<'a> {
    pub(super) fn field(
        &mut self,
        op: &Op,
        field: Field,
        bound: Option<&Bound>,
        results: &[u64],
        out: &mut Vec<u8>,
    ) -> Fallible<()> {
        let version = self.version;
        match field {
            Field::Results => results.iter().for_each(|&t| varint(t, out)),
            Field::SizedResults => {
                varint(results.len() as u64, out);
                results.iter().for_each(|&t| varint(t, out));
            }
            Field::Flags(names, since) => {
                // Before `since` the op has no flags word, and no optional operands either.
                self.no_optional_operands = version < since;
                if version >= since {
                    let mut bits = 0u64;
                    for (i, name) in names.iter().enumerate() {
                        if self.present(op, bound, name) {
                            bits |= 1 << i;
                        }
                    }
                    varint(bits, out);
                }
            }
            Field::Enum(name, kind, default, since) => {
                let case = self.attr_word(bound, name).unwrap_or(default);
                let code = kind
                    .code(case)
                    .ok_or_else(|| self.error(op, format!("`{case}` is not a {kind:?} case")))?;
                if version >= since {
                    out.push(code);
                } else if case != default {
                    return Err(self.error(op, format!("`{case}` needs bytecode {since:?}")));
                }
            }
            Field::OptionalEnum(name, kind) => {
                if let Some(case) = self.attr_word(bound, name) {
                    let code = kind.code(case).ok_or_else(|| {
                        self.error(op, format!("`{case}` is not a {kind:?} case"))
                    })?;
                    out.push(code);
                }
            }
            Field::Int(name) => {
                let text = self.attr_text(op, bound, name)?;
                let digits = text.rsplit(['=', ' ']).next().unwrap_or(text).trim();
                let n: u64 = digits
                    .parse()
                    .map_err(|_| self.error(op, format!("`{name}`: expected a number")))?;
                varint(n, out);
            }
            Field::Bool(name) => {
                let text = self.attr_text(op, bound, name)?;
                out.push(u8::from(text.trim().ends_with("true")));
            }
            Field::Str(name) => {
                let text = self.attr_text(op, bound, name)?.trim();
                let bytes = match text.strip_prefix('@') {
                    Some(symbol) => symbol.as_bytes().to_vec(),
                    None => unescape(text).ok_or_else(|| self.error(op, "malformed string"))?,
                };
                varint(self.strings.id_bytes(bytes), out);
            }
            Field::Predicate(name) => {
                let text = self.attr_text(op, bound, name)?;
                attrs::assume_predicate(text, out).map_err(|e| self.error(op, e))?;
            }
            Field::Dense => {
                let text = self.op_body_text(op);
                if let Some(at) = text.find("dense<") {
                    // `dense<LITERAL> : tile<…xELEM>` (the generic form's attribute).
                    let open = at + "dense".len();
                    let close =
                        matching(text, open).ok_or_else(|| self.error(op, "unclosed `dense<`"))?;
                    let elem = results
                        .first()
                        .and_then(|_| text[close..].rsplit(['x', '<']).next())
                        .map(|e| e.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
                        .unwrap_or("");
                    let data = attrs::dense_data(elem, &text[open + 1..close])
                        .map_err(|e| self.error(op, e))?;
                    varint(self.constant_id(data), out);
                    return Ok(());
                }
                let (value, _) = split_value_and_type(text)
                    .ok_or_else(|| self.error(op, "expected `<elem: value> : type`"))?;
                let (elem, literal) = attrs::split_constant(value)
                    .ok_or_else(|| self.error(op, "malformed constant"))?;
                let data = attrs::dense_data(elem, literal).map_err(|e| self.error(op, e))?;
                varint(self.constant_id(data), out);
            }
            Field::I32Array(name) => {
                let text = self.attr_text(op, bound, name)?;
                let values: Vec<i64> = attrs::top_level_items(text)
                    .iter()
                    .map(|w| w.parse::<i64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| self.error(op, format!("`{name}`: expected numbers")))?;
                wire::fixed_int_list(&values, 4, out);
            }
            Field::Identities(name) => {
                let text = self.attr_text(op, bound, name)?;
                let text = text.split_once('=').map_or(text, |(_, v)| v);
                let items = attrs::top_level_items(text);
                let fallback = self.first_operand_element(op, bound).unwrap_or("f32");
                varint(items.len() as u64, out);
                for item in items {
                    attrs::identity(&mut self.types, item, fallback, out)
                        .map_err(|e| self.error(op, e))?;
                }
            }
            Field::OptionalHints(name) => {
                if bound.is_some_and(|b| b.attrs.contains_key(name)) {
                    let text = self.attr_text(op, bound, name)?;
                    let text =
                        text.split_once('=').map_or(
                            text,
                            |(k, v)| {
                                if k.contains('<') {
                                    text
                                } else {
                                    v
                                }
                            },
                        );
                    attrs::optimization_hints(&mut self.strings, &mut self.types, text, false, out)
                        .map_err(|e| self.error(op, e))?;
                }
            }
            Field::Inbounds(since) => {
                let text = self.op_body_text(op);
                let flags: Vec<i64> = match text.find("inbounds") {
                    Some(at) => {
                        let rest = &text[at..];
                        let open = rest.find('[').map_or(rest.len(), |i| i + 1);
                        let close = rest.find(']').unwrap_or(rest.len()).max(open);
                        rest[open..close]
                            .split(',')
                            .map(str::trim)
                            .filter(|w| !w.is_empty())
                            .map(|w| i64::from(w == "true"))
                            .collect()
                    }
                    None => {
                        let indices = bound
                            .and_then(|b| b.operands.get("index"))
                            .map_or(0, Vec::len);
                        vec![0; indices]
                    }
                };
                if version >= since {
                    wire::fixed_int_list(&flags, 1, out);
                } else if flags.iter().any(|&f| f != 0) {
                    return Err(self.error(op, format!("`inbounds` needs bytecode {since:?}")));
                }
            }
            Field::Operand(name) => {
                let values = self.operand_values(op, bound, name)?;
                if values.len() != 1 {
                    return Err(self.error(op, format!("`{name}`: expected one value")));
                }
                varint(values[0], out);
            }
            Field::OptionalOperand(name) => {
                if self.no_optional_operands {
                    return Ok(());
                }
                for v in self.operand_values(op, bound, name)? {
                    varint(v, out);
                }
            }
            Field::SizedOperands(name) => {
                let values = self.operand_values(op, bound, name)?;
                varint(values.len() as u64, out);
                values.iter().for_each(|&v| varint(v, out));
            }
            Field::CountedOperands(names) => {
                let mut all = Vec::new();
                for name in names {
                    all.extend(self.operand_values(op, bound, name)?);
                }
                varint(all.len() as u64, out);
                all.iter().for_each(|&v| varint(v, out));
            }
        }
        Ok(())
    }

    /// Whether a flag attribute is set or an optional operand / attribute is present.
    pub(super) fn present(&self, op: &Op, bound: Option<&Bound>, name: &str) -> bool {
        let Some(bound) = bound else {
            return !op.body.is_empty() && name == "token";
        };
        bound.operands.get(name).is_some_and(|v| !v.is_empty())
            || bound.attrs.contains_key(name)
            || (name == "saturating" && op.body.iter().any(|&t| self.text(t) == "saturating"))
    }

    pub(super) fn attr_word<'b>(&self, bound: Option<&'b Bound>, name: &str) -> Option<&'b str> {
        bound
            .and_then(|b| b.attrs.get(name))
            .map(|a| a.keyword.as_str())
    }

    pub(super) fn attr_text(
        &self,
        op: &Op,
        bound: Option<&Bound>,
        name: &str,
    ) -> Fallible<&'a str> {
        let attr = bound
            .and_then(|b| b.attrs.get(name))
            .ok_or_else(|| self.error(op, format!("no `{name}`")))?;
        Ok(&self.source[attr.range.start..attr.range.end])
    }

    pub(super) fn operand_values(
        &self,
        op: &Op,
        bound: Option<&Bound>,
        name: &str,
    ) -> Fallible<Vec<u64>> {
        let tokens: Vec<u32> = match bound {
            Some(b) => b.operands.get(name).cloned().unwrap_or_default(),
            // The hand-read ops: by position (fpowi's source and exponent), else all.
            None => {
                let all = op
                    .body
                    .iter()
                    .copied()
                    .filter(|&t| self.text(t).starts_with('%'));
                match name {
                    "source" => all.take(1).collect(),
                    "exponent" => all.skip(1).take(1).collect(),
                    _ => all.collect(),
                }
            }
        };
        let mut values = Vec::new();
        for t in tokens {
            values.extend(self.resolve(op, self.text(t))?);
        }
        Ok(values)
    }

    pub(super) fn first_operand_element(
        &self,
        op: &Op,
        bound: Option<&Bound>,
    ) -> Option<&'static str> {
        let _ = op;
        bound?
            .types
            .get("operands")
            .and_then(|v| v.first())
            .and_then(|t| t.ty.element())
    }
}
