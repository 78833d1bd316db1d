//! The checks of whole C++ texts: what is found, and where findings land.

use super::analyze;
use speclint_base::settings::{LanguageSettings, Setting, Value};

fn findings(text: &str) -> Vec<(String, String, String)> {
    findings_with(text, &LanguageSettings::default())
}

/// (code, the C++ text the finding covers, message) of each finding.
fn findings_with(text: &str, settings: &LanguageSettings) -> Vec<(String, String, String)> {
    analyze(text, settings)
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.rule.code.to_string(),
                text[d.range.start..d.range.end].to_string(),
                d.message.clone(),
            )
        })
        .collect()
}

fn codes(text: &str) -> Vec<String> {
    findings(text).into_iter().map(|f| f.0).collect()
}

#[test]
fn valid_inline_ptx_is_clean() {
    let text = r#"
__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__device__ float twice(float x, unsigned long long p, short h) {
  float y;
  asm volatile("{\n\t"
               ".reg .pred p;\n\t"
               "setp.ne.b16 p, %2, 0;\n\t"
               "@p add.f32 %0, %1, %1;\n\t"
               "ld.global.f32 %0, [%3];\n\t"
               "}" : "=f"(y) : "f"(x), "h"(h), "l"(p) : "memory");
  return y;
}
"#;
    assert_eq!(findings(text), vec![]);
}

#[test]
fn a_finding_after_an_escape_lands_on_its_column() {
    let text = "void f(unsigned a) { unsigned r;\n  asm(\"mov.u32 %0, %1;\\n\\tadx.u32 %0, %0, 1;\" : \"=r\"(r) : \"r\"(a)); }";
    let found = findings(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX002");
    assert_eq!(found[0].1, "adx");
}

#[test]
fn a_finding_in_the_second_literal_lands_there() {
    let text = "void f(unsigned a) { unsigned r;\n  asm(\"mov.u32 %0, %1;\"\n      \"addd.u32 %0, %0, 1;\" : \"=r\"(r) : \"r\"(a)); }";
    let analysis = analyze(text, &LanguageSettings::default());
    assert_eq!(analysis.diagnostics.len(), 1);
    let d = &analysis.diagnostics[0];
    assert_eq!(d.rule.code, "PTX002");
    assert_eq!(d.range.start, text.find("addd").unwrap());
}

#[test]
fn a_finding_in_a_raw_string_lands_on_its_column() {
    let text = "void f() { unsigned r;\n  asm volatile(R\"PTX(\n    mov.u32 %0, %%laneid;\n    bogus.op %0;\n  )PTX\" : \"=r\"(r)); }";
    let analysis = analyze(text, &LanguageSettings::default());
    let codes: Vec<_> = analysis.diagnostics.iter().map(|d| d.rule.code).collect();
    assert_eq!(codes, ["PTX002"]);
    assert_eq!(
        analysis.diagnostics[0].range.start,
        text.find("bogus").unwrap()
    );
}

#[test]
fn register_class_mismatch_names_the_operand() {
    let text =
        "void f(short h) { unsigned r;\n  asm(\"mov.u32 %0, %1;\" : \"=r\"(r) : \"h\"(h)); }";
    let found = findings(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX011");
    assert_eq!(found[0].1, "%1");
    assert!(
        found[0].2.contains("\"h\": a .b16 register, bound to `h`"),
        "{}",
        found[0].2
    );
    assert!(!found[0].2.contains("speclint"), "{}", found[0].2);
}

#[test]
fn operand_rules() {
    let out_of_range =
        "void f(unsigned a) { unsigned r; asm(\"mov.u32 %0, %2;\" : \"=r\"(r) : \"r\"(a)); }";
    assert_eq!(codes(out_of_range), ["CUDA001", "CUDA002"]);
    let unused =
        "void f(unsigned a) { unsigned r; asm(\"mov.u32 %0, 1;\" : \"=r\"(r) : \"r\"(a)); }";
    let found = findings(unused);
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("CUDA002", "\"r\"(a)")
    );
    let named = "void f() { unsigned r; asm(\"mov.u32 %[out], 1;\" : [out] \"=r\"(r)); }";
    assert_eq!(codes(named), ["CUDA004"]);
    let modifier = "void f() { unsigned r; asm(\"{ .reg .b32 %r1; mov.u32 %r1, 1; mov.u32 %0, %r1; }\" : \"=r\"(r)); }";
    assert_eq!(codes(modifier), ["CUDA005", "CUDA005", "CUDA005"]);
    let constraint =
        "void f(unsigned *p) { unsigned r; asm(\"ld.u32 %0, [%1];\" : \"=r\"(r) : \"m\"(*p)); }";
    assert_eq!(codes(constraint), ["CUDA006"]);
    let clobber = "void f() { asm volatile(\"membar.gl;\" ::: \"memory\", \"cc\"); }";
    assert_eq!(codes(clobber), ["CUDA007"]);
}

#[test]
fn partial_templates_are_checked_where_they_are_literals() {
    let text = "void f(unsigned *p) { unsigned r;\n  asm(\"ld.\" CACHE \".u32 %0, [%1];\\n\\t\"\n      \"addd.u32 %0, %0, 1;\" : \"=r\"(r) : \"l\"(p)); }";
    let found = findings(text);
    let codes: Vec<_> = found.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(codes, ["CUDA003", "PTX002"], "{found:?}");
    assert_eq!(found[0].1, "CACHE");
    assert!(found[1].1.starts_with("addd"));
}

#[test]
fn a_template_that_calls_a_string_macro_is_its_expansion() {
    let text = r#"#define PTX_ADD(ty) "add." #ty " %0, %1, %2;"
__device__ unsigned f(unsigned a, unsigned b) {
  unsigned r;
  asm(PTX_ADD(u32) : "=r"(r) : "r"(a), "r"(b));
  asm(PTX_ADD(u23) : "=r"(r) : "r"(a), "r"(b));
  asm(PTX_ADD(u32) : "=r"(r) : "l"(a), "r"(b));
  return r;
}"#;
    let found = findings(text);
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1.as_str())).collect();
    // A finding in the expansion covers the macro's use, as a compiler reports it.
    assert_eq!(
        got,
        [
            ("PTX003", "PTX_ADD(u23)"),
            ("PTX011", "PTX_ADD(u32)"),
            ("CUDA010", "\"l\"(a)")
        ],
        "{found:?}"
    );
}

#[test]
fn statements_in_macro_bodies_are_checked() {
    let text = "#define LANE(out) \\\n  asm(\"movv.u32 %0, %%laneid;\" : \"=r\"(out))\n";
    let found = findings(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX002");
    assert_eq!(found[0].1, "movv");
    let stringized = "#define LD(m) asm(\"ld.\" #m \".u32 %0, [%1];\" : \"=r\"(r) : \"l\"(p))\n";
    assert_eq!(codes(stringized), ["CUDA003"]);
    // A call among a macro body's literals, on the macro's own parameter (cuda_bf16.hpp's
    // binary ops): partial, its operands still bound.
    let called = "#define STR(x) #x\n#define BIN(name) { \\\n  asm(\"{.reg .b32 a,res;\\n\" \\\n    \"  mov.b32 a, {0,%1};\\n\" \\\n    \"  \" STR(name) \".f32 res, a, a;\\n\" \\\n    \"  cvt.rn.bf16.f32 %0, res;}\\n\" \\\n    : \"=h\"(v) : \"h\"(x)); }\n";
    assert_eq!(codes(called), ["CUDA003"], "{called}");
}

#[test]
fn cpu_assembly_and_plain_cpp_are_silent() {
    let text = r#"
static inline unsigned long long ticks() {
  unsigned lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  asm("mov %1, %0" : "=r"(lo) : "r"(hi));
  return lo;
}
int main() { return 0; }
"#;
    assert_eq!(findings(text), vec![]);
    assert!(!super::sniff(text));
    assert!(super::sniff(
        "asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(r));"
    ));
    assert!(super::sniff("asm(R\"(exit;)\");"));
}

#[test]
fn the_target_setting_reaches_the_ptx_checker() {
    let text = "void f() { asm volatile(\"wgmma.fence.sync.aligned;\"); }";
    assert_eq!(codes(text), Vec::<String>::new());
    let mut settings = LanguageSettings::default();
    settings.set(
        "target",
        Setting {
            value: Value::Text("sm_80".to_string()),
            origin: None,
        },
    );
    let found = findings_with(text, &settings);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX005");
    assert!(found[0].1.starts_with("wgmma"));
}

#[test]
fn broken_input_never_panics() {
    for text in [
        "asm(",
        "asm(\"",
        "asm(\"mov.u32 %",
        "asm(\"mov.u32 %[x\" : \"=r\"(r));",
        "asm(\"add.u32 %0, %1;\" : \"=r\"(",
        "#define X asm(\"ret;\" \\\n",
        "asm(R\"(mov.u32 %0, 1;",
        "asm(\"\\xff\\377 é %%\" : );",
    ] {
        let _ = analyze(text, &LanguageSettings::default());
    }
}

fn target_setting(name: &str) -> LanguageSettings {
    let mut settings = LanguageSettings::default();
    settings.set(
        "target",
        Setting {
            value: Value::Text(name.to_string()),
            origin: None,
        },
    );
    settings
}

#[test]
fn a_cuda_arch_guard_sets_the_lowest_target() {
    let guarded = "__device__ void f() {\n#if __CUDA_ARCH__ >= 900\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}\n";
    // Compiled for sm_90 and later only: an sm_80 build never sees it.
    assert_eq!(findings_with(guarded, &target_setting("sm_80")), vec![]);
    let unguarded = "__device__ void f() {\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n}\n";
    assert_eq!(findings_with(unguarded, &target_setting("sm_80")).len(), 1);
    // Without a target setting the guard gives one.
    let too_low = "__device__ void f() {\n#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}\n";
    let found = findings(too_low);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX005");
    assert!(
        found[0]
            .2
            .contains("sm_80 (the `#if` around the statement)"),
        "{}",
        found[0].2
    );
    // Under a guard it cannot read, the target is not known: its requirements are not checked,
    // the rest is.
    let unknown = "__device__ void f() {\n#if FEATURE_SM90\n  asm volatile(\"fence.proxy.async.shared::cta;\\n\\tadx.u32 %%laneid, 1;\" ::: \"memory\");\n#endif\n}\n";
    let found = findings_with(unknown, &target_setting("sm_80"));
    let codes: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(codes, ["PTX002"], "{found:?}");
    // The feature macros of architecture-specific targets are read.
    let specific = "__device__ void f() {\n#if defined(__CUDA_ARCH_FEAT_SM90_ALL)\n  asm volatile(\"wgmma.fence.sync.aligned;\" ::: \"memory\");\n#endif\n}\n";
    assert_eq!(findings_with(specific, &target_setting("sm_90")), vec![]);
    assert_eq!(findings_with(specific, &target_setting("sm_100a")), vec![]);
}

#[test]
fn statements_of_a_file_are_checked_apart() {
    // The first statement's unclosed `{` stays its own: the next statements' findings land
    // where they are, and a clean one stays clean.
    let text = "void f(unsigned a) { unsigned r;\n  asm(\"{ mov.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a));\n  asm(\"adx.u32 %0, %1, 1;\" : \"=r\"(r) : \"r\"(a));\n  asm(\"mov.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a));\n  asm(\"movv.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a));\n}\n";
    let found = findings(text);
    let lines: Vec<(String, usize)> = analyze(text, &LanguageSettings::default())
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.rule.code.to_string(),
                text[..d.range.start].matches('\n').count() + 1,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("PTX001".to_string(), 2),
            ("PTX002".to_string(), 3),
            ("PTX002".to_string(), 5)
        ],
        "{found:?}"
    );
}

/// A kernel whose one statement has `branches` (C++ lines) among its literals.
fn with_branches(branches: &str, operands: &str) -> String {
    format!(
        "__global__ void k(unsigned *p) {{\n  unsigned v = p[1];\n  asm volatile(\"mov.u32 %0, 1;\\n\\t\"\n{branches}    \"add.u32 %0, %0, 1;\" {operands});\n  p[0] = v;\n}}\n"
    )
}

#[test]
fn each_branch_of_an_if_among_the_literals_is_checked_for_its_targets() {
    let valid = with_branches(
        "#if __CUDA_ARCH__ >= 800\n    \"add.u32 %0, %0, %1;\\n\\t\"\n#else\n    \"sub.u32 %0, %0, %1;\\n\\t\"\n#endif\n",
        ": \"+r\"(v) : \"r\"(v)",
    );
    assert_eq!(findings(&valid), []);
    // The `#else` branch is compiled below sm_80 only, and checked there.
    let misspelt = with_branches(
        "#if __CUDA_ARCH__ >= 800\n    \"add.u32 %0, %0, 2;\\n\\t\"\n#else\n    \"addd.u32 %0, %0, 3;\\n\\t\"\n#endif\n",
        ": \"+r\"(v)",
    );
    let found = findings(&misspelt);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("PTX002", "addd")
    );
    // A form newer than its branch's targets, with the target each branch is checked for.
    let newer = with_branches(
        "#if __CUDA_ARCH__ >= 800\n    \"fence.proxy.async.shared::cta;\\n\\t\"\n#endif\n",
        ": \"+r\"(v)",
    );
    let found = findings_with(&newer, &target_setting("sm_90"));
    assert_eq!(found, [], "sm_90 compiles the branch and has the form");
    let found = findings(&newer);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX005");
    assert!(found[0].2.contains("sm_80"), "{}", found[0].2);
    // An error in the literals every branch shares is reported once.
    let shared = with_branches(
        "#if __CUDA_ARCH__ >= 800\n    \"add.u32 %0, %0, 2;\\n\\t\"\n#endif\n    \"movv.u32 %0, %0;\\n\\t\"\n",
        ": \"+r\"(v)",
    );
    assert_eq!(codes(&shared), ["PTX002"]);
}

#[test]
fn an_operand_one_branch_uses_is_used() {
    let text = with_branches(
        "#if __CUDA_ARCH__ >= 900\n    \"add.u32 %0, %0, %1;\\n\\t\"\n#endif\n",
        ": \"+r\"(v) : \"r\"(v)",
    );
    assert_eq!(findings(&text), []);
    let unused = with_branches(
        "#if __CUDA_ARCH__ >= 900\n    \"add.u32 %0, %0, 2;\\n\\t\"\n#endif\n",
        ": \"+r\"(v) : \"r\"(v)",
    );
    assert_eq!(codes(&unused), ["CUDA002"]);
}

#[test]
fn a_condition_speclint_cannot_read_leaves_its_literals_out() {
    let text = with_branches(
        "#if SOME_LIBRARY_CHECK(3)\n    \"addd.u32 %0, %0, 2;\\n\\t\"\n#endif\n",
        ": \"+r\"(v)",
    );
    let found = findings(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "CUDA003");
    assert!(found[0].1.starts_with("\"addd"), "{found:?}");
    assert!(found[0].2.contains("cannot evaluate"), "{}", found[0].2);
}

#[test]
fn a_directive_among_the_operands_makes_the_statement_partial() {
    let text = "__global__ void k(unsigned *p) {\n  unsigned v;\n  asm volatile(\"mov.u32 %0, 1;\"\n    : \"=r\"(v)\n#if __CUDA_ARCH__ >= 800\n    : \"r\"(p[0])\n#endif\n  );\n  p[0] = v;\n}\n";
    let found = findings(text);
    let codes: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(codes, ["CUDA003"], "{found:?}");
    assert_eq!(found[0].1, "asm");
}

#[test]
fn each_statement_says_where_its_target_comes_from() {
    use crate::TargetSource;
    let dir = std::env::temp_dir().join(format!("speclint-sources-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.cu");
    let text = "#include <nv/target>\n__global__ void k(unsigned *p) {\n#if __CUDA_ARCH__ >= 900\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");));\n  asm volatile(\"membar.gl;\" ::: \"memory\");\n}\n";
    std::fs::write(&file, text).unwrap();
    let sources = |settings: &LanguageSettings| {
        crate::analyze_file(text, Some(&file), settings, false)
            .targets
            .into_iter()
            .map(|t| (t.target, t.source))
            .collect::<Vec<_>>()
    };
    let guard = |written: &str| {
        (
            Some("sm_90".to_string()),
            TargetSource::Guard(written.into()),
        )
    };
    assert_eq!(
        sources(&LanguageSettings::default()),
        [
            guard("#if __CUDA_ARCH__ >= 900"),
            guard("NV_IF_TARGET(NV_PROVIDES_SM_90)"),
            (None, TargetSource::Unknown),
        ]
    );
    let database = dir.join("compile_commands.json");
    std::fs::write(
        &database,
        format!(
            r#"[{{"directory": "{}", "file": "k.cu", "command": "nvcc -arch=sm_80 -c k.cu"}}]"#,
            dir.display()
        ),
    )
    .unwrap();
    let found = sources(&LanguageSettings::default());
    assert_eq!(found[0], guard("#if __CUDA_ARCH__ >= 900"));
    assert_eq!(
        found[2],
        (
            Some("sm_80".to_string()),
            TargetSource::CompileCommands(database.clone())
        )
    );
    // The settings come before compile_commands.json.
    let found = sources(&target_setting("sm_100"));
    assert_eq!(
        found,
        [
            (Some("sm_100".to_string()), TargetSource::Setting),
            (Some("sm_100".to_string()), TargetSource::Setting),
            (Some("sm_100".to_string()), TargetSource::Setting),
        ]
    );
    assert!(TargetSource::Guard("#if X".into())
        .describe()
        .contains("`#if X`"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn guards_speclint_could_not_read_before_decide_now() {
    // An `#else` branch, NV_IF_TARGET and a file's feature macro give the target.
    let fence = "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");";
    let texts = [
        format!("__device__ void f() {{\n#if __CUDA_ARCH__ >= 900\n#else\n  {fence}\n#endif\n}}\n"),
        format!("__device__ void f() {{\n  NV_IF_TARGET(NV_PROVIDES_SM_80, ({fence}));\n}}\n"),
        format!("#if __CUDA_ARCH__ >= 800\n#define LIB_SM80 1\n#endif\n__device__ void f() {{\n#if LIB_SM80\n  {fence}\n#endif\n}}\n"),
    ];
    // The `#else` is compiled for everything below sm_90 that nvcc builds: sm_75 on.
    for (text, lowest) in texts.iter().zip(["sm_75 (the", "sm_80 (the", "sm_80 (the"]) {
        let found = findings(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].0, "PTX005", "{text}");
        assert!(found[0].2.contains(lowest), "{}", found[0].2);
    }
    // A family-specific guard is checked at the family's weakest target.
    let family = "__device__ void f() {\n#if __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000\n  asm volatile(\"wgmma.fence.sync.aligned;\" ::: \"memory\");\n#endif\n}\n";
    let found = findings(family);
    assert!(found.iter().any(|f| f.2.contains("sm_100f")), "{found:?}");
}

#[test]
fn a_guard_below_the_instruction_gets_a_fix_that_raises_it() {
    let text = "__device__ void f() {\n#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}\n";
    let analysis = analyze(text, &LanguageSettings::default());
    let finding = &analysis.diagnostics[0];
    assert_eq!(finding.rule.code, "PTX005");
    let fix = finding
        .fixes
        .iter()
        .find(|f| f.title.contains("guard"))
        .expect("a fix that raises the guard");
    let mut fixed = text.to_string();
    let edit = &fix.edits[0];
    fixed.replace_range(edit.range.start..edit.range.end, &edit.new_text);
    assert!(fixed.contains("__CUDA_ARCH__ >= 900\n"), "{fixed}");
    assert!(analyze(&fixed, &LanguageSettings::default())
        .diagnostics
        .is_empty());
    // With --target sm_80 the settings chose the target: no guard fix.
    let with_setting = analyze(text, &target_setting("sm_80"));
    assert!(with_setting.diagnostics[0]
        .fixes
        .iter()
        .all(|f| !f.title.contains("guard")));
}

#[test]
fn a_placeholder_hovers_with_its_operand_and_the_statements_target() {
    use speclint_base::language::LanguageAnalysis;
    let text = r#"
__device__ unsigned f(unsigned short h, unsigned v) {
  unsigned r;
#if __CUDA_ARCH__ >= 900
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(v), "h"(h));
#endif
  return r;
}
"#;
    let analysis = analyze(text, &LanguageSettings::default());
    let at = |needle: &str| text.find(needle).unwrap();
    let hover = analysis.hover(text, at("%0") + 1).expect("a hover on %0");
    assert_eq!(&text[hover.range.start..hover.range.end], "%0");
    assert!(
        hover.markdown.starts_with("**`%0`**: output operand 0"),
        "{}",
        hover.markdown
    );
    assert!(
        hover.markdown.contains("(r)`, written by the asm"),
        "{}",
        hover.markdown
    );
    assert!(
        hover.markdown.contains("a `.b32` register"),
        "{}",
        hover.markdown
    );
    assert!(
        hover
            .markdown
            .contains("Checked against `sm_90`, from the guard"),
        "{}",
        hover.markdown
    );
    let input = analysis
        .hover(text, at("%2"))
        .expect("a hover on %2")
        .markdown;
    assert!(input.starts_with("**`%2`**: input operand 2"), "{input}");
    assert!(input.contains("(h)`, read by the asm"), "{input}");
    assert!(input.contains("a `.b16` register"), "{input}");
    // C++ is left to the C++ language server; the PTX around the placeholders has its own.
    assert!(analysis.hover(text, at("unsigned r")).is_none());
    assert!(analysis.hover(text, at("add.u32")).is_some());
    // No offset panics.
    for offset in 0..=text.len() {
        let _ = analysis.hover(text, offset);
    }
}

#[test]
fn a_version_guard_sets_the_ptx_isa_version_and_a_fix_raises_it() {
    let text = "__device__ void f() {\n#if __CUDA_ARCH__ >= 900 && __cccl_ptx_isa >= 780\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}\n";
    let analysis = analyze(text, &LanguageSettings::default());
    let codes: Vec<_> = analysis.diagnostics.iter().map(|d| d.rule.code).collect();
    assert_eq!(codes, ["PTX006"], "{:?}", analysis.diagnostics);
    let finding = &analysis.diagnostics[0];
    assert!(
        finding.message.contains("PTX ISA 8.0") && finding.message.contains("7.8"),
        "{}",
        finding.message
    );
    assert!(finding.message.contains("`#if`"), "{}", finding.message);
    let fix = finding
        .fixes
        .iter()
        .find(|f| f.title.contains("__cccl_ptx_isa >= 800"))
        .expect("a fix that raises the version guard");
    let mut fixed = text.to_string();
    let edit = &fix.edits[0];
    fixed.replace_range(edit.range.start..edit.range.end, &edit.new_text);
    assert!(fixed.contains("__cccl_ptx_isa >= 800\n"), "{fixed}");
    assert_eq!(findings(&fixed), vec![]);
}

#[test]
fn a_compiler_version_in_a_feature_macro_bounds_the_version_from_the_targets_own() {
    let guarded = |condition: &str| {
        format!(
            "#if {condition}\n#define HAS_PROXY 1\n#endif\n__device__ void f() {{\n#if defined(HAS_PROXY) && __CUDA_ARCH__ >= 900\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}}\n"
        )
    };
    // nvcc 12.0 writes PTX ISA 8.0, which has the instruction.
    assert_eq!(findings(&guarded("__CUDACC_VER_MAJOR__ >= 12")), vec![]);
    // nvcc 11.4 does not build sm_90 at all: the check uses 7.8, the version that brought it.
    let from_11_4 = "__CUDACC_VER_MAJOR__ > 11 || __CUDACC_VER_MINOR__ >= 4";
    let found = findings(&guarded(from_11_4));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "PTX006");
    assert!(found[0].2.contains("PTX ISA 7.8"), "{}", found[0].2);
    // A version the settings give that the guard allows is kept.
    let settings = {
        let mut s = LanguageSettings::default();
        s.set(
            "version",
            Setting {
                value: Value::Text("8.3".into()),
                origin: None,
            },
        );
        s
    };
    assert_eq!(findings_with(&guarded(from_11_4), &settings), vec![]);
}

#[test]
fn headers_are_found_in_the_include_directories_of_the_compile_command() {
    let dir = std::env::temp_dir().join(format!("speclint-includes-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("include/lib")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("include/lib/config.h"),
        "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900\n#define LIB_SM90_ENABLED 1\n#endif\n",
    )
    .unwrap();
    let file = dir.join("src/k.cu");
    let text = "#include <lib/config.h>\n__global__ void k() {\n#if defined(LIB_SM90_ENABLED)\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n#endif\n}\n";
    std::fs::write(&file, text).unwrap();
    let check = || {
        crate::analyze_file(text, Some(&file), &LanguageSettings::default(), false)
            .targets
            .into_iter()
            .map(|t| t.target)
            .collect::<Vec<_>>()
    };
    // Without the compile command, `<lib/config.h>` is not found: the guard is unknown.
    assert_eq!(check(), [None]);
    std::fs::write(
        dir.join("compile_commands.json"),
        format!(
            r#"[{{"directory": "{}", "file": "src/k.cu", "command": "nvcc -Iinclude -arch=sm_80 -c src/k.cu"}}]"#,
            dir.display()
        ),
    )
    .unwrap();
    assert_eq!(check(), [Some("sm_90".to_string())]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fixture's text without its `$0` and the cursor's offset.
fn cursor(fixture: &str) -> (String, usize) {
    let at = fixture.find("$0").expect("a $0 cursor");
    (fixture.replacen("$0", "", 1), at)
}

fn ide_analysis(text: &str) -> Box<dyn speclint_base::language::LanguageAnalysis> {
    use speclint_base::language::{Input, Language};
    crate::language::Cuda.analyze(Input::Text(text), &LanguageSettings::default(), true)
}

#[test]
fn an_opcode_hovers_as_in_a_ptx_file_against_the_statements_target() {
    use speclint_base::language::{Input, Language};
    let (text, at) = cursor(
        "__device__ unsigned f(unsigned a) {\n  unsigned r;\n#if __CUDA_ARCH__ >= 800\n  asm(\"mov.u32 %0, %1;\\n\\t\"\n      \"bmsk.cl$0amp.b32 %0, %0, %1;\" : \"+r\"(r) : \"r\"(a));\n#endif\n  return r;\n}\n",
    );
    let analysis = ide_analysis(&text);
    let hover = analysis.hover(&text, at).expect("a hover on the modifier");
    assert_eq!(&text[hover.range.start..hover.range.end], "bmsk.clamp.b32");
    // What a .ptx module for the same target shows, with the statement's target named.
    let version = speclint_spec_db::ptx::newest_version().unwrap();
    let ptx = &format!(".version {version}\n.target sm_80\n.address_size 64\n.visible .func g()\n{{\n\t.reg .b32 %r<2>;\n\tbmsk.clamp.b32 %r0, %r0, %r1;\n}}\n");
    let module =
        speclint_ptx::language::Ptx.analyze(Input::Text(ptx), &LanguageSettings::default(), true);
    let expected = module
        .hover(ptx, ptx.find("bmsk").unwrap())
        .expect("the .ptx hover")
        .markdown
        .replace("(module: ", "(statement: ");
    assert!(
        expected.contains("sm_70 ✓ (statement: sm_80)"),
        "{expected}"
    );
    assert_eq!(
        hover.markdown,
        format!(
            "{expected}\n\nChecked against `sm_80`, from the guard `#if __CUDA_ARCH__ >= 800`."
        )
    );
    // The opcode after the escapes of the first literal hovers too; `%1` keeps its own hover.
    let mov = analysis.hover(&text, text.find("mov").unwrap()).unwrap();
    assert_eq!(&text[mov.range.start..mov.range.end], "mov.u32");
    let operand = analysis.hover(&text, text.find("%1").unwrap()).unwrap();
    assert!(
        operand.markdown.starts_with("**`%1`**"),
        "{}",
        operand.markdown
    );
    // Nothing in C++, between the literals, or on an escape's backslash... but the escape's
    // character is PTX white space, which has no hover either.
    for cpp in ["unsigned r", "#if", "asm(", "\"\n", "\"r\"(a)", "return"] {
        assert!(
            analysis.hover(&text, text.find(cpp).unwrap()).is_none(),
            "{cpp}"
        );
    }
    assert!(analysis.hover(&text, text.find("\\n").unwrap()).is_none());
    for offset in 0..=text.len() {
        let _ = analysis.hover(&text, offset);
    }
}

#[test]
fn a_hover_without_a_target_says_none_applies() {
    let (text, at) =
        cursor("__device__ void f() { asm volatile(\"fence.proxy.as$0ync;\" ::: \"memory\"); }");
    let hover = ide_analysis(&text).hover(&text, at).expect("a hover");
    assert!(
        hover.markdown.contains("**Requires:**"),
        "{}",
        hover.markdown
    );
    assert!(
        hover.markdown.ends_with(
            "The target is not known (no guard, setting or compile command decides it)."
        ),
        "{}",
        hover.markdown
    );
}

/// The labels offered at the cursor, each with the C++ text it replaces.
fn completions(fixture: &str) -> Vec<(String, String)> {
    let (text, at) = cursor(fixture);
    ide_analysis(&text)
        .completions(&text, at)
        .into_iter()
        .map(|c| (c.label, text[c.replace.start..c.replace.end].to_string()))
        .collect()
}

#[test]
fn completion_in_a_string_offers_ptx_and_replaces_the_typed_text() {
    let modifiers = completions("__device__ void f(unsigned long long p) { unsigned r;\n  asm(\"ld.gl$0 %0, [%1];\" : \"=r\"(r) : \"l\"(p)); }");
    assert!(
        modifiers.contains(&(".global".to_string(), ".gl".to_string())),
        "{modifiers:?}"
    );
    // After an escape, in the second literal, after a `;` on the same line.
    for fixture in [
        "void f() { unsigned r; asm(\"mov.u32 %0, 1;\\n\\tad$0\" : \"+r\"(r)); }",
        "void f() { unsigned r; asm(\"mov.u32 %0, 1;\\n\"\n    \"ad$0\" : \"+r\"(r)); }",
        "void f() { unsigned r; asm(\"mov.u32 %0, 1; ad$0\" : \"+r\"(r)); }",
    ] {
        let found = completions(fixture);
        assert!(
            found.contains(&("add".to_string(), "ad".to_string())),
            "{fixture}: {found:?}"
        );
        assert!(
            !found.iter().any(|(l, _)| l.starts_with("mul")),
            "{found:?}"
        );
    }
    // Names: declared in the template, special registers, never speclint's own.
    let names = completions("void f() { unsigned r; asm(\"{\\n\\t.reg .pred pp;\\n\\tsetp.eq.u32 pp, %0, 0;\\n\\tmov.u32 %0, %$0\\n\\t}\" : \"+r\"(r)); }");
    assert!(names.iter().any(|(l, _)| l == "%laneid"), "{names:?}");
    assert!(
        names.iter().all(|(l, _)| !l.contains("speclint")),
        "{names:?}"
    );
    // The first instruction of a new template, in device code: offered, and no finding.
    for fixture in [
        "__device__ void f() { unsigned r; asm(\"ad$0\" : \"+r\"(r)); }",
        "__device__ void f() { asm volatile(\"$0\"); }",
    ] {
        let found = completions(fixture);
        assert!(
            found.iter().any(|(l, _)| l == "add"),
            "{fixture}: {found:?}"
        );
        let (text, _) = cursor(fixture);
        assert_eq!(findings(&text), vec![], "{fixture}");
    }
    // Host code's CPU assembly is not taken for PTX being typed.
    assert!(completions("void f() { asm(\"cpu$0\"); }").is_empty());
    // C++ around the statement gets nothing.
    assert!(
        completions("void f() { unsigned r; uns$0 asm(\"mov.u32 %0, 1;\" : \"=r\"(r)); }")
            .is_empty()
    );
    assert!(
        completions("void f() { unsigned r; asm(\"mov.u32 %0, 1;\" : \"=r\"(r$0)); }").is_empty()
    );
}

/// (C++ text, kind) of each semantic token.
fn tokens(text: &str) -> Vec<(String, speclint_base::semantic::TokenKind)> {
    let mut found = ide_analysis(text).semantic_tokens(text);
    found.sort_by_key(|t| t.range.start);
    found
        .iter()
        .map(|t| (text[t.range.start..t.range.end].to_string(), t.kind))
        .collect()
}

#[test]
fn semantic_tokens_cover_the_ptx_and_never_a_quote_or_an_escape() {
    use speclint_base::semantic::TokenKind;
    let text = "__device__ unsigned f(unsigned a) {\n  unsigned r;\n  asm(\"ad\" \"d.u32 %0, %1, 7; // note\\n\\t\"\n      \"\\x6dov.u32 %0, %%laneid;\" : \"=r\"(r) : \"r\"(a));\n  return r;\n}\n";
    let found = tokens(text);
    let kind_of = |t: &str| found.iter().find(|(w, _)| w == t).map(|(_, k)| *k);
    // The opcode split by the literal boundary is in two pieces; `.u32` is a modifier.
    assert_eq!(kind_of("ad"), Some(TokenKind::Opcode), "{found:?}");
    assert_eq!(kind_of("d"), Some(TokenKind::Opcode), "{found:?}");
    assert_eq!(kind_of("%0"), Some(TokenKind::Variable), "{found:?}");
    assert_eq!(kind_of("%1"), Some(TokenKind::Variable), "{found:?}");
    assert_eq!(kind_of("7"), Some(TokenKind::Number), "{found:?}");
    assert_eq!(kind_of("// note"), Some(TokenKind::Comment), "{found:?}");
    // `\x6d` writes the `m` of `mov`: left out; the rest of the opcode is kept.
    assert_eq!(kind_of("ov"), Some(TokenKind::Opcode), "{found:?}");
    for (written, _) in &found {
        assert!(
            !written.contains(['"', '\\']) && !written.contains("%%"),
            "{written:?} in {found:?}"
        );
    }
    // Nothing in C++.
    let statement = text.find("asm(").unwrap()..text.find("return").unwrap();
    let t = ide_analysis(text).semantic_tokens(text);
    assert!(
        t.iter().all(|t| statement.contains(&t.range.start)),
        "{t:?}"
    );
}

#[test]
fn outputs_the_ptx_only_reads_are_warned() {
    let store = r#"__device__ void f(unsigned v, unsigned *p) {
  asm volatile("st.global.u32 [%1], %0;" : "=r"(v) : "l"(p));
}"#;
    let found = findings(store);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "CUDA008");
    assert_eq!(found[0].1, "\"=r\"(v)");
    // A `+` operand a `red` only reads; the address register of a load.
    let red = r#"__device__ void f(unsigned v, unsigned *p) {
  asm volatile("red.global.add.u32 [%1], %0;" : "+r"(v), "+l"(p));
}"#;
    assert_eq!(codes(red), ["CUDA008", "CUDA008"]);
    // Written in a vector destination, or by one instruction of several: no warning.
    let written = r#"__device__ void f(unsigned *p) { unsigned a, b;
  asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p));
  asm volatile("{ .reg .pred q; setp.eq.u32 q, %0, 0; @q mov.u32 %0, 1; }" : "+r"(a));
}"#;
    assert_eq!(findings(written), vec![]);
}

#[test]
fn inputs_the_ptx_writes_are_warned() {
    let text = r#"__device__ void f(unsigned x, unsigned *p) { unsigned r;
  asm volatile("add.u32 %0, %0, 1;" :: "r"(x));
  asm volatile("atom.global.add.u32 %1, [%0], 1;" :: "l"(p), "r"(r));
  asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(r) : "l"(p));
}"#;
    let found = findings(text);
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1.as_str())).collect();
    assert_eq!(
        got,
        [("CUDA009", "\"r\"(x)"), ("CUDA009", "\"r\"(r)")],
        "{found:?}"
    );
}

#[test]
fn a_did_you_mean_fix_edits_the_literal() {
    let text = "void f() { unsigned r;\n  asm(\"mov.u32 %0, 1;\\n\\t\"\n      \"movv.u32 %0, 2;\" : \"=r\"(r)); }";
    let analysis = analyze(text, &LanguageSettings::default());
    let finding = &analysis.diagnostics[0];
    assert_eq!(finding.rule.code, "PTX002");
    let fix = &finding.fixes[0];
    let mut fixed = text.to_string();
    for edit in fix.edits.iter().rev() {
        fixed.replace_range(edit.range.start..edit.range.end, &edit.new_text);
    }
    assert!(fixed.contains("\"mov.u32 %0, 2;\""), "{fixed}");
    assert!(analyze(&fixed, &LanguageSettings::default())
        .diagnostics
        .is_empty());
}

#[test]
fn a_comment_between_literals_suppresses_and_leaves_the_template_whole() {
    use speclint_analysis::{Analysis, Options, Registry};
    use speclint_base::language::Input;
    static LANGUAGES: Registry =
        Registry::new(&[&crate::language::Cuda, &speclint_ptx::language::Ptx]);
    let text = r#"__device__ void f(unsigned v) {
  // speclint: ignore[PTX005]
  asm("bmsk.clamp.b32 %0, %0, %0;" : "+r"(v));
  asm("bmsk.clamp.b32 %0, %0, %0;" : "+r"(v)); // speclint: ignore[PTX005]
  asm("add.u32 %0, %0, 1;\n\t"
      "bmsk.clamp.b32 %0, %0, %0;" // speclint: ignore[PTX005]
      : "+r"(v));
  asm volatile(
      // speclint: ignore[PTX005]
      "bmsk.clamp.b32 %0, %0, %0;"
      : "+r"(v));
  asm("bmsk.clamp.b32 %0, %0, %0;" : "+r"(v));
}
"#;
    let mut options = Options {
        registry: LANGUAGES,
        ..Options::default()
    };
    options.config.set_flag(
        crate::LANGUAGE_ID,
        "target",
        Value::Text("sm_60".to_string()),
    );
    let analysis = Analysis::run(&crate::language::Cuda, Input::Text(text), None, &options);
    let left: Vec<_> = analysis
        .diagnostics()
        .iter()
        .map(|d| (d.rule.code, text[..d.range.start].lines().count()))
        .collect();
    // Only the last statement's finding is left: no CUDA003 for the comments, no SUP001.
    assert_eq!(left, [("PTX005", 12)], "{:?}", analysis.diagnostics());
}

#[test]
fn names_a_template_declares_go_to_their_declaration_there() {
    let text = "__device__ void f(unsigned v) {\n  asm(\"{\\n\\t.reg .pred p;\\n\\t\"\n      \"setp.eq.u32 p, %0, 0;\\n\\t\"\n      \"@p add.u32 %0, %0, 1;\\n\\t}\" : \"+r\"(v));\n}\n";
    let analysis = ide_analysis(text);
    let declared = text.find("p;").unwrap();
    let used = text.find("@p").unwrap() + 1;
    let definition = analysis.definition(text, used).expect("a definition");
    assert_eq!(
        definition,
        speclint_base::text::TextRange::new(declared, declared + 1)
    );
    let mut uses: Vec<usize> = analysis
        .references(text, used, true)
        .iter()
        .map(|r| r.start)
        .collect();
    uses.sort();
    assert_eq!(uses, [declared, text.find("p, %0").unwrap(), used]);
    // The hover names the file's line, not the synthetic module's.
    let hover = analysis.hover(text, used).expect("a hover on p").markdown;
    assert!(hover.ends_with(" · declared on line 2"), "{hover}");
    // `%0`'s uses are the placeholders; its register's declaration is speclint's, not shown.
    let operand = text.find("%0").unwrap();
    assert!(analysis.definition(text, operand).is_none());
    assert_eq!(analysis.references(text, operand, true).len(), 3);
    // C++ names are clangd's.
    assert!(analysis
        .definition(text, text.find("(v)").unwrap() + 1)
        .is_none());
    assert!(analysis
        .references(text, text.find("(v)").unwrap() + 1, true)
        .is_empty());
}

#[test]
fn signature_help_shows_the_forms_while_operands_are_typed() {
    let (text, at) = cursor("void f(unsigned a) { unsigned r; asm(\"mov.u32 %0, %1;\\n\\tbmsk.clamp.b32 %0, $0%1, %1;\" : \"=r\"(r) : \"r\"(a)); }");
    let analysis = ide_analysis(&text);
    let help = analysis.signature_help(&text, at).expect("signature help");
    let signature = &help.signatures[0];
    assert_eq!(signature.label, "bmsk.clamp.b32 d, a, b", "{help:?}");
    assert_eq!(help.active_parameter, 1);
    // Not in the C++ around the string.
    assert!(analysis
        .signature_help(&text, text.find("(r)").unwrap() + 1)
        .is_none());
}

#[test]
fn no_offset_of_odd_templates_panics_an_editor_request() {
    let text = "#define LD(m) asm(\"ld.\" #m \".u32 %0, [%1];\" : \"=r\"(r) : \"l\"(p))\n__device__ void f(unsigned long long p) {\n  unsigned r;\n  asm(R\"PTX(\n    mov.u32 %0, %%laneid; // é 😀\n    { add.u32 %0, %0, 1;\n  )PTX\" : \"+r\"(r));\n  asm(\"\\x6dov.u32 %0, %1;\\n\\t\" \"a\\144d.u32 %0, %0, %%r\\u0031;\" : \"+r\"(r) : \"n\"(4));\n  asm(\"mov.u32 %0, %9; %c0\" : \"=r\"(r));\n  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm(\"fence.proxy.async;\" ::: \"memory\");))\n}\n";
    let analysis = ide_analysis(text);
    for offset in 0..=text.len() + 1 {
        let _ = analysis.hover(text, offset);
        let _ = analysis.completions(text, offset);
        let _ = analysis.definition(text, offset);
        let _ = analysis.references(text, offset, true);
        let _ = analysis.signature_help(text, offset);
    }
    for token in analysis.semantic_tokens(text) {
        let written = &text[token.range.start..token.range.end];
        assert!(!written.contains(['"', '\\']), "{written:?}");
    }
}

#[test]
fn directions_are_not_guessed_where_the_form_is_unknown() {
    // A misspelt opcode gets its error, not direction warnings on top.
    let text = r#"__device__ void f(unsigned x) { unsigned r;
  asm volatile("movv.u32 %0, %1;" : "=r"(r) : "r"(x));
}"#;
    assert_eq!(codes(text), ["PTX002"]);
}

#[test]
fn operands_whose_cpp_type_the_constraint_does_not_take_are_errors() {
    let text = r#"__global__ void k(unsigned *out, unsigned short h, float fl, unsigned x) {
  unsigned r;
  asm("cvt.u32.u16 %0, %1;" : "=r"(r) : "r"(h));
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(fl));
  asm("mov.b32 %0, %1;" : "=r"(r) : "l"(1));
  asm("mov.b32 %0, %1;" : "=r"(r) : "r"(x + 1));
  asm("ld.global.u32 %0, [%1];" : "=r"(r) : "l"(out));
  out[0] = r;
}"#;
    let found = findings(text);
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1.as_str())).collect();
    assert_eq!(
        got,
        [
            ("CUDA010", "\"r\"(h)"),
            ("CUDA010", "\"r\"(fl)"),
            ("PTX011", "%1"),
            ("CUDA010", "\"l\"(1)"),
        ],
        "{found:?}"
    );
}

#[test]
fn target_findings_in_a_template_under_no_guard_are_warnings() {
    let settings = target_setting("sm_90");
    // A template's body, one tree-sitter reads as detached from its declarator (in an `#if`,
    // as CCCL writes them), a function
    // under an architecture guard, and a plain function.
    let text = r#"
template <typename = void>
__device__ void cancel(unsigned a, unsigned b) {
  asm("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%0], [%1];" :: "r"(a), "r"(b) : "memory");
}
#if __cccl_ptx_isa >= 860
template <int N = 0>
__device__ void wait(::cuda::ptx::n32_t<N> n = {}) {
  asm("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%0], [%1];" :: "r"(0), "r"(1) : "memory");
}
#endif
#if __CUDA_ARCH__ >= 900
template <typename = void>
__device__ void guarded(unsigned a, unsigned b) {
  asm("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%0], [%1];" :: "r"(a), "r"(b) : "memory");
}
#endif
__device__ void plain(unsigned a, unsigned b) {
  asm("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%0], [%1];" :: "r"(a), "r"(b) : "memory");
}
"#;
    let found: Vec<(String, speclint_base::severity::Severity)> = analyze(text, &settings)
        .diagnostics
        .iter()
        .map(|d| (d.rule.code.to_string(), d.severity))
        .collect();
    use speclint_base::severity::Severity::{Error, Warning};
    let expected = [
        ("PTX005", Warning),
        ("PTX005", Warning),
        ("PTX005", Error),
        ("PTX005", Error),
    ];
    let expected: Vec<_> = expected.iter().map(|(c, s)| (c.to_string(), *s)).collect();
    assert_eq!(found, expected);
    let message = &analyze(text, &settings).diagnostics[0].message;
    assert!(message.contains("instantiated for (PTX ISA"), "{message}");
}

#[test]
fn a_withdrawn_form_under_a_guard_speclint_cannot_read_is_left_out() {
    // As the CUDA headers keep `shfl` without `.sync` for older targets and for another
    // compiler, whose macro nvcc's build may or may not define.
    let body = "__device__ int up(int v, unsigned d, int c) { int r;\n  asm volatile(\"shfl.up.b32 %0, %1, %2, %3;\" : \"=r\"(r) : \"r\"(v), \"r\"(d), \"r\"(c));\n  return r; }\n";
    let settings = target_setting("sm_90");
    let guarded = format!("#if defined(_NVHPC_CUDA) || __CUDA_ARCH__ < 700\n{body}#endif\n");
    assert_eq!(findings_with(&guarded, &settings), vec![]);
    let plain = findings_with(body, &settings);
    assert_eq!(
        plain.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(),
        ["PTX014"],
        "{plain:?}"
    );
}
