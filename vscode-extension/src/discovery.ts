// Finding the server as rust-analyzer and ruff do: the `speclint.server.path` setting (alone:
// an explicit path that does not work is reported, not replaced by another binary), else
// `speclint` on PATH, else the binary bundled in the extension's `bin/`. Each candidate must
// answer `--version` with `speclint <version>`.

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";

export interface Server {
  path: string;
  version: string;
  /// Where it was found: "setting", "PATH" or "bundled".
  source: string;
}

export interface Discovery {
  server?: Server;
  /// One line per candidate that did not work.
  problems: string[];
}

const EXE = process.platform === "win32" ? "speclint.exe" : "speclint";

function onPath(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, EXE);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: next directory
    }
  }
  return undefined;
}

/// Resolves `~` and `${workspaceFolder}` as users write them in settings.
function expand(setting: string): string {
  let expanded = setting.replace(/^~(?=$|[\\/])/, process.env.HOME ?? "~");
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder) expanded = expanded.replace(/\$\{workspaceFolder\}/g, folder);
  return expanded;
}

/// `speclint --version` → the version, or why the binary cannot be used.
export function probe(binary: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, ["--version"], { timeout: 10_000, env }, (error, stdout, stderr) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === "ENOENT" ? "not found" : code === "EACCES" ? "not executable" : error.message.split("\n")[0];
        reject(new Error(`${binary}: ${reason}${stderr ? `: ${stderr.trim()}` : ""}`));
        return;
      }
      const match = /^speclint (\S+)/.exec(stdout.trim());
      if (!match) {
        reject(new Error(`${binary}: \`--version\` printed ${JSON.stringify(stdout.trim())}, not \`speclint <version>\``));
        return;
      }
      resolve(match[1]);
    });
  });
}

export async function findServer(
  extensionUri: vscode.Uri,
  config: vscode.WorkspaceConfiguration,
  env: NodeJS.ProcessEnv,
): Promise<Discovery> {
  const configured = config.get<string | null>("server.path");
  const candidates: Array<[string | undefined, string]> = configured
    ? [[expand(configured), "setting"]]
    : [
        [onPath(), "PATH"],
        [vscode.Uri.joinPath(extensionUri, "bin", EXE).fsPath, "bundled"],
      ];
  const problems: string[] = [];
  for (const [binary, source] of candidates) {
    if (!binary) {
      problems.push(`no \`${EXE}\` on PATH`);
      continue;
    }
    if (source === "bundled" && !fs.existsSync(binary)) {
      problems.push("no bundled binary (this package of the extension ships none)");
      continue;
    }
    try {
      return { server: { path: binary, version: await probe(binary, env), source }, problems };
    } catch (error) {
      problems.push(`${source} ${(error as Error).message}`);
    }
  }
  return { problems };
}
