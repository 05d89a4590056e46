/**
 * The PostgreSQL run of `npm run bench` (issue 29; alone: `npm run bench:postgres`): a
 * throwaway cluster (tests/support/postgres.ts, bundled by esbuild to build/), the
 * deployment made the way an operator moves one (a member joined and 10 000 feeds
 * seeded on SQLite, then `npm run db:copy`), and the built server on DATABASE_URL:
 *
 * - `/` signed in, `/mypage` and `/community` on PostgreSQL, each as a ratio to the bare
 *   page's requests per second in the same run, interleaved round by round (targets: the signed-in
 *   pages ≥ 0.8×, issue 45; /community ≥ 0.7×, issue 29);
 * - two processes on the same database (the second on the first's Auth emulator,
 *   AUTH_EMULATOR_HOST) against one, the same connections in all: the ratio of the totals;
 * - each page's statements per request (every statement is one round trip: `pg` sends a
 *   parameterised statement in one go), counted in the cluster's log with
 *   log_statement = 'all' over sequential requests, and the rows it wrote: none may be,
 *   for a GET (the statements that insert, update or delete, and the rows inserted, updated
 *   or deleted in the app's tables, pg_stat_user_tables, moving during the page views).
 *
 * Each target gets a verdict line (bench/verdict.mjs); alone, a missed one makes the run exit non-zero.
 *
 * Env: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (10), DATABASE_POOL_SIZE (10).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { seedCommunity } from "./community.mjs";
import { verdicts } from "./verdict.mjs";
import { joinByPhone } from "./member.mjs";
import {
  benchSettings,
  buildBoth,
  freePort,
  HUMAN,
  interleavedRounds,
  languageCookie,
  measure,
  median,
  root,
  runBenchmark,
  startApp,
  startBaseline,
} from "./servers.mjs";

const { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS } = benchSettings();
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const FEEDS = 10_000;
/** Issue 29's target for the pages on PostgreSQL: at least this share of the baseline's requests per second… */
const RATIO = 0.7;
/** …and issue 45's for the signed-in pages. */
const SIGNED_IN_RATIO = 0.8;
/** Sequential views of a page whose statements are counted. */
const COUNTED_VIEWS = 20;

/** tests/support/postgres.ts for plain Node: bundled beside the build, so `pg` resolves from the repository. */
async function clusterSupport() {
  const outfile = path.join(root, "build", "bench-postgres.mjs");
  const built = spawnSync(
    "npx",
    [
      "esbuild",
      "tests/support/postgres.ts",
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--target=node24",
      "--packages=external",
      "--alias:~=./app",
      `--outfile=${outfile}`,
      "--log-level=warning",
    ],
    { cwd: root, stdio: "inherit" },
  );
  if (built.status !== 0) throw new Error("could not bundle tests/support/postgres.ts");
  return import(pathToFileURL(outfile).href);
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The statements the cluster logged between two byte offsets of its log: texts, one per statement. */
function loggedStatements(logFile, from, to) {
  const fd = fs.openSync(logFile, "r");
  try {
    const buffer = Buffer.alloc(to - from);
    fs.readSync(fd, buffer, 0, buffer.length, from);
    return buffer
      .toString("utf8")
      .split("\n")
      .map((line) => /\bLOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line)?.[1])
      .filter((text) => text !== undefined);
  } finally {
    fs.closeSync(fd);
  }
}

const WRITES = /^\s*(?:WITH\b.*\b)?(INSERT|UPDATE|DELETE|MERGE)\b/is;

/** Rows inserted, updated or deleted in the app's tables so far (the catalog's own, autovacuum's, left out). */
async function tupleWrites(stats) {
  await stats.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await stats.query(
    "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) AS n FROM pg_stat_user_tables",
  );
  return Number(rows[0].n);
}

/** A backend's counts reach the statistics within 10 s of its going idle (PostgreSQL 15's idle flush). */
const STATS_SETTLE_MS = 11_000;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Statements per view of each page, and whether any view wrote: views one after the other, with every
 * statement logged meanwhile (the setting is the cluster's, reloaded: it reaches the pool's open connections).
 */
async function roundTrips(cluster, databaseUrl, pages) {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  const stats = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await stats.connect();
  const results = [];
  try {
    await admin.query("ALTER SYSTEM SET log_statement = 'all'");
    await admin.query("SELECT pg_reload_conf()");
    await pause(STATS_SETTLE_MS);
    let tuplesBefore = await tupleWrites(stats);
    for (const page of pages) {
      const from = fs.statSync(cluster.logFile).size;
      for (let i = 0; i < COUNTED_VIEWS; i++) {
        const response = await fetch(page.url, { headers: page.headers, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${page.name}: HTTP ${response.status} while counting`);
      }
      await pause(300);
      const statements = loggedStatements(cluster.logFile, from, fs.statSync(cluster.logFile).size).filter(
        // The benchmark's own reads of the statistics are not the page's.
        (text) => !/pg_stat_/.test(text),
      );
      await pause(STATS_SETTLE_MS);
      const tuplesAfter = await tupleWrites(stats);
      // What a view runs, by statement (its first words), for the report: where the round trips go.
      const kinds = new Map();
      for (const text of statements) {
        const kind = text.replace(/\s+/g, " ").slice(0, 90);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      results.push({
        name: page.name,
        kinds,
        perView: statements.length / COUNTED_VIEWS,
        writes: statements.filter((text) => WRITES.test(text)),
        tuples: tuplesAfter - tuplesBefore,
      });
      tuplesBefore = tuplesAfter;
    }
  } finally {
    await admin.query("ALTER SYSTEM RESET log_statement");
    await admin.query("SELECT pg_reload_conf()");
    await admin.end();
    await stats.end();
  }
  return results;
}

/** Every target's requests per second, interleaved round by round after a warm-up; medians and ratios to the first. */
async function throughput(targets) {
  const results = await interleavedRounds(targets);
  const base = results.get(targets[0].name);
  return targets.map((t) => {
    const rounds = results.get(t.name);
    return {
      ...t,
      rps: median(rounds.map((r) => r.rps)),
      ratio: median(rounds.map((r, i) => r.rps / base[i].rps)),
      errors: rounds.reduce((n, r) => n + r.errors + r.non2xx, 0),
    };
  });
}

/** Requests per second of `page` served by one process, then by two at once (the same connections in all). */
async function twoAgainstOne(page, one, two) {
  const single = [];
  const pair = [];
  for (let round = 1; round <= ROUNDS; round++) {
    single.push((await measure(`${one.url}${page.path}`, page.headers)).rps);
    const half = Math.max(1, Math.round(CONNECTIONS / 2));
    const both = await Promise.all([
      measure(`${one.url}${page.path}`, page.headers, half),
      measure(`${two.url}${page.path}`, page.headers, CONNECTIONS - half),
    ]);
    pair.push(both[0].rps + both[1].rps);
  }
  return { name: page.name, one: median(single), two: median(pair), ratio: median(pair.map((p, i) => p / single[i])) };
}

/** The PostgreSQL run; its verdicts go to `verdict` (bench/verdict.mjs: npm run bench prints them with its own). */
export async function postgresBenchmark(verdict) {
  console.log("\nPostgreSQL (issue 29): a throwaway cluster, the deployment moved there with db:copy…");
  // Debian's PostgreSQL, installed when missing (as the tests do): `npm run bench` reaches here too.
  const ensured = spawnSync(process.execPath, ["scripts/ensure-postgres.mjs"], { cwd: root, stdio: "inherit" });
  if (ensured.status !== 0) throw new Error("PostgreSQL is not installed and could not be");
  const dbcopy = spawnSync("npm", ["run", "--silent", "build:dbcopy"], { cwd: root, stdio: "inherit" });
  if (dbcopy.status !== 0) throw new Error("npm run build:dbcopy failed");
  const support = await clusterSupport();
  const started = [];
  const cluster = await support.startCluster();
  try {
    // The deployment, made on SQLite the way the SQLite run makes it, then moved as an operator would.
    const made = await startApp();
    started.push(made.child);
    const en = languageCookie("en");
    const memberCookie = await joinByPhone(made.url, made.dataDir);
    const seeded = seedCommunity(made.dataDir, FEEDS);
    await stopChild(made.child);
    const databaseUrl = await support.createEmptyDatabase(cluster.adminUrl, "klife_bench");
    const copy = spawnSync(
      process.execPath,
      ["build/dbcopy.js", "--from", "sqlite", "--to", databaseUrl, "--data-dir", made.dataDir],
      { cwd: root, encoding: "utf8" },
    );
    if (copy.status !== 0) throw new Error(`db:copy failed:\n${copy.stdout}${copy.stderr}`);
    console.log(`  db:copy: ${seeded.ids.length} feeds and the member copied and checked`);

    const authPort = await freePort();
    const pgEnv = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL_SIZE) };
    // The first process owns the data directory's Auth emulator (the member's account); the second shares it.
    const one = await startApp({ dataDir: made.dataDir, env: { ...pgEnv, AUTH_EMULATOR_PORT: String(authPort) } });
    started.push(one.child);
    const baseline = await startBaseline();
    // The same signed-in pages on SQLite in the same run, for reference: what the move itself costs.
    const reference = await startApp();
    started.push(reference.child);
    const referenceCookie = `${en}; ${await joinByPhone(reference.url, reference.dataDir, "Bench Reference")}`;
    const headers = { "user-agent": HUMAN, cookie: en, "accept-encoding": "gzip" };
    const signedIn = { ...headers, cookie: `${en}; ${memberCookie}` };
    const pages = [
      { name: "pg / signed in", path: "/", headers: signedIn, target: SIGNED_IN_RATIO },
      { name: "pg /mypage", path: "/mypage", headers: signedIn, target: SIGNED_IN_RATIO },
      { name: "pg /community", path: "/community", headers, target: RATIO },
      { name: "pg /community signed in", path: "/community", headers: signedIn, target: RATIO },
    ];
    for (const page of pages) {
      const status = (await fetch(`${one.url}${page.path}`, { headers: page.headers, redirect: "manual" })).status;
      console.log(`  ${page.name}: HTTP ${status}`);
      if (status !== 200) throw new Error(`${page.name} answered HTTP ${status}`);
    }

    const trips = await roundTrips(
      cluster,
      databaseUrl,
      pages.map((p) => ({ ...p, url: `${one.url}${p.path}` })),
    );

    console.log(`  measuring (${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections)…`);
    const results = await throughput([
      { name: "baseline /", url: `${baseline.url}/`, headers: { "user-agent": HUMAN, "accept-encoding": "gzip" } },
      ...pages.map((p) => ({ ...p, url: `${one.url}${p.path}` })),
      ...["/", "/mypage"].map((p) => ({
        name: `sqlite ${p} signed in (reference)`,
        url: `${reference.url}${p}`,
        headers: { ...signedIn, cookie: referenceCookie },
      })),
    ]);
    await stopChild(reference.child);

    const two = await startApp({
      dataDir: made.dataDir,
      env: { ...pgEnv, AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}` },
    });
    started.push(two.child);
    const scaling = [];
    for (const page of pages.slice(0, 3)) scaling.push(await twoAgainstOne(page, one, two));

    const width = Math.max(...results.map((r) => r.name.length), 24);
    console.log(`\nPostgreSQL pages (medians; pool ${POOL_SIZE} connections per process):`);
    console.log(`${"target".padEnd(width)}   req/s   ratio to baseline   target     statements/view   writes`);
    for (const r of results) {
      const t = trips.find((x) => x.name === r.name);
      const mark = r.target ? `≥ ${r.target.toFixed(2)}× ${r.ratio >= r.target ? "ok" : "MISSED"}` : "";
      const writes = t ? `${t.writes.length} statements, ${t.tuples} rows` : "";
      console.log(
        `${r.name.padEnd(width)} ${r.rps.toFixed(0).padStart(7)}   ${`${r.ratio.toFixed(2)}×`.padEnd(17)}   ` +
          `${mark.padEnd(10)} ${t ? t.perView.toFixed(2).padStart(8) : "".padStart(8)}          ${writes}` +
          `${r.errors ? `  (${r.errors} errors or non-2xx)` : ""}`,
      );
      if (r.target) verdict.check(`${r.name} req/s to the baseline's`, r.ratio, { atLeast: r.target });
      if (r.errors) verdict.require(`${r.name} answered without errors`, false, `${r.errors} errors or non-2xx`);
      if (t) {
        const wrote = t.writes.length || t.tuples;
        verdict.require(
          `${r.name} writes nothing on a GET`,
          !wrote,
          wrote ? t.writes.slice(0, 3).join(" | ") || `${t.tuples} rows` : "",
        );
      }
    }
    console.log(`\nStatements per view (${COUNTED_VIEWS} views each, one after the other):`);
    for (const t of trips) {
      console.log(`  ${t.name}: ${t.perView.toFixed(2)}`);
      for (const [kind, n] of [...t.kinds].sort((x, y) => y[1] - x[1])) {
        console.log(`    ${(n / COUNTED_VIEWS).toFixed(2).padStart(5)}  ${kind}`);
      }
    }
    console.log(`\nTwo processes on PostgreSQL against one (${CONNECTIONS} connections in all, medians):`);
    for (const s of scaling) {
      console.log(
        `${s.name.padEnd(width)}  one ${s.one.toFixed(0).padStart(6)} req/s   two ${s.two.toFixed(0).padStart(6)} req/s   ` +
          `ratio ${s.ratio.toFixed(2)}×`,
      );
    }
    console.log("  (on this 2-core machine the database, both servers and the load generator share the cores)");
  } finally {
    // The servers on the cluster first (the one that owns the Auth emulator last), then the cluster.
    for (const child of started.reverse()) await stopChild(child);
    await cluster.stop();
  }
}

// `npm run bench:postgres`: this part alone, with its own build and baseline.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBenchmark(async () => {
    console.log("building the app and the baseline…");
    buildBoth();
    const verdict = verdicts();
    await postgresBenchmark(verdict);
    verdict.print("Targets (issues 29, 45)");
    verdict.assertMet();
  });
}
