//! Operand constraints as nvcc reads them: `=` (written), `+` (read and written), `&` (early
//! clobber), then one letter that gives the PTX register class (or an immediate).

/// What a constraint letter stands for in the PTX nvcc writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A register of this PTX type (`r`: `.b32`).
    Register(&'static str),
    /// `n`: an integer constant, written into the PTX as a number.
    Immediate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub letter: char,
    pub class: Class,
    /// `=` or `+`.
    pub written: bool,
    /// `+`, or an input: the PTX may read it.
    pub read: bool,
}

/// The register class of each letter nvcc takes in device code (nvcc 13.5 declares `.b32` for
/// `r`, `.f32` for `f`: an `add.u32` on an `f` operand is an argument mismatch).
pub fn class_of(letter: char) -> Option<Class> {
    Some(match letter {
        'h' => Class::Register(".b16"),
        'r' => Class::Register(".b32"),
        'l' => Class::Register(".b64"),
        'q' => Class::Register(".b128"),
        'f' => Class::Register(".f32"),
        'd' => Class::Register(".f64"),
        'n' => Class::Immediate,
        _ => return None,
    })
}

/// Reads a constraint string; the error says what nvcc rejects (probed with nvcc 13.5).
pub fn parse(text: &str, output: bool) -> Result<Constraint, String> {
    let mut written = false;
    let mut read = !output;
    let letters: String = text
        .chars()
        .filter(|&c| match c {
            '=' => {
                written = true;
                false
            }
            '+' => {
                written = true;
                read = true;
                false
            }
            '&' => false,
            _ => !c.is_whitespace(),
        })
        .collect();
    let mut chars = letters.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(if letters.is_empty() {
            format!("the constraint \"{text}\" names no operand class; nvcc takes one of `r` `l` `h` `f` `d` `q` `n`")
        } else {
            format!("the constraint \"{text}\" has more than one letter; in device code nvcc takes exactly one of `r` `l` `h` `f` `d` `q` `n`")
        });
    };
    match class_of(letter) {
        Some(class) => Ok(Constraint { letter, class, written, read }),
        None if matches!(letter, 'm' | 'i') => Err(format!(
            "nvcc does not allow the constraint letter `{letter}` in device code; use `l` for an address or `n` for a constant"
        )),
        None => Err(format!(
            "`{letter}` is not a constraint nvcc knows in device code; it takes one of `r` (.b32) `l` (.b64) `h` (.b16) `f` (.f32) `d` (.f64) `q` (.b128) `n` (constant)"
        )),
    }
}

/// A description for messages: `"=r" (a .b32 register)`.
pub fn describe(constraint: &Constraint) -> &'static str {
    match constraint.class {
        Class::Register(".b16") => "a .b16 register",
        Class::Register(".b32") => "a .b32 register",
        Class::Register(".b64") => "a .b64 register",
        Class::Register(".b128") => "a .b128 register",
        Class::Register(".f32") => "a .f32 register",
        Class::Register(".f64") => "a .f64 register",
        Class::Register(_) => "a register",
        Class::Immediate => "an immediate",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_and_letters_are_read() {
        let c = parse("=&r", true).unwrap();
        assert_eq!((c.letter, c.written, c.read), ('r', true, false));
        let c = parse("+l", true).unwrap();
        assert_eq!(
            (c.class, c.written, c.read),
            (Class::Register(".b64"), true, true)
        );
        let c = parse("n", false).unwrap();
        assert_eq!(
            (c.class, c.written, c.read),
            (Class::Immediate, false, true)
        );
        for bad in ["m", "i", "rn", "", "x", "="] {
            assert!(parse(bad, false).is_err(), "{bad}");
        }
    }
}
