// The SASS view's line table (src/sassLines.ts, compiled here with esbuild: it has no run-time
// `vscode` import), on a view shaped as crates/lsp/src/server/sass_view.rs answers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadTs } from "../test-support/load-ts.mjs";

const load = () => loadTs("sassLines.ts");

// A header, then source line 12 (0-based) with two instructions, then line 13 with one.
const VIEW = {
  text: "// k.ptx\n\n// kernel k: 3 instructions\n// S2R 1\n    13 | mov\n       | 0000  S2R\n       | 0020  FADD\n    14 | ret\n       | 0010  EXIT\n",
  sourceLines: [null, null, null, null, 12, 12, 12, 13, 13],
  kernels: [{ name: "k", line: 2 }],
  target: "sm_80",
  tools: "ptxas 13.5.37, nvdisasm 13.5.37",
};

test("a source line maps to its own view line and the instructions under it", async () => {
  const { viewLinesOf } = await load();
  assert.deepEqual(viewLinesOf(VIEW, 12), [4, 5, 6]);
  assert.deepEqual(viewLinesOf(VIEW, 13), [7, 8]);
  assert.deepEqual(viewLinesOf(VIEW, 3), []);
});

test("a view line maps back to its source line; headers to none", async () => {
  const { sourceLineOf } = await load();
  assert.equal(sourceLineOf(VIEW, 6), 12);
  assert.equal(sourceLineOf(VIEW, 8), 13);
  assert.equal(sourceLineOf(VIEW, 2), undefined);
  assert.equal(sourceLineOf(VIEW, 99), undefined);
});

test("the lens's kernel opens the view at its header", async () => {
  const { kernelLine, viewPath } = await load();
  assert.equal(kernelLine(VIEW, "k"), 2);
  assert.equal(kernelLine(VIEW, "missing"), 0);
  assert.equal(viewPath("/w/k.ptx"), "/w/k.ptx.sass");
});
