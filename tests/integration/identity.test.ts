/**
 * The identity port (~/stores/identity) over Firebase, against the real Auth
 * emulator: each verb's answer, and each refusal as the outcome it declares
 * (Firebase's codes never reach the caller). The raw Admin SDK (`identity.admin`)
 * only arranges and inspects.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { firebaseIdentity } from "~/infra/firebase/identity.server";
import { identityToolkit } from "~/infra/firebase/identityToolkit.server";
import { createTestServices } from "../support/services";
import { nextSecond } from "../support/waitFor";

const services = createTestServices();
const { identity } = services;
const { auth } = identity.admin;
afterAll(() => services.cleanup());

const password = "a long enough passphrase";
const newEmail = () => `port-${randomUUID()}@example.com`;
let seq = 0;
const newNumber = () => `+82108${String((Date.now() % 100_000) * 10 + (seq++ % 10)).padStart(7, "0")}`;

async function created(account: Parameters<typeof identity.createUser>[0]) {
  const made = await identity.createUser(account);
  if (!made.ok) throw new Error(`createUser: ${made.reason}`);
  return made.uid;
}

describe("sign-in", () => {
  it("signs in with a password, and answers an unknown ID and a wrong password alike", async () => {
    const email = newEmail();
    const uid = await created({ email, password });
    expect(await identity.signInWithPassword(email, password)).toMatchObject({ ok: true, uid, email });
    expect(await identity.signInWithPassword(email, "not the password")).toEqual({
      ok: false,
      reason: "wrongCredentials",
    });
    expect(await identity.signInWithPassword(newEmail(), password)).toEqual({ ok: false, reason: "wrongCredentials" });
  });

  it("refuses a disabled account as disabled, with a password or as itself", async () => {
    const email = newEmail();
    const uid = await created({ email, password });
    await auth.updateUser(uid, { disabled: true });
    expect(await identity.signInWithPassword(email, password)).toEqual({ ok: false, reason: "disabled" });
    expect(await identity.signInAs(uid)).toEqual({ ok: false, reason: "disabled" });
  });

  it("signs in as an account on the server (the phone-code path), with a token a session can be made from", async () => {
    const uid = await created({ phoneNumber: newNumber() });
    const signedIn = await identity.signInAs(uid);
    expect(signedIn).toMatchObject({ ok: true, uid });
    if (!signedIn.ok) return;
    expect(await identity.verifyIdToken(signedIn.idToken)).toMatchObject({ ok: true, uid });
  });

  it("signs in with Google, making the account once", async () => {
    // The emulator takes an unsigned JSON id_token in place of Google's signed one.
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    const googleToken = JSON.stringify({ sub, email: `g-${sub}@example.com`, email_verified: true, name: "Min" });
    const first = await identity.signInWithGoogle(googleToken, "http://127.0.0.1");
    expect(first).toMatchObject({ ok: true, email: `g-${sub}@example.com`, displayName: "Min" });
    if (!first.ok) return;
    expect(await identity.signInWithGoogle(googleToken, "http://127.0.0.1")).toMatchObject({
      ok: true,
      uid: first.uid,
    });
    const account = await identity.findByUid(first.uid);
    expect(account).toMatchObject({ ok: true, account: { providers: ["google.com"], phoneNumber: null } });
  });

  it("refuses a Google token that is not one", async () => {
    expect(await identity.signInWithGoogle("not a token", "http://127.0.0.1")).toEqual({
      ok: false,
      reason: "invalidToken",
    });
  });
});

describe("accounts", () => {
  it("finds an account by e-mail, number and uid, and answers null for none", async () => {
    const email = newEmail();
    const phoneNumber = newNumber();
    const uid = await created({ email, password, phoneNumber, displayName: "Lee" });
    const account = { uid, email, phoneNumber, displayName: "Lee", disabled: false };
    for (const found of [
      await identity.findByEmail(email),
      await identity.findByPhone(phoneNumber),
      await identity.findByUid(uid),
    ]) {
      expect(found).toMatchObject({ ok: true, account });
      expect(found.ok && found.account?.providers.sort()).toEqual(["password", "phone"]);
    }
    expect(await identity.findByEmail(newEmail())).toEqual({ ok: true, account: null });
    expect(await identity.findByPhone(newNumber())).toEqual({ ok: true, account: null });
    expect(await identity.findByUid(`nobody-${randomUUID()}`)).toEqual({ ok: true, account: null });
  });

  it("refuses a taken e-mail, a taken number and a password Firebase finds too weak", async () => {
    const email = newEmail();
    const phoneNumber = newNumber();
    await created({ email, password, phoneNumber });
    expect(await identity.createUser({ email, password })).toEqual({ ok: false, reason: "emailTaken" });
    expect(await identity.createUser({ phoneNumber })).toEqual({ ok: false, reason: "phoneTaken" });
    expect(await identity.createUser({ email: newEmail(), password: "12345" })).toEqual({
      ok: false,
      reason: "weakPassword",
    });
  });

  it("changes the name and number, refusing a number another account holds", async () => {
    const taken = newNumber();
    await created({ phoneNumber: taken });
    const uid = await created({ email: newEmail(), password });
    const phoneNumber = newNumber();
    expect(await identity.updateUser(uid, { displayName: "Park", phoneNumber })).toEqual({ ok: true });
    expect(await identity.findByUid(uid)).toMatchObject({ account: { displayName: "Park", phoneNumber } });
    expect(await identity.updateUser(uid, { phoneNumber: taken })).toEqual({ ok: false, reason: "phoneTaken" });
    expect(await identity.updateUser(`nobody-${randomUUID()}`, { displayName: "X" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  it("sets a new password: the old one stops working", async () => {
    const email = newEmail();
    const uid = await created({ email, password });
    const next = "another long passphrase";
    expect(await identity.setPassword(uid, next)).toEqual({ ok: true });
    expect(await identity.signInWithPassword(email, password)).toEqual({ ok: false, reason: "wrongCredentials" });
    expect(await identity.signInWithPassword(email, next)).toMatchObject({ ok: true, uid });
    expect(await identity.setPassword(`nobody-${randomUUID()}`, next)).toEqual({ ok: false, reason: "notFound" });
  });

  it("deletes an account once; the second time it is not found", async () => {
    const uid = await created({ email: newEmail(), password });
    expect(await identity.deleteUser(uid)).toEqual({ ok: true });
    expect(await identity.findByUid(uid)).toEqual({ ok: true, account: null });
    expect(await identity.deleteUser(uid)).toEqual({ ok: false, reason: "notFound" });
  });

  it("revokes an account's sessions at Firebase", async () => {
    const uid = await created({ email: newEmail(), password });
    // Every account has a tokens-valid-after time from its creation, in whole seconds: a revocation moves it later.
    const validAfter = async () => Date.parse((await auth.getUser(uid)).tokensValidAfterTime!);
    const before = await validAfter();
    await nextSecond();
    expect(await identity.revokeSessions(uid)).toEqual({ ok: true });
    expect(await validAfter()).toBeGreaterThan(before);
    expect(await identity.revokeSessions(`nobody-${randomUUID()}`)).toEqual({ ok: false, reason: "notFound" });
  });
});

describe("session tokens", () => {
  async function session() {
    const email = newEmail();
    const uid = await created({ email, password });
    const signedIn = await identity.signInWithPassword(email, password);
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const made = await identity.createSession(signedIn.idToken, 60 * 60 * 1000);
    if (!made.ok) throw new Error(made.reason);
    return { uid, email, token: made.token };
  }

  it("makes a session token and reads its claims back", async () => {
    const { uid, email, token } = await session();
    const verified = await identity.verifySession(token, { checkAccount: true });
    expect(verified).toMatchObject({ ok: true, claims: { uid, email, phoneNumber: null } });
    expect(verified.ok && verified.claims.expiresAt).toBeGreaterThan(Date.now());
  });

  it("refuses junk as an invalid token", async () => {
    expect(await identity.verifyIdToken("junk")).toEqual({ ok: false, reason: "invalidToken" });
    expect(await identity.createSession("junk", 60 * 60 * 1000)).toEqual({ ok: false, reason: "invalidToken" });
    expect(await identity.verifySession("junk", { checkAccount: false })).toEqual({
      ok: false,
      reason: "invalidToken",
    });
  });

  it.each(["disabled", "deleted", "revoked"] as const)(
    "answers accountGone, when asked to check the account, for an account %s",
    async (change) => {
      const { uid, token } = await session();
      expect(await identity.verifySession(token, { checkAccount: true })).toMatchObject({ ok: true });
      if (change === "disabled") await auth.updateUser(uid, { disabled: true });
      if (change === "deleted") await auth.deleteUser(uid);
      if (change === "revoked") {
        // Firebase compares whole seconds: a revocation in the sign-in's own second would not count.
        await nextSecond();
        await identity.revokeSessions(uid);
      }
      expect(await identity.verifySession(token, { checkAccount: true })).toEqual({ ok: false, reason: "accountGone" });
    },
  );
});

describe("an identity provider that cannot be reached", () => {
  /** The port with sign-in pointed at `baseUrl` (accounts still reach the emulator). */
  const reaching = (baseUrl: string) =>
    firebaseIdentity(
      { auth, toolkit: identityToolkit({ baseUrl, apiKey: "local", timeoutMs: 2000 }) },
      { answers: async () => false, close: async () => undefined },
    );

  it("is unavailable when nothing answers", async () => {
    const dead = reaching("http://127.0.0.1:1/identitytoolkit.googleapis.com/v1");
    expect(await dead.signInWithPassword(newEmail(), password)).toEqual({ ok: false, reason: "unavailable" });
    expect(await dead.signInAs(`nobody-${randomUUID()}`)).toEqual({ ok: false, reason: "unavailable" });
  });

  it("is unavailable when it answers 5xx", async () => {
    const server = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const failing = reaching(`http://127.0.0.1:${port}/v1`);
      expect(await failing.signInWithPassword(newEmail(), password)).toEqual({ ok: false, reason: "unavailable" });
      expect(await failing.signInWithGoogle("{}", "http://127.0.0.1")).toEqual({ ok: false, reason: "unavailable" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
