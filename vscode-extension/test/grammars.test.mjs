// The generated TextMate grammars tokenised with VS Code's own engine (vscode-textmate on
// Oniguruma): each case names a token and the scope it must carry.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { test } from "node:test";
import oniguruma from "vscode-oniguruma";
import textmate from "vscode-textmate";

const require = createRequire(import.meta.url);
const wasm = await readFile(require.resolve("vscode-oniguruma/release/onig.wasm"));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));

const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scope) => {
    const file = { "source.ptx": "ptx", "source.cuda-tile": "cuda-tile", "source.spirv": "spirv" }[scope];
    const text = await readFile(new URL(`../syntaxes/${file}.tmLanguage.json`, import.meta.url), "utf8");
    return textmate.parseRawGrammar(text, `${file}.json`);
  },
});

/// The scopes of each token of `lines`, as [text, innermost scope] pairs.
async function tokens(scope, lines) {
  const grammar = await registry.loadGrammar(scope);
  let state = textmate.INITIAL;
  const out = [];
  for (const line of lines) {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      out.push([line.slice(token.startIndex, token.endIndex), token.scopes.at(-1)]);
    }
    state = result.ruleStack;
  }
  return out;
}

function expectScopes(found, expected) {
  for (const [text, scope] of expected) {
    const hit = found.find(([t]) => t === text);
    assert.ok(hit, `no token ${JSON.stringify(text)} in ${JSON.stringify(found)}`);
    assert.equal(hit[1], scope, `token ${JSON.stringify(text)}`);
  }
}

test("PTX", async () => {
  const found = await tokens("source.ptx", [
    ".version 8.5 // comment",
    ".visible .entry k(.param .u64 p)",
    "{",
    "  .reg .f16 %h<3>;",
    "$L__BB0_1:",
    "  @!%p1 ex2.approx.f16 %h1, %h2;",
    "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd2], 16, [%r3];",
    "  mov.u32 %r1, %tid.x;",
    "  mov.f32 %f1, 0f3F800000;",
    "  bogus.op %r1;",
    "}",
  ]);
  expectScopes(found, [
    [".version", "keyword.other.directive.ptx"],
    ["8.5", "constant.numeric.ptx"],
    ["// comment", "comment.line.ptx"],
    [".entry", "keyword.other.directive.ptx"],
    ["k", "entity.name.function.ptx"],
    [".param", "storage.modifier.state-space.ptx"],
    [".u64", "storage.type.ptx"],
    [".f16", "storage.type.ptx"],
    ["%h<3>", "variable.other.register.ptx"],
    ["$L__BB0_1", "entity.name.label.ptx"],
    ["@!", "keyword.operator.guard.ptx"],
    ["%p1", "variable.other.register.predicate.ptx"],
    ["ex2", "keyword.other.instruction.ptx"],
    [".approx", "keyword.other.modifier.ptx"],
    ["cp.async.bulk", "keyword.other.instruction.ptx"],
    [".shared::cluster", "storage.modifier.state-space.ptx"],
    [".mbarrier::complete_tx::bytes", "keyword.other.modifier.ptx"],
    ["%tid.x", "variable.language.special-register.ptx"],
    ["0f3F800000", "constant.numeric.float.hex.ptx"],
    ["  bogus.op ", "source.ptx"],
  ]);
});

test("Tile IR", async () => {
  const found = await tokens("source.cuda-tile", [
    "cuda_tile.module @m {",
    "  entry @k(%p: !cuda_tile.tile<ptr<f32>>) {",
    "    %a = constant <f16: 1.0> : tile<4xf16>",
    "    %s = addf %a, %a rounding<nearest_even> flush_to_zero : tile<4xf16> // note",
    "    return",
  ]);
  expectScopes(found, [
    ["cuda_tile", "entity.name.namespace.cuda-tile"],
    ["module", "keyword.other.operation.cuda-tile"],
    ["@m", "entity.name.function.cuda-tile"],
    ["entry", "keyword.other.operation.cuda-tile"],
    ["!cuda_tile.tile", "storage.type.cuda-tile"],
    ["ptr", "storage.type.cuda-tile"],
    ["f32", "storage.type.primitive.cuda-tile"],
    ["constant", "keyword.other.operation.cuda-tile"],
    ["tile", "storage.type.cuda-tile"],
    ["4", "constant.numeric.cuda-tile"],
    ["f16", "storage.type.primitive.cuda-tile"],
    ["addf", "keyword.other.operation.cuda-tile"],
    ["rounding", "support.type.enum.cuda-tile"],
    ["nearest_even", "constant.language.enum-case.cuda-tile"],
    ["flush_to_zero", "entity.other.attribute-name.cuda-tile"],
    ["%a", "variable.other.ssa.cuda-tile"],
    ["// note", "comment.line.cuda-tile"],
    ["return", "keyword.other.operation.cuda-tile"],
  ]);
});

test("SPIR-V", async () => {
  const found = await tokens("source.spirv", [
    "; SPIR-V",
    "OpCapability Addresses",
    "OpMemoryModel Physical64 OpenCL",
    "%ext = OpExtInstImport \"OpenCL.std\"",
    "%r = OpExtInst %float %ext fma %a %b %c",
    "%uint = OpTypeInt 32 0",
    "OpStore %p %v Aligned|Volatile 4",
  ]);
  expectScopes(found, [
    ["; SPIR-V", "comment.line.spirv"],
    ["OpCapability", "keyword.other.opcode.spirv"],
    ["Addresses", "constant.language.enumerant.spirv"],
    ["Physical64", "constant.language.enumerant.spirv"],
    ["%ext", "variable.other.id.spirv"],
    ["fma", "support.function.extended.spirv"],
    ["OpTypeInt", "keyword.other.opcode.spirv"],
    ["32", "constant.numeric.spirv"],
    ["Aligned", "constant.language.enumerant.spirv"],
    ["|", "keyword.operator.bitwise.spirv"],
  ]);
});
