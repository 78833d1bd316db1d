// `.mlir` holds every MLIR dialect, and VS Code picks a language by file name (or the first
// line) only. So `.mlir` documents stay with whatever language they open as (`mlir` from an
// MLIR extension, else plain text), and those whose text uses the cuda_tile dialect are
// switched to `cuda-tile`: the test is the server's own (`tile_ir::sniff`), so the editor and
// `speclint check` agree on which files are Tile IR.

import * as vscode from "vscode";

export const LANGUAGE = "cuda-tile";

/// Does this text use the cuda_tile dialect? (`tileirdisasm` prints bare `entry @k(…)`.)
export function usesCudaTile(text: string): boolean {
  if (text.includes("cuda_tile")) return true;
  return text
    .split("\n", 200)
    .some((line) => line.trimStart().startsWith("entry @"));
}

function isMlir(document: vscode.TextDocument): boolean {
  return (
    document.languageId !== LANGUAGE &&
    (document.languageId === "mlir" || document.uri.path.toLowerCase().endsWith(".mlir"))
  );
}

async function claim(document: vscode.TextDocument): Promise<void> {
  if (!vscode.workspace.getConfiguration("speclint").get<boolean>("tileIr.detectMlir", true)) return;
  if (isMlir(document) && usesCudaTile(document.getText())) {
    await vscode.languages.setTextDocumentLanguage(document, LANGUAGE);
  }
}

/// Claims open and opening `.mlir` documents that use the dialect.
export function watchMlir(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument((d) => void claim(d)));
  for (const document of vscode.workspace.textDocuments) void claim(document);
}
