#!/usr/bin/env python3
"""Re-assemble the spec_db_vs_ptxas modules for other targets and compare ptxas with speclint.

A review aid for the target lists of the spec-db (how the sm_107a/sm_107f facts were checked):

  SPECLINT_KEEP_CASES=/tmp/cases cargo test -p speclint --test spec_db_vs_ptxas every_spec_db_form
  spec-db/ptx/retarget_review.py /tmp/cases sm_107a sm_107f sm_121f

Each kept module `TARGET-VERSION.ptx` is rewritten for every target named (at its version, or at
the version the new target needs when that is higher), assembled by ptxas and checked by
speclint. A line ptxas accepts that speclint reports PTX005 on is a target the spec-db lacks
(a false error); a line ptxas rejects that speclint is silent on is a target the spec-db allows
too widely. Both are printed, one a line, with the instruction; nothing printed means agreement.
ptxas stops reporting after a few errors, so rejected lines are removed and the rest assembled
again until ptxas accepts what is left.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_ptxas import TARGET_FLOOR, find_ptxas, vkey  # noqa: E402

SPECLINT = os.environ.get(
    "SPECLINT",
    os.path.join(os.path.dirname(__file__), "..", "..", "target", "debug", "speclint"),
)


def gpu_for(target):
    return "sm_110" + target[len("sm_101"):] if target.startswith("sm_101") else target


def ptxas_rejected_lines(ptxas, path, target):
    run = subprocess.run(
        [ptxas, f"-arch={gpu_for(target)}", path, "-o", os.devnull],
        capture_output=True,
        text=True,
    )
    lines = set()
    for l in run.stderr.splitlines():
        m = re.search(r", line (\d+); (error|fatal)", l)
        if m:
            lines.add(int(m.group(1)))
    return run.returncode == 0, lines


def speclint_lines(path, code):
    run = subprocess.run([SPECLINT, "check", "--format", "json", path], capture_output=True, text=True)
    return {d["line"] for d in json.loads(run.stdout or "[]") if d.get("code") == code}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cases, targets = sys.argv[1], sys.argv[2:]
    ptxas = find_ptxas()
    with tempfile.TemporaryDirectory() as work:
        for name in sorted(os.listdir(cases)):
            m = re.match(r"(sm_\d+[af]?)-(\d+\.\d+)\.ptx$", name)
            if not m:
                continue
            text = open(os.path.join(cases, name)).read()
            for target in targets:
                version = max(m.group(2), TARGET_FLOOR.get(target, "9.0"), key=vkey)
                body = re.sub(r"^\.version .*$", f".version {version}", text, count=1, flags=re.M)
                body = re.sub(r"^\.target .*$", f".target {target}", body, count=1, flags=re.M)
                lines = body.split("\n")
                path = os.path.join(work, f"{target}-{name}")
                with open(path, "w") as f:
                    f.write(body)
                reported = speclint_lines(path, "PTX005")
                rejected = set()
                # Drop rejected lines (as comments, keeping line numbers) until ptxas is done.
                for _ in range(50):
                    ok, bad = ptxas_rejected_lines(ptxas, path, target)
                    if ok or not bad - rejected:
                        break
                    rejected |= bad
                    with open(path, "w") as f:
                        f.write("\n".join("//" + l if i + 1 in rejected else l for i, l in enumerate(lines)))
                for i, line in enumerate(lines, 1):
                    if not line.startswith("\t") or line.startswith("\t."):
                        continue
                    if i in reported and i not in rejected:
                        print(f"false PTX005 on {target} ({name}): {line.strip()}")
                    elif i in rejected and i not in reported:
                        print(f"ptxas rejects on {target}, speclint silent ({name}): {line.strip()}")


if __name__ == "__main__":
    main()
