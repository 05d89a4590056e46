/**
 * Verification codes against a temporary SQLite file, texted to the real local
 * outbox: every rule of the design (3 minutes, single use, 5 tries, 60 s resend,
 * daily caps, bound to the browser) with times passed in, no sleeping.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPhoneCodes, type CodeRequest } from "~/verification/phoneCodes.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { outboxSender, readOutbox, type SmsSender } from "~/infra/sms/sender.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-codes-"));
const stores = openSqliteStores(path.join(dir, "codes.sqlite"));
const codes = createPhoneCodes({ codes: stores.phoneCodes, secret: "test-secret", sender: outboxSender(dir) });
afterAll(async () => {
  await stores.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// The design's numbers, written here rather than imported: a change to them in the code fails this file.
const CODE_TTL_MS = 3 * 60_000;
const MAX_ATTEMPTS = 5;
const RESEND_COOLDOWN_MS = 60_000;
const DAILY_CAP_PER_NUMBER = 10;
const DAILY_CAP_PER_CLIENT = 30;

let numberSeq = 10_000_000;
const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const request = (overrides: Partial<CodeRequest> = {}): CodeRequest => ({
  phone: `+8210${numberSeq++}`,
  purpose: "signIn",
  browserId: "browser-a",
  client: "203.0.113.7",
  now: T0,
  ...overrides,
});
const text = (code: string) => `[K-Life] ${code}`;
/** The code as the member reads it in the SMS. */
const lastCodeTo = (phone: string) => /\d{6}/.exec(readOutbox(dir).find((m) => m.to === phone)!.text)![0];

async function issued(overrides: Partial<CodeRequest> = {}) {
  const r = request(overrides);
  const result = await codes.issue(r, text);
  if (!result.ok) throw new Error(`not issued: ${result.reason}`);
  return { ...r, codeId: result.codeId, code: lastCodeTo(r.phone) };
}

describe("issuing", () => {
  it("texts six digits to the number and stores only a hash", async () => {
    const { phone, code, codeId } = await issued();
    expect(code).toMatch(/^\d{6}$/);
    const row = (await stores.phoneCodes.find(codeId))!;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain("browser-a");
    expect(JSON.stringify(row)).not.toContain("203.0.113.7");
    expect(row.phone).toBe(phone);
  });

  it("makes the member wait 60 s before asking again", async () => {
    const first = await issued();
    const again = await codes.issue({ ...first, now: T0 + RESEND_COOLDOWN_MS - 1 }, text);
    expect(again).toEqual({ ok: false, reason: "cooldown", retryAt: T0 + RESEND_COOLDOWN_MS });
    expect((await codes.issue({ ...first, now: T0 + RESEND_COOLDOWN_MS }, text)).ok).toBe(true);
  });

  it("keeps the wait per purpose: a member who just joined can recover a password at once", async () => {
    const joined = await issued({ purpose: "signUp" });
    const recovery = await codes.issue({ ...joined, purpose: "recovery", now: T0 + 1000 }, text);
    expect(recovery.ok).toBe(true);
    const again = await codes.issue({ ...joined, purpose: "recovery", now: T0 + 2000 }, text);
    expect(again).toMatchObject({ ok: false, reason: "cooldown" });
  });

  it("lets only the newest code of a number work", async () => {
    const first = await issued();
    const second = await issued({ phone: first.phone, now: T0 + RESEND_COOLDOWN_MS });
    expect(await codes.verify(first.codeId, first.code, "browser-a", T0 + RESEND_COOLDOWN_MS + 1)).toEqual({
      ok: false,
      reason: "used",
    });
    expect((await codes.verify(second.codeId, second.code, "browser-a", T0 + RESEND_COOLDOWN_MS + 1)).ok).toBe(true);
  });

  it("caps codes per number per day", async () => {
    const phone = request().phone;
    for (let i = 0; i < DAILY_CAP_PER_NUMBER; i++) {
      expect(
        (await codes.issue(request({ phone, client: `198.51.100.${i}`, now: T0 + i * RESEND_COOLDOWN_MS }), text)).ok,
      ).toBe(true);
    }
    const capped = await codes.issue(
      request({ phone, client: "198.51.100.99", now: T0 + DAILY_CAP_PER_NUMBER * RESEND_COOLDOWN_MS }),
      text,
    );
    expect(capped).toMatchObject({ ok: false, reason: "numberCap" });
    const nextDay = T0 + 24 * 60 * 60_000 + 1;
    expect((await codes.issue(request({ phone, client: "198.51.100.99", now: nextDay }), text)).ok).toBe(true);
  });

  it("caps codes per client address per day", async () => {
    const client = "192.0.2.55";
    for (let i = 0; i < DAILY_CAP_PER_CLIENT; i++) expect((await codes.issue(request({ client }), text)).ok).toBe(true);
    expect(await codes.issue(request({ client }), text)).toMatchObject({ ok: false, reason: "clientCap" });
  });

  it("caps per client address at the configured number when one is set", async () => {
    const client = "192.0.2.56";
    const strict = createPhoneCodes({
      codes: stores.phoneCodes,
      secret: "test-secret",
      sender: outboxSender(dir),
      capPerClient: 2,
    });
    for (let i = 0; i < 2; i++) expect((await strict.issue(request({ client }), text)).ok).toBe(true);
    expect(await strict.issue(request({ client }), text)).toMatchObject({ ok: false, reason: "clientCap" });
  });

  it("reads a code pasted with a space or a dash, or in full-width digits, as its six digits", async () => {
    const forms = [
      (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`,
      (code: string) => ` ${code.slice(0, 3)}-${code.slice(3)} `,
      (code: string) => code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ];
    for (const typed of forms) {
      const { codeId, code, phone } = await issued();
      expect(await codes.verify(codeId, typed(code), "browser-a", T0 + 1000)).toMatchObject({ ok: true, phone });
    }
    const { codeId, code } = await issued();
    expect(await codes.verify(codeId, `${code.slice(0, 3)}x${code.slice(3)}`, "browser-a", T0 + 1000)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("does not hold the cool-down when the text could not be sent", async () => {
    const failing: SmsSender = { send: () => Promise.reject(new Error("provider down")) };
    const flaky = createPhoneCodes({ codes: stores.phoneCodes, secret: "test-secret", sender: failing });
    const r = request();
    await expect(flaky.issue(r, text)).rejects.toThrow("provider down");
    expect((await codes.issue(r, text)).ok).toBe(true);
  });
});

describe("verifying", () => {
  it("accepts the right code once", async () => {
    const { codeId, code, phone } = await issued();
    expect(await codes.verify(codeId, code, "browser-a", T0 + 1000)).toEqual({ ok: true, phone, purpose: "signIn" });
    expect(await codes.verify(codeId, code, "browser-a", T0 + 2000)).toEqual({ ok: false, reason: "used" });
  });

  it("accepts a code until 3 minutes have passed, and refuses it from then on", async () => {
    const late = await issued();
    expect(await codes.verify(late.codeId, late.code, "browser-a", T0 + CODE_TTL_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
    const justInTime = await issued();
    expect((await codes.verify(justInTime.codeId, justInTime.code, "browser-a", T0 + CODE_TTL_MS - 1)).ok).toBe(true);
  });

  it("counts wrong codes and kills the code after 5", async () => {
    const { codeId, code } = await issued();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = MAX_ATTEMPTS - 1; left >= 1; left--) {
      expect(await codes.verify(codeId, wrong, "browser-a", T0 + 1)).toEqual({
        ok: false,
        reason: "wrong",
        attemptsLeft: left,
      });
    }
    expect(await codes.verify(codeId, wrong, "browser-a", T0 + 1)).toEqual({ ok: false, reason: "tooManyAttempts" });
    expect(await codes.verify(codeId, code, "browser-a", T0 + 1)).toEqual({ ok: false, reason: "tooManyAttempts" });
  });

  it("counts every one of many wrong codes sent at once: no guess gets past the fifth", async () => {
    const { codeId, code } = await issued();
    const wrong = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const results = await Promise.all(wrong.map((guess) => codes.verify(codeId, guess, "browser-a", T0 + 1)));
    expect(
      results
        .filter((r) => !r.ok && r.reason === "wrong")
        .map((r) => (r as { attemptsLeft: number }).attemptsLeft)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(results.filter((r) => !r.ok && r.reason === "tooManyAttempts")).toHaveLength(16);
    expect(await codes.verify(codeId, code, "browser-a", T0 + 2)).toEqual({ ok: false, reason: "tooManyAttempts" });
  });

  it("accepts the right code once when it is sent many times at once", async () => {
    const { codeId, code } = await issued();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => codes.verify(codeId, code, "browser-a", T0 + 1)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "used")).toHaveLength(9);
  });

  it("does not count or accept codes with letters or the wrong length", async () => {
    const { codeId, code } = await issued();
    for (const bad of ["12a456", "12345", "1234567", "", "123 45", "１２３４５"]) {
      expect(await codes.verify(codeId, bad, "browser-a", T0 + 1)).toEqual({ ok: false, reason: "malformed" });
    }
    expect((await codes.verify(codeId, code, "browser-a", T0 + 1)).ok).toBe(true);
  });

  it("is bound to the browser that asked", async () => {
    const { codeId, code } = await issued();
    expect(await codes.verify(codeId, code, "browser-b", T0 + 1)).toEqual({ ok: false, reason: "notFound" });
    expect(await codes.verify("no-such-code", code, "browser-a", T0 + 1)).toEqual({ ok: false, reason: "notFound" });
    expect((await codes.verify(codeId, code, "browser-a", T0 + 1)).ok).toBe(true);
  });

  it("prunes codes older than a day", async () => {
    const { codeId } = await issued({ now: T0 - 2 * 24 * 60 * 60_000 });
    expect(await codes.prune(T0)).toBeGreaterThan(0);
    expect(await stores.phoneCodes.find(codeId)).toBeNull();
  });
});
