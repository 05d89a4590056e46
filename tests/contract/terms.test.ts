/**
 * The terms store's contract: versions of the terms documents as drafts, then published; their texts per
 * language with the Korean original as the fallback; a version in force kept as members agreed to it.
 */
import { describe, expect, it } from "vitest";
import type { NewTermsVersion } from "~/stores/terms";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const TODAY = "2026-11-22";

const version = (overrides: Partial<NewTermsVersion> = {}): NewTermsVersion => ({
  document: "privacy",
  version: "2026-12-01",
  effectiveOn: "2026-12-01",
  required: true,
  texts: {
    ko: {
      title: "개인정보 수집 및 이용 동의",
      summary: "보유 기간을 바꿨습니다.",
      sections: [{ heading: "1. 수집 항목", body: "이름, 국적" }],
    },
    en: {
      title: "Consent to the collection and use of personal information",
      summary: "The retention period changed.",
      sections: [{ heading: "1. What we collect", body: "Name, nationality" }],
    },
  },
  ...overrides,
});

describe.each(implementations)("terms store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a version as a draft with its texts, and gives it back as plain data", async () => {
    const draft = version();
    expect(await clients.a.terms.save(draft, T0, TODAY)).toEqual({ ok: true, outcome: "created" });
    const stored = await clients.b.terms.version("privacy", "2026-12-01");
    expect(stored).toEqual({
      document: "privacy",
      version: "2026-12-01",
      effectiveOn: "2026-12-01",
      required: true,
      publishedAt: null,
      createdAt: T0,
      updatedAt: T0,
      texts: draft.texts,
    });
    expect(isPlainData(stored)).toBe(true);
    const { texts: _texts, ...head } = stored!;
    const heads = await clients.b.terms.heads();
    expect(heads).toEqual([head]);
    expect(isPlainData(heads)).toBe(true);
  });

  it("answers null or nothing for what does not exist", async () => {
    expect(await clients.a.terms.version("privacy", "1999-01-01")).toBeNull();
    expect(await clients.a.terms.heads()).toEqual([]);
    expect(await clients.a.terms.textsIn([{ document: "privacy", version: "1999-01-01" }], "en")).toEqual([]);
    expect(await clients.a.terms.publish("privacy", "1999-01-01", T0)).toEqual({ ok: false, problem: "notFound" });
  });

  it("writes nothing for the same content again, and replaces the day, flag and texts of a draft", async () => {
    await clients.a.terms.save(version(), T0, TODAY);
    expect(await clients.b.terms.save(version(), T0 + 1, TODAY)).toEqual({ ok: true, outcome: "unchanged" });
    expect((await clients.a.terms.version("privacy", "2026-12-01"))!.updatedAt).toBe(T0);
    // Languages in another order are the same content.
    const { ko, en } = version().texts;
    expect(await clients.b.terms.save(version({ texts: { en: en!, ko: ko! } }), T0 + 1, TODAY)).toEqual({
      ok: true,
      outcome: "unchanged",
    });

    const changed = version({ effectiveOn: "2026-12-15", required: false, texts: { ko: { ...ko!, summary: "" } } });
    expect(await clients.b.terms.save(changed, T0 + 2, TODAY)).toEqual({ ok: true, outcome: "updated" });
    expect(await clients.a.terms.version("privacy", "2026-12-01")).toMatchObject({
      effectiveOn: "2026-12-15",
      required: false,
      createdAt: T0,
      updatedAt: T0 + 2,
      texts: { ko: { ...ko!, summary: "" } },
    });
  });

  it("publishes a draft once, and keeps a published version not yet in force changeable and published", async () => {
    await clients.a.terms.save(version(), T0, TODAY);
    expect(await clients.b.terms.publish("privacy", "2026-12-01", T0 + 5)).toEqual({ ok: true, changed: true });
    expect(await clients.a.terms.publish("privacy", "2026-12-01", T0 + 9)).toEqual({ ok: true, changed: false });
    expect((await clients.a.terms.heads())[0]).toMatchObject({ publishedAt: T0 + 5 });

    const corrected = version({ texts: { ...version().texts, en: { ...version().texts.en!, title: "Consent" } } });
    expect(await clients.b.terms.save(corrected, T0 + 10, TODAY)).toEqual({ ok: true, outcome: "updated" });
    expect(await clients.a.terms.version("privacy", "2026-12-01")).toMatchObject({
      publishedAt: T0 + 5,
      texts: { en: { title: "Consent" } },
    });
  });

  it("keeps a published version in force as it is: a change is refused, the same content is unchanged", async () => {
    const inForce = version({ version: "2026-11-01", effectiveOn: "2026-11-01" });
    await clients.a.terms.save(inForce, T0, TODAY);
    await clients.a.terms.publish("privacy", "2026-11-01", T0);
    const change = { ...inForce, required: false };
    expect(await clients.b.terms.save(change, T0 + 1, TODAY)).toEqual({ ok: false, problem: "inForce" });
    // Effective today is in force too.
    expect(await clients.b.terms.save(change, T0 + 1, "2026-11-01")).toEqual({ ok: false, problem: "inForce" });
    expect(await clients.b.terms.save(inForce, T0 + 1, TODAY)).toEqual({ ok: true, outcome: "unchanged" });
    expect(await clients.a.terms.version("privacy", "2026-11-01")).toMatchObject({ required: true, updatedAt: T0 });
    // Before its day it could still change, and a draft always can.
    expect(await clients.b.terms.save(change, T0 + 2, "2026-10-31")).toEqual({ ok: true, outcome: "updated" });
    const draft = version({ version: "2026-10-01", effectiveOn: "2026-10-01" });
    await clients.a.terms.save(draft, T0, TODAY);
    expect(await clients.b.terms.save({ ...draft, required: false }, T0 + 3, TODAY)).toEqual({
      ok: true,
      outcome: "updated",
    });
  });

  it("gives each version's text in the language asked for, or its Korean original, in the order asked", async () => {
    await clients.a.terms.save(version(), T0, TODAY);
    await clients.a.terms.save(version({ document: "service", texts: { ko: version().texts.ko! } }), T0, TODAY);
    const asked = [
      { document: "service", version: "2026-12-01" },
      { document: "privacy", version: "1999-01-01" },
      { document: "privacy", version: "2026-12-01" },
    ];
    const texts = await clients.b.terms.textsIn(asked, "en");
    expect(texts).toEqual([
      { document: "service", version: "2026-12-01", language: "ko", ...version().texts.ko! },
      { document: "privacy", version: "2026-12-01", language: "en", ...version().texts.en! },
    ]);
    expect(isPlainData(texts)).toBe(true);
    expect((await clients.b.terms.textsIn(asked, "ko")).map((t) => t.language)).toEqual(["ko", "ko"]);
  });

  it("lists heads by document, then effective day, then version", async () => {
    for (const [document, id, day] of [
      ["service", "b", "2026-12-01"],
      ["privacy", "z", "2026-10-01"],
      ["service", "a", "2026-12-01"],
      ["privacy", "a", "2026-12-01"],
    ] as const) {
      await clients.a.terms.save(version({ document, version: id, effectiveOn: day }), T0, TODAY);
    }
    expect((await clients.b.terms.heads()).map((h) => `${h.document}@${h.version}`)).toEqual([
      "privacy@z",
      "privacy@a",
      "service@a",
      "service@b",
    ]);
  });

  it("stores a version saved by two clients at once once", async () => {
    const outcomes = await raced(6, clients, (stores) => stores.terms.save(version(), T0, TODAY));
    expect(outcomes.filter((o) => o.ok && o.outcome === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o.ok && o.outcome === "unchanged")).toHaveLength(5);
    expect(await clients.a.terms.heads()).toHaveLength(1);
  });
});
