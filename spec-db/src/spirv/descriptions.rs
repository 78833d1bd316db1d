//! One-line hover descriptions of SPIR-V core instructions and operand enumerants, with the
//! SPIR-V specification section that defines each, from `spirv/descriptions/*.toml`
//! (validated against the core grammar and compiled at build time). Link:
//! <https://registry.khronos.org/SPIR-V/specs/unified1/SPIRV.html>.

use super::grammar;

/// Where a name is defined and what it does, in a line.
#[derive(Debug, PartialEq, Eq)]
pub struct Description {
    /// The SPIR-V 1.6 section of the instruction class or operand kind (`3.3.13`).
    pub section: &'static str,
    pub summary: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/spirv_descriptions.rs"));

/// The description of a core instruction; aliases (`OpSDotKHR`) find the canonical entry.
pub fn instruction(name: &str) -> Option<&'static Description> {
    let name = grammar::instruction(name).map_or(name, |i| i.name);
    INSTRUCTIONS
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| &INSTRUCTIONS[i].1)
}

/// The description of an enumerant of an operand kind (`StorageClass`, `CrossWorkgroup`);
/// aliases find the canonical entry.
pub fn enumerant(kind: &str, name: &str) -> Option<&'static Description> {
    let name = grammar::operand_kind(kind)
        .and_then(|k| k.enumerant(name))
        .map_or(name, |e| e.name);
    ENUMERANTS
        .binary_search_by(|((k, n), _)| (*k, *n).cmp(&(kind, name)))
        .ok()
        .map(|i| &ENUMERANTS[i].1)
}

/// The heading of a specification section (`3.3.13` → `Arithmetic Instructions`).
pub fn section_title(section: &str) -> Option<&'static str> {
    SECTIONS
        .iter()
        .find(|(number, _)| *number == section)
        .map(|(_, title)| *title)
}

/// The build-time validator, compiled again so the tests can feed it bad data (with the
/// grammar reader it shares with the other generators).
#[cfg(test)]
#[path = "../../build/spirv_descriptions_files.rs"]
mod build_files;
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../build/spirv_grammar.rs"]
mod spirv_grammar;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::env::{self, CapabilityStatus, OpenClVersion, Profile};
    use crate::spirv::grammar::{SpirvVersion, INSTRUCTIONS as GRAMMAR_INSTRUCTIONS};

    #[test]
    fn looks_up_instructions_and_their_class() {
        let add = instruction("OpIAdd").unwrap();
        assert_eq!(add.section, "3.3.13");
        assert_eq!(section_title(add.section), Some("Arithmetic Instructions"));
        assert!(add.summary.contains("wraps"));
        assert_eq!(
            section_title(instruction("OpAtomicIAdd").unwrap().section),
            Some("Atomic Instructions")
        );
        assert!(instruction("OpNotAnInstruction").is_none());
        // A shader-only instruction has no description.
        assert!(instruction("OpKill").is_none());
    }

    #[test]
    fn aliases_find_the_canonical_entry() {
        assert_eq!(instruction("OpSDotKHR"), instruction("OpSDot"));
        assert!(instruction("OpSDot").is_some());
        assert_eq!(
            enumerant("MemorySemantics", "None"),
            enumerant("MemorySemantics", "Relaxed")
        );
        assert!(enumerant("MemorySemantics", "Relaxed").is_some());
    }

    #[test]
    fn looks_up_enumerants_by_kind() {
        let global = enumerant("StorageClass", "CrossWorkgroup").unwrap();
        assert_eq!(section_title(global.section), Some("Storage Class"));
        assert!(global.summary.contains("global"));
        // The same name in two kinds gives two entries.
        let workgroup_scope = enumerant("Scope", "Workgroup").unwrap();
        let workgroup_class = enumerant("StorageClass", "Workgroup").unwrap();
        assert_ne!(workgroup_scope.summary, workgroup_class.summary);
        assert!(enumerant("StorageClass", "NoSuchClass").is_none());
        assert!(enumerant("NoSuchKind", "Workgroup").is_none());
    }

    #[test]
    fn tables_are_sorted_for_binary_search() {
        assert!(INSTRUCTIONS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(ENUMERANTS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn every_cited_section_has_a_title() {
        for (name, d) in INSTRUCTIONS {
            let title = section_title(d.section).unwrap_or_default();
            assert!(title.ends_with("Instructions"), "{name}: {}", d.section);
        }
        for ((kind, name), d) in ENUMERANTS {
            assert!(
                d.section.starts_with("3.2."),
                "{kind} {name}: {}",
                d.section
            );
            assert!(section_title(d.section).is_some(), "{kind} {name}");
        }
    }

    /// Whether the OpenCL environment lets some device (any version, full profile, SPIR-V 1.6)
    /// use an instruction: no capability needed, or one it may grant; an instruction an
    /// extension brings in counts when the environment knows that extension.
    fn opencl_usable(i: &grammar::Instruction) -> bool {
        let capability_ok = i.capabilities.is_empty()
            || i.capabilities.iter().any(|c| {
                OpenClVersion::ALL.iter().any(|&v| {
                    env::capability_status(v, Profile::Full, SpirvVersion::new(1, 6), c)
                        != CapabilityStatus::NotAllowed
                })
            });
        // Outside core, the grammar names the extension on the instruction or only on its
        // capability (then the capability check above covers it).
        let extension_ok = i.version.is_some()
            || i.extensions.is_empty()
            || i.extensions.iter().any(|e| env::extension(e).is_some());
        capability_ok && extension_ok
    }

    #[test]
    fn covers_every_instruction_the_opencl_environment_allows() {
        let usable: Vec<&str> = GRAMMAR_INSTRUCTIONS
            .iter()
            .filter(|i| opencl_usable(i))
            .map(|i| i.name)
            .collect();
        let missing: Vec<&str> = usable
            .iter()
            .copied()
            .filter(|n| instruction(n).is_none())
            .collect();
        let described = GRAMMAR_INSTRUCTIONS
            .iter()
            .filter(|i| instruction(i.name).is_some())
            .count();
        println!(
            "descriptions: {described} of {} grammar instructions, {} of {} OpenCL-usable",
            GRAMMAR_INSTRUCTIONS.len(),
            usable.len() - missing.len(),
            usable.len()
        );
        assert!(
            missing.is_empty(),
            "OpenCL-usable without a description: {missing:?}"
        );
        // Every description is of a real grammar instruction (the build checks names too).
        assert_eq!(described, INSTRUCTIONS.len());
    }

    #[test]
    fn describes_every_opencl_builtin_and_capability_the_environment_lists() {
        for b in env::BUILTINS {
            assert!(enumerant("BuiltIn", b.name).is_some(), "BuiltIn {}", b.name);
        }
        let kind = grammar::operand_kind("Capability").unwrap();
        for e in env::CAPABILITY_ENTRIES {
            for c in e.capabilities {
                let canonical = kind.enumerant(c).unwrap().name;
                assert!(
                    enumerant("Capability", canonical).is_some(),
                    "Capability {canonical}"
                );
            }
        }
    }

    /// The build-time validator, fed files with one mistake each.
    mod validation {
        use super::super::build_files as files;

        fn errors_for(toml: &str) -> Vec<String> {
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spirv");
            // Tests run in parallel: one directory per call.
            static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!(
                "speclint-descriptions-{}-{call}",
                std::process::id()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join("test.toml");
            let sections =
                "[[section]]\nnumber = \"3.3.13\"\ntitle = \"Arithmetic Instructions\"\n\
                            [[section]]\nnumber = \"3.2.6\"\ntitle = \"Storage Class\"\n";
            std::fs::write(&file, format!("{sections}{toml}")).unwrap();
            let mut errors = Vec::new();
            files::generate(&dir, &[file], &root.join("grammar"), &mut errors);
            std::fs::remove_dir_all(&dir).unwrap();
            errors
        }

        fn instruction(name: &str, section: &str, summary: &str) -> String {
            format!(
                "[[instruction]]\nname = {name:?}\nsection = {section:?}\nsummary = {summary:?}\n"
            )
        }

        #[test]
        fn accepts_a_good_entry() {
            let good = instruction("OpIAdd", "3.3.13", "Adds integers.");
            assert_eq!(errors_for(&good), Vec::<String>::new());
        }

        #[test]
        fn rejects_names_the_grammar_lacks_and_aliases() {
            let errors = errors_for(&instruction("OpIAddd", "3.3.13", "Adds."));
            assert!(errors[0].contains("not an instruction"), "{errors:?}");
            let errors = errors_for(&instruction("OpSDotKHR", "3.3.13", "Dot."));
            assert!(errors[0].contains("an alias; write OpSDot"), "{errors:?}");
            let errors = errors_for(
                "[[enumerant]]\nkind = \"StorageClass\"\nname = \"Global\"\n\
                 section = \"3.2.6\"\nsummary = \"x\"\n",
            );
            assert!(
                errors[0].contains("not an enumerant of StorageClass"),
                "{errors:?}"
            );
        }

        #[test]
        fn rejects_duplicates_bad_sections_and_summaries() {
            let twice = instruction("OpIAdd", "3.3.13", "Adds.").repeat(2);
            assert!(errors_for(&twice)[0].contains("described twice"));
            let errors = errors_for(&instruction("OpIAdd", "3.3.x", "Adds."));
            assert!(errors[0].contains("must look like"), "{errors:?}");
            let errors = errors_for(&instruction("OpIAdd", "3.3.14", "Adds."));
            assert!(errors[0].contains("no [[section]] entry"), "{errors:?}");
            let errors = errors_for(&instruction("OpIAdd", "3.3.13", " "));
            assert!(errors[0].contains("empty summary"), "{errors:?}");
            let errors = errors_for(&instruction("OpIAdd", "3.3.13", &"a".repeat(121)));
            assert!(errors[0].contains("121 characters"), "{errors:?}");
            let errors = errors_for("[[instruction]]\nname = \"OpIAdd\"\nsection = \"3.3.13\"\nsummary = \"x\"\nnote = \"y\"\n");
            assert!(errors[0].contains("unknown field"), "{errors:?}");
        }
    }
}
