/**
 * Local mode's Firebase Auth: the Auth emulator from firebase-tools, run as a
 * child process whose accounts are kept under the data directory. What keeps them:
 * - The emulator runs in its own process group behind a small "lifeline" process,
 *   so a Ctrl-C or a group SIGTERM meant for the server cannot end it before the
 *   server's final save. The lifeline ends it when the server dies in any way,
 *   SIGKILL included: its stdin is a pipe from the server, which the kernel closes.
 * - Accounts are saved by `persist()`, which identity calls after every account
 *   change before the member sees the answer (firebase.server.ts), once a second as
 *   a backstop, and on stop. A save is atomic and keeps the previous good copy, and
 *   only an answer that is a valid export ever replaces the files.
 * - Nothing is saved before the emulator has imported the saved accounts: it
 *   listens before it imports (firebase-tools' controller), so an early save would
 *   replace them with an empty set.
 * - A taken port, or something other than our emulator answering on it, stops
 *   start-up with a message naming the port: talking to a stranger once saved its
 *   404 page as the accounts.
 * - An imported account keeps the revocation time (`validSince`) it was saved with,
 *   so a restart keeps the sessions that were valid before it and the revoked ones
 *   revoked: the emulator's own import would set it to the import time and sign
 *   every member out (patches/firebase-tools+*.patch, docs/decisions/0040).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { childEnvironment } from "~/infra/config.server";
import { log as defaultLog } from "~/infra/log.server";

export interface AuthEmulatorOptions {
  dataDir: string;
  projectId: string;
  port: number;
  hubPort: number;
  loggingPort: number;
  /** How often to look for changed accounts; 0 turns the watcher off. */
  persistIntervalMs?: number;
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface AuthEmulator {
  /** host:port, the value FIREBASE_AUTH_EMULATOR_HOST takes. */
  readonly host: string;
  readonly origin: string;
  readonly projectId: string;
  /** The emulator's own process (firebase-tools), inside the lifeline's process group. */
  readonly pid: number | undefined;
  /**
   * Saves the accounts if they changed since the last save, in a save that starts
   * after this call; rejects when they could not be saved.
   */
  persist(): Promise<void>;
  answers(): Promise<boolean>;
  stop(): Promise<void>;
}

const EXPORT_METADATA = "firebase-export-metadata.json";
const ACCOUNTS_PATH = "auth_export";
const ACCOUNTS_KIND = "identitytoolkit#DownloadAccountResponse";
const READY_LINE = "All emulators ready";
const PID_LINE = /klife-lifeline emulator (\d+)/;

/**
 * Runs as `node -e LIFELINE -- <firebase.js> emulators:start …` in its own process
 * group: starts the emulator in that group, passes SIGTERM/SIGINT on, and ends it
 * (SIGTERM, then SIGKILL) when its stdin, a pipe from the server, reaches EOF.
 */
const LIFELINE = `
const { spawn } = require("node:child_process");
const emulator = spawn(process.execPath, process.argv.slice(1), { stdio: ["ignore", "inherit", "inherit"] });
process.stdout.on("error", () => {});
process.stdout.write("klife-lifeline emulator " + emulator.pid + "\\n");
let ending = false;
const end = (signal) => {
  if (ending) return;
  ending = true;
  emulator.kill(signal);
  setTimeout(() => emulator.kill("SIGKILL"), 4000);
};
emulator.on("error", () => process.exit(1));
emulator.on("exit", (code) => process.exit(code ?? 1));
process.on("SIGTERM", () => end("SIGTERM"));
process.on("SIGINT", () => end("SIGINT"));
process.on("SIGHUP", () => end("SIGTERM"));
process.stdin.on("end", () => end("SIGTERM"));
process.stdin.on("error", () => end("SIGTERM"));
process.stdin.resume();
`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** accounts:batchGet's answer (what an export's accounts.json holds): its users, or null if it is not one. */
export function parseAccounts(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value) || value.kind !== ACCOUNTS_KIND || !Array.isArray(value.users)) return null;
    return value.users.every((u) => isObject(u) && typeof u.localId === "string") ? value.users : null;
  } catch {
    return null;
  }
}

/** The emulator's project config (an export's config.json), or null if the text is not one. */
function parseConfig(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && isObject(value.signIn) ? value : null;
  } catch {
    return null;
  }
}

/** The number of accounts in an export directory, or null when it is missing or damaged. */
function readExport(dir: string): number | null {
  try {
    const metadata: unknown = JSON.parse(fs.readFileSync(path.join(dir, EXPORT_METADATA), "utf8"));
    if (!isObject(metadata) || !isObject(metadata.auth) || metadata.auth.path !== ACCOUNTS_PATH) return null;
    const users = parseAccounts(fs.readFileSync(path.join(dir, ACCOUNTS_PATH, "accounts.json"), "utf8"));
    const config = parseConfig(fs.readFileSync(path.join(dir, ACCOUNTS_PATH, "config.json"), "utf8"));
    return users && config ? users.length : null;
  } catch {
    return null;
  }
}

function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes and fsyncs a file at `tmp`, then renames it to `file` (same file system). */
function writeDurably(tmp: string, file: string, data: string) {
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** Makes `to` another name of `from`'s current contents, atomically (a hard link, or a copy). */
function keepCopy(from: string, to: string, tmp: string) {
  fs.rmSync(tmp, { force: true });
  try {
    fs.linkSync(from, tmp);
  } catch {
    fs.copyFileSync(from, tmp);
    const fd = fs.openSync(tmp, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, to);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readCmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/**
 * Ends the process group of an emulator left running by a server that died (a
 * lifeline that could not do its job, or an older server without one). The pid
 * file holds the group id and the emulator's pid; a process is ended only when its
 * command line is an emulator started with our config file.
 */
function killOrphan(pidFile: string, configFile: string, log: (line: string) => void): boolean {
  let pids: number[];
  try {
    pids = fs.readFileSync(pidFile, "utf8").trim().split(/\s+/).map(Number);
  } catch {
    return false;
  }
  const [group, member] = pids;
  if (!group || !Number.isInteger(group) || group <= 1) return false;
  const ours = (pid: number | undefined) => {
    if (!pid || !Number.isInteger(pid) || pid <= 1) return false;
    const cmdline = readCmdline(pid);
    return cmdline.includes("emulators:start") && cmdline.includes(configFile);
  };
  if (!ours(group) && !ours(member)) return false;
  try {
    process.kill(-group, "SIGKILL");
  } catch {
    // An emulator from before the lifeline is not a group leader: end it alone.
    try {
      process.kill(group, "SIGKILL");
    } catch {
      return false;
    }
  }
  log(`auth emulator: ended the orphaned emulator process group ${group}`);
  return true;
}

/** What answers at an emulator's root (`http://host:port`): a ready Auth emulator, something else, or nothing. */
async function probeEmulator(origin: string): Promise<"emulator" | "other" | "none"> {
  let res: Response;
  try {
    res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
  } catch {
    return "none";
  }
  const body: unknown = await res.json().catch(() => null);
  return res.ok && isObject(body) && isObject(body.authEmulator) && body.authEmulator.ready === true
    ? "emulator"
    : "other";
}

const PORT_NAMES = ["AUTH_EMULATOR_PORT", "AUTH_EMULATOR_HUB_PORT", "AUTH_EMULATOR_LOGGING_PORT"] as const;

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const log = options.log ?? ((message: string) => defaultLog.info("authEmulator", { message }));
  const home = path.resolve(options.dataDir, "auth-emulator");
  // The live export and the previous good one. The previous one must not sit in
  // auth_export: the emulator imports every file there whose name has "accounts".
  const exportDir = path.join(home, "export");
  const prevDir = path.join(home, "export.prev");
  const staging = path.join(home, "staging");
  const pidFile = path.join(home, "emulator.pid");
  const configFile = path.join(home, "firebase.json");
  for (const dir of [path.join(exportDir, ACCOUNTS_PATH), path.join(prevDir, ACCOUNTS_PATH), path.join(home, "tmp")]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  // Half-written files of an older version would be imported as a tenant's accounts.
  for (const name of fs.readdirSync(path.join(exportDir, ACCOUNTS_PATH))) {
    if (name.endsWith(".tmp")) fs.rmSync(path.join(exportDir, ACCOUNTS_PATH, name), { force: true });
  }

  const ports = [options.port, options.hubPort, options.loggingPort];
  const allFree = async () => (await Promise.all(ports.map(portIsFree))).every(Boolean);
  if (killOrphan(pidFile, configFile, log)) {
    const deadline = Date.now() + 10_000;
    while (!(await allFree()) && Date.now() < deadline) await sleep(100);
  }
  for (const [i, port] of ports.entries()) {
    if (!(await portIsFree(port))) throw new Error(`${PORT_NAMES[i]} ${port} is already in use by another process`);
  }

  // Import the live export; if it is damaged, the previous good copy; if both are, stop:
  // starting empty would overwrite the damaged accounts at the first save.
  let importDir: string | null = null;
  let expected = 0;
  const live = readExport(exportDir);
  const prev = readExport(prevDir);
  const liveExists = [EXPORT_METADATA, path.join(ACCOUNTS_PATH, "accounts.json")].some((f) =>
    fs.existsSync(path.join(exportDir, f)),
  );
  if (live !== null) [importDir, expected] = [exportDir, live];
  else if (prev !== null) {
    [importDir, expected] = [prevDir, prev];
    if (liveExists) log(`auth emulator: the saved accounts in ${exportDir} are damaged; importing ${prevDir}`);
  } else if (liveExists) {
    throw new Error(
      `auth emulator: the saved accounts in ${exportDir} are damaged and there is no good previous copy in ${prevDir}; move them aside to start without accounts`,
    );
  }
  // Only a good live export is kept as the previous copy at the next save.
  let liveIsGood = live !== null;

  const origin = `http://127.0.0.1:${options.port}`;
  writeDurably(
    path.join(staging, "firebase.json"),
    configFile,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: "127.0.0.1", port: options.port },
        hub: { host: "127.0.0.1", port: options.hubPort },
        logging: { host: "127.0.0.1", port: options.loggingPort },
        ui: { enabled: false },
      },
    }),
  );

  const firebaseBin = createRequire(import.meta.url).resolve("firebase-tools/lib/bin/firebase.js");
  const args = [firebaseBin, "emulators:start", "--only", "auth", "--project", options.projectId];
  args.push("--config", configFile);
  if (importDir) args.push("--import", importDir);

  const child: ChildProcess = spawn(process.execPath, ["-e", LIFELINE, "--", ...args], {
    cwd: home,
    // Its own process group: signals for the server's group do not reach it.
    detached: true,
    env: childEnvironment({
      // The emulator must not look for updates or report usage on a closed network.
      NO_UPDATE_NOTIFIER: "1",
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
      FIREBASE_AUTH_EMULATOR_HOST: "",
      // Its hub locator file goes here rather than into the shared temporary directory.
      TMPDIR: path.join(home, "tmp"),
    }),
    // stdin stays open and unused: its EOF tells the lifeline that the server is gone.
    stdio: ["pipe", "pipe", "pipe"],
  });
  const group = child.pid;
  const writePidFile = (emulatorPid?: number) =>
    writeDurably(path.join(staging, "emulator.pid"), pidFile, [group, emulatorPid].filter(Boolean).join(" "));
  if (group) writePidFile();

  let output = "";
  let ready = false;
  let emulatorPid: number | undefined;
  let exited: string | null = null;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    ready ||= output.includes(READY_LINE);
    if (emulatorPid === undefined) {
      const match = PID_LINE.exec(output);
      if (match) {
        emulatorPid = Number(match[1]);
        if (group) writePidFile(emulatorPid);
      }
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  child.stdin?.on("error", () => undefined);
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = `auth emulator exited (${signal ?? code}):\n${output}`;
      resolve();
    });
  });
  const alive = () => exited === null;

  const killGroup = () => {
    try {
      if (group) process.kill(-group, "SIGKILL");
    } catch {
      // Gone already.
    }
  };

  const probe = () => probeEmulator(origin);

  const api = `${origin}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}`;
  const owner = { Authorization: "Bearer owner" };
  const download = async (url: string, parse: (text: string) => unknown) => {
    const res = await fetch(url, { headers: owner, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !type.includes("application/json") || parse(text) === null) {
      throw new Error(`${url} answered ${res.status} ${type}, not a valid export: ${text.slice(0, 120)}`);
    }
    return text;
  };
  const accountsUrl = `${api}/accounts:batchGet?maxResults=-1`;

  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    for (;;) {
      if (!alive()) throw new Error(exited!);
      const answer = await probe();
      if (answer === "other") {
        throw new Error(
          `AUTH_EMULATOR_PORT ${options.port}: something other than the Firebase Auth emulator answers there`,
        );
      }
      // The ready line comes after the import (firebase-tools imports right after the emulator listens).
      if (answer === "emulator" && ready) break;
      if (Date.now() > deadline) {
        throw new Error(`auth emulator was not ready within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`);
      }
      await sleep(150);
    }
    // Belt and braces: every saved account is there before anything is saved again.
    for (;;) {
      const users = parseAccounts(await download(accountsUrl, parseAccounts));
      if (users && users.length >= expected) break;
      if (Date.now() > deadline) throw new Error(`auth emulator imported ${users?.length} of ${expected} accounts`);
      await sleep(150);
    }
    // Our child printed the ready line and still runs: it, not a stranger, holds the ports.
    if (!alive()) throw new Error(exited!);
  } catch (error) {
    killGroup();
    fs.rmSync(pidFile, { force: true });
    throw error;
  }

  let lastSaved = "";
  let stopped = false;
  const metadata = JSON.stringify({ version: "klife", auth: { version: "klife", path: ACCOUNTS_PATH } });
  const writeMetadata = (dir: string) => {
    const file = path.join(dir, EXPORT_METADATA);
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (current !== metadata) writeDurably(path.join(staging, "metadata"), file, metadata);
  };

  /** One save: both files downloaded and checked, then each replaces its live copy, the live one kept as previous. */
  const save = async () => {
    const [accounts, config] = await Promise.all([
      download(accountsUrl, parseAccounts),
      download(`${origin}/emulator/v1/projects/${options.projectId}/config`, parseConfig),
    ]);
    const digest = createHash("sha256").update(accounts).update("\0").update(config).digest("hex");
    if (digest === lastSaved) return;
    writeDurably(path.join(staging, "accounts.json"), path.join(staging, "accounts.json.ready"), accounts);
    writeDurably(path.join(staging, "config.json"), path.join(staging, "config.json.ready"), config);
    if (liveIsGood) {
      for (const name of ["accounts.json", "config.json"]) {
        keepCopy(
          path.join(exportDir, ACCOUNTS_PATH, name),
          path.join(prevDir, ACCOUNTS_PATH, name),
          path.join(staging, `${name}.prev`),
        );
      }
      writeMetadata(prevDir);
      fsyncDir(path.join(prevDir, ACCOUNTS_PATH));
      fsyncDir(prevDir);
    }
    fs.renameSync(path.join(staging, "accounts.json.ready"), path.join(exportDir, ACCOUNTS_PATH, "accounts.json"));
    fs.renameSync(path.join(staging, "config.json.ready"), path.join(exportDir, ACCOUNTS_PATH, "config.json"));
    writeMetadata(exportDir);
    fsyncDir(path.join(exportDir, ACCOUNTS_PATH));
    fsyncDir(exportDir);
    liveIsGood = true;
    lastSaved = digest;
  };

  // One save at a time. A caller that arrives mid-save needs a save that starts after
  // its change: all such callers share the next one.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const begin = (): Promise<void> => {
    const current = save().finally(() => {
      running = null;
    });
    running = current;
    return current;
  };
  const persist = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    let result: Promise<void>;
    if (queued) result = queued;
    else if (running) {
      const next = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return begin();
        });
      queued = next;
      result = next;
    } else result = begin();
    return result.catch((error: unknown) => {
      log(`auth emulator: could not save accounts (the saved ones are kept): ${String(error)}`);
      throw error;
    });
  };

  // The first save records what was imported, so the watcher only writes on change.
  try {
    await persist();
  } catch (error) {
    killGroup();
    fs.rmSync(pidFile, { force: true });
    throw error;
  }
  const watcher =
    options.persistIntervalMs === 0
      ? null
      : setInterval(() => void persist().catch(() => undefined), options.persistIntervalMs ?? 1000);
  watcher?.unref();

  return {
    host: `127.0.0.1:${options.port}`,
    origin,
    projectId: options.projectId,
    pid: emulatorPid,
    persist,
    async answers() {
      return alive() && (await probe()) === "emulator";
    },
    async stop() {
      if (stopped) return;
      if (watcher) clearInterval(watcher);
      if (alive()) await persist().catch(() => undefined);
      stopped = true;
      // The lifeline passes SIGTERM on and escalates to SIGKILL itself; this is the last resort.
      if (alive()) child.kill("SIGTERM");
      const ended = await Promise.race([exitPromise.then(() => true), sleep(8000).then(() => false)]);
      if (!ended) {
        log("auth emulator: did not stop within 8 s; killing it");
        killGroup();
      }
      child.stdin?.destroy();
      fs.rmSync(pidFile, { force: true });
    },
  };
}

/**
 * An Auth emulator another process started and owns (AUTH_EMULATOR_HOST): several local processes share one.
 * This handle never stops it and saves nothing: the owner saves the accounts, after its own changes before they
 * resolve and everyone's within its watcher's second. Refuses, naming the variable, when nothing or something
 * else answers there within `waitMs`.
 */
export async function sharedAuthEmulator(host: string, projectId: string, waitMs = 10_000): Promise<AuthEmulator> {
  const origin = `http://${host}`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const answer = await probeEmulator(origin);
    if (answer === "emulator") break;
    if (answer === "other") {
      throw new Error(`AUTH_EMULATOR_HOST ${host}: something other than the Firebase Auth emulator answers there`);
    }
    if (Date.now() > deadline) throw new Error(`AUTH_EMULATOR_HOST ${host}: no Auth emulator answers there`);
    await sleep(250);
  }
  return otherProcessEmulator(host, projectId);
}

/** A handle on an Auth emulator this process did not start: it saves nothing and stops nothing. */
export function otherProcessEmulator(host: string, projectId: string): AuthEmulator {
  const origin = `http://${host}`;
  return {
    host,
    origin,
    projectId,
    pid: undefined,
    persist: async () => undefined,
    answers: async () => (await probeEmulator(origin)) === "emulator",
    stop: async () => undefined,
  };
}
