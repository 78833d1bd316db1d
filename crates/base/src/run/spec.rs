//! `--arg NAME=VALUE`: a scalar literal, a buffer (`zeros:f32[1024]`, `fill:1.5:f32[1024]`,
//! `range:i32[1024]`, `random:f32[1024]:SEED`, `file:PATH:f32[1024]`) or work-group memory
//! (`local:BYTES`), parsed here and turned into bytes once the parameter's type is known.

use crate::run::kernel::ScalarType;
use crate::run::values::{encode_float, encode_int, encode_literal};
use std::path::PathBuf;

/// One `--arg`, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedArg {
    pub name: String,
    pub value: ArgSpec,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    /// A scalar literal, read once the parameter's type is known.
    Literal(String),
    Buffer(BufferSpec),
    /// Work-group memory of this many bytes.
    Local(u64),
    Image(ImageSpec),
}

/// `image:16x8:rgba:range:f32[512]`: the texels, rows first, from a buffer spec.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageSpec {
    pub width: u32,
    pub height: u32,
    /// 1 (`r`), 2 (`rg`) or 4 (`rgba`).
    pub channels: u8,
    pub texels: BufferSpec,
}

impl ArgSpec {
    /// The files this value reads (`file:PATH`, an image's texels from one).
    pub fn files_mut(&mut self) -> impl Iterator<Item = &mut PathBuf> {
        let buffer = match self {
            ArgSpec::Buffer(buffer) | ArgSpec::Image(ImageSpec { texels: buffer, .. }) => {
                Some(buffer)
            }
            ArgSpec::Literal(_) | ArgSpec::Local(_) => None,
        };
        buffer.into_iter().filter_map(|b| match &mut b.init {
            BufferInit::File(path) => Some(path),
            _ => None,
        })
    }

    pub fn describe(&self) -> &'static str {
        match self {
            ArgSpec::Literal(_) => "a scalar literal",
            ArgSpec::Buffer(_) => "a buffer",
            ArgSpec::Local(_) => "local memory",
            ArgSpec::Image(_) => "an image",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct BufferSpec {
    pub init: BufferInit,
    pub element: ScalarType,
    /// Elements; `None` for `file:` without a count (the file's size decides).
    pub len: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BufferInit {
    Zeros,
    /// Every element set to this literal.
    Fill(String),
    /// Element i is i.
    Range,
    /// Floats uniform in [0, 1), integers over their whole range; the same seed gives the same
    /// values.
    Random(u64),
    /// The file's raw little-endian bytes.
    File(PathBuf),
}

/// The largest buffer speclint allocates (1 GiB), so that a typo cannot exhaust memory.
pub const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// Reads `NAME=VALUE`.
pub fn parse_named_arg(text: &str) -> Result<NamedArg, String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not NAME=VALUE"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("`{text}` has no parameter name before `=`"));
    }
    Ok(NamedArg {
        name: name.to_string(),
        value: parse_arg_spec(value)?,
    })
}

pub fn parse_arg_spec(text: &str) -> Result<ArgSpec, String> {
    let Some((head, rest)) = text.split_once(':') else {
        return Ok(ArgSpec::Literal(text.to_string()));
    };
    match head {
        "zeros" => {
            let (element, len) = parse_shape(rest)?;
            Ok(buffer(BufferInit::Zeros, element, Some(len)))
        }
        "range" => {
            let (element, len) = parse_shape(rest)?;
            Ok(buffer(BufferInit::Range, element, Some(len)))
        }
        "fill" => {
            let (value, shape) = rest.split_once(':').ok_or_else(|| {
                format!("`{text}`: write fill:VALUE:TYPE[COUNT], e.g. fill:1.5:f32[1024]")
            })?;
            let (element, len) = parse_shape(shape)?;
            encode_literal(value, element)?;
            Ok(buffer(
                BufferInit::Fill(value.to_string()),
                element,
                Some(len),
            ))
        }
        "random" => {
            let (shape, seed) = match rest.split_once(':') {
                Some((shape, seed)) => (
                    shape,
                    seed.parse::<u64>()
                        .map_err(|_| format!("`{seed}` is not a seed (an unsigned integer)"))?,
                ),
                None => (rest, 0),
            };
            let (element, len) = parse_shape(shape)?;
            Ok(buffer(BufferInit::Random(seed), element, Some(len)))
        }
        "file" => {
            // The path may hold ':', so the shape is what follows the last one.
            let (path, shape) = rest.rsplit_once(':').ok_or_else(|| {
                format!("`{text}`: write file:PATH:TYPE[COUNT], e.g. file:in.bin:f32[1024]")
            })?;
            let (element, len) = match shape.split_once('[') {
                None => (element_type(shape)?, None),
                Some(_) => parse_shape(shape).map(|(e, n)| (e, Some(n)))?,
            };
            if path.is_empty() {
                return Err(format!("`{text}` names no file"));
            }
            Ok(buffer(BufferInit::File(PathBuf::from(path)), element, len))
        }
        "image" => parse_image(rest).map(ArgSpec::Image),
        "local" => {
            let bytes = rest
                .parse::<u64>()
                .map_err(|_| format!("`{text}`: write local:BYTES, e.g. local:1024"))?;
            Ok(ArgSpec::Local(bytes))
        }
        _ => Err(format!(
            "`{text}` is not a value: a scalar literal, zeros:T[N], fill:V:T[N], range:T[N], \
             random:T[N]:SEED, file:PATH:T[N], local:BYTES or image:WxH:ORDER:BUFFER"
        )),
    }
}

/// `16x8:rgba:range:f32[512]` (a 1D image is `16:r:...`).
fn parse_image(text: &str) -> Result<ImageSpec, String> {
    let usage = || {
        format!("`image:{text}`: write image:WIDTHxHEIGHT:ORDER:BUFFER, e.g. image:16x8:rgba:range:f32[512]")
    };
    let mut parts = text.splitn(3, ':');
    let (Some(size), Some(order), Some(texels)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(usage());
    };
    let (width, height) = size.split_once('x').unwrap_or((size, "1"));
    let (Ok(width), Ok(height)) = (width.parse::<u32>(), height.parse::<u32>()) else {
        return Err(usage());
    };
    if width == 0 || height == 0 {
        return Err(format!("`image:{text}`: an image needs at least one texel"));
    }
    let channels = match order {
        "r" => 1,
        "rg" => 2,
        "rgba" => 4,
        _ => return Err(format!("`{order}` is not a channel order (r, rg or rgba)")),
    };
    let ArgSpec::Buffer(texels) = parse_arg_spec(texels)? else {
        return Err(usage());
    };
    let needed = u64::from(width) * u64::from(height) * channels as u64;
    if texels.len.is_some_and(|len| len != needed) {
        return Err(format!(
            "`image:{text}`: {width}x{height} texels of {channels} channel{} need {needed} \
             elements",
            if channels == 1 { "" } else { "s" }
        ));
    }
    Ok(ImageSpec {
        width,
        height,
        channels,
        texels,
    })
}

fn buffer(init: BufferInit, element: ScalarType, len: Option<u64>) -> ArgSpec {
    ArgSpec::Buffer(BufferSpec { init, element, len })
}

/// `f32[1024]`.
fn parse_shape(text: &str) -> Result<(ScalarType, u64), String> {
    let (ty, count) = text
        .strip_suffix(']')
        .and_then(|t| t.split_once('['))
        .ok_or_else(|| format!("`{text}` is not TYPE[COUNT], e.g. f32[1024]"))?;
    let element = element_type(ty)?;
    let len = count
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("`{count}` is not an element count"))?;
    if len == 0 {
        return Err(format!("`{text}`: a buffer needs at least one element"));
    }
    if len.saturating_mul(element.size() as u64) > MAX_BUFFER_BYTES {
        return Err(format!(
            "`{text}` is larger than {} MiB",
            MAX_BUFFER_BYTES >> 20
        ));
    }
    Ok((element, len))
}

fn element_type(text: &str) -> Result<ScalarType, String> {
    ScalarType::from_name(text.trim()).ok_or_else(|| {
        let names: Vec<_> = ScalarType::ALL.iter().map(|t| t.name()).collect();
        format!("`{text}` is not an element type ({})", names.join(", "))
    })
}

impl BufferSpec {
    /// The buffer's initial bytes.
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        let size = self.element.size();
        let len = self.len.unwrap_or(0) as usize;
        Ok(match &self.init {
            BufferInit::Zeros => vec![0; len * size],
            BufferInit::Fill(value) => encode_literal(value, self.element)?.repeat(len),
            BufferInit::Range => (0..len as u64)
                .flat_map(|i| {
                    if self.element.is_float() {
                        encode_float(i as f64, self.element)
                    } else {
                        encode_int(i, self.element)
                    }
                })
                .collect(),
            BufferInit::Random(seed) => {
                let mut state = *seed;
                (0..len)
                    .flat_map(|_| {
                        let bits = splitmix64(&mut state);
                        if self.element.is_float() {
                            // 53 random bits: uniform in [0, 1).
                            encode_float((bits >> 11) as f64 / (1u64 << 53) as f64, self.element)
                        } else {
                            encode_int(bits, self.element)
                        }
                    })
                    .collect()
            }
            BufferInit::File(path) => {
                let bytes = std::fs::read(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                if bytes.len() % size != 0 {
                    return Err(format!(
                        "{} holds {} bytes, not a whole number of {} elements",
                        path.display(),
                        bytes.len(),
                        self.element
                    ));
                }
                match self.len {
                    None => bytes,
                    Some(_) if bytes.len() >= len * size => bytes[..len * size].to_vec(),
                    Some(_) => {
                        return Err(format!(
                            "{} holds {} {} elements, fewer than the {len} asked for",
                            path.display(),
                            bytes.len() / size,
                            self.element
                        ))
                    }
                }
            }
        })
    }
}

/// SplitMix64: a small, well-mixed generator, so random buffers need no dependency and stay
/// the same across versions.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `--grid 4,2` → `[4, 2, 1]`.
pub fn parse_dims(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("`{text}` is not X[,Y[,Z]]"));
    }
    let mut dims = [1u32; 3];
    for (dim, part) in dims.iter_mut().zip(&parts) {
        *dim = part
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{part}` in `{text}` is not a positive count"))?;
    }
    Ok(dims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_parses() {
        let arg = parse_named_arg("out=zeros:f32[1024]").unwrap();
        assert_eq!(arg.name, "out");
        assert_eq!(
            arg.value,
            buffer(BufferInit::Zeros, ScalarType::F32, Some(1024))
        );
        assert_eq!(
            parse_arg_spec("fill:1.5:f32[4]").unwrap(),
            buffer(BufferInit::Fill("1.5".into()), ScalarType::F32, Some(4))
        );
        assert_eq!(
            parse_arg_spec("random:u8[3]:42").unwrap(),
            buffer(BufferInit::Random(42), ScalarType::U8, Some(3))
        );
        assert_eq!(
            parse_arg_spec("file:C:/x:y.bin:i32").unwrap(),
            buffer(BufferInit::File("C:/x:y.bin".into()), ScalarType::I32, None)
        );
        assert_eq!(parse_arg_spec("local:256").unwrap(), ArgSpec::Local(256));
        let ArgSpec::Image(image) = parse_arg_spec("image:4x2:rg:range:f32[16]").unwrap() else {
            panic!("an image");
        };
        assert_eq!((image.width, image.height, image.channels), (4, 2, 2));
        assert!(parse_arg_spec("image:4x2:rgba:range:f32[16]")
            .unwrap_err()
            .contains("need 32 elements"));
        assert!(parse_arg_spec("image:4x2:bgr:range:f32[8]").is_err());
        assert_eq!(parse_arg_spec("-3").unwrap(), ArgSpec::Literal("-3".into()));
    }

    #[test]
    fn mistakes_are_named() {
        assert!(parse_named_arg("nothing")
            .unwrap_err()
            .contains("NAME=VALUE"));
        assert!(parse_arg_spec("zeros:f33[4]").unwrap_err().contains("f33"));
        assert!(parse_arg_spec("zeros:f32[0]").is_err());
        assert!(parse_arg_spec("zeros:f32[4").is_err());
        assert!(parse_arg_spec("fill:x:f32[4]").unwrap_err().contains("`x`"));
        assert!(parse_arg_spec("zeros:f64[200000000]")
            .unwrap_err()
            .contains("MiB"));
        assert!(parse_arg_spec("bogus:1").is_err());
        assert_eq!(parse_dims("4,2").unwrap(), [4, 2, 1]);
        assert!(parse_dims("0").is_err());
        assert!(parse_dims("1,2,3,4").is_err());
    }

    #[test]
    fn buffers_fill_as_asked() {
        let range = BufferSpec {
            init: BufferInit::Range,
            element: ScalarType::I32,
            len: Some(3),
        };
        assert_eq!(range.bytes().unwrap(), [0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]);
        let random = |seed| BufferSpec {
            init: BufferInit::Random(seed),
            element: ScalarType::F32,
            len: Some(64),
        };
        let a = random(7).bytes().unwrap();
        assert_eq!(a, random(7).bytes().unwrap());
        assert_ne!(a, random(8).bytes().unwrap());
        for chunk in a.chunks(4) {
            let v = f32::from_le_bytes(chunk.try_into().unwrap());
            assert!((0.0..1.0).contains(&v));
        }
    }
}
