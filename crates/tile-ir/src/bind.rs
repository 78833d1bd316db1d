//! Matches an op's body tokens against its assembly format (or the generic op form) and
//! records which tokens are which operand, attribute and type.

use super::ast::{File, Form, Op};
use super::format::Element;
use super::lex::Kind;
use super::op_plan;
use super::types::{skip_group, TypeReader, TypeRef};
use rustc_hash::FxHashMap as HashMap;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

/// An attribute as written.
#[derive(Clone, Debug)]
pub struct BoundAttr {
    /// The enum case (`zero` in `rounding<zero>`), the flag's keyword, or the first token.
    pub keyword: String,
    /// The whole attribute (`rounding<zero>`), for fixes that remove or replace it.
    pub range: TextRange,
    /// The range of `keyword`.
    pub keyword_range: TextRange,
}

/// What a format match found, keyed by the names the op's facts use.
#[derive(Default, Debug)]
pub struct Bound<'f> {
    /// Operand name -> the value tokens bound to it.
    pub operands: HashMap<&'f str, Vec<u32>>,
    pub attrs: HashMap<&'f str, BoundAttr>,
    /// Operand or result name -> the types written for it.
    pub types: HashMap<&'f str, Vec<TypeRef>>,
    /// The op's attribute dictionary (`{producer = "x"}`, or `attributes {…}` where the format
    /// says `attr-dict-with-keyword`): the indices into the op's body of its `{` and `}`.
    pub attr_dict: Option<(usize, usize)>,
    /// A problem that means the op's syntax does not match its format.
    pub error: Option<MatchError>,
}

#[derive(Clone, Debug)]
pub struct MatchError {
    pub range: TextRange,
    pub message: String,
    /// Operand count problems (TILE006) rather than plain syntax (TILE001).
    pub count: bool,
}

/// `'a`: the file being checked; `'f`: the op's facts (names in `Bound` borrow from them).
pub struct Matcher<'a, 'f, 'r> {
    pub file: &'a File,
    pub source: &'a str,
    pub op: &'a Op,
    pub fact: &'f OpFact,
    pub types: &'a mut TypeReader<'r>,
    /// The format to match instead of the op's own (the op written under a former name).
    pub format: Option<&'static [Element]>,
    at: usize,
    bound: Bound<'f>,
}

impl<'a, 'f, 'r> Matcher<'a, 'f, 'r> {
    pub fn new(
        file: &'a File,
        source: &'a str,
        op: &'a Op,
        fact: &'f OpFact,
        types: &'a mut TypeReader<'r>,
    ) -> Self {
        Matcher {
            file,
            source,
            op,
            fact,
            types,
            format: None,
            at: 0,
            bound: Bound::default(),
        }
    }

    fn body(&self) -> &'a [u32] {
        &self.op.body
    }

    fn text(&self, at: usize) -> &'a str {
        self.op
            .body
            .get(at)
            .map_or("", |&t| self.file.text(self.source, t))
    }

    fn kind(&self, at: usize) -> Option<Kind> {
        self.op.body.get(at).map(|&t| self.file.kind(t))
    }

    fn range(&self, at: usize) -> TextRange {
        match self.op.body.get(at).or(self.op.body.last()) {
            Some(&t) => {
                let r = self.file.range(t);
                if at >= self.op.body.len() {
                    TextRange::new(r.end, r.end)
                } else {
                    r
                }
            }
            None => TextRange::new(self.op.name_range.end, self.op.name_range.end),
        }
    }

    fn is_punct(&self, at: usize, p: &str) -> bool {
        self.kind(at) == Some(Kind::Punct) && self.text(at) == p
    }

    fn fail(&mut self, message: String, count: bool) -> bool {
        if self.bound.error.is_none() {
            self.bound.error = Some(MatchError {
                range: self.range(self.at),
                message,
                count,
            });
        }
        false
    }

    pub fn run(mut self) -> Bound<'f> {
        if self.op.form == Form::Generic {
            self.generic();
            return self.bound;
        }
        let elements = match self.format {
            Some(former) => former,
            None => &op_plan::of(self.fact).format,
        };
        let mut regions = 0usize;
        if self.sequence(elements, &mut regions) && self.at < self.body().len() {
            let extra = self.text(self.at).to_string();
            let count = self.kind(self.at) == Some(Kind::Value);
            let message = if count {
                format!(
                    "`{}` takes no further operand here, found `{extra}`",
                    self.op.name
                )
            } else {
                format!("unexpected `{extra}` after the end of `{}`", self.op.name)
            };
            self.fail(message, count);
        }
        self.mask_or_padding();
        self.bound
    }

    /// `load_ptr_tko weak %p, %pad : tile<ptr<f32>>, tile<f32> -> …`: the format's optional
    /// `mask` and `paddingValue` are both written `, %v`, so a lone one is told apart by its
    /// type, as the bytecode's flags do: a tile of i1 is the mask, any other the padding.
    fn mask_or_padding(&mut self) {
        let (Some(_), Some(_)) = (self.operand("mask"), self.operand("paddingValue")) else {
            return;
        };
        if self.bound.operands.contains_key("paddingValue") {
            return;
        }
        let not_a_mask = match self.bound.types.get("mask").map(Vec::as_slice) {
            Some([ty]) => ty.ty.element().is_some_and(|e| e != "i1"),
            _ => false,
        };
        if !not_a_mask {
            return;
        }
        if let Some(values) = self.bound.operands.remove("mask") {
            let name = &self.operand("paddingValue").expect("checked above").name;
            self.bound.operands.insert(name, values);
        }
        if let Some(types) = self.bound.types.remove("mask") {
            let name = &self.operand("paddingValue").expect("checked above").name;
            self.bound.types.insert(name, types);
        }
    }

    fn operand(&self, name: &str) -> Option<&'f speclint_spec_db::tile_ir_model::Operand> {
        self.fact.operand.iter().find(|o| o.name == name)
    }

    fn attribute(&self, name: &str) -> Option<&'f speclint_spec_db::tile_ir_model::Attribute> {
        self.fact.attribute.iter().find(|a| a.name == name)
    }

    /// Matches elements in order; false on the first mismatch (recorded).
    fn sequence(&mut self, elements: &'f [Element], regions: &mut usize) -> bool {
        for element in elements {
            if !self.element(element, regions) {
                return false;
            }
        }
        true
    }

    /// Could `element` start matching at the current token? (Decides optional groups.)
    fn can_start(&self, element: &Element) -> bool {
        match element {
            Element::Literal(l) => self.text(self.at) == l,
            Element::Var(name) => {
                if let Some(operand) = self.operand(name) {
                    let _ = operand;
                    self.kind(self.at) == Some(Kind::Value)
                } else if let Some(attr) = self.attribute(name) {
                    self.attr_can_start(attr)
                } else {
                    false
                }
            }
            Element::TypeOf(_) => self.types.starts_type(self.body(), self.at),
            Element::Custom(name, args) => match name.as_str() {
                "CudaTileType" => self.types.starts_type(self.body(), self.at),
                // make_tensor_view's `tile<i64> ->`: one type, then the arrow.
                "SharedType" => {
                    let mut at = self.at;
                    let mut reader = self.types.probe();
                    reader.read(self.body(), &mut at).is_some()
                        && self.kind(at) == Some(Kind::Arrow)
                }
                _ => args.first().is_some_and(|a| self.can_start(a)),
            },
            Element::Optional(inner) => inner.first().is_some_and(|e| self.can_start(e)),
            Element::AttrDict { keyword } => self.starts_attr_dict(*keyword),
            Element::Oilist(groups) => groups
                .iter()
                .any(|g| g.first().is_some_and(|e| self.can_start(e))),
        }
    }

    /// `{` (or `attributes {` where the format has `attr-dict-with-keyword`).
    fn starts_attr_dict(&self, keyword: bool) -> bool {
        if keyword {
            self.kind(self.at) == Some(Kind::Ident)
                && self.text(self.at) == "attributes"
                && self.is_punct(self.at + 1, "{")
        } else {
            self.is_punct(self.at, "{")
        }
    }

    fn attr_can_start(&self, attr: &speclint_spec_db::tile_ir_model::Attribute) -> bool {
        match attr.kind.as_str() {
            "integer" => {
                matches!(self.kind(self.at), Some(Kind::Integer)) || self.is_punct(self.at, "-")
            }
            "string" => self.kind(self.at) == Some(Kind::String),
            "symbol" => self.kind(self.at) == Some(Kind::Symbol),
            "array" => self.is_punct(self.at, "["),
            "dense" => self.is_punct(self.at, "<"),
            "flag" => false,
            _ => matches!(self.kind(self.at), Some(Kind::Ident | Kind::HashIdent)),
        }
    }

    fn element(&mut self, element: &'f Element, regions: &mut usize) -> bool {
        match element {
            Element::Literal(l) => {
                if self.text(self.at) == l {
                    self.at += 1;
                    true
                } else {
                    let found = self.text(self.at).to_string();
                    let message = if found.is_empty() {
                        format!("`{}` expects `{l}` here", self.op.name)
                    } else {
                        format!("`{}` expects `{l}` here, found `{found}`", self.op.name)
                    };
                    let count = l == "," && self.kind(self.at) != Some(Kind::Value);
                    self.fail(message, count)
                }
            }
            Element::Optional(inner) => self.optional(inner, regions),
            Element::AttrDict { keyword } => {
                if self.starts_attr_dict(*keyword) {
                    self.at += usize::from(*keyword);
                    let open = self.at;
                    self.skip_balanced();
                    self.bound.attr_dict = Some((open, self.at.saturating_sub(1)));
                }
                true
            }
            Element::TypeOf(name) => self.bind_types(name),
            Element::Oilist(groups) => {
                let mut seen = vec![false; groups.len()];
                while let Some(index) = groups
                    .iter()
                    .enumerate()
                    .position(|(i, g)| !seen[i] && g.first().is_some_and(|e| self.can_start(e)))
                {
                    seen[index] = true;
                    if !self.optional(&groups[index], regions) {
                        return false;
                    }
                }
                true
            }
            Element::Var(name) => self.var(name, regions),
            Element::Custom(name, args) => self.custom(name, args, regions),
        }
    }

    /// `( … )?`: matched when its first element can start here.
    fn optional(&mut self, inner: &'f [Element], regions: &mut usize) -> bool {
        if !inner.first().is_some_and(|e| self.can_start(e)) {
            return true;
        }
        // Flags are bound by their keyword: `(`flush_to_zero` $flush_to_zero^)?`
        if let (Some(Element::Literal(keyword)), Some(Element::Var(flag))) =
            (inner.first(), inner.get(1))
        {
            if let Some(attr) = self.attribute(flag).filter(|a| a.kind == "flag") {
                let range = self.range(self.at);
                self.bound.attrs.insert(
                    &attr.name,
                    BoundAttr {
                        keyword: keyword.clone(),
                        range,
                        keyword_range: range,
                    },
                );
                self.at += 1;
                return true;
            }
        }
        self.sequence(inner, regions)
    }

    fn var(&mut self, name: &'f str, regions: &mut usize) -> bool {
        if let Some(operand) = self.operand(name) {
            let variadic = operand.arity == "variadic";
            let mut values = Vec::new();
            while self.kind(self.at) == Some(Kind::Value) {
                values.push(self.body()[self.at]);
                self.at += 1;
                if !variadic {
                    break;
                }
                if self.is_punct(self.at, ",") && self.kind(self.at + 1) == Some(Kind::Value) {
                    self.at += 1;
                } else {
                    break;
                }
            }
            if values.is_empty() && operand.arity == "single" {
                let found = self.text(self.at).to_string();
                return self.fail(
                    format!(
                        "`{}` is missing its `{name}` operand{}",
                        self.op.name,
                        if found.is_empty() {
                            String::new()
                        } else {
                            format!(" (found `{found}`)")
                        }
                    ),
                    true,
                );
            }
            self.bound.operands.insert(&operand.name, values);
            return true;
        }
        if let Some(attr) = self.attribute(name) {
            return self.attr(&attr.name, &attr.kind);
        }
        if self.fact.region.iter().any(|r| r.name == name) {
            *regions += 1;
            return true;
        }
        // A result named in the format (rare): nothing to read.
        true
    }

    fn attr(&mut self, name: &'f str, kind: &str) -> bool {
        let start = self.at;
        if start >= self.body().len() {
            return self.fail(
                format!("`{}` expects its `{name}` here", self.op.name),
                false,
            );
        }
        let keyword_at;
        match kind {
            _ if kind.starts_with("enum:") => {
                // `case`, `mnemonic<case>`, `#cuda_tile.mnemonic<case>`, or `<case>` after a
                // keyword the format already matched (`overflow` `` $overflow).
                if self.is_punct(self.at, "<") {
                    keyword_at = self.at + 1;
                    self.skip_balanced();
                } else if self.is_punct(self.at + 1, "<") {
                    keyword_at = self.at + 2;
                    self.at += 1;
                    self.skip_balanced();
                } else {
                    keyword_at = self.at;
                    self.at += 1;
                }
                // `rounding<>`, or a value where the case belongs (`atomic_rmw_tko relaxed %p`).
                if !matches!(self.kind(keyword_at), Some(Kind::Ident | Kind::HashIdent)) {
                    if let Some(attr) = self.attribute(name) {
                        return self.missing_case(keyword_at, attr, &kind["enum:".len()..]);
                    }
                }
            }
            "flag" => {
                keyword_at = self.at;
                self.at += 1;
            }
            "type" => {
                keyword_at = self.at;
                let mut at = self.at;
                let body = self.body();
                if self.types.read(body, &mut at).is_none() {
                    at = self.at + 1;
                }
                self.at = at;
            }
            _ => {
                keyword_at = self.at;
                if self.is_punct(self.at, "-") {
                    self.at += 1;
                }
                let opens = self.is_punct(self.at, "[")
                    || self.is_punct(self.at, "<")
                    || self.is_punct(self.at, "{")
                    || self.is_punct(self.at, "(");
                if opens {
                    self.skip_balanced();
                } else {
                    let word = matches!(self.kind(self.at), Some(Kind::Ident | Kind::HashIdent));
                    self.at += 1;
                    if word && self.is_punct(self.at, "<") {
                        self.skip_balanced();
                    }
                }
            }
        }
        let first = self.range(start);
        let last = self.range(self.at.saturating_sub(1).max(start));
        self.bound.attrs.insert(
            name,
            BoundAttr {
                keyword: self.text(keyword_at).to_string(),
                range: TextRange::new(first.start, last.end),
                keyword_range: self.range(keyword_at),
            },
        );
        true
    }

    /// Skips one bracketed group starting at the current token.
    fn skip_balanced(&mut self) {
        skip_group(self.file, self.source, self.body(), &mut self.at, 0);
    }

    /// Reads the type(s) of operand/result `name`: one type, or a comma-separated list for
    /// variadic ones.
    fn bind_types(&mut self, name: &'f str) -> bool {
        let variadic = self
            .fact
            .operand
            .iter()
            .chain(&self.fact.result)
            .any(|v| v.name == name && v.arity == "variadic");
        let mut found = Vec::new();
        loop {
            if !self.types.starts_type(self.body(), self.at) {
                break;
            }
            let mut at = self.at;
            let body = self.body();
            match self.types.read(body, &mut at) {
                Some(t) => found.push(t),
                None => {
                    self.at = at.max(self.at + 1);
                    self.bound.error.get_or_insert(MatchError {
                        range: self.range(self.at - 1),
                        message: "malformed type".into(),
                        count: false,
                    });
                    return false;
                }
            }
            self.at = at;
            if !variadic {
                break;
            }
            if self.is_punct(self.at, ",") && self.types.starts_type(self.body(), self.at + 1) {
                self.at += 1;
            } else {
                break;
            }
        }
        if found.is_empty() && !variadic {
            let found_text = self.text(self.at).to_string();
            return self.fail(
                if found_text.is_empty() {
                    format!("`{}` is missing the type of `{name}`", self.op.name)
                } else {
                    format!(
                        "`{}` expects the type of `{name}` here, found `{found_text}`",
                        self.op.name
                    )
                },
                self.kind(self.at).is_none(),
            );
        }
        self.bound.types.insert(name, found);
        true
    }

    fn custom(&mut self, name: &str, args: &'f [Element], regions: &mut usize) -> bool {
        let first_var = args.iter().find_map(|a| match a {
            Element::Var(v) => Some(v.as_str()),
            _ => None,
        });
        match name {
            "CudaTileType" => match args.first() {
                Some(Element::TypeOf(v)) => self.bind_types(v),
                _ => true,
            },
            "IEEERoundingMode"
            | "DivFOpRoundingMode"
            | "ExpOpRoundingMode"
            | "SqrtOpRoundingMode"
            | "TanHOpRoundingMode"
            | "IntegerRoundingMode" => {
                let keyword = self.text(self.at);
                if (keyword == "rounding" || keyword == "#cuda_tile.rounding")
                    && self.is_punct(self.at + 1, "<")
                {
                    if let Some(var) = first_var {
                        return self.attr(var, "enum:RoundingMode");
                    }
                }
                true
            }
            "DenseTypedElementsAttr" | "DenseTypedElementsAttrNoResult" => {
                if let Some(var) = first_var {
                    if !self.is_punct(self.at, "<") {
                        return self.fail(
                            format!("`{}` expects a value such as `<f32: 0.0>`", self.op.name),
                            false,
                        );
                    }
                    self.attr(var, "dense");
                }
                if self.text(self.at) == ":" {
                    self.at += 1;
                    let target = args
                        .iter()
                        .find_map(|a| match a {
                            Element::TypeOf(v) => Some(v.as_str()),
                            _ => None,
                        })
                        .or_else(|| self.fact.result.first().map(|r| r.name.as_str()))
                        .unwrap_or("value");
                    return self.bind_types(target);
                }
                self.fail(
                    format!("`{}` expects `:` and the value's type", self.op.name),
                    false,
                )
            }
            // Load and store: the index types after the view's type, `, tile<i32>`.
            "ViewIndexTypes" => {
                let starts =
                    self.is_punct(self.at, ",") && self.types.starts_type(self.body(), self.at + 1);
                match args.first() {
                    Some(Element::TypeOf(name)) if starts => {
                        self.at += 1;
                        self.bind_types(name)
                    }
                    _ => true,
                }
            }
            // make_tensor_view's `[32, %n]`: integers and values up to the `]`.
            "StaticOrDynamic" => {
                let mut values = Vec::new();
                while self.at < self.body().len() && !self.is_punct(self.at, "]") {
                    if self.kind(self.at) == Some(Kind::Value) {
                        values.push(self.body()[self.at]);
                    }
                    self.at += 1;
                }
                if let Some(operand) = first_var.and_then(|v| self.operand(v)) {
                    self.bound.operands.insert(&operand.name, values);
                }
                true
            }
            // One type for all the listed operands (make_tensor_view's dynamic values).
            "SharedType" => {
                let mut at = self.at;
                let body = self.body();
                let Some(ty) = self.types.read(body, &mut at) else {
                    return self.fail("malformed type".into(), false);
                };
                self.at = at;
                for arg in args {
                    if let Element::TypeOf(name) = arg {
                        self.bound.types.insert(name, vec![ty.clone()]);
                    }
                }
                true
            }
            "Region" | "IfOpRegion" => {
                *regions += 1;
                true
            }
            // `for %iv in …`: the induction variable is a region argument, defined elsewhere.
            "InductionVar" => {
                if self.kind(self.at) == Some(Kind::Value) {
                    self.at += 1;
                }
                true
            }
            // `iter_values(%acc = %init, …)`: the initial values are the op's operands.
            "IterValues" => {
                if !self.is_punct(self.at, "(") {
                    return true;
                }
                let start = self.at;
                let mut values = Vec::new();
                let mut at = self.at + 1;
                while self.kind(at) == Some(Kind::Value)
                    && self.is_punct(at + 1, "=")
                    && self.kind(at + 2) == Some(Kind::Value)
                {
                    values.push(self.body()[at + 2]);
                    at += 3;
                    if self.is_punct(at, ",") {
                        at += 1;
                    }
                }
                self.at = start;
                self.skip_balanced();
                let operand = args.iter().rev().find_map(|a| match a {
                    Element::Var(v) => self.operand(v),
                    _ => None,
                });
                if let Some(operand) = operand {
                    self.bound.operands.insert(&operand.name, values);
                }
                true
            }
            // `loop iter_values(…) : T1, T2 -> R1, R2`: the carried types, then the result
            // types; without iter_values, `loop : R1` names the result types only.
            "LoopTypes" => {
                let mut types = args.iter().filter_map(|a| match a {
                    Element::TypeOf(v) => Some(v.as_str()),
                    _ => None,
                });
                let (Some(carried), Some(results)) = (types.next(), types.next()) else {
                    return true;
                };
                if self.is_punct(self.at, ":") {
                    self.at += 1;
                    let carries = self
                        .bound
                        .operands
                        .get(carried)
                        .is_some_and(|values| !values.is_empty());
                    if !carries {
                        return self.bind_types(results);
                    }
                    if !self.bind_types(carried) {
                        return false;
                    }
                }
                if self.is_punct(self.at, "->") {
                    self.at += 1;
                    return self.bind_types(results);
                }
                true
            }
            "FunctionSignature" => {
                // `(%a: T, …)`: the arguments are read where the entry's region is bound.
                if self.is_punct(self.at, "(") {
                    self.skip_balanced();
                }
                true
            }
            "ArgumentRegion" => {
                // `(%a: T, %b: T)` then the region
                if self.is_punct(self.at, "(") {
                    self.skip_balanced();
                }
                *regions += 1;
                true
            }
            _ => {
                // Keyword-like customs (Signedness, ComparisonPredicate, SymbolVisibility, …):
                // an optional word, possibly with `<…>`.
                let Some(var) = first_var else {
                    return true;
                };
                let Some(attr) = self.attribute(var) else {
                    return true;
                };
                // An enum written as a bare keyword must be one of its cases: `global
                // constant @g` has no visibility, `constant` is the next keyword.
                let Some(enum_name) = attr.kind.strip_prefix("enum:") else {
                    return !self.attr_can_start(attr) || self.attr(&attr.name, &attr.kind);
                };
                let word = self.text(self.at);
                let db = speclint_spec_db::tile_ir::db();
                let is_case = self.is_punct(self.at + 1, "<")
                    || db
                        .enum_fact(enum_name)
                        .is_none_or(|e| e.cases.iter().any(|c| c.keyword == word));
                if is_case && self.attr_can_start(attr) {
                    return self.attr(&attr.name, &attr.kind);
                }
                if attr.presence != "required" {
                    return true;
                }
                // A required case is missing, or misspelt: a word that is no case of the op's
                // other enums (`cmpf ordered %a, %b` lacks its predicate) is bound as written,
                // and check_enums names the allowed cases.
                let other_enum_case = self
                    .fact
                    .attribute
                    .iter()
                    .filter(|a| a.name != attr.name)
                    .filter_map(|a| db.enum_fact(a.kind.strip_prefix("enum:")?))
                    .any(|e| e.cases.iter().any(|c| c.keyword == word));
                if self.kind(self.at) == Some(Kind::Ident) && !other_enum_case {
                    return self.attr(&attr.name, &attr.kind);
                }
                let at = self.at;
                self.missing_case(at, attr, enum_name)
            }
        }
    }

    /// A required enum attribute whose case is not written at `at`.
    fn missing_case(
        &mut self,
        at: usize,
        attr: &speclint_spec_db::tile_ir_model::Attribute,
        enum_name: &str,
    ) -> bool {
        let allowed = if attr.cases.is_empty() {
            speclint_spec_db::tile_ir::db()
                .enum_fact(enum_name)
                .map(|e| e.cases.iter().map(|c| c.keyword.as_str()).collect())
                .unwrap_or_default()
        } else {
            attr.cases.iter().map(String::as_str).collect::<Vec<_>>()
        };
        let found = self.text(at);
        let found = if found.is_empty() {
            String::new()
        } else {
            format!(", found `{found}`")
        };
        let message = format!(
            "`{}` expects its `{}` here ({enum_name}: {}){found}",
            self.op.name,
            attr.name,
            allowed.join(", ")
        );
        self.at = at;
        self.fail(message, false)
    }

    /// `"cuda_tile.addf"(%a, %b) <{props}> {attrs} : (T, T) -> T`
    fn generic(&mut self) {
        let mut values = Vec::new();
        if self.is_punct(self.at, "(") {
            self.at += 1;
            while self.at < self.body().len() && !self.is_punct(self.at, ")") {
                if self.kind(self.at) == Some(Kind::Value) {
                    values.push(self.body()[self.at]);
                }
                self.at += 1;
            }
            self.at += 1;
        }
        // Properties / attributes: `<{name = value, …}>` and `{name = value}`
        while self.is_punct(self.at, "<")
            || self.is_punct(self.at, "{")
            || self.is_punct(self.at, "(")
        {
            let open = self.at;
            self.skip_balanced();
            let mut i = open;
            while i < self.at {
                let attr = (self.kind(i) == Some(Kind::Ident))
                    .then(|| self.attribute(self.text(i)))
                    .flatten();
                if let Some(attr) = attr.filter(|_| {
                    self.is_punct(i + 1, "=")
                        || self.is_punct(i + 1, ",")
                        || self.is_punct(i + 1, "}")
                }) {
                    let name = attr.name.as_str();
                    let kind = attr.kind.as_str();
                    let keyword_at = if self.is_punct(i + 1, "=") {
                        if self.is_punct(i + 3, "<") {
                            i + 4
                        } else {
                            i + 2
                        }
                    } else {
                        i
                    };
                    let keyword = if kind == "flag" {
                        name.to_string()
                    } else {
                        self.text(keyword_at).to_string()
                    };
                    self.bound.attrs.insert(
                        name,
                        BoundAttr {
                            keyword,
                            range: self.range(i),
                            keyword_range: self.range(keyword_at),
                        },
                    );
                }
                i += 1;
            }
        }
        let simple = self.fact.operand.iter().all(|o| o.arity == "single");
        if simple {
            if values.len() != self.fact.operand.len() {
                self.fail(
                    format!(
                        "`{}` takes {} operand(s), found {}",
                        self.op.name,
                        self.fact.operand.len(),
                        values.len()
                    ),
                    true,
                );
            }
            for (operand, value) in self.fact.operand.iter().zip(&values) {
                self.bound.operands.insert(&operand.name, vec![*value]);
            }
        }
        if !self.is_punct(self.at, ":") {
            return;
        }
        self.at += 1;
        let inputs = self.type_list();
        if simple && inputs.len() == self.fact.operand.len() {
            for (operand, ty) in self.fact.operand.iter().zip(inputs) {
                self.bound.types.insert(&operand.name, vec![ty]);
            }
        }
        if self.kind(self.at) == Some(Kind::Arrow) {
            self.at += 1;
            let outputs = self.type_list();
            if self.fact.result.iter().all(|r| r.arity == "single")
                && outputs.len() == self.fact.result.len()
            {
                for (result, ty) in self.fact.result.iter().zip(outputs) {
                    self.bound.types.insert(&result.name, vec![ty]);
                }
            }
        }
    }

    /// `(T, T)` or `T`.
    fn type_list(&mut self) -> Vec<TypeRef> {
        let body = self.body();
        self.types.read_list(body, &mut self.at)
    }
}
