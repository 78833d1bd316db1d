//! Views and their types: what a `tensor_view<…>` and a tile view's `<…>` may hold
//! (types.md#tensor_view, #partition_view, #strided_view), and the ops that build and use
//! views: `make_tensor_view`'s shape and stride lists against its result type, and the index
//! count and tile type of `load_view_tko` / `store_view_tko` against the view's type.
//!
//! Type problems are TILE015 (a syntax problem inside the type is TILE001); an op whose lists
//! or index operands have the wrong length is TILE006; entries, tiles or pointees that do not
//! agree with the view's type are TILE008.

use super::ast::{Form, Op};
use super::bind::Bound;
use super::checker::{Checker, Effective};
use super::lex::Kind;
use super::rules::{
    tile_operand_count, tile_operands_disagree, tile_syntax_error, tile_type_mismatch,
};
use super::types::{Entry, Type, TypeProblem, TypeReader, ViewKind};
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

/// A tile_shape is a `DenseI32ArrayAttr` (types.md#partition_view, Parameters).
const MAX_TILE_DIM: i64 = i32::MAX as i64;

impl TypeReader<'_> {
    fn invalid(&mut self, range: TextRange, message: String) {
        self.problems.push(TypeProblem::Invalid { message, range });
    }

    fn syntax(&mut self, range: TextRange, message: String) {
        self.problems
            .push(TypeProblem::Malformed { message, range });
    }

    fn token_range(&self, toks: &[u32], at: usize) -> TextRange {
        toks.get(at)
            .or(toks.last())
            .map_or(TextRange::new(0, 0), |&t| self.file.range(t))
    }

    /// The rest of a `tensor_view<` after its shape and element type (`shape_at` is where the
    /// shape was written): `>` for a 0-d view, `, strides=[S, …]>` otherwise. Checks that sizes
    /// and strides are strictly positive or `?`, one stride per dimension, and none for a 0-d
    /// view. Returns the strides (-1 for `?`); None when the type's syntax is broken.
    pub(super) fn tensor_view_rest(
        &mut self,
        toks: &[u32],
        shape_at: usize,
        at: &mut usize,
        shape: &[i64],
    ) -> Option<Vec<i64>> {
        if self.kind(toks, shape_at) == Some(Kind::Shape) {
            let range = self.token_range(toks, shape_at);
            let text = self.text(toks, shape_at);
            let parts: Vec<&str> = text.split('x').collect();
            for part in &parts[..parts.len() - 1] {
                match part.parse::<i64>() {
                    _ if *part == "?" => {}
                    Ok(size) if size > 0 => {}
                    Ok(size) => self.invalid(
                        range,
                        format!("a tensor_view's sizes must be strictly positive (or `?` when dynamic), not {size} (types.md#tensor_view)"),
                    ),
                    Err(_) => self.invalid(
                        range,
                        format!("the tensor_view size {part} does not fit in 64 bits (types.md#tensor_view: sizes are int64)"),
                    ),
                }
            }
        }
        let rank = shape.len();
        if self.is(toks, *at, ">") {
            if rank > 0 {
                self.syntax(
                    self.token_range(toks, *at),
                    format!(
                        "a tensor_view of rank {rank} needs `strides=[…]` after its element type"
                    ),
                );
            }
            *at += 1;
            return Some(Vec::new());
        }
        if !self.is(toks, *at, ",") {
            let found = self.text(toks, *at);
            self.malformed(
                toks,
                *at,
                format!("expected `,` or `>` in the tensor_view, found `{found}`"),
            );
            return None;
        }
        *at += 1;
        if self.text(toks, *at) != "strides" || !self.is(toks, *at + 1, "=") {
            let found = self.text(toks, *at);
            self.malformed(
                toks,
                *at,
                format!("expected `strides=[…]` after `,` in the tensor_view, found `{found}`"),
            );
            return None;
        }
        let keyword = *at;
        *at += 2;
        let (strides, close) = self.stride_list(toks, at)?;
        *at = close + 1;
        let range = self.span(toks, keyword, *at);
        if rank == 0 {
            self.invalid(
                range,
                "a 0-d tensor_view takes no strides: write `tensor_view<ELEM>` (types.md#tensor_view)".into(),
            );
        } else if strides.len() != rank {
            self.invalid(
                range,
                format!(
                    "the tensor_view has {rank} dimension(s) but {} stride(s); each dimension has one stride (types.md#tensor_view)",
                    strides.len()
                ),
            );
        }
        self.skip_to_close(toks, at);
        Some(strides)
    }

    /// `[S, ?, …]` from `*at`: strictly positive integers or `?`. Returns the strides and the
    /// index of the `]`.
    fn stride_list(&mut self, toks: &[u32], at: &mut usize) -> Option<(Vec<i64>, usize)> {
        if !self.is(toks, *at, "[") {
            let found = self.text(toks, *at);
            self.malformed(
                toks,
                *at,
                format!("expected `[` after `strides=`, found `{found}`"),
            );
            return None;
        }
        *at += 1;
        let mut strides = Vec::new();
        if self.is(toks, *at, "]") {
            return Some((strides, *at));
        }
        loop {
            let start = *at;
            let negative = self.is(toks, *at, "-");
            if negative {
                *at += 1;
            }
            let text = self.text(toks, *at);
            let value = match self.kind(toks, *at) {
                Some(Kind::Punct) if text == "?" && !negative => -1,
                Some(Kind::Integer) => {
                    let range = self.span(toks, start, *at + 1);
                    let written = if negative {
                        format!("-{text}")
                    } else {
                        text.to_string()
                    };
                    match written.parse::<i64>() {
                        Ok(stride) if stride > 0 => stride,
                        Ok(_) => {
                            self.invalid(
                                range,
                                format!("a tensor_view's strides must be strictly positive (or `?` when dynamic), not {written} (types.md#tensor_view)"),
                            );
                            0
                        }
                        Err(_) => {
                            self.invalid(
                                range,
                                format!("the stride {written} does not fit in 64 bits (types.md#tensor_view: strides are int64)"),
                            );
                            0
                        }
                    }
                }
                _ => {
                    self.malformed(
                        toks,
                        *at,
                        format!("expected a stride (an integer or `?`), found `{text}`"),
                    );
                    return None;
                }
            };
            strides.push(value);
            *at += 1;
            if self.is(toks, *at, "]") {
                return Some((strides, *at));
            }
            if !self.is(toks, *at, ",") {
                let found = self.text(toks, *at);
                self.malformed(
                    toks,
                    *at,
                    format!("expected `,` or `]` in the strides, found `{found}`"),
                );
                return None;
            }
            *at += 1;
        }
    }

    /// One dimension of a tile view's `tile=(…)`: strictly positive, a power of two, and
    /// within i32 (the tile shape is an i32 array).
    pub(super) fn view_tile_dim(&mut self, part: &str, range: TextRange) -> Option<i64> {
        let Ok(dim) = part.parse::<i64>() else {
            self.invalid(
                range,
                format!("tile dimension {part} does not fit in a tile shape (an i32 array, types.md#partition_view)"),
            );
            return None;
        };
        if dim <= 0 {
            self.invalid(
                range,
                format!("a view's tile dimensions must be strictly positive, not {dim} (types.md#partition_view)"),
            );
        } else if dim > MAX_TILE_DIM {
            self.invalid(
                range,
                format!("tile dimension {dim} does not fit in a tile shape, an i32 array (at most {MAX_TILE_DIM}; types.md#partition_view)"),
            );
        } else {
            self.check_dim(dim, range);
        }
        Some(dim)
    }

    /// `tile=()`: a partition_view tiles at least one dimension (cuda-tile-opt rejects a 0-d
    /// tile shape; strided and gather/scatter views are left alone, for want of evidence).
    pub(super) fn empty_view_tile(&mut self, kind: ViewKind, range: TextRange) {
        if kind == ViewKind::Partition {
            self.invalid(
                range,
                format!("a {}'s tile must have at least one dimension; a 0-d tile is not supported (types.md#{})", kind.name(), kind.name()),
            );
        }
    }

    /// `[D, D, …]` after `dim_map=`: the entries (negative ones included) and their ranges, and
    /// the range of the whole list. None (the list skipped) when it is not a list of integers.
    #[allow(clippy::type_complexity)]
    pub(super) fn dim_map_list(
        &mut self,
        toks: &[u32],
        at: &mut usize,
    ) -> Option<(Vec<(i64, TextRange)>, TextRange)> {
        let open = *at;
        if !self.is(toks, open, "[") {
            return None;
        }
        let mut entries = Vec::new();
        let mut i = open + 1;
        loop {
            if self.is(toks, i, "]") {
                *at = i + 1;
                return Some((entries, self.span(toks, open, i + 1)));
            }
            let start = i;
            let negative = self.is(toks, i, "-");
            if negative {
                i += 1;
            }
            let value = (self.kind(toks, i) == Some(Kind::Integer))
                .then(|| self.text(toks, i).parse::<i64>().ok())
                .flatten();
            let Some(value) = value else {
                super::types::skip_group(self.file, self.source, toks, at, 0);
                return None;
            };
            entries.push((
                if negative { -value } else { value },
                self.span(toks, start, i + 1),
            ));
            i += 1;
            if self.is(toks, i, ",") {
                i += 1;
            }
        }
    }

    /// dim_map maps each tile dimension to a distinct dimension of the tensor_view
    /// (types.md#partition_view, `dim_map`).
    pub(super) fn check_dim_map(
        &mut self,
        (entries, range): &(Vec<(i64, TextRange)>, TextRange),
        tile_rank: usize,
        tensor_rank: usize,
    ) {
        if entries.len() != tile_rank {
            self.invalid(
                *range,
                format!(
                    "dim_map has {} entr{} but the tile has {tile_rank} dimension(s); it maps every tile dimension to a tensor_view dimension (types.md#partition_view)",
                    entries.len(),
                    if entries.len() == 1 { "y" } else { "ies" }
                ),
            );
        }
        for (index, &(target, entry_range)) in entries.iter().enumerate() {
            if target < 0 {
                self.invalid(
                    entry_range,
                    format!("dim_map entry {target} is negative; each entry names a tensor_view dimension (types.md#partition_view)"),
                );
            } else if target as u64 >= tensor_rank as u64 {
                self.invalid(
                    entry_range,
                    format!("dim_map entry {target} is not a dimension of the rank-{tensor_rank} tensor_view (0 to {})", tensor_rank.saturating_sub(1)),
                );
            } else if let Some(first) = entries[..index].iter().position(|&(t, _)| t == target) {
                self.invalid(
                    entry_range,
                    format!("tensor_view dimension {target} is mapped twice in dim_map (by tile dimensions {first} and {index}); each tile dimension needs its own"),
                );
            }
        }
    }
}

impl Checker<'_> {
    /// make_tensor_view, load_view_tko and store_view_tko against their view types.
    pub(super) fn view_rules(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        match fact.name.as_str() {
            "make_tensor_view" => self.make_tensor_view(op, fact, bound, effective),
            "make_partition_view" | "make_strided_view" | "make_gather_scatter_view"
                if fact.has_rule("tensor-view-matches") =>
            {
                self.view_over_operand(bound, effective)
            }
            "get_tensor_shape" | "get_index_space_shape" if fact.has_rule("result-count") => {
                self.shape_result_count(op, fact, effective)
            }
            "load_view_tko" | "store_view_tko" => self.view_access(op, fact, bound, effective),
            _ => {}
        }
    }

    fn make_tensor_view(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let Some(result) = effective.get("result") else {
            return;
        };
        let Type::TensorView {
            elem,
            shape,
            strides,
        } = result.ty.as_ref()
        else {
            return;
        };
        let generic = (op.form == Form::Generic)
            .then(|| self.generic_operands(op))
            .flatten();
        if fact.has_rule("base-pointee") {
            let base = match &generic {
                Some((values, _)) => values.first().copied(),
                None => bound.operands.get("base").and_then(|v| v.first()).copied(),
            };
            let base_type = base.and_then(|v| self.value_type(v).map(|t| (v, t)));
            if let Some((value, base_type)) = base_type {
                let pointee = match base_type.ty.as_ref() {
                    Type::Tile { elem, .. } => match elem.as_ref() {
                        Type::Ptr(pointee) => pointee.element(),
                        _ => None,
                    },
                    _ => None,
                };
                let range = self.file.range(value);
                let base = tile_operands_disagree::tensor_view_base(elem, pointee, range);
                self.diagnostics.extend(base);
            }
        }
        if !fact.has_rule("dynamic-count") {
            return;
        }
        let dynamic = |list: &[i64]| list.iter().filter(|&&d| d == -1).count() as i64;
        if let Some((_, segments)) = &generic {
            // operandSegmentSizes = array<i32: base, dynamicShape, dynamicStrides>
            for (what, index, expected) in [
                ("shape", 1, dynamic(shape)),
                ("stride", 2, dynamic(strides)),
            ] {
                if let Some(&found) = segments.get(index) {
                    let count = (expected, found);
                    let values = tile_operand_count::dynamic_values(what, count, op.name_range);
                    self.diagnostics.extend(values);
                }
            }
            return;
        }
        for (keyword, written) in [("shape", shape), ("strides", strides)] {
            if keyword == "strides" && written.len() != shape.len() {
                continue; // the type itself is wrong (TILE015)
            }
            let Some((entries, range)) = self.entry_list(op, keyword) else {
                return;
            };
            let count = (entries.len(), written.len());
            if let Some(d) = tile_operand_count::view_entries(keyword, count, range) {
                self.diagnostics.push(d);
                continue;
            }
            for (index, ((entry, range), &typed)) in entries.iter().zip(written).enumerate() {
                let at = (keyword, index, *range);
                let entry = tile_operands_disagree::view_entry(at, entry, typed);
                self.diagnostics.extend(entry);
            }
        }
    }

    /// The entries of `KEYWORD = [a, %v, …]` in a make_tensor_view's body, with the list's
    /// range. None when the list is not there or holds something else (a syntax error).
    #[allow(clippy::type_complexity)]
    fn entry_list(
        &mut self,
        op: &Op,
        keyword: &str,
    ) -> Option<(Vec<(Entry, TextRange)>, TextRange)> {
        let body = &op.body;
        let text = |i: usize| body.get(i).map_or("", |&t| self.file.text(self.source, t));
        let kind = |i: usize| body.get(i).map(|&t| self.file.kind(t));
        let start = (0..body.len()).find(|&i| {
            kind(i) == Some(Kind::Ident)
                && text(i) == keyword
                && text(i + 1) == "="
                && text(i + 2) == "["
        })?;
        let open = start + 2;
        let mut entries = Vec::new();
        let mut i = open + 1;
        while i < body.len() && text(i) != "]" {
            let first = i;
            let negative = text(i) == "-";
            if negative {
                i += 1;
            }
            let entry = match kind(i) {
                Some(Kind::Integer) => text(i)
                    .parse::<i64>()
                    .ok()
                    .map(|v| Entry::Static(if negative { -v } else { v })),
                Some(Kind::Value) if !negative => Some(Entry::Dynamic),
                _ => None,
            };
            let range = TextRange::new(
                self.file.range(body[first]).start,
                self.file.range(body[i.min(body.len() - 1)]).end,
            );
            let Some(entry) = entry else {
                let found = text(i);
                let d = tile_syntax_error::view_entry(keyword, found, range);
                self.diagnostics.push(d);
                return None;
            };
            entries.push((entry, range));
            i += 1;
            if text(i) == "," {
                i += 1;
            }
        }
        let close = i.min(body.len() - 1);
        let range = TextRange::new(
            self.file.range(body[open]).start,
            self.file.range(body[close]).end,
        );
        Some((entries, range))
    }

    /// get_tensor_shape / get_index_space_shape: one result per dimension of the tensor_view
    /// (a view's index space has its tensor_view's rank).
    fn shape_result_count(&mut self, op: &Op, fact: &OpFact, effective: &Effective) {
        let Some(rank) = effective.get("src").and_then(|t| t.ty.tensor_rank()) else {
            return;
        };
        self.one_result_per_dimension(op, fact, rank, &effective["src"]);
    }

    /// A view's type names the tensor_view it is made from: the operand must have that type.
    fn view_over_operand(&mut self, bound: &Bound, effective: &Effective) {
        let Some(result) = effective.get("result") else {
            return;
        };
        let Type::View {
            tensor: Some(inside),
            ..
        } = result.ty.as_ref()
        else {
            return;
        };
        let Some(&value) = bound.operands.get("tensor_view").and_then(|v| v.first()) else {
            return;
        };
        let Some(declared) = self.value_type(value) else {
            return;
        };
        let name = self.file.text(self.source, value);
        let used = (name, self.file.range(value), &declared);
        let tensor = tile_type_mismatch::view_tensor(used, inside);
        self.diagnostics.extend(tensor);
    }

    /// The index count and the tile type of a load or store against its view's type.
    fn view_access(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let store = fact.name == "store_view_tko";
        // Generic form: operands (tile,) view, index…, token; the segments give the count.
        let generic = (op.form == Form::Generic)
            .then(|| self.generic_operands(op))
            .flatten();
        let view_type = match &generic {
            Some((values, _)) => values
                .get(usize::from(store))
                .and_then(|&v| self.value_type(v)),
            None => effective.get("view").cloned(),
        };
        let Some(view_type) = view_type else {
            return;
        };
        let Type::View {
            kind, tile, elem, ..
        } = view_type.ty.as_ref()
        else {
            return;
        };
        let Some(rank) = &view_type.ty.tensor_rank() else {
            return;
        };
        if fact.has_rule("index-count") {
            let count = match &generic {
                Some((_, segments)) => segments.get(1 + usize::from(store)).map(|&n| n as usize),
                None => Some(bound.operands.get("index").map_or(0, Vec::len)),
            };
            if let Some(count) = count {
                let indices = (*rank, count);
                let d = tile_operand_count::view_indices(fact, *kind, indices, op.name_range);
                self.diagnostics.extend(d);
            }
        }
        let Some(tile_type) = effective.get("tile") else {
            return;
        };
        if !fact.has_rule("tile-type") || *elem == "?" || tile.len() != *rank {
            return;
        }
        let view_tile = (tile.as_slice(), *elem);
        let d = tile_operands_disagree::view_tile(fact, store, tile_type, view_tile);
        self.diagnostics.extend(d);
    }

    /// A generic-form op's operand values (the `(…)` after the name) and its
    /// `operandSegmentSizes = array<i32: …>`.
    fn generic_operands(&self, op: &Op) -> Option<(Vec<u32>, Vec<i64>)> {
        let body = &op.body;
        let text = |i: usize| body.get(i).map_or("", |&t| self.file.text(self.source, t));
        let mut values = Vec::new();
        let mut i = 0;
        if text(0) == "(" {
            i = 1;
            while i < body.len() && text(i) != ")" {
                if self.file.kind(body[i]) == Kind::Value {
                    values.push(body[i]);
                }
                i += 1;
            }
        }
        let start = (i..body.len()).find(|&j| text(j) == "operandSegmentSizes")?;
        // operandSegmentSizes = array < i32 : 1 , 0 , 0 >
        let mut segments = Vec::new();
        let mut j = start + 1;
        while j < body.len() && text(j) != ":" {
            j += 1;
        }
        j += 1;
        while j < body.len() && text(j) != ">" {
            if let Ok(n) = text(j).parse::<i64>() {
                segments.push(n);
            }
            j += 1;
        }
        Some((values, segments))
    }
}
