/**
 * The composition root: everything a request may need that outlives the request
 * (configuration, the stores, identity: the `Services` of ~/context), made once by
 * server.ts (through the build's bootstrap) or by a test and handed to loaders and
 * actions through the Remix load context; and the periodic jobs (jobs.server.ts), started
 * through the one scheduler. Nothing but entry.server (bootstrap) and tests imports it.
 */
import type { Config } from "~/infra/config.server";
import { checkAccounts, JOIN_GRACE_MS } from "~/auth/accountCheck.server";
import { checkHostedIdentity } from "~/infra/firebase/hostedCheck.server";
import type { Services } from "~/context";
import { createIdentity } from "~/infra/firebase/admin.server";
import { sharedAuthEmulator, startAuthEmulator, type AuthEmulator } from "~/infra/firebase/emulator.server";
import { createPhoneCodes } from "~/verification/phoneCodes.server";
import type { Stores } from "~/stores/stores";
import type { FileStorage } from "~/stores/fileStorage";
import { fileOutbox, type SmsOutbox } from "~/infra/sms/sender.server";
import { log as defaultLog } from "~/infra/log.server";
import { withRequestMemo } from "~/infra/requestScope.server";
import { withSharedReads } from "~/infra/sharedReads.server";
import { attemptCounter } from "~/forms/attempts.server";
import { localFileStorage } from "~/infra/localFiles.server";
import { filesDirOf, openStorage } from "./storage.server";
import { holderName, jobLease, startScheduler, type Scheduler } from "./scheduler.server";
import { sessionSecretOf, smsSender, vapidKeys } from "./deployment.server";
import { periodicJobs } from "./jobs.server";
import { loadSampleRates } from "~/finance/rates.server";
import { createSso } from "~/sso/provider.server";
import { seedKind } from "~/content/kind.server";
import { CONTENT_KINDS } from "./contentKinds.server";

/** The scheduler of each started server's services and its lease: stopped before the stores close. */
const schedulers = new WeakMap<Services, { scheduler: Scheduler; lease: ReturnType<typeof jobLease> }>();

export async function startServices(
  config: Config,
  log = (message: string) => defaultLog.info("services", { message }),
): Promise<Services> {
  const { stores, files, outbox } = await openStorage(config, log);
  let emulator: AuthEmulator | null = null;
  // Only the process that started the emulator checks its accounts: another one's join may be half-way.
  let ownsEmulator = false;
  try {
    if (config.mode === "local" && config.AUTH_EMULATOR_HOST) {
      emulator = await sharedAuthEmulator(config.AUTH_EMULATOR_HOST, config.FIREBASE_PROJECT_ID);
      log(
        `auth emulator answering on ${emulator.host} (project ${config.FIREBASE_PROJECT_ID}), started by another process`,
      );
    } else if (config.mode === "local") {
      ownsEmulator = true;
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
    const sessionSecret = sessionSecretOf(config);
    const services = composeServices({ config, stores, emulator, sessionSecret, files, outbox });
    // The content shipped with the app (terms versions, benefits, corridors, loan products: decisions 0055, 0057,
    // 0062, 0064), each kind's items written where absent, so an operator's edit survives restarts.
    for (const kind of CONTENT_KINDS) {
      const written = await seedKind(stores, kind);
      if (written) log(`shipped ${kind.key} written: ${written}`);
    }
    // Local mode without an Eximbank key: the dated sample of published rates, marked as one (decision 0060).
    if (await loadSampleRates(stores, config, Date.now())) log("sample exchange rates written");
    // After a crash, identity and profiles agree again before anyone is served.
    if (ownsEmulator) await checkAccounts(stores.members, services.identity.admin.auth, log);
    if (config.mode === "hosted") {
      // A configuration Google refuses stops start-up, naming the variable; an unreachable Google does not.
      const reached = await checkHostedIdentity(services.identity, log);
      // Hosted mode's account check runs beside serving (a large project takes many pages), on old accounts only.
      if (reached === "ok") {
        const madeBefore = Date.now() - JOIN_GRACE_MS;
        void checkAccounts(stores.members, services.identity.admin.auth, log, { madeBefore }).then(
          (summary) =>
            log(
              `account check: ${summary.accounts} accounts, ${summary.profiles} profiles, ${summary.deleted.length} removed`,
            ),
          (error: unknown) =>
            log(`account check: not finished: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    }
    const lease = jobLease(stores, holderName());
    schedulers.set(services, { scheduler: startScheduler(periodicJobs(services), { lease }), lease });
    return services;
  } catch (error) {
    await emulator?.stop();
    await stores.close();
    throw error;
  }
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
  /** The bytes of stored files; local mode's folder in DATA_DIR when not given. */
  files?: FileStorage;
  /** Local mode's texts; the outbox file in DATA_DIR when not given. */
  outbox?: SmsOutbox;
}): Services {
  const { config, stores, emulator, sessionSecret } = parts;
  const outbox = parts.outbox ?? fileOutbox(config.DATA_DIR);
  const services: Services = {
    config,
    // A page's loaders repeat some reads (the session, the profile): each is made once per GET request. The rates,
    // corridors and published notices, the same for every reader, are kept across requests a few seconds.
    stores: withSharedReads(withRequestMemo(stores), config.PAGE_CACHE_SECONDS),
    identity: createIdentity(config, emulator),
    emulator,
    sessionSecret,
    phoneCodes: createPhoneCodes({
      codes: stores.phoneCodes,
      secret: sessionSecret,
      sender: smsSender(config, outbox),
      capPerClient: config.SMS_DAILY_CAP_PER_CLIENT,
    }),
    formAttempts: attemptCounter(stores.counters, {
      limit: config.RATE_LIMIT_AUTH_PER_ID,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
    }),
    files: parts.files ?? localFileStorage(filesDirOf(config)),
    outbox,
    sso: null,
    vapid: vapidKeys(config),
  };
  // The OpenID provider of single sign-on, on these services (its stores, members and sessions).
  services.sso = createSso(services);
  return services;
}

export async function readiness(services: Services) {
  const [database, auth] = await Promise.all([services.stores.ping(), services.identity.answers()]);
  return { database, auth, ready: database && auth };
}

export async function stopServices(services: Services) {
  const jobs = schedulers.get(services);
  await jobs?.scheduler.stop();
  await jobs?.lease.release().catch(() => undefined);
  await services.emulator?.stop();
  await services.identity.close().catch(() => undefined);
  await services.stores.close();
}
