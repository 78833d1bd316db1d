#!/usr/bin/env python3
# Times the SASS view of a module in the language server (docs/sass.md, "Speed"):
#   python3 scripts/lsp_sass_time.py SPECLINT FILE.ptx after-lens   # speclint/sass once the
#                                    # lenses' compile finished (workspace/codeLens/refresh)
#   python3 scripts/lsp_sass_time.py SPECLINT FILE.ptx at-once      # right after didOpen
# ptxas and nvdisasm come from $PTXAS and $NVDISASM, as for the server.
import json, subprocess, sys, time, os
speclint, path, mode = sys.argv[1], sys.argv[2], sys.argv[3]
p = subprocess.Popen([speclint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(msg):
    body = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body); p.stdin.flush()
def read():
    length = None
    while True:
        line = p.stdout.readline().strip()
        if not line: break
        if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
    return json.loads(p.stdout.read(length))
def wait(pred):
    while True:
        m = read()
        if "id" in m and "method" in m:  # server request: answer null
            send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        if pred(m): return m
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"workspace":{"codeLens":{"refreshSupport":True}}}}})
wait(lambda m: m.get("id") == 1)
send({"jsonrpc":"2.0","method":"initialized","params":{}})
uri = "file://" + os.path.abspath(path)
text = open(path).read()
t0 = time.time()
send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":"ptx","version":1,"text":text}}})
if mode == "after-lens":
    wait(lambda m: m.get("method") == "workspace/codeLens/refresh")
    t1 = time.time()
else:
    t1 = t0
send({"jsonrpc":"2.0","id":2,"method":"speclint/sass","params":{"textDocument":{"uri":uri}}})
r = wait(lambda m: m.get("id") == 2)
t2 = time.time()
ok = "result" in r and r["result"] is not None
print(f"{mode}: lens compile {t1-t0:.2f} s, sass view {t2-t1:.2f} s, from open {t2-t0:.2f} s, ok={ok}")
send({"jsonrpc":"2.0","id":3,"method":"shutdown"}); wait(lambda m: m.get("id") == 3)
send({"jsonrpc":"2.0","method":"exit"}); p.wait()
