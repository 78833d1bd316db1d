//! A kernel's parameters as its own `.param` list declares them: the type, the size in bytes,
//! an array length, the alignment, and what `.ptr` says the value points to. `speclint run`
//! checks the arguments it is given against them.

use super::ast::VarDecl;
use super::PtxAnalysis;
use speclint_base::text::TextRange;

/// One `.param` of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelParam {
    pub name: String,
    /// The type as written (`.u64`, `.f32`, `.b8`).
    pub ty: String,
    /// `[N]`: a byte array passed by value (a struct).
    pub array: Option<u32>,
    /// `.align N`, when written.
    pub align: Option<u32>,
    /// `.ptr` (kernel parameters only): the value is an address, into this state space
    /// (`.global`, `.shared`, `.const`, `.local`; None: generic).
    pub pointer: Option<PointerParam>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerParam {
    pub space: Option<String>,
    /// `.align N` after `.ptr`: the alignment of what it points to.
    pub align: Option<u32>,
}

impl KernelParam {
    /// Bytes of one element of the type (`.u64` → 8, `.pred` → 4 as stored), None for a type
    /// speclint does not know.
    pub fn element_bytes(&self) -> Option<u32> {
        let bits: u32 = self
            .ty
            .trim_start_matches('.')
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .ok()?;
        Some(bits.div_ceil(8))
    }

    /// Bytes the parameter takes.
    #[cfg(test)]
    pub fn bytes(&self) -> Option<u32> {
        Some(self.element_bytes()? * self.array.unwrap_or(1))
    }

    /// Is it an address? `.ptr` says so; a 64-bit untyped or unsigned integer may be one too
    /// (nvcc writes pointers as `.u64` without `.ptr` unless asked).
    pub fn may_be_address(&self) -> bool {
        self.pointer.is_some()
            || (self.array.is_none() && matches!(self.ty.as_str(), ".u64" | ".b64" | ".s64"))
    }
}

/// A kernel (`.entry`) with its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelSignature {
    pub name: String,
    pub params: Vec<KernelParam>,
    /// The kernel's header, from `.entry` to its name.
    pub range: TextRange,
}

/// Every kernel of the module, in text order.
pub fn kernels(analysis: &PtxAnalysis, text: &str) -> Vec<KernelSignature> {
    analysis
        .kernels(text)
        .filter_map(|kernel| {
            let name = kernel.name?;
            Some(KernelSignature {
                name: slice(text, name).to_string(),
                params: kernel
                    .params
                    .iter()
                    .flat_map(|decl| params_of(decl, text))
                    .collect(),
                range: TextRange::new(kernel.kind.start, name.end),
            })
        })
        .collect()
}

fn slice(text: &str, range: TextRange) -> &str {
    text.get(range.start..range.end).unwrap_or("")
}

/// The parameters one declaration names (one, in practice).
fn params_of(decl: &VarDecl, text: &str) -> Vec<KernelParam> {
    let ty = decl
        .ty
        .map(|t| slice(text, t).to_string())
        .unwrap_or_default();
    // The keywords' own words: `.ptr .global .align 8`, `.align 4` (before or after `.ptr`).
    let words: Vec<&str> = slice(text, decl.range)
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let number_after =
        |at: usize| -> Option<u32> { words.get(at + 1).and_then(|w| w.parse().ok()) };
    let ptr_at = words.iter().position(|w| *w == ".ptr");
    let mut align = None;
    let mut pointer = ptr_at.map(|_| PointerParam {
        space: None,
        align: None,
    });
    for (at, word) in words.iter().enumerate() {
        let after_ptr = ptr_at.is_some_and(|p| at > p);
        match *word {
            ".align" if after_ptr => {
                if let Some(pointer) = pointer.as_mut() {
                    pointer.align = number_after(at);
                }
            }
            ".align" => align = number_after(at),
            ".global" | ".shared" | ".const" | ".local" if after_ptr => {
                if let Some(pointer) = pointer.as_mut() {
                    pointer.space = Some(word.to_string());
                }
            }
            _ => {}
        }
    }
    decl.declarators
        .iter()
        .map(|declarator| {
            // `name[16]`: the length follows the name.
            let after = text.get(declarator.name.end..decl.range.end).unwrap_or("");
            let array = after
                .trim_start()
                .strip_prefix('[')
                .and_then(|rest| rest.split_once(']'))
                .and_then(|(n, _)| n.trim().parse().ok());
            KernelParam {
                name: slice(text, declarator.name).to_string(),
                ty: ty.clone(),
                array,
                align,
                pointer: pointer.clone(),
                range: declarator.name,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernels_of(text: &str) -> Vec<KernelSignature> {
        let analysis = crate::analyze(text, &Default::default(), false);
        kernels(&analysis, text)
    }

    #[test]
    fn params_keep_types_pointers_and_arrays() {
        let text = "\
.version 8.0
.target sm_80
.address_size 64
.func helper(.param .u32 x) { ret; }
.visible .entry saxpy(
    .param .u64 .ptr .global .align 16 out,
    .param .u64 .ptr .align 4 in,
    .param .f32 a,
    .param .align 8 .b8 blob[24],
    .param .u32 n
)
{
    ret;
}
";
        let kernels = kernels_of(text);
        assert_eq!(kernels.len(), 1, "only the .entry is a kernel");
        let saxpy = &kernels[0];
        assert_eq!(saxpy.name, "saxpy");
        let names: Vec<_> = saxpy.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["out", "in", "a", "blob", "n"]);
        let out = &saxpy.params[0];
        assert_eq!(
            out.pointer,
            Some(PointerParam {
                space: Some(".global".into()),
                align: Some(16)
            })
        );
        assert_eq!(saxpy.params[1].pointer.as_ref().unwrap().space, None);
        assert_eq!(saxpy.params[2].ty, ".f32");
        assert_eq!(saxpy.params[2].bytes(), Some(4));
        assert!(!saxpy.params[2].may_be_address());
        let blob = &saxpy.params[3];
        assert_eq!(
            (blob.array, blob.align, blob.bytes()),
            (Some(24), Some(8), Some(24))
        );
        assert!(!blob.may_be_address());
    }
}
