//! Reading modifier tokens, shared by the build script (which validates the data) and the
//! checker (which reads the modules).

/// The first decimal number in a modifier: `.v4` → 4, `.x2` → 2, `.3d` → 3.
pub fn number_in(modifier: &str) -> Option<usize> {
    let start = modifier.find(|c: char| c.is_ascii_digit())?;
    let digits: String = modifier[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `.global`, `.shared::cluster`, `.param::entry`: a state space (section 5.1) with its
/// sub-space.
pub fn is_state_space(token: &str) -> bool {
    let base = token.split("::").next().unwrap_or(token);
    matches!(
        base,
        ".reg" | ".sreg" | ".const" | ".global" | ".local" | ".param" | ".shared" | ".tex"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_state_spaces() {
        assert_eq!(number_in(".v4"), Some(4));
        assert_eq!(number_in(".3d"), Some(3));
        assert_eq!(number_in(".x128"), Some(128));
        assert_eq!(number_in(".sync"), None);
        assert!(is_state_space(".shared::cluster"));
        assert!(is_state_space(".param"));
        assert!(!is_state_space(".sync"));
    }
}
