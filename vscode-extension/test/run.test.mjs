// The "▶ Run" lens's report in the "speclint run" output channel: src/run.ts, compiled here with
// esbuild (it has no run-time `vscode` import), driven with a fake `next` (the language client's
// call to the server) and a sink that records what the channel would show.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadTs } from "../test-support/load-ts.mjs";

const load = () => loadTs("run.ts");

function recordingSink() {
  const sink = { lines: [], shown: 0, appendLine: (line) => sink.lines.push(line), show: () => sink.shown++ };
  return sink;
}

// As server/src/lsp/server/run_lens.rs returns it.
const RESULT = {
  ok: true,
  kernel: "vector_add",
  summary: "speclint run `vector_add`: ok on Intel(R) OpenCL CPU, kernel 0.010 ms (wall 80 ms)",
  text: "kernel `vector_add` on Intel(R) OpenCL CPU\n  c: f32[64] first 2 3 4\n",
  report: { buffers: [] },
};

test("a run's report goes to the channel and the result back to the caller", async () => {
  const { showRuns, RUN_KERNEL } = await load();
  const sink = recordingSink();
  const calls = [];
  const middleware = showRuns(() => sink);
  const args = [{ uri: "file:///k.spvasm", kernel: "vector_add" }];
  const result = await middleware(RUN_KERNEL, args, async (command, sent) => {
    calls.push([command, sent]);
    return RESULT;
  });
  assert.equal(result, RESULT);
  assert.deepEqual(calls, [["speclint.runKernel", args]]);
  assert.match(sink.lines[0], /^\[.*\] speclint run `vector_add`: ok on Intel/);
  assert.deepEqual(sink.lines.slice(1), ["kernel `vector_add` on Intel(R) OpenCL CPU", "  c: f32[64] first 2 3 4", ""]);
  assert.equal(sink.shown, 1);
});

test("other commands pass through without a channel", async () => {
  const { showRuns } = await load();
  let created = 0;
  const middleware = showRuns(() => {
    created++;
    return recordingSink();
  });
  assert.equal(await middleware("other.command", [], async () => 42), 42);
  assert.equal(created, 0);
});

test("a refused run says so in the channel and still fails", async () => {
  const { showRuns, RUN_KERNEL } = await load();
  const sink = recordingSink();
  const middleware = showRuns(() => sink);
  await assert.rejects(
    middleware(RUN_KERNEL, [], async () => {
      throw new Error("speclint.runKernel takes one argument");
    }),
    /takes one argument/,
  );
  assert.deepEqual(sink.lines, ["speclint run: the server refused: speclint.runKernel takes one argument"]);
});
