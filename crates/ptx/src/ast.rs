//! The PTX syntax model the checks run on: statements and operands with byte ranges into the
//! source (no text is copied). Built by `parse.rs`, a hand-written parser fast enough for
//! multi-megabyte files; the tree-sitter grammar in `grammars/` serves editors.

use speclint_base::text::TextRange;

#[derive(Debug, Default)]
pub struct Module {
    pub items: Vec<Item>,
    pub errors: Vec<SyntaxError>,
    /// The opening tokens where nesting passed `core::limits::MAX_NESTING`: the parser skipped
    /// what they open.
    pub too_deep: Vec<TextRange>,
}

#[derive(Debug, Clone)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug)]
pub enum Item {
    /// `.version 8.0`: the directive keyword and the number.
    Version {
        keyword: TextRange,
        number: TextRange,
        range: TextRange,
    },
    /// `.target sm_90, texmode_independent`.
    Target {
        keyword: TextRange,
        names: Vec<TextRange>,
        range: TextRange,
    },
    AddressSize {
        keyword: TextRange,
        range: TextRange,
    },
    Variable(VarDecl),
    Function(Function),
    /// Any other module-level directive (`.file`, `.section`, `@@DWARF`, `.pragma`, `.alias`).
    Directive {
        keyword: TextRange,
        range: TextRange,
    },
}

impl Item {
    pub fn range(&self) -> TextRange {
        match self {
            Item::Version { range, .. }
            | Item::Target { range, .. }
            | Item::AddressSize { range, .. }
            | Item::Directive { range, .. } => *range,
            Item::Variable(v) => v.range,
            Item::Function(f) => f.range,
        }
    }
}

/// A variable, register or parameter declaration: `.reg .b32 %r<10>;`,
/// `.global .align 4 .b8 buf[16] = {…};`, `.param .u64 p`.
#[derive(Debug, Default)]
pub struct VarDecl {
    pub range: TextRange,
    /// `.visible`, `.extern`, `.weak`, `.common`.
    pub linkage: Vec<TextRange>,
    pub state_space: Option<TextRange>,
    pub vector: Option<TextRange>,
    pub ty: Option<TextRange>,
    pub declarators: Vec<Declarator>,
    /// Other keywords (`.align`, `.ptr`, `.attribute`…), for hovers.
    pub keywords: Vec<TextRange>,
}

#[derive(Debug, Clone)]
pub struct Declarator {
    pub name: TextRange,
    /// `%r<N>`.
    pub range_count: Option<u32>,
}

#[derive(Debug, Default)]
pub struct Function {
    pub range: TextRange,
    pub linkage: Vec<TextRange>,
    /// `.entry` or `.func`.
    pub kind: TextRange,
    pub name: Option<TextRange>,
    pub return_params: Vec<VarDecl>,
    pub params: Vec<VarDecl>,
    /// Performance-tuning directive keywords (`.maxntid`, `.noreturn`, …).
    pub directives: Vec<TextRange>,
    /// None for a declaration (prototype) ending in `;`.
    pub body: Option<Block>,
}

#[derive(Debug, Default)]
pub struct Block {
    pub range: TextRange,
    pub statements: Vec<Statement>,
}

#[derive(Debug)]
pub enum Statement {
    /// Boxed: declarations are rare in bodies and much larger than instructions.
    Variable(Box<VarDecl>),
    Label {
        name: TextRange,
        range: TextRange,
    },
    Instruction(Instruction),
    Block(Block),
    /// `.pragma`, `.loc`, `.callprototype`, `.branchtargets`, …
    Directive {
        keyword: TextRange,
    },
}

#[derive(Debug)]
pub struct Instruction {
    pub range: TextRange,
    pub guard: Option<Guard>,
    /// The whole opcode token with its modifiers (`add.sat.s32`).
    pub opcode: TextRange,
    pub operands: Vec<Operand>,
    /// An operand failed to parse (already reported): skip operand count and type checks.
    pub operands_incomplete: bool,
}

#[derive(Debug)]
pub struct Guard {
    pub predicate: TextRange,
}

#[derive(Debug)]
pub struct Operand {
    pub range: TextRange,
    pub kind: OperandKind,
}

/// A `{…}` inside an address: texture, surface or tensor coordinates.
#[derive(Debug)]
pub struct AddressVector {
    pub range: TextRange,
    pub elements: usize,
    /// The names among the elements (registers), in order.
    pub names: Vec<TextRange>,
}

/// What an address holds besides its names: `[tmap, {x, y}]`.
#[derive(Debug)]
pub struct AddressInside {
    pub vectors: Vec<AddressVector>,
    /// How many comma-separated parts (`[tmap, {x, y}]`: 2).
    pub parts: usize,
}

impl OperandKind {
    /// An address's `{…}` vectors and comma-separated parts (none and 1 for `[a+4]`).
    pub fn address_inside(&self) -> Option<(&[AddressVector], usize)> {
        match self {
            OperandKind::Address { inside, .. } => Some(
                inside
                    .as_deref()
                    .map_or((&[][..], 1), |i| (i.vectors.as_slice(), i.parts)),
            ),
            _ => None,
        }
    }
}

#[derive(Debug)]
pub enum OperandKind {
    /// A register, variable, label or function name.
    Name,
    /// `%tid.x`: a (special) register and its component.
    Component {
        register: TextRange,
    },
    Integer,
    Float,
    /// `[…]`: the names used inside, the `{…}` vectors inside (texture and tensor coordinates)
    /// and how many comma-separated parts it has (`[tmap, {x, y}]`: 2).
    Address {
        names: Box<[TextRange]>,
        /// Commas and `{…}` inside; None for a plain `[a+4]`. Boxed: addresses are common and
        /// this keeps every operand small.
        inside: Option<Box<AddressInside>>,
    },
    /// `{a, b, …}`.
    Vector(Vec<Operand>),
    /// `(a, b)` as in `call`'s argument lists.
    List(Vec<Operand>),
    /// `%p|%q`.
    PredicatePair {
        first: Box<Operand>,
        second: Box<Operand>,
    },
    /// `!%p`, `-%r1`.
    Negated(Box<Operand>),
    /// `_`.
    Sink,
    /// A constant expression (`sym+4`, `WARP_SZ-1`, `1 << 4`): the names used inside.
    Expression {
        names: Box<[TextRange]>,
    },
}
