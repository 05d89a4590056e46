/** The single-sign-on store's contract: the provider's records, registered partners, members' consents. */
import { describe, expect, it } from "vitest";
import type { NewSsoClient } from "~/stores/sso";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 1, 0, 0);
const client = (overrides: Partial<NewSsoClient> = {}): NewSsoClient => ({
  clientId: "bank",
  name: "Hana Bank",
  secretHash: "sha256:abc",
  redirectUris: ["https://bank.example/callback"],
  allowedClaims: ["profile", "phone"],
  idTokenAlg: "ES256",
  allowNoPkce: true,
  website: "https://bank.example/",
  privacyUrl: "https://bank.example/privacy",
  retentionMonths: 12,
  createdAt: T0,
  ...overrides,
});
const record = (payload: object, overrides: { grantId?: string; uid?: string; expiresAt?: number | null } = {}) => ({
  payload: JSON.stringify(payload),
  grantId: overrides.grantId ?? null,
  uid: overrides.uid ?? null,
  userCode: null,
  expiresAt: overrides.expiresAt === undefined ? T0 + 60_000 : overrides.expiresAt,
});

describe.each(implementations)("single-sign-on store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a payload by model and id until it expires, and replaces it on upsert", async () => {
    await clients.a.sso.upsertPayload("AuthorizationCode", "c1", record({ n: 1 }, { grantId: "g1" }));
    expect(await clients.b.sso.findPayload("AuthorizationCode", "c1", T0)).toEqual({
      payload: '{"n":1}',
      consumedAt: null,
    });
    expect(await clients.b.sso.findPayload("AccessToken", "c1", T0)).toBeNull();
    expect(await clients.b.sso.findPayload("AuthorizationCode", "c1", T0 + 60_000)).toBeNull();
    await clients.b.sso.upsertPayload("AuthorizationCode", "c1", record({ n: 2 }, { expiresAt: null }));
    expect((await clients.a.sso.findPayload("AuthorizationCode", "c1", T0 + 10 ** 9))?.payload).toBe('{"n":2}');
    await clients.a.sso.destroyPayload("AuthorizationCode", "c1");
    expect(await clients.b.sso.findPayload("AuthorizationCode", "c1", T0)).toBeNull();
  });

  it("finds by uid within the model, and keeps the first consumption time", async () => {
    await clients.a.sso.upsertPayload("Interaction", "i1", record({ i: 1 }, { uid: "u1" }));
    expect((await clients.b.sso.findPayloadByUid("Interaction", "u1", T0))?.payload).toBe('{"i":1}');
    expect(await clients.b.sso.findPayloadByUid("Session", "u1", T0)).toBeNull();
    await clients.a.sso.upsertPayload("AuthorizationCode", "c2", record({}));
    await raced(4, clients, (stores, i) => stores.sso.consumePayload("AuthorizationCode", "c2", T0 + 1 + i));
    // Four at once: whichever committed first set the time (on a shared database, not always the first started).
    const first = (await clients.a.sso.findPayload("AuthorizationCode", "c2", T0 + 10))?.consumedAt;
    expect([T0 + 1, T0 + 2, T0 + 3, T0 + 4]).toContain(first);
    // A later consumption leaves it.
    await clients.b.sso.consumePayload("AuthorizationCode", "c2", T0 + 9);
    expect((await clients.a.sso.findPayload("AuthorizationCode", "c2", T0 + 10))?.consumedAt).toBe(first);
  });

  it("revokes every record of a grant, whatever its model, and prunes what expired", async () => {
    await clients.a.sso.upsertPayload("AuthorizationCode", "c3", record({}, { grantId: "g3" }));
    await clients.a.sso.upsertPayload("AccessToken", "t3", record({}, { grantId: "g3" }));
    await clients.a.sso.upsertPayload("AccessToken", "t4", record({}, { grantId: "g4" }));
    await clients.b.sso.revokeGrant("g3");
    expect(await clients.a.sso.findPayload("AuthorizationCode", "c3", T0)).toBeNull();
    expect(await clients.a.sso.findPayload("AccessToken", "t3", T0)).toBeNull();
    expect(await clients.a.sso.findPayload("AccessToken", "t4", T0)).not.toBeNull();
    await clients.a.sso.upsertPayload("Grant", "g5", record({}, { expiresAt: null }));
    expect(await clients.b.sso.pruneExpired(T0 + 60_000)).toBe(1);
    expect(await clients.a.sso.findPayload("Grant", "g5", T0 + 10 ** 9)).not.toBeNull();
  });

  it("registers a client once, lists, disables and replaces its secret", async () => {
    const [first, second] = await raced(2, clients, (stores) => stores.sso.createClient(client()));
    expect([first, second].sort()).toEqual([false, true]);
    await clients.a.sso.createClient(client({ clientId: "school", name: "Seoul School", createdAt: T0 + 1 }));
    const found = await clients.b.sso.findClient("bank");
    expect(found).toEqual({ ...client(), disabledAt: null });
    expect(isPlainData(found)).toBe(true);
    expect((await clients.b.sso.listClients()).map((c) => c.clientId)).toEqual(["bank", "school"]);
    expect(await clients.a.sso.replaceClientSecret("bank", "sha256:new")).toBe(true);
    expect(await clients.a.sso.replaceClientSecret("nobody", "sha256:new")).toBe(false);
    expect((await clients.b.sso.findClient("bank"))?.secretHash).toBe("sha256:new");
    expect(await clients.b.sso.disableClient("bank", T0 + 5)).toBe(true);
    expect(await clients.a.sso.disableClient("bank", T0 + 6)).toBe(false);
    expect((await clients.a.sso.findClient("bank"))?.disabledAt).toBe(T0 + 5);
    expect(await clients.a.sso.findClient("nobody")).toBeNull();
  });

  it("keeps a partner's web address, privacy policy and retention period, and none for one registered without", async () => {
    await clients.a.sso.createClient(client({ retentionMonths: 0 }));
    await clients.a.sso.createClient(
      client({ clientId: "old", website: null, privacyUrl: null, retentionMonths: null, createdAt: T0 + 1 }),
    );
    expect(await clients.b.sso.findClient("bank")).toMatchObject({
      website: "https://bank.example/",
      privacyUrl: "https://bank.example/privacy",
      retentionMonths: 0,
    });
    const old = (await clients.b.sso.listClients()).find((c) => c.clientId === "old");
    expect(old).toMatchObject({ website: null, privacyUrl: null, retentionMonths: null });
    expect(isPlainData(old)).toBe(true);
  });

  it("keeps one consent per member and partner, and gives it to one removal only", async () => {
    await clients.a.sso.createClient(client());
    await clients.a.sso.createClient(client({ clientId: "school", createdAt: T0 + 1 }));
    const consent = { uid: "m1", clientId: "bank", grantId: "g1", claims: ["profile" as const], createdAt: T0 };
    await clients.a.sso.saveConsent(consent);
    await clients.b.sso.saveConsent({ ...consent, grantId: "g2", claims: ["profile", "phone"], createdAt: T0 + 2 });
    await clients.b.sso.saveConsent({ ...consent, clientId: "school", grantId: "g3", createdAt: T0 + 1 });
    expect(await clients.a.sso.findConsent("m1", "bank")).toEqual({
      ...consent,
      grantId: "g2",
      claims: ["profile", "phone"],
      createdAt: T0 + 2,
    });
    expect((await clients.a.sso.consentsOf("m1")).map((c) => c.clientId)).toEqual(["bank", "school"]);
    expect((await clients.a.sso.consentsTo("bank")).map((c) => c.uid)).toEqual(["m1"]);
    const removed = await raced(2, clients, (stores) => stores.sso.removeConsent("m1", "bank"));
    expect(removed.filter(Boolean).map((c) => c?.grantId)).toEqual(["g2"]);
    expect(await clients.a.sso.findConsent("m1", "bank")).toBeNull();
    expect(await clients.a.sso.consentsOf("m2")).toEqual([]);
  });
});
