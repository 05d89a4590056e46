/**
 * The stores' change mark (Stores.changeMark): it changes once another client of the same storage has committed a
 * change, which is how the server's shared pages' cache learns that the content import or a second server wrote
 * (server/pageCache.ts, decision 0068).
 */
import { describe, expect, it } from "vitest";
import { implementations, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 3, 0, 0);

describe.each(implementations)("change mark: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("stays while nobody else writes, and changes once another client commits", async () => {
    const { a, b } = clients;
    const before = await a.changeMark();
    expect(await a.changeMark()).toBe(before);
    await b.offers.create(
      {
        itemCd: "mark-1",
        partner: "Example Mobile",
        link: "https://example.com/sim",
        priceKrw: null,
        checkedOn: "2026-11-20",
        order: 1,
        translations: { ko: { title: "선불 유심", description: "30일 데이터", priceNote: "" } },
      },
      T0,
    );
    const after = await a.changeMark();
    expect(after).not.toBe(before);
    // Seen once: the same mark until the next change elsewhere.
    expect(await a.changeMark()).toBe(after);
  });
});
