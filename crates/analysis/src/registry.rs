//! The list of languages an analysis knows, passed down from the binary: detection, the
//! fallback language and every rule are answered from it.

use crate::{decode, Detection};
use speclint_base::language::{ForeignContent, Input, Language};
use speclint_base::rules::{Rule, CORE_RULES};
use std::path::Path;

/// Every language speclint checks, in order: the first is the fallback for files nothing
/// claims.
#[derive(Clone, Copy)]
pub struct Registry {
    languages: &'static [&'static dyn Language],
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.languages.iter().map(|l| l.id()))
            .finish()
    }
}

impl Registry {
    pub const fn new(languages: &'static [&'static dyn Language]) -> Self {
        Registry { languages }
    }

    pub fn languages(&self) -> &'static [&'static dyn Language] {
        self.languages
    }

    /// The language whose id (`Language::id`) is `id`.
    pub fn by_id(&self, id: &str) -> Option<&'static dyn Language> {
        self.languages.iter().copied().find(|l| l.id() == id)
    }

    /// The language of a text file: by extension (confirmed by its content: extensions are
    /// shared with other formats), else by sniffing the text (unnamed buffers have no
    /// extension).
    pub fn detect_language(&self, path: Option<&Path>, text: &str) -> Detection {
        let empty = text.trim().is_empty();
        self.detect(path, empty, |language| language.sniff(text))
    }

    /// The language of a binary file, if one reads it: by content alone (a binary's magic
    /// number says what it is whatever its name).
    pub fn detect_binary_language(&self, bytes: &[u8]) -> Detection {
        match self
            .languages
            .iter()
            .copied()
            .find(|l| l.sniff_binary(bytes))
        {
            Some(language) => Detection::Found(language),
            None => Detection::Unknown,
        }
    }

    fn detect(
        &self,
        path: Option<&Path>,
        empty: bool,
        sniff: impl Fn(&'static dyn Language) -> bool,
    ) -> Detection {
        if let Some(owner) = self.owner_of_extension(path) {
            let foreign = owner.foreign_content();
            // An empty file is whatever its extension says, unless the extension is shared.
            let empty_is_ours = empty && matches!(foreign, ForeignContent::CheckAnyway(_));
            return if sniff(owner) || empty_is_ours {
                Detection::Found(owner)
            } else {
                Detection::Foreign(owner, foreign)
            };
        }
        match self.languages.iter().copied().find(|l| sniff(*l)) {
            Some(language) => Detection::Found(language),
            None => Detection::Unknown,
        }
    }

    /// The language of a file a command was given, and the input as it reads it: binary by
    /// magic number, else text by extension and content. `Err` says why no language reads it.
    pub fn read_file<'b>(
        &self,
        path: &Path,
        bytes: &'b [u8],
    ) -> Result<(&'static dyn Language, Input<'b>), String> {
        if let Some(language) = self.detect_binary_language(bytes).found() {
            return Ok((language, Input::Binary(bytes)));
        }
        let text = decode(bytes)
            .map_err(|problem| format!("{}: {}", path.display(), problem.message()))?;
        match self.detect_language(Some(path), text) {
            Detection::Found(language)
            | Detection::Foreign(language, ForeignContent::CheckAnyway(_)) => {
                Ok((language, Input::Text(text)))
            }
            _ => {
                let names: Vec<&str> = self.languages.iter().map(|l| l.name()).collect();
                Err(format!(
                    "{}: not a file speclint reads ({})",
                    path.display(),
                    or_list(&names)
                ))
            }
        }
    }

    /// The language a file named on the command line is checked as when nothing claims it.
    pub fn fallback_language(&self) -> &'static dyn Language {
        self.languages[0]
    }

    /// Files a directory walk picks up.
    pub fn is_candidate_extension(&self, path: &Path) -> bool {
        self.owner_of_extension(Some(path)).is_some()
    }

    /// The language whose extension the path has, before its content confirms it (detection
    /// starts from this; test fixtures name their files' languages by it).
    pub fn language_of_extension(&self, path: &Path) -> Option<&'static dyn Language> {
        self.owner_of_extension(Some(path))
    }

    /// The language whose extension the path has.
    fn owner_of_extension(&self, path: Option<&Path>) -> Option<&'static dyn Language> {
        let extension = extension_of(path)?;
        (self.languages.iter().copied()).find(|l| l.extensions().contains(&extension.as_str()))
    }

    /// Every rule: the analysis's own, then each language's, in registry order.
    pub fn rules(&self) -> Vec<&'static Rule> {
        let mut all: Vec<&'static Rule> = CORE_RULES.to_vec();
        for language in self.languages {
            all.extend_from_slice(language.rules());
        }
        all
    }

    /// Every rule, and `language`'s when the registry does not hold it (an analysis always
    /// knows its own language's rules).
    pub fn rules_with(&self, language: &'static dyn Language) -> Vec<&'static Rule> {
        let mut all = self.rules();
        if !self.languages.iter().any(|l| l.id() == language.id()) {
            all.extend_from_slice(language.rules());
        }
        all
    }

    /// The rule with this code (any case) or name.
    pub fn rule(&self, code: &str) -> Option<&'static Rule> {
        self.rules().into_iter().find(|rule| rule.is_named(code))
    }
}

fn extension_of(path: Option<&Path>) -> Option<String> {
    path.and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::REGISTRY;

    #[test]
    fn codes_are_unique_and_documented() {
        let all = REGISTRY.rules();
        let mut codes: Vec<_> = all.iter().map(|r| r.code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        for rule in all {
            assert!(
                rule.explanation.len() > 60,
                "{} needs an explanation",
                rule.code
            );
        }
        let rule = REGISTRY.rule("ptx004").unwrap();
        assert_eq!(rule.name, "missing-required-modifier");
    }

    /// A rule's constant is its name in SCREAMING_SNAKE_CASE, so searching the code for a
    /// rule's name finds where it is reported.
    #[test]
    fn constants_take_the_rules_names() {
        let wrong: Vec<String> = REGISTRY
            .rules()
            .iter()
            .filter(|rule| rule.constant != rule.name.replace('-', "_").to_ascii_uppercase())
            .map(|rule| {
                format!(
                    "{} `{}` is declared as {}",
                    rule.code, rule.name, rule.constant
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
