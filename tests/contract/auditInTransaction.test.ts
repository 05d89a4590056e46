/**
 * A change and its audit record are one write (decision 0082, ASVS 2.3.3): every store write an admin, the content
 * import or an operator's command makes takes the record (an AuditNote) and writes it in the change's own
 * transaction, only when something changed; a record that cannot be written leaves the change unmade. And the
 * admin role as the operator last set it (roles), which sessions read on every request.
 */
import { describe, expect, it } from "vitest";
import type { AuditActor, AuditNote, AuditTargetKind, NoticeInput, Stores } from "~/stores/stores";
import { implementations, isPlainData, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 1, 0, 0);
const ADMIN: AuditActor = { kind: "admin", uid: "admin-1", name: "Kim" };

// Each record a moment after the one before, so that the log's order (newest first) is the order written.
let clock = T0;
const note = (kind: AuditTargetKind, id: string, actor: AuditActor = ADMIN): AuditNote => ({
  actor,
  target: { kind, id },
  summary: `${kind} ${id}`,
  at: ++clock,
});

const notice = (itemCd: string, title = "공지"): NoticeInput => ({
  itemCd,
  category: "general",
  pinned: false,
  publishedAt: null,
  translations: { ko: { title, body: "본문" } },
});

async function records(stores: Stores, id: string) {
  const page = await stores.audit.list({ limit: 100 });
  if (!page.ok) throw new Error("no page");
  return page.items
    .filter((e) => e.target.id === id)
    .map((e) => ({ actor: e.actor, action: e.action }))
    .reverse();
}

describe.each(implementations)("audit records written with their change: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("a notice: created, unchanged, updated, published, published again; each actor kept as given", async () => {
    const { a, b } = clients;
    expect(await a.notices.save(notice("n-1"), T0, note("notice", "n-1"))).toBe("created");
    expect(await a.notices.save(notice("n-1"), T0, note("notice", "n-1"))).toBe("unchanged");
    const importer = note("notice", "n-1", { kind: "import" });
    expect(await a.notices.save(notice("n-1", "고친 공지"), T0, importer)).toBe("updated");
    const publish = { ...note("notice", "n-1", { kind: "operator", id: "grant-admin" }), action: "publish" as const };
    await a.notices.change("n-1", { publishedAt: T0 }, T0, publish);
    await a.notices.change("n-1", { publishedAt: T0 }, T0, publish);
    const kept = await records(b, "n-1");
    expect(isPlainData(kept)).toBe(true);
    expect(kept).toEqual([
      { actor: ADMIN, action: "create" },
      { actor: { kind: "import" }, action: "update" },
      { actor: { kind: "operator", id: "grant-admin" }, action: "publish" as const },
    ]);
  });

  it("content, terms, rates, corridors and roles likewise, nothing recorded when nothing changed", async () => {
    const { a, b } = clients;
    const text = { name: "센터", gives: "상담", eligible: "모두", apply: "전화", hoursNote: null };
    const benefit = {
      itemCd: "b-1",
      category: "immigration" as const,
      order: 1,
      visas: ["all"],
      link: null,
      phones: [],
      hours: null,
      languages: null,
      source: { name: null, url: null, checkedOn: "2026-11-22" },
      unverified: [],
      translations: { ko: text },
    };
    expect(await a.benefits.create(benefit, T0, note("benefit", "b-1"))).toEqual({ ok: true });
    expect(await a.benefits.update({ ...benefit, order: 2 }, T0, note("benefit", "b-1"))).toEqual({ ok: true });
    expect(await a.benefits.create(benefit, T0, note("benefit", "b-1"))).toMatchObject({ ok: false });
    expect(await records(b, "b-1")).toEqual([
      { actor: ADMIN, action: "create" },
      { actor: ADMIN, action: "update" },
    ]);

    const version = {
      document: "privacy",
      version: "2027-01-01",
      effectiveOn: "2027-01-01",
      required: true,
      texts: { ko: { title: "개인정보", summary: "", sections: [{ heading: "1", body: "본문" }] } },
    };
    await a.terms.save(version, T0, "2026-11-26", note("terms", "privacy@2027-01-01"));
    await a.terms.save(version, T0, "2026-11-26", note("terms", "privacy@2027-01-01"));
    const publish = { ...note("terms", "privacy@2027-01-01"), action: "publish" as const };
    await a.terms.publish("privacy", "2027-01-01", T0, publish);
    await a.terms.publish("privacy", "2027-01-01", T0, publish);
    expect((await records(b, "privacy@2027-01-01")).map((r) => r.action)).toEqual(["create", "publish"]);

    const rate = {
      base: { currency: "MNT" as const, unit: 1 as const, krw: { units: 41n, scale: 2 } },
      ttb: null,
      tts: null,
      day: "2026-11-20",
      sourceName: "Khan Bank",
      sourceUrl: null,
    };
    await a.rates.saveOperatorRate(rate, T0, note("rate", "MNT"));
    await a.rates.saveOperatorRate(rate, T0, note("rate", "MNT"));
    expect((await records(b, "MNT")).map((r) => r.action)).toEqual(["create"]);

    const corridor = {
      country: "LA",
      provider: "Example Remit",
      offers: [{ currency: "USD", marginBasisPoints: 80 }],
      fee: { kind: "flat" as const, krw: 5_000 },
      asOf: "2026-11-20",
      source: "https://example.com/fees",
      unverified: [],
    };
    await a.corridors.put(corridor, T0, note("corridor", "LA"));
    await a.corridors.put(corridor, T0, note("corridor", "LA"));
    await a.corridors.put({ ...corridor, provider: "Other Remit" }, T0, note("corridor", "LA"));
    expect((await records(b, "LA")).map((r) => r.action)).toEqual(["create", "update"]);

    const operator: AuditActor = { kind: "operator", id: "grant-admin" };
    await a.roles.setAdmin("m-1", true, T0, { ...note("member", "m-1", operator), action: "grantAdmin" });
    // An earlier change does not replace a later one, and is not recorded.
    await a.roles.setAdmin("m-1", false, T0 - 1, { ...note("member", "m-1", operator), action: "revokeAdmin" });
    expect(await b.roles.admin("m-1")).toBe(true);
    await a.roles.setAdmin("m-1", false, T0 + 1, { ...note("member", "m-1", operator), action: "revokeAdmin" });
    expect(await b.roles.admin("m-1")).toBe(false);
    expect(await b.roles.admin("never-set")).toBeNull();
    expect((await records(b, "m-1")).map((r) => r.action)).toEqual(["grantAdmin", "revokeAdmin"]);
  });

  it("leaves the change unmade when its record cannot be written", async () => {
    const { a, b } = clients;
    // An actor the log does not take (its kind is checked by the table): the record fails, and so does the change.
    const broken = { ...note("notice", "n-broken"), actor: { kind: "nobody" } as unknown as AuditActor };
    await expect(a.notices.save(notice("n-broken"), T0, broken)).rejects.toThrow();
    expect(await b.notices.get("n-broken")).toBeNull();
    await a.notices.save(notice("n-kept"), T0);
    await expect(a.notices.change("n-kept", { pinned: true }, T0, broken)).rejects.toThrow();
    expect((await b.notices.get("n-kept"))?.pinned).toBe(false);
    const corridor = {
      country: "KH",
      provider: "Example Remit",
      offers: [{ currency: "USD", marginBasisPoints: 80 }],
      fee: { kind: "flat" as const, krw: 5_000 },
      asOf: "2026-11-20",
      source: "research",
      unverified: [],
    };
    await expect(a.corridors.put(corridor, T0, broken)).rejects.toThrow();
    expect(await b.corridors.get("KH")).toBeNull();
    await expect(a.roles.setAdmin("m-2", true, T0, broken)).rejects.toThrow();
    expect(await b.roles.admin("m-2")).toBeNull();
  });
});
