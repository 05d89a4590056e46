/** The flow store's contract: bound to a browser, expiring, spent once. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { NewFlow } from "~/stores/flows";
import { implementations, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const newFlow = (overrides: Partial<NewFlow> = {}): NewFlow => ({
  kind: "signup",
  idHash: randomUUID(),
  browserHash: "browser-a",
  data: JSON.stringify({ step: 1, name: "Aibek" }),
  now: T0,
  expiresAt: T0 + 60_000,
  ...overrides,
});

describe.each(implementations)("flow store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("finds a flow only for its kind and browser, and only before it expires", async () => {
    const flow = newFlow();
    await clients.a.flows.create(flow);
    expect(await clients.b.flows.find("signup", flow.idHash, "browser-a", T0 + 1)).toBe(flow.data);
    expect(await clients.b.flows.find("signup", flow.idHash, "browser-b", T0 + 1)).toBeNull();
    expect(await clients.b.flows.find("recovery", flow.idHash, "browser-a", T0 + 1)).toBeNull();
    expect(await clients.b.flows.find("signup", flow.idHash, "browser-a", flow.expiresAt - 1)).toBe(flow.data);
    expect(await clients.b.flows.find("signup", flow.idHash, "browser-a", flow.expiresAt)).toBeNull();
    expect(await clients.b.flows.find("signup", "no-such-flow", "browser-a", T0)).toBeNull();
  });

  it("replaces the data and the expiry, and says when the flow is gone", async () => {
    const flow = newFlow();
    await clients.a.flows.create(flow);
    expect(await clients.b.flows.update("signup", flow.idHash, '{"step":2}', T0 + 120_000)).toBe(true);
    expect(await clients.a.flows.find("signup", flow.idHash, "browser-a", T0 + 90_000)).toBe('{"step":2}');
    expect(await clients.a.flows.update("signup", "no-such-flow", "{}", T0 + 1)).toBe(false);
  });

  it("gives a flow to one take only, and not to another browser or after expiry", async () => {
    const flow = newFlow();
    await clients.a.flows.create(flow);
    expect(await clients.b.flows.take("signup", flow.idHash, "browser-b", T0 + 1)).toBeNull();
    expect(await clients.b.flows.take("signup", flow.idHash, "browser-a", flow.expiresAt)).toBeNull();
    expect(await clients.b.flows.take("signup", flow.idHash, "browser-a", T0 + 1)).toBe(flow.data);
    expect(await clients.a.flows.take("signup", flow.idHash, "browser-a", T0 + 2)).toBeNull();
    expect(await clients.a.flows.find("signup", flow.idHash, "browser-a", T0 + 2)).toBeNull();
  });

  it("lets exactly one of two clients racing to take the same flow have it", async () => {
    for (let round = 0; round < 10; round++) {
      const flow = newFlow();
      await clients.a.flows.create(flow);
      const taken = await raced(2, clients, (stores) => stores.flows.take("signup", flow.idHash, "browser-a", T0 + 1));
      expect(taken.filter((data) => data !== null)).toEqual([flow.data]);
    }
    const flow = newFlow();
    await clients.a.flows.create(flow);
    const taken = await raced(20, clients, (stores) => stores.flows.take("signup", flow.idHash, "browser-a", T0 + 1));
    expect(taken.filter((data) => data !== null)).toHaveLength(1);
  });

  it("removes a flow, and prunes only the expired ones", async () => {
    const kept = newFlow({ expiresAt: T0 + 10_000 });
    const removed = newFlow();
    const expired = [newFlow({ expiresAt: T0 - 1 }), newFlow({ kind: "google", expiresAt: T0 })];
    for (const flow of [kept, removed, ...expired]) await clients.a.flows.create(flow);
    await clients.b.flows.remove("signup", removed.idHash);
    expect(await clients.a.flows.find("signup", removed.idHash, "browser-a", T0 - 10)).toBeNull();
    expect(await clients.b.flows.prune(T0)).toBe(2);
    expect(await clients.a.flows.find("signup", kept.idHash, "browser-a", T0)).toBe(kept.data);
    expect(await clients.b.flows.prune(T0)).toBe(0);
  });
});
