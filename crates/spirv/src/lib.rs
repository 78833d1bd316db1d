//! SPIR-V in the OpenCL environment: text -> instructions (`parse`) -> instructions bound to
//! the Khronos grammar (`module`) -> what the module declares (`facts`) -> checks of the
//! module's structure (`layout`), of what it needs (`requirements`), of types (`types`) and
//! of the OpenCL environment's rules (`environment`). Binary modules are disassembled first
//! (`binary`) and checked as text. Hovers and navigation read the result back.

mod annotate;
pub mod assemble;
pub mod binary;
mod complete;
mod environment;
mod facts;
mod grammar_names;
mod hover;
mod incremental;
mod isolation;
pub mod language;
mod layout;
mod module;
mod navigate;
pub mod parse;
pub mod probe;
mod references;
mod requirements;
mod rules;
mod run;
mod signature;
mod structure;
#[cfg(test)]
mod test_modules;
mod types;

/// The language's id (`Language::id`): its settings section and its LSP language id.
pub const LANGUAGE_ID: &str = "spirv";

use speclint_base::diagnostic::Diagnostic;
use speclint_spec_db::spirv::env::{OpenClVersion, Profile};
use speclint_spec_db::spirv::grammar::SpirvVersion;

/// What a module is checked against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpirvSettings {
    pub opencl: OpenClVersion,
    pub profile: Profile,
    /// The device's OpenCL extensions (`cl_khr_fp16`); `None`: whatever the module needs.
    pub extensions: Option<Vec<String>>,
    /// The device's OpenCL 3.0 optional features (`__opencl_c_generic_address_space`);
    /// `None`: whatever the module needs.
    pub features: Option<Vec<String>>,
    /// The SPIR-V versions the device accepts; `None`: those the OpenCL version guarantees,
    /// or for OpenCL 3.0 (which guarantees none) any a device may report.
    pub spirv_versions: Option<Vec<SpirvVersion>>,
    /// The module's SPIR-V version where its text has no `; Version:` line
    /// (`--spirv-version`, `[spirv] spirv-version`).
    pub spirv_version: Option<SpirvVersion>,
}

/// Where the SPIR-V version a module is checked against comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionSource {
    /// The module's header (`; Version:`, the binary's version word).
    Header,
    /// `--spirv-version` or `[spirv] spirv-version`.
    Configured,
    /// Neither: the newest version the configured device accepts, stated in a hint.
    Assumed,
}

/// The SPIR-V version a module is checked against: its header's, else the configured one,
/// else the newest the configured OpenCL device accepts (so that nothing the environment
/// allows is reported for want of a version line). Text and binary go through here alike.
pub fn module_version(
    header: &parse::Header,
    settings: &SpirvSettings,
) -> (SpirvVersion, VersionSource) {
    if let Some((major, minor, _)) = header.version {
        return (SpirvVersion::new(major, minor), VersionSource::Header);
    }
    if let Some(version) = settings.spirv_version {
        return (version, VersionSource::Configured);
    }
    (newest_accepted(settings), VersionSource::Assumed)
}

/// The oldest SPIR-V version the configured device accepts.
pub fn oldest_accepted(settings: &SpirvSettings) -> SpirvVersion {
    let listed = match &settings.spirv_versions {
        Some(listed) => listed.iter().min().copied(),
        None => speclint_spec_db::spirv::env::spirv_versions(settings.opencl)
            .iter()
            .min()
            .copied(),
    };
    listed.unwrap_or(SpirvVersion::new(1, 0))
}

/// The newest SPIR-V version the configured device accepts.
pub fn newest_accepted(settings: &SpirvSettings) -> SpirvVersion {
    let candidates = (0..=6).rev().map(|minor| SpirvVersion::new(1, minor));
    let newest = match &settings.spirv_versions {
        Some(listed) => listed.iter().max().copied(),
        None => candidates
            .clone()
            .find(|v| speclint_spec_db::spirv::env::spirv_versions(settings.opencl).contains(v)),
    };
    newest
        .or_else(|| {
            candidates
                .clone()
                .find(|v| speclint_spec_db::spirv::env::may_accept_spirv(settings.opencl, *v))
        })
        .unwrap_or(SpirvVersion::new(1, 0))
}

impl Default for SpirvSettings {
    fn default() -> Self {
        SpirvSettings {
            opencl: OpenClVersion::V3_1,
            profile: Profile::Full,
            extensions: None,
            features: None,
            spirv_versions: None,
            spirv_version: None,
        }
    }
}

/// Everything one check of a SPIR-V module produced.
pub struct SpirvAnalysis {
    pub module: module::Module,
    pub facts: facts::Facts,
    pub diagnostics: Vec<Diagnostic>,
    pub settings: SpirvSettings,
    /// The SPIR-V version the module is checked against (`module_version`).
    pub version: Option<SpirvVersion>,
    /// For a binary module: its disassembly, which positions refer to.
    pub binary: Option<binary::Disassembly>,
    /// What a re-check of an edit reuses (text input only).
    pub memo: Option<incremental::Memo>,
    /// What this analysis took from the previous one.
    pub reuse: Option<speclint_base::language::Reuse>,
}

impl SpirvAnalysis {
    /// The last function (its index in `facts.functions`) whose OpFunction starts at or
    /// before `offset` of the analysed text.
    pub fn function_before(&self, offset: usize) -> Option<usize> {
        let insts = &self.module.instructions;
        let after = self.facts.functions.partition_point(|f| {
            insts
                .get(f.start as usize)
                .is_some_and(|i| i.range.start <= offset)
        });
        after.checked_sub(1)
    }
}

/// Analyses a binary module: it is disassembled, the text is checked like any other, and
/// errors in the binary's structure are reported on the instruction they concern.
pub fn analyze_binary(bytes: &[u8], settings: &SpirvSettings) -> SpirvAnalysis {
    let (disassembly, errors) = binary::disassemble(bytes);
    let mut analysis = analyze(&disassembly.text, settings);
    // A binary's version is its header's; one too short to have it is reported as malformed,
    // not as text without a version line.
    analysis
        .diagnostics
        .retain(|d| !rules::spirv_version_not_accepted::is_assumed_version_hint(d));
    for error in errors {
        // The disassembly writes an unknown enumerant as its raw word (`!0x2a`), which the
        // check of the text reports as it does in assembly: the same rule in both forms.
        if matches!(error, binary::BinaryError::UnknownEnumerant { .. }) {
            continue;
        }
        let word = error.word_offset();
        // The instruction at or just before the word, else the start of the module.
        let at = disassembly
            .lines
            .iter()
            .take_while(|place| place.word_offset <= word)
            .last()
            .map_or(speclint_base::text::TextRange::empty(0), |place| {
                speclint_base::text::TextRange::new(place.text_range.start, place.text_range.end)
            });
        analysis
            .diagnostics
            .push(rules::spirv_syntax_error::malformed_binary(&error, at));
    }
    analysis
        .diagnostics
        .sort_by_key(|d| (d.range.start, d.range.end));
    analysis.binary = Some(disassembly);
    analysis.memo = None;
    analysis
}

/// Does this text look like SPIR-V assembly? Every line is looked at: hand-kept test files start
/// with long licence and note comments, so no line count is a safe cut-off.
pub fn sniff(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("OpCapability")
            || line.starts_with("; SPIR-V")
            || line.starts_with("OpMemoryModel")
    })
}

pub fn analyze(text: &str, settings: &SpirvSettings) -> SpirvAnalysis {
    let mut parts: Vec<Vec<Diagnostic>> = Vec::with_capacity(incremental::PARTS);
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let module::Bound {
        module,
        errors,
        header,
        ids_before,
        name_ranges,
    } = module::bind(text, &mut diagnostics);
    parts.push(diagnostics);
    parts.push(
        errors
            .iter()
            .map(rules::spirv_syntax_error::syntax_error)
            .collect(),
    );
    let version = Some(module_version(&header, settings).0);
    let facts = facts::gather(&module, text);
    let all = 0..module.instructions.len();
    // The type checks take about half of the passes' time on a large module: they run on a
    // second thread beside the rest. Their findings are the last part either way.
    let types_check = || {
        let mut diagnostics = Vec::new();
        types::check(text, &module, &facts, &mut diagnostics);
        diagnostics
    };
    let on_two_threads = speclint_base::parallel::threads_for(text.len()) > 1;
    std::thread::scope(|scope| {
        let types_thread = on_two_threads.then(|| scope.spawn(types_check));
        let mut part = |check: &mut dyn FnMut(&mut Vec<Diagnostic>)| {
            let mut diagnostics = Vec::new();
            check(&mut diagnostics);
            parts.push(diagnostics);
        };
        part(&mut |d| rules::spirv_module_layout::check_sections(&module, d));
        part(&mut |d| {
            rules::spirv_forward_reference::check_forward_references(
                &module,
                &facts,
                all.clone(),
                d,
            )
        });
        part(&mut |d| {
            rules::spirv_control_flow::check_blocks(
                &module,
                &layout::labels(&module),
                all.clone(),
                d,
            )
        });
        let requirements = requirements::Context {
            text,
            header: &header,
            module: &module,
            facts: &facts,
            settings,
        };
        part(&mut |d| requirements::check_instructions(&requirements, all.clone(), d));
        part(&mut |d| requirements::check_environment(&requirements, d));
        let environment = environment::Context {
            text,
            module: &module,
            facts: &facts,
            settings,
            version,
        };
        part(&mut |d| environment::check_models_only(&environment, d));
        parts.extend(environment::check_parts(
            &environment,
            all.clone(),
            [true, true],
        ));
        parts.push(match types_thread {
            Some(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            None => types_check(),
        });
    });
    let diagnostics = incremental::finish(&parts, text);
    let memo = incremental::Memo::new(parts, ids_before, name_ranges, header);
    SpirvAnalysis {
        module,
        facts,
        diagnostics,
        settings: settings.clone(),
        version,
        binary: None,
        memo: Some(memo),
        reuse: None,
    }
}

#[cfg(test)]
mod robustness_tests {
    use super::*;

    /// A deterministic stream of numbers (no dependency for a test's randomness).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, below: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % below.max(1)
        }
    }

    /// Mangled real modules (characters deleted, duplicated, replaced with syntax characters,
    /// lines swapped) never make the analysis, hovers, completions or navigation panic, and
    /// every finding's range lies inside the text.
    #[test]
    fn mangled_modules_never_panic() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/spirv/corpus/spvasm");
        let sources: Vec<String> = [
            "printf_formats.cl12.spvasm",
            "image2d_read_write.cl20.spvasm",
            "control_flow_nested.cl12.spvasm",
            "enqueue_kernel_blocks.cl20.spvasm",
        ]
        .iter()
        .filter_map(|name| std::fs::read_to_string(dir.join(name)).ok())
        .collect();
        assert!(sources.len() >= 3, "corpus modules are missing");
        let pieces = [
            "%", "=", "\"", "|", "!", ";", "\n", "Op", "OpLabel", "%1", "0x", "-", " ",
        ];
        let mut random = Lcg(555);
        let mut checked = 0;
        for round in 0..400 {
            let mut text = sources[round % sources.len()].clone();
            for _ in 0..1 + random.next(6) {
                let at = speclint_base::text::floor_char_boundary(&text, random.next(text.len()));
                match random.next(4) {
                    0 => {
                        let end = speclint_base::text::floor_char_boundary(
                            &text,
                            (at + 1 + random.next(40)).min(text.len()),
                        );
                        text.replace_range(at..end, "");
                    }
                    1 => text.insert_str(at, pieces[random.next(pieces.len())]),
                    2 => {
                        let end = speclint_base::text::floor_char_boundary(
                            &text,
                            (at + random.next(80)).min(text.len()),
                        );
                        let copy = text[at..end].to_string();
                        text.insert_str(end, &copy);
                    }
                    _ => text.truncate(at),
                }
            }
            let analysis = analyze(&text, &SpirvSettings::default());
            for d in &analysis.diagnostics {
                assert!(d.range.start <= d.range.end && d.range.end <= text.len());
            }
            for _ in 0..20 {
                let offset =
                    speclint_base::text::floor_char_boundary(&text, random.next(text.len() + 1));
                let _ = hover::hover(&analysis, &text, offset);
                let _ = complete::complete(&analysis, &text, offset);
                let _ = navigate::references(&analysis, &text, offset, true);
                let _ = navigate::rename(&analysis, &text, offset, "renamed");
            }
            checked += 1;
        }
        assert_eq!(checked, 400);
    }
}

#[cfg(test)]
mod nesting_tests {
    use speclint_test_support::limits::check_on_server_stack;

    /// A kernel using a type at the end of a chain of `length` types, each made of the one
    /// before (`make` writes the instruction for `%tN` from `%tN-1`).
    fn chained_types(length: usize, make: impl Fn(usize, &str) -> String) -> String {
        let mut text = String::from(
            "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\nOpDecorate %var Alignment 4\n%uint = OpTypeInt 32 0\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint_4 = OpConstant %uint 4\n",
        );
        let mut previous = "%uint".to_string();
        for n in 0..length {
            text.push_str(&make(n, &previous));
            previous = format!("%t{n}");
        }
        text.push_str(&format!("%ptr = OpTypePointer CrossWorkgroup {previous}\n%var = OpVariable %ptr CrossWorkgroup\n%main = OpFunction %void None %fn\n%entry = OpLabel\n%ld = OpLoad {previous} %var\n%ac = OpAccessChain %ptr %var\nOpStore %var %ld\nOpReturn\nOpFunctionEnd\n"));
        text
    }

    /// SPIR-V types refer to each other by id, not by nesting, and the walks over them are
    /// bounded (descriptions stop at a few levels, comparisons at eight) or iterative: a chain
    /// of 100,000 types, or a vector made of itself, is checked and queried on the language
    /// server's stack without a limit to report.
    #[test]
    fn long_type_chains_are_checked_on_the_server_stack() {
        let chains: [(&str, fn(usize, &str) -> String); 5] = [
            ("pointer", |n, p| {
                format!("%t{n} = OpTypePointer CrossWorkgroup {p}\n")
            }),
            ("array", |n, p| format!("%t{n} = OpTypeArray {p} %uint_4\n")),
            ("struct", |n, p| format!("%t{n} = OpTypeStruct {p} %uint\n")),
            ("vector", |n, p| format!("%t{n} = OpTypeVector {p} 4\n")),
            ("itself", |n, _| format!("%t{n} = OpTypeVector %t{n} 4\n")),
        ];
        for (name, make) in chains {
            let text = chained_types(100_000, make);
            // The deepest type, and a value of that type.
            let offsets = ["%t99999 =", "%ld ="]
                .iter()
                .filter_map(|id| text.find(id).map(|at| at + 1))
                .collect();
            let found = check_on_server_stack(&crate::language::Spirv, text, offsets);
            assert!(
                found.iter().all(|(code, _)| *code != "IO002"),
                "{name}: {found:?}"
            );
        }
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;
    use speclint_base::diagnostic::Severity;
    use speclint_spec_db::spirv::env::OpenClVersion;

    const DISPATCH: &str = "OpCapability Addresses\nOpCapability Kernel\nOpCapability SubgroupDispatch\nOpCapability DeviceEnqueue\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%entry = OpLabel\nOpReturn\nOpFunctionEnd\n";

    fn findings(text: &str, settings: &SpirvSettings) -> Vec<(&'static str, Severity)> {
        let mut found: Vec<(&'static str, Severity)> = analyze(text, settings)
            .diagnostics
            .iter()
            .map(|d| (d.rule.code, d.severity))
            .collect();
        found.sort_by_key(|(code, _)| *code);
        found
    }

    fn opencl(opencl: OpenClVersion, spirv_version: Option<SpirvVersion>) -> SpirvSettings {
        SpirvSettings {
            opencl,
            spirv_version,
            ..SpirvSettings::default()
        }
    }

    /// A module large enough for the type checks to run on their own thread gets the same
    /// findings, in the same order and at the same places, as a small one with the same
    /// errors: a type error (SPV013, that thread's) and an undefined id (SPV003, the binder's,
    /// with the control-flow findings it brings).
    #[test]
    fn a_large_module_checked_on_two_threads_has_the_findings_of_a_small_one() {
        let planted = |kernels: usize| {
            let last = kernels - 1;
            let text = crate::test_modules::bench(kernels)
                .replace(
                    &format!("= OpFMul %float %x_{last} %float_2"),
                    &format!("= OpFMul %uint %x_{last} %float_2"),
                )
                .replace(
                    &format!("OpBranch %done_{last}\n"),
                    &format!("OpBranch %gone_{last}\n"),
                );
            let kernel = text.find(&format!("%k_{last} = OpFunction")).unwrap();
            (text, kernel)
        };
        let relative = |(text, kernel): (String, usize)| {
            analyze(&text, &SpirvSettings::default())
                .diagnostics
                .iter()
                .map(|d| {
                    let start = d.range.start.checked_sub(kernel);
                    (d.rule.code, start, d.range.end - d.range.start)
                })
                .collect::<Vec<_>>()
        };
        let (large, _) = planted(500);
        assert!(large.len() > speclint_base::parallel::PARALLEL_THRESHOLD);
        // Both last kernels have three-digit names, so the findings sit at the same offsets.
        let small = relative(planted(101));
        let codes: Vec<&str> = small.iter().map(|f| f.0).collect();
        assert!(
            codes.contains(&"SPV003") && codes.contains(&"SPV013"),
            "{small:?}"
        );
        assert_eq!(relative(planted(500)), small);
    }

    /// Text without `; Version:` is checked as the newest version the device accepts, said
    /// once in a hint; SubgroupDispatch (SPIR-V 1.1) is then fine under OpenCL 2.2.
    #[test]
    fn text_without_a_version_line_states_the_version_it_assumes() {
        let settings = opencl(OpenClVersion::V2_2, None);
        assert_eq!(
            findings(DISPATCH, &settings),
            vec![("SPV012", Severity::Hint)]
        );
        let with_header = format!("; SPIR-V\n; Version: 1.1\n{DISPATCH}");
        assert_eq!(findings(&with_header, &settings), vec![]);
    }

    /// A configured version is applied as a header's is: no hint, and its rules.
    #[test]
    fn a_configured_version_stands_for_the_missing_header() {
        let settings = opencl(OpenClVersion::V2_2, Some(SpirvVersion::new(1, 0)));
        assert_eq!(
            findings(DISPATCH, &settings),
            vec![("SPV011", Severity::Error), ("SPV027", Severity::Error)]
        );
        let header_1_0 = format!("; SPIR-V\n; Version: 1.0\n{DISPATCH}");
        assert_eq!(
            findings(&header_1_0, &opencl(OpenClVersion::V2_2, None)),
            findings(DISPATCH, &settings)
        );
        let settings = opencl(OpenClVersion::V2_2, Some(SpirvVersion::new(1, 1)));
        assert_eq!(findings(DISPATCH, &settings), vec![]);
    }

    /// An assumed version stands for every version the device accepts: an instruction removed
    /// after SPIR-V 1.3 (OpAtomicCompareExchangeWeak) is fine where the device takes 1.3 or
    /// older.
    #[test]
    fn an_assumed_version_reports_only_what_no_accepted_version_has() {
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%ptr = OpTypePointer CrossWorkgroup %uint\n%fn = OpTypeFunction %void %ptr\n%device = OpConstant %uint 1\n%relaxed = OpConstant %uint 0\n%main = OpFunction %void None %fn\n%p = OpFunctionParameter %ptr\n%entry = OpLabel\n%old = OpAtomicCompareExchangeWeak %uint %p %device %relaxed %relaxed %device %relaxed\nOpReturn\nOpFunctionEnd\n";
        for version in [OpenClVersion::V3_0, OpenClVersion::V3_1] {
            assert_eq!(
                findings(text, &opencl(version, None)),
                vec![("SPV012", Severity::Hint)],
                "{version}"
            );
        }
        let settings = opencl(OpenClVersion::V3_0, Some(SpirvVersion::new(1, 4)));
        assert_eq!(findings(text, &settings), vec![("SPV011", Severity::Error)]);
    }

    /// A raw enumerant word is checked as the binary's word is: the same finding in both forms.
    #[test]
    fn raw_enumerant_words_get_the_same_rule_in_text_and_binary() {
        let text = "; SPIR-V\n; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\nOpDecorate %x FPRoundingMode !0x0000002A\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%float = OpTypeFloat 32\n%fn = OpTypeFunction %void %float\n%main = OpFunction %void None %fn\n%a = OpFunctionParameter %float\n%entry = OpLabel\n%x = OpConvertFToU %uint %a\nOpReturn\nOpFunctionEnd\n";
        let settings = opencl(OpenClVersion::V2_0, None);
        assert_eq!(findings(text, &settings), vec![("SPV008", Severity::Error)]);
        let known = text.replace("!0x0000002A", "!0x1");
        assert_eq!(findings(&known, &settings), vec![]);
        let words = assemble::assemble(&known).expect("assembles");
        let mut bytes = assemble::to_bytes(&words);
        // The FPRoundingMode word of the OpDecorate: the 4th word of the 1st instruction
        // after the header whose opcode is OpDecorate (71).
        let word = (5..words.len())
            .find(|&i| words[i] & 0xffff == 71 && words[i] >> 16 == 4)
            .map(|i| i + 3)
            .expect("an OpDecorate");
        bytes[word * 4..word * 4 + 4].copy_from_slice(&0x2au32.to_le_bytes());
        let binary: Vec<&'static str> = analyze_binary(&bytes, &settings)
            .diagnostics
            .iter()
            .map(|d| d.rule.code)
            .collect();
        assert_eq!(binary, vec!["SPV008"]);
    }
}
