// The SASS view: the "SASS" code lens's command, `speclint.showSass`, opens a read-only
// document (`speclint-sass:` scheme) beside the source with what `speclint/sass` answers, at the
// lens's kernel. Moving the cursor in either one highlights the matching lines in the other.
// The server sends `speclint/sassChanged` when a save made a new listing; the view then asks
// again.

import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { kernelLine, type SassView, sourceLineOf, viewLinesOf, viewPath } from "./sassLines";

export const SHOW_SASS = "speclint.showSass";
const SCHEME = "speclint-sass";

export class SassViews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /// Each open view (by its URI) and what it shows.
  private readonly views = new Map<string, { source: vscode.Uri; view?: SassView }>();
  private readonly highlight = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor("editor.rangeHighlightBackground"),
    isWholeLine: true,
  });
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, this),
      vscode.commands.registerCommand(SHOW_SASS, (argument: { uri: string; kernel?: string }) => this.show(argument)),
      vscode.window.onDidChangeTextEditorSelection((event) => this.follow(event.textEditor)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === SCHEME) this.views.delete(document.uri.toString());
      }),
      this.changed,
      this.highlight,
    );
  }

  /// Listens for the server's new listings (call once the client runs).
  listen(client: LanguageClient): void {
    this.disposables.push(
      client.onNotification("speclint/sassChanged", (params: { textDocument: { uri: string } }) => {
        for (const [key, entry] of this.views) {
          if (entry.source.toString() === params.textDocument.uri) this.changed.fire(vscode.Uri.parse(key));
        }
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const entry = this.views.get(uri.toString());
    const client = this.client();
    if (!entry || !client) return "// speclint: the language server is not running";
    try {
      entry.view = await client.sendRequest<SassView>("speclint/sass", {
        textDocument: { uri: entry.source.toString() },
      });
      return entry.view.text;
    } catch (error) {
      entry.view = undefined;
      return `// speclint: no SASS: ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  private async show(argument: { uri: string; kernel?: string }): Promise<void> {
    const source = vscode.Uri.parse(argument.uri);
    const uri = vscode.Uri.from({ scheme: SCHEME, path: viewPath(source.path), query: source.toString() });
    if (!this.views.has(uri.toString())) this.views.set(uri.toString(), { source });
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    const view = this.views.get(uri.toString())?.view;
    if (view) {
      const line = kernelLine(view, argument.kernel);
      editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
    }
  }

  /// Highlights, in the other side's editors, the lines matching `editor`'s cursor.
  private follow(editor: vscode.TextEditor): void {
    const line = editor.selection.active.line;
    const uri = editor.document.uri;
    if (uri.scheme === SCHEME) {
      const entry = this.views.get(uri.toString());
      if (!entry?.view) return;
      const sourceLine = sourceLineOf(entry.view, line);
      this.mark(editor, sourceLine === undefined ? [] : viewLinesOf(entry.view, sourceLine));
      for (const other of vscode.window.visibleTextEditors) {
        if (other.document.uri.toString() !== entry.source.toString()) continue;
        this.mark(other, sourceLine === undefined ? [] : [sourceLine]);
      }
      return;
    }
    for (const [key, entry] of this.views) {
      if (entry.source.toString() !== uri.toString() || !entry.view) continue;
      const lines = viewLinesOf(entry.view, line);
      this.mark(editor, lines.length > 0 ? [line] : []);
      for (const other of vscode.window.visibleTextEditors) {
        if (other.document.uri.toString() === key) this.mark(other, lines);
      }
    }
  }

  private mark(editor: vscode.TextEditor, lines: number[]): void {
    editor.setDecorations(
      this.highlight,
      lines.map((line) => new vscode.Range(line, 0, line, 0)),
    );
    if (lines.length > 0 && editor.document.uri.scheme === SCHEME) {
      const first = lines[0];
      const visible = editor.visibleRanges.some((range) => range.start.line <= first && first <= range.end.line);
      if (!visible) {
        editor.revealRange(new vscode.Range(first, 0, first, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      }
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
