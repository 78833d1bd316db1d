//! Invariants of the source tree that the compiler does not check.
//!
//! A language is a plug-in: outside its own crate, only the list of languages
//! (`server/src/languages.rs`) names it. The analysis, the language server, `run`, the CLI and
//! `main` reach a language through the `Language` trait and the list passed down to them, so a
//! new language is its crate, one line in the list and its editor grammar. Test code may name
//! languages (it checks them); dev-dependencies may too, and so may another language's crate
//! (a language that embeds one, as CUDA C++ embeds PTX).

use std::path::{Path, PathBuf};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The list of languages: the one place outside the languages' crates that names them.
const LANGUAGE_LIST: &str = "server/src/languages.rs";

/// The crates of the languages in the list, by their Rust name (`speclint_ptx`).
fn language_crates() -> Vec<String> {
    let list = std::fs::read_to_string(Path::new(ROOT).join(LANGUAGE_LIST)).unwrap();
    let mut crates: Vec<String> = list
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .filter_map(|path| path.split_once("::language::").map(|(krate, _)| krate))
        .filter(|krate| krate.starts_with("speclint_"))
        .map(str::to_string)
        .collect();
    crates.dedup();
    crates
}

/// Every package of the workspace but the fuzz targets: its folder and its Rust name.
fn packages() -> Vec<(PathBuf, String)> {
    let mut folders = vec![Path::new(ROOT).join("server")];
    let crates = std::fs::read_dir(Path::new(ROOT).join("crates")).unwrap();
    folders.extend(crates.map(|entry| entry.unwrap().path()));
    folders
        .into_iter()
        .map(|folder| {
            let manifest = std::fs::read_to_string(folder.join("Cargo.toml")).unwrap();
            let name = manifest
                .lines()
                .find_map(|line| line.strip_prefix("name = \""))
                .and_then(|rest| rest.strip_suffix('"'))
                .unwrap_or_else(|| panic!("{}: no package name", folder.display()))
                .replace('-', "_");
            (folder, name)
        })
        .collect()
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The text of a source file that is not test code: a file's tests sit at its end, in an
/// inline `#[cfg(test)]` module; a module that is test code throughout is named `testing.rs`.
fn non_test_code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "testing.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let tests = text.match_indices("#[cfg(test)]\nmod ").find(|(at, _)| {
        let line = text[at + "#[cfg(test)]\n".len()..]
            .lines()
            .next()
            .unwrap_or("");
        line.trim_end().ends_with('{')
    });
    match tests {
        Some((at, _)) => text[..at].to_string(),
        None => text,
    }
}

/// The `[dependencies]` section of a manifest (not `[dev-dependencies]`).
fn dependencies(manifest: &str) -> String {
    let mut section = "";
    let mut kept = String::new();
    for line in manifest.lines() {
        if line.starts_with('[') {
            section = line.trim();
            continue;
        }
        if section == "[dependencies]" {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// Where a word appears as a whole identifier: `(line number, line)`.
fn mentions<'a>(text: &'a str, word: &str) -> Vec<(usize, &'a str)> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.match_indices(word).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + word.len()..].chars().next();
                !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
            })
        })
        .map(|(number, line)| (number + 1, line))
        .collect()
}

/// `path` from the repository's root, as messages show it.
fn shown(path: &Path) -> String {
    let root = Path::new(ROOT).canonicalize().unwrap();
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(&root)
        .unwrap_or(&path)
        .display()
        .to_string()
}

/// Each place outside a language's own crate and the list that names the language.
fn places_naming_a_language() -> Vec<String> {
    let languages = language_crates();
    let list = Path::new(ROOT).join(LANGUAGE_LIST).canonicalize().unwrap();
    let mut found = Vec::new();
    for (folder, package) in packages() {
        let manifest = std::fs::read_to_string(folder.join("Cargo.toml")).unwrap();
        let dependencies = dependencies(&manifest);
        let mut files = Vec::new();
        rust_files(&folder.join("src"), &mut files);
        // A language may build on another (CUDA C++ checks its inline PTX with the PTX
        // language); the rest of the workspace may not name either.
        if languages.contains(&package) {
            continue;
        }
        for language in languages.iter().filter(|l| **l != package) {
            // The binary's list needs the languages' crates as dependencies.
            let lists_languages = files.iter().any(|f| f.canonicalize().unwrap() == list);
            let dash = language.replace('_', "-");
            if !lists_languages && !mentions(&dependencies, &dash).is_empty() {
                found.push(format!(
                    "{}: depends on `{dash}`",
                    shown(&folder.join("Cargo.toml"))
                ));
            }
            for file in files.iter().filter(|f| f.canonicalize().unwrap() != list) {
                let code = non_test_code(file);
                for (number, line) in mentions(&code, language) {
                    found.push(format!("{}:{number}: {}", shown(file), line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn the_list_of_languages_names_each_language_crate() {
    let languages = language_crates();
    assert!(
        languages.len() >= 3,
        "{LANGUAGE_LIST} names the languages' crates: {languages:?}"
    );
    let packages: Vec<String> = packages().into_iter().map(|(_, name)| name).collect();
    for language in &languages {
        assert!(packages.contains(language), "no crate `{language}`");
    }
}

#[test]
fn nothing_outside_the_list_of_languages_names_a_language() {
    let found = places_naming_a_language();
    assert!(
        found.is_empty(),
        "only {LANGUAGE_LIST} and a language's own crate may name the language; the others \
         reach it through `Language` and the list passed down:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_mention_is_a_whole_identifier() {
    let text = "use speclint_ptx::language;\nlet speclint_ptxas = 1;\n// xspeclint_ptx\n";
    assert_eq!(
        mentions(text, "speclint_ptx"),
        vec![(1, "use speclint_ptx::language;")]
    );
    let manifest = "[dependencies]\nspeclint-ptx.workspace = true\n\n[dev-dependencies]\nspeclint-spirv.workspace = true\n";
    assert_eq!(dependencies(manifest), "speclint-ptx.workspace = true\n\n");
}

/// The rules a rule file declares: `(constant, code, name)` of each `CONST = "CODE" "name"`.
fn declared_rules(text: &str) -> Vec<(String, String, String)> {
    text.lines()
        .filter_map(|line| {
            let (constant, rest) = line.trim().split_once(" = \"")?;
            let (code, rest) = rest.split_once("\" \"")?;
            let (name, _) = rest.split_once('"')?;
            let is_constant = !constant.is_empty()
                && constant
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            is_constant.then(|| (constant.to_string(), code.to_string(), name.to_string()))
        })
        .collect()
}

/// Each place where a language's rule is not where its name says: declared outside
/// `src/rules/`, in a file named neither after it nor after a family whose first line lists
/// its code, or named by non-test code outside its file and `rules/mod.rs`.
fn rules_out_of_place() -> Vec<String> {
    let languages = language_crates();
    let mut found = Vec::new();
    for (folder, package) in packages()
        .into_iter()
        .filter(|(_, p)| languages.contains(p))
    {
        let rules_dir = folder.join("src/rules");
        let mut rule_files = Vec::new();
        rust_files(&rules_dir, &mut rule_files);
        if rule_files.is_empty() {
            found.push(format!("{package}: no rule files in {}", shown(&rules_dir)));
            continue;
        }
        let mut rules = Vec::new();
        for file in rule_files.iter().filter(|f| !f.ends_with("mod.rs")) {
            let text = std::fs::read_to_string(file).unwrap();
            let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            let first_line = text.lines().next().unwrap_or("");
            for (constant, code, name) in declared_rules(&non_test_code(file)) {
                let own_file = name.replace('-', "_") == stem;
                let family_lists_it = first_line.starts_with("//!") && first_line.contains(&code);
                if !own_file && !family_lists_it {
                    found.push(format!(
                        "{}: declares {code} `{name}`, but is named neither `{}.rs` nor after \
                         a family whose first line lists {code}",
                        shown(file),
                        name.replace('-', "_")
                    ));
                }
                rules.push((constant, file.clone()));
            }
        }
        if rules.is_empty() {
            found.push(format!("{package}: its rule files declare no rule"));
        }
        let mut files = Vec::new();
        rust_files(&folder.join("src"), &mut files);
        let list = rules_dir.join("mod.rs");
        for file in files.iter().filter(|f| **f != list) {
            let code = non_test_code(file);
            for (constant, home) in rules.iter().filter(|(_, home)| home != file) {
                for (number, line) in names_the_rule(&code, constant) {
                    found.push(format!(
                        "{}:{number}: names {constant}, which lives in {}: {}",
                        shown(file),
                        shown(home),
                        line.trim()
                    ));
                }
            }
        }
    }
    found
}

/// Known gaps: files that still name a rule outside its file, with why. Each must still do so
/// (the test fails once one is fixed: take it off the list).
const KNOWN_OUT_OF_PLACE: &[(&str, &str, &str)] = &[];

/// Where `constant` names a rule: a mention that is not a path through something other than
/// the rules (`TokenModifiers::DEPRECATED` is not `rules::DEPRECATED`).
fn names_the_rule<'a>(text: &'a str, constant: &str) -> Vec<(usize, &'a str)> {
    mentions(text, constant)
        .into_iter()
        .filter(|(_, line)| {
            line.match_indices(constant).any(|(at, _)| {
                let before = &line[..at];
                !before.ends_with("::") || before.ends_with("rules::")
            })
        })
        .collect()
}

#[test]
fn each_rule_lives_in_the_file_named_after_it() {
    let mut found = rules_out_of_place();
    for (file, constant, why) in KNOWN_OUT_OF_PLACE {
        let prefix = format!("{file}:");
        let names = format!("names {constant},");
        let before = found.len();
        found.retain(|place| !(place.starts_with(&prefix) && place.contains(&names)));
        assert!(
            found.len() < before,
            "{file} no longer names {constant} ({why}): take it off KNOWN_OUT_OF_PLACE"
        );
    }
    assert!(
        found.is_empty(),
        "a rule's declaration, check and tests live in `src/rules/<rule_name>.rs` (or a family \
         file whose first line lists its code); the walk calls the rule's functions and does \
         not name the rule:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_rule_is_named_by_its_constant_or_through_the_rules() {
    let text =
        "push(&rules::DEPRECATED);\nt.with(TokenModifiers::DEPRECATED);\nlet DEPRECATED = 1;\n";
    assert_eq!(
        names_the_rule(text, "DEPRECATED"),
        vec![(1, "push(&rules::DEPRECATED);"), (3, "let DEPRECATED = 1;")]
    );
}

#[test]
fn rule_declarations_are_read_from_the_macro() {
    let text = "rules! {\n    OPERAND_COUNT = \"PTX010\" \"operand-count\" Error fix=false {\n        summary: \"x = \\\"y\\\" \\\"z\\\"\",\n";
    assert_eq!(
        declared_rules(text),
        vec![(
            "OPERAND_COUNT".to_string(),
            "PTX010".to_string(),
            "operand-count".to_string()
        )]
    );
}

/// The rules each language's `rules/` folder declares, as `(code, constant)`, in file order.
fn rules_of_the_folders() -> Vec<(String, String)> {
    let languages = language_crates();
    let mut declared = Vec::new();
    for (folder, _) in packages()
        .into_iter()
        .filter(|(_, p)| languages.contains(p))
    {
        let mut files = Vec::new();
        rust_files(&folder.join("src/rules"), &mut files);
        for file in files.iter().filter(|f| !f.ends_with("mod.rs")) {
            for (constant, code, _) in declared_rules(&non_test_code(file)) {
                declared.push((code, constant));
            }
        }
    }
    declared
}

#[test]
fn each_language_lists_every_rule_of_its_folder_in_code_order() {
    let mut listed = Vec::new();
    for language in speclint::languages::REGISTRY.languages() {
        let rules = language.rules();
        let codes: Vec<&str> = rules.iter().map(|r| r.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(
            codes,
            sorted,
            "{}'s rules are not in code order",
            language.id()
        );
        listed.extend(
            rules
                .iter()
                .map(|r| (r.code.to_string(), r.constant.to_string())),
        );
    }
    let mut declared = rules_of_the_folders();
    listed.sort();
    declared.sort();
    assert_eq!(
        listed, declared,
        "the languages' lists (rules/mod.rs) and the rules their rules/ folders declare differ"
    );
}
