//! The byte-level pieces of Tile IR bytecode: LEB128 varints (unsigned, and zig-zag signed),
//! interning tables whose entries are addressed by index, and aligned sections.

use rustc_hash::FxHashMap as HashMap;

/// Unsigned LEB128: seven bits a byte, low bits first, the top bit set on all but the last.
pub fn varint(mut value: u64, out: &mut Vec<u8>) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Zig-zag then LEB128: small magnitudes of either sign stay short.
pub fn signed_varint(value: i64, out: &mut Vec<u8>) {
    varint(((value << 1) ^ (value >> 63)) as u64, out);
}

/// A count, then each value as a little-endian integer of `width` bytes.
pub fn fixed_int_list(values: &[i64], width: usize, out: &mut Vec<u8>) {
    varint(values.len() as u64, out);
    for v in values {
        out.extend_from_slice(&v.to_le_bytes()[..width]);
    }
}

/// Entries interned by their encoded bytes; an entry's id is its position plus `first_id`.
#[derive(Default)]
pub struct Table {
    ids: HashMap<Vec<u8>, u64>,
    entries: Vec<Vec<u8>>,
    first_id: u64,
}

impl Table {
    pub fn starting_at(first_id: u64) -> Table {
        Table {
            first_id,
            ..Table::default()
        }
    }

    pub fn intern(&mut self, bytes: Vec<u8>) -> u64 {
        if let Some(&id) = self.ids.get(&bytes) {
            return id;
        }
        let id = self.entries.len() as u64 + self.first_id;
        self.ids.insert(bytes.clone(), id);
        self.entries.push(bytes);
        id
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The count, an offset of `index_width` bytes per entry (aligned), then the entries.
    pub fn write(&self, index_width: usize, out: &mut Vec<u8>) {
        varint(self.entries.len() as u64, out);
        pad_to(index_width, out);
        let mut offset = 0u64;
        for entry in &self.entries {
            out.extend_from_slice(&offset.to_le_bytes()[..index_width]);
            offset += entry.len() as u64;
        }
        for entry in &self.entries {
            out.extend_from_slice(entry);
        }
    }
}

/// The filler byte the format pads with.
const PAD: u8 = 0xcb;

pub fn pad_to(alignment: usize, out: &mut Vec<u8>) {
    while !out.len().is_multiple_of(alignment) {
        out.push(PAD);
    }
}

/// Section ids.
pub mod section {
    pub const END: u8 = 0x00;
    pub const STRING: u8 = 0x01;
    pub const FUNCTION: u8 = 0x02;
    pub const DEBUG: u8 = 0x03;
    pub const CONSTANT: u8 = 0x04;
    pub const TYPE: u8 = 0x05;
    pub const GLOBAL: u8 = 0x06;
}

/// A section: its id (high bit set when aligned), its length, the alignment and padding when
/// aligned, then its bytes.
pub fn write_section(id: u8, alignment: usize, body: &[u8], out: &mut Vec<u8>) {
    out.push(id | if alignment > 1 { 0x80 } else { 0 });
    varint(body.len() as u64, out);
    if alignment > 1 {
        varint(alignment as u64, out);
        pad_to(alignment, out);
    }
    out.extend_from_slice(body);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints() {
        let mut out = Vec::new();
        varint(0, &mut out);
        varint(127, &mut out);
        varint(128, &mut out);
        varint(300, &mut out);
        assert_eq!(out, [0, 0x7f, 0x80, 0x01, 0xac, 0x02]);
        out.clear();
        signed_varint(-1, &mut out);
        signed_varint(1, &mut out);
        signed_varint(i64::MIN, &mut out);
        assert_eq!(&out[..2], [1, 2]);
        assert_eq!(out.len(), 2 + 10);
    }

    #[test]
    fn tables_intern() {
        let mut t = Table::starting_at(1);
        assert_eq!(t.intern(vec![1]), 1);
        assert_eq!(t.intern(vec![2, 3]), 2);
        assert_eq!(t.intern(vec![1]), 1);
        let mut out = Vec::new();
        t.write(4, &mut out);
        assert_eq!(out, [2, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3]);
    }
}
