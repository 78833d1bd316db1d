//! The syntax model of a cuda_tile file: operations in an arena, each with its results, its
//! name, the tokens between name and end (its "body") and its regions. Op-specific structure
//! (which token is which operand) is read later against the op's assembly format.

use super::lex::{Kind, Marker, Token};
use speclint_base::text::TextRange;

pub type OpId = usize;

/// How the operation name was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `addf`, inside a cuda_tile module
    Short,
    /// `cuda_tile.addf`
    Long,
    /// `"cuda_tile.addf"(%a, %b) : (…) -> …`
    Generic,
}

#[derive(Clone, Debug)]
pub struct ResultDef {
    /// `%x`, without a `:N` group count.
    pub name: String,
    pub range: TextRange,
    /// `%x:2` binds two results; 1 otherwise.
    pub count: usize,
}

#[derive(Clone, Debug)]
pub struct Op {
    pub results: Vec<ResultDef>,
    /// Without the dialect prefix when it is `cuda_tile.`: `addf`.
    pub name: String,
    /// Whether the name had a dialect prefix other than cuda_tile (`arith.addf`).
    pub foreign_dialect: bool,
    pub name_range: TextRange,
    pub form: Form,
    /// Indices into `File::tokens` of everything after the name that is not inside a region
    /// and not a `loc(…)` location.
    pub body: Vec<u32>,
    pub regions: Vec<Region>,
    pub parent: Option<OpId>,
    /// From the first result (or the name) to the last token of the op, regions included.
    pub range: TextRange,
}

#[derive(Clone, Debug, Default)]
pub struct Region {
    pub blocks: Vec<Block>,
    pub range: TextRange,
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    /// `^bb0(%a: tile<f32>)`: the label and its argument tokens (value, then type tokens).
    pub label: Option<TextRange>,
    pub label_args: Vec<u32>,
    pub ops: Vec<OpId>,
}

/// `!name = type` at the top level.
#[derive(Clone, Debug)]
pub struct TypeAlias {
    pub name: String,
    /// The token indices of the aliased type.
    pub body: Vec<u32>,
}

#[derive(Clone, Debug)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

pub struct File {
    pub tokens: Vec<Token>,
    pub ops: Vec<Op>,
    /// The ops at the top level, in order; the items of a builtin `module { … }` around
    /// cuda_tile modules (MLIR's implicit top-level module, written out) count as top level.
    pub top: Vec<OpId>,
    /// Where each part of a file split by `// -----` lines starts in `top` (MLIR's
    /// split-input-file: each part is a module of its own); empty when the file has no split.
    pub parts: Vec<usize>,
    pub aliases: Vec<TypeAlias>,
    pub markers: Vec<Marker>,
    /// The lexer's errors, then the parser's.
    pub errors: Vec<SyntaxError>,
    /// How many of `errors` are the lexer's.
    pub lex_errors: usize,
    /// The `{` of each region nested deeper than `core::limits::MAX_NESTING`: the parser
    /// skipped it.
    pub too_deep: Vec<TextRange>,
}

impl Op {
    /// How many values the op's result names bind (`%a, %b:2` binds three).
    pub fn result_count(&self) -> usize {
        self.results.iter().map(|r| r.count).sum()
    }

    /// From the first result name to the last (`%a, %b:2`); the op's name when it binds none.
    pub fn results_range(&self) -> TextRange {
        TextRange::new(
            self.results
                .first()
                .map_or(self.name_range.start, |r| r.range.start),
            self.results
                .last()
                .map_or(self.name_range.end, |r| r.range.end),
        )
    }
}

impl File {
    pub fn text<'a>(&self, source: &'a str, token: u32) -> &'a str {
        let range = self.tokens[token as usize].range();
        &source[range.start..range.end]
    }

    pub fn kind(&self, token: u32) -> Kind {
        self.tokens[token as usize].kind
    }

    pub fn range(&self, token: u32) -> TextRange {
        self.tokens[token as usize].range()
    }

    /// `top` in its `// -----` parts (one part when the file is not split).
    pub fn top_parts(&self) -> Vec<&[OpId]> {
        if self.parts.is_empty() {
            return vec![&self.top];
        }
        let ends = self.parts[1..].iter().copied().chain([self.top.len()]);
        self.parts
            .iter()
            .zip(ends)
            .map(|(&start, end)| &self.top[start..end])
            .collect()
    }

    /// The ops nested directly in `op`'s regions.
    pub fn children(&self, op: OpId) -> impl Iterator<Item = OpId> + '_ {
        self.ops[op]
            .regions
            .iter()
            .flat_map(|r| r.blocks.iter())
            .flat_map(|b| b.ops.iter().copied())
    }
}
