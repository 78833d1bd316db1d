// Loads one of the extension's source files that has no run-time `vscode` import: esbuild
// compiles it to an ES module, imported from memory.
import { build } from "esbuild";

export async function loadTs(relativeToSrc) {
  const out = await build({
    entryPoints: [new URL(`../src/${relativeToSrc}`, import.meta.url).pathname],
    format: "esm",
    platform: "node",
    bundle: false,
    write: false,
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}
