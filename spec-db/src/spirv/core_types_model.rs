//! The vocabulary of `spirv/core-types.toml`: the type rule of a core instruction's result and
//! operands, parsed into plain `Copy` values. Shared by the build script (which rejects any
//! token these functions refuse) and the library, so a checker matches on enums, never on
//! strings. Every token is documented in `spec-db/README.md` ("SPIR-V: core instruction types").

use std::fmt;

// `Ref`: what a relative constraint refers to: the result type or operand N (numbered from 0 in
// the grammar's operand order, result type and result id not counted).
// The build script includes this model too, so each model takes the file by path.
#[allow(clippy::duplicate_mod)]
#[path = "type_ref.rs"]
mod type_ref;
use type_ref::relative;
pub use type_ref::Ref;

/// The kind of type a value must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Int,
    Float,
    Bool,
    /// Integer or float.
    Number,
    /// Integer, float or bool.
    Scalar,
    Pointer,
    Image,
    SampledImage,
    Sampler,
    Event,
    DeviceEvent,
    ReserveId,
    Queue,
    Pipe,
    Struct,
}

impl Base {
    const NAMES: [(&'static str, Base); 15] = [
        ("int", Base::Int),
        ("float", Base::Float),
        ("bool", Base::Bool),
        ("number", Base::Number),
        ("scalar", Base::Scalar),
        ("pointer", Base::Pointer),
        ("image", Base::Image),
        ("sampled-image", Base::SampledImage),
        ("sampler", Base::Sampler),
        ("event", Base::Event),
        ("device-event", Base::DeviceEvent),
        ("reserve-id", Base::ReserveId),
        ("queue", Base::Queue),
        ("pipe", Base::Pipe),
        ("struct", Base::Struct),
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, b)| *b == self)
            .map_or("?", |(n, _)| n)
    }

    /// Whether the base is a scalar kind that may come as a vector.
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            Base::Int | Base::Float | Base::Bool | Base::Number | Base::Scalar
        )
    }
}

/// Scalar or vector (only meaningful for numeric bases).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    ScalarOrVector,
    Scalar,
    Vector,
}

/// A value's required type: a base, a shape and relations to other types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRule {
    pub base: Base,
    pub shape: Shape,
    /// As many components as the referenced type (1 for a scalar).
    pub count: Option<Ref>,
    /// The same component width as the referenced type.
    pub width: Option<Ref>,
    /// The same component type as the referenced type.
    pub component: Option<Ref>,
    /// A pointer whose pointee is the referenced type.
    pub pointee: Option<Ref>,
    /// A fixed component width in bits (0: any).
    pub bits: u8,
}

/// The rule of one result type or operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `-`: not constrained here (a literal, an enumerant, or an id a hand-written check reads).
    Unchecked,
    /// `same` / `same(opN)`: exactly the referenced type.
    Same(Ref),
    Value(ValueRule),
}

/// A hand-written rule of the checker, for what tokens cannot say (index walks through
/// composites, storage classes, function signatures, literal operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    AccessChain,
    AsyncCopy,
    AtomicFlag,
    Bitcast,
    CompositeConstruct,
    CompositeExtract,
    CompositeInsert,
    ConstantLiteral,
    CopyMemory,
    ExtendedArithmetic,
    Function,
    FunctionCall,
    FunctionParameter,
    GenericPointer,
    ImageTexel,
    Phi,
    PointerCast,
    Return,
    SampledImage,
    Select,
    Store,
    Variable,
    VectorShuffle,
    WidthChanges,
}

impl Check {
    pub const NAMES: [(&'static str, Check); 24] = [
        ("access-chain", Check::AccessChain),
        ("async-copy", Check::AsyncCopy),
        ("atomic-flag", Check::AtomicFlag),
        ("bitcast", Check::Bitcast),
        ("composite-construct", Check::CompositeConstruct),
        ("composite-extract", Check::CompositeExtract),
        ("composite-insert", Check::CompositeInsert),
        ("constant-literal", Check::ConstantLiteral),
        ("copy-memory", Check::CopyMemory),
        ("extended-arithmetic", Check::ExtendedArithmetic),
        ("function", Check::Function),
        ("function-call", Check::FunctionCall),
        ("function-parameter", Check::FunctionParameter),
        ("generic-pointer", Check::GenericPointer),
        ("image-texel", Check::ImageTexel),
        ("phi", Check::Phi),
        ("pointer-cast", Check::PointerCast),
        ("return", Check::Return),
        ("sampled-image", Check::SampledImage),
        ("select", Check::Select),
        ("store", Check::Store),
        ("variable", Check::Variable),
        ("vector-shuffle", Check::VectorShuffle),
        ("width-changes", Check::WidthChanges),
    ];

    pub fn parse(name: &str) -> Result<Check, String> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| *c)
            .ok_or_else(|| format!("unknown check `{name}`"))
    }

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("?", |(n, _)| n)
    }
}

/// Parses one token; it must be written canonically (as `Display` writes it back).
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    let rule = parse_loose(text)?;
    let canonical = rule.to_string();
    if canonical != text {
        return Err(format!("`{text}` should be written `{canonical}`"));
    }
    Ok(rule)
}

fn parse_loose(text: &str) -> Result<Rule, String> {
    if text == "-" {
        return Ok(Rule::Unchecked);
    }
    if let Some(r) = relative(text, "same") {
        return r.map(Rule::Same);
    }
    let (head, constraints) = match text.find('[') {
        Some(open) => (
            &text[..open],
            Some(
                text[open + 1..]
                    .strip_suffix(']')
                    .ok_or_else(|| format!("`{text}`: `[` without `]`"))?,
            ),
        ),
        None => (text, None),
    };
    let (base, shape) = match head.split_once('.') {
        Some((b, "scalar")) => (b, Shape::Scalar),
        Some((b, "vector")) => (b, Shape::Vector),
        Some((_, s)) => return Err(format!("`{text}`: unknown shape `{s}`")),
        None => (head, Shape::ScalarOrVector),
    };
    let base = Base::NAMES
        .iter()
        .find(|(n, _)| *n == base)
        .map(|(_, b)| *b)
        .ok_or_else(|| format!("`{text}`: unknown type kind `{base}`"))?;
    if shape != Shape::ScalarOrVector && !base.is_numeric() {
        return Err(format!("`{text}`: only numeric kinds take .scalar/.vector"));
    }
    let mut rule = ValueRule {
        base,
        shape,
        count: None,
        width: None,
        component: None,
        pointee: None,
        bits: 0,
    };
    for c in constraints.into_iter().flat_map(|c| c.split(',')) {
        if let Some(r) = relative(c, "count") {
            rule.count = Some(r?);
        } else if let Some(r) = relative(c, "width") {
            rule.width = Some(r?);
        } else if let Some(r) = relative(c, "component") {
            rule.component = Some(r?);
        } else if let Some(r) = relative(c, "pointee") {
            rule.pointee = Some(r?);
        } else if let Ok(bits @ (8 | 16 | 32 | 64)) = c.parse::<u8>() {
            rule.bits = bits;
        } else {
            return Err(format!("`{text}`: unknown constraint `{c}`"));
        }
    }
    if rule.pointee.is_some() && base != Base::Pointer {
        return Err(format!("`{text}`: pointee applies to pointers only"));
    }
    Ok(Rule::Value(rule))
}

impl Rule {
    /// The references the rule makes (the build checks they name real operands).
    pub fn refs(&self) -> Vec<Ref> {
        match self {
            Rule::Unchecked => Vec::new(),
            Rule::Same(r) => vec![*r],
            Rule::Value(v) => [v.count, v.width, v.component, v.pointee]
                .into_iter()
                .flatten()
                .collect(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Unchecked => f.write_str("-"),
            Rule::Same(r) => write!(f, "same{r}"),
            Rule::Value(v) => {
                f.write_str(v.base.name())?;
                match v.shape {
                    Shape::ScalarOrVector => {}
                    Shape::Scalar => f.write_str(".scalar")?,
                    Shape::Vector => f.write_str(".vector")?,
                }
                let mut parts: Vec<String> = Vec::new();
                for (name, r) in [
                    ("count", v.count),
                    ("width", v.width),
                    ("component", v.component),
                    ("pointee", v.pointee),
                ] {
                    if let Some(r) = r {
                        parts.push(format!("{name}{r}"));
                    }
                }
                if v.bits != 0 {
                    parts.push(v.bits.to_string());
                }
                if !parts.is_empty() {
                    write!(f, "[{}]", parts.join(","))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_parse_and_print_back() {
        for token in [
            "-",
            "same",
            "same(op1)",
            "int",
            "int.scalar[32]",
            "int[count,width]",
            "int[count(op0),width(op0)]",
            "float.vector[component]",
            "bool.scalar",
            "pointer[pointee]",
            "pointer[pointee(op3)]",
            "sampled-image",
        ] {
            let rule = parse_rule(token).unwrap_or_else(|e| panic!("{token}: {e}"));
            assert_eq!(rule.to_string(), token);
        }
        assert!(parse_rule("integer").is_err());
        assert!(parse_rule("int[width,count]").is_err(), "not canonical");
        assert!(parse_rule("pointer.scalar").is_err());
        assert!(parse_rule("int[pointee]").is_err());
        assert!(parse_rule("int[12]").is_err());
    }
}
