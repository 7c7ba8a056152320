// Runs inside VS Code's extension host (see run.ts): opens the card file, waits for the extension
// to start and for phaselint's diagnostics to arrive.
import { strict as assert } from "node:assert";
import * as vscode from "vscode";

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function run(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, "the test workspace is open");
  const uri = vscode.Uri.joinPath(folder.uri, "set.yaml");
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const extension = vscode.extensions.getExtension("phaselint.phaselint");
  assert.ok(extension, "the extension is installed");
  await waitFor("activation", () => (extension.isActive ? true : undefined));
  const diagnostics = await waitFor("phaselint's diagnostics", () => {
    const held = vscode.languages.getDiagnostics(uri).filter((d) => d.source === "phaselint");
    return held.length > 0 ? held : undefined;
  });
  const obsolete = diagnostics.find((d) => {
    const code = typeof d.code === "object" ? d.code.value : d.code;
    return code === "PL102";
  });
  assert.ok(obsolete, `PL102 among ${JSON.stringify(diagnostics.map((d) => d.code))}`);
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.getText(obsolete.range), "Play this ability");
}
