#!/usr/bin/env python3
"""Measure speclint against verifier tests written for MLIR's `-verify-diagnostics`.

Usage: tile_ir_verifier_tests.py SPECLINT FILE.mlir... [--misses] [--elsewhere]
                                 [--false-positives] [--tile-ir-version=13.3]

Each FILE is split on `// -----` lines (MLIR's `-split-input-file`). In each chunk, every
`expected-error` / `expected-warning` comment names a line (`@below`, `@above`, `@+N`, `@-N`,
or none: its own line). Each chunk is written to a temporary file and checked with
`SPECLINT check --format json --tile-ir-version V` (V: 13.3 unless given); an expectation is

  hit      when speclint reports an error or warning on the line it names,
  elsewhere when speclint reports one in the chunk, but on another line,
  missed   when speclint reports none in the chunk.

A chunk without expectations should be clean: any error or warning there is a false positive
(a valid form rejected). The test files are not part of this repository; they are read from
wherever they are given (e.g. a local copy of NVIDIA/cuda-tile's test/Dialect/CudaTile).

Tests use ops that cuda_tile does not define (`"materialize_tensor"`, `"use_type"`,
`cuda_tile.testing$func`, `"builtin.module"`), which cuda-tile-opt accepts with
`-allow-unregistered-dialect`. speclint's findings about those ops themselves are neutral: an
unknown-op finding (TILE002) that names one of them, and a placement finding (TILE014: "must be
inside an `entry`") in a chunk whose function is a `testing$func`. The report says how many
chunks use them.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

SPLIT = re.compile(r"^// -----")
EXPECT = re.compile(r"expected-(error|warning)(?:-re)?\s*(@(?:above|below|[+-]\d+))?\s*\{\{(.*)\}\}")
ANY_EXPECT = re.compile(r"expected-(error|warning|note|remark)")
# Generic-form ops outside cuda_tile, and the test-only function op.
FOREIGN_GENERIC = re.compile(r'"((?!cuda_tile\.)[A-Za-z_][\w.$]*|cuda_tile\.testing\$func)"\s*\(')
TESTING_FUNC = re.compile(r"\btesting\$func\b")


def split_chunks(text):
    """[(first line number in the file, [lines])], split on `// -----` lines."""
    chunks, start, lines = [], 1, []
    for number, line in enumerate(text.split("\n"), 1):
        if SPLIT.match(line):
            chunks.append((start, lines))
            start, lines = number + 1, []
        else:
            lines.append(line)
    chunks.append((start, lines))
    return chunks


def expectations(lines):
    """[(kind, target line (1-based, chunk-local), message)] for the chunk's lines."""
    found, pending = [], []
    for index, line in enumerate(lines, 1):
        directives = list(EXPECT.finditer(line))
        for match in directives:
            kind, where, message = match.group(1), match.group(2), match.group(3)
            if where == "@below":
                pending.append((kind, message))
                continue
            if where is None:
                target = index
            elif where == "@above":
                target = index - 1
            else:
                target = index + int(where[1:])
            found.append((kind, target, message))
        # `@below` names the next line that holds no expected-* directive.
        if pending and not ANY_EXPECT.search(line):
            found += [(kind, index, message) for kind, message in pending]
            pending = []
    return found


def foreign_ops(text):
    names = {m.group(1) for m in FOREIGN_GENERIC.finditer(text)}
    if TESTING_FUNC.search(text):
        names.add("testing$func")
    return names


def is_neutral(finding, foreign):
    code, message = finding.get("code"), finding.get("message", "")
    if code == "TILE002":
        return any(f"`{name.split('cuda_tile.')[-1]}`" in message or name in message for name in foreign)
    if code == "TILE014":
        return "testing$func" in foreign and "must be inside an `entry`" in message
    return False


def run_speclint(binary, text, version):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        out = subprocess.run(
            [binary, "check", "--format", "json", "--tile-ir-version", version, "--exit-zero", path],
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            raise SystemExit(f"speclint failed on a chunk ({out.returncode}): {out.stderr.strip()}")
        return json.loads(out.stdout or "[]")
    finally:
        os.unlink(path)


def measure(binary, path, version):
    text = open(path, encoding="utf-8").read()
    tally, misses, elsewhere, false_positives = Counter(), [], [], []
    for index, (start, lines) in enumerate(split_chunks(text)):
        chunk = "\n".join(lines)
        expected = expectations(lines)
        if not chunk.strip() or ("cuda_tile" not in chunk and not expected):
            continue  # a comment-only chunk (e.g. RUN lines)
        foreign = foreign_ops(chunk)
        tally["chunks"] += 1
        tally["chunks using unregistered ops"] += bool(foreign)
        findings = [
            f
            for f in run_speclint(binary, chunk, version)
            if f.get("severity") in ("error", "warning") and not is_neutral(f, foreign)
        ]
        lines_reported = {f["line"] for f in findings}
        if not expected:
            tally["valid chunks"] += 1
            if findings:
                tally["valid chunks flagged"] += 1
                false_positives += [(path, index, start, lines, f) for f in findings]
            continue
        for kind, target, message in expected:
            tally["expected"] += 1
            if target in lines_reported:
                tally["hit"] += 1
            else:
                text_at = lines[target - 1].strip() if 0 < target <= len(lines) else "?"
                entry = (path, index, start + target - 1, text_at, message)
                if findings:
                    tally["elsewhere"] += 1
                    reported = sorted({start + f["line"] - 1 for f in findings})
                    elsewhere.append(entry + (", ".join(f"l.{n}" for n in reported),))
                else:
                    tally["missed"] += 1
                    misses.append(entry)
    return tally, misses, elsewhere, false_positives


def main(argv):
    version = "13.3"
    for a in argv:
        if a.startswith("--tile-ir-version="):
            version = a.split("=", 1)[1]
    flags = {a for a in argv if a.startswith("--") and not a.startswith("--tile-ir-version=")}
    args = [a for a in argv if not a.startswith("--")]
    if len(args) < 2 or flags - {"--misses", "--elsewhere", "--false-positives"}:
        raise SystemExit(__doc__)
    binary, paths = args[0], args[1:]
    columns = ["chunks", "expected", "hit", "elsewhere", "missed", "valid chunks", "valid chunks flagged"]
    total, all_misses, all_elsewhere, all_fps = Counter(), [], [], []
    print(f"{'file':32} " + " ".join(f"{c.split()[-1][:9]:>9}" for c in columns) + "  hit%  unreg")
    for path in paths:
        tally, misses, elsewhere, fps = measure(binary, path, version)
        total += tally
        all_misses += misses
        all_elsewhere += elsewhere
        all_fps += fps
        share = 100 * tally["hit"] / tally["expected"] if tally["expected"] else 0
        print(f"{os.path.basename(path):32} " + " ".join(f"{tally[c]:9}" for c in columns)
              + f"  {share:4.0f}  {tally['chunks using unregistered ops']:5}")
    share = 100 * total["hit"] / total["expected"] if total["expected"] else 0
    print(f"{'total':32} " + " ".join(f"{total[c]:9}" for c in columns)
          + f"  {share:4.0f}  {total['chunks using unregistered ops']:5}")
    print("columns: chunks checked; expected errors; hit on the exact line; reported on another line;"
          " missed; chunks with no expectation; of those, flagged (false positives); unreg: chunks"
          " using unregistered ops (their findings about those ops are neutral)")
    if "--misses" in flags:
        print("\nmisses (file, chunk, line: text -- expected message):")
        for path, index, line, text_at, message in all_misses:
            print(f"{os.path.basename(path)} #{index} l.{line}: {text_at}\n    -- {message}")
    if "--elsewhere" in flags:
        print("\nreported elsewhere (file, chunk, line: text -- expected message; lines reported):")
        for path, index, line, text_at, message, reported in all_elsewhere:
            print(f"{os.path.basename(path)} #{index} l.{line}: {text_at}\n    -- {message}\n    reported: {reported}")
    if "--false-positives" in flags:
        print("\nfalse positives on chunks with no expectation:")
        for path, index, start, lines, f in all_fps:
            text_at = lines[f["line"] - 1].strip() if 0 < f["line"] <= len(lines) else "?"
            print(f"{os.path.basename(path)} #{index} l.{start + f['line'] - 1} {f['code']}: "
                  f"{f['message']}\n    at: {text_at[:160]}")


if __name__ == "__main__":
    main(sys.argv[1:])
