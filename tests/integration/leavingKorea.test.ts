/**
 * /finance/leavingKorea (issue 44, decision 0111): through the loader against a temporary database with the shipped
 * work rules written as the server writes them at start: the checklist by nationality and visa, the pension refund
 * by visa or by the nationality's row with its source; every bad input answered with a message and the input kept;
 * and the built server as a browser without JavaScript gets the checklist with its sources, `tel:` links and what
 * to bring in the member's language, and the sitemap lists the page with its alternates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "~/content/import.server";
import { seedKind } from "~/content/kind.server";
import type { LeavingPage } from "~/finance/leavingPage.server";
import { shippedWorkRules, workRulesKind } from "~/finance/workRulesKind.server";
import { loader } from "~/routes/finance.leavingKorea";
import { run } from "../support/jar";
import { startServer, type RunningServer } from "../support/server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const T0 = Date.UTC(2026, 11, 3, 3, 0, 0);
beforeAll(async () => {
  expect(await seedKind(services.stores, workRulesKind, T0)).toBe(shippedWorkRules().length);
});

type Route = (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;
async function leaving(query: string): Promise<LeavingPage> {
  const request = new Request(`http://x/finance/leavingKorea${query}`);
  const response = await run(() => (loader as Route)({ request, params: {}, context }));
  expect(response.status, query).toBe(200);
  return (await response.json()) as LeavingPage;
}
const problemKeys = (page: LeavingPage) =>
  Object.fromEntries(Object.entries(page.problems).map(([field, message]) => [field, message!.key.split(".").pop()]));

describe("/finance/leavingKorea", () => {
  it("gives an empty form, every country and the common visas first, until something is asked", async () => {
    const page = await leaving("?lng=ko");
    expect(page.result).toBeNull();
    expect(page.problems).toEqual({});
    expect(page.countries.find((c) => c.code === "VN")?.name).toBe("베트남");
    expect(page.visas.slice(0, 2)).toEqual(["E-9", "F-4"]);
  });

  it("pays an E-9 worker's refund by visa, with the EPS insurances and every row's number to call", async () => {
    const { result } = await leaving("?nationality=VN&visa=E-9");
    expect(result).toMatchObject({ status: "E-9", eps: true, pension: { eligible: true, because: "visa" } });
    expect(result!.pension.rule?.basis).toContain("국민연금법 제126조");
    const rows = Object.fromEntries(result!.rows.map((row) => [row.code, row.rule?.phone]));
    expect(rows).toMatchObject({
      "leaving-pension-refund": "1355",
      "leaving-departure-insurance": "1577-0071",
      "leaving-return-cost": "1577-0071",
      "leaving-dormant-insurance": "1577-0071",
      "leaving-wages": "1350",
    });
    expect(result!.rows.find((r) => r.code === "leaving-dormant-insurance")!.rule).toMatchObject({
      verified: true,
      source: { url: "https://www.hrdkorea.or.kr/1/3/3/3/3" },
    });
  });

  it("follows the nationality's row on another visa, with that row's source, and leaves out the EPS rows", async () => {
    const philippines = (await leaving("?nationality=PH&visa=E-7")).result!;
    expect(philippines.pension).toMatchObject({ eligible: true, because: "reciprocity", rule: { verified: false } });
    expect(philippines.pension.rule?.source.url).toBe("https://jabhak-dasik.com/?p=5247");
    expect(philippines.rows.map((r) => r.code)).not.toContain("leaving-departure-insurance");
    const vietnam = (await leaving("?nationality=vn&visa=e7")).result!;
    expect(vietnam).toMatchObject({ status: "E-7", pension: { eligible: false, because: "none" } });
    // A country the table has no row for: said so, unsourced, never a guess.
    const chile = (await leaving("?nationality=CL&visa=D-2-1")).result!;
    expect(chile).toMatchObject({ status: "D-2", pension: { eligible: null, because: "noAnswer", rule: null } });
  });

  it("takes a new row of the table by the content import, and refuses a row without its country", async () => {
    const shipped = shippedWorkRules().find((rule) => rule.itemCd === "pension-refund-vn")!;
    // Test data only: a row for a country the shipped table leaves out.
    const row = { ...shipped, itemCd: "pension-refund-test-aq", figures: { country: "AQ", refund: "agreement" } };
    expect(await importContent(CONTENT_KINDS, services.stores, { workRules: [row] }, T0)).toEqual({
      ok: true,
      counts: { workRules: { created: 1, updated: 0, unchanged: 0 } },
    });
    expect((await leaving("?nationality=AQ&visa=D-2")).result!.pension).toMatchObject({
      eligible: true,
      because: "agreement",
    });
    const refused = await importContent(
      CONTENT_KINDS,
      services.stores,
      { workRules: [{ ...row, itemCd: "pension-refund-bad", figures: { refund: "agreement" } }] },
      T0,
    );
    expect(refused.ok).toBe(false);
  });

  it("answers unknown countries, bad visas and text with a message each, and keeps what was typed", async () => {
    const cases: [string, Record<string, string>][] = [
      ["?nationality=&visa=", { nationality: "nationalityRequired", visa: "visaRequired" }],
      ["?nationality=XX&visa=E-9", { nationality: "nationalityUnknown" }],
      ["?nationality=Atlantis&visa=Z-99", { nationality: "nationalityUnknown", visa: "visaUnknown" }],
      ["?nationality=VN&visa=<b>worker</b>", { visa: "visaUnknown" }],
      [`?nationality=${"9".repeat(5000)}&visa=E-9`, { nationality: "nationalityUnknown" }],
    ];
    for (const [query, expected] of cases) {
      const page = await leaving(query);
      expect(page.result, query).toBeNull();
      expect(problemKeys(page), query).toEqual(expected);
      const sent = new URLSearchParams(query);
      expect(sent.get("visa")!.startsWith(page.values.visa), query).toBe(true);
      expect(sent.get("nationality")!.startsWith(page.values.nationality), query).toBe(true);
    }
  });
});

describe("the page through the built server, without JavaScript", () => {
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

  it("renders the checklist with its sources, tel: links and what to bring, in the member's language", async () => {
    const words = {
      en: { title: "Before you leave Korea", unverified: "Unverified", bring: "What to bring:" },
      ko: { title: "한국을 떠나기 전에", unverified: "미확인", bring: "준비물:" },
      ur: { title: "کوریا چھوڑنے سے پہلے", unverified: "غیر تصدیق شدہ", bring: "ساتھ لے جائیں:" },
      my: { title: "ကိုရီးယားမှ မထွက်ခွာမီ", unverified: "အတည်မပြုရသေး", bring: "ယူသွားရန်-" },
    };
    for (const [lng, expected] of Object.entries(words)) {
      const answer = await page(`/finance/leavingKorea?nationality=NP&visa=E-9&lng=${lng}`);
      expect(answer.status, lng).toBe(200);
      expect(answer.html, lng).toContain('id="result"');
      expect(answer.html, lng).toContain(expected.title);
      expect(answer.html, lng).toContain(expected.unverified);
      expect(answer.html, lng).toContain(expected.bring);
      for (const phone of ["1355", "1577-0071", "1350", "1577-1000"]) {
        expect(answer.html, `${lng} ${phone}`).toContain(`href="tel:${phone}"`);
      }
      expect(answer.html, lng).toContain("외국인근로자의 고용 등에 관한 법률 제13조");
      expect(answer.html, lng).toContain('href="https://www.hrdkorea.or.kr/1/3/3/3/3"');
      expect(answer.html, lng).toContain('action="/finance/leavingKorea#result"');
      expect(answer.html, lng).toContain('href="/finance/severance"');
    }
  });

  it("answers bad input with a translated message and the input kept (status 200); the sitemap lists the page", async () => {
    const bad = await page("/finance/leavingKorea?nationality=Atlantis&visa=Z-99&lng=ko");
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("목록에서 나라를 선택하세요.");
    expect(bad.html).toContain("목록에서 비자를 선택하세요.");
    expect(bad.html).toContain('value="Atlantis"');
    expect(bad.html).toContain('value="Z-99"');
    expect(bad.html).not.toContain('id="result"');
    const sitemap = await page("/sitemap.xml");
    expect(sitemap.html).toContain("/finance/leavingKorea?lng=en</loc>");
    expect(sitemap.html).toMatch(/hreflang="ur" href="[^"]*\/finance\/leavingKorea\?lng=ur"/);
  });
});
