//! Debug information: with a file name, each entry gets a file, compile unit and subprogram,
//! and each op a location (line and column in the text); the debug section lists them per
//! function in the order the ops are encoded.

use super::wire::{pad_to, varint, Table};
use super::{Encoder, Version};

/// Debug attribute tags.
mod debug_tag {
    pub const COMPILE_UNIT: u8 = 0x01;
    pub const FILE: u8 = 0x02;
    pub const LOCATION: u8 = 0x04;
    pub const SUBPROGRAM: u8 = 0x05;
}

impl<'a> Encoder<'a> {
    /// 1-based line and column of a byte offset.
    pub(super) fn line_column(&self, offset: usize) -> (u64, u64) {
        let before = &self.source[..offset.min(self.source.len())];
        let line = before.matches('\n').count() as u64 + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
        (line, column as u64 + 1)
    }

    /// An entry's scope (file, compile unit, subprogram) and its own location; 0 without
    /// locations.
    pub(super) fn function_location(&mut self, name: &str, offset: usize) -> u64 {
        let Some(file_name) = self.file_name.clone() else {
            return 0;
        };
        let (line, column) = self.line_column(offset);
        let mut file = vec![debug_tag::FILE];
        varint(self.strings.id(&file_name), &mut file);
        varint(self.strings.id("."), &mut file);
        let file = self.debug.intern(file);
        let mut unit = vec![debug_tag::COMPILE_UNIT];
        varint(file, &mut unit);
        let unit = self.debug.intern(unit);
        let mut subprogram = vec![debug_tag::SUBPROGRAM];
        varint(file, &mut subprogram);
        varint(line, &mut subprogram);
        varint(self.strings.id(name), &mut subprogram);
        varint(self.strings.id(name), &mut subprogram);
        varint(unit, &mut subprogram);
        varint(line, &mut subprogram);
        if self.version >= Version::V13_5 {
            varint(0, &mut subprogram); // no flags
        }
        self.subprogram = self.debug.intern(subprogram);
        self.location_at(line, column)
    }

    /// The location of the op starting at `offset`; 0 without locations.
    pub(super) fn location(&mut self, offset: usize) -> u64 {
        if self.file_name.is_none() {
            return 0;
        }
        let (line, column) = self.line_column(offset);
        self.location_at(line, column)
    }

    pub(super) fn location_at(&mut self, line: u64, column: u64) -> u64 {
        let file_name = self.file_name.clone().unwrap_or_default();
        let mut loc = vec![debug_tag::LOCATION];
        varint(self.subprogram, &mut loc);
        varint(self.strings.id(&file_name), &mut loc);
        varint(line, &mut loc);
        varint(column, &mut loc);
        self.debug.intern(loc)
    }
}

/// The debug section: per function where its entries start, then every entry (the function's
/// location and one per op, 0 for none), then the attribute table (with one dummy entry when
/// empty: the reader rejects an empty one).
pub(super) fn debug_section(functions: &[Vec<u64>], attributes: &Table) -> Vec<u8> {
    let mut b = Vec::new();
    varint(functions.len() as u64, &mut b);
    pad_to(4, &mut b);
    let mut offset = 0u32;
    for locations in functions {
        b.extend(offset.to_le_bytes());
        offset += locations.len() as u32;
    }
    varint(u64::from(offset), &mut b);
    pad_to(8, &mut b);
    for id in functions.iter().flatten() {
        b.extend(id.to_le_bytes());
    }
    if attributes.is_empty() {
        let mut dummy = Table::starting_at(1);
        dummy.intern(vec![0]);
        dummy.write(4, &mut b);
    } else {
        attributes.write(4, &mut b);
    }
    b
}
