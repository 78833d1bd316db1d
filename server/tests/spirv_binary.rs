//! Binary SPIR-V disassembly against SPIRV-Tools.
//!
//! For every `tests/spirv/binary/*.spvasm` (an optional `; target-env: spv1.4` line picks the
//! assembler's target): `spirv-as` it, disassemble the binary with speclint, `spirv-as
//! --preserve-numeric-ids` that text and require the same bytes; the byte-swapped module must give
//! the same text; and the text must match `spirv-dis --raw-id` line for line (whitespace aside).
//! The same round trip runs over `tests/spirv/corpus/spv/*.spv` when that corpus exists.
//!
//! Needs `spirv-as` and `spirv-dis` on PATH (`ensure_spirv_tools` in scripts/lib.sh); without
//! them the test prints `SKIPPED spirv_binary` and scripts/test.sh fails the step.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use speclint_spirv::binary::{disassemble, is_spirv_binary, BinaryError, Disassembly};
use speclint_test_support::oracle;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spirv");

fn tools_present() -> bool {
    ["spirv-as", "spirv-dis"].iter().all(|tool| {
        Command::new(tool)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

fn skip_without_tools() {
    oracle::skip_without_tools(
        "spirv_binary",
        "spirv-as or spirv-dis is not on PATH (scripts/lib.sh ensure_spirv_tools)",
    );
}

fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "speclint-spirv-binary-{}-{test}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `spirv-as` on `text`; the assembler's message on failure.
fn assemble(
    text: &str,
    target_env: Option<&str>,
    dir: &Path,
    name: &str,
) -> Result<Vec<u8>, String> {
    let input = dir.join(format!("{name}.spvasm"));
    let output = dir.join(format!("{name}.spv"));
    std::fs::write(&input, text).unwrap();
    let mut command = Command::new("spirv-as");
    command.arg("--preserve-numeric-ids");
    if let Some(env) = target_env {
        command.args(["--target-env", env]);
    }
    let out = command.arg(&input).arg("-o").arg(&output).output().unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(std::fs::read(&output).unwrap())
}

fn spirv_dis(binary: &[u8], dir: &Path, name: &str) -> String {
    let input = dir.join(format!("{name}.dis.spv"));
    std::fs::write(&input, binary).unwrap();
    let out = Command::new("spirv-dis")
        .args(["--raw-id", "--no-header", "--no-indent", "--no-color"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "spirv-dis {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn swap_words(bytes: &[u8]) -> Vec<u8> {
    bytes
        .chunks(4)
        .flat_map(|c| c.iter().rev().copied().collect::<Vec<_>>())
        .collect()
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The instruction places must tile the module: consecutive word offsets from 5, each range a
/// line of the text.
fn check_places(name: &str, binary: &[u8], dis: &Disassembly) -> Vec<String> {
    let mut problems = Vec::new();
    let words = words(binary);
    let mut at = 5usize;
    for (i, place) in dis.lines.iter().enumerate() {
        if place.index as usize != i || place.word_offset as usize != at {
            problems.push(format!(
                "{name}: instruction {i} has index {} offset {}, expected offset {at}",
                place.index, place.word_offset
            ));
            return problems;
        }
        let line = &dis.text[place.text_range.clone()];
        let before = &dis.text[..place.text_range.start];
        let after = &dis.text[place.text_range.end..];
        if !(before.is_empty() || before.ends_with('\n')) || !after.starts_with('\n') {
            problems.push(format!(
                "{name}: instruction {i}'s range is not a whole line: {line:?}"
            ));
        }
        at += (words[at] >> 16) as usize;
    }
    if at != words.len() {
        problems.push(format!(
            "{name}: places cover {at} of {} words",
            words.len()
        ));
    }
    problems
}

/// Whether `text` ends inside a quoted string.
fn inside_string(text: &str) -> bool {
    let (mut inside, mut escaped) = (false, false);
    for c in text.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if inside => escaped = true,
            '"' => inside = !inside,
            _ => {}
        }
    }
    inside
}

fn normalise(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Compares the text line by line with `spirv-dis --raw-id` (whitespace aside); returns the
/// number of lines compared.
fn compare_with_spirv_dis(
    name: &str,
    binary: &[u8],
    dis: &Disassembly,
    dir: &Path,
    problems: &mut Vec<String>,
) -> usize {
    let reference = spirv_dis(binary, dir, name);
    let ours: Vec<String> = dis
        .lines
        .iter()
        .map(|p| normalise(&dis.text[p.text_range.clone()]))
        .collect();
    // spirv-dis writes one line per instruction too, except inside multi-line strings.
    let theirs: Vec<String> = reference
        .split_inclusive('\n')
        .fold(Vec::<String>::new(), |mut acc, line| {
            match acc.last_mut() {
                Some(last) if inside_string(last) => last.push_str(line),
                _ => acc.push(line.to_string()),
            }
            acc
        })
        .iter()
        .map(|l| normalise(l))
        .collect();
    if ours.len() != theirs.len() {
        problems.push(format!(
            "{name}: {} lines, spirv-dis {}",
            ours.len(),
            theirs.len()
        ));
    }
    let mut compared = 0;
    for (a, b) in ours.iter().zip(&theirs) {
        compared += 1;
        if a != b {
            problems.push(format!(
                "{name}: differs from spirv-dis:\n  ours:      {a}\n  spirv-dis: {b}"
            ));
        }
    }
    compared
}

fn target_env_for(binary: &[u8]) -> String {
    let version = words(binary)[1];
    format!("spv{}.{}", (version >> 16) & 0xff, (version >> 8) & 0xff)
}

#[test]
fn round_trips_through_spirv_as() {
    if !tools_present() {
        skip_without_tools();
        return;
    }
    let dir = scratch_dir("round-trip");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("binary"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "spvasm"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 10,
        "expected at least 10 inputs, found {}",
        inputs.len()
    );

    let mut problems = Vec::new();
    let mut compared_lines = 0;
    for input in &inputs {
        let name = input.file_stem().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(input).unwrap();
        let target_env = source
            .lines()
            .find_map(|l| l.strip_prefix("; target-env: "))
            .map(str::trim);
        let original = assemble(&source, target_env, &dir, &format!("{name}.in"))
            .unwrap_or_else(|e| panic!("{name}: spirv-as rejects the input: {e}"));
        assert!(is_spirv_binary(&original), "{name}");

        let (dis, errors) = disassemble(&original);
        if !errors.is_empty() {
            problems.push(format!("{name}: errors {errors:?}"));
        }
        problems.extend(check_places(&name, &original, &dis));
        match assemble(&dis.text, target_env, &dir, &format!("{name}.out")) {
            Ok(again) if again == original => {}
            Ok(_) => problems.push(format!("{name}: re-assembled binary differs")),
            Err(e) => problems.push(format!("{name}: spirv-as rejects the disassembly: {e}")),
        }

        let (swapped, swapped_errors) = disassemble(&swap_words(&original));
        if swapped.text != dis.text || swapped_errors != errors {
            problems.push(format!(
                "{name}: the big-endian module disassembles differently"
            ));
        }

        compared_lines += compare_with_spirv_dis(&name, &original, &dis, &dir, &mut problems);
    }
    println!(
        "{} inputs, {compared_lines} lines compared with spirv-dis",
        inputs.len()
    );

    let corpus = Path::new(ROOT).join("corpus/spv");
    if let Ok(entries) = std::fs::read_dir(&corpus) {
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "spv"))
            .collect();
        files.sort();
        let mut corpus_lines = 0;
        for file in &files {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            let original = std::fs::read(file).unwrap();
            let (dis, errors) = disassemble(&original);
            if !errors.is_empty() {
                problems.push(format!("corpus {name}: errors {errors:?}"));
                continue;
            }
            problems.extend(check_places(&name, &original, &dis));
            corpus_lines += compare_with_spirv_dis(&name, &original, &dis, &dir, &mut problems);
            match assemble(&dis.text, Some(&target_env_for(&original)), &dir, "corpus") {
                // The generator word and the bound are the assembler's own.
                Ok(again) if words(&again)[5..] == words(&original)[5..] => {}
                Ok(_) => problems.push(format!("corpus {name}: re-assembled binary differs")),
                Err(e) => problems.push(format!(
                    "corpus {name}: spirv-as rejects the disassembly: {e}"
                )),
            }
        }
        println!(
            "{} corpus modules round-tripped, {corpus_lines} lines compared with spirv-dis",
            files.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Malformed modules: the right error at the right word, and text that still re-assembles to
/// the same words where the words can be written at all.
#[test]
fn reports_malformed_modules() {
    let valid = [
        0x0723_0203,
        0x0001_0000,
        0x0007_0000,
        10,
        0,
        0x0002_0011, // OpCapability Addresses
        4,
        0x0004_0015, // %1 = OpTypeInt 32 0
        1,
        32,
        0,
    ];
    let bytes = |w: &[u32]| w.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();

    let (dis, errors) = disassemble(&bytes(&valid));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(dis.lines.len(), 2);
    assert_eq!(
        &dis.text[dis.lines[1].text_range.clone()],
        "%1 = OpTypeInt 32 0"
    );

    // Truncated inside an instruction.
    let (dis, errors) = disassemble(&bytes(&valid[..9]));
    assert_eq!(
        errors,
        [BinaryError::PastEnd {
            word_offset: 7,
            word_count: 4,
            words_left: 2
        }]
    );
    assert_eq!(
        &dis.text[dis.lines[1].text_range.clone()],
        "!0x00040015 !0x00000001"
    );

    // Truncated inside the header.
    let (_, errors) = disassemble(&bytes(&valid[..3]));
    assert_eq!(errors, [BinaryError::TruncatedHeader { word_offset: 3 }]);

    // Word count 0.
    let mut zero = valid;
    zero[7] = 0x0000_0015;
    let (_, errors) = disassemble(&bytes(&zero));
    assert_eq!(
        errors,
        [BinaryError::ZeroWordCount {
            word_offset: 7,
            opcode: 0x15
        }]
    );

    // Word count too small for the operands.
    let mut short = valid.to_vec();
    short[7] = 0x0003_0015;
    short.truncate(10);
    let (dis, errors) = disassemble(&bytes(&short));
    assert!(
        matches!(
            errors[..],
            [BinaryError::MissingOperand { word_offset: 7, .. }]
        ),
        "{errors:?}"
    );
    assert_eq!(
        &dis.text[dis.lines[1].text_range.clone()],
        "!0x00030015 !0x00000001 !0x00000020"
    );

    // Unknown opcode.
    let mut unknown = valid;
    unknown[5] = 0x0002_7fff;
    let (dis, errors) = disassemble(&bytes(&unknown));
    assert_eq!(
        errors,
        [BinaryError::UnknownOpcode {
            word_offset: 5,
            opcode: 0x7fff
        }]
    );
    assert_eq!(
        &dis.text[dis.lines[0].text_range.clone()],
        "!0x00027fff !0x00000004"
    );

    // A string without its NUL: OpSourceExtension "abcd" with the terminating word cut.
    let mut unterminated = valid[..5].to_vec();
    unterminated.extend([0x0002_0004, u32::from_le_bytes(*b"abcd")]);
    let (_, errors) = disassemble(&bytes(&unterminated));
    assert_eq!(errors, [BinaryError::UnterminatedString { word_offset: 6 }]);

    // Length not a multiple of 4: the whole words still decode.
    let mut ragged = bytes(&valid);
    ragged.extend([1, 2]);
    let (dis, errors) = disassemble(&ragged);
    assert_eq!(
        errors,
        [BinaryError::PartialWord {
            word_offset: 11,
            bytes: 2
        }]
    );
    assert_eq!(dis.lines.len(), 2);
    assert!(!is_spirv_binary(&ragged));

    // Not SPIR-V.
    let (_, errors) =
        disassemble(b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00");
    assert!(
        matches!(errors[..], [BinaryError::BadMagic { word_offset: 0, .. }]),
        "{errors:?}"
    );
    assert!(!is_spirv_binary(
        b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    ));
}

/// The malformed modules' text, where written, re-assembles to the very same words.
#[test]
fn raw_words_reassemble() {
    if !tools_present() {
        skip_without_tools();
        return;
    }
    let dir = scratch_dir("raw");
    let header = [0x0723_0203u32, 0x0001_0000, 0x0007_0000, 10, 0];
    let cases: &[(&str, &[u32])] = &[
        // An unknown opcode after an instruction with no optional operands.
        (
            "unknown-opcode",
            &[0x0002_0011, 4, 0x0003_7fff, 1, 2, 0x0002_0011, 6],
        ),
        // The same after OpSource, whose optional operands are absent: spirv-as would append
        // the raw words to it unless it is written raw too.
        (
            "unknown-after-open",
            &[0x0003_0003, 3, 100, 0x0003_7fff, 1, 2, 0x0002_0011, 6],
        ),
        // A string without its NUL after OpEntryPoint (an open `*` list of interface ids).
        (
            "string-after-open",
            &[0x0004_000f, 6, 1, 0x6b, 0x0002_0004, 0x6161_6161],
        ),
        // An unknown decoration value: decoded up to it, raw from there.
        (
            "unknown-decoration",
            &[
                0x0002_0011,
                4,
                0x0005_0047,
                1,
                9999,
                5,
                6,
                0x0004_0015,
                1,
                32,
                0,
            ],
        ),
        // An unknown bit in a memory-access mask of OpStore.
        (
            "unknown-mask-bit",
            &[0x0002_0011, 4, 0x0004_003e, 1, 2, 0x8000_0000],
        ),
        // Extra words after the last operand.
        ("extra-words", &[0x0002_0011, 4, 0x0005_0015, 1, 32, 0, 77]),
        // A truncated module.
        ("truncated", &[0x0002_0011, 4, 0x0004_0015, 1]),
    ];
    let mut problems = Vec::new();
    for (name, body) in cases {
        let module: Vec<u8> = header
            .iter()
            .chain(body.iter())
            .flat_map(|w| w.to_le_bytes())
            .collect();
        let (dis, errors) = disassemble(&module);
        assert!(!errors.is_empty(), "{name}: no error reported");
        match assemble(&dis.text, Some("spv1.0"), &dir, name) {
            Ok(again) if words(&again)[5..] == words(&module)[5..] => {}
            Ok(again) => problems.push(format!(
                "{name}: {:x?} became {:x?}\n{}",
                &words(&module)[5..],
                &words(&again)[5..],
                dis.text
            )),
            Err(e) => problems.push(format!("{name}: spirv-as rejects\n{}\n{e}", dis.text)),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A 4 MB module (kernel_basic's instructions repeated) disassembles without errors; prints
/// how long it took, for a look (speed targets are scripts/bench.sh's).
/// `cargo test --release -p speclint --test spirv_binary -- --ignored --nocapture`
#[test]
#[ignore = "timing; run in release"]
fn disassembles_4_mb_quickly() {
    if !tools_present() {
        skip_without_tools();
        return;
    }
    let dir = scratch_dir("speed");
    let source =
        std::fs::read_to_string(Path::new(ROOT).join("binary/kernel_basic.spvasm")).unwrap();
    let base = assemble(&source, None, &dir, "kernel_basic").unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mut module = base[..20].to_vec();
    while module.len() < 4 << 20 {
        module.extend_from_slice(&base[20..]);
    }
    let mut best = f64::MAX;
    let mut lines = 0;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        let (dis, errors) = disassemble(&module);
        best = best.min(start.elapsed().as_secs_f64() * 1000.0);
        assert!(errors.is_empty(), "{:?}", &errors[..errors.len().min(3)]);
        lines = dis.lines.len();
    }
    println!(
        "{:.1} MB, {lines} instructions: best of 5 {best:.1} ms",
        module.len() as f64 / (1 << 20) as f64
    );
}
