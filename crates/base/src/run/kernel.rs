//! What a kernel takes, as plain data every language fills in from its own signature (PTX
//! `.param` types, cuda_tile entry arguments, SPIR-V `OpFunctionParameter` types) and the run
//! command checks the user's `--arg` values against.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A scalar or buffer element type, by the names `--arg` uses (`f32`, `i32`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScalarType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    Bf16,
    F32,
    F64,
}

impl ScalarType {
    pub const ALL: [ScalarType; 12] = [
        ScalarType::I8,
        ScalarType::U8,
        ScalarType::I16,
        ScalarType::U16,
        ScalarType::I32,
        ScalarType::U32,
        ScalarType::I64,
        ScalarType::U64,
        ScalarType::F16,
        ScalarType::Bf16,
        ScalarType::F32,
        ScalarType::F64,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ScalarType::I8 => "i8",
            ScalarType::U8 => "u8",
            ScalarType::I16 => "i16",
            ScalarType::U16 => "u16",
            ScalarType::I32 => "i32",
            ScalarType::U32 => "u32",
            ScalarType::I64 => "i64",
            ScalarType::U64 => "u64",
            ScalarType::F16 => "f16",
            ScalarType::Bf16 => "bf16",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }

    pub fn from_name(name: &str) -> Option<ScalarType> {
        ScalarType::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn size(self) -> usize {
        match self {
            ScalarType::I8 | ScalarType::U8 => 1,
            ScalarType::I16 | ScalarType::U16 | ScalarType::F16 | ScalarType::Bf16 => 2,
            ScalarType::I32 | ScalarType::U32 | ScalarType::F32 => 4,
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarType::F16 | ScalarType::Bf16 | ScalarType::F32 | ScalarType::F64
        )
    }

    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ScalarType::I8 | ScalarType::I16 | ScalarType::I32 | ScalarType::I64
        )
    }

    /// An integer type of the given width in bits and signedness.
    pub fn int(bits: u32, signed: bool) -> Option<ScalarType> {
        Some(match (bits, signed) {
            (8, true) => ScalarType::I8,
            (8, false) => ScalarType::U8,
            (16, true) => ScalarType::I16,
            (16, false) => ScalarType::U16,
            (32, true) => ScalarType::I32,
            (32, false) => ScalarType::U32,
            (64, true) => ScalarType::I64,
            (64, false) => ScalarType::U64,
            _ => return None,
        })
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a pointer parameter points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AddressSpace {
    /// Device memory the host fills and reads back (PTX `.global`, OpenCL `CrossWorkgroup`).
    Global,
    /// Read-only device memory (OpenCL `UniformConstant` / `__constant`, PTX `.const`).
    Constant,
    /// A generic pointer the host passes a device buffer to.
    Generic,
}

/// How a kernel may use an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageAccess {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

impl ImageAccess {
    pub fn name(self) -> &'static str {
        match self {
            ImageAccess::ReadOnly => "read-only",
            ImageAccess::WriteOnly => "write-only",
            ImageAccess::ReadWrite => "read-write",
        }
    }
}

/// What kind of value a parameter takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParamKind {
    /// A value passed as is. `lanes` > 1 for vector types (`float4`): the literal is repeated.
    Scalar { ty: ScalarType, lanes: u32 },
    /// A pointer to device memory: takes a buffer. `element` is `None` where the signature does
    /// not say (an `i8*`, a PTX `.u64` that holds an address): any buffer fits.
    Buffer {
        element: Option<ScalarType>,
        space: AddressSpace,
    },
    /// Memory shared by a work-group (OpenCL `Workgroup` pointers): the host gives only its
    /// size, `local:BYTES`.
    Local { element: Option<ScalarType> },
    /// An image the host fills and reads back (`image:WxH:ORDER:BUFFER`); `dims` is 1 or 2.
    Image { dims: u8, access: ImageAccess },
    /// A 64-bit integer that may hold an address (PTX `.u64`/`.b64`): a scalar or a buffer.
    ScalarOrBuffer { ty: ScalarType },
    /// Something speclint cannot pass yet (an image, a sampler, a struct by value): running
    /// the kernel is refused, naming the parameter and this description.
    Unsupported { what: String },
}

impl ParamKind {
    /// How a message names the kind (`a buffer of f32`, `an i32 scalar`).
    pub fn describe(&self) -> String {
        match self {
            ParamKind::Scalar { ty, lanes: 1 } => format!("{} {ty} scalar", article(*ty)),
            ParamKind::Scalar { ty, lanes } => format!("{} {ty}x{lanes} vector", article(*ty)),
            ParamKind::Buffer {
                element: Some(ty), ..
            } => format!("a buffer of {ty}"),
            ParamKind::Buffer { element: None, .. } => "a buffer".to_string(),
            ParamKind::Local { .. } => "local memory (local:BYTES)".to_string(),
            ParamKind::Image { dims, access } => {
                format!("a {} {dims}D image (image:WxH:ORDER:BUFFER)", access.name())
            }
            ParamKind::ScalarOrBuffer { ty } => {
                format!("{} {ty} scalar or a buffer", article(*ty))
            }
            ParamKind::Unsupported { what } => what.clone(),
        }
    }
}

/// "an i32", "an f32", "a u32", "a bf16": as the names are read aloud.
fn article(ty: ScalarType) -> &'static str {
    if ty.name().starts_with(['i', 'f']) {
        "an"
    } else {
        "a"
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelParam {
    /// The name `--arg NAME=` uses: the source's name, or `argN` (N from 0) where the kernel
    /// does not name it; `argN` always works too.
    pub name: String,
    /// Other names the source gives it, which `--arg` accepts as well: a SPIR-V parameter
    /// has its `OpName` and the id's own name in the text (`%a`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub kind: ParamKind,
    /// The fewest elements a buffer needs, when the language knows what the kernel indexes.
    pub min_elements: Option<u64>,
}

impl KernelParam {
    /// Whether `--arg NAME=` names this parameter (`argN` aside, which depends on its place).
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.aliases.iter().any(|a| a == name)
    }
}

/// One kernel (entry point) a file defines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelSignature {
    pub name: String,
    pub params: Vec<KernelParam>,
    /// 1-based line of its definition in the shown text, for messages and code lenses.
    pub line: Option<u32>,
}
