/**
 * /finance/pay and /finance/severance (issue 44): through the loaders against a temporary database with the shipped
 * work rules written as the server writes them at start, every bad input of the issue answered with a message and
 * the input kept; the content import of `workRules`; and the built server as a browser without JavaScript gets each
 * page's answer with its rule, source and what to do, in the member's language, and the sitemap lists both pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "~/content/import.server";
import { seedKind } from "~/content/kind.server";
import type { PayPage } from "~/finance/payPage.server";
import type { SeverancePage } from "~/finance/severancePage.server";
import { shippedWorkRules, workRulesKind } from "~/finance/workRulesKind.server";
import { loader as payLoader } from "~/routes/finance.pay";
import { loader as severanceLoader } from "~/routes/finance.severance";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { run } from "../support/jar";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const shipped = shippedWorkRules();
const T0 = Date.UTC(2026, 11, 3, 3, 0, 0);

beforeAll(async () => {
  expect(await seedKind(services.stores, workRulesKind, T0)).toBe(shipped.length);
});

type Route = (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;
const call = (route: Route, request: Request) => run(() => route({ request, params: {}, context }));

async function pageOf<Page>(route: Route, path: string): Promise<Page> {
  const response = await call(route, new Request(`http://x${path}`));
  expect(response.status, path).toBe(200);
  return (await response.json()) as Page;
}
const payPage = (query: string) => pageOf<PayPage>(payLoader as Route, `/finance/pay${query}`);
const severancePage = (query: string) => pageOf<SeverancePage>(severanceLoader as Route, `/finance/severance${query}`);

const problemKeys = (page: { problems: Record<string, { key: string } | undefined> }) =>
  Object.fromEntries(Object.entries(page.problems).map(([field, message]) => [field, message!.key.split(".").pop()]));

describe("the shipped rules", () => {
  it("carry a source and checked day each, the secondary ones unverified, and every rule the pages name", async () => {
    for (const rule of shipped) {
      expect(rule.source.checkedOn, rule.itemCd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.source.name ?? rule.source.url, rule.itemCd).toBeTruthy();
    }
    // The minimum wages rest on reposts of the Ministry's notice (research notes §9 ◐): never shown as fact.
    const wages = shipped.filter((rule) => rule.topic === "minimumWage");
    expect(wages.map((w) => w.figures!.year)).toEqual([2026, 2025, 2024]);
    expect(wages.every((w) => !w.verified)).toBe(true);
    const page = await severancePage("");
    expect(Object.keys(page.rules).sort()).toEqual(
      [
        "annual-leave",
        "average-wage",
        "bonus-share",
        "eps-insurance",
        "leave-after-one-year",
        "monthly-hours",
        "severance",
        "severance-due",
        "weekly-holiday",
      ].sort(),
    );
  });

  it("are imported like other content: created once, then unchanged", async () => {
    const item = { ...shipped[0]!, itemCd: "minimum-wage-2023", figures: { year: 2023, hourlyKrw: 9620 } };
    expect(await importContent(CONTENT_KINDS, services.stores, { workRules: [item] }, T0)).toEqual({
      ok: true,
      counts: { workRules: { created: 1, updated: 0, unchanged: 0 } },
    });
    expect(await importContent(CONTENT_KINDS, services.stores, { workRules: [item] }, T0 + 1)).toEqual({
      ok: true,
      counts: { workRules: { created: 0, updated: 0, unchanged: 1 } },
    });
    expect((await payPage("")).years).toEqual([2026, 2025, 2024, 2023]);
    const refused = await importContent(
      CONTENT_KINDS,
      services.stores,
      { workRules: [{ ...item, itemCd: "minimum-wage-bad", figures: { year: "soon" } }] },
      T0,
    );
    expect(refused.ok).toBe(false);
  });
});

describe("/finance/pay", () => {
  it("gives an empty form with this year's rules until something is asked", async () => {
    const page = await payPage("");
    expect(page).toMatchObject({ result: null, problems: {}, values: { amount: "", per: "hour" } });
    expect(page.wage?.hourlyKrw).toBe(10_320);
    expect(page.wage?.verified).toBe(false);
  });

  it("says at or above for the Ministry's 2026 monthly figure, and the shortfall below it", async () => {
    const at = (await payPage("?amount=2%2C156%2C880&per=month&weeklyHours=40&year=2026")).result!;
    expect(at).toMatchObject({
      atOrAbove: true,
      monthlyHours: "209",
      monthlyMinimum: "2,156,880",
      hourlyPay: "10,320",
    });
    const below = (await payPage("?amount=2,000,000&per=month&weeklyHours=40&year=2026")).result!;
    expect(below).toMatchObject({ atOrAbove: false, shortfallPerMonth: "156,880" });
    const hourly = (await payPage("?amount=10000&per=hour&weeklyHours=15&year=2026")).result!;
    // (15 + 3) × 365 ÷ 84 = 78.2 → 78 hours; 320 won short an hour.
    expect(hourly).toMatchObject({ holidayHours: "3", weeklyHolidayPay: "30,000", shortfallPerMonth: "24,960" });
  });

  it("answers each bad input with its message and keeps what was typed", async () => {
    const cases: [string, Record<string, string>][] = [
      ["?amount=0&per=hour&weeklyHours=40", { amount: "amountNotPositive" }],
      ["?amount=1000000000000000&per=hour&weeklyHours=40", { amount: "amountTooLarge" }],
      ["?amount=10000&per=hour&weeklyHours=200", { weeklyHours: "hoursRange" }],
      ["?amount=lots&per=hour&weeklyHours=forty", { amount: "amountFormat", weeklyHours: "hoursFormat" }],
      ["?amount=10000&per=week&weeklyHours=40&year=1999", { per: "perUnknown", year: "yearUnknown" }],
    ];
    for (const [query, expected] of cases) {
      const page = await payPage(query);
      expect(page.result, query).toBeNull();
      expect(problemKeys(page), query).toEqual(expected);
      expect(page.values.amount, query).toBe(new URLSearchParams(query).get("amount"));
    }
  });
});

describe("/finance/severance", () => {
  it("computes severance from the three calendar months before the leaving day, with its due day and leave", async () => {
    const s = (await severancePage("?start=2025-03-01&end=2026-03-01&lastThreeMonthsPay=9%2C000%2C000&employees=5"))
      .result!;
    expect(s).toMatchObject({
      days: "365",
      eligible: true,
      window: { from: "2025-12-01", to: "2026-02-28", days: "90" },
      averageDailyWage: "100,000",
      severance: "3,000,000",
      dueBy: "2026-03-15",
      leave: { applies: true, basis: "monthly", days: 11 },
    });
    const short = (await severancePage("?start=2025-03-02&end=2026-03-01&lastThreeMonthsPay=9000000")).result!;
    expect(short).toMatchObject({ days: "364", eligible: false, notOwedBecause: "underOneYear" });
    const small = (await severancePage("?start=2022-01-01&end=2025-02-01&lastThreeMonthsPay=9000000&employees=4"))
      .result!;
    expect(small.leave).toMatchObject({ applies: false, days: 0 });
  });

  it("answers each bad input of the issue with its message and keeps what was typed", async () => {
    const base = "lastThreeMonthsPay=9000000";
    const cases: [string, Record<string, string>][] = [
      [`?start=2026-03-01&end=2025-03-01&${base}`, { end: "endNotAfterStart" }],
      [`?start=1925-01-01&end=2025-01-01&${base}`, { end: "serviceTooLong" }],
      ["?start=2024-01-01&end=2026-01-01&lastThreeMonthsPay=0", { lastThreeMonthsPay: "amountNotPositive" }],
      [
        "?start=2024-01-01&end=2026-01-01&lastThreeMonthsPay=1000000000000000",
        { lastThreeMonthsPay: "amountTooLarge" },
      ],
      [`?start=2024-01-01&end=2026-01-01&${base}&weeklyHours=200`, { weeklyHours: "hoursRange" }],
      [`?start=2024-01-01&end=2026-01-01&${base}&employees=-1`, { employees: "employeesRange" }],
      [
        "?start=yesterday&end=2026-01-01&lastThreeMonthsPay=much&yearlyBonus=some&employees=five",
        {
          start: "dateFormat",
          lastThreeMonthsPay: "amountFormat",
          yearlyBonus: "amountFormat",
          employees: "employeesFormat",
        },
      ],
    ];
    for (const [query, expected] of cases) {
      const page = await severancePage(query);
      expect(page.result, query).toBeNull();
      expect(problemKeys(page), query).toEqual(expected);
      const sent = new URLSearchParams(query);
      expect(page.values.start, query).toBe(sent.get("start"));
      expect(page.values.lastThreeMonthsPay, query).toBe(sent.get("lastThreeMonthsPay"));
    }
  });
});

describe("the pages through the built server, without JavaScript", () => {
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

  it("renders each answer in view with its rule, source, unverified mark and the helpline, in the member's language", async () => {
    const words = {
      en: { owed: "Severance pay owed", unverified: "Unverified", below: "won short each month" },
      ko: { owed: "받을 퇴직금", unverified: "미확인", below: "년 최저임금보다 적어요" },
      ur: { owed: "واجب سیورنس", unverified: "غیر تصدیق شدہ", below: "کم از کم اجرت سے کم ہے" },
      my: { owed: "ရထိုက်သော အလုပ်ထွက်ထောက်ပံ့ကြေး", unverified: "အတည်မပြုရသေး", below: "အနည်းဆုံးလုပ်ခထက် နည်းသည်" },
    };
    for (const [lng, expected] of Object.entries(words)) {
      const pay = await page(`/finance/pay?amount=2%2C000%2C000&per=month&weeklyHours=40&year=2026&lng=${lng}`);
      expect(pay.status, lng).toBe(200);
      expect(pay.html, lng).toContain(`<html lang="${lng}" dir="${lng === "ur" ? "rtl" : "ltr"}"`);
      expect(pay.html, lng).toContain('id="result"');
      expect(pay.html, lng).toContain(expected.below);
      expect(pay.html, lng).toContain("156,880");
      expect(pay.html, lng).toContain(expected.unverified);
      expect(pay.html, lng).toContain('href="tel:1350"');
      expect(pay.html, lng).toContain("근로기준법 제55조");
      expect(pay.html, lng).toContain('value="2,000,000"');
      expect(pay.html, lng).toContain('action="/finance/pay#result"');

      const severance = await page(
        `/finance/severance?start=2025-03-01&end=2026-03-01&lastThreeMonthsPay=9%2C000%2C000&lng=${lng}`,
      );
      expect(severance.status, lng).toBe(200);
      expect(severance.html, lng).toContain('id="result"');
      expect(severance.html, lng).toContain(expected.owed);
      expect(severance.html, lng).toContain("3,000,000");
      expect(severance.html, lng).toContain("2026-03-15");
      expect(severance.html, lng).toContain("근로자퇴직급여 보장법 제4조, 제8조");
      expect(severance.html, lng).toContain('href="tel:1350"');
      expect(severance.html, lng).toContain('href="/finance/pay"');
    }
  });

  it("answers bad input with a translated message and the input kept (status 200), and the sitemap lists both", async () => {
    const bad = await page(
      "/finance/severance?start=2026-03-01&end=2025-03-01&lastThreeMonthsPay=abc&employees=-1&lng=ko",
    );
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("퇴사일은 입사일보다 뒤여야 해요.");
    expect(bad.html).toContain("금액을 숫자로 입력하세요.");
    expect(bad.html).toContain('value="abc"');
    expect(bad.html).toContain('value="-1"');
    const pay = await page("/finance/pay?amount=" + "9".repeat(5000) + "&per=hour&weeklyHours=200&lng=vi");
    expect(pay.status).toBe(200);
    expect(pay.html).toContain('class="field__error"');
    expect(pay.html).not.toContain("NaN");
    const sitemap = await page("/sitemap.xml");
    for (const path of ["/finance/pay", "/finance/severance"]) {
      expect(sitemap.html).toContain(`${path}?lng=en</loc>`);
      expect(sitemap.html).toMatch(new RegExp(`hreflang="ur" href="[^"]*${path}\\?lng=ur"`));
    }
  });
});
