// The speclint extension: finds the server, starts it over stdio with vscode-languageclient,
// passes the settings on, and shows its state in the status bar.

import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { findServer } from "./discovery";
import { showRuns } from "./run";
import { SassViews } from "./sass";
import { RESTART_SETTINGS, serverSettings } from "./settings";
import { Status } from "./status";
import { LANGUAGE as TILE_IR, watchMlir } from "./tileIr";

const OWN_LANGUAGES = ["ptx", TILE_IR, "spirv"];
/// C++ documents are sent for the PTX of their `asm` statements only: the server answers inside
/// those strings and leaves the C++ to clangd. `speclint.inlinePtx.enable: false` keeps them
/// from the server altogether.
const CPP_LANGUAGES = ["cuda-cpp", "cpp"];
const INLINE_PTX_SETTING = "speclint.inlinePtx.enable";
/// VS Code colours a document with one provider's semantic tokens: in C++ documents a C++
/// extension's cover the whole file, and speclint's (the asm strings only) would hide them, so
/// they are not asked for where one is installed.
const CPP_EXTENSIONS = ["llvm-vs-code-extensions.vscode-clangd", "ms-vscode.cpptools"];

function tokensLeftToCpp(document: vscode.TextDocument): boolean {
  return (
    CPP_LANGUAGES.includes(document.languageId) &&
    CPP_EXTENSIONS.some((id) => vscode.extensions.getExtension(id) !== undefined)
  );
}

/// The languages sent to the server, read again at each (re)start.
function languages(): string[] {
  const inlinePtx = vscode.workspace.getConfiguration("speclint").get<boolean>("inlinePtx.enable", true);
  return inlinePtx ? [...OWN_LANGUAGES, ...CPP_LANGUAGES] : OWN_LANGUAGES;
}

let client: LanguageClient | undefined;
/// Whether the server was started: it starts with the first document of ours, so that
/// activating on plain text (a `.mlir` file with no MLIR extension installed) costs nothing.
let started = false;
let output: vscode.OutputChannel;
/// Reports of the "▶ Run" lens: created by the first run.
let runOutput: vscode.OutputChannel | undefined;
let status: Status;
let sassViews: SassViews;

function environment(): NodeJS.ProcessEnv {
  const extra = vscode.workspace.getConfiguration("speclint").get<Record<string, string> | null>("server.extraEnv");
  return { ...process.env, ...(extra ?? {}) };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  status.set("starting");
  const env = environment();
  const { server, problems } = await findServer(context.extensionUri, vscode.workspace.getConfiguration("speclint"), env);
  for (const problem of problems) output.appendLine(`[discovery] ${problem}`);
  status.setServer(server);
  if (!server) {
    status.set("missing", problems.join("\n"));
    const open = "Open Setting";
    const choice = await vscode.window.showErrorMessage(
      `speclint: no working \`speclint\` executable found (${problems.join("; ")}). ` +
        "Install speclint, or set `speclint.server.path`.",
      open,
    );
    if (choice === open) {
      await vscode.commands.executeCommand("workbench.action.openSettings", "speclint.server.path");
    }
    return;
  }
  output.appendLine(`[discovery] using ${server.path} (${server.source}), speclint ${server.version}`);

  const serverOptions: ServerOptions = { command: server.path, args: ["lsp"], options: { env } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: languages().flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    initializationOptions: serverSettings(),
    outputChannel: output,
    traceOutputChannel: output,
    middleware: {
      executeCommand: showRuns(() => (runOutput ??= vscode.window.createOutputChannel("speclint run"))),
      provideDocumentSemanticTokens: (document, token, next) =>
        tokensLeftToCpp(document) ? undefined : next(document, token),
      provideDocumentSemanticTokensEdits: (document, previousResultId, token, next) =>
        tokensLeftToCpp(document) ? undefined : next(document, previousResultId, token),
      provideDocumentRangeSemanticTokens: (document, range, token, next) =>
        tokensLeftToCpp(document) ? undefined : next(document, range, token),
    },
  };
  // The id `speclint` makes the client honour `speclint.trace.server`.
  client = new LanguageClient("speclint", "speclint", serverOptions, clientOptions);
  client.onDidChangeState((event) => status.fromClient(event.newState));
  try {
    await client.start();
    sassViews.listen(client);
    void showDocumentStatus();
  } catch (error) {
    status.set("failed", String(error));
    void vscode.window.showErrorMessage(`speclint: the server failed to start: ${error}`);
  }
}

/// Asks the server what the active document is checked against, for the status bar.
async function showDocumentStatus(): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (!client?.isRunning() || !document || !languages().includes(document.languageId)) {
    status.setDocument(undefined);
    return;
  }
  const answer = await client
    .sendRequest<{ language: string; summary?: string } | null>("speclint/status", {
      textDocument: { uri: document.uri.toString() },
    })
    .catch(() => null);
  if (vscode.window.activeTextEditor?.document === document) status.setDocument(answer?.summary ?? undefined);
}

function startWhenNeeded(context: vscode.ExtensionContext): void {
  if (started || !vscode.workspace.textDocuments.some((d) => languages().includes(d.languageId))) return;
  started = true;
  void start(context);
}

async function stop(): Promise<void> {
  const stopping = client;
  client = undefined;
  if (stopping) await stopping.stop().catch(() => undefined);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("speclint");
  status = new Status();
  sassViews = new SassViews(() => client);
  context.subscriptions.push(output, status, sassViews);
  context.subscriptions.push(
    vscode.commands.registerCommand("speclint.restartServer", async () => {
      started = true;
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand("speclint.showOutput", () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration("speclint")) return;
      // The document selector is fixed when the client starts: a new one needs a new client,
      // and stopping the old one clears its diagnostics of the documents it no longer gets.
      const restart = [...RESTART_SETTINGS, INLINE_PTX_SETTING];
      if (started && restart.some((setting) => event.affectsConfiguration(setting))) {
        await stop();
        await start(context);
      } else if (!started && event.affectsConfiguration(INLINE_PTX_SETTING)) {
        startWhenNeeded(context);
      } else if (client?.isRunning()) {
        // The server reads `settings.speclint` (or `settings` itself) as `speclint.toml`'s keys.
        await client.sendNotification("workspace/didChangeConfiguration", {
          settings: { speclint: serverSettings() },
        });
      }
    }),
    // A `.mlir` document switched to cuda-tile is closed and reopened in its new language.
    vscode.workspace.onDidOpenTextDocument(() => startWhenNeeded(context)),
    // New findings come with each analysis, and so may a new version or target (a pragma).
    vscode.window.onDidChangeActiveTextEditor(() => void showDocumentStatus()),
    vscode.languages.onDidChangeDiagnostics(() => void showDocumentStatus()),
  );
  watchMlir(context);
  startWhenNeeded(context);
}

export async function deactivate(): Promise<void> {
  runOutput?.dispose();
  await stop();
}
