/**
 * npm run jobs -- list
 * npm run jobs -- run NAME [--now ISO-TIME]
 *
 * The periodic jobs a server runs on its scheduler (app/server/jobs.server.ts), by hand: `list` prints each job's
 * name and interval; `run` runs one of them once against the deployment's storage (DATABASE_URL's database, else
 * the SQLite file of DATA_DIR), with its secret and senders as the server has them, and prints one JSON line: the
 * job, the time it ran at, and what it did (`created`, `sent`, `deferred`, `failed`, …). The exit code is 0 when
 * the run ended, 1 when it failed, 2 for a usage mistake.
 *
 * `--now` runs the job as at another time (an operator replaying a day's run, a test): it never sends anything
 * twice, since every delivery is claimed in the store first (decision 0099), whoever runs it and whenever. A run
 * by hand takes no lease: it may run beside a server's (the claims keep them apart).
 *
 * Bundled by esbuild to build/jobs.js (its own process: it may take app modules).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "~/infra/config.server";
import { log } from "~/infra/log.server";
import { openJobServices, periodicJobs } from "~/server/jobs.server";
import type { JobServices } from "~/server/jobs.server";
import { runCli } from "./cli";

const USAGE = ["usage: npm run jobs -- list", "       npm run jobs -- run NAME [--now ISO-TIME]"].join("\n");

// The reminders' words are the app's own: found beside this build (build/jobs.js → locales/), from any folder.
process.env.LOCALES_DIR ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "locales");

/** What a run reports is the printed line: the jobs' own log lines would be a second copy; errors still show. */
const quiet = { info: () => undefined, error: log.error };

/** "2027-05-30T08:00:00+09:00" and the like: a date with a time and a zone (Z or ±hh:mm), nothing looser. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseNow(text: string | undefined): number | null {
  if (!text || !ISO_TIME.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

const minutes = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms} ms`);

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === "list" && rest.length === 0) {
    for (const job of periodicJobs(listingServices(loadConfig()), { log: quiet })) {
      console.log(`${job.name}\tevery ${minutes(job.intervalMs)}`);
    }
    return 0;
  }
  if (command !== "run" || !rest[0] || rest[0].startsWith("--")) {
    console.error(USAGE);
    return 2;
  }
  const [name, ...options] = rest;
  let now = Date.now();
  if (options.length > 0) {
    const at = options[0] === "--now" && options.length === 2 ? parseNow(options[1]) : null;
    if (at === null) {
      console.error(`--now takes one time with its zone, such as 2027-05-30T08:00:00+09:00\n${USAGE}`);
      return 2;
    }
    now = at;
  }
  const config = loadConfig();
  const names = periodicJobs(listingServices(config)).map((job) => job.name);
  if (!names.includes(name as string)) {
    console.error(`no job named ${name}: ${names.join(", ")}`);
    return 2;
  }
  const services = await openJobServices(config);
  try {
    const job = periodicJobs(services, { log: quiet }).find((j) => j.name === name)!;
    const counts = (await job.run(now)) ?? {};
    console.log(JSON.stringify({ job: job.name, now: new Date(now).toISOString(), ...counts }));
    return 0;
  } finally {
    await services.close();
  }
}

/**
 * The configuration and nothing opened: enough to make the jobs (making one only keeps its parts) and read their
 * names and intervals, without reaching the database or making DATA_DIR's keys.
 */
function listingServices(config: JobServices["config"]): JobServices {
  const unopened = {} as never;
  return { config, stores: unopened, files: unopened, outbox: unopened, sessionSecret: "", vapid: null };
}

runCli(main);
