/**
 * What the benchmarks share: building, free loopback ports, the built app in local
 * mode (with its Auth emulator) and the bare Remix baseline as child processes,
 * and stopping them. Children are stopped when the benchmark ends, fails or is
 * itself stopped (Ctrl-C, SIGTERM from `timeout`, a closed terminal): a benchmark
 * leaves no process and no temporary directory behind.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wrk } from "./wrk.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const baselineDir = path.join(root, "bench", "baseline");

/** A phone's user agent: bots get a different answer on errors, and the pages are made for this. */
export const HUMAN =
  "Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36";

/** The `lng` cookie as the server writes it (a chosen language, so / renders instead of offering selection). */
export const languageCookie = (lng) => `lng=${Buffer.from(JSON.stringify(lng)).toString("base64")}`;

/** What every throughput benchmark reads: BENCH_ROUNDS (3, at least), BENCH_SECONDS (5), BENCH_CONNECTIONS (10). */
export const benchSettings = () => ({
  rounds: Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3)),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
});

/**
 * `url`'s requests per second, p99 latency (ms), socket errors and timeouts, and non-2xx answers over BENCH_SECONDS
 * with `connections` at once (BENCH_CONNECTIONS unless told), loaded by wrk (bench/wrk.mjs, decision 0089: autocannon
 * spent more CPU per large answer than the server, so it, not the page, set the large pages' figures).
 */
export async function measure(url, headers, connections = benchSettings().connections) {
  const { rps, p99, errors, non2xx } = await wrk(url, headers, { connections, seconds: benchSettings().seconds });
  return { rps, p99, errors, non2xx };
}

/**
 * Every target (`{ name, url, headers }`) measured once to warm up, then BENCH_ROUNDS rounds, the order rotated
 * each round so no target always runs first; each target's measurements by name, round by round.
 */
export async function interleavedRounds(targets, onRound = () => {}) {
  const { rounds } = benchSettings();
  for (const t of targets) await measure(t.url, t.headers);
  const results = new Map(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= rounds; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) results.get(t.name).push(await measure(t.url, t.headers));
    onRound(round, rounds);
  }
  return results;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export function run(command, args, cwd) {
  const { status } = spawnSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
  if (status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/** `npm run build` of the app and `remix build` of the baseline. */
export function buildBoth() {
  run("npm", ["run", "build", "--silent"], root);
  run("npx", ["remix", "build"], baselineDir);
}

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited before answering ${url}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

const children = new Set();
const directories = new Set();

/** Stops every child (the app saves and stops its Auth emulator on SIGTERM: waits for that) and removes the temporary directories. */
export async function stopAll() {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      children.delete(child);
    }),
  );
  const left = await processesUsing([...directories]);
  for (const dir of directories) fs.rmSync(dir, { recursive: true, force: true });
  directories.clear();
  if (left.length) console.error(`processes left behind:\n  ${left.join("\n  ")}`);
  return left;
}

/**
 * Processes whose command line names one of `dirs` (the app's Auth emulator names
 * its data directory), waiting a few seconds for those that are still stopping.
 */
async function processesUsing(dirs) {
  if (!dirs.length || !fs.existsSync("/proc")) return [];
  let found = [];
  for (let tries = 0; tries < 40; tries++) {
    found = [];
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
        if (dirs.some((dir) => cmdline.includes(dir))) found.push(`${entry}: ${cmdline.slice(0, 200)}`);
      } catch {
        // Ended while we looked, or no /proc here.
      }
    }
    if (found.length === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return found;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers…`);
    void stopAll().finally(() => process.exit(130));
  });
}

/** Runs `main`, then stops everything whether it succeeded or not; exits 0 or 1. */
export function runBenchmark(main) {
  main()
    .then(
      () => 0,
      (error) => {
        console.error(error);
        return 1;
      },
    )
    .then(async (code) => {
      const left = await stopAll();
      if (!left.length) console.log("stopped the servers; no process left behind");
      process.exit(code || (left.length ? 1 : 0));
    });
}

/** A new temporary directory, removed when the benchmark ends however it ends. */
export function temporaryDirectory(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  directories.add(dir);
  return dir;
}

/**
 * The built app in local mode on a free port, with a fresh data directory (or `dataDir`) and its
 * own Auth emulator ports; rate limits out of the way. Resolves once it is ready.
 */
export async function startApp({ env = {}, dataDir = temporaryDirectory("klife-bench-") } = {}) {
  const [port, authPort, hubPort, logPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authPort),
      AUTH_EMULATOR_HUB_PORT: String(hubPort),
      AUTH_EMULATOR_LOGGING_PORT: String(logPort),
      RATE_LIMIT_ALL: "100000000",
      RATE_LIMIT_MUTATIONS: "100000000",
      RATE_LIMIT_AUTH: "100000000",
      RATE_LIMIT_SSO: "100000000",
      ...env,
    },
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child);
  return { url, dataDir, pid: child.pid, child };
}

/** The bare Remix 2.17 page (bench/baseline, built by buildBoth) served by remix-serve. */
export async function startBaseline() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"],
    {
      cwd: baselineDir,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    },
  );
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child);
  return { url, pid: child.pid };
}
