/**
 * The Firebase Admin app for this process, behind the identity port. In local mode
 * it talks to the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is set before the SDK
 * is first used); in hosted mode to the real project with the service account from
 * the config. In local mode every call that changes accounts (through the port's
 * verbs or the raw clients) resolves only after the emulator's accounts are saved,
 * so a member is never told of a change a crash can undo.
 */
import { cert, deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { pointFirebaseAdminAtEmulator, type Config } from "~/infra/config.server";
import type { AuthEmulator } from "~/infra/firebase/emulator.server";
import { firebaseIdentity, type FirebaseIdentity } from "~/infra/firebase/identity.server";
import { reasonOf } from "~/infra/firebase/identityCodes.server";
import { identityToolkit, type IdentityToolkit } from "~/infra/firebase/identityToolkit.server";

/** Admin Auth methods that change accounts. */
const MUTATING_AUTH_METHODS = new Set<string>([
  "createUser",
  "updateUser",
  "deleteUser",
  "deleteUsers",
  "importUsers",
  "setCustomUserClaims",
  "revokeRefreshTokens",
]);

/** `call`, resolving only once `persist` has saved what it changed. */
function thenPersist<A extends unknown[], R>(call: (...args: A) => Promise<R>, persist: () => Promise<void>) {
  return async (...args: A): Promise<R> => {
    const result = await call(...args);
    await persist();
    return result;
  };
}

/** The same Auth, with each mutating method saved before it resolves; the rest untouched. */
function savingAuth(auth: Auth, persist: () => Promise<void>): Auth {
  return new Proxy(auth, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return typeof property === "string" && MUTATING_AUTH_METHODS.has(property)
        ? thenPersist(async (...args: unknown[]) => method(...args), persist)
        : method;
    },
  });
}

/** Sign-up, and Google sign-in (Firebase makes the user at the first one), saved before they resolve. */
function savingToolkit(toolkit: IdentityToolkit, persist: () => Promise<void>): IdentityToolkit {
  return {
    ...toolkit,
    signUp: thenPersist(toolkit.signUp, persist),
    signInWithGoogle: thenPersist(toolkit.signInWithGoogle, persist),
  };
}

/** A call to Google that did not answer within the server's bound. */
export class IdentityDeadline extends Error {
  override name = "IdentityDeadline";
}

/**
 * How long a call to Firebase may take before the member is answered without it: the Admin SDK waits 25 s per
 * attempt and retries a time-out four times, and its OAuth2 token request has no bound at all, so a Google that
 * does not answer would hold a form past every client's patience (30 s on a desktop, docs/hosting.md).
 */
export const IDENTITY_DEADLINE_MS = 10_000;
/** /readyz's bound on asking Firebase. */
const READINESS_MS = 3_000;

/** The same Auth, each method's promise refused with IdentityDeadline after `ms` (the call itself runs on). */
function boundedAuth(auth: Auth, ms: number): Auth {
  return new Proxy(auth, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        const result = method(...args);
        if (!(result instanceof Promise)) return result;
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new IdentityDeadline(`${String(property)}: no answer within ${ms} ms`)), ms);
        });
        return Promise.race([result, deadline]).finally(() => clearTimeout(timer));
      };
    },
  });
}

/** The identity port over this process's Firebase app; `admin` holds the raw clients (tests, start-up check). */
export function createIdentity(config: Config, emulator: AuthEmulator | null): FirebaseIdentity {
  let app: App;
  if (config.mode === "local") {
    if (!emulator) throw new Error("local mode needs the Auth emulator");
    pointFirebaseAdminAtEmulator(emulator.host);
    app = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `klife-${Date.now()}`);
  } else {
    const account = config.FIREBASE_SERVICE_ACCOUNT;
    app = initializeApp(
      {
        projectId: config.FIREBASE_PROJECT_ID,
        credential: cert({
          projectId: account.project_id,
          clientEmail: account.client_email,
          privateKey: account.private_key,
        }),
      },
      `klife-${Date.now()}`,
    );
  }
  let auth = getAuth(app);
  // Google is across the Internet: every call answers within the bound. (The emulator is on this machine.)
  if (config.mode === "hosted") auth = boundedAuth(auth, IDENTITY_DEADLINE_MS);
  let toolkit: IdentityToolkit;
  if (config.mode === "local") {
    const persist = () => emulator!.persist();
    auth = savingAuth(auth, persist);
    // The emulator accepts any API key.
    toolkit = savingToolkit(
      identityToolkit({ baseUrl: `${emulator!.origin}/identitytoolkit.googleapis.com/v1`, apiKey: "local" }),
      persist,
    );
  } else {
    toolkit = identityToolkit({
      baseUrl: "https://identitytoolkit.googleapis.com/v1",
      apiKey: config.FIREBASE_API_KEY,
    });
  }

  return firebaseIdentity(
    { auth, toolkit },
    {
      async answers() {
        if (emulator) return emulator.answers();
        // Bounded: /readyz answers within seconds whatever Google does.
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READINESS_MS)));
        const probe = auth.getUser("readiness-probe-no-such-user").then(
          () => true,
          (error: unknown) => reasonOf(error) === "notFound",
        );
        return Promise.race([probe, late]).finally(() => clearTimeout(timer));
      },
      async close() {
        await deleteApp(app);
      },
    },
  );
}
