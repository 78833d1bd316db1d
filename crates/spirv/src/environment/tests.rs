use crate::{analyze, SpirvSettings};
use speclint_spec_db::spirv::env::{self, OpenClVersion};

const HEADER: &str =
    "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n";

fn settings(opencl: OpenClVersion) -> SpirvSettings {
    SpirvSettings {
        opencl,
        ..SpirvSettings::default()
    }
}

/// (code, text of the reported range) for every finding of the environment's codes.
fn findings_with(text: &str, settings: &SpirvSettings) -> Vec<(&'static str, String)> {
    analyze(text, settings)
        .diagnostics
        .iter()
        .filter(|d| ("SPV020".."SPV035").contains(&d.rule.code) && d.rule.code != "SPV027")
        .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
        .collect()
}

fn findings(text: &str, opencl: OpenClVersion) -> Vec<(&'static str, String)> {
    findings_with(text, &settings(opencl))
}

fn module(body: &str) -> String {
    format!("{HEADER}{body}")
}

fn codes(found: &[(&'static str, String)]) -> Vec<&'static str> {
    found.iter().map(|(c, _)| *c).collect()
}

const KERNEL_TYPES: &str =
    "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n";

#[test]
fn logical_addressing_and_glsl_memory_model_are_reported_on_their_operands() {
    let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Logical GLSL450\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
    let found = findings(text, OpenClVersion::V3_0);
    assert!(found.contains(&("SPV020", "Logical".into())), "{found:?}");
    assert!(found.contains(&("SPV020", "GLSL450".into())), "{found:?}");
}

#[test]
fn a_void_kernel_with_allowed_arguments_is_clean() {
    let text = module(&format!(
        "OpEntryPoint Kernel %k \"k\"\nOpDecorate %s FuncParamAttr ByVal\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%v4 = OpTypeVector %float 4\n%st = OpTypeStruct %uint %v4\n%pg = OpTypePointer CrossWorkgroup %uint\n%pf = OpTypePointer Function %st\n%kfn = OpTypeFunction %void %pg %uint %v4 %pf\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %pg\n%b = OpFunctionParameter %uint\n%c = OpFunctionParameter %v4\n%s = OpFunctionParameter %pf\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(findings(&text, OpenClVersion::V1_2), vec![]);
}

#[test]
fn kernel_return_type_and_bad_arguments_are_reported() {
    let text = module(&format!(
        "OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%bool = OpTypeBool\n%st = OpTypeStruct %uint %bool\n%pp = OpTypePointer Private %uint\n%kfn = OpTypeFunction %uint %bool %st %pp\n%k = OpFunction %uint None %kfn\n%a = OpFunctionParameter %bool\n%b = OpFunctionParameter %st\n%c = OpFunctionParameter %pp\n%l = OpLabel\n%z = OpConstant %uint 0\nOpReturnValue %z\nOpFunctionEnd\n"
    ));
    let found = findings(&text, OpenClVersion::V2_0);
    assert_eq!(
        found,
        vec![
            ("SPV021", "%k".into()),
            ("SPV021", "%a = OpFunctionParameter %bool".into()),
            ("SPV021", "%b = OpFunctionParameter %st".into()),
            ("SPV021", "%c = OpFunctionParameter %pp".into()),
        ]
    );
}

#[test]
fn builtins_follow_storage_type_and_addressing() {
    let clean = module(&format!(
        "OpCapability Int64\nOpEntryPoint Kernel %k \"k\" %gid\nOpDecorate %gid BuiltIn GlobalInvocationId\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%v3 = OpTypeVector %ulong 3\n%p = OpTypePointer Input %v3\n%gid = OpVariable %p Input\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(findings(&clean, OpenClVersion::V3_0), vec![]);
    let wrong_width = clean.replace("%v3 = OpTypeVector %ulong 3", "%v3 = OpTypeVector %uint 3");
    assert_eq!(
        findings(&wrong_width, OpenClVersion::V3_0),
        vec![("SPV022", "%gid = OpVariable %p Input".into())]
    );
    let wrong_storage = clean
        .replace("OpTypePointer Input", "OpTypePointer CrossWorkgroup")
        .replace("%p Input", "%p CrossWorkgroup");
    assert_eq!(
        codes(&findings(&wrong_storage, OpenClVersion::V3_0)),
        vec!["SPV022"]
    );
    let shader_builtin = clean.replace("BuiltIn GlobalInvocationId", "BuiltIn FragCoord");
    assert!(findings(&shader_builtin, OpenClVersion::V3_0)
        .contains(&("SPV022", "OpDecorate %gid BuiltIn FragCoord".into())));
    let too_new = clean.replace(
        "BuiltIn GlobalInvocationId",
        "BuiltIn EnqueuedWorkgroupSize",
    );
    assert_eq!(
        codes(&findings(&too_new, OpenClVersion::V1_2)),
        vec!["SPV022"]
    );
    assert_eq!(findings(&too_new, OpenClVersion::V2_0), vec![]);
}

/// A chain of `n` functions, each calling the next; the last calls `back_to` if given.
fn call_chain(n: usize, back_to: Option<usize>) -> String {
    let mut text = module(&format!("OpEntryPoint Kernel %f0 \"k\"\n{KERNEL_TYPES}"));
    for i in 0..n {
        text += &format!("%f{i} = OpFunction %void None %fn\n%l{i} = OpLabel\n");
        let callee = if i + 1 < n { Some(i + 1) } else { back_to };
        if let Some(c) = callee {
            text += &format!("%c{i} = OpFunctionCall %void %f{c}\n");
        }
        text += "OpReturn\nOpFunctionEnd\n";
    }
    text
}

#[test]
fn recursion_is_reported_on_every_call_of_the_cycle_and_names_it() {
    assert_eq!(findings(&call_chain(4, None), OpenClVersion::V3_0), vec![]);
    let text = call_chain(3, Some(1));
    let analysis = analyze(&text, &settings(OpenClVersion::V3_0));
    let recursion: Vec<_> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.rule.code == "SPV023")
        .collect();
    let calls: Vec<_> = recursion
        .iter()
        .map(|d| &text[d.range.start..d.range.end])
        .collect();
    assert_eq!(
        calls,
        vec![
            "%c1 = OpFunctionCall %void %f2",
            "%c2 = OpFunctionCall %void %f1"
        ]
    );
    assert!(
        recursion[1].message.contains("%f2 -> %f1 -> %f2"),
        "{}",
        recursion[1].message
    );
    let itself = call_chain(1, Some(0));
    assert_eq!(
        findings(&itself, OpenClVersion::V3_0),
        vec![("SPV023", "%c0 = OpFunctionCall %void %f0".into())]
    );
}

#[test]
fn a_long_call_chain_and_a_big_cycle_stay_fast() {
    // 5000 functions deep: a recursive walk would overflow the stack.
    let start = std::time::Instant::now();
    assert_eq!(
        findings(&call_chain(5000, None), OpenClVersion::V3_0),
        vec![]
    );
    let cycle = findings(&call_chain(5000, Some(0)), OpenClVersion::V3_0);
    assert_eq!(cycle.len(), 5000);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

fn barrier(exec: u32, mem: u32, semantics: u32) -> String {
    module(&format!(
        "OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%e = OpConstant %uint {exec}\n%m = OpConstant %uint {mem}\n%s = OpConstant %uint {semantics}\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpControlBarrier %e %m %s\nOpReturn\nOpFunctionEnd\n"
    ))
}

#[test]
fn barrier_scopes_and_semantics_follow_the_opencl_version() {
    // Workgroup, Workgroup, SequentiallyConsistent | WorkgroupMemory: valid everywhere.
    for v in OpenClVersion::ALL {
        assert_eq!(findings(&barrier(2, 2, 0x110), v), vec![], "{v}");
    }
    // Device memory scope and relaxed semantics: 1.2 only.
    assert_eq!(
        findings(&barrier(2, 1, 0x100), OpenClVersion::V1_2),
        vec![("SPV024", "%m".into()), ("SPV025", "%s".into())]
    );
    assert_eq!(findings(&barrier(2, 1, 0x100), OpenClVersion::V2_0), vec![]);
    // Device execution scope: never.
    assert_eq!(
        findings(&barrier(1, 2, 0x110), OpenClVersion::V3_0),
        vec![("SPV024", "%e".into())]
    );
    // Subgroup execution scope: 2.1+, never 1.2; 2.0 only with cl_khr_subgroups.
    assert_eq!(findings(&barrier(3, 2, 0x110), OpenClVersion::V2_1), vec![]);
    assert_eq!(
        codes(&findings(&barrier(3, 2, 0x110), OpenClVersion::V1_2)),
        vec!["SPV024"]
    );
    let no_subgroups = SpirvSettings {
        extensions: Some(vec![]),
        ..settings(OpenClVersion::V2_0)
    };
    assert_eq!(
        codes(&findings_with(&barrier(3, 2, 0x110), &no_subgroups)),
        vec!["SPV024"]
    );
    // Two ordering bits.
    assert_eq!(
        findings(&barrier(2, 2, 0x2 | 0x4), OpenClVersion::V3_0),
        vec![("SPV025", "%s".into())]
    );
}

#[test]
fn scope_operands_are_32_bit_integers_and_checked_where_constant() {
    // A computed scope or semantics (a kernel argument, a call's result) is allowed: only the
    // Shader rules ask for constants. A 64-bit one, constant or not, is not.
    let text = module(&format!(
        "OpCapability Int64\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%wide = OpConstant %ulong 2\n%s = OpConstant %uint 0x110\n%sfn = OpTypeFunction %uint\n%kfn = OpTypeFunction %void %uint %ulong\n%scope_of = OpFunction %uint None %sfn\n%sl = OpLabel\nOpReturnValue %s\nOpFunctionEnd\n%k = OpFunction %void None %kfn\n%x = OpFunctionParameter %uint\n%wide_x = OpFunctionParameter %ulong\n%l = OpLabel\n%called = OpFunctionCall %uint %scope_of\nOpMemoryBarrier %x %s\nOpControlBarrier %called %x %x\nOpMemoryBarrier %wide %s\nOpMemoryBarrier %wide_x %s\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(
        findings(&text, OpenClVersion::V2_0),
        vec![("SPV024", "%wide".into()), ("SPV024", "%wide_x".into())]
    );
}

#[test]
fn a_uniform_id_scope_is_not_an_execution_scope() {
    // Device is no execution scope OpenCL allows for instructions, but UniformId's scope only
    // says over which invocations the value is uniform.
    let text = module(&format!(
        "OpCapability UniformDecoration\nOpEntryPoint Kernel %k \"k\"\nOpDecorateId %v UniformId %device\n{KERNEL_TYPES}%device = OpConstant %uint 1\n%kfn = OpTypeFunction %void %uint\n%k = OpFunction %void None %kfn\n%x = OpFunctionParameter %uint\n%l = OpLabel\n%v = OpIAdd %uint %x %x\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(findings(&text, OpenClVersion::V3_0), vec![]);
}

fn atomic(storage: &str, ty: &str, scope: u32, semantics: u32, extra: &str) -> String {
    module(&format!(
        "{extra}OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%ushort = OpTypeInt 16 0\n%ulong = OpTypeInt 64 0\n%p = OpTypePointer {storage} {ty}\n%kfn = OpTypeFunction %void %p\n%sc = OpConstant %uint {scope}\n%se = OpConstant %uint {semantics}\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %p\n%l = OpLabel\n%r = OpAtomicLoad {ty} %a %sc %se\nOpReturn\nOpFunctionEnd\n"
    ))
}

#[test]
fn atomics_follow_scope_semantics_type_and_storage_rules() {
    let extra = "OpCapability Int16\nOpCapability Int64\n";
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%uint", 1, 0, extra),
            OpenClVersion::V1_2
        ),
        vec![]
    );
    // OpenCL 1.2: Device scope, relaxed order.
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%uint", 2, 0x2, extra),
            OpenClVersion::V1_2
        ),
        vec![("SPV024", "%sc".into()), ("SPV025", "%se".into())]
    );
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%uint", 2, 0x2, extra),
            OpenClVersion::V2_0
        ),
        vec![]
    );
    // Invocation scope: no atomic may use it.
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%uint", 4, 0, extra),
            OpenClVersion::V3_0
        ),
        vec![("SPV024", "%sc".into())]
    );
    // 16-bit, 64-bit without Int64Atomics, Input storage.
    assert_eq!(
        codes(&findings(
            &atomic("CrossWorkgroup", "%ushort", 1, 0, extra),
            OpenClVersion::V3_0
        )),
        vec!["SPV026"]
    );
    assert_eq!(
        codes(&findings(
            &atomic("CrossWorkgroup", "%ulong", 1, 0, extra),
            OpenClVersion::V3_0
        )),
        vec!["SPV026"]
    );
    let with_int64_atomics = format!("{extra}OpCapability Int64Atomics\n");
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%ulong", 1, 0, &with_int64_atomics),
            OpenClVersion::V3_0
        ),
        vec![]
    );
    assert_eq!(
        findings(&atomic("Input", "%uint", 1, 0, extra), OpenClVersion::V3_0),
        vec![
            ("SPV021", "%a = OpFunctionParameter %p".into()),
            ("SPV026", "%a".into())
        ]
    );
    // A 32-bit float load (atomic_float) is accepted.
    assert_eq!(
        findings(
            &atomic("CrossWorkgroup", "%float", 1, 0, extra),
            OpenClVersion::V2_0
        ),
        vec![]
    );
}

#[test]
fn async_copy_takes_workgroup_execution_scope() {
    let text = module(&format!(
        "OpCapability Int64\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%ev = OpTypeEvent\n%pg = OpTypePointer CrossWorkgroup %uint\n%pl = OpTypePointer Workgroup %uint\n%pev = OpTypePointer Function %ev\n%kfn = OpTypeFunction %void %pg %pl\n%dev = OpConstant %uint 1\n%n = OpConstant %ulong 16\n%one = OpConstant %ulong 1\n%one32 = OpConstant %uint 1\n%none = OpConstantNull %ev\n%k = OpFunction %void None %kfn\n%g = OpFunctionParameter %pg\n%lo = OpFunctionParameter %pl\n%l = OpLabel\n%evs = OpVariable %pev Function\n%e = OpGroupAsyncCopy %ev %dev %lo %g %n %one %none\nOpStore %evs %e\nOpGroupWaitEvents %dev %one32 %evs\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(
        findings(&text, OpenClVersion::V2_0),
        vec![("SPV024", "%dev".into()), ("SPV024", "%dev".into())]
    );
}

#[test]
fn only_opencl_extended_sets_are_imported() {
    let with = |set: &str| {
        module(&format!("%x = OpExtInstImport \"{set}\"\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"))
    };
    // Imports come before the memory model.
    let place = |text: String| {
        let import = text
            .lines()
            .find(|l| l.contains("OpExtInstImport"))
            .unwrap()
            .to_string();
        text.replace(&format!("{import}\n"), "")
            .replace("OpMemoryModel", &format!("{import}\nOpMemoryModel"))
    };
    assert_eq!(
        findings(&place(with("OpenCL.std")), OpenClVersion::V1_2),
        vec![]
    );
    assert_eq!(
        findings(&place(with("GLSL.std.450")), OpenClVersion::V2_1),
        vec![("SPV028", "\"GLSL.std.450\"".into())]
    );
    let debug = place(with("OpenCL.DebugInfo.100"));
    assert_eq!(findings(&debug, OpenClVersion::V3_0), vec![]);
    let without = SpirvSettings {
        extensions: Some(vec!["cl_khr_fp16".into()]),
        ..settings(OpenClVersion::V3_0)
    };
    assert_eq!(codes(&findings_with(&debug, &without)), vec!["SPV028"]);
}

#[test]
fn half_values_need_float16_beyond_pointers() {
    let text = "OpCapability Addresses\nOpCapability Kernel\nOpCapability Float16Buffer\n%std = OpExtInstImport \"OpenCL.std\"\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n%float = OpTypeFloat 32\n%half = OpTypeFloat 16\n%ph = OpTypePointer CrossWorkgroup %half\n%kfn = OpTypeFunction %void %ph\n%z = OpConstant %ulong 0\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %ph\n%l = OpLabel\n%f = OpExtInst %float %std vload_half %z %a\n%h = OpLoad %half %a\nOpReturn\nOpFunctionEnd\n";
    let text = text.replace(
        "OpCapability Float16Buffer\n",
        "OpCapability Float16Buffer\nOpCapability Int64\n",
    );
    assert_eq!(
        findings(&text, OpenClVersion::V3_0),
        vec![("SPV029", "%h = OpLoad %half %a".into())]
    );
    let with_float16 = text.replace("OpCapability Float16Buffer\n", "OpCapability Float16\n");
    assert_eq!(findings(&with_float16, OpenClVersion::V3_0), vec![]);
}

fn printf(format: &str, args: &str, arg_types: &str) -> String {
    let mut bytes: Vec<u8> = format.bytes().collect();
    bytes.push(0);
    let mut consts = String::new();
    let mut names = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        consts += &format!("%b{i} = OpConstant %uchar {b}\n");
        names.push(format!("%b{i}"));
    }
    format!(
        "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int8\nOpCapability Int64\nOpCapability Float64\n%std = OpExtInstImport \"OpenCL.std\"\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uchar = OpTypeInt 8 0\n%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n%float = OpTypeFloat 32\n%double = OpTypeFloat 64\n%v4float = OpTypeVector %float 4\n%len = OpConstant %uint {}\n%arr = OpTypeArray %uchar %len\n%parr = OpTypePointer UniformConstant %arr\n%pc = OpTypePointer UniformConstant %uchar\n{consts}%str = OpConstantComposite %arr {}\n%fmt = OpVariable %parr UniformConstant %str\n%z = OpConstant %ulong 0\n%i32 = OpConstant %uint 7\n%i64 = OpConstant %ulong 7\n%f32 = OpConstant %float 1\n%v4 = OpConstantNull %v4float\n{arg_types}%k = OpFunction %void None %fn\n%l = OpLabel\n%p = OpInBoundsPtrAccessChain %pc %fmt %z %z\n%r = OpExtInst %uint %std printf %p{args}\nOpReturn\nOpFunctionEnd\n",
        bytes.len(),
        names.join(" ")
    )
}

#[test]
fn printf_arguments_match_the_format() {
    let ok = printf("%d %lu %f %v4hlf %s %%\n", " %i32 %i64 %f32 %v4 %p", "");
    assert_eq!(findings(&ok, OpenClVersion::V1_2), vec![]);
    assert_eq!(
        findings(&printf("%d", " %i64", ""), OpenClVersion::V1_2),
        vec![("SPV030", "%i64".into())]
    );
    assert_eq!(
        findings(&printf("hi", " %i32", ""), OpenClVersion::V1_2),
        vec![("SPV030", "%i32".into())]
    );
    assert_eq!(
        codes(&findings(
            &printf("%d %d", " %i32", ""),
            OpenClVersion::V1_2
        )),
        vec!["SPV030"]
    );
    assert_eq!(
        codes(&findings(
            &printf("%*d", " %i32 %i32", ""),
            OpenClVersion::V1_2
        )),
        vec!["SPV030"]
    );
    // z is defined from OpenCL 3.1 only.
    assert_eq!(
        findings(&printf("%zu", " %i64", ""), OpenClVersion::V3_1),
        vec![]
    );
    assert_eq!(
        codes(&findings(&printf("%zu", " %i64", ""), OpenClVersion::V3_0)),
        vec!["SPV030"]
    );
}

#[test]
fn image_types_follow_the_opencl_shape() {
    let image = |decl: &str| {
        module(&format!(
            "OpCapability ImageBasic\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%img = {decl}\n%kfn = OpTypeFunction %void %img\n%k = OpFunction %void None %kfn\n%i = OpFunctionParameter %img\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ))
    };
    // Capabilities come first.
    let fix = |t: String| {
        t.replace("OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpCapability ImageBasic\n", "OpCapability Addresses\nOpCapability Kernel\nOpCapability ImageBasic\nOpMemoryModel Physical64 OpenCL\n")
    };
    assert_eq!(
        findings(
            &fix(image("OpTypeImage %void 2D 0 1 0 0 Unknown ReadOnly")),
            OpenClVersion::V2_0
        ),
        vec![]
    );
    assert_eq!(
        findings(
            &fix(image("OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly")),
            OpenClVersion::V2_0
        ),
        vec![("SPV031", "%float".into())]
    );
    assert_eq!(
        findings(
            &fix(image("OpTypeImage %void 3D 0 1 0 0 Unknown ReadOnly")),
            OpenClVersion::V2_0
        ),
        vec![("SPV031", "1".into())]
    );
    assert_eq!(
        findings(
            &fix(image("OpTypeImage %void 1D 1 0 0 0 Unknown ReadOnly")),
            OpenClVersion::V2_0
        ),
        vec![("SPV031", "1".into())]
    );
    assert_eq!(
        codes(&findings(
            &fix(image("OpTypeImage %void 2D 0 0 0 0 Unknown")),
            OpenClVersion::V2_0
        )),
        vec!["SPV031"]
    );
}

#[test]
fn decorations_apply_to_their_targets() {
    let text = module(&format!(
        "OpEntryPoint Kernel %k \"k\"\nOpDecorate %k FuncParamAttr NoCapture\nOpDecorate %c Alignment 4\nOpDecorate %sum NoSignedWrap\nOpDecorate %a FuncParamAttr NoCapture\nOpDecorate %conv SaturatedConversion\nOpDecorate %sum SaturatedConversion\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%c = OpConstant %uint 1\n%pg = OpTypePointer CrossWorkgroup %uint\n%kfn = OpTypeFunction %void %pg\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %pg\n%l = OpLabel\n%x = OpLoad %uint %a\n%sum = OpIAdd %uint %x %c\n%f = OpConvertUToF %float %sum\n%conv = OpConvertFToU %uint %f\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_eq!(
        findings(&text, OpenClVersion::V2_0),
        vec![
            ("SPV034", "OpDecorate %c Alignment 4".into()),
            ("SPV034", "OpDecorate %sum SaturatedConversion".into()),
        ]
    );
}

/// The environment's probes (spec-db/spirv/opencl-env/probes) each break one rule; every
/// probe of a rule this module checks is reported with the rule's code.
#[test]
fn every_probe_of_a_checked_rule_is_reported() {
    let expected = [
        ("addressing-model-physical", "SPV020"),
        ("memory-model-opencl", "SPV020"),
        ("execution-model-kernel", "SPV020"),
        ("int-no-signedness", "SPV020"),
        ("kernel-return-void", "SPV021"),
        ("kernel-arg-types", "SPV021"),
        ("kernel-arg-int-signedness", "SPV020"),
        ("kernel-arg-struct-members", "SPV021"),
        ("kernel-arg-pointer-storage", "SPV021"),
        ("builtin-input-storage", "SPV022"),
        ("builtin-type", "SPV022"),
        ("builtin-allowed", "SPV022"),
        ("no-recursion", "SPV023"),
        ("group-async-copy-scope-workgroup", "SPV024"),
        ("group-exec-scope", "SPV024"),
        ("exec-scope", "SPV024"),
        ("barrier-opencl12", "SPV024"),
        ("atomic-opencl12", "SPV024"),
        ("atomic-memory-scope", "SPV024"),
        ("barrier-memory-scope", "SPV024"),
        ("subgroup-scope-needs-subgroups", "SPV024"),
        ("non-uniform-exec-scope", "SPV024"),
        ("uniform-group-exec-scope", "SPV024"),
        ("read-clock-scope", "SPV024"),
        ("barrier-memory-order", "SPV025"),
        ("atomic-memory-order", "SPV025"),
        ("atomic-32bit-only", "SPV026"),
        ("atomic-pointer-storage", "SPV026"),
        ("extended-instruction-sets", "SPV028"),
        ("float16-buffer-only", "SPV029"),
        ("printf-operand-types", "SPV030"),
        ("printf-undefined-specifiers", "SPV030"),
        ("image-sampled-type-void", "SPV031"),
        ("image-sampled-zero", "SPV031"),
        ("image-single-sampled", "SPV031"),
        ("image-arrayed-dims", "SPV031"),
        ("image-format-unknown", "SPV031"),
        ("image-access-qualifier", "SPV031"),
        ("image-no-constoffset", "SPV031"),
        ("image-types", "SPV031"),
        ("alignment", "SPV034"),
    ];
    let mut missed = Vec::new();
    for (id, code) in expected {
        let rule = env::rule(id).unwrap_or_else(|| panic!("no rule {id}"));
        let probe = rule.probe;
        assert!(!probe.is_empty(), "{id} has no probe");
        let target = probe
            .lines()
            .find_map(|l| l.strip_prefix("; target-env: opencl"))
            .and_then(|v| v.trim().parse::<OpenClVersion>().ok())
            .unwrap_or(OpenClVersion::V3_1);
        let opencl = if rule.applies_to(target) {
            target
        } else {
            *rule.opencl.last().unwrap()
        };
        // The probe's SPIR-V version may be newer than the version guarantees (SPV012);
        // only this module's codes are looked at.
        let mut s = settings(opencl);
        // Probes of device-dependent rules assume a device without the extension.
        if matches!(
            id,
            "subgroup-scope-needs-subgroups" | "image-single-sampled" | "barrier-memory-scope"
        ) {
            s.extensions = Some(vec![]);
        }
        let found = codes(&findings_with(probe, &s));
        if !found.contains(&code) {
            missed.push(format!(
                "{id} (OpenCL {opencl}): expected {code}, got {found:?}"
            ));
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[test]
fn extensions_the_environment_does_not_describe_are_warnings() {
    use speclint_base::diagnostic::Severity;
    let with = |extension: &str| {
        module(&format!(
            "OpExtension \"{extension}\"\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ))
    };
    let severities = |text: &str| -> Vec<(&'static str, Severity)> {
        analyze(text, &settings(OpenClVersion::V3_0))
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == "SPV033")
            .map(|d| (d.rule.code, d.severity))
            .collect()
    };
    // The grammar ties nothing to it, but it is registered (the SPIR-V 1.6 change log):
    // nothing to report, as spirv-val accepts it.
    assert_eq!(severities(&with("SPV_EXT_image_raw10_raw12")), vec![]);
    // SPIRV-Tools knows it, the grammar does not: the same.
    assert_eq!(severities(&with("SPV_AMD_gcn_shader")), vec![]);
    // A name no one knows: speclint cannot judge it, so a warning.
    assert_eq!(
        severities(&with("SPV_KHR_does_not_exist")),
        vec![("SPV033", Severity::Warning)]
    );
    // Core in SPIR-V 1.6, only NonSemantic.* imports: nothing to report.
    assert_eq!(severities(&with("SPV_KHR_non_semantic_info")), vec![]);
    // Everything it adds needs Shader, but spirv-val accepts the OpExtension itself: a warning
    // that says so (the capabilities it would need are SPV027 errors).
    let multiview = analyze(&with("SPV_KHR_multiview"), &settings(OpenClVersion::V3_0));
    let multiview: Vec<_> = multiview
        .diagnostics
        .iter()
        .filter(|d| d.rule.code == "SPV033")
        .collect();
    assert_eq!(multiview.len(), 1);
    assert_eq!(multiview[0].severity, Severity::Warning);
    assert!(multiview[0].message.contains("spirv-val accepts it"));
}
