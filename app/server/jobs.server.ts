/**
 * Every periodic job of a deployment, made from the parts of the services they use: the one list the scheduler
 * of each server process starts (services.server.ts) and `npm run jobs` lists and runs once by hand
 * (scripts/jobs.ts, on the same storage, secret and senders, opened from the configuration by `openJobServices`).
 */
import type { Services } from "~/context";
import { photoSweepJob } from "~/community/community.server";
import { exchangeRatesJob } from "~/finance/rates.server";
import type { Config } from "~/infra/config.server";
import { log as defaultLog, type Log } from "~/infra/log.server";
import { reminderDeliveryJob } from "~/visa/reminderDeliveryJob.server";
import { visaReminderJob } from "~/visa/reminderJob.server";
import { sessionSecretOf, smsSender, vapidKeys } from "./deployment.server";
import type { PeriodicJob } from "./scheduler.server";
import { openStorage } from "./storage.server";

/** What the jobs use of the services. */
export type JobServices = Pick<Services, "config" | "stores" | "files" | "outbox" | "sessionSecret" | "vapid">;

/**
 * Every periodic job, each run under its lease row in a server (with several processes on one database, one of
 * them runs a job at a time). `log` takes what a run reports (the command line keeps it quiet: it prints the counts).
 */
export function periodicJobs(
  services: JobServices,
  options: { log?: Pick<Log, "info" | "error"> } = {},
): PeriodicJob[] {
  const { log = defaultLog } = options;
  return [
    visaReminderJob(services, { log }),
    reminderDeliveryJob(services, smsSender(services.config, services.outbox), { log }),
    photoSweepJob(services, { log }),
    exchangeRatesJob(services, { log }),
  ];
}

/** The jobs' services from the configuration alone (no identity, no emulator), as the server has them. */
export async function openJobServices(config: Config): Promise<JobServices & { close(): Promise<void> }> {
  const { stores, files, outbox } = await openStorage(config, () => undefined);
  try {
    return {
      config,
      stores,
      files,
      outbox,
      sessionSecret: sessionSecretOf(config),
      vapid: vapidKeys(config),
      close: () => stores.close(),
    };
  } catch (error) {
    await stores.close();
    throw error;
  }
}
