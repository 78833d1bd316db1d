// The `speclint.*` settings the server reads: the same sections and keys as `speclint.toml`
// (`[ptx] target`, `[rules] ignore`, …), sent as `initializationOptions` and with
// `workspace/didChangeConfiguration`. The server rejects unknown sections and keys, so only
// these are sent (not `server.path` or `trace.server`), and an empty setting is left out: it
// means "not set here", so `speclint.toml` or the module's own directives decide.

import * as vscode from "vscode";

type Section = Record<string, unknown>;

/// Which VS Code setting (under `speclint.`) gives which server section and key.
const KEYS: ReadonlyArray<[setting: string, section: string, key: string]> = [
  ["ptx.target", "ptx", "target"],
  ["ptx.version", "ptx", "version"],
  ["tileIr.version", "tile-ir", "version"],
  ["tileIr.target", "tile-ir", "target"],
  ["spirv.openclVersion", "spirv", "opencl-version"],
  ["spirv.openclProfile", "spirv", "opencl-profile"],
  ["spirv.extensions", "spirv", "extensions"],
  ["spirv.features", "spirv", "features"],
  ["spirv.spirvVersions", "spirv", "spirv-versions"],
  ["spirv.spirvVersion", "spirv", "spirv-version"],
  ["rules.select", "rules", "select"],
  ["rules.extendSelect", "rules", "extend-select"],
  ["rules.ignore", "rules", "ignore"],
  ["rules.severity", "rules", "severity"],
];

/// Settings whose change needs a new server process rather than a notification.
export const RESTART_SETTINGS = ["speclint.server.path", "speclint.server.extraEnv"];

function isSet(value: unknown, setting: string): boolean {
  if (value === null || value === undefined || value === "") return false;
  // An empty `select` is meaningful (no rule at all); empty additions are not.
  if (Array.isArray(value)) return value.length > 0 || setting === "rules.select";
  if (typeof value === "object") return Object.keys(value as object).length > 0;
  return true;
}

/// The server's settings object, `{ "ptx": { "target": "sm_90" }, "rules": { … } }`.
export function serverSettings(
  config: vscode.WorkspaceConfiguration = vscode.workspace.getConfiguration("speclint"),
): Record<string, Section> {
  const settings: Record<string, Section> = {};
  for (const [setting, section, key] of KEYS) {
    const value = config.get<unknown>(setting);
    if (!isSet(value, setting)) continue;
    (settings[section] ??= {})[key] = value;
  }
  return settings;
}
