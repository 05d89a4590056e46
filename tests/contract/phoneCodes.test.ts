/** The phone code store's contract: limits and insert as one step, the counter on the code, used once. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CodeLimits, NewPhoneCode } from "~/stores/phoneCodes";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const limits: CodeLimits = { cooldownMs: 60_000, capPerNumber: 3, capPerClient: 5, windowMs: 24 * 60 * 60_000 };
let phoneSeq = 0;
const freshPhone = () => `+82108${String(1_000_000 + phoneSeq++).padStart(7, "0")}`;

const newCode = (overrides: Partial<NewPhoneCode> = {}): NewPhoneCode => ({
  id: randomUUID(),
  phone: freshPhone(),
  purpose: "signIn",
  codeHash: "code-hash",
  browserHash: "browser-hash",
  clientHash: `client-${randomUUID()}`,
  createdAt: T0,
  expiresAt: T0 + 180_000,
  ...overrides,
});

describe.each(implementations)("phone code store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("stores a code and gives it back as plain data; a missing code is null", async () => {
    const code = newCode();
    expect(await clients.a.phoneCodes.reserve(code, limits)).toEqual({ ok: true });
    const found = await clients.b.phoneCodes.find(code.id);
    expect(found).toEqual({ ...code, attempts: 0, closedAt: null });
    expect(isPlainData(found)).toBe(true);
    expect(await clients.b.phoneCodes.find("no-such-code")).toBeNull();
  });

  it("holds the cool-down per number and purpose, and closes the older code when a newer one is issued", async () => {
    const first = newCode();
    await clients.a.phoneCodes.reserve(first, limits);
    const early = newCode({ phone: first.phone, createdAt: T0 + limits.cooldownMs - 1 });
    expect(await clients.b.phoneCodes.reserve(early, limits)).toEqual({
      ok: false,
      reason: "cooldown",
      retryAt: T0 + limits.cooldownMs,
    });
    expect(await clients.b.phoneCodes.find(early.id)).toBeNull();
    expect(await clients.b.phoneCodes.reserve(newCode({ phone: first.phone, purpose: "recovery" }), limits)).toEqual({
      ok: true,
    });
    const later = newCode({ phone: first.phone, createdAt: T0 + limits.cooldownMs });
    expect(await clients.b.phoneCodes.reserve(later, limits)).toEqual({ ok: true });
    expect(await clients.a.phoneCodes.find(first.id)).toMatchObject({ closedAt: T0 + limits.cooldownMs });
    expect(await clients.a.phoneCodes.find(later.id)).toMatchObject({ closedAt: null });
  });

  it("caps codes per number and per client within the window", async () => {
    const phone = freshPhone();
    for (let i = 0; i < limits.capPerNumber; i++) {
      const at = T0 + i * limits.cooldownMs;
      expect(await clients.a.phoneCodes.reserve(newCode({ phone, createdAt: at }), limits)).toEqual({ ok: true });
    }
    const capped = newCode({ phone, createdAt: T0 + 10 * limits.cooldownMs });
    expect(await clients.b.phoneCodes.reserve(capped, limits)).toEqual({
      ok: false,
      reason: "numberCap",
      retryAt: T0 + limits.windowMs,
    });
    const nextDay = newCode({ phone, createdAt: T0 + limits.windowMs + 1 });
    expect(await clients.b.phoneCodes.reserve(nextDay, limits)).toEqual({ ok: true });

    const clientHash = "one-client";
    for (let i = 0; i < limits.capPerClient; i++) {
      expect(await clients.a.phoneCodes.reserve(newCode({ clientHash, createdAt: T0 + i }), limits)).toEqual({
        ok: true,
      });
    }
    expect(await clients.b.phoneCodes.reserve(newCode({ clientHash, createdAt: T0 + 100 }), limits)).toEqual({
      ok: false,
      reason: "clientCap",
      retryAt: T0 + limits.windowMs,
    });
  });

  it("issues exactly one code to clients racing for the same number and purpose", async () => {
    for (let round = 0; round < 10; round++) {
      const phone = freshPhone();
      const results = await raced(2, clients, (stores) => stores.phoneCodes.reserve(newCode({ phone }), limits));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, reason: "cooldown", retryAt: T0 + limits.cooldownMs },
      ]);
    }
    // Many at once, each within a cap of its own: still one code, and no cap overrun.
    const phone = freshPhone();
    const results = await raced(12, clients, (stores, i) =>
      stores.phoneCodes.reserve(newCode({ phone, purpose: i % 3 === 0 ? "signUp" : "signIn" }), limits),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });

  it("counts wrong attempts on the code, every one of 50 at once", async () => {
    const code = newCode();
    await clients.a.phoneCodes.reserve(code, limits);
    expect(await clients.a.phoneCodes.recordWrongAttempt(code.id)).toBe(1);
    const counts = await raced(50, clients, (stores) => stores.phoneCodes.recordWrongAttempt(code.id));
    expect([...counts].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(await clients.b.phoneCodes.find(code.id)).toMatchObject({ attempts: 51 });
    expect(await clients.b.phoneCodes.recordWrongAttempt("no-such-code")).toBeNull();
  });

  it("closes an open code once; not when expired, over the attempts, or closed", async () => {
    const code = newCode();
    await clients.a.phoneCodes.reserve(code, limits);
    expect(await clients.b.phoneCodes.close(code.id, code.expiresAt, 5)).toBe(false);
    expect(await clients.b.phoneCodes.close(code.id, T0 + 1, 5)).toBe(true);
    expect(await clients.a.phoneCodes.close(code.id, T0 + 2, 5)).toBe(false);
    expect(await clients.a.phoneCodes.find(code.id)).toMatchObject({ closedAt: T0 + 1 });
    expect(await clients.a.phoneCodes.recordWrongAttempt(code.id)).toBeNull();

    const guessed = newCode();
    await clients.a.phoneCodes.reserve(guessed, limits);
    for (let i = 0; i < 5; i++) await clients.b.phoneCodes.recordWrongAttempt(guessed.id);
    expect(await clients.a.phoneCodes.close(guessed.id, T0 + 1, 5)).toBe(false);
    expect(await clients.a.phoneCodes.close("no-such-code", T0 + 1, 5)).toBe(false);
  });

  it("lets exactly one of clients racing to close a code close it", async () => {
    const code = newCode();
    await clients.a.phoneCodes.reserve(code, limits);
    const closed = await raced(10, clients, (stores) => stores.phoneCodes.close(code.id, T0 + 1, 5));
    expect(closed.filter(Boolean)).toHaveLength(1);
  });

  it("deletes a code as if never issued, and prunes the old ones", async () => {
    const code = newCode();
    await clients.a.phoneCodes.reserve(code, limits);
    await clients.b.phoneCodes.delete(code.id);
    expect(await clients.a.phoneCodes.find(code.id)).toBeNull();
    // The deleted code holds no cool-down.
    expect(await clients.a.phoneCodes.reserve(newCode({ phone: code.phone }), limits)).toEqual({ ok: true });

    const old = [newCode({ createdAt: T0 - 10 }), newCode({ createdAt: T0 - 5 })];
    for (const c of old) await clients.a.phoneCodes.reserve(c, limits);
    const recent = newCode({ createdAt: T0 + 1 });
    await clients.a.phoneCodes.reserve(recent, limits);
    expect(await clients.b.phoneCodes.prune(T0 - 5)).toBe(2);
    expect(await clients.a.phoneCodes.find(old[1]!.id)).toBeNull();
    expect(await clients.a.phoneCodes.find(recent.id)).not.toBeNull();
  });
});
