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

/** A document filter of the selector: by path pattern or by language id. */
export type DocumentFilter =
  | { scheme: string; pattern: string; language?: undefined }
  | { scheme: string; language: string; pattern?: undefined };

/** The documents sent to the server: card files, each `phaselint.toml` so a config's problem is
 * shown where it is written, and Magic Set Editor files (language `mse` of package.json), whose
 * names (`set`, `card NAME`) have no extension for a pattern to match. */
export function documentSelector(): DocumentFilter[] {
  return [
    { scheme: "file", pattern: CARD_FILES },
    { scheme: "file", pattern: "**/phaselint.toml" },
    { scheme: "file", language: "mse" },
  ];
}
