/**
 * What a loader or action is given (Remix's load context), and the ports in it.
 * Types only. The composition root (app/server/services.server.ts) makes the
 * `Services`; a feature names the ports it takes as `Pick<Services, …>`, so no
 * feature imports the composition root.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FileStorage } from "~/stores/fileStorage";
import type { AttemptCounter } from "~/forms/attempts.server";
import type { Config } from "~/infra/config.server";
import type { SmsOutbox } from "~/infra/sms/sender.server";
import type { VapidKeys } from "~/infra/push/webPush.server";
import type { AuthEmulator } from "~/infra/firebase/emulator.server";
import type { FirebaseIdentity } from "~/infra/firebase/identity.server";
import type { Stores } from "~/stores/stores";
import type { SsoService } from "~/sso/service";
import type { PhoneCodes } from "~/verification/phoneCodes.server";

export interface Services {
  config: Config;
  /** Every piece of persisted state (app/stores): PostgreSQL on DATABASE_URL, else SQLite under DATA_DIR. */
  stores: Stores;
  /** The identity port (~/stores/identity); its `admin` door is for tests and the start-up check only. */
  identity: FirebaseIdentity;
  emulator: AuthEmulator | null;
  /** Signs the session cookie: SESSION_SECRET in hosted mode, a secret kept under DATA_DIR locally. */
  sessionSecret: string;
  /** Verification codes, texted through the outbox (local) or Twilio (hosted). */
  phoneCodes: PhoneCodes;
  /** Local mode's texts as /dev/outbox shows them: the file in DATA_DIR, or a table on DATABASE_URL. */
  outbox: SmsOutbox;
  /** Posts to sign-in and joining forms per phone number or ID (forms/attempts.server.ts). */
  formAttempts: AttemptCounter;
  /** The bytes of members' photos: in PostgreSQL on DATABASE_URL, else under DATA_DIR/files (records in stores.files). */
  files: FileStorage;
  /** Single sign-on's OpenID provider, mounted at /sso; null when hosted mode has no SSO_SIGNING_KEYS. */
  sso: SsoService | null;
  /** Web Push's keys (issue 42): made once under DATA_DIR locally, VAPID_* in hosted mode; null: push is off. */
  vapid: VapidKeys | null;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: Services;
    /** Per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** The Remix build id; the browser asks for it to notice deploys. */
    buildVersion: string;
    /** The client's address as the server sees it (behind TRUST_PROXY hops). */
    clientAddress: string;
    /**
     * The request came straight from this machine (a loopback socket, no proxy
     * header): local-only pages such as /dev/outbox answer nothing else.
     */
    fromThisMachine: boolean;
    /**
     * Seconds until this address may post to sign-in and joining forms again:
     * the strict tier's verdict, which server.ts leaves to the form to answer
     * (forms/form.server.ts: parseForm). Null within the limit.
     */
    rateLimited: number | null;
    /**
     * The Node request and response under the fetch Request: single sign-on's interaction pages hand them to
     * the OpenID provider, which reads its cookies from them (app/sso/interaction.server.ts). Absent in tests
     * that call a loader directly.
     */
    node?: { req: IncomingMessage; res: ServerResponse };
  }
}
