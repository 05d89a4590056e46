/**
 * Starts the built server (build/server.js) as a real process in local mode, on
 * free loopback ports with its own data directory, as an operator would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePorts } from "./ports";

const root = path.resolve(__dirname, "../..");
export const serverEntry = path.join(root, "build", "server.js");

export interface RunningServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build` first");
  const [port, authPort, hubPort, loggingPort] = await freePorts(4);
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "klife-server-"));
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dir,
    AUTH_EMULATOR_PORT: String(authPort),
    AUTH_EMULATOR_HUB_PORT: String(hubPort),
    AUTH_EMULATOR_LOGGING_PORT: String(loggingPort),
    ...env,
  };
  return launch(fullEnv, dir);
}

export async function launch(env: Record<string, string>, dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 90_000;
  let up = false;
  while (!up && Date.now() < deadline) {
    if (child.exitCode !== null) break;
    up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    url,
    dataDir,
    env,
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
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
