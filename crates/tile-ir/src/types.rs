//! Tile IR types as written: `tile<4x8xf16>`, `tile<ptr<f32>>`, `tensor_view<…>`, the three
//! tile views and `token`, in short (`tile`) or long (`!cuda_tile.tile`) spelling, and type
//! aliases (`!pv = !cuda_tile.partition_view<…>`).

use super::ast::File;
use super::lex::Kind;
use rustc_hash::FxHashMap as HashMap;
use speclint_base::limits::MAX_NESTING;
use speclint_base::text::TextRange;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Type {
    /// A bare element type (`f32`), as a pointee or in an attribute; the name is the spec-db's.
    Elem(&'static str),
    /// `tile<SHAPE x ELEM>`; rank 0 when the shape is empty. `elem` is `Elem` or `Ptr`.
    Tile {
        shape: Vec<i64>,
        elem: Box<Type>,
    },
    Ptr(Box<Type>),
    /// `elem` is `?` when the element type is not known; in `shape` and `strides`, -1 stands
    /// for `?` (dynamic). `strides` is empty when none are written.
    TensorView {
        elem: &'static str,
        shape: Vec<i64>,
        strides: Vec<i64>,
    },
    View {
        kind: ViewKind,
        tile: Vec<i64>,
        elem: &'static str,
        /// The tensor_view inside, when one is written.
        tensor: Option<Box<Type>>,
    },
    Token,
    /// Something this model does not know (a foreign type); compared by spelling only.
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    Partition,
    Strided,
    GatherScatter,
}

impl ViewKind {
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Partition => "partition_view",
            ViewKind::Strided => "strided_view",
            ViewKind::GatherScatter => "gather_scatter_view",
        }
    }
}

/// A type occurrence: the model, its canonical spelling (short names, no spaces) for
/// comparisons and messages, and where it was written. Model and spelling are shared by all
/// occurrences of the same text, so copies are cheap.
#[derive(Clone, Debug)]
pub struct TypeRef {
    pub ty: Arc<Type>,
    pub spelling: Arc<str>,
    pub range: TextRange,
}

impl Type {
    /// The element type of a tile (`f32`, `ptr`), the pointee-less name for pointers.
    pub fn element(&self) -> Option<&'static str> {
        match self {
            Type::Tile { elem, .. } => match elem.as_ref() {
                Type::Elem(name) => Some(name),
                Type::Ptr(_) => Some("ptr"),
                _ => None,
            },
            Type::Elem(name) => Some(name),
            Type::TensorView { elem, .. } | Type::View { elem, .. } => Some(elem),
            _ => None,
        }
    }

    /// The rank of a tensor_view, or of the tensor_view a view looks into.
    pub fn tensor_rank(&self) -> Option<usize> {
        match self {
            Type::TensorView { shape, .. } => Some(shape.len()),
            Type::View { tensor, .. } => tensor.as_ref().and_then(|t| t.tensor_rank()),
            _ => None,
        }
    }

    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            Type::Tile { shape, .. } => Some(shape),
            _ => None,
        }
    }

    pub fn kind_name(&self) -> &'static str {
        match self {
            Type::Elem(_) => "element type",
            Type::Tile { .. } => "tile",
            Type::Ptr(_) => "ptr",
            Type::TensorView { .. } => "tensor_view",
            Type::View { kind, .. } => kind.name(),
            Type::Token => "token",
            Type::Other => "type",
        }
    }
}

impl fmt::Display for TypeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelling)
    }
}

/// A problem inside a type that the checker reports (the parser reports malformed syntax).
#[derive(Clone, Debug)]
pub enum TypeProblem {
    UnknownElement {
        name: String,
        range: TextRange,
    },
    NotPowerOfTwo {
        dim: i64,
        range: TextRange,
    },
    /// A well-formed type that the type rules do not allow (TILE015).
    Invalid {
        message: String,
        range: TextRange,
    },
    Malformed {
        message: String,
        range: TextRange,
    },
    /// A keyword that is not a case of the enum its key takes (`padding_value = bogus`).
    UnknownCase {
        message: String,
        range: TextRange,
    },
    /// A type nested deeper than `MAX_NESTING`, read as `Type::Other` (IO002).
    TooDeep {
        range: TextRange,
    },
}

/// Types already read, by their text: a module repeats a few types thousands of times.
pub type TypeCache = RefCell<HashMap<Box<str>, (Arc<Type>, Arc<str>)>>;

/// Reads types from a token list, resolving aliases.
pub struct TypeReader<'a> {
    pub file: &'a File,
    pub source: &'a str,
    pub aliases: &'a HashMap<String, TypeRef>,
    /// The spec-db name of an element type (`f32`), or None when `name` is not one.
    pub element: &'a dyn Fn(&str) -> Option<&'static str>,
    pub problems: Vec<TypeProblem>,
    /// Types read before, reused when the same text is read again without problems (None
    /// while aliases are being defined: a later alias may change what a name means).
    pub cache: Option<&'a TypeCache>,
    /// How many types enclose the one being read (0 for a type on its own).
    pub(super) depth: usize,
}

impl<'a> TypeReader<'a> {
    pub(super) fn text(&self, toks: &[u32], at: usize) -> &'a str {
        toks.get(at).map_or("", |&t| self.file.text(self.source, t))
    }

    pub(super) fn kind(&self, toks: &[u32], at: usize) -> Option<Kind> {
        toks.get(at).map(|&t| self.file.kind(t))
    }

    pub(super) fn is(&self, toks: &[u32], at: usize, punct: &str) -> bool {
        self.kind(toks, at) == Some(Kind::Punct) && self.text(toks, at) == punct
    }

    /// A reader for looking ahead: what it reads is not reported (its problems stay with it).
    pub fn probe(&self) -> TypeReader<'a> {
        TypeReader {
            file: self.file,
            source: self.source,
            aliases: self.aliases,
            element: self.element,
            problems: Vec::new(),
            cache: self.cache,
            depth: 0,
        }
    }

    /// Does a type start at `at`?
    pub fn starts_type(&self, toks: &[u32], at: usize) -> bool {
        match self.kind(toks, at) {
            Some(Kind::BangIdent) => true,
            Some(Kind::Ident) => {
                let name = self.text(toks, at);
                matches!(
                    name,
                    "tile"
                        | "ptr"
                        | "tensor_view"
                        | "partition_view"
                        | "strided_view"
                        | "gather_scatter_view"
                        | "token"
                ) || (self.element)(name).is_some()
            }
            _ => false,
        }
    }

    /// Reads one type at `*at`, advancing past it. None (with a Malformed problem) when the
    /// tokens there are not a type.
    pub fn read(&mut self, toks: &[u32], at: &mut usize) -> Option<TypeRef> {
        let start = *at;
        let text = self.cache.and_then(|_| self.written_text(toks, start));
        if let (Some(cache), Some((text, end))) = (self.cache, text) {
            if let Some((ty, spelling)) = cache.borrow().get(text) {
                *at = end;
                return Some(TypeRef {
                    ty: ty.clone(),
                    spelling: spelling.clone(),
                    range: self.span(toks, start, end),
                });
            }
        }
        let problems = self.problems.len();
        let ty = self.read_inner(toks, at)?;
        let range = self.span(toks, start, *at);
        if let Some(alias) = self.aliases.get(self.file.text(self.source, toks[start])) {
            if *at == start + 1 {
                return Some(TypeRef {
                    ty: alias.ty.clone(),
                    spelling: alias.spelling.clone(),
                    range,
                });
            }
        }
        let mut spelling = String::new();
        for &t in &toks[start..*at] {
            spelling.push_str(self.file.text(self.source, t));
        }
        let spelling: Arc<str> = if spelling.contains('!') {
            spelling.replace("!cuda_tile.", "").into()
        } else {
            spelling.into()
        };
        let ty = Arc::new(ty);
        if let (Some(cache), Some((text, end))) = (self.cache, text) {
            if end == *at && self.problems.len() == problems {
                cache
                    .borrow_mut()
                    .insert(text.into(), (ty.clone(), spelling.clone()));
            }
        }
        Some(TypeRef {
            ty,
            spelling,
            range,
        })
    }

    pub(super) fn span(&self, toks: &[u32], start: usize, end: usize) -> TextRange {
        let first = self.file.range(toks[start]);
        let last = self.file.range(toks[end - 1]);
        TextRange::new(first.start, last.end)
    }

    /// The source text of the type starting at `start` (a name and its balanced `<…>`) and
    /// the index after it, when its tokens are consecutive in the file.
    fn written_text(&self, toks: &[u32], start: usize) -> Option<(&'a str, usize)> {
        let mut end = start + 1;
        if self.is(toks, end, "<") {
            skip_group(self.file, self.source, toks, &mut end, 0);
        }
        let (first, last) = (*toks.get(start)?, *toks.get(end - 1)?);
        if (last - first) as usize != end - 1 - start {
            return None;
        }
        let range = self.span(toks, start, end);
        Some((&self.source[range.start..range.end], end))
    }

    pub(super) fn malformed(&mut self, toks: &[u32], at: usize, message: String) -> Option<Type> {
        let range = toks
            .get(at)
            .or(toks.last())
            .map_or(TextRange::new(0, 0), |&t| self.file.range(t));
        self.problems
            .push(TypeProblem::Malformed { message, range });
        None
    }

    /// Reads a type inside the one being read (a pointee, an element). Past `MAX_NESTING`
    /// levels it records TooDeep, skips the type and reads it as `Type::Other`, so that the
    /// enclosing types still end at their own `>`.
    fn read_nested(&mut self, toks: &[u32], at: &mut usize) -> Option<Type> {
        // The type being read is level `depth + 1`; this one would be `depth + 2`.
        if self.depth + 2 > MAX_NESTING {
            if let Some(&token) = toks.get(*at) {
                self.problems.push(TypeProblem::TooDeep {
                    range: self.file.range(token),
                });
                *at += 1;
                if self.is(toks, *at, "<") {
                    skip_group(self.file, self.source, toks, at, 0);
                }
                return Some(Type::Other);
            }
        }
        self.depth += 1;
        let ty = self.read_inner(toks, at);
        self.depth -= 1;
        ty
    }

    fn read_inner(&mut self, toks: &[u32], at: &mut usize) -> Option<Type> {
        let Some(kind) = self.kind(toks, *at) else {
            return self.malformed(toks, *at, "expected a type".into());
        };
        let raw = self.text(toks, *at);
        let name = raw.strip_prefix("!cuda_tile.").unwrap_or(raw);
        if kind == Kind::BangIdent && !raw.starts_with("!cuda_tile.") {
            *at += 1;
            if let Some(alias) = self.aliases.get(raw) {
                // An alias brings its own nesting: `!p2 = ptr<!p1>` nests one more than `!p1`.
                if self.depth + 1 + alias.ty.nesting() > MAX_NESTING {
                    let range = self.file.range(toks[*at - 1]);
                    self.problems.push(TypeProblem::TooDeep { range });
                    return Some(Type::Other);
                }
                return Some(Type::clone(&alias.ty));
            }
            // An alias defined later or a foreign dialect's type: skip its parameters.
            if self.is(toks, *at, "<") {
                skip_group(self.file, self.source, toks, at, 0);
            }
            return Some(Type::Other);
        }
        if !matches!(kind, Kind::Ident | Kind::BangIdent) {
            return self.malformed(toks, *at, format!("expected a type, found `{raw}`"));
        }
        *at += 1;
        match name {
            "token" => Some(Type::Token),
            "tile" => {
                self.expect(toks, at, "<")?;
                let shape_at = *at;
                let (shape, elem) = self.shape_and_element(toks, at, true)?;
                self.tile_shape_limits(toks, shape_at, &shape);
                self.expect(toks, at, ">")?;
                Some(Type::Tile {
                    shape,
                    elem: Box::new(elem),
                })
            }
            "ptr" => {
                self.expect(toks, at, "<")?;
                let start = *at;
                let pointee = self.read_nested(toks, at)?;
                self.pointee(&pointee, toks, start, *at);
                self.expect(toks, at, ">")?;
                Some(Type::Ptr(Box::new(pointee)))
            }
            "tensor_view" => {
                self.expect(toks, at, "<")?;
                let shape_at = *at;
                let (shape, elem) = self.shape_and_element(toks, at, false)?;
                let strides = self.tensor_view_rest(toks, shape_at, at, &shape)?;
                Some(Type::TensorView {
                    elem: elem.element_name(),
                    shape,
                    strides,
                })
            }
            "partition_view" | "strided_view" | "gather_scatter_view" => {
                let kind = match name {
                    "partition_view" => ViewKind::Partition,
                    "strided_view" => ViewKind::Strided,
                    _ => ViewKind::GatherScatter,
                };
                self.expect(toks, at, "<")?;
                self.view(kind, toks, at)
            }
            _ if (self.element)(name).is_some() => (self.element)(name).map(Type::Elem),
            _ => {
                let range = self.file.range(toks[*at - 1]);
                if self.is(toks, *at, "<") {
                    skip_group(self.file, self.source, toks, at, 0);
                }
                self.problems.push(TypeProblem::UnknownElement {
                    name: name.to_string(),
                    range,
                });
                Some(Type::Other)
            }
        }
    }

    /// A pointer's pointee must be a number type (types.md#ptr: `CudaTile_NumberType`).
    fn pointee(&mut self, pointee: &Type, toks: &[u32], start: usize, end: usize) {
        if matches!(pointee, Type::Elem(_) | Type::Other) || end <= start {
            return;
        }
        self.problems.push(TypeProblem::Invalid {
            message: format!(
                "a pointer's pointee must be a number type (types.md#ptr), not a {}",
                pointee.kind_name()
            ),
            range: self.span(toks, start, end),
        });
    }

    fn view(&mut self, kind: ViewKind, toks: &[u32], at: &mut usize) -> Option<Type> {
        let start = *at;
        let mut tile = Vec::new();
        let mut elem = "?";
        let mut tensor_rank = None;
        let mut tensor = None;
        let mut dim_map = None;
        loop {
            if self.is(toks, *at, ">") {
                *at += 1;
                break;
            }
            if *at >= toks.len() {
                return self.malformed(toks, *at, format!("`{}<` is not closed", kind.name()));
            }
            if self.is(toks, *at, ",") {
                *at += 1;
                continue;
            }
            let word = self.text(toks, *at);
            if word == "tile" && self.is(toks, *at + 1, "=") {
                *at += 2;
                self.expect(toks, at, "(")?;
                let open = *at - 1;
                while *at < toks.len() && !self.is(toks, *at, ")") {
                    let t = toks[*at];
                    let text = self.file.text(self.source, t);
                    for part in text.split('x').filter(|p| !p.is_empty()) {
                        if let Some(dim) = self.view_tile_dim(part, self.file.range(t)) {
                            tile.push(dim);
                        }
                    }
                    *at += 1;
                }
                self.expect(toks, at, ")")?;
                if tile.is_empty() {
                    self.empty_view_tile(kind, self.span(toks, open, *at));
                }
            } else if self.starts_type(toks, *at) && !self.is(toks, *at + 1, "=") {
                let inner = self.read_nested(toks, at)?;
                if let Type::TensorView { shape, .. } = &inner {
                    tensor_rank = Some(shape.len());
                    tensor = Some(Box::new(inner.clone()));
                }
                elem = inner.element_name();
            } else if word == "dim_map" && self.is(toks, *at + 1, "=") {
                *at += 2;
                dim_map = self.dim_map_list(toks, at);
            } else {
                // key = value, value being a word, a number or a bracketed list
                *at += 1;
                if self.is(toks, *at, "=") {
                    *at += 1;
                }
                if word == "padding_value" {
                    self.padding_value(toks, *at);
                }
                if self.is(toks, *at, "[") || self.is(toks, *at, "(") {
                    skip_group(self.file, self.source, toks, at, 0);
                } else if *at < toks.len() && !self.is(toks, *at, ">") {
                    *at += 1;
                }
            }
        }
        if let (ViewKind::Partition, Some(rank)) = (kind, tensor_rank) {
            if !tile.is_empty() && tile.len() != rank {
                self.problems.push(TypeProblem::Invalid {
                    message: format!(
                        "the partition_view's tile has {} dimension(s), but its tensor_view has rank {rank}; a partition_view tiles every dimension of its tensor_view (types.md#partition_view)",
                        tile.len()
                    ),
                    range: self.span(toks, start.saturating_sub(2), *at),
                });
            }
        }
        if let (Some(entries), Some(rank)) = (dim_map, tensor_rank) {
            self.check_dim_map(&entries, tile.len(), rank);
        }
        Some(Type::View {
            kind,
            tile,
            elem,
            tensor,
        })
    }

    /// A view's `padding_value` must be a PaddingValue case (types.md, partition_view).
    fn padding_value(&mut self, toks: &[u32], at: usize) {
        let Some(cases) = speclint_spec_db::tile_ir::db().enum_fact("PaddingValue") else {
            return;
        };
        let word = self.text(toks, at);
        if cases.cases.iter().any(|c| c.keyword == word) {
            return;
        }
        let allowed: Vec<&str> = cases.cases.iter().map(|c| c.keyword.as_str()).collect();
        let range = match toks.get(at) {
            Some(&t) if !self.is(toks, at, ">") && !self.is(toks, at, ",") => self.file.range(t),
            _ => self.span(toks, at.saturating_sub(2), at),
        };
        let message = if word.is_empty() || word == ">" || word == "," {
            format!(
                "`padding_value` expects a PaddingValue ({})",
                allowed.join(", ")
            )
        } else {
            format!(
                "`{word}` is not a PaddingValue; `padding_value` accepts {}",
                allowed.join(", ")
            )
        };
        self.problems
            .push(TypeProblem::UnknownCase { message, range });
    }

    /// `4x8xf16`, `4x!cuda_tile.ptr<f32>`, `f32`, `?x16xf32` inside `<…>`.
    fn shape_and_element(
        &mut self,
        toks: &[u32],
        at: &mut usize,
        check_powers: bool,
    ) -> Option<(Vec<i64>, Type)> {
        let mut shape = Vec::new();
        if self.kind(toks, *at) == Some(Kind::Shape) {
            let token = toks[*at];
            let range = self.file.range(token);
            let text = self.file.text(self.source, token);
            let parts: Vec<&str> = text.split('x').collect();
            let (dims, last) = parts.split_at(parts.len() - 1);
            for dim in dims {
                let value = if *dim == "?" {
                    -1
                } else {
                    dim.parse().unwrap_or(-1)
                };
                if check_powers {
                    self.check_dim(value, range);
                }
                shape.push(value);
            }
            *at += 1;
            let last = last[0];
            if !last.is_empty() {
                if last.parse::<i64>().is_ok() || last == "?" {
                    return self
                        .malformed(toks, *at - 1, format!("`{text}` has no element type"))
                        .map(|t| (shape, t));
                }
                let elem_range = TextRange::new(range.end - last.len(), range.end);
                let elem = if last == "ptr" {
                    self.expect(toks, at, "<")?;
                    let start = *at;
                    let pointee = self.read_nested(toks, at)?;
                    self.pointee(&pointee, toks, start, *at);
                    self.expect(toks, at, ">")?;
                    Type::Ptr(Box::new(pointee))
                } else {
                    match (self.element)(last) {
                        Some(name) => Type::Elem(name),
                        None => {
                            // Reported here; the checks that follow skip an unknown element.
                            self.problems.push(TypeProblem::UnknownElement {
                                name: last.to_string(),
                                range: elem_range,
                            });
                            Type::Other
                        }
                    }
                };
                return Some((shape, elem));
            }
        }
        let elem = self.read_nested(toks, at)?;
        Some((shape, elem))
    }

    pub(super) fn check_dim(&mut self, dim: i64, range: TextRange) {
        if dim > 0 && (dim as u64).count_ones() != 1 {
            self.problems
                .push(TypeProblem::NotPowerOfTwo { dim, range });
        }
    }

    fn expect(&mut self, toks: &[u32], at: &mut usize, punct: &str) -> Option<()> {
        if self.is(toks, *at, punct) {
            *at += 1;
            Some(())
        } else {
            let found = self.text(toks, *at);
            let message = if found.is_empty() {
                format!("expected `{punct}` to complete the type")
            } else {
                format!("expected `{punct}` in the type, found `{found}`")
            };
            self.malformed(toks, *at, message).map(|_| ())
        }
    }

    /// Skips to just past the bracket that closes the group `*at` is inside of.
    pub(super) fn skip_to_close(&self, toks: &[u32], at: &mut usize) {
        skip_group(self.file, self.source, toks, at, 1);
    }

    /// The types `T, U` or `(T, U)` from `*at` on, advancing past them (and the `)`).
    pub fn read_list(&mut self, toks: &[u32], at: &mut usize) -> Vec<TypeRef> {
        let mut out = Vec::new();
        let parenthesized = self.is(toks, *at, "(");
        if parenthesized {
            *at += 1;
        }
        while self.starts_type(toks, *at) {
            match self.read(toks, at) {
                Some(t) => out.push(t),
                None => break,
            }
            if !self.is(toks, *at, ",") {
                break;
            }
            *at += 1;
        }
        if parenthesized && self.is(toks, *at, ")") {
            *at += 1;
        }
        out
    }
}

impl Type {
    /// How many types are nested in this one (`tile<ptr<f32>>`: 2). Readers keep it within
    /// `MAX_NESTING`, so that the derived clone, comparison and drop (which recurse) stay
    /// shallow.
    pub fn nesting(&self) -> usize {
        let (mut ty, mut levels) = (self, 0);
        while let Type::Tile { elem, .. } | Type::Ptr(elem) = ty {
            (ty, levels) = (elem, levels + 1);
        }
        levels
    }

    /// The element type's spec-db name, `?` when there is none.
    fn element_name(&self) -> &'static str {
        match self {
            Type::Elem(name) => name,
            Type::Tile { elem, .. } => elem.element_name(),
            Type::Ptr(_) => "ptr",
            Type::TensorView { elem, .. } | Type::View { elem, .. } => elem,
            _ => "?",
        }
    }
}

/// Skips one bracketed group (`( … )`, `[ … ]`, `< … >`, `{ … }`, nested ones included) from
/// `*at`, or one token when no group opens there. `depth` 1: `*at` is already inside the group.
pub fn skip_group(file: &File, source: &str, toks: &[u32], at: &mut usize, depth: usize) {
    let mut depth = depth;
    while *at < toks.len() {
        let t = toks[*at];
        if file.kind(t) == Kind::Punct {
            match file.text(source, t) {
                "(" | "[" | "<" | "{" => depth += 1,
                ")" | "]" | ">" | "}" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        *at += 1;
                        return;
                    }
                }
                _ => {}
            }
        }
        *at += 1;
        if depth == 0 {
            return;
        }
    }
}

/// One entry of `make_tensor_view`'s `shape = […]` or `strides = […]`.
pub(crate) enum Entry {
    Static(i64),
    Dynamic,
}
