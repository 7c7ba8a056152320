// The extension end to end in a real VS Code: code-server serves the workbench, headless Chromium
// opens it (driven over the Chrome DevTools Protocol), and a probe extension (probe/) installed
// beside phaselint's .vsix reports what VS Code shows on card files of each format: phaselint's
// diagnostics, hover and quick fix. This script judges the report and exits 1 on any failure.
//
// Node 22 or later (built-in fetch and WebSocket); no npm dependencies. .ci/vscode-e2e.sh installs
// everything and runs it. Environment: PHASELINT (the binary, required), PHASELINT_VSIX (default
// ../phaselint-0.1.0.vsix), CODE_SERVER (default `code-server`), CHROMIUM (default `chromium`),
// PHASELINT_E2E_KEEP=1 keeps the temporary directory.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
// A namespace import: a named one of crc32 would fail to link on Node 20, before main() can say why.
import * as zlib from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const OVERALL_MS = 240_000;
const PER_FILE_MS = 60_000;
const started = Date.now();
const children = [];
let tmp;

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (message) => console.log(`[${elapsed()}] ${message}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

class Failure extends Error {}

// The card files, one of each format the extension must attach to, with the file each one is and
// the language VS Code must give it. Each holds the obsolete "Play this ability", which PL102 finds.
const BOM = "\ufeff";
const FILES = {
  "set.yaml": {
    language: "yaml",
    text: '- name: Brass Herald\n  text: "{T}: Add {R}. Play this ability only once per turn."\n',
  },
  "cards.xml": {
    language: "xml",
    text: `<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="3">
  <sets>
    <set>
      <name>CWD</name>
      <longname>Clockwork Dawn</longname>
    </set>
  </sets>
  <cards>
    <card>
      <name>Gearwright Lookout</name>
      <set rarity="common">CWD</set>
      <manacost>1W</manacost>
      <type>Creature - Human Scout</type>
      <pt>1/3</pt>
      <tablerow>2</tablerow>
      <text>{T}: Tap target creature. Play this ability only once each turn.</text>
    </card>
  </cards>
</cockatrice_carddatabase>
`,
  },
  // A Magic Set Editor set folder: `set` (with the byte order mark MSE writes) and a card file it
  // includes. Neither name has an extension, so only the extension's `mse` language covers them.
  "dusk.mse-set/set": {
    language: "mse",
    text: `${BOM}mse_version: 2.0.2
game: magic
stylesheet: m15
set_info:
\ttitle: Dusk of Hours
\tcode: DSK
card:
\tname: Gloam Stalker
\tcasting_cost: 2B
\tsuper_type: <word-list-type>Creature</word-list-type>
\trule_text: <sym>T</sym>: Target creature gets -1/-1 until end of turn. Play this ability only once each turn.
\tpower: 2
\ttoughness: 2
include_file: card Lantern Warden
`,
  },
  "dusk.mse-set/card Lantern Warden": {
    language: "mse",
    text: `card:
\tname: Lantern Warden
\tcasting_cost: 1W
\tsuper_type: <word-list-type>Artifact Creature</word-list-type>
\tsub_type: <word-list-race>Golem</word-list-race>
\trule_text: <sym>T</sym>: Prevent the next 1 damage that would be dealt to target creature this turn. Play this ability only during your upkeep.
`,
  },
};
// A file with no extension that only the `mse` language's firstLine pattern makes MSE.
const FIRST_LINE_FILE = "legacy";
const FIRST_LINE_TEXT = `${BOM}mse_version: 2.0.2\ngame: magic\n`;

function executable(path, what) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Failure(`${what} is not an executable file: ${path}`);
  }
}

// `name` on PATH, or a path as given.
function which(name) {
  if (name.includes("/")) {
    return resolve(name);
  }
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const path = join(dir, name);
    if (dir && existsSync(path)) {
      return path;
    }
  }
  throw new Failure(`${name} is not on PATH (.ci/vscode-e2e.sh installs it)`);
}

// A .vsix is a zip with the extension under extension/. Entries are stored, not deflated: this
// keeps the writer a few lines long and the probe is tiny.
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function packProbe(out) {
  const manifest = JSON.parse(readFileSync(join(here, "probe", "package.json"), "utf8"));
  const vsixManifest = `<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011">
  <Metadata>
    <Identity Language="en-US" Id="${manifest.name}" Version="${manifest.version}" Publisher="${manifest.publisher}"/>
    <DisplayName>${manifest.displayName}</DisplayName>
  </Metadata>
  <Installation><InstallationTarget Id="Microsoft.VisualStudio.Code"/></Installation>
  <Dependencies/>
  <Assets><Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true"/></Assets>
</PackageManifest>
`;
  const contentTypes = `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension=".json" ContentType="application/json"/>
  <Default Extension=".js" ContentType="application/javascript"/>
  <Default Extension=".vsixmanifest" ContentType="text/xml"/>
</Types>
`;
  writeFileSync(
    out,
    zip([
      ["[Content_Types].xml", Buffer.from(contentTypes)],
      ["extension.vsixmanifest", Buffer.from(vsixManifest)],
      ["extension/package.json", readFileSync(join(here, "probe", "package.json"))],
      ["extension/extension.js", readFileSync(join(here, "probe", "extension.js"))],
    ]),
  );
}

// A child in a process group of its own, so that it and everything it starts can be ended.
function start(name, command, args, env) {
  const output = [];
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const entry = { name, child, output, exited: once(child, "exit") };
  children.push(entry);
  return entry;
}

function outputOf(entry) {
  return Buffer.concat(entry.output).toString("utf8");
}

async function run(name, command, args, timeoutMs) {
  const entry = start(name, command, args, {});
  let timer;
  const [code] = await Promise.race([
    entry.exited,
    new Promise((_, fail) => {
      timer = setTimeout(() => {
        fail(new Failure(`${name} did not finish in ${timeoutMs / 1000} s:\n${outputOf(entry)}`));
      }, timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (code !== 0) {
    throw new Failure(`${name} exited ${code}:\n${outputOf(entry)}`);
  }
  return outputOf(entry);
}

async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) {
        return value;
      }
    } catch (error) {
      // A Failure is final; anything else means not ready yet (a refused connection, no file).
      if (error instanceof Failure) {
        throw error;
      }
    }
    if (Date.now() > deadline) {
      throw new Failure(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    }
    await sleep(250);
  }
}

// The smallest CDP client: one page, commands by id, events kept for the report.
async function devtools(port) {
  const targets = await until("Chromium's DevTools endpoint", 30_000, async () => {
    const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    return list.some((t) => t.type === "page") ? list : undefined;
  });
  const page = targets.find((t) => t.type === "page");
  const socket = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((done, fail) => {
    socket.onopen = done;
    socket.onerror = () => fail(new Failure("could not connect to Chromium's page over CDP"));
  });
  let next = 0;
  const pending = new Map();
  const errors = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id !== undefined) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    } else if (message.method === "Runtime.exceptionThrown") {
      const details = message.params.exceptionDetails;
      errors.push(details.exception?.description ?? details.text);
    } else if (message.method === "Runtime.consoleAPICalled" && message.params.type === "error") {
      errors.push(message.params.args.map((a) => a.value ?? a.description ?? "").join(" "));
    } else if (message.method === "Log.entryAdded" && message.params.entry.level === "error") {
      errors.push(`${message.params.entry.text} ${message.params.entry.url ?? ""}`);
    }
  };
  const send = (method, params = {}) =>
    new Promise((done, fail) => {
      const id = ++next;
      pending.set(id, (message) =>
        message.error ? fail(new Failure(`${method}: ${message.error.message}`)) : done(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, errors, close: () => socket.close() };
}

function filesUnder(dir) {
  if (!existsSync(dir)) {
    return [];
  }
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

// The extension host's log says which extensions activated, on which event, and their errors.
function extensionHostLogs(userData) {
  return filesUnder(join(userData, "logs")).filter((path) => path.endsWith("remoteexthost.log"));
}

function printLogs(userData) {
  for (const path of extensionHostLogs(userData)) {
    const text = readFileSync(path, "utf8").trim();
    console.log(`----- ${path} (last 80 lines)\n${text.split("\n").slice(-80).join("\n")}`);
  }
  for (const entry of children.filter((c) => c.name === "code-server" || c.name === "chromium")) {
    const lines = outputOf(entry).trim().split("\n");
    console.log(`----- ${entry.name}'s output (last 40 lines)\n${lines.slice(-40).join("\n")}`);
  }
}

function judge(report) {
  const problems = [];
  if (report.error) {
    problems.push(`the probe failed: ${report.error}`);
  }
  if (!report.extensions?.phaselint?.active) {
    problems.push("the phaselint extension is not active");
  }
  for (const [file, expected] of Object.entries(FILES)) {
    const seen = report.files?.find((f) => f.file === file);
    if (!seen) {
      problems.push(`${file}: not in the probe's report`);
      continue;
    }
    if (seen.error) {
      problems.push(`${file}: ${seen.error}`);
      continue;
    }
    if (seen.languageId !== expected.language) {
      problems.push(`${file}: VS Code's language is ${seen.languageId}, not ${expected.language}`);
    }
    const pl102 = seen.diagnostics.filter((d) => d.code === "PL102" && d.source === "phaselint");
    if (pl102.length === 0) {
      problems.push(
        `${file}: no PL102 from phaselint in ${PER_FILE_MS / 1000} s (the extension did not attach?); ` +
          `diagnostics: ${JSON.stringify(seen.diagnostics)}`,
      );
      continue;
    }
    if (!pl102.some((d) => d.text === "Play this ability")) {
      const texts = JSON.stringify(pl102.map((d) => d.text));
      problems.push(`${file}: PL102 is on ${texts}, not "Play this ability"`);
    }
    // Hover and code actions are asked of the server only for documents the extension's selector
    // takes, so they prove the attachment on each file.
    if (!seen.hovers?.some((text) => text.includes("Play this ability"))) {
      const hovers = JSON.stringify(seen.hovers);
      problems.push(`${file}: no hover from phaselint on "Play this ability": ${hovers}`);
    }
    if (!seen.fixTitle) {
      problems.push(`${file}: no PL102 quick fix among ${JSON.stringify(seen.actions)}`);
    } else if (
      !seen.fixApplied ||
      !seen.fixChanged ||
      seen.fixedLine.includes("Play this ability") ||
      !/\bActivate only\b/.test(seen.fixedLine)
    ) {
      const left = JSON.stringify(seen.fixedLine);
      problems.push(`${file}: the fix "${seen.fixTitle}" left ${left} (applied: ${seen.fixApplied})`);
    }
  }
  const legacy = report.files?.find((f) => f.file === FIRST_LINE_FILE);
  if (legacy?.languageId !== "mse") {
    problems.push(
      `${FIRST_LINE_FILE}: a file starting "mse_version:" has language ${legacy?.languageId}, ` +
        "not mse (the language's firstLine)",
    );
  }
  return problems;
}

function summary(report) {
  for (const seen of report.files ?? []) {
    if (seen.languageOnly) {
      log(`${seen.file}: language ${seen.languageId}`);
      continue;
    }
    const codes = (seen.diagnostics ?? []).map((d) => `${d.code} "${d.text}"`).join(", ");
    const error = seen.error ? `, error ${seen.error}` : "";
    log(`${seen.file}: language ${seen.languageId}, after ${seen.waitedMs} ms: ${codes || "no diagnostics"}${error}`);
    if (seen.hovers) {
      const first = seen.hovers.find((h) => h.trim()) ?? "";
      log(`  hover: ${seen.hovers.length} (${JSON.stringify(first.split("\n")[0])})`);
    }
    if (seen.actions) {
      log(`  actions: ${seen.actions.map((a) => `${a.title} [${a.kind}; ${a.codes.join(",")}]`).join("; ")}`);
    }
    if (seen.fixTitle) {
      const line = JSON.stringify(seen.fixedLine.trim());
      log(`  fix "${seen.fixTitle}" applied=${seen.fixApplied} changed=${seen.fixChanged}: ${line}`);
    }
  }
}

async function main() {
  if (typeof WebSocket !== "function" || typeof zlib.crc32 !== "function") {
    throw new Failure(
      `Node ${process.version} has no built-in WebSocket or zlib.crc32: run this with Node 22 or later`,
    );
  }
  if (!process.env.PHASELINT) {
    throw new Failure("set PHASELINT to the phaselint binary (e.g. target/debug/phaselint)");
  }
  const phaselint = resolve(process.env.PHASELINT);
  executable(phaselint, "PHASELINT");
  const vsix = resolve(process.env.PHASELINT_VSIX ?? join(here, "..", "phaselint-0.1.0.vsix"));
  if (!existsSync(vsix)) {
    throw new Failure(`no .vsix at ${vsix} (npm run package makes it)`);
  }
  const codeServerBin = which(process.env.CODE_SERVER ?? "code-server");
  const chromiumBin = which(process.env.CHROMIUM ?? "chromium");

  tmp = mkdtempSync(join(tmpdir(), "phaselint-e2e-"));
  // code-server writes a default config (and may write data) under these; keep it all in tmp.
  for (const name of ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"]) {
    process.env[name] = join(tmp, "xdg", name.toLowerCase());
  }
  const workspace = join(tmp, "workspace");
  const userData = join(tmp, "user-data");
  const extensions = join(tmp, "extensions");
  const profile = join(tmp, "chromium");
  for (const dir of [workspace, join(workspace, ".vscode"), join(userData, "User"), extensions, profile]) {
    mkdirSync(dir, { recursive: true });
  }
  for (const [file, { text }] of Object.entries(FILES)) {
    mkdirSync(dirname(join(workspace, file)), { recursive: true });
    writeFileSync(join(workspace, file), text);
  }
  writeFileSync(join(workspace, FIRST_LINE_FILE), FIRST_LINE_TEXT);
  writeFileSync(
    join(workspace, ".vscode", "settings.json"),
    JSON.stringify({ "phaselint.path": phaselint }, null, 2),
  );
  // Without these, a trust prompt, a welcome page or a gallery lookup could stand in the way.
  writeFileSync(
    join(userData, "User", "settings.json"),
    JSON.stringify(
      {
        "security.workspace.trust.enabled": false,
        "workbench.startupEditor": "none",
        "extensions.autoCheckUpdates": false,
        "extensions.autoUpdate": false,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
      },
      null,
      2,
    ),
  );
  const result = join(tmp, "result.json");
  const plan = join(tmp, "plan.json");
  writeFileSync(
    plan,
    JSON.stringify({
      files: Object.keys(FILES),
      languageOnly: [FIRST_LINE_FILE],
      deadlineMs: PER_FILE_MS,
      result,
    }),
  );
  const probeVsix = join(tmp, "phaselint-e2e-probe.vsix");
  packProbe(probeVsix);

  const dirs = ["--extensions-dir", extensions, "--user-data-dir", userData];
  // The version line, without the log lines code-server may print first.
  const codeServerVersion = await run("code-server --version", codeServerBin, ["--version"], 60_000);
  log(`code-server ${codeServerVersion.split("\n").find((line) => /^\d+\./.test(line))}`);
  // Debian's chromium is a wrapper script whose checks may print before the version.
  log(`${(await run("chromium --version", chromiumBin, ["--version"], 60_000)).trim().split("\n").pop()}`);
  log(`phaselint ${(await run("phaselint --version", phaselint, ["--version"], 60_000)).trim()}`);
  log(`installing ${vsix} and the probe`);
  await run(
    "code-server --install-extension",
    codeServerBin,
    [...dirs, "--install-extension", vsix, "--install-extension", probeVsix],
    180_000,
  );
  const installed = readdirSync(extensions).filter((name) => !name.startsWith("."));
  log(`installed: ${installed.join(", ")}`);

  const port = await freePort();
  const codeServer = start(
    "code-server",
    codeServerBin,
    [
      ...dirs,
      "--auth",
      "none",
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      workspace,
    ],
    { PHASELINT_E2E_PLAN: plan },
  );
  try {
    await until("code-server to serve", 60_000, async () => {
      if (codeServer.child.exitCode !== null) {
        throw new Failure(`code-server exited ${codeServer.child.exitCode}:\n${outputOf(codeServer)}`);
      }
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined;
    });
    log(`code-server is serving on 127.0.0.1:${port}`);

    // The background flags keep Chromium from connecting out: the network is closed, and refused
    // connections only slow it down.
    start("chromium", chromiumBin, [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--window-size=1280,800",
      "about:blank",
    ]);
    // With port 0 Chromium picks a free port and writes it first in DevToolsActivePort.
    const cdpPort = await until("Chromium's DevToolsActivePort", 30_000, () =>
      Number(readFileSync(join(profile, "DevToolsActivePort"), "utf8").split("\n")[0]) || undefined,
    );
    const cdp = await devtools(cdpPort);
    await cdp.send("Runtime.enable");
    await cdp.send("Log.enable");
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
    await cdp.send("Page.navigate", { url });
    log("the workbench is loading in Chromium");

    const remaining = OVERALL_MS - (Date.now() - started);
    const report = await until("the probe's report", remaining, () =>
      existsSync(result) ? JSON.parse(readFileSync(result, "utf8")) : undefined,
    ).catch((error) => {
      if (cdp.errors.length) {
        console.log(`----- the page's errors\n${cdp.errors.slice(-20).join("\n")}`);
      }
      throw error;
    });
    cdp.close();
    log(`the probe reported on ${report.files?.length ?? 0} files`);
    summary(report);
    for (const path of extensionHostLogs(userData)) {
      for (const line of readFileSync(path, "utf8").split("\n")) {
        if (line.includes("_doActivateExtension phaselint.phaselint")) {
          log(`extension host: ${line.trim()}`);
        }
      }
    }
    const problems = judge(report);
    if (problems.length) {
      throw new Failure(problems.map((p) => `- ${p}`).join("\n"));
    }
    console.log("vscode-e2e: 1 passed, 0 failed");
  } catch (error) {
    printLogs(userData);
    throw error;
  }
}

// Ends every child's process group: SIGTERM, then SIGKILL for what is left after 5 s.
async function stopAll() {
  const alive = (pid) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const { child } of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 5000;
  while (children.some(({ child }) => alive(child.pid)) && Date.now() < deadline) {
    await sleep(100);
  }
  for (const { child } of children) {
    if (alive(child.pid)) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    console.error(`VS Code end-to-end test interrupted by ${signal}${tmp ? `; kept ${tmp}` : ""}`);
    stopAll().finally(() => process.exit(1));
  });
}

let status = 0;
try {
  await main();
} catch (error) {
  status = 1;
  const reason = error instanceof Failure ? error.message : (error?.stack ?? error);
  console.error(`VS Code end-to-end test FAILED:\n${reason}`);
  console.log("vscode-e2e: 0 passed, 1 failed");
} finally {
  await stopAll();
  if (tmp && status === 0 && !process.env.PHASELINT_E2E_KEEP) {
    rmSync(tmp, { recursive: true, force: true });
  } else if (tmp) {
    console.error(`kept ${tmp}`);
  }
}
process.exit(status);
