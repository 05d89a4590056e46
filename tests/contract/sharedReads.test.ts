/**
 * The reads kept across requests (app/infra/sharedReads.server.ts, decision 0114), on each storage: kept for the
 * seconds given and no longer, forgotten by a write through them and by a commit of another client (the change
 * mark), a notices' page kept only for a nearby `now`, and what is kept frozen.
 */
import { describe, expect, it } from "vitest";
import type { Decimal } from "~/finance/money";
import { withSharedReads } from "~/infra/sharedReads.server";
import type { NoticeInput, OperatorRateIn } from "~/stores/stores";
import { implementations, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 11, 4, 3, 0, 0);
const SECONDS = 5;
const d = (units: bigint, scale: number): Decimal => ({ units, scale });
const vnd = (krw: bigint): OperatorRateIn => ({
  base: { currency: "VND", unit: 100, krw: d(krw, 2) },
  ttb: null,
  tts: null,
  day: "2026-12-04",
  sourceName: "Operator",
  sourceUrl: "https://example.org/vnd",
});
const notice = (itemCd: string, publishedAt: number | null): NoticeInput => ({
  itemCd,
  category: "general",
  pinned: false,
  publishedAt,
  translations: { ko: { title: "공지", body: "본문" } },
});
const krwOfVnd = async (read: () => Promise<{ currency: string; base: { krw: Decimal } }[]>) =>
  (await read()).find((r) => r.currency === "VND")?.base.krw.units;
const listed = async (page: Promise<{ ok: boolean; items?: { itemCd: string }[] }>) =>
  ((await page) as { items: { itemCd: string }[] }).items.map((n) => n.itemCd);

describe.each(implementations)("reads kept across requests: $name", (implementation) => {
  const clients = twoClients(implementation);
  const clockAt = (start: number) => {
    const clock = { now: start };
    return { clock, read: () => clock.now };
  };

  it("answers the same frozen answer within the seconds, and reads afresh after them", async () => {
    await clients.a.rates.saveOperatorRate(vnd(5571n), T0);
    const { clock, read } = clockAt(T0);
    const shared = withSharedReads(clients.a, SECONDS, read);
    const first = await shared.rates.current();
    expect(await shared.rates.current()).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]!.base)).toBe(true);
    // A caller that would change what it was given fails, rather than changing it for every reader.
    expect(() => (first as { currency: string }[]).push({ currency: "XXX" })).toThrow(TypeError);
    clock.now += SECONDS * 1000;
    const later = await shared.rates.current();
    expect(later).not.toBe(first);
    expect(later).toEqual(first);
  });

  it("forgets at once what a write through it changes", async () => {
    await clients.a.rates.saveOperatorRate(vnd(5571n), T0);
    const shared = withSharedReads(clients.a, SECONDS, () => T0);
    expect(await krwOfVnd(() => shared.rates.current())).toBe(5571n);
    expect(await shared.rates.saveOperatorRate(vnd(5600n), T0 + 1)).toBe("updated");
    expect(await krwOfVnd(() => shared.rates.current())).toBe(5600n);
  });

  it("forgets what another client committed (the change mark), within the seconds", async () => {
    await clients.a.rates.saveOperatorRate(vnd(5571n), T0);
    const shared = withSharedReads(clients.a, SECONDS, () => T0);
    expect(await krwOfVnd(() => shared.rates.current())).toBe(5571n);
    const corridorsBefore = await shared.corridors.list();
    expect(await clients.b.rates.saveOperatorRate(vnd(5600n), T0 + 1)).toBe("updated");
    expect(await krwOfVnd(() => shared.rates.current())).toBe(5600n);
    expect(await shared.corridors.list()).not.toBe(corridorsBefore);
  });

  it("keeps a published notices' page only for a `now` within the seconds of the one it was read for", async () => {
    const shared = withSharedReads(clients.a, SECONDS, () => T0);
    expect(await shared.notices.save(notice("soon", T0 + 60_000), T0)).toBe("created");
    const query = { after: null, limit: 10, language: "ko" };
    const before = shared.notices.listPublished({ ...query, now: T0 });
    expect(await listed(before)).toEqual([]);
    expect(await shared.notices.listPublished({ ...query, now: T0 + 1000 })).toBe(await before);
    // The same wall clock, a reader's `now` a minute on (a job's, a test's): read afresh, the notice is out.
    expect(await listed(shared.notices.listPublished({ ...query, now: T0 + 60_000 }))).toEqual(["soon"]);
  });

  it("keeps a bounded number of answers: a flood of made-up cursors pushes out the oldest", async () => {
    const shared = withSharedReads(clients.a, SECONDS, () => T0);
    const first = await shared.rates.current();
    const query = { limit: 10, language: "ko", now: T0 };
    for (let i = 0; i < 300; i++) await shared.notices.listPublished({ ...query, after: `made-up-${i}` });
    expect(await shared.rates.current()).not.toBe(first);
  });

  it("keeps nothing when told 0 seconds", async () => {
    await clients.a.rates.saveOperatorRate(vnd(5571n), T0);
    const shared = withSharedReads(clients.a, 0, () => T0);
    expect(await shared.rates.current()).not.toBe(await shared.rates.current());
  });
});
