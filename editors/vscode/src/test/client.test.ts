// The client's options in plain Node (`npm test`): what runs without a VS Code build.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CARD_FILES, documentSelector, serverCommand } from "../client";

const manifest = JSON.parse(readFileSync(join(__dirname, "../../package.json"), "utf8"));

test("the defaults start phaselint server", () => {
  assert.deepEqual(serverCommand({}), { command: "phaselint", args: ["server"] });
});

test("the defaults are the ones package.json declares", () => {
  const properties = manifest.contributes.configuration.properties;
  assert.deepEqual(
    serverCommand({
      path: properties["phaselint.path"].default,
      args: properties["phaselint.args"].default,
    }),
    serverCommand({}),
  );
});

test("the settings name the binary and its arguments", () => {
  assert.deepEqual(serverCommand({ path: "/opt/phaselint", args: ["server", "--stdio"] }), {
    command: "/opt/phaselint",
    args: ["server", "--stdio"],
  });
  assert.deepEqual(serverCommand({ path: "  ", args: ["server"] }).command, "phaselint");
});

test("card files and configs are sent to the server", () => {
  const patterns = documentSelector().map(
    (filter) => filter.pattern ?? `language:${filter.language}`,
  );
  assert.deepEqual(patterns, [CARD_FILES, "**/phaselint.toml", "language:mse"]);
  for (const filter of documentSelector()) {
    assert.equal(filter.scheme, "file");
  }
});

test("the mse language of the selector is the one package.json declares", () => {
  const ids = manifest.contributes.languages.map((language: { id: string }) => language.id);
  assert.ok(ids.includes("mse"));
  assert.ok(manifest.activationEvents.includes("onLanguage:mse"));
});

test("the extension starts on the languages of card files", () => {
  const events: string[] = manifest.activationEvents;
  for (const language of ["yaml", "json", "xml", "plaintext"]) {
    assert.ok(events.includes(`onLanguage:${language}`), language);
  }
  assert.equal(manifest.main, "./dist/extension.js");
});
