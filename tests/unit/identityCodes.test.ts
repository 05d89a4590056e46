/**
 * The one table from Firebase's error codes to the identity port's reasons: both
 * the emulator's and production's spellings, the Admin SDK's codes, outages, and
 * how a verb narrows a reason to the ones it declares.
 */
import { describe, expect, it } from "vitest";
import { configurationFault, identityCode, reasonFor, reasonOf } from "~/infra/firebase/identityCodes.server";
import { IdentityError } from "~/infra/firebase/identityToolkit.server";

/** An error as the Admin SDK throws them: a `code` such as "auth/user-not-found". */
const adminError = (code: string) => Object.assign(new Error(code), { code });

describe("Identity Toolkit codes", () => {
  it.each([
    // The emulator's spelling, and production's (email enumeration protection off) for the same answer.
    ["INVALID_LOGIN_CREDENTIALS", "wrongCredentials"],
    ["INVALID_PASSWORD", "wrongCredentials"],
    ["EMAIL_NOT_FOUND", "wrongCredentials"],
    ["TOO_MANY_ATTEMPTS_TRY_LATER", "tooManyAttempts"],
    ["USER_DISABLED", "disabled"],
    ["EMAIL_EXISTS", "emailTaken"],
    ["WEAK_PASSWORD", "weakPassword"],
    ["INVALID_IDP_RESPONSE", "invalidToken"],
    ["INVALID_CUSTOM_TOKEN", "invalidToken"],
    ["HTTP_500", "unavailable"],
    ["HTTP_503", "unavailable"],
    // What the member typed, refused as such.
    ["INVALID_EMAIL", "refused"],
    ["MISSING_PASSWORD", "refused"],
    // The configuration's or Google's, never the member's: a key refused or restricted, the API disabled in the
    // key's project, a provider switched off, no Authentication, a status without a code.
    ["API_KEY_INVALID", "unavailable"],
    ["API_KEY_SERVICE_BLOCKED", "unavailable"],
    ["API_KEY_HTTP_REFERRER_BLOCKED", "unavailable"],
    ["SERVICE_DISABLED", "unavailable"],
    ["OPERATION_NOT_ALLOWED", "unavailable"],
    ["PASSWORD_LOGIN_DISABLED", "unavailable"],
    ["CONFIGURATION_NOT_FOUND", "unavailable"],
    ["PROJECT_NOT_FOUND", "unavailable"],
    ["PERMISSION_DENIED", "unavailable"],
    ["HTTP_400", "unavailable"],
    ["HTTP_403", "unavailable"],
  ])("%s is %s", (code, reason) => {
    expect(reasonOf(new IdentityError(code))).toBe(reason);
  });

  it("never reads a configuration refusal as a wrong password in a verb that declares 'refused'", () => {
    const declared = ["wrongCredentials", "tooManyAttempts", "disabled", "refused"] as const;
    for (const code of ["API_KEY_INVALID", "SERVICE_DISABLED", "OPERATION_NOT_ALLOWED", "HTTP_403", "HTTP_404"]) {
      expect(reasonFor(new IdentityError(code), declared), code).toBe("unavailable");
    }
    expect(reasonFor(new IdentityError("INVALID_PASSWORD"), declared)).toBe("wrongCredentials");
  });

  it("names the variable to fix for a refusal of the Web API key or of its project", () => {
    for (const code of ["API_KEY_INVALID", "API_KEY_SERVICE_BLOCKED", "SERVICE_DISABLED", "CONFIGURATION_NOT_FOUND"]) {
      expect(configurationFault(new IdentityError(code)), code).toBe("FIREBASE_API_KEY");
    }
    expect(configurationFault(new IdentityError("INVALID_CUSTOM_TOKEN"))).toBeNull();
    expect(configurationFault(new IdentityError("HTTP_503"))).toBeNull();
  });

  it("reads a throttling variant production may add as tooManyAttempts", () => {
    expect(reasonOf(new IdentityError("TOO_MANY_ATTEMPTS_SOMETHING_NEW"))).toBe("tooManyAttempts");
  });
});

describe("Admin SDK codes", () => {
  it.each([
    ["auth/user-not-found", "notFound"],
    ["auth/email-already-exists", "emailTaken"],
    ["auth/phone-number-already-exists", "phoneTaken"],
    ["auth/invalid-password", "weakPassword"],
    ["auth/user-disabled", "disabled"],
    ["auth/session-cookie-revoked", "accountGone"],
    ["auth/session-cookie-expired", "invalidToken"],
    ["auth/argument-error", "invalidToken"],
    ["auth/internal-error", "unavailable"],
    ["app/network-timeout", "unavailable"],
    ["auth/something-new", "refused"],
  ])("%s is %s", (code, reason) => {
    expect(reasonOf(adminError(code))).toBe(reason);
  });
});

describe("what is not Firebase's answer", () => {
  it("is unavailable: a network error, a timeout, a bug, a system error code", () => {
    expect(reasonOf(new TypeError("fetch failed"))).toBe("unavailable");
    expect(reasonOf(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe("unavailable");
    expect(reasonOf(new Error("boom"))).toBe("unavailable");
    expect(reasonOf(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe("unavailable");
    expect(identityCode(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBeNull();
  });
});

describe("a verb's reasons", () => {
  it("keeps a reason the verb declares", () => {
    expect(reasonFor(adminError("auth/email-already-exists"), ["emailTaken", "phoneTaken"])).toBe("emailTaken");
  });

  it("makes an undeclared answer 'refused' when the verb declares it, and 'unavailable' when not", () => {
    const taken = new IdentityError("EMAIL_EXISTS");
    expect(reasonFor(taken, ["wrongCredentials", "refused"])).toBe("refused");
    expect(reasonFor(taken, ["wrongCredentials"])).toBe("unavailable");
    expect(reasonFor(adminError("auth/something-new"), ["notFound", "refused"])).toBe("refused");
  });

  it("never turns an outage into a refusal", () => {
    expect(reasonFor(new IdentityError("HTTP_502"), ["wrongCredentials", "refused"])).toBe("unavailable");
    expect(reasonFor(new TypeError("fetch failed"), ["refused"])).toBe("unavailable");
  });

  it("folds reasons the verb reports as another", () => {
    const folds = { notFound: "accountGone", disabled: "accountGone" } as const;
    const declared = ["invalidToken", "accountGone"] as const;
    expect(reasonFor(adminError("auth/user-not-found"), declared, folds)).toBe("accountGone");
    expect(reasonFor(adminError("auth/user-disabled"), declared, folds)).toBe("accountGone");
    expect(reasonFor(adminError("auth/session-cookie-revoked"), declared, folds)).toBe("accountGone");
    expect(reasonFor(adminError("auth/session-cookie-expired"), declared, folds)).toBe("invalidToken");
    expect(reasonFor(adminError("auth/something-new"), declared, folds)).toBe("unavailable");
  });
});
