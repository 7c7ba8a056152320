// The extension in a real VS Code, headless: activation on a card file and the server's
// diagnostics in VS Code's own list. VS Code is not on a package registry, so this runs only where
// a build is installed: $VSCODE_PATH, or `code` on PATH. Elsewhere it says SKIPPED and exits 0.
//
// Environment: PHASELINT (the binary; default `phaselint` on PATH), VSCODE_PATH.
import { runTests } from "@vscode/test-electron";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

function vscodeBuild(): string | undefined {
  if (process.env.VSCODE_PATH) {
    return process.env.VSCODE_PATH;
  }
  let cli: string;
  try {
    const found = execFileSync("sh", ["-c", "command -v code"], { encoding: "utf8" });
    cli = realpathSync(found.trim());
  } catch {
    return undefined;
  }
  // `code` on PATH is the command-line script (bin/code); the build it starts is beside bin/.
  const build = join(dirname(dirname(cli)), "code");
  return basename(dirname(cli)) === "bin" && existsSync(build) ? build : cli;
}

async function main(): Promise<void> {
  const executable = vscodeBuild();
  if (!executable) {
    console.error(
      "SKIPPED the VS Code activation test: no VS Code build (set VSCODE_PATH or put `code` on PATH)",
    );
    return;
  }
  const workspace = mkdtempSync(join(tmpdir(), "phaselint-vscode-"));
  mkdirSync(join(workspace, ".vscode"));
  writeFileSync(
    join(workspace, ".vscode", "settings.json"),
    JSON.stringify({ "phaselint.path": process.env.PHASELINT ?? "phaselint" }),
  );
  writeFileSync(
    join(workspace, "set.yaml"),
    "- name: Brass Herald\n  text: \"{T}: Add {R}. Play this ability only once per turn.\"\n",
  );
  await runTests({
    vscodeExecutablePath: executable,
    extensionDevelopmentPath: resolve(__dirname, "../../.."),
    extensionTestsPath: resolve(__dirname, "suite.js"),
    launchArgs: [workspace, "--disable-extensions", "--disable-workspace-trust"],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
