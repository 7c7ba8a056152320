// The client's options, apart from the `vscode` module so that they are tested in plain Node
// (src/test/client.test.ts) where no VS Code build can be had.

/** The settings of `contributes.configuration` in package.json, as read. */
export interface Settings {
  path?: string;
  args?: string[];
}

/** The files phaselint reads, by extension: the same list as `src/source/mod.rs` in the crate. */
export const CARD_FILES = "**/*.{yaml,yml,json,jsonl,ndjson,txt,xml,csv,tsv}";

/** The executable and its arguments; an empty setting falls back to `phaselint server`. */
export function serverCommand(settings: Settings): { command: string; args: string[] } {
  const command = settings.path && settings.path.trim() !== "" ? settings.path : "phaselint";
  const args = Array.isArray(settings.args) ? settings.args : ["server"];
  return { command, args };
}

/** The documents sent to the server: card files, and each `phaselint.toml` so a config's problem
 * is shown where it is written. */
export function documentSelector(): { scheme: string; pattern: string }[] {
  return [
    { scheme: "file", pattern: CARD_FILES },
    { scheme: "file", pattern: "**/phaselint.toml" },
  ];
}
