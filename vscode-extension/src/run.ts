// The "▶ Run" code lens: its command, `speclint.runKernel`, is the server's (vscode-languageclient
// registers it and sends it as `workspace/executeCommand`); the server runs the kernel under the
// lens with the flags of its `speclint: run` comment and returns the report, which this shows
// in the "speclint run" output channel. No `vscode` import at run time, so that the tests can
// load this file in plain Node.

import type { ExecuteCommandSignature } from "vscode-languageclient/node";

export const RUN_KERNEL = "speclint.runKernel";

/// What `speclint.runKernel` returns (see server/src/lsp/server/run_lens.rs).
export interface RunResult {
  ok: boolean;
  kernel: string;
  /// One line: ok or the exit status, the device, the kernel time.
  summary: string;
  /// The whole report, as `speclint run` prints it.
  text: string;
}

/// Where reports go: an output channel in VS Code.
export interface Sink {
  appendLine(line: string): void;
  show(preserveFocus: boolean): void;
}

function isRunResult(value: unknown): value is RunResult {
  const result = value as Partial<RunResult> | null;
  return typeof result?.summary === "string" && typeof result.text === "string";
}

/// The lines the channel shows for one command result (or failure).
export function reportLines(result: unknown, when: Date = new Date()): string[] {
  const stamp = `[${when.toLocaleTimeString()}]`;
  if (!isRunResult(result)) return [`${stamp} speclint run: no report (${JSON.stringify(result) ?? "nothing"})`];
  return [`${stamp} ${result.summary}`, ...result.text.trimEnd().split("\n"), ""];
}

/// `executeCommand` middleware: passes every command on, and shows the report of a run (or
/// why it failed) in `channel()`'s sink, which is created on the first run.
export function showRuns(channel: () => Sink) {
  return async (command: string, args: unknown[], next: ExecuteCommandSignature): Promise<unknown> => {
    if (command !== RUN_KERNEL) return next(command, args);
    let result: unknown;
    try {
      result = await next(command, args);
    } catch (error) {
      const sink = channel();
      sink.appendLine(`speclint run: the server refused: ${error instanceof Error ? error.message : String(error)}`);
      sink.show(true);
      throw error;
    }
    const sink = channel();
    for (const line of reportLines(result)) sink.appendLine(line);
    sink.show(true);
    return result;
  };
}
