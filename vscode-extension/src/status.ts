// The status bar item: the server's state, its version and where it came from, and what the
// active document is checked against (the server's `speclint/status`); a click shows the output
// channel.

import * as vscode from "vscode";
import { State } from "vscode-languageclient/node";
import type { Server } from "./discovery";

export class Status implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private server?: Server;
  private state: Parameters<Status["set"]>[0] = "starting";
  private detail?: string;
  /// What the active document is checked against ("PTX ISA 8.0 · sm_90"), when it is ours.
  private document?: string;

  constructor() {
    this.item = vscode.window.createStatusBarItem("speclint.status", vscode.StatusBarAlignment.Left, 10);
    this.item.name = "speclint";
    this.item.command = "speclint.showOutput";
  }

  setServer(server: Server | undefined): void {
    this.server = server;
  }

  setDocument(summary: string | undefined): void {
    this.document = summary;
    this.set(this.state, this.detail);
  }

  set(state: "starting" | "running" | "stopped" | "missing" | "failed", detail?: string): void {
    this.state = state;
    this.detail = detail;
    const icons = {
      starting: "$(sync~spin)",
      running: "$(check)",
      stopped: "$(debug-stop)",
      missing: "$(error)",
      failed: "$(error)",
    };
    const document = state === "running" && this.document ? `: ${this.document}` : "";
    this.item.text = `${icons[state]} speclint${document}`;
    const lines = [`speclint: ${state}`];
    if (document) lines.push(`this document: ${this.document}`);
    if (this.server) lines.push(`${this.server.path} (${this.server.source}), version ${this.server.version}`);
    if (detail) lines.push(detail);
    lines.push("Click to show the output.");
    this.item.tooltip = lines.join("\n");
    this.item.backgroundColor =
      state === "missing" || state === "failed"
        ? new vscode.ThemeColor("statusBarItem.errorBackground")
        : undefined;
    this.item.show();
  }

  fromClient(state: State): void {
    if (state === State.Running) this.set("running");
    else if (state === State.Starting) this.set("starting");
    else this.set("stopped");
  }

  dispose(): void {
    this.item.dispose();
  }
}
