use super::test_support::*;

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
