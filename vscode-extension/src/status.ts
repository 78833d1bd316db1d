// The status bar item: the server's state, its version and where it came from; a click shows
// the output channel.

import * as vscode from "vscode";
import { State } from "vscode-languageclient/node";
import type { Server } from "./discovery";

export class Status implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private server?: Server;

  constructor() {
    this.item = vscode.window.createStatusBarItem("speclint.status", vscode.StatusBarAlignment.Left, 10);
    this.item.name = "speclint";
    this.item.command = "speclint.showOutput";
  }

  setServer(server: Server | undefined): void {
    this.server = server;
  }

  set(state: "starting" | "running" | "stopped" | "missing" | "failed", detail?: string): void {
    const icons = {
      starting: "$(sync~spin)",
      running: "$(check)",
      stopped: "$(debug-stop)",
      missing: "$(error)",
      failed: "$(error)",
    };
    this.item.text = `${icons[state]} speclint`;
    const lines = [`speclint: ${state}`];
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
