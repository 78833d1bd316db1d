//! SPIR-V assembly text -> a binary module, on the binder's model (`module::bind`): the words
//! `spirv-as` writes for the same text (ids numbered in order of first appearance, literals
//! sized by their type), so that `speclint run` needs no assembler installed. The header's
//! version is the `; Version: 1.x` comment spirv-dis writes, else 1.0.

use super::module::{bind, Instruction, Module, Value};
use super::parse::Header;
use rustc_hash::FxHashMap;
use speclint_base::diagnostic::Severity;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::grammar;

pub const MAGIC: u32 = 0x0723_0203;
/// Generator 0: a tool without a registered generator id (the SPIR-V registry's rule).
const GENERATOR: u32 = 0;

/// Why a text could not be assembled: each problem at its place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssemblyError {
    pub range: TextRange,
    pub message: String,
}

/// Assembles `text` into SPIR-V words (the header first). Any syntax or binding error (an
/// unknown opcode, an undefined id, a malformed operand) is returned instead.
pub fn assemble(text: &str) -> Result<Vec<u32>, Vec<AssemblyError>> {
    let mut diagnostics = Vec::new();
    let bound = bind(text, &mut diagnostics);
    let mut errors: Vec<AssemblyError> = bound
        .errors
        .iter()
        .map(|e| AssemblyError {
            range: e.range,
            message: e.message.clone(),
        })
        .chain(
            diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| AssemblyError {
                    range: d.range,
                    message: d.message.clone(),
                }),
        )
        .collect();
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.range.start);
        return Err(errors);
    }
    Encoder::new(text, &bound.module).encode(&bound.header)
}

/// The little-endian bytes of `words`, as a `.spv` file holds them.
pub fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[derive(Clone, Copy)]
enum Scalar {
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

struct Encoder<'a> {
    text: &'a str,
    module: &'a Module,
    /// Binder id -> binary id, given in order of first appearance as spirv-as does.
    numbers: FxHashMap<u32, u32>,
    /// Scalar types by binder id, for literals whose width their type decides.
    scalars: FxHashMap<u32, Scalar>,
    /// Each value's result type.
    value_types: FxHashMap<u32, u32>,
    errors: Vec<AssemblyError>,
}

impl<'a> Encoder<'a> {
    fn new(text: &'a str, module: &'a Module) -> Self {
        let mut scalars = FxHashMap::default();
        let mut value_types = FxHashMap::default();
        for inst in &module.instructions {
            let (Some(result), operands) = (inst.result, module.operands(inst)) else {
                continue;
            };
            let literal = |i: usize| match operands.get(i).map(|o| o.value) {
                Some(Value::Int(v)) => Some(v as u32),
                _ => None,
            };
            match inst.name() {
                "OpTypeInt" => {
                    if let (Some(width), Some(signed)) = (literal(0), literal(1)) {
                        scalars.insert(
                            result,
                            Scalar::Int {
                                width,
                                signed: signed != 0,
                            },
                        );
                    }
                }
                "OpTypeFloat" => {
                    if let Some(width) = literal(0) {
                        scalars.insert(result, Scalar::Float { width });
                    }
                }
                _ => {}
            }
            if let Some(ty) = inst.result_type {
                value_types.insert(result, ty);
            }
        }
        Encoder {
            text,
            module,
            numbers: FxHashMap::default(),
            scalars,
            value_types,
            errors: Vec::new(),
        }
    }

    fn number(&mut self, id: u32) -> u32 {
        let next = self.numbers.len() as u32 + 1;
        *self.numbers.entry(id).or_insert(next)
    }

    fn encode(mut self, header: &Header) -> Result<Vec<u32>, Vec<AssemblyError>> {
        let (major, minor) = header
            .version
            .map_or((1, 0), |(major, minor, _)| (major, minor));
        let mut words = vec![
            MAGIC,
            (u32::from(major) << 16) | (u32::from(minor) << 8),
            GENERATOR,
            0,
            0,
        ];
        for inst in &self.module.instructions {
            let start = words.len();
            words.push(0);
            self.instruction(inst, &mut words);
            let count = (words.len() - start) as u32;
            let opcode = inst.opcode.map_or(0, |o| o.opcode) as u32;
            if count > 0xffff {
                self.error(inst.range, "the instruction is longer than 65535 words");
            }
            words[start] = (count << 16) | opcode;
        }
        words[3] = self.numbers.len() as u32 + 1;
        if self.errors.is_empty() {
            Ok(words)
        } else {
            Err(self.errors)
        }
    }

    fn error(&mut self, range: TextRange, message: impl Into<String>) {
        self.errors.push(AssemblyError {
            range,
            message: message.into(),
        });
    }

    fn instruction(&mut self, inst: &Instruction, words: &mut Vec<u32>) {
        if let Some(ty) = inst.result_type {
            words.push(self.number(ty));
        }
        if let Some(result) = inst.result {
            words.push(self.number(result));
        }
        if inst.name() == "OpSpecConstantOp" {
            self.spec_constant_op(inst, words);
            return;
        }
        let context_type = match inst.name() {
            "OpConstant" | "OpSpecConstant" => inst.result_type,
            // The case literals are as wide as the selector.
            "OpSwitch" => match self.module.operands(inst).first().map(|o| o.value) {
                Some(Value::Id(selector)) => self.value_types.get(&selector).copied(),
                _ => None,
            },
            _ => None,
        };
        for (index, operand) in self.module.operands(inst).iter().enumerate() {
            let range = operand.range();
            match operand.value {
                Value::Id(id) => words.push(self.number(id)),
                Value::Enum(value) | Value::ExtInst(value) => words.push(value),
                Value::Str(inner) => encode_string(&unescape(inner.text(self.text)), words),
                Value::Int(_) | Value::Float(_) => {
                    let is_context_literal = match inst.name() {
                        "OpConstant" | "OpSpecConstant" => true,
                        "OpSwitch" => index >= 2 && index % 2 == 0,
                        _ => false,
                    };
                    let scalar = context_type.and_then(|t| self.scalars.get(&t).copied());
                    let token = &self.text[range.start..range.end];
                    match (is_context_literal, scalar, operand.value) {
                        (true, Some(scalar), _) => match typed_literal(token, scalar) {
                            Ok(encoded) => words.extend(encoded),
                            Err(message) => self.error(range, message),
                        },
                        (true, None, _) => self.error(
                            range,
                            "the literal's type is not an integer or float type, so its width \
                             is unknown",
                        ),
                        (false, _, Value::Int(value)) => words.push(value as u32),
                        (false, _, _) => {
                            self.error(range, format!("`{token}` is not an integer literal"))
                        }
                    }
                }
                Value::Invalid => self.error(range, "this operand could not be read"),
            }
        }
    }

    /// `OpSpecConstantOp %t %r IAdd %a %b`: the binder keeps only its ids, so the operation
    /// and its literals are read from the text.
    fn spec_constant_op(&mut self, inst: &Instruction, words: &mut Vec<u32>) {
        let text = &self.text[inst.opcode_range.end..inst.range.end];
        let mut tokens = text.split_whitespace().skip(1); // the result type
        let Some(operation) = tokens.next() else {
            self.error(inst.range, "OpSpecConstantOp needs an operation");
            return;
        };
        let opcode = super::module::parse_integer(operation)
            .map(|n| n as u32)
            .or_else(|| {
                grammar::INSTRUCTIONS
                    .iter()
                    .find(|i| i.name.strip_prefix("Op") == Some(operation))
                    .map(|i| i.opcode as u32)
            });
        let Some(opcode) = opcode else {
            self.error(
                inst.opcode_range,
                format!("`{operation}` is not an operation"),
            );
            return;
        };
        words.push(opcode);
        let mut ids = self.module.operands(inst).iter();
        for token in tokens {
            if token.starts_with('%') {
                match ids.next().map(|o| o.value) {
                    Some(Value::Id(id)) => words.push(self.number(id)),
                    _ => self.error(inst.range, format!("`{token}` could not be read")),
                }
            } else {
                match super::module::parse_integer(token) {
                    Some(value) => words.push(value as u32),
                    None => self.error(inst.range, format!("`{token}` is not a literal")),
                }
            }
        }
    }
}

/// A literal of an integer or float type, in as many words as the type is wide.
fn typed_literal(token: &str, scalar: Scalar) -> Result<Vec<u32>, String> {
    match scalar {
        Scalar::Int { width, signed } => {
            let value = super::module::parse_integer(token)
                .ok_or_else(|| format!("`{token}` is not an integer"))?;
            Ok(match width {
                64 => vec![value as u32, (value >> 32) as u32],
                32 => vec![value as u32],
                _ => {
                    // Narrow types fill the word: sign-extended if signed, else zero-extended.
                    let shift = 32 - width.min(32);
                    let low = (value as u32) << shift;
                    vec![if signed {
                        ((low as i32) >> shift) as u32
                    } else {
                        low >> shift
                    }]
                }
            })
        }
        Scalar::Float { width } => {
            let bits = float_bits(token, width)
                .ok_or_else(|| format!("`{token}` is not a {width}-bit float"))?;
            Ok(if width == 64 {
                vec![bits as u32, (bits >> 32) as u32]
            } else {
                vec![bits as u32]
            })
        }
    }
}

/// The bits of a float literal in a `width`-bit IEEE format: decimal, or hex (`0x1.8p+1`),
/// where an exponent one past the largest encodes infinity or a NaN with that payload, as
/// spirv-dis writes them (`0x1p+128`, `-0x1.8p+128`).
fn float_bits(token: &str, width: u32) -> Option<u64> {
    let (sign_bits, exponent_bits, mantissa_bits) = match width {
        16 => (15, 5, 10),
        32 => (31, 8, 23),
        64 => (63, 11, 52),
        _ => return None,
    };
    let (negative, body) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token.strip_prefix('+').unwrap_or(token)),
    };
    let sign = u64::from(negative) << sign_bits;
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if let Some((mantissa, exponent)) = hex.split_once(['p', 'P']) {
            let exponent: i32 = exponent.parse().ok()?;
            let max = 1i32 << (exponent_bits - 1);
            if exponent == max {
                // Infinity or NaN: the fraction digits are the mantissa's top bits.
                let (_, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
                let mut payload: u64 = 0;
                let mut bits = 0;
                for digit in fraction.chars() {
                    payload = (payload << 4) | u64::from(digit.to_digit(16)?);
                    bits += 4;
                }
                let payload = if bits >= mantissa_bits {
                    payload >> (bits - mantissa_bits)
                } else {
                    payload << (mantissa_bits - bits)
                };
                let all_ones = ((1u64 << exponent_bits) - 1) << mantissa_bits;
                return Some(sign | all_ones | payload);
            }
        }
    }
    let value = super::module::parse_float(body)?;
    Some(
        sign | match width {
            16 => u64::from(speclint_base::run::values::f64_to_f16_bits(value)),
            32 if body.starts_with("0x") || body.starts_with("0X") => {
                u64::from((value as f32).to_bits())
            }
            // Decimal text is rounded once, straight to the width.
            32 => u64::from(
                body.parse::<f32>()
                    .map_or((value as f32).to_bits(), f32::to_bits),
            ),
            _ => value.to_bits(),
        },
    )
}

/// spirv-as's string escapes: a backslash takes the next character as it is.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A literal string: UTF-8, NUL-terminated, padded with NULs to whole words.
fn encode_string(text: &str, words: &mut Vec<u32>) {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    words.extend(
        bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_module_assembles() {
        let text = "; Version: 1.2\nOpCapability Kernel\nOpCapability Addresses\n\
                    OpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %f \"k\"\n\
                    %void = OpTypeVoid\n%fn = OpTypeFunction %void\n\
                    %f = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
        let words = assemble(text).unwrap();
        assert_eq!(&words[..5], &[MAGIC, 0x0001_0200, 0, 5, 0]);
        // OpCapability Kernel (6), OpCapability Addresses (4).
        assert_eq!(&words[5..9], &[0x0002_0011, 6, 0x0002_0011, 4]);
        // OpEntryPoint Kernel %f "k": %f is the first id seen.
        assert_eq!(&words[12..16], &[0x0004_000f, 6, 1, u32::from(b'k')]);
    }

    #[test]
    fn literals_take_their_type_width() {
        let i16 = Scalar::Int {
            width: 16,
            signed: true,
        };
        assert_eq!(typed_literal("-1", i16).unwrap(), vec![0xffff_ffff]);
        let u16 = Scalar::Int {
            width: 16,
            signed: false,
        };
        assert_eq!(typed_literal("65535", u16).unwrap(), vec![0xffff]);
        let u64 = Scalar::Int {
            width: 64,
            signed: false,
        };
        assert_eq!(typed_literal("0x100000002", u64).unwrap(), vec![2, 1]);
        let f32 = Scalar::Float { width: 32 };
        assert_eq!(typed_literal("1.5", f32).unwrap(), vec![0x3fc0_0000]);
        assert_eq!(typed_literal("0x1p+128", f32).unwrap(), vec![0x7f80_0000]);
        assert_eq!(
            typed_literal("-0x1.8p+128", f32).unwrap(),
            vec![0xffc0_0000]
        );
        assert_eq!(typed_literal("0x1p-149", f32).unwrap(), vec![1]);
        let f16 = Scalar::Float { width: 16 };
        assert_eq!(typed_literal("0x1p+16", f16).unwrap(), vec![0x7c00]);
        assert_eq!(typed_literal("1", f16).unwrap(), vec![0x3c00]);
        let f64 = Scalar::Float { width: 64 };
        assert_eq!(typed_literal("1", f64).unwrap(), vec![0, 0x3ff0_0000]);
    }

    #[test]
    fn errors_name_their_place() {
        let errors = assemble("OpCapability Kernal\n%x = OpBogus\n").unwrap_err();
        assert!(errors.len() >= 2, "{errors:?}");
        assert!(errors[0].range.start < errors[1].range.start);
    }
}
