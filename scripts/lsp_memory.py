#!/usr/bin/env python3
"""The language server's memory over a run of edits of a large document.

    scripts/lsp_memory.py [--runs N] SPECLINT [FILE] [EDITS]

Starts `SPECLINT lsp`, opens FILE (default bench/ptx/large.ptx, 102,568 lines) and sends EDITS
(default 50) `didChange` notifications, each inserting a comment line at a different place in
the file, waiting after each for the diagnostics of that version (so every edit is analysed,
none is debounced away). Prints the resident set (VmRSS) after opening and after the last edit,
and the peak (VmHWM), from /proc/PID/status (Linux only). Exits non-zero when the server fails
to answer or reports findings on FILE (it must be clean), never because of the figures. With
--runs N, N sessions one after another, and the medians.
"""
import json
import os
import statistics
import subprocess
import sys
import time

TIMEOUT_S = 120


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("lsp_memory.py: the server closed its output")
        line = line.strip()
        if not line:
            if length is not None:
                break
            continue
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return json.loads(proc.stdout.read(length))


def wait_for(proc, matches):
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        message = receive(proc)
        if "id" in message and "method" in message:  # a request from the server
            send(proc, {"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif matches(message):
            return message
    raise SystemExit("lsp_memory.py: timed out")


def memory_kib(pid):
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                figures[key] = int(value.split()[0])
    return figures


def diagnostics_of(uri, version):
    return lambda m: (
        m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == uri
        and m["params"].get("version") == version
    )


def measure(speclint, path, text, edits):
    """One session: open, `edits` changes; the figures in KiB and the time in seconds."""
    lines = text.count("\n")
    uri = "file://" + path
    proc = subprocess.Popen([speclint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    wait_for(proc, lambda m: m.get("id") == 1)
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})

    t0 = time.monotonic()
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "ptx", "version": 1, "text": text}}})
    opened = wait_for(proc, diagnostics_of(uri, 1))
    if opened["params"]["diagnostics"]:
        raise SystemExit(f"lsp_memory.py: {path} is expected to be clean")
    after_open = memory_kib(proc.pid)["VmRSS"]
    for i in range(edits):
        version = i + 2
        line = (i * 7919) % lines  # spread over the file
        send(proc, {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{
                "range": {"start": {"line": line, "character": 0},
                          "end": {"line": line, "character": 0}},
                "text": f"// edit {i}\n",
            }]}})
        wait_for(proc, diagnostics_of(uri, version))
    elapsed = time.monotonic() - t0
    final = memory_kib(proc.pid)

    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    wait_for(proc, lambda m: m.get("id") == 2)
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=10)
    return {"open": after_open, "final": final["VmRSS"], "peak": final["VmHWM"],
            "seconds": elapsed}


def main():
    args = sys.argv[1:]
    runs = 1
    if len(args) >= 2 and args[0] == "--runs":
        runs = int(args[1])
        args = args[2:]
    if not args:
        raise SystemExit(__doc__)
    speclint = args[0]
    path = os.path.abspath(args[1] if len(args) > 1 else "bench/ptx/large.ptx")
    edits = int(args[2]) if len(args) > 2 else 50
    with open(path, encoding="utf-8") as f:
        text = f.read()
    print(f"{speclint} lsp: {path} ({text.count(chr(10))} lines), {edits} edits, {runs} run(s)")
    mib = lambda kib: f"{kib / 1024:.0f}"
    results = []
    for _ in range(runs):
        r = measure(speclint, path, text, edits)
        results.append(r)
        print(f"  RSS after didOpen {mib(r['open'])} MiB, after the edits {mib(r['final'])} MiB, "
              f"peak {mib(r['peak'])} MiB ({r['seconds']:.1f} s)")
    if runs > 1:
        median = lambda key: statistics.median(r[key] for r in results)
        print(f"  median: after didOpen {mib(median('open'))} MiB, after the edits "
              f"{mib(median('final'))} MiB, peak {mib(median('peak'))} MiB")


if __name__ == "__main__":
    main()
