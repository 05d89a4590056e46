/**
 * Local mode's Firebase Auth: the Auth emulator from firebase-tools, run as a
 * child process. Its accounts are saved under the data directory as they change
 * (polled once a second and after every call to `persist()`), not only on a clean
 * exit, so a crash loses at most the last second; they are imported again at start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

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
  readonly pid: number | undefined;
  /** Saves the accounts now if they changed since the last save. */
  persist(): Promise<void>;
  answers(): Promise<boolean>;
  stop(): Promise<void>;
}

const EXPORT_METADATA = "firebase-export-metadata.json";

function writeAtomically(file: string, data: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** Ends an emulator left running by a server that crashed, so its ports are free again. */
function killOrphan(pidFile: string, log: (line: string) => void) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, "utf8"));
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (!cmdline.includes("emulators:start")) return;
    process.kill(pid, "SIGKILL");
    log(`auth emulator: ended orphaned emulator process ${pid}`);
  } catch {
    // Gone already, or not ours to end.
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, failed: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = failed();
    if (failure) throw new Error(failure);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`auth emulator did not answer within ${timeoutMs} ms`);
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const log = options.log ?? ((line: string) => console.log(line));
  const home = path.resolve(options.dataDir, "auth-emulator");
  const exportDir = path.join(home, "export");
  const accountsDir = path.join(exportDir, "auth_export");
  const pidFile = path.join(home, "emulator.pid");
  fs.mkdirSync(accountsDir, { recursive: true });
  killOrphan(pidFile, log);

  const origin = `http://127.0.0.1:${options.port}`;
  const configFile = path.join(home, "firebase.json");
  writeAtomically(
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
  const canImport = fs.existsSync(path.join(exportDir, EXPORT_METADATA));

  const firebaseBin = createRequire(import.meta.url).resolve("firebase-tools/lib/bin/firebase.js");
  const args = [firebaseBin, "emulators:start", "--only", "auth", "--project", options.projectId];
  args.push("--config", configFile);
  if (canImport) args.push("--import", exportDir);

  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: home,
    env: {
      ...process.env,
      // The emulator must not look for updates or report usage on a closed network.
      NO_UPDATE_NOTIFIER: "1",
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
      FIREBASE_AUTH_EMULATOR_HOST: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid) fs.writeFileSync(pidFile, String(child.pid));

  let output = "";
  let exited: string | null = null;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = `auth emulator exited (${signal ?? code}) before it answered:\n${output}`;
      resolve();
    });
  });

  const answers = async () => {
    try {
      const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
      return res.ok;
    } catch {
      return false;
    }
  };

  try {
    await waitFor(answers, options.startTimeoutMs ?? 60_000, () => exited);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }

  const api = `${origin}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}`;
  const owner = { Authorization: "Bearer owner" };
  let lastSaved = "";
  let saving: Promise<void> | null = null;
  let stopped = false;

  const save = async () => {
    const [accounts, config] = await Promise.all([
      fetch(`${api}/accounts:batchGet?maxResults=-1`, { headers: owner }).then((r) => r.text()),
      fetch(`${origin}/emulator/v1/projects/${options.projectId}/config`, { headers: owner }).then((r) => r.text()),
    ]);
    const digest = createHash("sha256").update(accounts).update(config).digest("hex");
    if (digest === lastSaved) return;
    writeAtomically(path.join(accountsDir, "accounts.json"), accounts);
    writeAtomically(path.join(accountsDir, "config.json"), config);
    writeAtomically(
      path.join(exportDir, EXPORT_METADATA),
      JSON.stringify({ version: "klife", auth: { version: "klife", path: "auth_export" } }),
    );
    lastSaved = digest;
  };

  const persist = async () => {
    if (stopped && child.exitCode !== null) return;
    // One save at a time; a caller that arrives mid-save waits for a fresh one.
    while (saving) await saving;
    saving = save()
      .catch((error: unknown) => log(`auth emulator: could not save accounts: ${String(error)}`))
      .finally(() => {
        saving = null;
      });
    await saving;
  };

  // The first save records what was imported, so the watcher only writes on change.
  await persist();
  const watcher =
    options.persistIntervalMs === 0 ? null : setInterval(() => void persist(), options.persistIntervalMs ?? 1000);
  watcher?.unref();

  return {
    host: `127.0.0.1:${options.port}`,
    origin,
    projectId: options.projectId,
    pid: child.pid,
    persist,
    answers,
    async stop() {
      if (stopped) return;
      if (watcher) clearInterval(watcher);
      await persist();
      stopped = true;
      child.kill("SIGTERM");
      const killed = await Promise.race([
        exitPromise.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
      ]);
      if (!killed) child.kill("SIGKILL");
      fs.rmSync(pidFile, { force: true });
    },
  };
}
