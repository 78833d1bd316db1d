// Makes the .vsix files in build/ (or $SPECLINT_VSIX_DIR): one per platform with that platform's `speclint` in bin/
// (as rust-analyzer and ruff ship theirs), and one without a binary (it uses `speclint` from
// PATH or `speclint.server.path`). Run after `node esbuild.mjs --production` (`npm run package`
// does both).
//
// Binaries: SPECLINT_BINARIES="linux-x64=/path/speclint,darwin-arm64=/path/speclint"; without
// it, this machine's platform with the workspace's build for publishing (the `dist` profile),
// else its release build ($CARGO_TARGET_DIR or ../target, then dist/ or release/).

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repo = path.dirname(root);
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const out = process.env.SPECLINT_VSIX_DIR ?? path.join(root, "build");
const bin = path.join(root, "bin");

function hostBinary() {
  const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(repo, "target");
  const name = process.platform === "win32" ? "speclint.exe" : "speclint";
  const exe = ["dist", "release"].map((profile) => path.join(targetDir, profile, name)).find((p) => fs.existsSync(p));
  if (!exe) {
    throw new Error(`no ${name} in ${targetDir}/dist or /release: run \`cargo build --profile dist -p speclint\` or set SPECLINT_BINARIES`);
  }
  return [[`${process.platform}-${process.arch}`, exe]];
}

const binaries = process.env.SPECLINT_BINARIES
  ? process.env.SPECLINT_BINARIES.split(",").map((pair) => pair.split("="))
  : hostBinary();

function vsce(args) {
  const cli = path.join(root, "node_modules", "@vscode", "vsce", "vsce");
  execFileSync(process.execPath, [cli, "package", "--no-dependencies", ...args], { cwd: root, stdio: "inherit" });
}

if (!fs.existsSync(path.join(root, "dist", "extension.js"))) {
  throw new Error("dist/extension.js is missing: run `node esbuild.mjs --production` first");
}
// The workspace's licence texts, for the package (vsce wants a LICENSE file).
fs.writeFileSync(
  path.join(root, "LICENSE.txt"),
  ["LICENSE-MIT", "LICENSE-APACHE"].map((f) => fs.readFileSync(path.join(repo, f), "utf8")).join("\n\n"),
);
fs.mkdirSync(out, { recursive: true });
try {
  for (const [target, binary] of binaries) {
    fs.rmSync(bin, { recursive: true, force: true });
    fs.mkdirSync(bin);
    const name = path.basename(binary);
    fs.copyFileSync(binary, path.join(bin, name));
    fs.chmodSync(path.join(bin, name), 0o755);
    vsce(["--target", target, "-o", path.join(out, `speclint-${target}-${version}.vsix`)]);
  }
  fs.rmSync(bin, { recursive: true, force: true });
  vsce(["-o", path.join(out, `speclint-${version}.vsix`)]);
} finally {
  fs.rmSync(bin, { recursive: true, force: true });
}
