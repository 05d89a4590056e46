/**
 * What every process of a deployment derives alike from its configuration: the secret that signs its cookies and
 * seals its links (local mode's made once in DATA_DIR), Web Push's keys, and the SMS sender. Apart from the
 * composition root (services.server.ts) so `npm run jobs` (scripts/jobs.ts) signs, seals and sends as the server
 * does without loading what only a server needs.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { createdOnce } from "~/infra/dataFiles.server";
import { localVapidKeys, type VapidKeys } from "~/infra/push/webPush.server";
import { twilioSender, type SmsOutbox } from "~/infra/sms/sender.server";

/**
 * Local mode's cookie-signing secret: made once, kept (owner-only) so sessions survive restarts; processes
 * starting together on a new DATA_DIR all take the one that the first of them wrote.
 */
function localSessionSecret(dataDir: string): string {
  return createdOnce(
    path.join(dataDir, "session-secret"),
    () => crypto.randomBytes(32).toString("base64url"),
    (text) => {
      const secret = text.trim();
      if (!secret) throw new Error("it is empty");
      return secret;
    },
  );
}

/** The server secret: hosted mode's SESSION_SECRET, local mode's file in DATA_DIR. */
export function sessionSecretOf(config: Config): string {
  return config.mode === "hosted" ? config.SESSION_SECRET : localSessionSecret(config.DATA_DIR);
}

/** Web Push's keys: local mode's under DATA_DIR (made once); hosted mode's VAPID_* variables, or none (push off). */
export function vapidKeys(config: Config): VapidKeys | null {
  if (config.mode === "local") return localVapidKeys(config.DATA_DIR);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}

/** Twilio in hosted mode; local mode's outbox otherwise. */
export function smsSender(config: Config, outbox: SmsOutbox) {
  return config.mode === "hosted"
    ? twilioSender({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
      })
    : outbox;
}
