/**
 * A throwaway PostgreSQL cluster for the tests: Debian's server programs
 * (installed by scripts/ensure-postgres.mjs), a fresh data directory, a random
 * port on 127.0.0.1, no fsync; stopped and removed at the end. As root, the
 * programs run as the `postgres` user (initdb refuses root). Databases are made
 * from a template that already holds the app's schema, so a fresh database per
 * test costs a copy, not the migrations.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresBin } from "../../scripts/postgres.mjs";
import { createPg, migrate } from "../../app/infra/postgres/database.server";
import { freePort } from "./ports";

export interface Cluster {
  /** A superuser URL for the `postgres` database. */
  adminUrl: string;
  /** The server's log (the benchmark counts the statements of a page in it, with log_statement = 'all'). */
  logFile: string;
  /** Stops the server (its connections end, as in a restart or a fail-over), keeping the data. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data after `pause`. */
  resume(): Promise<void>;
  /**
   * Stops (SIGSTOP) the server's processes without closing a connection, as a host that stopped answering does
   * (a network partition); `thaw` lets them go on (SIGCONT).
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

function run(program: string, args: string[]) {
  const bin = postgresBin() as string | null;
  if (!bin) throw new Error("PostgreSQL is not installed: run node scripts/ensure-postgres.mjs");
  const file = path.join(bin, program);
  return isRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "pipe" })
    : execFileSync(file, args, { stdio: "pipe" });
}

/** The cluster's postmaster (its pid file's first line) and the processes it started. */
function clusterPids(data: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent pid is the 4th field, after the command name in parentheses.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-pg-"));
  const data = path.join(dir, "data");
  if (isRoot) execFileSync("chown", ["postgres:postgres", dir]);
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    logFile: path.join(dir, "log"),
    async pause() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    async resume() {
      run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
    },
    async freeze() {
      for (const pid of clusterPids(data)) process.kill(pid, "SIGSTOP");
    },
    async thaw() {
      for (const pid of clusterPids(data)) process.kill(pid, "SIGCONT");
    },
    async stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The URL of another database on the cluster of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database (no schema) on the cluster. */
export async function createEmptyDatabase(adminUrl: string, name: string): Promise<string> {
  await onAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(adminUrl, name);
}

/** Makes the template database holding the app's schema (its migrations applied). */
export async function createTemplate(adminUrl: string, name = "klife_template"): Promise<string> {
  const url = await createEmptyDatabase(adminUrl, name);
  const db = createPg(url, { max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return name;
}

let made = 0;

/** A fresh database with the app's schema, copied from the template (about 150 ms). */
export async function createDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `t${process.pid}_${++made}_${Date.now() % 100_000}`;
  await onAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return databaseUrl(adminUrl, name);
}

/** Drops a database made here, ending whatever connections are left on it. */
export async function dropDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
