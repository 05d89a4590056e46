/**
 * Everything a request may need that outlives the request: configuration, the
 * database and identity. Created once by server.ts (or by a test) and handed to
 * loaders and actions through the Remix load context.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { checkAccounts } from "~/auth/accountCheck.server";
import { createIdentity, type Identity } from "~/infra/firebase/admin.server";
import { startAuthEmulator, type AuthEmulator } from "~/infra/firebase/emulator.server";
import { createPhoneCodes, type PhoneCodes } from "~/auth/phoneCodes.server";
import { databaseAnswers, openDatabase, type Db } from "~/infra/sqlite/database.server";
import { outboxSender, twilioSender } from "~/infra/sms/sender.server";
import { log as defaultLog } from "~/infra/log.server";

export interface Services {
  config: Config;
  db: Db;
  identity: Identity;
  emulator: AuthEmulator | null;
  /** Signs the session cookie: SESSION_SECRET in hosted mode, a secret kept under DATA_DIR locally. */
  sessionSecret: string;
  /** Verification codes, texted through the outbox (local) or Twilio (hosted). */
  phoneCodes: PhoneCodes;
}

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

export async function startServices(
  config: Config,
  log = (message: string) => defaultLog.info("services", { message }),
): Promise<Services> {
  const db = openDatabase(path.join(config.DATA_DIR, "klife.sqlite"));
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
    const identity = createIdentity(config, emulator);
    // After a crash, identity and profiles agree again before anyone is served.
    if (config.mode === "local") await checkAccounts(db, identity.auth, log);
    const sessionSecret = config.mode === "hosted" ? config.SESSION_SECRET : localSessionSecret(config.DATA_DIR);
    const phoneCodes = createPhoneCodes({ db, secret: sessionSecret, sender: smsSender(config) });
    return { config, db, identity, emulator, sessionSecret, phoneCodes };
  } catch (error) {
    await emulator?.stop();
    db.close();
    throw error;
  }
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
  const [database, auth] = [databaseAnswers(services.db), await services.identity.answers()];
  return { database, auth, ready: database && auth };
}

export async function stopServices(services: Services) {
  await services.emulator?.stop();
  await services.identity.close().catch(() => undefined);
  if (services.db.open) {
    services.db.pragma("wal_checkpoint(TRUNCATE)");
    services.db.close();
  }
}
