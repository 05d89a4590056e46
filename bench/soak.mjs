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
import fs from "node:fs";
import autocannon from "autocannon";
import { joinByPhone } from "./member.mjs";
import { languageCookie, run, root, runBenchmark, startApp } from "./servers.mjs";

const ROUNDS = Math.max(4, Number(process.env.SOAK_ROUNDS ?? 8));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const EN_COOKIE = languageCookie("en");

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function main() {
  if (process.env.SOAK_SKIP_BUILD !== "1") {
    console.log("building…");
    run("npm", ["run", "build", "--silent"], root);
  }
  const app = await startApp();
  const base = app.url;
  const member = await joinByPhone(base, app.dataDir);
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
}

runBenchmark(main);
