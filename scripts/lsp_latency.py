#!/usr/bin/env python3
"""Keystroke latency of the language server on large documents.

    scripts/lsp_latency.py [--edits N] SPECLINT FILE...

For each FILE (a PTX, Tile IR or SPIR-V assembly module), starts `SPECLINT lsp`, opens FILE and finds an
instruction line in the middle of it. Then three runs of N (default 50) single-character
`didChange` edits on that line, each inserting `x` before the opcode or deleting it again
(so every second version is the original, valid text):

  publish    didChange -> the publishDiagnostics of that version;
  hover      a hover on an instruction in another function (a quarter of the file away), sent
             right after the didChange -> its response;
  hover-edit a hover on the edited line itself, sent right after the didChange -> its response.

After each edit of the hover runs the diagnostics of that version are awaited too (untimed),
so no run starts with work left over from the last. Prints p50/p95/max of each run in
milliseconds and the server's resident set (VmRSS, /proc, Linux only) after the publish run's
N edits, as a Markdown table. Exits non-zero when the server fails to answer, reports findings
on the original text, or no hover comes back, never because of the figures.
"""
import math
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_memory import diagnostics_of, memory_kib, receive, send, wait_for  # noqa: E402

PTX_INSTRUCTION = re.compile(r"^\t([a-z][a-z0-9_.]*)\s")
TILE_IR_OP = re.compile(r"^\s+%[\w, %]+ = ([a-z][a-z0-9_]*) ")
# A SPIR-V instruction inside a function body (not its header, labels or phis).
SPIRV_INSTRUCTION = re.compile(
    r"^\s*%\w+ = (Op(?!Function|Label|Phi|Variable|Constant|Type|String|ExtInstImport)\w+) ")


def instruction_lines(text, path):
    """(line, column of the opcode) of every plain instruction line."""
    pattern = language_of(path)[1]
    found = []
    for number, line in enumerate(text.split("\n")):
        match = pattern.match(line)
        if match:
            found.append((number, match.start(1)))
    return found


def language_of(path):
    """The document's language id and the pattern of its instruction lines."""
    if path.endswith(".ptx"):
        return "ptx", PTX_INSTRUCTION
    if path.endswith(".spvasm"):
        return "spirv", SPIRV_INSTRUCTION
    return "mlir", TILE_IR_OP


def nearest(candidates, line):
    return min(candidates, key=lambda c: abs(c[0] - line))


def percentile(values, p):
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


class Session:
    def __init__(self, speclint, path, text):
        self.uri = "file://" + path
        self.proc = subprocess.Popen([speclint, "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.version = 1
        self.next_id = 10
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        wait_for(self.proc, lambda m: m.get("id") == 1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        language = language_of(path)[0]
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": self.uri, "languageId": language, "version": 1,
                             "text": text}}})
        opened = wait_for(self.proc, diagnostics_of(self.uri, 1))
        if opened["params"]["diagnostics"]:
            raise SystemExit(f"lsp_latency.py: {path} is expected to be clean")

    def send(self, message):
        send(self.proc, message)

    def edit(self, line, column, insert):
        """Inserts `x` at (line, column), or deletes it; returns the new version."""
        self.version += 1
        end = column if insert else column + 1
        self.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{
                "range": {"start": {"line": line, "character": column},
                          "end": {"line": line, "character": end}},
                "text": "x" if insert else "",
            }]}})
        return self.version

    def hover(self, line, column):
        self.next_id += 1
        request = self.next_id
        self.send({"jsonrpc": "2.0", "id": request, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": self.uri},
            "position": {"line": line, "character": column}}})
        return request

    def diagnostics(self, version):
        return wait_for(self.proc, diagnostics_of(self.uri, version))

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        wait_for(self.proc, lambda m: m.get("id") == 2)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.proc.wait(timeout=10)


def wait_for_answer(session, request, version):
    """The response to `request`; whether the diagnostics of `version` came before it."""
    published = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        message = receive(session.proc)
        if message.get("id") == request and "method" not in message:
            return message, published
        if diagnostics_of(session.uri, version)(message):
            published = True
    raise SystemExit("lsp_latency.py: timed out")


def measure(speclint, path, edits):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.count("\n")
    candidates = instruction_lines(text, path)
    edit_line, edit_column = nearest(candidates, lines // 2)
    other_line, other_column = nearest(candidates, lines // 4)
    session = Session(speclint, path, text)

    publish = []
    for i in range(edits):
        t0 = time.monotonic()
        version = session.edit(edit_line, edit_column, insert=i % 2 == 0)
        session.diagnostics(version)
        publish.append((time.monotonic() - t0) * 1000)
    if session.version % 2 == 0:  # leave the original text
        session.diagnostics(session.edit(edit_line, edit_column, insert=False))
    rss = memory_kib(session.proc.pid)["VmRSS"]

    hovers = {}
    for run, (line, column) in (("hover", (other_line, other_column + 1)),
                                ("hover-edit", (edit_line, edit_column + 2))):
        times = []
        for i in range(edits):
            t0 = time.monotonic()
            version = session.edit(edit_line, edit_column, insert=i % 2 == 0)
            request = session.hover(line, column)
            answer, published = wait_for_answer(session, request, version)
            times.append((time.monotonic() - t0) * 1000)
            if answer.get("result") is None and run == "hover":
                raise SystemExit(f"lsp_latency.py: no hover at {line + 1}:{column + 1}: {answer}")
            if not published:
                session.diagnostics(version)
        if session.version % 2 == 0:
            session.diagnostics(session.edit(edit_line, edit_column, insert=False))
        hovers[run] = times
    session.close()
    return {"lines": lines, "edit_line": edit_line + 1, "publish": publish, "rss": rss,
            **hovers}


def main():
    args = sys.argv[1:]
    edits = 50
    if len(args) >= 2 and args[0] == "--edits":
        edits = int(args[1])
        args = args[2:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    speclint, files = args[0], [os.path.abspath(f) for f in args[1:]]
    rows = []
    for path in files:
        r = measure(speclint, path, edits)
        rows.append((path, r))
        print(f"{os.path.basename(path)}: {r['lines']} lines, {edits} edits on line "
              f"{r['edit_line']}")
    ms = lambda v: f"{v:.0f}"
    print()
    print(f"| file | lines | publish p50 / p95 / max (ms) | hover elsewhere p50 / p95 (ms) "
          f"| hover on the edited line p50 / p95 (ms) | RSS after {edits} edits (MiB) |")
    print("|---|---:|---:|---:|---:|---:|")
    for path, r in rows:
        p, h, e = r["publish"], r["hover"], r["hover-edit"]
        print(f"| {os.path.basename(path)} | {r['lines']} "
              f"| {ms(statistics.median(p))} / {ms(percentile(p, 95))} / {ms(max(p))} "
              f"| {ms(statistics.median(h))} / {ms(percentile(h, 95))} "
              f"| {ms(statistics.median(e))} / {ms(percentile(e, 95))} "
              f"| {r['rss'] / 1024:.0f} |")
    print("\ntargets: publish p95 <= 50 ms (debounce included), hover right after an edit "
          "p95 <= 20 ms, <= 150 MB after the edits")


if __name__ == "__main__":
    main()
