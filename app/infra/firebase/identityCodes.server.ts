/**
 * The one table from Firebase's error codes to the identity port's reasons. Two
 * sources speak here: the Admin SDK (`auth/…` codes on its errors) and the Identity
 * Toolkit REST API (`IdentityError` with the API's code), and the Auth emulator and
 * production spell some answers differently (the emulator says
 * INVALID_LOGIN_CREDENTIALS where production, with email enumeration protection off,
 * says INVALID_PASSWORD or EMAIL_NOT_FOUND). Nothing outside app/infra/firebase reads
 * a code.
 */
import type { IdentityReason } from "~/stores/identity";
import { IdentityError } from "~/infra/firebase/identityToolkit.server";

export const IDENTITY_CODES: Readonly<Record<string, IdentityReason>> = {
  // Identity Toolkit REST (sign-in and sign-up).
  INVALID_LOGIN_CREDENTIALS: "wrongCredentials",
  INVALID_PASSWORD: "wrongCredentials",
  EMAIL_NOT_FOUND: "wrongCredentials",
  TOO_MANY_ATTEMPTS_TRY_LATER: "tooManyAttempts",
  USER_DISABLED: "disabled",
  EMAIL_EXISTS: "emailTaken",
  PHONE_NUMBER_EXISTS: "phoneTaken",
  WEAK_PASSWORD: "weakPassword",
  USER_NOT_FOUND: "notFound",
  INVALID_ID_TOKEN: "invalidToken",
  TOKEN_EXPIRED: "invalidToken",
  INVALID_CUSTOM_TOKEN: "invalidToken",
  CREDENTIAL_MISMATCH: "invalidToken",
  INVALID_IDP_RESPONSE: "invalidToken",
  MISSING_OR_INVALID_NONCE: "invalidToken",
  // What the member typed, refused as such (the forms validate first, so rare): said as a failed sign-in.
  INVALID_EMAIL: "refused",
  MISSING_PASSWORD: "refused",
  // Admin SDK.
  "auth/user-not-found": "notFound",
  "auth/email-already-exists": "emailTaken",
  "auth/phone-number-already-exists": "phoneTaken",
  "auth/invalid-password": "weakPassword",
  "auth/user-disabled": "disabled",
  "auth/session-cookie-revoked": "accountGone",
  "auth/id-token-revoked": "accountGone",
  "auth/session-cookie-expired": "invalidToken",
  "auth/id-token-expired": "invalidToken",
  "auth/invalid-id-token": "invalidToken",
  "auth/argument-error": "invalidToken",
  "auth/invalid-session-cookie-duration": "invalidToken",
  "auth/internal-error": "unavailable",
  "auth/quota-exceeded": "unavailable",
  "app/network-error": "unavailable",
  "app/network-timeout": "unavailable",
  // A configuration Google refuses (docs/hosting.md): nothing a member can change, so "try again later", logged.
  "app/invalid-credential": "unavailable",
  "auth/insufficient-permission": "unavailable",
  "auth/project-not-found": "unavailable",
  "auth/configuration-not-found": "unavailable",
};

/** The code on a Firebase error, or null for anything else (a network error, a timeout, a bug). */
export function identityCode(error: unknown): string | null {
  if (error instanceof IdentityError) return error.code;
  const code = typeof error === "object" && error && "code" in error ? (error as { code: unknown }).code : null;
  return typeof code === "string" && /^(auth|app)\//.test(code) ? code : null;
}

/**
 * What an error from Firebase means. An Admin SDK code the table does not know is
 * "refused" (Firebase answered, and said no). An Identity Toolkit code it does not know
 * is "unavailable": the REST calls carry only what the forms validated, so any other
 * answer (the Web API key refused or restricted, the API disabled in the key's project,
 * a provider switched off, a status without a code) is the configuration's or Google's,
 * never the member's, and must not read as a wrong password. Anything that is not
 * Firebase's answer at all is "unavailable" too.
 */
export function reasonOf(error: unknown): IdentityReason {
  const code = identityCode(error);
  if (code === null) return "unavailable";
  const known = IDENTITY_CODES[code];
  if (known) return known;
  // Production may add a variant (TOO_MANY_ATTEMPTS_TRY_LATER today).
  if (code.startsWith("TOO_MANY_ATTEMPTS")) return "tooManyAttempts";
  if (error instanceof IdentityError) return "unavailable";
  return "refused";
}

/**
 * A verb's reason for an error. `folds` renames reasons the verb reports as another
 * (a deleted account is `accountGone` to a session check). A reason the verb does not
 * declare becomes "refused" when the verb declares that and Firebase did answer, and
 * "unavailable" otherwise.
 */
export function reasonFor<R extends IdentityReason>(
  error: unknown,
  declared: readonly R[],
  folds: Partial<Record<IdentityReason, R>> = {},
): R | "unavailable" {
  const reason = reasonOf(error);
  const folded: IdentityReason = folds[reason] ?? reason;
  const names = declared as readonly IdentityReason[];
  if (names.includes(folded)) return folded as R;
  if (folded !== "unavailable" && names.includes("refused")) return "refused" as R;
  return "unavailable";
}

/** What is wrong with hosted mode's configuration, by the variable to fix, when Google's refusal says so. */
export type ConfigurationFault = "FIREBASE_SERVICE_ACCOUNT" | "FIREBASE_PROJECT_ID" | "FIREBASE_API_KEY";

export function configurationFault(error: unknown): ConfigurationFault | null {
  const code = identityCode(error);
  if (code === null) return null;
  // The key refused or restricted, or its project without the Identity Toolkit API or without Authentication.
  if (code.startsWith("API_KEY_") || code === "SERVICE_DISABLED" || code === "CONFIGURATION_NOT_FOUND") {
    return "FIREBASE_API_KEY";
  }
  // The SDK says invalid-credential also when the token endpoint could not be reached: only Google's OAuth2
  // refusals (RFC 6749 §5.2 error codes in its message) are the credential's fault.
  if (code === "app/invalid-credential") {
    const message = error instanceof Error ? error.message : "";
    return /\b(invalid_grant|invalid_client|unauthorized_client|invalid_scope)\b/.test(message)
      ? "FIREBASE_SERVICE_ACCOUNT"
      : null;
  }
  if (["auth/insufficient-permission", "auth/project-not-found", "auth/configuration-not-found"].includes(code)) {
    return "FIREBASE_PROJECT_ID";
  }
  // Google's IAM answers a 403 whose message has no code ("Caller does not have required permission to use
  // project …"): the SDK calls it an internal error.
  const status = (error as { httpResponse?: { status?: unknown } }).httpResponse?.status;
  if (code === "auth/internal-error" && status === 403) return "FIREBASE_PROJECT_ID";
  return null;
}
