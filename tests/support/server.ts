/**
 * Starts the built server (build/server.js) as a real process in local mode, on
 * free loopback ports with its own data directory, as an operator would. Stopping
 * it, by any signal, waits until its Auth emulator is gone too, and removes a data
 * directory that startServer made: a test run leaves no process or directory behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePorts } from "./ports";
import { authEmulatorIn, type AuthEmulatorAddress } from "./serverLog";
import { waitFor } from "./waitFor";

// From this module's own address: Playwright loads it as an ES module (no __dirname), as the terms spec does.
const root = fileURLToPath(new URL("../..", import.meta.url));
export const serverEntry = path.join(root, "build", "server.js");

export interface RunningServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The Auth emulator's process group (its lifeline) and process, as the server recorded them. */
  emulatorPids: number[];
  /** Where the server's Auth emulator answers, as the server's log says (local mode). */
  authEmulator: AuthEmulatorAddress;
  /**
   * Sends `signal` (to the server's whole process group with `group`, which needs
   * `detached` at launch), waits for the exit and for the emulator to be gone.
   */
  stop(signal?: NodeJS.Signals, options?: { group?: boolean }): Promise<number | null>;
}

export interface LaunchOptions {
  /** Start the server in its own process group, as a shell starts a job. */
  detached?: boolean;
  /** Remove the data directory once the server has stopped. */
  ownsDataDir?: boolean;
  /** Another build's build/server.js (a previous release's checkout) and the node to run it, instead of this one's. */
  entry?: string;
  node?: string;
}

/** Servers still running; a test process that ends without stopping them kills them. */
const running = new Set<{ child: ChildProcess; detached: boolean; dataDir: string | null }>();
process.once("exit", () => {
  for (const server of running) {
    try {
      if (server.detached && server.child.pid) process.kill(-server.child.pid, "SIGKILL");
      else server.child.kill("SIGKILL");
    } catch {
      // Gone already.
    }
    if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** The environment startServer gives the server: local mode on free loopback ports. */
export async function localEnv(dataDir: string, env: Record<string, string> = {}): Promise<Record<string, string>> {
  const [port, authPort, hubPort, loggingPort] = await freePorts(4);
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_EMULATOR_PORT: String(authPort),
    AUTH_EMULATOR_HUB_PORT: String(hubPort),
    AUTH_EMULATOR_LOGGING_PORT: String(loggingPort),
    ...env,
  };
}

/** A fresh data directory, as startServer makes; whoever asks for one removes it. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "klife-server-"));
}

export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build` first");
  const dir = dataDir ?? makeDataDir();
  return launch(await localEnv(dir, env), dir, { ownsDataDir: dataDir === undefined });
}

/** Whether a process is running (not a zombie) with "emulators:start" in its command line. */
export function isEmulator(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    if (/^\d+ \(.*\) Z/s.test(stat)) return false;
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("emulators:start");
  } catch {
    return false;
  }
}

/** Running (non-zombie) processes whose command line contains `text`. */
export function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (/^\d+ \(.*\) Z/s.test(stat)) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) found.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return found;
}

function emulatorPids(dataDir: string): number[] {
  try {
    return fs
      .readFileSync(path.join(dataDir, "auth-emulator", "emulator.pid"), "utf8")
      .trim()
      .split(/\s+/)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 1);
  } catch {
    return [];
  }
}

async function waitUntilGone(pids: number[], timeoutMs: number) {
  await waitFor(`the Auth emulator's processes (${pids}) ending with the server`, () => !pids.some(isEmulator), {
    within: timeoutMs,
    every: 100,
  });
}

export async function launch(
  env: Record<string, string>,
  dataDir: string,
  options: LaunchOptions = {},
): Promise<RunningServer> {
  const entryFile = options.entry ?? serverEntry;
  const child = spawn(options.node ?? process.execPath, [entryFile], {
    cwd: path.resolve(path.dirname(entryFile), ".."),
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  const entry = { child, detached: options.detached ?? false, dataDir: options.ownsDataDir ? dataDir : null };
  running.add(entry);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 90_000;
  let up = false;
  while (!up && Date.now() < deadline) {
    if (child.exitCode !== null) break;
    up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  // Services start before the server listens: the emulator's pid file is complete now.
  const pids = emulatorPids(dataDir);
  let stopping: Promise<number | null> | null = null;
  const stop = (signal: NodeJS.Signals = "SIGTERM", { group = false } = {}) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        if (group) process.kill(-child.pid!, signal);
        else child.kill(signal);
      }
      // Bounded: a server still running a minute after the signal is a failure (and is killed), not a longer wait.
      await waitFor(`the server exiting after ${signal}`, () => child.exitCode !== null || child.signalCode !== null, {
        within: 60_000,
      }).catch((error: unknown) => {
        child.kill("SIGKILL");
        throw error;
      });
      const code = await exited;
      running.delete(entry);
      try {
        // After SIGKILL the emulator's lifeline ends it; after a clean stop it is gone already.
        await waitUntilGone(pids, 15_000);
      } finally {
        if (options.ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      }
      return code;
    })());
  if (!up) {
    await stop("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    url,
    dataDir,
    env,
    child,
    output: () => output,
    exited,
    emulatorPids: pids,
    get authEmulator() {
      const named = authEmulatorIn(output);
      if (!named) throw new Error(`the server's log names no Auth emulator:\n${output}`);
      return named;
    },
    stop,
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function failedStart(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}
