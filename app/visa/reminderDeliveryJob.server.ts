/**
 * The delivery job for the scheduler (issue 42): at start and every DELIVERY_JOB_INTERVAL_MS, one run of
 * `runDeliveryJob` (reminderDelivery.server.ts) under its own lease, so one process at a time sends; texts through
 * the app's SMS sender (the outbox locally, Twilio hosted), pushes through Web Push when there are VAPID keys
 * (otherwise push choices wait), links on the public origin, opt-out links sealed with the server secret.
 */
import type { Services } from "~/context";
import { publicOrigin } from "~/infra/config.server";
import { log as defaultLog, type Log } from "~/infra/log.server";
import { webPushSender } from "~/infra/push/webPush.server";
import type { SmsSender } from "~/infra/sms/sender.server";
import { runDeliveryJob } from "./reminderDelivery.server";

/** A quarter of an hour: a reminder held by the quiet hours goes out by 08:15. */
export const DELIVERY_JOB_INTERVAL_MS = 15 * 60 * 1000;

export function reminderDeliveryJob(
  services: Pick<Services, "stores" | "config" | "sessionSecret" | "vapid">,
  sms: SmsSender,
  options: { intervalMs?: number; now?: () => number; log?: Pick<Log, "info"> } = {},
) {
  const { intervalMs = DELIVERY_JOB_INTERVAL_MS, now = Date.now, log = defaultLog } = options;
  const push = services.vapid ? webPushSender(services.vapid) : null;
  const deps = {
    stores: services.stores,
    sms,
    push,
    origin: publicOrigin(services.config),
    secret: services.sessionSecret,
  };
  return {
    name: "reminders.deliver",
    intervalMs,
    async run(at = now()) {
      const run = await runDeliveryJob(deps, at);
      if (run.sent > 0 || run.failed > 0 || run.gone > 0) log.info("reminders.deliver", { ...run });
      return { ...run };
    },
  };
}
