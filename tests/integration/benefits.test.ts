/**
 * /benefit and /shop: through their loaders against a temporary database (the
 * shipped benefits written as the server writes them at start), and through the
 * built server as a browser without JavaScript and a crawler get them: categories
 * that filter, the services for a member's visa first, unverified facts marked,
 * tappable numbers, every language with the Korean names, partner offers seeded
 * through the store, and the bad input the issue lists.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { offersKind } from "~/benefits/offersKind.server";
import { shippedBenefits } from "~/benefits/benefitsKind.server";
import { seedKind } from "~/content/kind.server";
import type { BenefitsPage } from "~/benefits/benefits.server";
import { offerItem } from "~/benefits/schemas.server";
import { supportedLanguages } from "~/i18n/config";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { loader as benefitLoader } from "~/routes/benefit";
import { loader as shopLoader } from "~/routes/shop";
import type { Stores } from "~/stores/stores";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const shipped = shippedBenefits();
const T0 = Date.UTC(2026, 10, 22, 3, 0, 0);

beforeAll(async () => {
  expect(await seedKind(services.stores, benefitsKind, T0)).toBe(shipped.length);
});

/** A member with this visa, signed in in a jar. */
async function memberWith(visa: string | null) {
  const { uid } = await services.identity.admin.auth.createUser({});
  await registerMember(services, uid, { visa });
  return signedInJar(services, uid);
}

async function benefits(search = "", jar = new Jar()): Promise<BenefitsPage> {
  const response = await run(() =>
    benefitLoader({
      request: new Request(`http://x/benefit${search}`, { headers: { Cookie: jar.header } }),
      params: {},
      context,
    }),
  );
  expect(response.status, search).toBe(200);
  return (await response.json()) as BenefitsPage;
}

const ids = (list: { itemCd: string }[]) => list.map((b) => b.itemCd);

/** What the shipped file sets apart for E-9 (tests/unit/shippedBenefits.test.ts names them). */
const FOR_E9 = shipped.filter((b) => b.visas.includes("E-9")).map((b) => b.itemCd);

describe("the benefits page's data", () => {
  it("gives a visitor every service in its order, none set apart", async () => {
    const page = await benefits("?lng=en");
    expect(page).toMatchObject({ category: null, visa: null, forVisa: [] });
    expect(ids(page.others)).toEqual(shipped.map((b) => b.itemCd));
    expect(page.categories).toEqual(["health", "immigration", "work", "family", "legal", "dailyLife", "emergency"]);
  });

  it("filters by category, and shows everything for a category it does not know, never an error", async () => {
    const work = await benefits("?category=work");
    expect(work.category).toBe("work");
    expect(work.others.map((b) => b.category)).toEqual(Array(8).fill("work"));
    expect(ids((await benefits("?category=emergency")).others)).toEqual([
      "police-112-interpretation",
      "fire-119-interpretation",
    ]);
    for (const bad of ["nope", "", "WORK", "../../etc/passwd", "' OR 1=1 --", "%00", "x".repeat(5000), "constructor"]) {
      const page = await benefits(`?category=${encodeURIComponent(bad)}`);
      expect(page.category, bad).toBeNull();
      expect(page.others, bad).toHaveLength(shipped.length);
    }
    // A repeated parameter: the first one counts.
    expect((await benefits("?category=legal&category=work")).category).toBe("legal");
  });

  it("puts the services for an E-9 worker first (from a sub-type too), and for nobody else", async () => {
    const worker = await benefits("?lng=vi", await memberWith("E-9-1"));
    expect(worker.visa).toBe("E-9");
    expect(ids(worker.forVisa)).toEqual(FOR_E9);
    expect(ids(worker.others)).toEqual(shipped.map((b) => b.itemCd).filter((id) => !FOR_E9.includes(id)));
    // Within a category, the same order.
    const workOnly = await benefits("?category=work", await memberWith("E-9"));
    expect(ids(workOnly.forVisa)).toEqual(FOR_E9);
    expect(ids(workOnly.others)).toEqual(["labour-helpline-1350"]);

    const spouse = await benefits("", await memberWith("F-6-1"));
    expect(spouse.visa).toBe("F-6");
    expect(ids(spouse.forVisa)).toEqual(["danuri", "family-center-interpretation"]);
    // H-2 is closed to new holders, not to its holders' services.
    expect(ids((await benefits("", await memberWith("H-2"))).forVisa)).toEqual(FOR_E9.filter((id) => id !== "eps"));
    for (const visa of ["D-2", null]) {
      const page = await benefits("", await memberWith(visa));
      expect(page, String(visa)).toMatchObject({ visa: null, forVisa: [] });
      expect(page.others).toHaveLength(shipped.length);
    }
  });

  it("speaks the page's language, keeps the Korean name beside it, and says which facts are unverified", async () => {
    const page = await benefits("?lng=ru");
    const contact = page.others[0]!;
    expect(contact).toMatchObject({
      text: { name: "Центр информации для иностранцев" },
      koreanName: "외국인종합안내센터",
      lang: null,
      phones: [
        { number: "1345", href: "tel:1345" },
        { number: "+82-1345", href: "tel:+821345" },
      ],
      hours: { days: "weekdays", opens: "09:00", closes: "22:00" },
      languages: { count: 20, about: false, names: null },
    });
    const police = page.others.find((b) => b.itemCd === "police-112-interpretation")!;
    expect(police.languages?.names).toBe("английский и китайский");
    // Marked as the shipped file marks them (tests/unit/shippedBenefits.test.ts names them).
    const marked = (list: { itemCd: string; unverified?: string[] }[]) =>
      Object.fromEntries(list.filter((b) => b.unverified?.length).map((b) => [b.itemCd, b.unverified]));
    expect(marked(page.others)).toEqual(marked(shipped));
    expect(Object.keys(marked(page.others))).toHaveLength(6);
    // On the Korean page the name is the Korean one: not said twice.
    expect((await benefits("?lng=ko")).others[0]).toMatchObject({
      text: { name: "외국인종합안내센터" },
      koreanName: null,
    });
  });

  it("shows a text missing in the page's language in English, else Korean, and says so", async () => {
    const base = shipped.find((b) => b.itemCd === "eps")!;
    const { en: _en, ...koreanAndVietnamese } = {
      ko: base.translations.ko!,
      vi: base.translations.vi!,
      en: base.translations.en!,
    };
    await benefitsKind.apply(
      services.stores,
      { ...base, itemCd: "only-ko-vi", order: 5, translations: koreanAndVietnamese },
      T0,
    );
    const page = await benefits("?lng=tr");
    const added = page.others.find((b) => b.itemCd === "only-ko-vi")!;
    expect(added.lang).toEqual({ code: "ko", name: "Korece" });
    expect(added.text.name).toBe("고용허가제(EPS)");
    expect(page.others.find((b) => b.itemCd === "only-ko-vi" && b.koreanName)).toBeUndefined();
    expect((await benefits("?lng=vi")).others.find((b) => b.itemCd === "only-ko-vi")!.lang).toBeNull();
  });
});

describe("the shipped benefits at start and the content import", () => {
  it("writes a shipped benefit only where none is stored: an operator's edit survives a restart", async () => {
    const stored = (await services.stores.benefits.byId("danuri"))!;
    const { createdAt: _c, updatedAt: _u, ...content } = stored;
    const edited = { ...content, phones: ["1577-1366", "1577-5432"] };
    expect(await services.stores.benefits.update(edited, T0 + 1)).toEqual({ ok: true });
    expect(await seedKind(services.stores, benefitsKind, T0 + 2)).toBe(0);
    expect((await services.stores.benefits.byId("danuri"))?.phones).toEqual(["1577-1366", "1577-5432"]);
    // Only what is missing comes back.
    const other = createTestServices();
    try {
      expect(await seedKind(other.stores, benefitsKind, T0)).toBe(shipped.length);
      expect(await seedKind(other.stores, benefitsKind, T0)).toBe(0);
    } finally {
      await other.cleanup();
    }
  });

  it("imports by item code: created, unchanged when run again, updated when it differs", async () => {
    const item = offerItem.parse({
      itemCd: "import-sim",
      partner: "Example Mobile",
      link: "https://example.com/sim",
      priceKrw: { min: 33000, max: 55000 },
      checkedOn: "2026-11-20",
      translations: { ko: { title: "선불 유심", description: "30일 데이터" } },
    });
    expect(await offersKind.apply(services.stores, item, T0)).toBe("created");
    expect(await offersKind.apply(services.stores, item, T0 + 1)).toBe("unchanged");
    expect((await services.stores.offers.byId("import-sim"))?.updatedAt).toBe(T0);
    expect(await offersKind.apply(services.stores, { ...item, priceKrw: { min: 30000 } }, T0 + 2)).toBe("updated");
    expect((await services.stores.offers.byId("import-sim"))?.priceKrw).toEqual({ min: 30000, max: null, per: null });
    const benefit = shipped.find((b) => b.itemCd === "kiip")!;
    expect(await benefitsKind.apply(services.stores, benefit, T0 + 3)).toBe("unchanged");
  });
});

describe("the shop's data", () => {
  it("lists partner offers in their order in the page's language, prices in won with comma groups", async () => {
    const shop = async (search: string) =>
      (await (
        await run(() => shopLoader({ request: new Request(`http://x/shop${search}`), params: {}, context }))
      ).json()) as {
        offers: { itemCd: string; price: { min: string; max: string | null } | null; lang: unknown }[];
      };
    const { offers } = await shop("?lng=en");
    const sim = offers.find((o) => o.itemCd === "import-sim")!;
    expect(sim.price).toEqual({ min: "30,000", max: null, per: null });
    expect(sim.lang).toEqual({ code: "ko", name: "Korean" });
  });
});

describe("/benefit and /shop through the built server", () => {
  let server: RunningServer;
  let seed: Stores;
  beforeAll(async () => {
    server = await startServer();
    seed = openSqliteStores(path.join(server.dataDir, "klife.sqlite"));
  });
  afterAll(async () => {
    await seed?.close();
    await server?.stop();
  });

  const page = async (target: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${target}`, { headers });
    return { status: response.status, html: await response.text(), headers: response.headers };
  };

  it("renders every service in all 19 languages with its Korean name, right to left in Urdu", async () => {
    for (const lng of supportedLanguages) {
      const { status, html } = await page(`/benefit?lng=${lng}`, { "User-Agent": "Googlebot/2.1" });
      expect(status, lng).toBe(200);
      expect(html, lng).toContain(`<html lang="${lng}" dir="${lng === "ur" ? "rtl" : "ltr"}"`);
      // Each card as drawn (the page's data, inlined for the browser, holds the names too).
      // Grouped by category with nothing chosen (decision 0103): every card is there, each in its category's group.
      const cards = html.split(/<article class="card benefit" /).slice(1);
      expect(cards, lng).toHaveLength(shipped.length);
      shipped.forEach((benefit) => {
        const card = cards.find((c) => c.includes(`id="benefit-${benefit.itemCd}"`));
        expect(card, `${lng} ${benefit.itemCd}`).toBeDefined();
        expect(card, `${lng} ${benefit.itemCd}`).toContain(escape(benefit.translations[lng]!.name));
        expect(card, `${lng} ${benefit.itemCd}`).toContain(escape(benefit.translations.ko!.name));
      });
      expect(html.match(/<details class="benefit-category">/g), lng).toHaveLength(
        new Set(shipped.map((b) => b.category)).size,
      );
      expect(html, lng).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html.includes("\0"), `${lng}: a NUL byte in the page`).toBe(false);
    }
  });

  it("sends no NUL bytes where React's stream padded a multi-byte character (pages that had them before)", async () => {
    for (const target of ["/member/terms?lng=my", "/member/findVisa?lng=km", "/benefit?lng=bn", "/benefit?lng=ko"]) {
      const { status, html } = await page(target);
      expect(status, target).toBe(200);
      expect(html.includes("\0"), target).toBe(false);
    }
  });

  it("makes the numbers tappable, links out safely, and marks what is unverified, without JavaScript", async () => {
    const { html } = await page("/benefit?lng=en");
    for (const href of [
      "tel:1345",
      "tel:+821345",
      "tel:15771000",
      "tel:15771366",
      "tel:15770071",
      "tel:1350",
      "tel:112",
      "tel:119",
      "tel:132",
      "tel:02120",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('href="https://www.hikorea.go.kr" rel="external noopener noreferrer"');
    expect(html.match(/class="unverified"/g)).toHaveLength(7);
    expect(textOf(html)).toContain("Source: K-Life's own research, checked 2026-11-22");
    // The unverified mark sits in the fact it is about: 1345's number is a fact, NHIS's is not.
    const nhis = html.slice(html.indexOf('id="benefit-national-health-insurance"'), html.indexOf('id="benefit-kiip"'));
    expect(nhis).toMatch(/tel:15771000.*class="unverified"/s);
    const contact = html.slice(
      html.indexOf('id="benefit-immigration-contact-center"'),
      html.indexOf('id="benefit-hikorea"'),
    );
    expect(contact).not.toContain('class="unverified"');
    const filtered = await page("/benefit?lng=en&category=legal");
    expect(filtered.html).toContain('id="benefit-legal-aid-132"');
    expect(filtered.html).not.toContain('id="benefit-hikorea"');
    expect(filtered.html.match(/<a[^>]*href="\/benefit\?category=legal"[^>]*>/)?.[0]).toContain('aria-current="page"');
    expect((await page("/benefit?category=%3Cscript%3E")).status).toBe(200);
  });

  it("refuses posts to the pages: cross-site with 403, others as a page that takes none, never a 500", async () => {
    for (const target of ["/benefit", "/shop"]) {
      const crossSite = await fetch(`${server.url}${target}`, {
        method: "POST",
        headers: { Origin: "https://evil.example" },
      });
      expect(crossSite.status, target).toBe(403);
      const sameSite = await fetch(`${server.url}${target}`, {
        method: "POST",
        headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      });
      expect(sameSite.status, target).toBe(405);
    }
  });

  it("says an empty shop is empty and leads home, then shows offers seeded through the store", async () => {
    const empty = await page("/shop?lng=en");
    expect(empty.status).toBe(200);
    expect(textOf(empty.html)).toContain("There are no partner offers yet.");
    expect(textOf(empty.html)).toContain("K-Life does not sell these products itself.");
    expect(empty.html).toMatch(/<a class="button button--primary"[^>]*href="\/"/);

    await seed.offers.create(
      {
        itemCd: "sim-30",
        partner: "Example Mobile",
        link: "https://example.com/sim",
        priceKrw: { min: 33000, max: 55000 },
        checkedOn: "2026-11-20",
        order: 1,
        translations: {
          ko: { title: "선불 유심", description: "30일 데이터", priceNote: "30일" },
          en: { title: "Prepaid SIM", description: "30 days of data", priceNote: "for 30 days" },
        },
      },
      T0,
    );
    const shop = await page("/shop?lng=en");
    expect(textOf(shop.html)).not.toContain("There are no partner offers yet.");
    expect(textOf(shop.html)).toContain("Prepaid SIM");
    expect(shop.html).toContain('href="https://example.com/sim" rel="external noopener noreferrer sponsored"');
    expect(textOf(shop.html)).toContain("KRW 33,000–55,000 for 30 days");
    expect(textOf(shop.html)).toContain("Checked on 2026-11-20");
    expect(textOf((await page("/shop?lng=ko")).html)).toContain("33,000~55,000원 30일");
    // Stored before offers kept a commission: the page says K-Life may earn one.
    expect(textOf(shop.html)).toContain("K-Life may earn a commission if you buy through this link.");
  });

  it("draws the shop on the default layout, with its one name, the disclosure and the price's period per language", async () => {
    await seed.offers.create(
      {
        itemCd: "plan-month",
        partner: "Example Telecom",
        link: "https://example.com/plan",
        priceKrw: { min: 12000, max: null, per: "month" },
        commission: true,
        checkedOn: "2026-11-20",
        order: 2,
        translations: { ko: { title: "알뜰 요금제", description: "데이터 무제한", priceNote: null } },
      },
      T0,
    );
    const en = await page("/shop?lng=en");
    // The default layout: the header with its back arrow to the benefits, and the tab bar.
    expect(en.html).toMatch(/<header class="app-header/);
    expect(en.html).toMatch(/href="\/benefit"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/benefit"/);
    expect(en.html).toMatch(/<title>Partner offers/);
    expect(en.html.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe("Partner offers");
    expect(textOf(en.html)).toContain("KRW 12,000 a month");
    expect(textOf(en.html)).toContain("K-Life earns a commission if you buy through this link.");
    const ko = textOf((await page("/shop?lng=ko")).html);
    expect(ko).toContain("케이라이프는 상품을 직접 판매하지 않아요.");
    expect(ko).toContain("월 12,000원");
    expect(ko).toContain("이 링크로 구매하면 케이라이프가 수수료를 받아요.");
    expect((await page("/shop?lng=ko")).html).toMatch(/<title>제휴 상품/);
    // The Vietnamese page says the period in Vietnamese, never the Korean text's "월".
    const vi = textOf((await page("/shop?lng=vi")).html);
    expect(vi).toContain("12,000 won/tháng");
    expect(vi).not.toMatch(/won 월/);
  });

  it("searches (q) and filters by region without JavaScript, the heading following the filter", async () => {
    const text = async (target: string) => {
      const { status, html } = await page(target);
      expect(status, target).toBe(200);
      return { html, text: textOf(html) };
    };
    const all = await text("/benefit?lng=en");
    expect(all.html).toMatch(/<form method="get" action="\/benefit"[^>]*role="search"/);
    expect(all.html).toContain('name="q"');
    expect(all.html).toContain('name="region"');
    expect(all.text).toContain("All services");
    const health = await text("/benefit?lng=en&category=health");
    expect(health.html).toMatch(/<h2 id="benefits-all">Health<\/h2>/);
    expect(health.text).not.toContain("All services");
    // A search finds by the page's words and by the Korean name, on any page.
    const found = await text("/benefit?lng=en&q=legal+aid");
    expect(found.text).toContain("Korea Legal Aid Corporation");
    expect(found.text).not.toContain("Danuri Call Center");
    expect(found.text).toMatch(/1 service found\./);
    expect(found.html).toMatch(/<input[^>]*name="q"[^>]*value="legal aid"/);
    expect((await text("/benefit?lng=vi&q=%EA%B1%B4%EA%B0%95%EB%B3%B4%ED%97%98")).html).toContain(
      'id="benefit-national-health-insurance"',
    );
    // A region: Busan leaves out Seoul's 120 line, Seoul keeps it; both keep the nationwide 1345.
    const busan = await text("/benefit?lng=en&region=Busan");
    expect(busan.html).not.toContain('id="benefit-dasan-120"');
    expect(busan.html).toContain('id="benefit-immigration-contact-center"');
    expect(busan.html).toMatch(/<option value="Busan" selected/);
    expect((await text("/benefit?lng=en&region=Seoul")).html).toContain('id="benefit-dasan-120"');
    // Bad values: an unknown region is ignored with a translated message; a long search is cut, said so; no 500.
    const unknown = await text("/benefit?lng=ko&region=Atlantis");
    expect(unknown.text).toContain("목록에 없는 지역이라 전국의 서비스를 보여 드려요.");
    expect(unknown.html).toContain('id="benefit-dasan-120"');
    const long = await text(`/benefit?lng=en&q=${"a".repeat(500)}`);
    expect(long.text).toContain("Only the first 100 characters of your search were used.");
    expect(long.text).toContain("No service matches your search.");
    for (const target of ["/benefit?region[]=Seoul&q=1345", "/benefit?q=&region=", "/benefit?q=%F0%9F%98%80"]) {
      expect((await page(target)).status, target).toBe(200);
    }
    // A broken percent-encoding is the server's own 400 (its request bounds), never a 500.
    expect((await page("/benefit?q=%00%FF")).status).toBeLessThan(500);
    // Visa codes stay on one line.
    expect(all.html).toContain('<span class="nowrap">G-1-6</span>');
  });
});

/** The text of the page's main region (not the translations inlined for the browser), without its tags. */
function textOf(html: string) {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Text as React writes it into HTML. */
function escape(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}
