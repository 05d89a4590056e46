/**
 * The identity port: what routes and features may ask of the identity provider
 * (accounts, passwords, sign-in, session tokens), as verbs with closed outcomes.
 * Types only: the Firebase implementation (app/infra/firebase/identity.server.ts)
 * maps its error codes to these reasons in one table, so no caller ever reads a
 * provider's error code, and another provider can follow without touching a route.
 */

/** Every reason a verb can give for not doing what it was asked. */
export type IdentityReason =
  /** Unknown ID or wrong password (deliberately not told apart). */
  | "wrongCredentials"
  /** The provider throttles this account or address for now. */
  | "tooManyAttempts"
  | "emailTaken"
  | "phoneTaken"
  /** The provider's own password rule refused it. */
  | "weakPassword"
  /** No account has this uid. */
  | "notFound"
  /** The account exists but is disabled. */
  | "disabled"
  /** The session's account was disabled, deleted or its sessions revoked. */
  | "accountGone"
  /** A token that is malformed, expired, or not the provider's. */
  | "invalidToken"
  /** The provider said no for a reason the app does not tell apart (a sign-in method turned off, …). */
  | "refused"
  /** The provider could not be asked (a timeout, a 5xx, a network error): try again later. */
  | "unavailable";

/** A verb's answer: what it made or found, or one of the reasons it declares. */
export type Outcome<T extends object, R extends IdentityReason> = ({ ok: true } & T) | { ok: false; reason: R };

export interface Account {
  uid: string;
  email: string | null;
  /** Whether the e-mail address was proven (a Google sign-in's is; one typed at sign-up is not). */
  emailVerified: boolean;
  /** E.164. */
  phoneNumber: string | null;
  displayName: string | null;
  disabled: boolean;
  /** How the account can sign in: "password", "phone", "google.com", … */
  providers: string[];
}

/** A fresh sign-in: an ID token a session can be made from (within five minutes). */
export interface SignedIn {
  uid: string;
  idToken: string;
  email: string | null;
  /** The name the identity provider gave (Google), if any. */
  displayName: string | null;
}

/** What a verified session token says. */
export interface SessionClaims {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** The account has the moderator role (the `admin` custom claim, granted by scripts/grant-admin.mjs). */
  admin: boolean;
}

export type Found = Outcome<{ account: Account | null }, "unavailable">;
export type Done<R extends IdentityReason> = Outcome<object, R>;

export interface NewAccount {
  email?: string;
  password?: string;
  /** E.164. */
  phoneNumber?: string;
  displayName?: string;
}

export interface Identity {
  /** An unknown ID and a wrong password are both `wrongCredentials`. */
  signInWithPassword(
    email: string,
    password: string,
  ): Promise<Outcome<SignedIn, "wrongCredentials" | "tooManyAttempts" | "disabled" | "refused" | "unavailable">>;
  /** Signs in as an existing account on the server (a custom token exchanged for an ID token). */
  signInAs(uid: string): Promise<Outcome<SignedIn, "disabled" | "unavailable">>;
  /**
   * Exchanges Google's ID token for ours. The provider makes an account for a Google
   * identity it has not seen. `rawNonce`: the nonce whose SHA-256 is the token's `nonce` claim.
   */
  signInWithGoogle(
    googleIdToken: string,
    requestUri: string,
    rawNonce?: string,
  ): Promise<Outcome<SignedIn, "invalidToken" | "disabled" | "unavailable">>;

  findByEmail(email: string): Promise<Found>;
  /** `e164`: a number in E.164 form. */
  findByPhone(e164: string): Promise<Found>;
  findByUid(uid: string): Promise<Found>;

  createUser(
    account: NewAccount,
  ): Promise<Outcome<{ uid: string }, "emailTaken" | "phoneTaken" | "weakPassword" | "unavailable">>;
  /** Changes the name, number or e-mail (the ID of password sign-in) of an account. */
  updateUser(
    uid: string,
    changes: { displayName?: string; phoneNumber?: string; email?: string },
  ): Promise<Done<"notFound" | "phoneTaken" | "emailTaken" | "unavailable">>;
  deleteUser(uid: string): Promise<Done<"notFound" | "unavailable">>;
  setPassword(uid: string, password: string): Promise<Done<"notFound" | "weakPassword" | "unavailable">>;
  /** Ends the account's sessions at the provider (its refresh tokens; session tokens on their next account check). */
  revokeSessions(uid: string): Promise<Done<"notFound" | "unavailable">>;

  /** Checks an ID token's signature and expiry; `signedInAt` (ms) is when its user signed in. */
  verifyIdToken(idToken: string): Promise<Outcome<{ uid: string; signedInAt: number }, "invalidToken" | "unavailable">>;
  /** A session token made from a fresh ID token, valid for `maxAgeMs`. */
  createSession(idToken: string, maxAgeMs: number): Promise<Outcome<{ token: string }, "invalidToken" | "unavailable">>;
  /**
   * Checks a session token. Without `checkAccount` the check is local (signature and
   * expiry); with it the provider is asked whether the account is still enabled,
   * present and not revoked: `accountGone` if not.
   */
  verifySession(
    token: string,
    options: { checkAccount: boolean },
  ): Promise<Outcome<{ claims: SessionClaims }, "invalidToken" | "accountGone" | "unavailable">>;

  /** True when the provider answers (readiness). */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}
