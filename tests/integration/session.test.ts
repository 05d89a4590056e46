/**
 * Sessions against the real Auth emulator and a temporary database: made from a
 * fresh sign-in, read without trusting anything unsigned, refused at once after
 * sign-out or revocation.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { endSession, readSession, requireMember, revokeSessions, startSession } from "~/auth/session.server";
import { registerMember } from "../support/members";
import { createTestServices } from "../support/services";
import { nextSecond } from "../support/waitFor";

const services = createTestServices();
const other = createTestServices();
afterAll(async () => {
  await services.cleanup();
  await other.cleanup();
});

const password = "a long enough passphrase";
const newEmail = () => `member-${randomUUID()}@example.com`;
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie: string | null, path = "/mypage") =>
  new Request(`http://x${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** The session cookie (name=value) made from an ID token; fails the test when none is made. */
async function sessionFrom(idToken: string, now?: number) {
  const started = await startSession(services, idToken, now);
  if (!started.ok) throw new Error(`no session: ${started.reason}`);
  return cookieOf(started.setCookie);
}

async function signedIn() {
  const email = newEmail();
  const tokens = await services.identity.admin.toolkit.signUp(email, password);
  await registerMember(services, tokens.uid);
  const cookie = await sessionFrom(tokens.idToken);
  return { email, uid: tokens.uid, cookie };
}

describe("every way in ends in the same kind of session", () => {
  it("Google, through the identity port's signInWithGoogle", async () => {
    // The emulator takes an unsigned JSON id_token in place of Google's signed one.
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    const googleToken = JSON.stringify({ sub, email: `g-${sub}@example.com`, email_verified: true });
    const tokens = await services.identity.signInWithGoogle(googleToken, "http://127.0.0.1");
    if (!tokens.ok) throw new Error(tokens.reason);
    await registerMember(services, tokens.uid, { signUpMethod: "google" });
    const cookie = await sessionFrom(tokens.idToken);
    expect(await readSession(requestWith(cookie), services)).toMatchObject({
      uid: tokens.uid,
      email: `g-${sub}@example.com`,
    });
    const again = await services.identity.signInWithGoogle(googleToken, "http://127.0.0.1");
    expect(again).toMatchObject({ ok: true, uid: tokens.uid });
  });

  it("a phone code, through the identity port's signInAs", async () => {
    const { uid } = await services.identity.admin.toolkit.signUp(newEmail(), password);
    await registerMember(services, uid);
    const tokens = await services.identity.signInAs(uid);
    if (!tokens.ok) throw new Error(tokens.reason);
    expect((await readSession(requestWith(await sessionFrom(tokens.idToken)), services))?.uid).toBe(uid);
  });
});

describe("sessions", () => {
  it("a fresh sign-in makes a session the next request recognises", async () => {
    const { uid, email, cookie } = await signedIn();
    expect(await readSession(requestWith(cookie), services)).toEqual({
      uid,
      email,
      phoneNumber: null,
      signedInAt: expect.any(Number),
      admin: false,
    });
  });

  it("refuses a sign-in older than five minutes", async () => {
    const tokens = await services.identity.admin.toolkit.signUp(newEmail(), password);
    const later = Date.now() + 6 * 60 * 1000;
    expect(await startSession(services, tokens.idToken, later)).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses no cookie, a tampered cookie, another server's cookie and junk", async () => {
    const { cookie } = await signedIn();
    const tampered = cookie.replace(/.(?=.{12}$)/, (c) => (c === "A" ? "B" : "A"));
    expect(await readSession(requestWith(null), services)).toBeNull();
    expect(await readSession(requestWith(tampered), services)).toBeNull();
    expect(await readSession(requestWith(cookie), other)).toBeNull();
    expect(await readSession(requestWith("__session=%%%"), services)).toBeNull();
    expect(await readSession(requestWith(`__session=${"a".repeat(9000)}`), services)).toBeNull();
  });

  it("sign-out clears the cookie and refuses the old session on the very next request", async () => {
    const { uid, cookie } = await signedIn();
    // Every account has a tokens-valid-after time from its creation, in whole seconds: a revocation moves it later.
    const validAfter = async () => Date.parse((await services.identity.admin.auth.getUser(uid)).tokensValidAfterTime!);
    const before = await validAfter();
    await nextSecond();
    const cleared = await endSession(requestWith(cookie), services);
    expect(cleared).toMatch(/^__session=;.*Max-Age=0/);
    expect(await readSession(requestWith(cookie), services)).toBeNull();
    // Firebase revoked the refresh tokens too.
    expect(await validAfter()).toBeGreaterThan(before);
  });

  it("a revocation (password change, withdrawal) ends every session, and a new sign-in works", async () => {
    const { uid, email, cookie } = await signedIn();
    const tokens = await services.identity.admin.toolkit.signInWithPassword(email, password);
    const second = await sessionFrom(tokens.idToken);
    await revokeSessions(services, uid);
    expect(await readSession(requestWith(cookie), services)).toBeNull();
    expect(await readSession(requestWith(second), services)).toBeNull();

    const fresh = await services.identity.admin.toolkit.signInWithPassword(email, password);
    const third = await sessionFrom(fresh.idToken);
    expect((await readSession(requestWith(third), services))?.uid).toBe(uid);
  });

  it("protected pages send visitors to the start screen with a same-origin way back", async () => {
    const thrown = await requireMember(requestWith(null, "/mypage/visa?tab=2"), services).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/member/start?redirectTo=%2Fmypage%2Fvisa%3Ftab%3D2");

    const { uid, cookie } = await signedIn();
    expect((await requireMember(requestWith(cookie), services)).uid).toBe(uid);
  });
});

describe("only members get sessions", () => {
  it("refuses an account made at the identity provider directly (no profile, no terms)", async () => {
    const tokens = await services.identity.admin.toolkit.signUp(newEmail(), password);
    expect(await startSession(services, tokens.idToken)).toEqual({ ok: false, reason: "notMember" });
  });
});

describe("the session cookie", () => {
  it("is opaque: neither the token nor the member's uid, ID or number can be read from it", async () => {
    const { uid, email, cookie } = await signedIn();
    const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
    const readable = `${value} ${Buffer.from(value, "base64").toString("utf8")}`;
    // A JWT (the Firebase session cookie) starts with its encoded header, `{"alg":`: "eyJhbGciOi". (Three
    // characters, "eyJ", also turn up by chance in a long random ciphertext, about once in 250 runs.)
    for (const secret of [uid, email, "eyJhbGciOi"]) expect(readable).not.toContain(secret);
  });
});

describe("sessions end when the account does", () => {
  afterEach(() => vi.restoreAllMocks());

  const changes = {
    disabled: (uid: string) => services.identity.admin.auth.updateUser(uid, { disabled: true }),
    deleted: (uid: string) => services.identity.admin.auth.deleteUser(uid),
    // Firebase compares whole seconds: a revocation in the sign-in's own second would not count.
    revoked: async (uid: string) => {
      await nextSecond();
      await services.identity.admin.auth.revokeRefreshTokens(uid);
    },
  };

  // The bound of docs/joining-and-sessions.md, written here rather than imported: a change to it in the code fails these tests.
  const ACCOUNT_CHECK_INTERVAL_MS = 5 * 60_000;

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    "a session whose account was %s outside the app stops working within the stated bound",
    async (change) => {
      const { uid, cookie } = await signedIn();
      const start = Date.now();
      await changes[change](uid);
      const check = vi.spyOn(services.identity.admin.auth, "verifySessionCookie");
      // Within the bound the hot path asks Firebase nothing (the answer may still be the old one)…
      for (let i = 0; i < 20; i++) await readSession(requestWith(cookie), services, start + i * 15_000);
      expect(check.mock.calls.filter(([, checkRevoked]) => checkRevoked === true)).toHaveLength(0);
      // …and once the bound has passed, the session is refused, and stays refused.
      expect(await readSession(requestWith(cookie), services, start + ACCOUNT_CHECK_INTERVAL_MS)).toBeNull();
      expect(await readSession(requestWith(cookie), services, start + ACCOUNT_CHECK_INTERVAL_MS + 1000)).toBeNull();
      expect(check.mock.calls.filter(([, checkRevoked]) => checkRevoked === true)).toHaveLength(1);
    },
  );

  it("a live account is asked about at most once per bound", async () => {
    const { uid, cookie } = await signedIn();
    const start = Date.now();
    const check = vi.spyOn(services.identity.admin.auth, "verifySessionCookie");
    for (let i = 0; i <= 30; i++) {
      expect((await readSession(requestWith(cookie), services, start + i * 30_000))?.uid).toBe(uid);
    }
    // 15 minutes of requests every 30 seconds: three checks.
    expect(check.mock.calls.filter(([, checkRevoked]) => checkRevoked === true)).toHaveLength(3);
  });
});
