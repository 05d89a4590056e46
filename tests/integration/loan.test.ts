/**
 * /finance/loan and its loan products: through the loader against a temporary database (the shipped products
 * written as the server writes them at start) for the research notes' worked examples, every bad input of issue
 * 28 and the products for a member's visa first; the content import of `loanProducts`; the admin's list and form
 * (404 for anyone else, the import's schema, the audit log); and the built server as a browser without
 * JavaScript gets the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "~/content/import.server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import type { LoanPage } from "~/finance/loanPage.server";
import { loanProductsKind, shippedLoanProducts } from "~/finance/loanProductsKind.server";
import { seedKind } from "~/content/kind.server";
import { action as editAction, loader as editLoader } from "~/routes/admin.loanProducts.edit";
import { loader as listLoader } from "~/routes/admin.loanProducts._index";
import { loader as loanLoader } from "~/routes/finance.loan";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const shipped = shippedLoanProducts();
const T0 = Date.UTC(2026, 10, 26, 3, 0, 0);

beforeAll(async () => {
  expect(await seedKind(services.stores, loanProductsKind, T0)).toBe(shipped.length);
});

type Route = (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;
const call = (route: Route, request: Request) => run(() => route({ request, params: {}, context }));

async function loanPage(query: string, jar = new Jar()): Promise<LoanPage> {
  const response = await call(
    loanLoader,
    new Request(`http://x/finance/loan${query}`, { headers: { Cookie: jar.header } }),
  );
  expect(response.status, query).toBe(200);
  return (await response.json()) as LoanPage;
}

/** A member with this visa (and the admin claim when asked), signed in in a jar. */
async function memberWith(visa: string | null, admin = false) {
  const { uid } = await services.identity.admin.auth.createUser({});
  await registerMember(services, uid, { visa });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  return signedInJar(services, uid);
}

/** The schedule's cells, row by row, from the page data's rows (a month a line, figures separated by spaces). */
const cells = (text: string) => (text ? text.split("\n").map((line) => line.split(" ")) : []);

const problemKeys = (page: LoanPage) =>
  Object.fromEntries(Object.entries(page.problems).map(([field, message]) => [field, message.key.split(".").pop()]));

describe("the loan calculator's answers", () => {
  it("gives an empty form and no answer until something is asked", async () => {
    const page = await loanPage("");
    expect(page).toMatchObject({ result: null, problems: {}, values: { amount: "", method: "equalPayment" } });
  });

  it("matches the research notes' worked examples, with the truncation settled in the last payment", async () => {
    const equal = (await loanPage("?amount=1,000,000&rate=5&months=24&method=equalPayment")).result!;
    expect(equal).toMatchObject({ firstPayment: "43,871", lastPayment: "43,868", totalInterest: "52,901" });
    const rows = [...cells(equal.shownRows), ...cells(equal.restRows)];
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual(["1", "43,871", "39,705", "4,166", "960,295"]);
    expect(rows[23]![1]).toBe("43,868");
    expect(rows[23]![4]).toBe("0");
    expect(equal.restFrom).toBe(13);

    expect((await loanPage("?amount=10000000&rate=4.5&months=36&method=equalPayment")).result!.firstPayment).toBe(
      "297,469",
    );
    expect((await loanPage("?amount=5000000&rate=12&months=12")).result!.firstPayment).toBe("444,243");

    const principal = (await loanPage("?amount=1000000&rate=5&months=24&method=equalPrincipal")).result!;
    const principalRows = [...cells(principal.shownRows), ...cells(principal.restRows)];
    expect(principalRows[0]).toEqual(["1", "45,832", "41,666", "4,166", "958,334"]);
    expect(principalRows[23]![2]).toBe("41,682");
    expect(principal).toMatchObject({ firstPayment: "45,832", totalInterest: "52,072" });

    const bullet = (await loanPage("?amount=1000000&rate=5&months=24&method=bullet")).result!;
    expect(bullet).toMatchObject({ firstPayment: "4,166", lastPayment: "1,004,166" });
  });

  it("works at 0 %, with a grace period, and keeps a 360-month schedule to the first year plus the rest", async () => {
    const free = (await loanPage("?amount=1200000&rate=0&months=12")).result!;
    expect(free).toMatchObject({ firstPayment: "100,000", lastPayment: null, totalInterest: "0", restCount: 0 });
    expect(free.restRows).toBe("");

    const grace = (await loanPage("?amount=1000000&rate=5&months=24&grace=6&method=equalPrincipal")).result!;
    expect(grace).toMatchObject({ graceMonths: 6, gracePayment: "4,166" });
    expect(cells(grace.shownRows)[6]![2]).toBe("55,555");

    const long = (await loanPage("?amount=300,000,000&rate=4.2&months=360&method=equalPayment")).result!;
    expect(cells(long.shownRows)).toHaveLength(12);
    expect(cells(long.restRows)).toHaveLength(348);
    expect(long.restCount).toBe(348);
    expect(cells(long.restRows).at(-1)![4]).toBe("0");
  });

  it("says what is wrong with each field, keeps what was typed, and never answers with NaN or a 500", async () => {
    const cases: [string, Record<string, string>][] = [
      ["?amount=-1000&rate=5&months=12", { amount: "amountNotPositive" }],
      ["?amount=0&rate=5&months=12", { amount: "amountNotPositive" }],
      ["?amount=1000.5&rate=5&months=12", { amount: "amountDecimals" }],
      ["?amount=1e400&rate=5&months=12", { amount: "amountFormat" }],
      ["?amount=abc&rate=5&months=12", { amount: "amountFormat" }],
      [`?amount=${"9".repeat(500)}&rate=5&months=12`, { amount: "amountTooLarge" }],
      ["?amount=&rate=5&months=12", { amount: "amountRequired" }],
      ["?amount=1000000&rate=100&months=12", { rate: "rateTooHigh" }],
      ["?amount=1000000&rate=-1&months=12", { rate: "rateNegative" }],
      ["?amount=1000000&rate=NaN&months=12", { rate: "rateFormat" }],
      ["?amount=1000000&rate=4.12345&months=12", { rate: "rateDecimals" }],
      ["?amount=1000000&rate=5&months=0", { months: "monthsRange" }],
      ["?amount=1000000&rate=5&months=600", { months: "monthsRange" }],
      ["?amount=1000000&rate=5&months=12.5", { months: "monthsFormat" }],
      ["?amount=1000000&rate=5&months=12&grace=12", { grace: "graceTooLong" }],
      ["?amount=1000000&rate=5&months=12&grace=24", { grace: "graceTooLong" }],
      ["?amount=1000000&rate=5&months=12&grace=-1", { grace: "graceFormat" }],
      ["?amount=1000000&rate=5&months=12&method=balloon", { method: "methodUnknown" }],
      [
        "?amount=-5&rate=100&months=600&method=x",
        { amount: "amountNotPositive", rate: "rateTooHigh", months: "monthsRange", method: "methodUnknown" },
      ],
    ];
    for (const [query, expected] of cases) {
      const page = await loanPage(query);
      expect(problemKeys(page), query).toEqual(expected);
      expect(page.result, query).toBeNull();
      // What was typed is kept as typed ("NaN" too); nothing computed from it is shown.
      expect(JSON.stringify({ ...page, values: null }), query).not.toMatch(/NaN|Infinity/);
    }
    const kept = await loanPage("?amount=1e400&rate=100&months=600&method=balloon&grace=x");
    expect(kept.values).toEqual({
      amount: "1e400",
      rate: "100",
      months: "600",
      unit: "months",
      method: "balloon",
      grace: "x",
    });
    expect(kept.problems.months).toEqual({ key: "loan.problems.monthsRange", values: { max: "480" } });
    // Very long input is kept whole (issue 40: everything typed is kept), and refused by name.
    expect((await loanPage(`?amount=${"1".repeat(5000)}&rate=5&months=1`)).values.amount).toHaveLength(5000);
  });
});

describe("the loan products", () => {
  it("lists the shipped products for a visitor, each with its date checked and none set apart", async () => {
    const { products } = await loanPage("?lng=en");
    expect(products.visa).toBeNull();
    expect(products.forVisa).toEqual([]);
    expect(products.others.map((p) => p.itemCd)).toEqual(shipped.map((p) => p.itemCd));
    const jb = products.others[0]!;
    expect(jb).toMatchObject({
      lender: "JB Bank (전북은행)",
      visas: ["F-4", "F-5", "F-6", "E-9", "H-2"],
      amountKrw: { min: "1,000,000", max: "20,000,000" },
      ratePercent: { min: "11", max: "15" },
      termMonths: { min: null, max: "36" },
      source: { name: null, checkedOn: "2026-11-22" },
    });
    // What the notes do not say is not stated.
    expect(products.others[2]).toMatchObject({ visas: [], amountKrw: null, ratePercent: null, termMonths: null });
  });

  it("names the lenders in Korean on the Korean page, as the data writes them there", async () => {
    const ko = await loanPage("?lng=ko");
    expect(ko.products.others.map((p) => p.lender)).toEqual(["전북은행", "신한카드", "BNK경남은행"]);
    const vi = await loanPage("?lng=vi");
    expect(vi.products.others.map((p) => p.lender)).toEqual(shipped.map((p) => p.lender));
  });

  it("puts the products for a member's visa first (from a sub-type too), labelled with the status", async () => {
    const worker = await loanPage("?lng=vi", await memberWith("E-9-1"));
    expect(worker.products.visa).toBe("E-9");
    expect(worker.products.forVisa.map((p) => p.itemCd)).toEqual([
      "jb-bravo-korea-loan",
      "shinhan-card-foreigner-loan",
    ]);
    expect(worker.products.others.map((p) => p.itemCd)).toEqual(["bnk-kyongnam-foreign-worker-loan"]);
    const h2 = await loanPage("", await memberWith("H-2"));
    expect(h2.products.forVisa.map((p) => p.itemCd)).toEqual(["jb-bravo-korea-loan"]);
    for (const visa of ["D-2", null]) {
      const page = await loanPage("", await memberWith(visa));
      expect(page.products, String(visa)).toMatchObject({ visa: null, forVisa: [] });
      expect(page.products.others).toHaveLength(shipped.length);
    }
  });

  it("speaks the page's language, and shows a text missing in it in English with the Korean name beside it", async () => {
    const ru = await loanPage("?lng=ru");
    expect(ru.products.others[1]).toMatchObject({
      text: { name: "Кредит Shinhan Card для иностранных резидентов" },
      lang: null,
      koreanName: "신한카드 외국인 대출",
    });
    expect((await loanPage("?lng=ko")).products.others[1]).toMatchObject({ lang: null, koreanName: null });
    const imported = await importContent(
      CONTENT_KINDS,
      services.stores,
      {
        loanProducts: [
          {
            itemCd: "english-only",
            order: 99,
            lender: "Example Bank",
            source: { checkedOn: "2026-11-20" },
            translations: {
              ko: { name: "예시 대출", conditions: "예시 조건이에요." },
              en: { name: "Example loan", conditions: "Example conditions." },
            },
          },
        ],
      },
      T0,
    );
    expect(imported.ok).toBe(true);
    const english = (await loanPage("?lng=ru")).products.others.find((p) => p.itemCd === "english-only");
    expect(english).toMatchObject({ text: { name: "Example loan" }, lang: { code: "en" }, koreanName: "예시 대출" });
  });

  it("imports by item code, validated whole, idempotent, each change in the audit log", async () => {
    const item = {
      itemCd: "import-loan",
      lender: "Example Bank",
      visas: ["E-9"],
      ratePercent: { min: "4.5" },
      source: { name: "Example Bank's page", url: "https://example.com/loan", checkedOn: "2026-11-20" },
      translations: { ko: { name: "예시 대출", conditions: "예시 조건이에요." } },
    };
    expect(await importContent(CONTENT_KINDS, services.stores, { loanProducts: [item] }, T0)).toEqual({
      ok: true,
      counts: { loanProducts: { created: 1, updated: 0, unchanged: 0 } },
    });
    expect(await importContent(CONTENT_KINDS, services.stores, { loanProducts: [item] }, T0 + 1)).toEqual({
      ok: true,
      counts: { loanProducts: { created: 0, updated: 0, unchanged: 1 } },
    });
    const audit = await services.stores.audit.list({ limit: 50 });
    expect(audit.ok && audit.items.some((e) => e.target.id === "import-loan" && e.target.kind === "loanProduct")).toBe(
      true,
    );
    const bad = await importContent(
      CONTENT_KINDS,
      services.stores,
      {
        loanProducts: [
          { ...item, itemCd: "bad-range", amountKrw: { min: 5000000, max: 1000000 } },
          { ...item, itemCd: "bad-rate", ratePercent: { min: "100" } },
          { ...item, itemCd: "bad-visa", visas: ["Z-99"] },
          { ...item, itemCd: "no-korean", translations: { en: { name: "x", conditions: "y" } } },
          { ...item, itemCd: "bad-term", termMonths: { max: 600 } },
          { ...item, itemCd: "good-but-not-written" },
        ],
      },
      T0 + 2,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((e) => [e.item, e.field, e.message])).toEqual([
        ["bad-range", "amountKrw", "loanContent.range"],
        ["bad-rate", "ratePercent.min", "loanContent.rate"],
        ["bad-visa", "visas", "loanContent.visa"],
        ["no-korean", "", "errors.form.koreanOriginal"],
        ["bad-term", "termMonths.max", "loanContent.term"],
      ]);
    }
    expect(await services.stores.loanProducts.byId("good-but-not-written")).toBeNull();
  });
});

describe("the admin's loan products", () => {
  const load = (route: Route, url: string, jar: Jar) =>
    call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }));
  const post = (url: string, jar: Jar, fields: Record<string, string>) =>
    call(
      editAction,
      new Request(`http://x${url}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header },
      }),
    );
  const fields = {
    itemCd: "admin-loan",
    lender: "Example Bank",
    order: "40",
    visas: "E-9, F-4",
    "amountKrw.min": "1,000,000",
    "amountKrw.max": "",
    "ratePercent.min": "5.5",
    "ratePercent.max": "9",
    "termMonths.min": "",
    "termMonths.max": "24",
    link: "https://example.com",
    "source.name": "",
    "source.url": "",
    "source.checkedOn": "2026-11-26",
    "translations.ko.name": "예시 외국인 대출",
    "translations.ko.conditions": "E-9, F-4 비자로 받을 수 있어요.",
    "translations.en.name": "",
    "translations.en.conditions": "",
  };

  it("is the 404 page for visitors and members who are not admins, reads and posts alike", async () => {
    for (const jar of [new Jar(), await memberWith("E-9")]) {
      expect((await load(listLoader, "/admin/loanProducts", jar)).status).toBe(404);
      expect((await load(editLoader, "/admin/loanProducts/edit", jar)).status).toBe(404);
      expect((await post("/admin/loanProducts/edit", jar, fields)).status).toBe(404);
    }
    expect(await services.stores.loanProducts.byId("admin-loan")).toBeNull();
  });

  it("lets an admin create and edit a product through the import's schema, recorded in the audit log", async () => {
    const admin = await memberWith(null, true);
    const list = await load(listLoader, "/admin/loanProducts", admin);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: { itemCd: string }[] }).items.map((i) => i.itemCd)).toContain(
      "jb-bravo-korea-loan",
    );
    const created = await post("/admin/loanProducts/edit", admin, fields);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/loanProducts");
    expect(await services.stores.loanProducts.byId("admin-loan")).toMatchObject({
      order: 40,
      visas: ["E-9", "F-4"],
      amountKrw: { min: 1000000, max: null },
      ratePercent: { min: "5.5", max: "9" },
      termMonths: { min: null, max: 24 },
      source: { name: null, url: null, checkedOn: "2026-11-26" },
      translations: { ko: { name: "예시 외국인 대출", conditions: "E-9, F-4 비자로 받을 수 있어요." } },
    });
    // The form shows the stored product; the code in the address wins over the form's.
    const edit = await load(editLoader, "/admin/loanProducts/edit?itemCd=admin-loan", admin);
    expect(((await edit.json()) as { fields: { amountKrw: unknown } }).fields.amountKrw).toEqual({
      min: "1000000",
      max: "",
    });
    const edited = await post("/admin/loanProducts/edit?itemCd=admin-loan", admin, {
      ...fields,
      itemCd: "something-else",
      "translations.en.name": "Example loan",
      "translations.en.conditions": "For E-9 and F-4 visas.",
    });
    expect(edited.status).toBe(302);
    expect(await services.stores.loanProducts.byId("something-else")).toBeNull();
    expect(Object.keys((await services.stores.loanProducts.byId("admin-loan"))!.translations).sort()).toEqual([
      "en",
      "ko",
    ]);
    const audit = await services.stores.audit.list({ limit: 50 });
    const mine = audit.ok ? audit.items.filter((e) => e.target.id === "admin-loan").map((e) => e.action) : [];
    expect(mine.sort()).toEqual(["create", "update"]);
    expect((await load(editLoader, "/admin/loanProducts/edit?itemCd=no-such", admin)).status).toBe(404);
    expect((await load(editLoader, "/admin/loanProducts/edit?itemCd=../../x", admin)).status).toBe(404);
  });

  it("answers bad input with messages at their fields, keeps what was typed, and writes nothing", async () => {
    const admin = await memberWith(null, true);
    const problems = async (changes: Record<string, string>) => {
      const response = await post("/admin/loanProducts/edit", admin, { ...fields, itemCd: "bad-admin", ...changes });
      expect(response.status, JSON.stringify(changes).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const reply = (await response.json()) as {
        error: Record<string, string[]>;
        initialValue: Record<string, unknown>;
      };
      expect(reply.initialValue.lender).toBe(changes.lender ?? fields.lender);
      return Object.fromEntries(Object.entries(reply.error).map(([k, v]) => [k, v[0]!.split("::")[0]]));
    };
    expect(await problems({ "amountKrw.min": "5000000", "amountKrw.max": "1000000" })).toEqual({
      amountKrw: "loanContent.range",
    });
    expect(await problems({ "ratePercent.min": "abc" })).toEqual({ "ratePercent.min": "loanContent.rate" });
    expect(await problems({ "amountKrw.min": "1e400" })).toMatchObject({ "amountKrw.min": expect.any(String) });
    expect(await problems({ visas: "E-9, Z-99" })).toEqual({ visas: "loanContent.visa" });
    expect(await problems({ "translations.ko.name": "", "translations.ko.conditions": "" })).toEqual({
      "translations.ko.name": "errors.form.koreanOriginal",
    });
    expect(await problems({ "translations.xx.name": "a", "translations.xx.conditions": "b" })).toEqual({
      "translations.xx": "errors.form.languageUnknown",
    });
    expect(await problems({ lender: "\u202Eevil" })).toEqual({ lender: "errors.form.textCharacters" });
    expect(await problems({ "translations.ko.conditions": "x".repeat(1_000_000) })).toMatchObject({
      "translations.ko.conditions": expect.stringContaining("errors.form.textTooLong"),
    });
    expect(await problems({ itemCd: "x'; DROP TABLE loan_products;--" })).toEqual({ itemCd: "benefitContent.itemCd" });
    expect(await problems({ "source.checkedOn": "2026-02-30" })).toEqual({
      "source.checkedOn": "errors.form.invalidDate",
    });
    expect(await problems({ link: "javascript:alert(1)" })).toEqual({ link: "benefitContent.link" });
    expect(await services.stores.loanProducts.byId("bad-admin")).toBeNull();
    expect(await problems({ itemCd: "jb-bravo-korea-loan" })).toEqual({ itemCd: "loanContent.itemCdTaken" });
  });
});

describe("/finance/loan through the built server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = async (target: string) => {
    const response = await fetch(`${server.url}${target}`);
    return { status: response.status, html: await response.text() };
  };

  it("renders the answer and the rule without JavaScript, the rest of a long schedule folded, in every test language", async () => {
    for (const lng of ["en", "ko", "vi", "ur"]) {
      const { status, html } = await page(
        `/finance/loan?amount=1%2C000%2C000&rate=5&months=24&method=equalPayment&lng=${lng}`,
      );
      expect(status, lng).toBe(200);
      expect(html, lng).toContain(`<html lang="${lng}" dir="${lng === "ur" ? "rtl" : "ltr"}"`);
      expect(html, lng).toContain("43,871");
      expect(html, lng).toContain("52,901");
      expect(html, lng).toMatch(/<details class="loan__rest">/);
      expect(html, lng).toContain('value="1,000,000"');
      expect(html, lng).toContain('<meta name="description"');
      expect(html, lng).toContain('rel="canonical"');
    }
    const { html } = await page("/finance/loan?amount=300000000&rate=4.2&months=360&lng=en");
    expect(html.match(/<tr><th scope=row>/g)).toHaveLength(360);
  });

  it("answers bad input as the page with its messages (status 200), never a 500, and the sitemap lists the page", async () => {
    for (const query of [
      "?amount=1e400",
      "?amount=-1&rate=x&months=0&method=x&grace=%F0%9F%92%A5",
      "?rate=" + "9".repeat(10000),
    ]) {
      const { status, html } = await page(`/finance/loan${query}&lng=en`);
      expect(status, query).toBe(200);
      expect(html, query).toContain('class="field__error"');
      expect(html, query).not.toContain("NaN");
    }
    // An address holding a NUL is refused before any page reads it (decision 0083).
    expect((await page("/finance/loan?method=%00&lng=en")).status).toBe(400);
    const sitemap = await page("/sitemap.xml");
    expect(sitemap.html).toContain("/finance/loan?lng=en</loc>");
  });
});
