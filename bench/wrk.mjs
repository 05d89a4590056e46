/**
 * The benchmarks' load client (decision 0089): Debian's wrk (C, one thread), run for a number of seconds
 * against one URL; its requests per second, p99 latency, socket errors and non-2xx answers parsed from
 * its report, and the CPU time it spent (read as the children's time of the shell that ran it).
 * scripts/ensure-wrk.mjs installs it (npm run bench does so first).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

/** wrk's path: WRK_BIN, else the first `wrk` on PATH; null when there is none. */
export function wrkBin() {
  if (process.env.WRK_BIN) return fs.existsSync(process.env.WRK_BIN) ? process.env.WRK_BIN : null;
  const found = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

const TICK_MS = 10; // USER_HZ 100: /proc/<pid>/stat counts in 1/100 s

/** A wrk duration like 612.34us, 1.20ms or 2.00s, in ms. */
function durationMs(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2]];
}

/** Parsed from wrk's report (with --latency). */
export function parseReport(report) {
  const number = (re) => Number(re.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const p99 = /^\s*99%\s+(\S+)/m.exec(report);
  return {
    requests: number(/(\d+) requests in/),
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99: p99 ? durationMs(p99[1]) : Number.NaN,
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
  };
}

/**
 * `url` loaded by wrk for `seconds` with `connections` at once on one thread; resolves to the parsed report and
 * `cpuMs`, the CPU time wrk spent. `cpus` (a taskset list) pins it.
 */
export function wrk(url, headers, { connections, seconds, cpus } = {}) {
  const bin = wrkBin();
  if (!bin) throw new Error("wrk is missing: run node scripts/ensure-wrk.mjs");
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const quoted = [bin, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const command = `${cpus ? `taskset -c ${cpus} ` : ""}${quoted}; status=$?; echo; echo "stat: $(cat /proc/$$/stat)"; exit $status`;
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited ${code}: ${err.trim() || out.trim()}`));
      const stat = /stat: (.*)/.exec(out)?.[1] ?? "";
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cpuMs = (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime + cstime
      resolve({ ...parseReport(out), cpuMs });
    });
  });
}
