/** The corridors store's contract: one record per country, kept whole, written only where its figures differ. */
import { describe, expect, it } from "vitest";
import type { CorridorRecord } from "~/stores/corridors";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 1, 0, 0);

const corridor = (country: string, overrides: Partial<CorridorRecord> = {}): CorridorRecord => ({
  country,
  provider: "Example Remit",
  offers: [
    { currency: "VND", marginBasisPoints: 150 },
    { currency: "USD", marginBasisPoints: 80 },
  ],
  fee: {
    kind: "tiered",
    tierCurrency: "USD",
    tiers: [
      { upTo: 500, krw: 5_000 },
      { upTo: null, krw: 10_000 },
    ],
  },
  asOf: "2026-11-20",
  source: "https://example.com/fees",
  unverified: ["margin"],
  ...overrides,
});

describe.each(implementations)("corridors store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a corridor whole, as plain data, for every client", async () => {
    expect(await clients.a.corridors.list()).toEqual([]);
    expect(await clients.a.corridors.get("VN")).toBeNull();
    expect(await clients.a.corridors.put(corridor("VN"), T0)).toBe("created");
    const stored = await clients.b.corridors.get("VN");
    expect(stored).toEqual({ ...corridor("VN"), createdAt: T0, updatedAt: T0 });
    expect(isPlainData(stored)).toBe(true);
    expect(await clients.b.corridors.list()).toEqual([stored]);
  });

  it("lists by country code and keeps the order of offers and tiers", async () => {
    await clients.a.corridors.put(corridor("PH", { fee: { kind: "flat", krw: 4_000 } }), T0);
    await clients.a.corridors.put(corridor("JP", { offers: [{ currency: "JPY", marginBasisPoints: 0 }] }), T0);
    await clients.a.corridors.put(corridor("VN"), T0);
    const list = await clients.b.corridors.list();
    expect(list.map((c) => c.country)).toEqual(["JP", "PH", "VN"]);
    expect(list[2]!.offers.map((o) => o.currency)).toEqual(["VND", "USD"]);
    expect(list[1]!.fee).toEqual({ kind: "flat", krw: 4_000 });
  });

  it("writes only what differs: the same figures again are unchanged, new ones replace them", async () => {
    await clients.a.corridors.put(corridor("VN"), T0);
    // The same figures with their keys in another order are the same figures.
    const { unverified, source, ...rest } = corridor("VN");
    const reordered = { unverified, source, ...rest };
    expect(await clients.b.corridors.put(reordered as CorridorRecord, T0 + 1_000)).toBe("unchanged");
    expect((await clients.a.corridors.get("VN"))?.updatedAt).toBe(T0);
    const changed = corridor("VN", { asOf: "2026-11-25", offers: [{ currency: "VND", marginBasisPoints: 120 }] });
    expect(await clients.b.corridors.put(changed, T0 + 2_000)).toBe("updated");
    expect(await clients.a.corridors.get("VN")).toEqual({ ...changed, createdAt: T0, updatedAt: T0 + 2_000 });
  });

  it("creates a country once when two clients race to write it", async () => {
    const outcomes = await raced(6, clients, (stores) => stores.corridors.put(corridor("NP"), T0));
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "unchanged")).toHaveLength(5);
    expect(await clients.a.corridors.list()).toHaveLength(1);
  });
});
