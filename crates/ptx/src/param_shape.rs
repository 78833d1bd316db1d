//! The shape of one declared parameter (`.param .align 8 .b8 _[16]`): what a `call` compares
//! of an argument against the parameter it stands for (`call_params` and PTX011).

use super::type_agreement::kind_and_bits;
use speclint_spec_db::TypeKind;

/// What a call compares of one parameter: where it lives, its type, and its layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParamShape {
    /// `.param` (false: `.reg`).
    pub(crate) in_param_space: bool,
    pub(crate) ty: String,
    pub(crate) kind: TypeKind,
    /// Bytes of one element.
    pub(crate) element_bytes: u64,
    /// Elements of an array (`a[16]`: 16); None for a scalar.
    pub(crate) elements: Option<u64>,
    /// `.align N`, else the element's own size.
    pub(crate) alignment: u64,
}

impl ParamShape {
    pub(crate) fn bytes(&self) -> u64 {
        self.element_bytes * self.elements.unwrap_or(1)
    }

    pub(crate) fn describe(&self) -> String {
        let layout = match self.elements {
            Some(n) => format!("`{}[{n}]` ({} bytes)", self.ty, self.bytes()),
            None => format!("`{}`", self.ty),
        };
        format!("{layout}, aligned to {}", self.alignment)
    }
}

/// The shape one declaration piece gives its single name: `.param .align 8 .b8 _[16]`.
/// None for what is not compared: vectors, `.ptr` attributes, unknown types.
pub(crate) fn piece_shape(piece: &str) -> Option<ParamShape> {
    let mut in_param_space = false;
    let mut alignment = None;
    let mut ty = None;
    let mut words = piece.split_whitespace().peekable();
    let mut rest = "";
    while let Some(word) = words.next() {
        match word {
            ".param" => in_param_space = true,
            ".reg" => in_param_space = false,
            ".align" => alignment = words.next().and_then(|n| n.parse::<u64>().ok()),
            ".ptr" => return None,
            w if w.starts_with(".v") && w[2..].bytes().all(|c| c.is_ascii_digit()) => return None,
            w if w.starts_with('.') => {
                if speclint_spec_db::ptx::ptx_type(w).is_some() {
                    ty = Some(w.to_string());
                }
            }
            _ => {
                // The name and what follows it (`_[16]`, `buf [4][4]`).
                let start = word.as_ptr() as usize - piece.as_ptr() as usize;
                rest = &piece[start..];
                break;
            }
        }
    }
    let ty = ty?;
    let (kind, bits) = kind_and_bits(&ty)?;
    let element_bytes = u64::from(bits).div_ceil(8);
    let mut elements: Option<u64> = None;
    let mut dims = rest;
    while let Some(open) = dims.find('[') {
        let close = dims[open..].find(']')? + open;
        let count = dims[open + 1..close].trim().parse::<u64>().ok()?;
        elements = Some(elements.unwrap_or(1) * count);
        dims = &dims[close + 1..];
    }
    Some(ParamShape {
        in_param_space,
        ty,
        kind,
        element_bytes,
        elements,
        alignment: alignment.unwrap_or(element_bytes),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_give_type_size_and_alignment() {
        let shape = piece_shape(".param .align 8 .b8 _[16]").unwrap();
        assert_eq!((shape.bytes(), shape.alignment), (16, 8));
        let shape = piece_shape(".param .b32 a").unwrap();
        assert_eq!(
            (shape.bytes(), shape.alignment, shape.elements),
            (4, 4, None)
        );
        assert_eq!(piece_shape(".param .b8 a[4][4]").unwrap().bytes(), 16);
        assert!(piece_shape(".param .v2 .b32 a").is_none());
        assert!(!piece_shape(".reg .b32 a").unwrap().in_param_space);
    }
}
