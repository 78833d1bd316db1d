//! What the listing needs of a cubin (an ELF file) beside nvdisasm's text: each function's
//! code, whose upper words hold the control bits (so nvdisasm need not print every encoding),
//! and its symbol's index, by which nvdisasm disassembles some functions and not others.
//! Read with bounds checks throughout: a file that is not what it should be is an error, never
//! a panic.

use std::path::Path;

/// A function's symbol: its index in the symbol table, its name and its code's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSymbol {
    pub index: usize,
    pub name: String,
    pub size: u64,
}

pub struct Cubin {
    bytes: Vec<u8>,
    /// Each section's name and its bytes' range in the file.
    sections: Vec<(String, std::ops::Range<usize>)>,
    functions: Vec<FunctionSymbol>,
}

const SHT_SYMTAB: u32 = 2;
const SHT_NOBITS: u32 = 8;
const STT_FUNC: u8 = 2;

impl Cubin {
    pub fn read(path: &Path) -> Result<Cubin, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Cubin::parse(bytes).map_err(|why| format!("{}: {why}", path.display()))
    }

    fn parse(bytes: Vec<u8>) -> Result<Cubin, String> {
        if bytes.get(..4) != Some(b"\x7fELF")
            || bytes.get(4) != Some(&2)
            || bytes.get(5) != Some(&1)
        {
            return Err("not a 64-bit little-endian ELF file".into());
        }
        let header = Reader(&bytes);
        let section_table = header.u64(0x28)? as usize;
        let entry_size = usize::from(header.u16(0x3a)?);
        let count = usize::from(header.u16(0x3c)?);
        let names_index = usize::from(header.u16(0x3e)?);
        if entry_size < 0x40 {
            return Err("section headers are too small".into());
        }
        struct Header {
            name: u32,
            kind: u32,
            offset: usize,
            size: usize,
            link: u32,
            entry_size: usize,
        }
        let headers: Vec<Header> = (0..count)
            .map(|i| {
                let at = section_table + i * entry_size;
                Ok(Header {
                    name: header.u32(at)?,
                    kind: header.u32(at + 4)?,
                    offset: header.u64(at + 0x18)? as usize,
                    size: header.u64(at + 0x20)? as usize,
                    link: header.u32(at + 0x28)?,
                    entry_size: header.u64(at + 0x38)? as usize,
                })
            })
            .collect::<Result<_, String>>()?;
        let range = |h: &Header| -> Result<std::ops::Range<usize>, String> {
            if h.kind == SHT_NOBITS {
                return Ok(0..0);
            }
            let end = h
                .offset
                .checked_add(h.size)
                .filter(|&end| end <= bytes.len());
            end.map(|end| h.offset..end)
                .ok_or_else(|| "a section lies outside the file".to_string())
        };
        let name_table = range(headers.get(names_index).ok_or("no section name table")?)?;
        let string_at = |table: &std::ops::Range<usize>, offset: u32| -> String {
            let start = table.start + offset as usize;
            let text = bytes.get(start..table.end).unwrap_or_default();
            let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
            String::from_utf8_lossy(&text[..end]).into_owned()
        };
        let mut sections = Vec::with_capacity(headers.len());
        for h in &headers {
            sections.push((string_at(&name_table, h.name), range(h)?));
        }
        let mut functions = Vec::new();
        if let Some(symbols) = headers.iter().find(|h| h.kind == SHT_SYMTAB) {
            let table = range(symbols)?;
            let names = range(
                headers
                    .get(symbols.link as usize)
                    .ok_or("no symbol names")?,
            )?;
            let size = symbols.entry_size.max(24);
            for (index, at) in table.clone().step_by(size).enumerate() {
                if at + 24 > table.end {
                    break;
                }
                let info = *bytes.get(at + 4).ok_or("symbol table cut short")?;
                if info & 0xf != STT_FUNC {
                    continue;
                }
                functions.push(FunctionSymbol {
                    index,
                    name: string_at(&names, header.u32(at)?),
                    size: header.u64(at + 16)?,
                });
            }
        }
        Ok(Cubin {
            bytes,
            sections,
            functions,
        })
    }

    /// The code of function `name` (its `.text.NAME` section).
    pub fn code(&self, name: &str) -> Option<&[u8]> {
        let (_, range) = self
            .sections
            .iter()
            .find(|(section, _)| section.strip_prefix(".text.") == Some(name))?;
        self.bytes.get(range.clone())
    }

    pub fn functions(&self) -> &[FunctionSymbol] {
        &self.functions
    }

    /// The upper word of the 16-byte instruction at `address` of function `name`: where
    /// Volta and later keep the control bits.
    pub fn upper_word(&self, name: &str, address: u64) -> Option<u64> {
        let code = self.code(name)?;
        let at = usize::try_from(address).ok()?.checked_add(8)?;
        let word = code.get(at..at + 8)?;
        Some(u64::from_le_bytes(word.try_into().ok()?))
    }
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn bytes<const N: usize>(&self, at: usize) -> Result<[u8; N], String> {
        self.0
            .get(at..at + N)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| "the file is cut short".to_string())
    }
    fn u16(&self, at: usize) -> Result<u16, String> {
        self.bytes(at).map(u16::from_le_bytes)
    }
    fn u32(&self, at: usize) -> Result<u32, String> {
        self.bytes(at).map(u32::from_le_bytes)
    }
    fn u64(&self, at: usize) -> Result<u64, String> {
        self.bytes(at).map(u64::from_le_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_not_a_cubin_is_an_error() {
        assert!(Cubin::parse(b"not an elf".to_vec()).is_err());
        let mut cut = b"\x7fELF\x02\x01\x01".to_vec();
        cut.resize(0x30, 0);
        assert!(Cubin::parse(cut).is_err());
        // Section headers pointing past the end.
        let mut bad = b"\x7fELF\x02\x01\x01".to_vec();
        bad.resize(0x40, 0);
        bad[0x28..0x30].copy_from_slice(&0x1000u64.to_le_bytes());
        bad[0x3a..0x3c].copy_from_slice(&0x40u16.to_le_bytes());
        bad[0x3c..0x3e].copy_from_slice(&3u16.to_le_bytes());
        assert!(Cubin::parse(bad).is_err());
    }
}
