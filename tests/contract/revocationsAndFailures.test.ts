/** The revocation and password-failure stores' contracts, and the stores' own ping and close. */
import { describe, expect, it } from "vitest";
import { afterFailure, MAX_FAILED_PASSWORDS } from "~/auth/passwordAttempts.server";
import type { FailurePolicy } from "~/stores/passwordFailures";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);

/** Counts every failure and never locks: the count shows whether any was lost. */
const counting: FailurePolicy = (previous, now) => ({
  failures: (previous?.failures ?? 0) + 1,
  locks: 0,
  lastFailureAt: now,
  lockedUntil: 0,
});

describe.each(implementations)("revocation store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps the latest revocation time per member", async () => {
    expect(await clients.a.revocations.validAfter("member-1")).toBeNull();
    await clients.a.revocations.revoke("member-1", T0);
    expect(await clients.b.revocations.validAfter("member-1")).toBe(T0);
    await clients.b.revocations.revoke("member-1", T0 - 1000);
    expect(await clients.a.revocations.validAfter("member-1")).toBe(T0);
    await clients.b.revocations.revoke("member-1", T0 + 1000);
    expect(await clients.a.revocations.validAfter("member-1")).toBe(T0 + 1000);
    expect(await clients.a.revocations.validAfter("member-2")).toBeNull();
  });

  it("keeps the latest of revocations made at once", async () => {
    await raced(20, clients, (stores, i) => stores.revocations.revoke("member-1", T0 + ((i * 7) % 20)));
    expect(await clients.a.revocations.validAfter("member-1")).toBe(T0 + 19);
  });
});

describe.each(implementations)("password failure store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("applies the policy to the stored state and gives the new state back as plain data", async () => {
    const seen: unknown[] = [];
    const policy: FailurePolicy = (previous, now) => {
      seen.push(previous);
      return counting(previous, now);
    };
    expect(await clients.a.passwordFailures.lockedUntil("id-1")).toBeNull();
    const first = await clients.a.passwordFailures.recordFailure("id-1", T0, policy);
    expect(first).toEqual({ failures: 1, locks: 0, lastFailureAt: T0, lockedUntil: 0 });
    expect(isPlainData(first)).toBe(true);
    await clients.b.passwordFailures.recordFailure("id-1", T0 + 1, policy);
    expect(seen.at(0)).toBeNull();
    expect(seen.at(-1)).toEqual(first);
    expect(await clients.a.passwordFailures.lockedUntil("id-1")).toBe(0);
  });

  it("stores the wait the policy starts, and forgets everything when cleared", async () => {
    let state = null;
    for (let i = 0; i < MAX_FAILED_PASSWORDS; i++) {
      state = await clients.a.passwordFailures.recordFailure("id-1", T0 + i, afterFailure);
    }
    expect(state!.lockedUntil).toBeGreaterThan(T0);
    expect(await clients.b.passwordFailures.lockedUntil("id-1")).toBe(state!.lockedUntil);
    expect(await clients.b.passwordFailures.lockedUntil("id-2")).toBeNull();
    await clients.b.passwordFailures.clear("id-1");
    expect(await clients.a.passwordFailures.lockedUntil("id-1")).toBeNull();
    expect(await clients.a.passwordFailures.recordFailure("id-1", T0 + 100, counting)).toMatchObject({ failures: 1 });
  });

  it("counts every one of 50 failures recorded at once", async () => {
    const states = await raced(50, clients, (stores, i) =>
      stores.passwordFailures.recordFailure("id-1", T0 + i, counting),
    );
    expect(states.map((s) => s.failures).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await clients.a.passwordFailures.recordFailure("id-1", T0 + 50, counting)).failures).toBe(51);
  });

  it("locks exactly as often as 50 failures at once deserve", async () => {
    const states = await raced(50, clients, (stores) =>
      stores.passwordFailures.recordFailure("id-1", T0, afterFailure),
    );
    expect(Math.max(...states.map((s) => s.locks))).toBe(50 / MAX_FAILED_PASSWORDS);
  });
});

describe.each(implementations)("stores: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("answer a ping while open, and close once however often asked", async () => {
    expect(await clients.a.ping()).toBe(true);
    await clients.a.close();
    await clients.a.close();
    expect(await clients.a.ping()).toBe(false);
    expect(await clients.b.ping()).toBe(true);
  });
});
