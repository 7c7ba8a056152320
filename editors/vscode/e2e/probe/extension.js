// Runs in code-server's extension host beside the phaselint extension (installed by ../run.mjs).
// It opens each file of the plan as a user would, waits for phaselint's diagnostics, asks for the
// hover and the quick fixes at each PL102, applies the fix, and writes what it saw as JSON for
// run.mjs to judge. It judges nothing itself, so one failure hides no other observation.
"use strict";
const vscode = require("vscode");
const fs = require("node:fs");

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function codeOf(diagnostic) {
  return typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
}

function hoverText(hover) {
  return hover.contents
    .map((part) => (typeof part === "string" ? part : part.value))
    .join("\n");
}

async function observe(folder, file, deadline) {
  const uri = vscode.Uri.joinPath(folder.uri, file);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  const seen = { file, languageId: document.languageId, diagnostics: [] };
  // Waits for PL102 rather than for any diagnostic: the server may publish in more than one step.
  const until = Date.now() + deadline;
  let ours = [];
  for (;;) {
    ours = vscode.languages.getDiagnostics(uri).filter((d) => d.source === "phaselint");
    if (ours.some((d) => codeOf(d) === "PL102") || Date.now() > until) {
      break;
    }
    await sleep(200);
  }
  seen.waitedMs = deadline - Math.max(0, until - Date.now());
  seen.diagnostics = ours.map((d) => ({
    code: codeOf(d),
    source: d.source,
    message: d.message,
    line: d.range.start.line,
    text: document.getText(d.range),
  }));
  const target = ours.find((d) => codeOf(d) === "PL102");
  if (!target) {
    return seen;
  }
  const hovers = await vscode.commands.executeCommand(
    "vscode.executeHoverProvider",
    uri,
    target.range.start.translate(0, 1),
  );
  seen.hovers = (hovers || []).map(hoverText);
  // The last argument resolves up to 20 actions, for a server that fills in edits on resolve.
  const actions = await vscode.commands.executeCommand(
    "vscode.executeCodeActionProvider",
    uri,
    target.range,
    undefined,
    20,
  );
  seen.actions = (actions || []).map((a) => ({
    title: a.title,
    kind: a.kind ? a.kind.value : undefined,
    codes: (a.diagnostics || []).map(codeOf),
    hasEdit: Boolean(a.edit),
  }));
  // The actions come back without their diagnostics, so the fix is known by its title.
  const fix = (actions || []).find(
    (a) => a.edit && a.kind && a.kind.value === "quickfix" && a.title.includes("PL102"),
  );
  if (fix) {
    const before = document.getText();
    seen.fixTitle = fix.title;
    seen.fixApplied = await vscode.workspace.applyEdit(fix.edit);
    seen.fixChanged = document.getText() !== before;
    seen.fixedLine = document.lineAt(target.range.start.line).text;
  }
  return seen;
}

async function run(plan) {
  const result = { files: [], extensions: {} };
  try {
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (!folder) {
      throw new Error("no workspace folder is open");
    }
    for (const file of plan.files) {
      try {
        result.files.push(await observe(folder, file, plan.deadlineMs));
      } catch (error) {
        result.files.push({ file, error: String((error && error.stack) || error) });
      }
    }
    for (const file of plan.languageOnly || []) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, file));
      result.files.push({ file, languageId: document.languageId, languageOnly: true });
    }
  } catch (error) {
    result.error = String((error && error.stack) || error);
  }
  const extension = vscode.extensions.getExtension("phaselint.phaselint");
  result.extensions.phaselint = extension ? { active: extension.isActive } : null;
  return result;
}

exports.activate = function activate() {
  // The plan's path comes from the environment run.mjs starts code-server with; elsewhere the
  // probe does nothing.
  const planPath = process.env.PHASELINT_E2E_PLAN;
  if (!planPath) {
    return;
  }
  const plan = JSON.parse(fs.readFileSync(planPath, "utf8"));
  run(plan).then((result) => {
    // Written whole, then renamed, so the driver never reads half a file.
    fs.writeFileSync(`${plan.result}.part`, JSON.stringify(result, null, 2));
    fs.renameSync(`${plan.result}.part`, plan.result);
  });
};

exports.deactivate = function deactivate() {};
