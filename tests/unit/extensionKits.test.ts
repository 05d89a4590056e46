/**
 * Extension kits (decision 0105): the shipped kits cover the whole catalogue, every part of every sub-type's kit
 * has a source with its day or is marked unverified (a silent gap fails), and the import refuses a file whole,
 * naming the item and the field, for the bad input.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importContent } from "~/content/import.server";
import { seedKind } from "~/content/kind.server";
import { sqliteExtensionKitStore } from "~/infra/sqlite/contentStore.server";
import { openDatabase } from "~/infra/sqlite/database.server";
import type { Stores } from "~/stores/stores";
import { visaStatuses } from "~/visa/catalogue";
import { extensionKitOf, extensionKitView, kitPartsFor } from "~/visa/extensionKits.server";
import { extensionKitsKind, shippedExtensionKits } from "~/visa/extensionKitsKind.server";

const kits = shippedExtensionKits();
const ko = JSON.parse(fs.readFileSync("locales/ko/visaFinder.json", "utf8"));
const vi = JSON.parse(fs.readFileSync("locales/vi/visaFinder.json", "utf8"));
const byStatus = new Map(kits.map((kit) => [kit.itemCd, extensionKitOf(kit)]));

describe("the shipped extension kits", () => {
  it("are one per status of the catalogue, and no other", () => {
    expect([...byStatus.keys()].sort()).toEqual(visaStatuses.map((s) => s.code).sort());
  });

  const codes = visaStatuses.flatMap((s) => [s.code, ...s.subtypes].map((code) => [s.code, code] as const));
  it.each(codes)(
    "%s: %s resolves to a kit with documents, a fee, a filing answer, each sourced or unverified",
    (status, code) => {
      const kit = byStatus.get(status)!;
      expect(kit).toBeDefined();
      const parts = kitPartsFor(kit, code);
      const sources = new Map(kit.sources.map((s) => [s.id, s]));
      // Sourced: a source of the kit with the day it was checked; else marked unverified. Nothing in between.
      const backed = (part: { source?: string; unverified?: true }, what: string) => {
        if (part.unverified) return expect(part.source, `${code} ${what}`).toBeUndefined();
        expect(part.source, `${code} ${what}: no source and not unverified`).toBeDefined();
        expect(sources.get(part.source!)?.checkedOn, `${code} ${what}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      };
      expect(parts.documents.length).toBeGreaterThanOrEqual(1);
      parts.documents.forEach((document, i) => {
        backed(document, `document ${i}`);
        expect(document.doc ?? document.name?.ko, `${code} document ${i} has a Korean name`).toBeTruthy();
      });
      backed(parts.fee, "fee");
      if (!parts.fee.unverified) expect(Number.isInteger(parts.fee.krw)).toBe(true);
      backed(parts.filing, "filing");
      if (!parts.filing.unverified) expect(["online", "visit", "either"]).toContain(parts.filing.mode);
      backed(parts.extendable, "extendable");
      backed(parts.processing, "processing");
    },
  );

  it("say the short stays are not extended in principle, with what to do instead", () => {
    for (const code of ["B-1", "B-2"]) {
      const kit = byStatus.get(code)!;
      expect(kit.extendable.answer).toBe("no");
      expect(kit.instead).toContain("leaveReenter");
      expect(kit.translations.ko?.note).toMatch(/사증/);
    }
    expect(byStatus.get("C-3")!.extendable.answer).toBe("exceptional");
    expect(byStatus.get("F-5")!.extendable.answer).toBe("noStayPeriod");
  });

  it("charge F-6 30,000 won and the others 60,000 where a fee is known", () => {
    expect(kitPartsFor(byStatus.get("F-6")!, "F-6-1").fee.krw).toBe(30_000);
    expect(kitPartsFor(byStatus.get("E-9")!, "E-9-1").fee).toMatchObject({ krw: 60_000, onlineKrw: 50_000 });
  });

  it("give a sub-type its own documents where the manual differs (F-1-D, A-3-99)", () => {
    const nomad = kitPartsFor(byStatus.get("F-1")!, "F-1-D").documents.map((d) => d.doc);
    expect(nomad).toContain("criminalRecord");
    expect(kitPartsFor(byStatus.get("F-1")!, "F-1-1").documents.map((d) => d.doc)).not.toContain("criminalRecord");
    expect(kitPartsFor(byStatus.get("A-3")!, "A-3-99").documents.map((d) => d.doc)).toContain("fulbrightId");
  });
});

describe("importing extension kits", () => {
  // Nothing may be written when a file is refused: a store that throws on any write proves it.
  const untouchable = {
    extensionKits: {
      byId: () => Promise.reject(new Error("read")),
      create: () => Promise.reject(new Error("written")),
      update: () => Promise.reject(new Error("written")),
      list: () => Promise.reject(new Error("read")),
    },
  } as unknown as Stores;
  const good = structuredClone(kits.find((kit) => kit.itemCd === "E-9")!);
  /** The parts of a kit the cases below change, as loose as a file's JSON. */
  interface Raw {
    itemCd: string;
    subtypes?: unknown;
    documents: unknown[];
    fee: { krw?: unknown };
    sources: { checkedOn?: string }[];
    filing: { source?: string };
    translations: { ko?: unknown };
  }
  const refused = async (edit: (kit: Raw) => void) => {
    const bad = structuredClone(good) as unknown as Raw;
    bad.itemCd = "D-2";
    edit(bad);
    const result = await importContent([extensionKitsKind], untouchable, { extensionKits: [good, bad] }, 0);
    expect(result.ok).toBe(false);
    return result.ok ? [] : result.errors.map(({ item, field, message }) => ({ item, field, message }));
  };

  it("refuses an unknown sub-type, naming it", async () => {
    expect(await refused((kit) => (kit.subtypes = { "D-2-9": { fee: { krw: 1, source: "sm" } } }))).toEqual([
      { item: "D-2", field: "subtypes.D-2-9", message: "extensionContent.subtype" },
    ]);
  });

  it("refuses a kit for a status the catalogue does not have", async () => {
    expect(await refused((kit) => (kit.itemCd = "Z-9"))).toEqual([
      { item: "Z-9", field: "itemCd", message: "extensionContent.status" },
    ]);
  });

  it("refuses a document without a Korean name", async () => {
    const errors = await refused((kit) => kit.documents.push({ name: { en: "Bank book" }, source: "sm" }));
    expect(errors).toEqual([{ item: "D-2", field: "documents.8.name.ko", message: "extensionContent.documentKorean" }]);
  });

  it("refuses a document outside the vocabulary", async () => {
    const errors = await refused((kit) => (kit.documents[0] = { doc: "bankBook", source: "sm" }));
    expect(errors).toEqual([{ item: "D-2", field: "documents.0.doc", message: "extensionContent.document" }]);
  });

  it.each([["60,000"], [60000.5], [-1]])("refuses a fee of %s", async (krw) => {
    expect(await refused((kit) => (kit.fee.krw = krw))).toEqual([
      { item: "D-2", field: "fee.krw", message: "extensionContent.fee" },
    ]);
  });

  it("refuses a source without the day it was checked", async () => {
    expect(await refused((kit) => delete kit.sources[0]!.checkedOn)).toEqual([
      { item: "D-2", field: "sources.0.checkedOn", message: "errors.form.required" },
    ]);
  });

  it("refuses a part with neither a source nor an unverified mark", async () => {
    expect(await refused((kit) => delete kit.filing.source)).toEqual([
      { item: "D-2", field: "filing", message: "extensionContent.unsourced" },
    ]);
  });

  it("refuses a kit without its Korean text", async () => {
    expect(await refused((kit) => delete kit.translations.ko)).toEqual([
      { item: "D-2", field: "", message: "errors.form.koreanOriginal" },
    ]);
  });
});

describe("a sub-type's kit as the page shows it, from a real SQLite store", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-kits-"));
  const db = openDatabase(path.join(dir, "db.sqlite"));
  const stores = { extensionKits: sqliteExtensionKitStore(db) } as unknown as Stores;
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is seeded where absent, once", async () => {
    expect(await seedKind(stores, extensionKitsKind)).toBe(visaStatuses.length);
    expect(await seedKind(stores, extensionKitsKind)).toBe(0);
  });

  it("gives D-2-2 in Vietnamese with each document's Korean name, the fee, and numbered sources with their day", async () => {
    const kit = (await extensionKitView({ stores }, "D-2-2", "vi"))!;
    const study = kit.documents.find((d) => d.name === vi.extension.docs.studyProof.name)!;
    expect(study.korean).toBe(ko.extension.docs.studyProof.name);
    expect(kit.fee).toMatchObject({ krw: "60,000", onlineKrw: "50,000", free: false });
    expect(kit.sources.map((s) => s.checkedOn)).toEqual(["2026-12-03", "2026-12-03"]);
    expect(kit.sources[0]!.name).toContain("유학(D-2)");
    expect(kit.sources[1]!.url).toBe("https://www.gov.kr/portal/foreigner/ko/m010102");
    // The note is shipped in Vietnamese: shown as the page's own text, no language named.
    expect(kit.notes.map((n) => n.lang)).toEqual([null]);
    expect(kit.notes[0]!.text).toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđêếềệểễôốồộổỗơớờợởỡưứừựửữ]/);
  });

  it("shows a note its language lacks in English, with the language named", async () => {
    const stored = (await stores.extensionKits.byId("D-2"))!;
    const { vi: _dropped, ...others } = stored.translations;
    expect(await stores.extensionKits.update({ ...stored, translations: others }, Date.now())).toEqual({ ok: true });
    const kit = (await extensionKitView({ stores }, "D-2-2", "vi"))!;
    expect(kit.notes.map((n) => n.lang?.code)).toEqual(["en"]);
    expect(kit.notes[0]!.text).toBe(others.en!.note);
  });

  it("gives a Korean page no Korean name twice, and marks the unverified as such (F-6-1)", async () => {
    const kit = (await extensionKitView({ stores }, "F-6-1", "ko"))!;
    expect(kit.documents.every((d) => d.korean === null)).toBe(true);
    expect(kit.documents.find((d) => d.name === ko.extension.docs.statusDocuments.name)?.source).toBeNull();
    expect(kit.fee.krw).toBe("30,000");
  });

  it("gives a sub-type's own note after its status's (D-2-5 in Korean)", async () => {
    const kit = (await extensionKitView({ stores }, "D-2-5", "ko"))!;
    expect(kit.notes.map((n) => [n.text.slice(0, 8), n.lang])).toEqual([
      ["학사일정에 맞춰", null],
      ["연구유학생은 2", null],
    ]);
  });

  it("answers nothing for a code that is no current sub-type", async () => {
    for (const code of ["D-2-9", "F-4-11", "Z-1"]) expect(await extensionKitView({ stores }, code, "ko")).toBeNull();
  });
});
