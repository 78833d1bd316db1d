//! The type table: each type written in the text (`tile<4xf32>`, `partition_view<…>`) is
//! read from its spelling and interned as its bytecode entry; composite entries refer to the
//! entries of their parts by id.

use super::wire::{fixed_int_list, varint, Table};
use super::Version;

/// `?` in a shape or stride list.
const DYNAMIC: i64 = i64::MIN;

pub struct TypeTable {
    pub table: Table,
    version: Version,
}

/// A type spelling this encoder cannot read.
#[derive(Debug)]
pub struct TypeError(pub String);

impl TypeTable {
    pub fn new(version: Version) -> TypeTable {
        let mut table = Table::default();
        // The reader expects i1 and i32 at ids 0 and 1.
        table.intern(element_code("i1").unwrap().to_vec());
        table.intern(element_code("i32").unwrap().to_vec());
        TypeTable { table, version }
    }

    pub fn token(&mut self) -> u64 {
        self.table.intern(vec![TOKEN])
    }

    pub fn i32(&mut self) -> u64 {
        1
    }

    /// The id of the scalar element type `name` (`f32`).
    pub fn element(&mut self, name: &str) -> Result<u64, TypeError> {
        let code = element_code(name).ok_or_else(|| TypeError(format!("element type `{name}`")))?;
        Ok(self.table.intern(code.to_vec()))
    }

    pub fn function(&mut self, params: &[u64], results: &[u64]) -> u64 {
        let mut b = vec![FUNCTION];
        for list in [params, results] {
            varint(list.len() as u64, &mut b);
            for &t in list {
                varint(t, &mut b);
            }
        }
        self.table.intern(b)
    }

    /// The id of the type spelt `text` (blanks anywhere are ignored).
    pub fn parse(&mut self, text: &str) -> Result<u64, TypeError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut reader = Reader {
            s: compact.as_bytes(),
            at: 0,
        };
        let id = self.read(&mut reader)?;
        if reader.at != reader.s.len() {
            return Err(TypeError(format!(
                "unexpected `{}` in `{text}`",
                reader.rest()
            )));
        }
        Ok(id)
    }

    fn read(&mut self, r: &mut Reader) -> Result<u64, TypeError> {
        r.eat("!cuda_tile.");
        let name = r.word();
        match name.as_str() {
            "token" => Ok(self.token()),
            "ptr" => {
                r.expect("<")?;
                let pointee = self.read(r)?;
                r.expect(">")?;
                let mut b = vec![POINTER];
                if self.version >= Version::V13_4 {
                    varint(0, &mut b); // no optional parts
                }
                varint(pointee, &mut b);
                Ok(self.table.intern(b))
            }
            "tile" => {
                r.expect("<")?;
                let shape = r.dims()?;
                let elem = self.read(r)?;
                r.expect(">")?;
                let mut b = vec![TILE];
                varint(elem, &mut b);
                fixed_int_list(&shape, 8, &mut b);
                Ok(self.table.intern(b))
            }
            "tensor_view" => {
                r.expect("<")?;
                let (id, _) = self.tensor_view_body(r)?;
                Ok(id)
            }
            "partition_view" | "strided_view" | "gather_scatter_view" => {
                r.expect("<")?;
                self.view(&name, r)
            }
            _ => {
                let id = self.element(&name)?;
                Ok(id)
            }
        }
    }

    /// After `tensor_view<`: the id and the rank.
    fn tensor_view_body(&mut self, r: &mut Reader) -> Result<(u64, usize), TypeError> {
        let shape = r.dims()?;
        let elem = self.read(r)?;
        let strides = if r.eat(",strides=[") {
            let list = r.list()?;
            r.expect("]")?;
            list
        } else {
            Vec::new()
        };
        r.expect(">")?;
        let mut b = vec![TENSOR_VIEW];
        if self.version >= Version::V13_4 {
            varint(0, &mut b);
        }
        varint(elem, &mut b);
        fixed_int_list(&shape, 8, &mut b);
        fixed_int_list(&strides, 8, &mut b);
        Ok((self.table.intern(b), shape.len()))
    }

    /// After `partition_view<` (or the strided / gather-scatter view).
    fn view(&mut self, kind: &str, r: &mut Reader) -> Result<u64, TypeError> {
        r.expect("tile=(")?;
        let tile = r.x_list()?;
        r.expect(")")?;
        let mut traversal = Vec::new();
        let mut padding = None;
        let mut tensor = None;
        let mut dim_map = None;
        let mut sparse_dim = 0;
        while r.eat(",") {
            if r.eat("padding_value=") {
                let word = r.word();
                padding = Some(match word.as_str() {
                    "zero" => 0u8,
                    "neg_zero" => 1,
                    "nan" => 2,
                    "pos_inf" => 3,
                    "neg_inf" => 4,
                    _ => return Err(TypeError(format!("padding value `{word}`"))),
                });
            } else if r.eat("traversal_strides=[") {
                traversal = r.list()?;
                r.expect("]")?;
            } else if r.eat("dim_map=[") {
                dim_map = Some(r.list()?);
                r.expect("]")?;
            } else if r.eat("sparse_dim=") {
                sparse_dim = r.number()?;
            } else {
                r.eat("!cuda_tile.");
                r.expect("tensor_view<")?;
                tensor = Some(self.tensor_view_body(r)?);
            }
        }
        r.expect(">")?;
        let (tensor, rank) =
            tensor.ok_or_else(|| TypeError(format!("{kind} without a tensor_view")))?;
        let dim_map = dim_map.unwrap_or_else(|| (0..rank as i64).collect());
        let flags = u64::from(padding.is_some());
        let mut b = Vec::new();
        match kind {
            "partition_view" => {
                b.push(PARTITION_VIEW);
                if self.version >= Version::V13_3 {
                    varint(flags, &mut b);
                }
                fixed_int_list(&tile, 4, &mut b);
                varint(tensor, &mut b);
                fixed_int_list(&dim_map, 4, &mut b);
                if self.version < Version::V13_3 {
                    varint(flags, &mut b);
                }
            }
            "strided_view" => {
                b.push(STRIDED_VIEW);
                varint(flags, &mut b);
                fixed_int_list(&tile, 4, &mut b);
                fixed_int_list(&traversal, 4, &mut b);
                varint(tensor, &mut b);
                fixed_int_list(&dim_map, 4, &mut b);
            }
            _ => {
                b.push(GATHER_SCATTER_VIEW);
                varint(flags, &mut b);
                fixed_int_list(&tile, 4, &mut b);
                varint(tensor, &mut b);
                varint(sparse_dim as u64, &mut b);
            }
        }
        b.extend(padding);
        Ok(self.table.intern(b))
    }
}

const POINTER: u8 = 0x0c;
const TILE: u8 = 0x0d;
const TENSOR_VIEW: u8 = 0x0e;
const PARTITION_VIEW: u8 = 0x0f;
const FUNCTION: u8 = 0x10;
const TOKEN: u8 = 0x11;
const GATHER_SCATTER_VIEW: u8 = 0x14;
const STRIDED_VIEW: u8 = 0x15;

/// The type-table entry of a scalar element type.
pub fn element_code(name: &str) -> Option<&'static [u8]> {
    Some(match name {
        "i1" => &[0x00],
        "i8" => &[0x01],
        "i16" => &[0x02],
        "i32" => &[0x03],
        "i64" => &[0x04],
        "f16" => &[0x05],
        "bf16" => &[0x06],
        "f32" => &[0x07],
        "tf32" => &[0x08],
        "f64" => &[0x09],
        "f8E4M3FN" => &[0x0a],
        "f8E5M2" => &[0x0b],
        "f8E8M0FNU" => &[0x12],
        "f4E2M1FN" => &[0x13],
        "i4" => &[0x16],
        // 13.4; a two-byte varint (cuTile Python 1.7.0: FNV8E5M3FNU = 0x82 0x01).
        "fnv8E5M3FNU" => &[0x82, 0x01],
        _ => return None,
    })
}

/// Reads a type spelling without blanks.
struct Reader<'s> {
    s: &'s [u8],
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.s[self.at..]).into_owned()
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.s[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, word: &str) -> Result<(), TypeError> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(TypeError(format!("expected `{word}` at `{}`", self.rest())))
        }
    }

    fn word(&mut self) -> String {
        let start = self.at;
        while self.at < self.s.len()
            && (self.s[self.at].is_ascii_alphanumeric() || self.s[self.at] == b'_')
        {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.at]).into_owned()
    }

    fn number(&mut self) -> Result<i64, TypeError> {
        if self.eat("?") {
            return Ok(DYNAMIC);
        }
        let start = self.at;
        if self.s.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        std::str::from_utf8(&self.s[start..self.at])
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| TypeError(format!("expected a number at `{}`", self.rest())))
    }

    /// `4x8x` before an element type: the dimensions (none for rank 0).
    fn dims(&mut self) -> Result<Vec<i64>, TypeError> {
        let mut dims = Vec::new();
        loop {
            let save = self.at;
            let starts_dim = matches!(self.s.get(self.at), Some(b'?' | b'0'..=b'9'));
            if !starts_dim {
                return Ok(dims);
            }
            let n = self.number()?;
            if !self.eat("x") {
                self.at = save;
                return Ok(dims);
            }
            dims.push(n);
        }
    }

    /// `64x32`.
    fn x_list(&mut self) -> Result<Vec<i64>, TypeError> {
        let mut list = vec![self.number()?];
        while self.eat("x") {
            list.push(self.number()?);
        }
        Ok(list)
    }

    /// `1,?,3` (possibly empty).
    fn list(&mut self) -> Result<Vec<i64>, TypeError> {
        let mut list = Vec::new();
        if matches!(self.s.get(self.at), Some(b']')) {
            return Ok(list);
        }
        list.push(self.number()?);
        while self.eat(",") {
            list.push(self.number()?);
        }
        Ok(list)
    }
}
