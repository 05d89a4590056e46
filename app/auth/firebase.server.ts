/**
 * The Firebase Admin app for this process. In local mode it talks to the Auth
 * emulator (FIREBASE_AUTH_EMULATOR_HOST is set before the SDK is first used); in
 * hosted mode to the real project with the service account from the config.
 */
import { cert, deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import type { Config } from "../config.server";
import type { AuthEmulator } from "./emulator.server";
import { identityToolkit, type IdentityToolkit } from "./identityToolkit.server";

export interface Identity {
  readonly auth: Auth;
  /** Password, custom-token and Google sign-in over the REST API. */
  readonly toolkit: IdentityToolkit;
  /** True when Firebase Auth answers (the emulator, or the hosted project). */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

export function createIdentity(config: Config, emulator: AuthEmulator | null): Identity {
  let app: App;
  if (config.mode === "local") {
    if (!emulator) throw new Error("local mode needs the Auth emulator");
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
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
  const auth = getAuth(app);
  const toolkit =
    config.mode === "local"
      ? // The emulator accepts any API key.
        identityToolkit({ baseUrl: `${emulator!.origin}/identitytoolkit.googleapis.com/v1`, apiKey: "local" })
      : identityToolkit({ baseUrl: "https://identitytoolkit.googleapis.com/v1", apiKey: config.FIREBASE_API_KEY });

  return {
    auth,
    toolkit,
    async answers() {
      if (emulator) return emulator.answers();
      try {
        await auth.getUser("readiness-probe-no-such-user");
        return true;
      } catch (error) {
        return (error as { code?: string }).code === "auth/user-not-found";
      }
    },
    async close() {
      await deleteApp(app);
    },
  };
}
