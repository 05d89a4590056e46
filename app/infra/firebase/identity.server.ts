/**
 * The identity port (~/auth/identity) over Firebase: the Admin SDK for accounts and
 * session cookies, Identity Toolkit REST for sign-in. Every Firebase error becomes
 * one of the verb's declared reasons through the one table in identityCodes.server.ts;
 * errors nobody expects (a reason the verb cannot give, an outage) are logged here,
 * since the caller only sees the reason.
 */
import type { Auth, UserRecord } from "firebase-admin/auth";
import type { Account, Identity, IdentityReason, Outcome, SignedIn } from "~/stores/identity";
import type { AuthTokens, IdentityToolkit } from "~/infra/firebase/identityToolkit.server";
import { reasonFor, reasonOf } from "~/infra/firebase/identityCodes.server";
import { log } from "~/infra/log.server";

/** The raw clients behind the port. For tests and the start-up account check only: app code uses the verbs. */
export interface IdentityAdmin {
  readonly auth: Auth;
  /** Password, custom-token and Google sign-in over the REST API. */
  readonly toolkit: IdentityToolkit;
}

export interface FirebaseIdentity extends Identity {
  /** For tests and the start-up check only (a lint rule keeps routes off it). */
  readonly admin: IdentityAdmin;
}

function accountOf(user: UserRecord): Account {
  const providers = new Set(user.providerData.map((p) => p.providerId));
  if (user.passwordHash) providers.add("password");
  return {
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified === true,
    phoneNumber: user.phoneNumber ?? null,
    displayName: user.displayName ?? null,
    disabled: user.disabled,
    providers: [...providers],
  };
}

const signedIn = (tokens: AuthTokens): { ok: true } & SignedIn => ({
  ok: true,
  uid: tokens.uid,
  idToken: tokens.idToken,
  email: tokens.email ?? null,
  displayName: tokens.displayName ?? null,
});

/** A verb's refusal for `error`; logged when it is not an answer the verb expects. */
function refusal<R extends IdentityReason>(
  verb: string,
  error: unknown,
  declared: readonly R[],
  folds?: Partial<Record<IdentityReason, R>>,
): { ok: false; reason: R | "unavailable" } {
  const reason = reasonFor(error, declared, folds);
  if (reason === "unavailable" || reason === "refused") log.error(`identity.${verb}`, error);
  return { ok: false, reason };
}

const OK = { ok: true } as const;

export function firebaseIdentity(
  admin: IdentityAdmin,
  platform: { answers(): Promise<boolean>; close(): Promise<void> },
): FirebaseIdentity {
  // Methods are looked up at each call, so a test watching `admin.auth` sees the port's calls.
  const { auth, toolkit } = admin;

  async function find(verb: string, lookup: () => Promise<UserRecord>) {
    try {
      return { ok: true as const, account: accountOf(await lookup()) };
    } catch (error) {
      if (reasonOf(error) === "notFound") return { ok: true as const, account: null };
      return refusal(verb, error, []);
    }
  }

  async function change<R extends IdentityReason>(
    verb: string,
    declared: readonly R[],
    call: () => Promise<unknown>,
  ): Promise<Outcome<object, R | "unavailable">> {
    try {
      await call();
      return OK;
    } catch (error) {
      return refusal(verb, error, declared);
    }
  }

  return {
    admin,

    async signInWithPassword(email, password) {
      try {
        return signedIn(await toolkit.signInWithPassword(email, password));
      } catch (error) {
        return refusal("signInWithPassword", error, [
          "wrongCredentials",
          "tooManyAttempts",
          "disabled",
          "refused",
        ] as const);
      }
    },

    async signInAs(uid) {
      try {
        return signedIn(await toolkit.signInWithCustomToken(await auth.createCustomToken(uid)));
      } catch (error) {
        return refusal("signInAs", error, ["disabled"] as const);
      }
    },

    async signInWithGoogle(googleIdToken, requestUri, rawNonce) {
      try {
        return signedIn(await toolkit.signInWithGoogle(googleIdToken, requestUri, rawNonce));
      } catch (error) {
        return refusal("signInWithGoogle", error, ["invalidToken", "disabled"] as const);
      }
    },

    findByEmail: (email) => find("findByEmail", () => auth.getUserByEmail(email)),
    findByPhone: (e164) => find("findByPhone", () => auth.getUserByPhoneNumber(e164)),
    findByUid: (uid) => find("findByUid", () => auth.getUser(uid)),

    async createUser({ email, password, phoneNumber, displayName }) {
      try {
        const user = await auth.createUser({
          ...(email !== undefined ? { email, emailVerified: false } : {}),
          ...(password !== undefined ? { password } : {}),
          ...(phoneNumber !== undefined ? { phoneNumber } : {}),
          ...(displayName !== undefined ? { displayName } : {}),
        });
        return { ok: true, uid: user.uid };
      } catch (error) {
        return refusal("createUser", error, ["emailTaken", "phoneTaken", "weakPassword"] as const);
      }
    },

    updateUser: (uid, changes) =>
      change("updateUser", ["notFound", "phoneTaken", "emailTaken"] as const, () => auth.updateUser(uid, changes)),
    deleteUser: (uid) => change("deleteUser", ["notFound"] as const, () => auth.deleteUser(uid)),
    setPassword: (uid, password) =>
      change("setPassword", ["notFound", "weakPassword"] as const, () => auth.updateUser(uid, { password })),
    revokeSessions: (uid) => change("revokeSessions", ["notFound"] as const, () => auth.revokeRefreshTokens(uid)),

    async verifyIdToken(idToken) {
      try {
        const claims = await auth.verifyIdToken(idToken);
        return { ok: true, uid: claims.uid, signedInAt: claims.auth_time * 1000 };
      } catch (error) {
        return refusal("verifyIdToken", error, ["invalidToken"] as const);
      }
    },

    async createSession(idToken, maxAgeMs) {
      try {
        return { ok: true, token: await auth.createSessionCookie(idToken, { expiresIn: maxAgeMs }) };
      } catch (error) {
        return refusal("createSession", error, ["invalidToken"] as const);
      }
    },

    async verifySession(token, { checkAccount }) {
      try {
        const claims = await auth.verifySessionCookie(token, checkAccount);
        return {
          ok: true,
          claims: {
            uid: claims.uid,
            email: claims.email ?? null,
            phoneNumber: claims.phone_number ?? null,
            expiresAt: claims.exp * 1000,
            admin: claims.admin === true,
          },
        };
      } catch (error) {
        // To a session, an account deleted or disabled is simply gone.
        return refusal("verifySession", error, ["invalidToken", "accountGone"] as const, {
          notFound: "accountGone",
          disabled: "accountGone",
        });
      }
    },

    answers: () => platform.answers(),
    close: () => platform.close(),
  };
}
