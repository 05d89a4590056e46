/**
 * The composition root: everything a request may need that outlives the request
 * (configuration, the stores, identity: the `Services` of ~/context), made once by
 * server.ts (through the build's bootstrap) or by a test and handed to loaders and
 * actions through the Remix load context; and the periodic jobs, started through
 * the one scheduler. Nothing but entry.server (bootstrap) and tests imports it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { checkAccounts } from "~/auth/accountCheck.server";
import type { Services } from "~/context";
import { createIdentity } from "~/infra/firebase/admin.server";
import { startAuthEmulator, type AuthEmulator } from "~/infra/firebase/emulator.server";
import { createPhoneCodes } from "~/verification/phoneCodes.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { Stores } from "~/stores/stores";
import { outboxSender, twilioSender } from "~/infra/sms/sender.server";
import { log as defaultLog } from "~/infra/log.server";
import { attemptCounter } from "~/forms/attempts.server";
import { visaReminderJob } from "~/visa/reminderJob.server";
import { photoSweepJob } from "~/community/community.server";
import { localFileStorage } from "~/infra/localFiles.server";
import { seedShippedBenefits } from "~/benefits/shipped.server";
import { seedShippedCorridors } from "~/finance/corridors.server";
import { seedShippedLoanProducts } from "~/finance/loanProducts.server";
import { startScheduler, type PeriodicJob, type Scheduler } from "./scheduler.server";
import { exchangeRatesJob, loadSampleRates } from "~/finance/rates.server";
import { loadShippedTerms } from "~/terms/importer.server";

/** Local mode's cookie-signing secret: made once, kept (owner-only) so sessions survive restarts. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Every periodic job of a server process, started through the one scheduler. One
 * process runs them all (its lease is always its own); issue 29's lease row is
 * given to startScheduler here.
 */
function periodicJobs(services: Services): PeriodicJob[] {
  return [visaReminderJob(services), photoSweepJob(services), exchangeRatesJob(services)];
}

/** The scheduler of each started server's services: stopped before the stores close. */
const schedulers = new WeakMap<Services, Scheduler>();

export async function startServices(
  config: Config,
  log = (message: string) => defaultLog.info("services", { message }),
): Promise<Services> {
  const stores = openStores(config);
  let emulator: AuthEmulator | null = null;
  try {
    if (config.mode === "local") {
      emulator = await startAuthEmulator({
        dataDir: config.DATA_DIR,
        projectId: config.FIREBASE_PROJECT_ID,
        port: config.AUTH_EMULATOR_PORT,
        hubPort: config.AUTH_EMULATOR_HUB_PORT,
        loggingPort: config.AUTH_EMULATOR_LOGGING_PORT,
        log,
      });
      log(`auth emulator answering on ${emulator.host} (project ${config.FIREBASE_PROJECT_ID})`);
    }
    const sessionSecret = config.mode === "hosted" ? config.SESSION_SECRET : localSessionSecret(config.DATA_DIR);
    const services = composeServices({ config, stores, emulator, sessionSecret });
    // The terms versions shipped with the app, where not stored yet (docs/decisions/0057).
    await loadShippedTerms(stores);
    // The benefits shipped with the app, written where absent: an operator's edit survives restarts.
    const shipped = await seedShippedBenefits(stores);
    if (shipped) log(`shipped benefits written: ${shipped}`);
    // Local mode without an Eximbank key: the dated sample of published rates, marked as one (decision 0060).
    if (await loadSampleRates(stores, config, Date.now())) log("sample exchange rates written");
    // The remittance corridors shipped with the app, likewise (docs/decisions/0062).
    const corridors = await seedShippedCorridors(stores);
    if (corridors) log(`shipped corridors written: ${corridors}`);
    // The loan products shipped with the app, the same way (docs/decisions/0064).
    const loanProducts = await seedShippedLoanProducts(stores);
    if (loanProducts) log(`shipped loan products written: ${loanProducts}`);
    // After a crash, identity and profiles agree again before anyone is served.
    if (config.mode === "local") await checkAccounts(stores.members, services.identity.admin.auth, log);
    schedulers.set(services, startScheduler(periodicJobs(services)));
    return services;
  } catch (error) {
    await emulator?.stop();
    await stores.close();
    throw error;
  }
}

/** The SQLite file of a data directory. */
export const databaseFileOf = (config: Config) => path.join(config.DATA_DIR, "klife.sqlite");

/** The folder of a data directory where local mode keeps the photos' bytes (localFileStorage). */
export const filesDirOf = (config: Config) => path.join(config.DATA_DIR, "files");

/** The stores of a data directory: one SQLite file in it. */
export function openStores(config: Config): Stores {
  return openSqliteStores(databaseFileOf(config));
}

/**
 * Services from their parts: the one composition the server (startServices) and
 * the tests (tests/support/services.ts) share, so tests run what production runs.
 */
export function composeServices(parts: {
  config: Config;
  stores: Stores;
  emulator: AuthEmulator | null;
  sessionSecret: string;
}): Services {
  const { config, stores, emulator, sessionSecret } = parts;
  return {
    config,
    stores,
    identity: createIdentity(config, emulator),
    emulator,
    sessionSecret,
    phoneCodes: createPhoneCodes({
      codes: stores.phoneCodes,
      secret: sessionSecret,
      sender: smsSender(config),
      capPerClient: config.SMS_DAILY_CAP_PER_CLIENT,
    }),
    formAttempts: attemptCounter(stores.counters, {
      limit: config.RATE_LIMIT_AUTH_PER_ID,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
    }),
    files: localFileStorage(path.join(config.DATA_DIR, "files")),
  };
}

export function smsSender(config: Config) {
  return config.mode === "hosted"
    ? twilioSender({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
      })
    : outboxSender(config.DATA_DIR);
}

export async function readiness(services: Services) {
  const [database, auth] = await Promise.all([services.stores.ping(), services.identity.answers()]);
  return { database, auth, ready: database && auth };
}

export async function stopServices(services: Services) {
  await schedulers.get(services)?.stop();
  await services.emulator?.stop();
  await services.identity.close().catch(() => undefined);
  await services.stores.close();
}
