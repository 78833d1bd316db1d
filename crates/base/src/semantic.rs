//! Semantic tokens in plain data: what each token of a document is (an opcode, a register, a
//! type…), for editors to colour beyond what a grammar can know. Each language classifies its
//! own tokens from its lexer and analysis; the LSP glue maps the kinds to a legend.

use crate::text::TextRange;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// An instruction or operation name (`ex2`, `addf`, `OpLoad`).
    Opcode,
    /// An opcode's modifier (`.approx`, `.f16`).
    Modifier,
    /// A directive (`.version`, `.entry`).
    Directive,
    /// A keyword of the syntax that is neither (`.global`, `to`, `step`).
    Keyword,
    Type,
    /// A register, variable or value (`%r1`, `%x`, `%12`).
    Variable,
    Parameter,
    Label,
    Function,
    /// A named constant of an enumeration (`nearest_even`, `Function`, `sm_90`).
    EnumMember,
    /// An attribute or a component (`.x` of `%tid.x`, `overflow` in `overflow = ...`).
    Property,
    Number,
    String,
    Comment,
}

/// Facts about a token besides its kind, as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TokenModifiers(u8);

impl TokenModifiers {
    pub const NONE: TokenModifiers = TokenModifiers(0);
    /// The name is declared here.
    pub const DECLARATION: TokenModifiers = TokenModifiers(1);
    /// The name is defined here (a body or a value, not a prototype).
    pub const DEFINITION: TokenModifiers = TokenModifiers(1 << 1);
    pub const READONLY: TokenModifiers = TokenModifiers(1 << 2);
    pub const DEPRECATED: TokenModifiers = TokenModifiers(1 << 3);
    /// Provided by the platform (special registers, built-ins).
    pub const DEFAULT_LIBRARY: TokenModifiers = TokenModifiers(1 << 4);
    /// Every modifier, in bit order (for legends).
    pub const ALL: [TokenModifiers; 5] = [
        Self::DECLARATION,
        Self::DEFINITION,
        Self::READONLY,
        Self::DEPRECATED,
        Self::DEFAULT_LIBRARY,
    ];

    pub fn bits(self) -> u8 {
        self.0
    }

    pub fn contains(self, other: TokenModifiers) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for TokenModifiers {
    type Output = TokenModifiers;
    fn bitor(self, other: TokenModifiers) -> TokenModifiers {
        TokenModifiers(self.0 | other.0)
    }
}

/// One classified token. Tokens of a document are sorted and do not overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    pub range: TextRange,
    pub kind: TokenKind,
    pub modifiers: TokenModifiers,
}

impl SemanticToken {
    pub fn new(range: TextRange, kind: TokenKind) -> Self {
        SemanticToken {
            range,
            kind,
            modifiers: TokenModifiers::NONE,
        }
    }

    pub fn with(mut self, modifiers: TokenModifiers) -> Self {
        self.modifiers = self.modifiers | modifiers;
        self
    }
}

/// Sorts tokens and drops empty ones and those that overlap an earlier one (a language may
/// classify one range twice, from its lexer and from its analysis: the first pushed wins).
pub fn normalize(mut tokens: Vec<SemanticToken>) -> Vec<SemanticToken> {
    tokens.retain(|t| t.range.start < t.range.end);
    // Stable: among tokens at one start, the first pushed stays first.
    tokens.sort_by_key(|t| t.range.start);
    let mut end = 0;
    tokens.retain(|t| {
        let keep = t.range.start >= end;
        if keep {
            end = t.range.end;
        }
        keep
    });
    tokens
}

/// The tokens that intersect `range` (a slice of sorted tokens).
pub fn in_range(tokens: &[SemanticToken], range: TextRange) -> &[SemanticToken] {
    let first = tokens.partition_point(|t| t.range.end <= range.start);
    let last = tokens.partition_point(|t| t.range.start < range.end);
    &tokens[first..last.max(first)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(start: usize, end: usize, kind: TokenKind) -> SemanticToken {
        SemanticToken::new(TextRange::new(start, end), kind)
    }

    #[test]
    fn normalize_sorts_and_keeps_the_first_of_overlapping_tokens() {
        let tokens = normalize(vec![
            token(5, 8, TokenKind::Variable),
            token(0, 3, TokenKind::Opcode),
            token(5, 7, TokenKind::Number),
            token(4, 4, TokenKind::Comment),
            token(6, 9, TokenKind::Type),
        ]);
        assert_eq!(
            tokens,
            vec![
                token(0, 3, TokenKind::Opcode),
                token(5, 8, TokenKind::Variable)
            ]
        );
    }

    #[test]
    fn in_range_takes_the_intersecting_slice() {
        let tokens = [
            token(0, 3, TokenKind::Opcode),
            token(4, 6, TokenKind::Modifier),
            token(10, 12, TokenKind::Number),
        ];
        assert_eq!(in_range(&tokens, TextRange::new(3, 5)), &tokens[1..2]);
        assert_eq!(in_range(&tokens, TextRange::new(0, 20)), &tokens[..]);
        assert!(in_range(&tokens, TextRange::new(6, 10)).is_empty());
    }
}
