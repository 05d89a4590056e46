#!/usr/bin/env node
/**
 * Where the benchmark's CPU goes (decision 0089): for a few pages, the CPU time per request of the server
 * process (from /proc/<pid>/stat) and of the load client (its own process.cpuUsage), over a fixed number of
 * requests, with the client run by this Node (the carried one) and by another (CPU_CLIENT_NODES, default
 * /usr/bin/node), repeated CPU_REPEATS times (medians). CPU per request hardly moves on a loaded machine,
 * where requests per second do. Needs a build (`npm run build`, `npx remix build` in bench/baseline).
 *
 * Env: CPU_CLIENTS (of node, the CPU_CLIENT_NODES paths, wrk; all unless told), CPU_TARGETS (names, comma-separated; all unless told), CPU_REQUESTS (4000), CPU_REPEATS (3), CPU_CONNECTIONS (BENCH_CONNECTIONS, 10), CPU_PIPELINING (1),
 * CPU_CLIENT_NODES (comma-separated `node` paths besides this one), CPU_TASKSET ("server,client" cpu lists).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { joinByPhone } from "./member.mjs";
import { wrk } from "./wrk.mjs";
import { HUMAN, languageCookie, median, root, runBenchmark, startApp, startBaseline } from "./servers.mjs";

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 4000);
const REPEATS = Number(process.env.CPU_REPEATS ?? 3);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? process.env.BENCH_CONNECTIONS ?? 10);
const PIPELINING = Number(process.env.CPU_PIPELINING ?? 1);
const OTHER_NODES = (process.env.CPU_CLIENT_NODES ?? "/usr/bin/node").split(",").filter(Boolean);
const [SERVER_CPUS, CLIENT_CPUS] = (process.env.CPU_TASKSET ?? ",").split(",");
const WRK_SECONDS = Number(process.env.CPU_WRK_SECONDS ?? 4);
const TICK_MS = 1000 / 100; // USER_HZ: /proc/<pid>/stat counts in 1/100 s

const LOAN_360 = "/finance/loan?amount=300%2C000%2C000&rate=4.2&months=360&method=equalPayment";

/** utime + stime of `pid` in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMsOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function pin(pid, cpus) {
  if (!cpus) return;
  spawn("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
}

function client(node, url, headers, amount) {
  return new Promise((resolve, reject) => {
    const args = [
      path.join(root, "bench/cpu-client.mjs"),
      url,
      String(amount),
      String(CONNECTIONS),
      String(PIPELINING),
      JSON.stringify(headers),
    ];
    const command = CLIENT_CPUS ? "taskset" : node;
    const child = spawn(command, CLIENT_CPUS ? ["-c", CLIENT_CPUS, node, ...args] : args, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop())) : reject(new Error(`client exited ${code}`)),
    );
  });
}

async function main() {
  const app = await startApp();
  const baseline = await startBaseline();
  pin(app.pid, SERVER_CPUS);
  pin(baseline.pid, SERVER_CPUS);
  const headers = { "user-agent": HUMAN, cookie: languageCookie("en"), "accept-encoding": "gzip" };
  const signedIn = { ...headers, cookie: `${headers.cookie}; ${await joinByPhone(app.url, app.dataDir)}` };
  const all = [
    {
      name: "baseline /",
      url: `${baseline.url}/`,
      pid: baseline.pid,
      headers: { "user-agent": HUMAN, "accept-encoding": "gzip" },
    },
    { name: "app /", url: `${app.url}/`, pid: app.pid, headers },
    { name: "app /language", url: `${app.url}/language`, pid: app.pid, headers },
    { name: "app / signed in", url: `${app.url}/`, pid: app.pid, headers: signedIn },
    { name: "app /mypage", url: `${app.url}/mypage`, pid: app.pid, headers: signedIn },
    { name: "app /finance/loan 360", url: `${app.url}${LOAN_360}`, pid: app.pid, headers },
    { name: "app /benefit", url: `${app.url}/benefit`, pid: app.pid, headers },
  ];
  const only = process.env.CPU_TARGETS?.split(",");
  const targets = only ? all.filter((t) => only.includes(t.name)) : all;
  const nodes = [process.execPath, ...OTHER_NODES, "wrk"].filter(
    (n) => !process.env.CPU_CLIENTS || process.env.CPU_CLIENTS.split(",").includes(n === process.execPath ? "node" : n),
  );
  console.log(
    `${REQUESTS} requests × ${REPEATS} repeats, ${CONNECTIONS} connections, pipelining ${PIPELINING}` +
      (CLIENT_CPUS ? `, server on cpu ${SERVER_CPUS}, client on cpu ${CLIENT_CPUS}` : ""),
  );
  for (const t of targets) {
    const answer = await fetch(t.url, { headers: t.headers });
    const body = Buffer.from(await answer.arrayBuffer());
    console.log(
      `${t.name}: HTTP ${answer.status}, ${answer.headers.get("content-encoding") ?? "identity"}, ${body.length} bytes decoded`,
    );
    await client(process.execPath, t.url, t.headers, REQUESTS / 2); // warm-up
  }
  console.log(`${"target".padEnd(24)} ${"client node".padEnd(12)} server ms/req  client ms/req  client/server  req/s`);
  for (const t of targets) {
    for (const node of nodes) {
      const rows = [];
      for (let i = 0; i < REPEATS; i++) {
        const serverBefore = cpuMsOf(t.pid);
        const r =
          node === "wrk"
            ? await wrk(t.url, t.headers, { connections: CONNECTIONS, seconds: WRK_SECONDS, cpus: CLIENT_CPUS }).then(
                (w) => ({
                  ...w,
                  node: "wrk",
                  wallMs: WRK_SECONDS * 1000,
                }),
              )
            : await client(node, t.url, t.headers, REQUESTS);
        const serverMs = cpuMsOf(t.pid) - serverBefore;
        if (r.non2xx || r.errors) console.log(`  ${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        rows.push({
          server: serverMs / r.requests,
          client: r.cpuMs / r.requests,
          rps: (r.requests / r.wallMs) * 1000,
          version: r.node,
        });
      }
      const s = median(rows.map((r) => r.server));
      const c = median(rows.map((r) => r.client));
      console.log(
        `${t.name.padEnd(24)} ${rows[0].version.padEnd(12)} ${s.toFixed(3).padStart(13)}  ${c.toFixed(3).padStart(13)}  ${(c / s).toFixed(2).padStart(13)}  ${median(
          rows.map((r) => r.rps),
        )
          .toFixed(0)
          .padStart(5)}` +
          `   (server ${rows.map((r) => r.server.toFixed(3)).join("/")}, client ${rows.map((r) => r.client.toFixed(3)).join("/")})`,
      );
    }
  }
}

runBenchmark(main);
