#!/usr/bin/env node
/**
 * npm run bench:soak: memory under sustained load. Starts the built server in
 * local mode, joins a member, then drives 50 connections at a mix of pages
 * (anonymous, signed in, a 404, the visa finder) in rounds of 30 seconds, and
 * prints the server's resident memory after each round and its growth per round
 * after the warm-up (the first two rounds). Flat means the caches are bounded.
 *
 * Env: SOAK_ROUNDS (8), SOAK_SECONDS (30), SOAK_CONNECTIONS (50).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { joinByPhone } from "./member.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = Math.max(4, Number(process.env.SOAK_ROUNDS ?? 8));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const EN_COOKIE = `lng=${Buffer.from(JSON.stringify("en")).toString("base64")}`;

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function main() {
  if (process.env.SOAK_SKIP_BUILD !== "1") {
    console.log("building…");
    if (spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-soak-"));
  const [port, authPort, hubPort, logPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const app = spawn(process.execPath, ["build/server.js"], {
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
    },
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || app.exitCode !== null) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    const member = await joinByPhone(base, dataDir);
    const headers = { cookie: EN_COOKIE, "accept-encoding": "gzip" };
    const requests = [
      { path: "/", headers },
      { path: "/", headers: { ...headers, cookie: `${EN_COOKIE}; ${member}` } },
      { path: "/language", headers },
      { path: "/no/such/page", headers },
      { path: "/member/findVisa?q=student", headers },
      { path: "/member/startId", headers },
    ];
    console.log(`${ROUNDS} rounds × ${SECONDS}s at ${CONNECTIONS} connections; server RSS after each round:`);
    const samples = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const result = await new Promise((resolve, reject) =>
        autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests }, (error, r) =>
          error ? reject(error) : resolve(r),
        ),
      );
      // Let the collector catch up before sampling.
      await new Promise((r) => setTimeout(r, 2000));
      const rss = rssMiB(app.pid);
      samples.push(rss);
      console.log(
        `  round ${round}: ${rss.toFixed(1)} MiB  (${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
    }
    const after = samples.slice(2);
    const growth = (after.at(-1) - after[0]) / (after.length - 1);
    console.log(`growth after warm-up: ${growth.toFixed(2)} MiB per round (rounds 3–${ROUNDS})`);
  } finally {
    app.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (app.exitCode === null) app.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
