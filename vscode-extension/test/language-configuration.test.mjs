// The word patterns of the language configurations, applied as VS Code applies them (the
// match of the global regex that contains the cursor is the word double-click selects).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

async function wordAt(language, line, column) {
  const config = JSON.parse(await readFile(new URL(`../language-configuration/${language}.json`, import.meta.url), "utf8"));
  const pattern = new RegExp(config.wordPattern, "g");
  for (const match of line.matchAll(pattern)) {
    if (match.index <= column && column <= match.index + match[0].length) return match[0];
  }
  return null;
}

/// Each case: a line, the word to click in it (its first occurrence, clicked in the middle).
async function expectWords(language, cases) {
  for (const [line, word] of cases) {
    const column = line.indexOf(word) + Math.floor(word.length / 2);
    assert.equal(await wordAt(language, line, column), word, `${language}: ${JSON.stringify(line)}`);
  }
}

test("PTX words", () =>
  expectWords("ptx", [
    ["  ex2.approx.f16 %h1, %h2;", "ex2.approx.f16"],
    ["  ex2.approx.f16 %h1, %h2;", "%h1"],
    ["  mov.u32 %r1, %tid.x;", "%tid.x"],
    ["  .reg .pred %p<3>;", ".pred"],
    ["  bra $L__BB0_1;", "$L__BB0_1"],
    ["  mov.f32 %f1, 0f3F800000;", "0f3F800000"],
    ["  cp.async.bulk.shared::cluster.global [%r1], [%rd2], 16;", "%rd2"],
  ]));

test("Tile IR words", () =>
  expectWords("cuda-tile", [
    ["    %0 = addf %a, %b : tile<4xf16>", "%0"],
    ["  entry @k(%p: !cuda_tile.tile<ptr<f32>>) {", "@k"],
    ["  entry @k(%p: !cuda_tile.tile<ptr<f32>>) {", "!cuda_tile.tile"],
    ["cuda_tile.module @m {", "cuda_tile.module"],
    ["    %s = addf %a, %b rounding<nearest_even>", "nearest_even"],
  ]));

test("SPIR-V words", () =>
  expectWords("spirv", [
    ["%long = OpTypeInt 64 0", "%long"],
    ["%long = OpTypeInt 64 0", "OpTypeInt"],
    ["%ptr = OpTypePointer CrossWorkgroup %float", "CrossWorkgroup"],
    ["%1 = OpLoad %float %p Aligned 4", "%1"],
  ]));
