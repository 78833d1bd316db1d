// The SASS view's line table, both ways: which view lines show a source line, and which source
// line a view line shows. No `vscode` import, so that the tests can load this file in plain Node.

/// What `speclint/sass` answers (see crates/lsp/src/server/sass_view.rs).
export interface SassView {
  text: string;
  /// For each line of `text`, the source document's line (0-based) it shows, or null.
  sourceLines: (number | null)[];
  /// Each kernel's name and the view line (0-based) its header is on.
  kernels: { name: string; line: number }[];
  target: string;
  tools: string;
}

/// The view lines that show `sourceLine`: its own line and the instructions under it.
export function viewLinesOf(view: SassView, sourceLine: number): number[] {
  const lines: number[] = [];
  view.sourceLines.forEach((line, index) => {
    if (line === sourceLine) lines.push(index);
  });
  return lines;
}

/// The source line `viewLine` shows, if any.
export function sourceLineOf(view: SassView, viewLine: number): number | undefined {
  return view.sourceLines[viewLine] ?? undefined;
}

/// The view line of a kernel's header (the first line when there is no such kernel).
export function kernelLine(view: SassView, kernel: string | undefined): number {
  return view.kernels.find((k) => k.name === kernel)?.line ?? 0;
}

/// The view's path for a source path: `/w/k.ptx` → `/w/k.ptx.sass`.
export function viewPath(sourcePath: string): string {
  return `${sourcePath}.sass`;
}
