// Starts `phaselint server` over stdio for card files; diagnostics, quick fixes, the fix-all
// source action and hover all come from the server.
import * as vscode from "vscode";
import { LanguageClient, TransportKind } from "vscode-languageclient/node";
import { documentSelector, serverCommand, Settings } from "./client";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await start();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("phaselint")) {
        await stop();
        await start();
      }
    }),
  );
}

export function deactivate(): Promise<void> {
  return stop();
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration("phaselint");
  const settings: Settings = { path: config.get("path"), args: config.get("args") };
  const { command, args } = serverCommand(settings);
  const watcher = vscode.workspace.createFileSystemWatcher("**/phaselint.toml");
  client = new LanguageClient(
    "phaselint",
    "phaselint",
    { command, args, transport: TransportKind.stdio },
    { documentSelector: documentSelector(), synchronize: { fileEvents: watcher } },
  );
  try {
    await client.start();
  } catch (error) {
    // A missing binary is the usual cause: say which one was tried and where to set it.
    void vscode.window.showErrorMessage(
      `phaselint: could not start "${command} ${args.join(" ")}" (set phaselint.path): ${error}`,
    );
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running && running.isRunning()) {
    await running.stop();
  }
}
