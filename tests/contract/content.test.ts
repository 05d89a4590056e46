/** The content stores' contract (benefits and partner offers): whole items by item code, listed in their order. */
import { describe, expect, it } from "vitest";
import type { BenefitContent } from "~/stores/benefits";
import type { LoanProductContent } from "~/stores/loanProducts";
import type { OfferContent } from "~/stores/offers";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);

const text = (name: string) => ({
  name,
  gives: `What ${name} gives`,
  eligible: "Everyone",
  apply: "Call",
  hoursNote: null,
});

const benefit = (itemCd: string, overrides: Partial<BenefitContent> = {}): BenefitContent => ({
  itemCd,
  category: "immigration",
  order: 10,
  visas: ["all"],
  link: "https://www.hikorea.go.kr",
  phones: ["1345", "+82-1345"],
  hours: { days: "weekdays", opens: "09:00", closes: "22:00" },
  languages: { count: 20, about: false, codes: [] },
  source: { name: "Research notes", url: null, checkedOn: "2026-11-22" },
  unverified: ["phones"],
  translations: {
    ko: { ...text("외국인종합안내센터"), hoursNote: "18시 이후 한국어·영어·중국어" },
    en: text("Contact Center"),
  },
  ...overrides,
});

const offer = (itemCd: string, overrides: Partial<OfferContent> = {}): OfferContent => ({
  itemCd,
  partner: "Example Mobile",
  link: "https://example.com/sim",
  priceKrw: { min: 33000, max: 55000 },
  checkedOn: "2026-11-20",
  order: 0,
  translations: {
    ko: { title: "선불 유심", description: "30일 데이터", priceNote: "30일" },
    en: { title: "Prepaid SIM", description: "30 days of data", priceNote: null },
  },
  ...overrides,
});

describe.each(implementations)("content stores: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keep a benefit whole, as plain data, for every client", async () => {
    expect(await clients.a.benefits.list()).toEqual([]);
    expect(await clients.a.benefits.byId("contact-center")).toBeNull();
    const item = benefit("contact-center");
    expect(await clients.a.benefits.create(item, T0)).toEqual({ ok: true });
    const stored = await clients.b.benefits.byId("contact-center");
    expect(stored).toEqual({ ...item, createdAt: T0, updatedAt: T0 });
    expect(isPlainData(stored)).toBe(true);
    expect(await clients.b.benefits.list()).toEqual([stored]);
  });

  it("refuse a second benefit with the same item code and keep the first", async () => {
    await clients.a.benefits.create(benefit("hikorea"), T0);
    const other = benefit("hikorea", { category: "work", translations: { ko: text("다른 것") } });
    expect(await clients.b.benefits.create(other, T0 + 1)).toEqual({ ok: false, problem: "itemCdTaken" });
    expect((await clients.a.benefits.byId("hikorea"))?.category).toBe("immigration");
    expect(Object.keys((await clients.a.benefits.byId("hikorea"))!.translations)).toEqual(["en", "ko"]);
  });

  it("let exactly one of two clients racing to create one item code have it", async () => {
    const results = await raced(10, clients, (stores, i) =>
      stores.benefits.create(benefit("raced", { order: i }), T0 + i),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await clients.a.benefits.list()).toHaveLength(1);
  });

  it("list benefits in their order, then by item code, of one category, with only the languages asked for", async () => {
    await clients.a.benefits.create(benefit("b-second", { order: 20, category: "work" }), T0);
    await clients.a.benefits.create(benefit("a-third", { order: 30 }), T0);
    await clients.a.benefits.create(benefit("z-first", { order: 10 }), T0);
    await clients.a.benefits.create(benefit("a-first", { order: 10, category: "work" }), T0);
    const codes = async (query?: Parameters<typeof clients.a.benefits.list>[0]) =>
      (await clients.b.benefits.list(query)).map((b) => b.itemCd);
    expect(await codes()).toEqual(["a-first", "z-first", "b-second", "a-third"]);
    expect(await codes({ category: "work" })).toEqual(["a-first", "b-second"]);
    expect(await codes({ category: "health" })).toEqual([]);
    expect(await codes({ category: null })).toHaveLength(4);
    const inEnglish = await clients.b.benefits.list({ languages: ["vi", "en"] });
    expect(inEnglish.map((b) => Object.keys(b.translations))).toEqual([["en"], ["en"], ["en"], ["en"]]);
    expect((await clients.b.benefits.list({ languages: ["ko"] }))[0]!.translations.ko?.hoursNote).toBe(
      "18시 이후 한국어·영어·중국어",
    );
    expect((await clients.b.benefits.list({ languages: [] }))[0]!.translations).toEqual({});
  });

  it("replace a benefit's facts and texts in one step, keeping when it was made", async () => {
    await clients.a.benefits.create(benefit("danuri"), T0);
    const changed = benefit("danuri", {
      category: "family",
      visas: ["F-6"],
      link: null,
      phones: [],
      hours: { days: "always" },
      languages: null,
      source: { name: null, url: null, checkedOn: "2026-11-25" },
      unverified: [],
      order: 5,
      translations: { ko: text("다누리콜센터"), vi: text("Tổng đài Danuri") },
    });
    expect(await clients.b.benefits.update(changed, T0 + 60_000)).toEqual({ ok: true });
    expect(await clients.a.benefits.byId("danuri")).toEqual({ ...changed, createdAt: T0, updatedAt: T0 + 60_000 });
    expect(await clients.a.benefits.update(benefit("no-such"), T0)).toEqual({ ok: false, problem: "notFound" });
    expect(await clients.a.benefits.byId("no-such")).toBeNull();
  });

  it("keep partner offers apart from benefits, with one price, a range or none", async () => {
    expect(await clients.a.offers.list()).toEqual([]);
    await clients.a.offers.create(offer("sim", { order: 2 }), T0);
    await clients.a.offers.create(offer("insurance", { order: 1, priceKrw: null }), T0);
    await clients.a.offers.create(offer("remit", { order: 3, priceKrw: { min: 5000, max: null } }), T0);
    const listed = await clients.b.offers.list({ languages: ["ko"] });
    expect(listed.map((o) => [o.itemCd, o.priceKrw])).toEqual([
      ["insurance", null],
      ["sim", { min: 33000, max: 55000 }],
      ["remit", { min: 5000, max: null }],
    ]);
    expect(listed.every((o) => Object.keys(o.translations).join() === "ko")).toBe(true);
    expect(await clients.b.offers.byId("sim")).toEqual({ ...offer("sim", { order: 2 }), createdAt: T0, updatedAt: T0 });
    expect(isPlainData(await clients.b.offers.byId("sim"))).toBe(true);
    expect(await clients.b.benefits.byId("sim")).toBeNull();
    expect(await clients.b.offers.create(offer("sim"), T0)).toEqual({ ok: false, problem: "itemCdTaken" });
    const cheaper = offer("sim", {
      priceKrw: { min: 30000, max: null },
      translations: { ko: offer("x").translations.ko! },
    });
    expect(await clients.a.offers.update(cheaper, T0 + 1)).toEqual({ ok: true });
    expect(await clients.b.offers.byId("sim")).toEqual({ ...cheaper, createdAt: T0, updatedAt: T0 + 1 });
  });

  it("keep loan products apart from benefits and offers, their ranges and texts whole, replaced in one step", async () => {
    const product = (itemCd: string, overrides: Partial<LoanProductContent> = {}): LoanProductContent => ({
      itemCd,
      order: 10,
      lender: "JB Bank (전북은행)",
      visas: ["E-9", "F-4"],
      amountKrw: { min: 1_000_000, max: 20_000_000 },
      ratePercent: { min: "11", max: "15.5" },
      termMonths: { min: null, max: 36 },
      link: "https://www.jbbank.co.kr",
      source: { name: null, url: null, checkedOn: "2026-11-22" },
      translations: {
        ko: { name: "JB Bravo Korea Loan", conditions: "E-9 비자로 받을 수 있어요.\n최대 36개월이에요." },
        en: { name: "JB Bravo Korea Loan", conditions: "For E-9 visas.\nUp to 36 months." },
      },
      ...overrides,
    });
    expect(await clients.a.loanProducts.list()).toEqual([]);
    expect(await clients.a.loanProducts.create(product("jb"), T0)).toEqual({ ok: true });
    await clients.a.loanProducts.create(product("bnk", { order: 5, amountKrw: null, ratePercent: null }), T0);
    const stored = await clients.b.loanProducts.byId("jb");
    expect(stored).toEqual({ ...product("jb"), createdAt: T0, updatedAt: T0 });
    expect(isPlainData(stored)).toBe(true);
    expect((await clients.b.loanProducts.list({ languages: ["vi"] })).map((p) => [p.itemCd, p.translations])).toEqual([
      ["bnk", {}],
      ["jb", {}],
    ]);
    expect(await clients.b.benefits.byId("jb")).toBeNull();
    expect(await clients.b.offers.byId("jb")).toBeNull();
    expect(await clients.b.loanProducts.create(product("jb"), T0)).toEqual({ ok: false, problem: "itemCdTaken" });
    const changed = product("jb", { visas: [], termMonths: null, translations: { ko: product("x").translations.ko! } });
    expect(await clients.a.loanProducts.update(changed, T0 + 1)).toEqual({ ok: true });
    expect(await clients.b.loanProducts.byId("jb")).toEqual({ ...changed, createdAt: T0, updatedAt: T0 + 1 });
    expect(await clients.a.loanProducts.update(product("none"), T0)).toEqual({ ok: false, problem: "notFound" });
  });
});
