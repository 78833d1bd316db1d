//! TILE017 `tile-invalid-attribute`: attribute values that an op's assembly format leaves
//! open: the GPU names, hints and values of `optimization_hints`, the attributes in a module's
//! dictionary, alignments and counts that must not be negative.

use crate::assume_terms::Int;
use crate::ast::Op;
use crate::bind::Bound;
use crate::checker::Checker;
use crate::lex::Kind;
use crate::types::{Type, TypeRef};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::tile_ir_model::{AssumePredicate, Hint, Op as OpFact, OptimizationHints};

rules! {
    TILE_INVALID_ATTRIBUTE = "TILE017" "tile-invalid-attribute" Error fix=false {
        summary: "An attribute's value is not one the op accepts",
        explanation: "Some attributes take values from a fixed set or range rather than a type: `optimization_hints` maps GPU names (`sm_90`, `sm_100`, … or `default`, each once) to dictionaries whose keys are the hints the op supports, each once (`num_cta_in_cga`: a power of two up to 16, 1 before sm_90; `num_worker_warps_per_cta`: 4 or 8; `occupancy`: 1 to 32, on entries; `allow_tma`: true or false, on view loads and stores; `latency`: 1 to 10, on view and pointer loads and stores); a module's attribute dictionary holds `producer`, a string (another name is a warning: MLIR keeps it, but bytecode has no place for it); an `alignment` must be a power of two and at least the size of the element it aligns; counts and dimensions must not be negative. The predicate of `assume` is `div_by`, `same_elements` or `bounded`, and its parameters have limits: a divisor is a power of two up to 2^62; `every N along DIM` names a dimension of the tile and a group no larger than it, and is not used on a 0-d tile or a tensor_view; `same_elements` gives one group size per dimension, none larger than its dimension; the bounds of `bounded` lie in the element type's signed range, the lower one not above the upper one. (A predicate on a value it cannot describe, such as `bounded` on floats, is TILE007.) Hints NVIDIA's tools keep are warnings, not errors: an unknown GPU name or hint, a hint on an op it does not apply to, a value out of range or of the wrong kind. cuda-tile-opt accepts them silently (it warns with `-Wunsupported-hints` and fails only with `-Werr-hints`) and tileiras compiles them; `severity = { TILE017 = \"error\" }` in speclint.toml makes them errors. A GPU written twice, or one without a dictionary, stays an error.",
        example: "entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 3}> { … }   // TILE017 (warning): a power of two up to 16",
    }
}

/// A written attribute value, as far as these checks need to know it.
#[derive(Debug, PartialEq)]
enum Value {
    Integer(i64),
    Bool(bool),
    String,
    /// `{…}`: the body indices of its `{` and `}`.
    Dict(usize, usize),
    /// Anything else (a float, a type, an array, an integer too large for i64).
    Other,
}

/// One `key = value` (or a bare `key`, a unit attribute) of a dictionary: body indices.
struct Entry {
    key: usize,
    /// The first and last token of the value; None for a bare key.
    value: Option<(usize, usize)>,
}

/// The hint's value constraint in words: "an integer from 1 to 16", "4 or 8", "`true` or `false`".
fn expected(hint: &Hint) -> String {
    if hint.value == "bool" {
        return "`true` or `false`".to_string();
    }
    if !hint.values.is_empty() {
        let values: Vec<String> = hint.values.iter().map(i64::to_string).collect();
        return values.join(" or ");
    }
    let power = if hint.power_of_two {
        "a power of two"
    } else {
        "an integer"
    };
    match (hint.min, hint.max) {
        (Some(min), Some(max)) => format!("{power} from {min} to {max}"),
        (Some(min), None) => format!("{power} of at least {min}"),
        (None, Some(max)) => format!("{power} of at most {max}"),
        (None, None) => power.to_string(),
    }
}

fn fits(hint: &Hint, value: i64) -> bool {
    let in_range =
        hint.min.is_none_or(|min| value >= min) && hint.max.is_none_or(|max| value <= max);
    let listed = hint.values.is_empty() || hint.values.contains(&value);
    let power = !hint.power_of_two || (value > 0 && value & (value - 1) == 0);
    in_range && listed && power
}

impl<'a> Checker<'a> {
    /// The attribute checks for one op (a hook of `check_op`).
    pub(crate) fn check_attributes(&mut self, op: &Op, fact: &OpFact, bound: &Bound) {
        for attr in &fact.attribute {
            let Some(written) = bound.attrs.get(attr.name.as_str()) else {
                continue;
            };
            match attr.kind.as_str() {
                "hints" => self.check_hints(op, fact, written.range),
                "integer" => self.check_integer_attr(op, fact, bound, &attr.name, written.range),
                _ => {}
            }
        }
        if fact.name == "module" {
            if let Some((open, close)) = bound.attr_dict {
                self.check_module_dict(op, fact, open, close);
            }
        }
        if fact.name == "get_global" {
            self.check_get_global(op, bound);
        }
        if fact.rule.iter().any(|r| r.id == "rank-1-value") {
            self.check_global_rank(fact, bound);
        }
    }

    fn body_text(&self, op: &Op, at: usize) -> &'a str {
        let (file, source) = (self.file, self.source);
        op.body.get(at).map_or("", |&t| file.text(source, t))
    }

    fn body_kind(&self, op: &Op, at: usize) -> Option<Kind> {
        op.body.get(at).map(|&t| self.file.kind(t))
    }

    fn body_range(&self, op: &Op, at: usize) -> TextRange {
        self.file.range(op.body[at])
    }

    fn body_punct(&self, op: &Op, at: usize, p: &str) -> bool {
        self.body_kind(op, at) == Some(Kind::Punct) && self.body_text(op, at) == p
    }

    /// The index of the bracket that closes the one at `open`, or the last token.
    pub(crate) fn closing(&self, op: &Op, open: usize) -> usize {
        let mut depth = 0i32;
        for at in open..op.body.len() {
            if self.body_kind(op, at) != Some(Kind::Punct) {
                continue;
            }
            match self.body_text(op, at) {
                "(" | "[" | "{" | "<" => depth += 1,
                ")" | "]" | "}" | ">" => {
                    depth -= 1;
                    if depth == 0 {
                        return at;
                    }
                }
                _ => {}
            }
        }
        op.body.len() - 1
    }

    /// The entries between the brackets at `open` and `close`, split at commas outside brackets.
    /// The entries of the dictionary between `open` and `close` with their keys (unquoted) and
    /// the keys' ranges, each key once: a key written again is reported (`twice` words it) and
    /// its entry left out.
    fn unique_entries(
        &mut self,
        op: &Op,
        open: usize,
        close: usize,
        twice: impl Fn(&str) -> String,
    ) -> Vec<(String, TextRange, Entry)> {
        let mut unique: Vec<(String, TextRange, Entry)> = Vec::new();
        for entry in self.entries(op, open, close) {
            let key = self.body_text(op, entry.key).trim_matches('"').to_string();
            let range = self.body_range(op, entry.key);
            if unique.iter().any(|(seen, _, _)| *seen == key) {
                self.report(&TILE_INVALID_ATTRIBUTE, range, twice(&key));
            } else {
                unique.push((key, range, entry));
            }
        }
        unique
    }

    fn entries(&self, op: &Op, open: usize, close: usize) -> Vec<Entry> {
        let mut entries = Vec::new();
        let mut at = open + 1;
        while at < close {
            let key = at;
            let mut end = at;
            let mut depth = 0i32;
            while end < close {
                if self.body_kind(op, end) == Some(Kind::Punct) {
                    match self.body_text(op, end) {
                        "(" | "[" | "{" | "<" => depth += 1,
                        ")" | "]" | "}" | ">" => depth -= 1,
                        "," if depth == 0 => break,
                        _ => {}
                    }
                }
                end += 1;
            }
            // `key = value` or a bare `key`; `end` is the comma (or `close`).
            let value =
                (self.body_punct(op, key + 1, "=") && key + 2 < end).then_some((key + 2, end - 1));
            entries.push(Entry { key, value });
            at = end + 1;
        }
        entries
    }

    fn value(&self, op: &Op, (first, last): (usize, usize)) -> Value {
        let text = self.body_text(op, first);
        match self.body_kind(op, first) {
            Some(Kind::Punct) if text == "{" => Value::Dict(first, self.closing(op, first)),
            Some(Kind::Punct)
                if text == "-" && self.body_kind(op, first + 1) == Some(Kind::Integer) =>
            {
                match parse_integer(self.body_text(op, first + 1)) {
                    Some(n) => Value::Integer(-n),
                    None => Value::Other,
                }
            }
            // `2` or a typed `2 : i64`
            Some(Kind::Integer) if first == last || self.body_punct(op, first + 1, ":") => {
                parse_integer(text).map_or(Value::Other, Value::Integer)
            }
            Some(Kind::Ident) if first == last && (text == "true" || text == "false") => {
                Value::Bool(text == "true")
            }
            Some(Kind::String) if first == last => Value::String,
            _ => Value::Other,
        }
    }

    fn value_text(&self, op: &Op, (first, last): (usize, usize)) -> &'a str {
        let start = self.body_range(op, first).start;
        let end = self.body_range(op, last).end;
        &self.source[start..end]
    }

    fn value_range(&self, op: &Op, (first, last): (usize, usize)) -> TextRange {
        TextRange::new(
            self.body_range(op, first).start,
            self.body_range(op, last).end,
        )
    }

    /// `optimization_hints = <TARGET = {HINT = VALUE, …}, …>`.
    fn check_hints(&mut self, op: &Op, fact: &OpFact, range: TextRange) {
        let Some(hints) = self.db.optimization_hints.as_ref() else {
            return;
        };
        let Some(open) = op.body.iter().position(|&t| {
            self.file.range(t).start >= range.start
                && self.file.kind(t) == Kind::Punct
                && self.file.text(self.source, t) == "<"
        }) else {
            return;
        };
        let close = self.closing(op, open);
        let entries = self.unique_entries(op, open, close, |key| {
            format!("`{key}` appears twice in `optimization_hints`; give each GPU one dictionary")
        });
        for (key, key_range, entry) in entries {
            let key = key.as_str();
            if !hints.targets.iter().any(|t| t == key) {
                let suggestions = closest(key, hints.targets.iter().map(String::as_str), |_| 2);
                self.unsupported_hint(
                    key_range,
                    format!(
                        "`{key}` is not a GPU name `optimization_hints` accepts (`default` or one of {}){}",
                        hints.targets[1..].join(", "),
                        did_you_mean(&suggestions)
                    ),
                );
                continue;
            }
            let Some(value) = entry.value else {
                self.report(
                    &TILE_INVALID_ATTRIBUTE,
                    key_range,
                    format!("`{key}` in `optimization_hints` needs a dictionary of hints: `{key} = {{…}}`"),
                );
                continue;
            };
            match self.value(op, value) {
                Value::Dict(open, close) => self.check_hint_dict(op, fact, hints, key, open, close),
                _ => {
                    let found = self.value_text(op, value).to_string();
                    self.report(
                        &TILE_INVALID_ATTRIBUTE,
                        self.value_range(op, value),
                        format!("the hints for `{key}` must be a dictionary such as `{{latency = 3}}`, not `{found}`"),
                    );
                }
            }
        }
    }

    /// The hints of one GPU: known, accepted by this op, once each, values in range.
    fn check_hint_dict(
        &mut self,
        op: &Op,
        fact: &OpFact,
        hints: &'static OptimizationHints,
        target: &str,
        open: usize,
        close: usize,
    ) {
        let entries = self.unique_entries(op, open, close, |name| {
            format!("the hint `{name}` appears twice for `{target}`")
        });
        for (name, name_range, entry) in entries {
            let Some(hint) = hints.hint.iter().find(|h| h.name == name) else {
                let own: Vec<&str> = hints
                    .hint
                    .iter()
                    .filter(|h| h.ops.contains(&fact.name))
                    .map(|h| h.name.as_str())
                    .collect();
                let suggestions = closest(&name, own.iter().copied(), |_| 3);
                self.unsupported_hint(
                    name_range,
                    format!(
                        "`{name}` is not an optimization hint; `{}` takes {}{}",
                        fact.name,
                        quoted(&own),
                        did_you_mean(&suggestions)
                    ),
                );
                continue;
            };
            if !hint.ops.contains(&fact.name) {
                self.unsupported_hint(
                    name_range,
                    format!(
                        "the hint `{name}` is not for `{}` (it applies to {})",
                        fact.name,
                        quoted(&hint.ops.iter().map(String::as_str).collect::<Vec<_>>())
                    ),
                );
                continue;
            }
            self.version_too_low(name_range, &hint.since, || format!("the hint `{name}`"));
            let Some(value) = entry.value else {
                self.unsupported_hint(
                    name_range,
                    format!("the hint `{name}` needs a value: {}", expected(hint)),
                );
                continue;
            };
            let written = self.value(op, value);
            let found = self.value_text(op, value).to_string();
            let range = self.value_range(op, value);
            let problem = match (hint.value.as_str(), written) {
                ("bool", Value::Bool(_)) => None,
                ("integer", Value::Integer(n)) if !fits(hint, n) => Some(format!(
                    "`{name}` for `{target}` must be {}, not {n}",
                    expected(hint)
                )),
                ("integer", Value::Integer(n))
                    if n != 1
                        && hint.name == "num_cta_in_cga"
                        && hints.single_cta_targets.iter().any(|t| t == target) =>
                {
                    Some(format!(
                        "`{name}` must be 1 for `{target}`: GPUs before sm_90 run one CTA per CGA"
                    ))
                }
                ("integer", Value::Integer(_)) => None,
                _ => Some(format!(
                    "`{name}` for `{target}` takes {}, not `{found}`",
                    expected(hint)
                )),
            };
            if let Some(message) = problem {
                self.unsupported_hint(range, message);
            }
        }
    }

    /// An optimization hint NVIDIA's tools do not act on: cuda-tile-opt keeps unknown or
    /// out-of-range hints (a warning with `-Wunsupported-hints`, an error only with
    /// `-Werr-hints`) and tileiras compiles them, so this is a warning (TILE017 = "error" in
    /// speclint.toml makes it one).
    fn unsupported_hint(&mut self, range: TextRange, message: String) {
        let section = self
            .db
            .optimization_hints
            .as_ref()
            .map_or("attributes.md", |hints| hints.source.as_str());
        let mut diagnostic = Diagnostic::new(
            &TILE_INVALID_ATTRIBUTE,
            range,
            format!("{message} ({section}; tileiras compiles the module all the same, and cuda-tile-opt accepts it with a `-Wunsupported-hints` warning)"),
        );
        diagnostic.severity = Severity::Warning;
        self.diagnostics.push(diagnostic);
    }

    /// `cuda_tile.module @m attributes {producer = "…"}`: only the module's own attributes,
    /// once each, with values of their kind and not newer than the checked version.
    fn check_module_dict(&mut self, op: &Op, fact: &OpFact, open: usize, close: usize) {
        let known: Vec<&str> = fact
            .attribute
            .iter()
            .filter(|a| a.kind != "symbol")
            .map(|a| a.name.as_str())
            .collect();
        let entries = self.unique_entries(op, open, close, |name| {
            format!("the attribute `{name}` appears twice on this module")
        });
        for (name, name_range, entry) in entries {
            let Some(attr) = fact
                .attribute
                .iter()
                .find(|a| a.name == name && a.kind != "symbol")
            else {
                // MLIR's verifier keeps unknown (discardable) attributes, so this is no error;
                // but the bytecode has no field for them and tileiras never sees them.
                let suggestions = closest(&name, known.iter().copied(), |_| 3);
                let mut diagnostic = Diagnostic::new(
                    &TILE_INVALID_ATTRIBUTE,
                    name_range,
                    format!(
                        "`{name}` is not an attribute of `cuda_tile.module` (it has {}); it is dropped when the module is written as bytecode{}",
                        quoted(&known),
                        did_you_mean(&suggestions)
                    ),
                );
                diagnostic.severity = Severity::Warning;
                self.diagnostics.push(diagnostic);
                continue;
            };
            self.version_too_low(name_range, &attr.since, || {
                format!("the `{name}` attribute of `module`")
            });
            let value = entry.value.map(|v| (v, self.value(op, v)));
            let wrong = match (attr.kind.as_str(), &value) {
                ("string", Some((_, Value::String))) => None,
                ("string", _) => Some("a string such as `\"my-compiler 1.0\"`"),
                _ => None,
            };
            if let Some(want) = wrong {
                let range = value.map_or(name_range, |(v, _)| self.value_range(op, v));
                self.report(
                    &TILE_INVALID_ATTRIBUTE,
                    range,
                    format!("the module's `{name}` must be {want}"),
                );
            }
        }
    }

    /// Integer attributes: not negative where the definition confines them (IntMinValue<0>,
    /// IntNonNegative); an `alignment` a power of two and at least the element's size.
    fn check_integer_attr(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        name: &str,
        range: TextRange,
    ) {
        let Some(first) = op
            .body
            .iter()
            .position(|&t| self.file.range(t).start >= range.start)
        else {
            return;
        };
        let last = op
            .body
            .iter()
            .rposition(|&t| self.file.range(t).end <= range.end)
            .unwrap_or(first)
            .max(first);
        let Value::Integer(value) = self.value(op, (first, last)) else {
            return;
        };
        let Some(attr) = fact.attribute.iter().find(|a| a.name == name) else {
            return;
        };
        let non_negative = attr.constraint.contains("IntMinValue<0>")
            || attr.constraint.contains("IntNonNegative");
        if value < 0 && non_negative {
            self.report(
                &TILE_INVALID_ATTRIBUTE,
                range,
                format!(
                    "`{name}` of `{}` must not be negative, not {value}",
                    fact.name
                ),
            );
            return;
        }
        if name != "alignment" || value < 0 {
            return;
        }
        // Only where the op states it: the verifier leaves a global's alignment alone.
        if !fact.has_rule("alignment-power-of-two") {
            return;
        }
        if value <= 0 || value & (value - 1) != 0 {
            self.report(
                &TILE_INVALID_ATTRIBUTE,
                range,
                format!(
                    "the `alignment` of `{}` must be a power of two, not {value}",
                    fact.name
                ),
            );
            return;
        }
        if !fact.has_rule("alignment-natural-size") {
            return;
        }
        // The element aligned: the pointee of the pointers the op returns.
        let element = bound
            .types
            .get("result")
            .and_then(|t| t.first())
            .and_then(|t| match t.ty.as_ref() {
                Type::Tile { elem, .. } => match elem.as_ref() {
                    Type::Ptr(p) => p.element(),
                    _ => None,
                },
                _ => None,
            });
        let Some(element) = element else {
            return;
        };
        let Some(bits) = self.db.element_type(element).map(|e| e.bits) else {
            return;
        };
        let size = i64::from(bits.div_ceil(8));
        if value < size {
            self.report(
                &TILE_INVALID_ATTRIBUTE,
                range,
                format!(
                    "the `alignment` of `{}` must be at least the size of its element `{element}` ({size} bytes), not {value}",
                    fact.name
                ),
            );
        }
    }
}

fn quoted(names: &[&str]) -> String {
    if names.is_empty() {
        return "none".to_string();
    }
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}

fn parse_integer(text: &str) -> Option<i64> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// `assume`'s predicate is one the spec-db knows: `unknown` is (the keyword as written, without
/// its dialect prefix, where), `names` the predicates there are.
pub(crate) fn unknown_predicate<'n>(
    unknown: (&str, &str, TextRange),
    names: impl Iterator<Item = &'n str> + Clone,
) -> Diagnostic {
    let (keyword, name, range) = unknown;
    let suggestions = closest(name, names.clone(), |_| 2);
    Diagnostic::new(
        &TILE_INVALID_ATTRIBUTE,
        range,
        format!(
            "`{keyword}` is not a predicate `assume` takes ({}){}",
            names.collect::<Vec<_>>().join(", "),
            did_you_mean(&suggestions)
        ),
    )
}

/// A limit of `assume`'s predicate parameters, broken at `range`.
fn parameter(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&TILE_INVALID_ATTRIBUTE, range, message)
}

/// `div_by<DIVISOR>` or `div_by<DIVISOR, every N along DIM>` as read: the divisor is a power of
/// two no larger than the spec-db's limit, and the groups (`every` where written, `every`,
/// `along`) name a dimension of the tile and fit in it.
pub(crate) fn div_by(
    predicate: &AssumePredicate,
    divisor: &Int,
    groups: Option<(TextRange, Int, Int)>,
    ty: Option<&TypeRef>,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let max = predicate.max_divisor.map_or(i128::MAX, i128::from);
    let largest = if max.count_ones() == 1 {
        format!("{max} (2^{})", max.trailing_zeros())
    } else {
        max.to_string()
    };
    match divisor.value {
        Some(d) if d <= 0 || d & (d - 1) != 0 => found.push(parameter(
            divisor.range,
            format!("the divisor of `div_by` must be a positive power of two, not {d}"),
        )),
        Some(d) if d > max => found.push(parameter(
            divisor.range,
            format!("the divisor of `div_by` is too large: {d} is above the largest accepted, {largest}"),
        )),
        None => found.push(parameter(
            divisor.range,
            format!("the divisor of `div_by` is too large: at most {largest}"),
        )),
        Some(_) => {}
    }
    let Some((every_range, every, along)) = groups else {
        return found;
    };
    let Some(ty) = ty else {
        return found;
    };
    if matches!(ty.ty.as_ref(), Type::TensorView { .. }) {
        found.push(parameter(
            every_range,
            format!("`every`/`along` cannot be used when `div_by` describes a tensor_view (`{ty}`): the divisor applies to its base address"),
        ));
        return found;
    }
    let Some(shape) = ty.ty.shape() else {
        return found;
    };
    if shape.is_empty() {
        found.push(parameter(
            every_range,
            format!("`every`/`along` cannot be used when `div_by` describes a 0-d tile (`{ty}`)"),
        ));
        return found;
    }
    let rank = shape.len() as i128;
    let Some(dim) = along.value.filter(|&d| (0..rank).contains(&d)) else {
        found.push(parameter(
            along.range,
            format!(
                "`along` names a dimension of `{ty}`: from 0 to {}, not {}",
                rank - 1,
                along.text()
            ),
        ));
        return found;
    };
    let size = i128::from(shape[dim as usize]);
    if !every.value.is_some_and(|e| (0..=size).contains(&e)) {
        found.push(parameter(
            every.range,
            format!(
                "`every` must be from 0 to the size of dimension {dim} of `{ty}` ({size}), not {}",
                every.text()
            ),
        ));
    }
    found
}

/// `same_elements<[C0, C1, …]>` as read (`list` covers the brackets): one group size per
/// dimension of the tile, none larger than its dimension.
pub(crate) fn same_elements(
    values: &[Int],
    list: TextRange,
    ty: Option<&TypeRef>,
) -> Vec<Diagnostic> {
    let Some(shape) = ty.and_then(|v| v.ty.shape()) else {
        return Vec::new();
    };
    let ty = ty.expect("a shape comes from a type");
    if values.len() != shape.len() {
        return vec![parameter(
            list,
            format!(
                "`same_elements` needs one group size per dimension of `{ty}` ({}), but has {}",
                shape.len(),
                values.len()
            ),
        )];
    }
    values
        .iter()
        .zip(shape)
        .enumerate()
        .filter(|(_, (v, &size))| !v.value.is_some_and(|v| (0..=i128::from(size)).contains(&v)))
        .map(|(dim, (v, size))| {
            parameter(
                v.range,
                format!(
                    "the group size for dimension {dim} must be from 0 to its size in `{ty}` ({size}), not {}",
                    v.text()
                ),
            )
        })
        .collect()
}

/// `bounded<LOWER, UPPER>` as read (`None`: `?`): each bound within the element type's signed
/// range, the lower one not above the upper one.
pub(crate) fn bounded(
    lower: Option<Int>,
    upper: Option<Int>,
    ty: Option<&TypeRef>,
) -> Vec<Diagnostic> {
    let bits = ty
        .and_then(|t| match t.ty.as_ref() {
            Type::Tile { elem, .. } => match elem.as_ref() {
                Type::Elem(name) => speclint_spec_db::tile_ir::db().element_type(name),
                _ => None,
            },
            _ => None,
        })
        .filter(|e| e.kind == "int")
        .map(|e| e.bits);
    let mut found = Vec::new();
    if let (Some(bits), Some(ty)) = (bits, ty) {
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        for (side, b) in [("lower", &lower), ("upper", &upper)] {
            let Some(b) = b else { continue };
            if !b.value.is_some_and(|v| (min..=max).contains(&v)) {
                found.push(parameter(
                    b.range,
                    format!(
                        "the {side} bound of `bounded` must be within the signed range of `{ty}`'s elements, [{min}, {max}], not {}",
                        b.text()
                    ),
                ));
            }
        }
    }
    if let (Some(l), Some(u)) = (&lower, &upper) {
        if let (Some(lv), Some(uv)) = (l.value, u.value) {
            if lv > uv {
                found.push(parameter(
                    l.range,
                    format!("the lower bound of `bounded` ({lv}) is above its upper bound ({uv})"),
                ));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::{analyze, TileIrSettings};

    /// (code, the text the finding points at) for one `assume` line, in a module that makes
    /// `%i` a tile<4x8xi16>, `%p` a 0-d pointer tile and `%tv` a tensor_view.
    fn findings(line: &str) -> Vec<(&'static str, String)> {
        let text = format!(
            "cuda_tile.module @m {{\n  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {{\n    %i = constant <i16: 0> : tile<4x8xi16>\n    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>\n    {line}\n    return\n  }}\n}}\n"
        );
        analyze(&text, &TileIrSettings::default(), false)
            .diagnostics
            .iter()
            .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
            .collect()
    }

    fn one(code: &'static str, at: &str) -> Vec<(&'static str, String)> {
        vec![(code, at.to_string())]
    }

    #[test]
    fn valid_predicates_are_clean() {
        for line in [
            "%a = assume div_by<16, every 8 along 1>, %i : tile<4x8xi16>",
            "%a = assume div_by<4611686018427387904>, %tv : tensor_view<?xf32, strides=[1]>",
            "%a = assume #cuda_tile.same_elements<[4, 0]>, %i : tile<4x8xi16>",
            "%a = assume same_elements<[]>, %p : tile<ptr<f32>>",
            "%a = assume bounded<-32768, 32767>, %i : tile<4x8xi16>",
            "%a = assume bounded<?, ?>, %i : tile<4x8xi16>",
        ] {
            assert_eq!(findings(line), vec![], "{line}");
        }
    }

    #[test]
    fn each_finding_points_at_its_token() {
        let cases = [
            (
                "%a = assume div_by<24>, %i : tile<4x8xi16>",
                one("TILE017", "24"),
            ),
            (
                "%a = assume div_by<2, every 4 along 0>, %p : tile<ptr<f32>>",
                one("TILE017", "every"),
            ),
            (
                "%a = assume div_by<2, every 4 along -1>, %i : tile<4x8xi16>",
                one("TILE017", "-1"),
            ),
            (
                "%a = assume div_by<2, every 9 along 1>, %i : tile<4x8xi16>",
                one("TILE017", "9"),
            ),
            (
                "%a = assume same_elements<[4, 8, 1]>, %i : tile<4x8xi16>",
                one("TILE017", "[4, 8, 1]"),
            ),
            (
                "%a = assume same_elements<[-1, 8]>, %i : tile<4x8xi16>",
                one("TILE017", "-1"),
            ),
            (
                "%a = assume bounded<-32769, 0>, %i : tile<4x8xi16>",
                one("TILE017", "-32769"),
            ),
            (
                "%a = assume bounded<3, -3>, %i : tile<4x8xi16>",
                one("TILE017", "3"),
            ),
            (
                "%a = assume bounded<0, ?>, %tv : tensor_view<?xf32, strides=[1]>",
                one("TILE007", "bounded"),
            ),
            (
                "%a = assume #cuda_tile.same_element<[4, 8]>, %i : tile<4x8xi16>",
                one("TILE017", "#cuda_tile.same_element"),
            ),
            (
                "%a = assume bounded<0.5, ?>, %i : tile<4x8xi16>",
                one("TILE001", "0.5"),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(findings(line), expected, "{line}");
        }
    }
}
