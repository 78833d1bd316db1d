//! The vocabulary of `spirv/opencl-std/*.toml`: type-rule tokens of OpenCL.std instructions and
//! accuracy bounds, parsed into plain `Copy` values. The build script parses the data with these
//! functions (and fails on any token they reject); the library holds the parsed values in static
//! tables, so a checker matches on enums and never on strings. Every token is documented in
//! `spec-db/README.md` ("SPIR-V: OpenCL.std functions").

use std::fmt;

// `Ref`: what a relative token refers to: the instruction's result type or one of its operands
// (numbered from 0 in the grammar's operand order, after the set and instruction words).
// The build script includes this model too, so each model takes the file by path.
#[allow(clippy::duplicate_mod)]
#[path = "type_ref.rs"]
mod type_ref;
use type_ref::relative;
pub use type_ref::Ref;

/// A set of bit widths: bit 0 = 8, bit 1 = 16, bit 2 = 32, bit 3 = 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Widths(pub u8);

impl Widths {
    pub const NONE: Widths = Widths(0);
    pub const ALL_FLOAT: Widths = Widths(0b1110);
    pub const ALL_INT: Widths = Widths(0b1111);
    const LIST: [u32; 4] = [8, 16, 32, 64];

    pub fn contains(self, bits: u32) -> bool {
        Self::LIST
            .iter()
            .position(|&w| w == bits)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    fn of(bits: u32) -> Widths {
        Widths(1 << Self::LIST.iter().position(|&w| w == bits).unwrap())
    }
}

/// A set of component counts: bit 0 = scalar, then 2, 3, 4, 8, 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts(pub u8);

impl Counts {
    /// Scalar or vector(2,3,4,8,16): the spec's usual "gentype".
    pub const ALL: Counts = Counts(0b11_1111);
    const LIST: [u32; 6] = [1, 2, 3, 4, 8, 16];

    /// `count` is 1 for a scalar.
    pub fn contains(self, count: u32) -> bool {
        Self::LIST
            .iter()
            .position(|&c| c == count)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }
}

/// The component type a value may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// Any of these float and integer widths (`fp`, `int`, `number`, `f32|f64`, `i8`...).
    Scalar { float: Widths, int: Widths },
    /// The component type of the referenced value (`component`, `component(op0)`).
    ComponentOf(Ref),
    /// An integer as wide as the result's component (`int(width)`).
    IntSameWidth,
    /// An integer half as wide as the result's component (`int(half-width)`).
    IntHalfWidth,
}

/// How many components a value may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Counts(Counts),
    /// As many as the referenced value (`[count]`, `[count(op0)]`).
    CountOf(Ref),
}

/// A scalar or vector type: component and component count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueType {
    pub elem: Elem,
    pub shape: Shape,
}

impl ValueType {
    /// `same` / `same(opN)`: the referenced type exactly.
    pub const fn same_as(r: Ref) -> ValueType {
        ValueType {
            elem: Elem::ComponentOf(r),
            shape: Shape::CountOf(r),
        }
    }
}

/// Storage classes a pointer operand may point into (bits in the order of [`StorageClasses::NAMES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StorageClasses(pub u8);

impl StorageClasses {
    /// SPIR-V names; OpenCL C calls them global, local, private, constant and generic.
    pub const NAMES: [&'static str; 5] = [
        "CrossWorkgroup",
        "Workgroup",
        "Function",
        "UniformConstant",
        "Generic",
    ];

    pub fn contains(self, name: &str) -> bool {
        Self::NAMES
            .iter()
            .position(|&n| n == name)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMES
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
    }
}

/// The type rule of a result or of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeRule {
    /// `void` (OpTypeVoid result).
    Void,
    /// `size_t`: i32 under Physical32 addressing, i64 under Physical64.
    SizeT,
    Value(ValueType),
    /// `ptr(T, SC|SC...)`: a pointer to T in one of the storage classes.
    Pointer(ValueType, StorageClasses),
    /// `literal(count)`: a literal integer equal to the referenced value's component count.
    LiteralCount(Ref),
    /// `rounding-mode`: an FPRoundingMode enumerant.
    RoundingMode,
    /// `variadic`: any number of further operands of any type.
    Variadic,
}

impl TypeRule {
    /// The references this rule makes (to check they point at real operands).
    pub fn refs(&self) -> Vec<Ref> {
        fn value_refs(v: &ValueType, out: &mut Vec<Ref>) {
            if let Elem::ComponentOf(r) = v.elem {
                out.push(r);
            }
            if let Shape::CountOf(r) = v.shape {
                out.push(r);
            }
            if matches!(v.elem, Elem::IntSameWidth | Elem::IntHalfWidth) {
                out.push(Ref::Result);
            }
        }
        let mut out = Vec::new();
        match self {
            TypeRule::Value(v) | TypeRule::Pointer(v, _) => value_refs(v, &mut out),
            TypeRule::LiteralCount(r) => out.push(*r),
            _ => {}
        }
        out
    }
}

fn parse_elem(text: &str) -> Result<Elem, String> {
    if let Some(r) = relative(text, "component") {
        return r.map(Elem::ComponentOf);
    }
    match text {
        "int(width)" => return Ok(Elem::IntSameWidth),
        "int(half-width)" => return Ok(Elem::IntHalfWidth),
        "fp" => {
            return Ok(Elem::Scalar {
                float: Widths::ALL_FLOAT,
                int: Widths::NONE,
            })
        }
        "int" => {
            return Ok(Elem::Scalar {
                float: Widths::NONE,
                int: Widths::ALL_INT,
            })
        }
        "number" => {
            return Ok(Elem::Scalar {
                float: Widths::ALL_FLOAT,
                int: Widths::ALL_INT,
            })
        }
        _ => {}
    }
    let (mut float, mut int) = (0u8, 0u8);
    for alt in text.split('|') {
        let (kind, bits) = alt.split_at(alt.len().min(1));
        let bits: u32 = bits
            .parse()
            .map_err(|_| format!("unknown component type `{alt}`"))?;
        match kind {
            "f" if [16, 32, 64].contains(&bits) => float |= Widths::of(bits).0,
            "i" if [8, 16, 32, 64].contains(&bits) => int |= Widths::of(bits).0,
            _ => return Err(format!("unknown component type `{alt}`")),
        }
    }
    Ok(Elem::Scalar {
        float: Widths(float),
        int: Widths(int),
    })
}

fn parse_shape(text: &str) -> Result<Shape, String> {
    if let Some(r) = relative(text, "count") {
        return r.map(Shape::CountOf);
    }
    let mut bits = 0u8;
    for n in text.split(',') {
        let i = n
            .trim()
            .parse::<u32>()
            .ok()
            .and_then(|n| Counts::LIST.iter().position(|&c| c == n))
            .ok_or_else(|| format!("`{n}` is not a component count (1, 2, 3, 4, 8, 16)"))?;
        if bits & (1 << i) != 0 {
            return Err(format!("component count `{n}` listed twice"));
        }
        bits |= 1 << i;
    }
    Ok(Shape::Counts(Counts(bits)))
}

fn parse_value(text: &str) -> Result<ValueType, String> {
    if let Some(r) = relative(text, "same") {
        return r.map(ValueType::same_as);
    }
    let (elem, shape) = match text.find('[') {
        Some(open) => {
            let inner = text[open + 1..]
                .strip_suffix(']')
                .ok_or_else(|| format!("`{text}`: `[` without a closing `]`"))?;
            (&text[..open], parse_shape(inner)?)
        }
        None => (text, Shape::Counts(Counts::ALL)),
    };
    Ok(ValueType {
        elem: parse_elem(elem)?,
        shape,
    })
}

/// Parses one type-rule token. The token must be written canonically (as [`fmt::Display`]
/// writes it back), so the data has one spelling per rule.
pub fn parse_type_rule(text: &str) -> Result<TypeRule, String> {
    let rule = parse_type_rule_loose(text)?;
    let canonical = rule.to_string();
    if canonical != text {
        return Err(format!("`{text}` should be written `{canonical}`"));
    }
    Ok(rule)
}

fn parse_type_rule_loose(text: &str) -> Result<TypeRule, String> {
    match text {
        "void" => return Ok(TypeRule::Void),
        "size_t" => return Ok(TypeRule::SizeT),
        "rounding-mode" => return Ok(TypeRule::RoundingMode),
        "variadic" => return Ok(TypeRule::Variadic),
        _ => {}
    }
    if let Some(inner) = text
        .strip_prefix("literal(")
        .and_then(|t| t.strip_suffix(')'))
    {
        return match relative(inner, "count") {
            Some(r) => r.map(TypeRule::LiteralCount),
            None => Err(format!("`{text}`: literal takes `count` or `count(opN)`")),
        };
    }
    if let Some(inner) = text.strip_prefix("ptr(").and_then(|t| t.strip_suffix(')')) {
        let (pointee, classes) = inner
            .rsplit_once(", ")
            .ok_or_else(|| format!("`{text}`: ptr(TYPE, STORAGE|STORAGE...)"))?;
        let mut bits = 0u8;
        for class in classes.split('|') {
            let i = StorageClasses::NAMES
                .iter()
                .position(|&n| n == class)
                .ok_or_else(|| format!("`{text}`: unknown storage class `{class}`"))?;
            bits |= 1 << i;
        }
        return Ok(TypeRule::Pointer(
            parse_value(pointee)?,
            StorageClasses(bits),
        ));
    }
    parse_value(text).map(TypeRule::Value)
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Elem::ComponentOf(a), Shape::CountOf(b)) = (self.elem, self.shape) {
            if a == b {
                return write!(f, "same{a}");
            }
        }
        match self.elem {
            Elem::Scalar { float, int } => {
                let all_float = float == Widths::ALL_FLOAT;
                let all_int = int == Widths::ALL_INT;
                if all_float && all_int {
                    f.write_str("number")?;
                } else if all_float && int == Widths::NONE {
                    f.write_str("fp")?;
                } else if all_int && float == Widths::NONE {
                    f.write_str("int")?;
                } else {
                    let floats = Widths::LIST
                        .iter()
                        .filter(|&&w| float.contains(w))
                        .map(|w| format!("f{w}"));
                    let ints = Widths::LIST
                        .iter()
                        .filter(|&&w| int.contains(w))
                        .map(|w| format!("i{w}"));
                    f.write_str(&floats.chain(ints).collect::<Vec<_>>().join("|"))?;
                }
            }
            Elem::ComponentOf(r) => write!(f, "component{r}")?,
            Elem::IntSameWidth => f.write_str("int(width)")?,
            Elem::IntHalfWidth => f.write_str("int(half-width)")?,
        }
        match self.shape {
            Shape::Counts(Counts::ALL) => Ok(()),
            Shape::Counts(counts) => {
                let list: Vec<String> = Counts::LIST
                    .iter()
                    .filter(|&&c| counts.contains(c))
                    .map(|c| c.to_string())
                    .collect();
                write!(f, "[{}]", list.join(","))
            }
            Shape::CountOf(r) => write!(f, "[count{r}]"),
        }
    }
}

impl fmt::Display for TypeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeRule::Void => f.write_str("void"),
            TypeRule::SizeT => f.write_str("size_t"),
            TypeRule::Value(v) => write!(f, "{v}"),
            TypeRule::Pointer(v, classes) => {
                write!(
                    f,
                    "ptr({v}, {})",
                    classes.names().collect::<Vec<_>>().join("|")
                )
            }
            TypeRule::LiteralCount(r) => write!(f, "literal(count{r})"),
            TypeRule::RoundingMode => f.write_str("rounding-mode"),
            TypeRule::Variadic => f.write_str("variadic"),
        }
    }
}

/// Which machine epsilon an absolute bound is scaled by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Epsilon {
    Half,
    Float,
    Double,
}

/// A minimum-accuracy requirement, one cell of an accuracy table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound<'a> {
    /// `correctly rounded`
    CorrectlyRounded,
    /// `<= N ulp`, `0 ulp` (exact).
    Ulp(f64),
    /// `<= B + Kn ulp`: n is the vector width of the operand.
    UlpPerComponent { base: f64, per_component: f64 },
    /// `<= B + floor(fabs(2x)) ulp`
    UlpPlusTwiceAbsX { base: f64 },
    /// `abs <= V` or `abs <= V, else <= N ulp`: an absolute error inside the entry's domain,
    /// and (when given) an ulp bound outside it.
    Absolute {
        max: f64,
        otherwise_ulp: Option<f64>,
    },
    /// `abs <= max^2 * (An + B) EPS`: an absolute error scaled by the largest input magnitude
    /// squared, the vector width n and an epsilon.
    AbsoluteScaled {
        per_component: f64,
        base: f64,
        epsilon: Epsilon,
    },
    /// `derived` / `derived or <= N ulp`: may be computed from other (relaxed) functions as the
    /// entry's `derivation` says; N bounds a non-derived implementation.
    Derived { non_derived_ulp: Option<f64> },
    /// `implementation-defined`
    ImplementationDefined,
    /// `fma or mul+add`: a correctly rounded fma, or a multiply and an add each correctly rounded.
    FmaOrMulAdd,
    /// `0 ulp, quotient >= N bits` (remquo): exact remainder, at least N low quotient bits.
    ExactRemainder { quotient_bits: u8 },
    /// `as f, g`: the bounds of the named functions apply (sincos: sin and cos).
    As(&'a str),
}

fn number(text: &str) -> Result<f64, String> {
    if let Some(exp) = text.strip_prefix("2^") {
        let exp: i32 = exp.parse().map_err(|_| format!("`{text}` is not 2^E"))?;
        return Ok(2f64.powi(exp));
    }
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("`{text}` is not a number")),
    }
}

/// `<= N ulp` -> N.
fn ulp_bound(text: &str) -> Result<f64, String> {
    text.strip_prefix("<= ")
        .and_then(|t| t.strip_suffix(" ulp"))
        .ok_or_else(|| format!("`{text}` is not `<= N ulp`"))
        .and_then(number)
}

/// `Kn` -> K (`n` alone is 1).
fn per_n(text: &str) -> Option<f64> {
    let k = text.strip_suffix('n')?;
    if k.is_empty() {
        Some(1.0)
    } else {
        number(k).ok()
    }
}

pub fn parse_bound(text: &str) -> Result<Bound<'_>, String> {
    match text {
        "correctly rounded" => return Ok(Bound::CorrectlyRounded),
        "implementation-defined" => return Ok(Bound::ImplementationDefined),
        "fma or mul+add" => return Ok(Bound::FmaOrMulAdd),
        "0 ulp" => return Ok(Bound::Ulp(0.0)),
        "derived" => {
            return Ok(Bound::Derived {
                non_derived_ulp: None,
            })
        }
        _ => {}
    }
    if let Some(bits) = text
        .strip_prefix("0 ulp, quotient >= ")
        .and_then(|t| t.strip_suffix(" bits"))
    {
        let quotient_bits = bits.parse().map_err(|_| format!("`{text}`: bit count"))?;
        return Ok(Bound::ExactRemainder { quotient_bits });
    }
    if let Some(names) = text.strip_prefix("as ") {
        return Ok(Bound::As(names));
    }
    if let Some(rest) = text.strip_prefix("derived or ") {
        return Ok(Bound::Derived {
            non_derived_ulp: Some(ulp_bound(rest)?),
        });
    }
    if let Some(rest) = text.strip_prefix("abs <= max^2 * ") {
        let (factor, eps) = rest
            .rsplit_once(' ')
            .ok_or_else(|| format!("`{text}`: missing epsilon"))?;
        let epsilon = match eps {
            "HALF_EPSILON" => Epsilon::Half,
            "FLT_EPSILON" => Epsilon::Float,
            "DBL_EPSILON" => Epsilon::Double,
            _ => return Err(format!("`{text}`: unknown epsilon `{eps}`")),
        };
        let (per_component, base) = match factor.strip_prefix('(').and_then(|f| f.strip_suffix(')'))
        {
            Some(linear) => {
                let (k, b) = linear
                    .split_once(" - ")
                    .map(|(k, b)| (k, number(b).map(|b| -b)))
                    .or_else(|| linear.split_once(" + ").map(|(k, b)| (k, number(b))))
                    .ok_or_else(|| format!("`{text}`: `(Kn + B)` or `(Kn - B)`"))?;
                (
                    per_n(k).ok_or_else(|| format!("`{text}`: `{k}` is not Kn"))?,
                    b?,
                )
            }
            None => (0.0, number(factor)?),
        };
        return Ok(Bound::AbsoluteScaled {
            per_component,
            base,
            epsilon,
        });
    }
    if let Some(rest) = text.strip_prefix("abs <= ") {
        let (max, otherwise_ulp) = match rest.split_once(", else ") {
            Some((max, otherwise)) => (max, Some(ulp_bound(otherwise)?)),
            None => (rest, None),
        };
        return Ok(Bound::Absolute {
            max: number(max)?,
            otherwise_ulp,
        });
    }
    if let Some(base) = text
        .strip_prefix("<= ")
        .and_then(|t| t.strip_suffix(" + floor(fabs(2x)) ulp"))
    {
        return Ok(Bound::UlpPlusTwiceAbsX {
            base: number(base)?,
        });
    }
    if let Some(sum) = text
        .strip_prefix("<= ")
        .and_then(|t| t.strip_suffix(" ulp"))
    {
        if let Some((base, k)) = sum.split_once(" + ") {
            if let Some(per_component) = per_n(k) {
                return Ok(Bound::UlpPerComponent {
                    base: number(base)?,
                    per_component,
                });
            }
        } else if let Some(per_component) = per_n(sum) {
            return Ok(Bound::UlpPerComponent {
                base: 0.0,
                per_component,
            });
        }
        return Ok(Bound::Ulp(number(sum)?));
    }
    Err(format!("`{text}` is not an accuracy bound"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_tokens_parse_and_print_back() {
        for token in [
            "fp",
            "int",
            "number",
            "f32|f64[1]",
            "i16|i32|i64",
            "same",
            "same(op0)",
            "i32[count]",
            "int(width)[count]",
            "int(half-width)[count]",
            "component[1,2,3,4]",
            "component(op0)[1]",
            "ptr(same, CrossWorkgroup|Workgroup|Function|Generic)",
            "ptr(i8[1], UniformConstant)",
            "literal(count)",
            "rounding-mode",
            "variadic",
            "void",
            "size_t",
        ] {
            let rule = parse_type_rule(token).unwrap_or_else(|e| panic!("{token}: {e}"));
            assert_eq!(rule.to_string(), token);
        }
        assert_eq!(
            parse_type_rule("i32[count]").unwrap(),
            TypeRule::Value(ValueType {
                elem: Elem::Scalar {
                    float: Widths::NONE,
                    int: Widths(0b0100)
                },
                shape: Shape::CountOf(Ref::Result),
            })
        );
    }

    #[test]
    fn bad_type_tokens_are_rejected() {
        assert!(parse_type_rule("float").is_err());
        assert!(parse_type_rule("fp[5]").is_err());
        assert!(parse_type_rule("ptr(same, Private)").is_err());
        assert!(parse_type_rule("same(x)").is_err());
        // Non-canonical spellings are refused so the data has one spelling per rule.
        assert!(parse_type_rule("f32|f16").is_err());
        assert!(parse_type_rule("fp[1,2,3,4,8,16]").is_err());
    }

    #[test]
    fn bounds_parse() {
        assert_eq!(parse_bound("<= 4 ulp"), Ok(Bound::Ulp(4.0)));
        assert_eq!(parse_bound("0 ulp"), Ok(Bound::Ulp(0.0)));
        assert_eq!(
            parse_bound("<= 8191.5 + 2n ulp"),
            Ok(Bound::UlpPerComponent {
                base: 8191.5,
                per_component: 2.0
            })
        );
        assert_eq!(
            parse_bound("<= 2n ulp"),
            Ok(Bound::UlpPerComponent {
                base: 0.0,
                per_component: 2.0
            })
        );
        assert_eq!(
            parse_bound("abs <= 2^-21, else <= 3 ulp"),
            Ok(Bound::Absolute {
                max: 2f64.powi(-21),
                otherwise_ulp: Some(3.0)
            })
        );
        assert_eq!(
            parse_bound("abs <= max^2 * (2n - 1) FLT_EPSILON"),
            Ok(Bound::AbsoluteScaled {
                per_component: 2.0,
                base: -1.0,
                epsilon: Epsilon::Float
            })
        );
        assert_eq!(
            parse_bound("derived or <= 8192 ulp"),
            Ok(Bound::Derived {
                non_derived_ulp: Some(8192.0)
            })
        );
        assert!(parse_bound("about 4 ulp").is_err());
        assert!(parse_bound("<= four ulp").is_err());
    }
}
