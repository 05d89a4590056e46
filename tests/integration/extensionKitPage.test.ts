/**
 * The public extension kit of a sub-type (issue 43, decision 0105), over HTTP from the built server with no
 * JavaScript and no cookies, as a crawler reads it: /member/findVisa/D-2-2 in Korean and in Vietnamese, with its
 * hreflang alternates and in the sitemap; the kit shipped with the app (content/extensionKits.json), written at
 * start: documents with their Korean names, the fee, HiKorea, the sources with their day, the unverified marks and
 * 1345 as a tel: link. A code that is no current sub-type is a 404.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { alternatesOf, decodeEntities } from "../support/html";
import { startServer, makeDataDir, type RunningServer } from "../support/server";

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ko = JSON.parse(fs.readFileSync("locales/ko/visaFinder.json", "utf8"));
const vi = JSON.parse(fs.readFileSync("locales/vi/visaFinder.json", "utf8"));
const shippedKits = JSON.parse(fs.readFileSync("content/extensionKits.json", "utf8")).extensionKits as {
  itemCd: string;
  translations: Record<string, { note?: string }>;
}[];
const noteOf = (itemCd: string, lng: string) => shippedKits.find((k) => k.itemCd === itemCd)!.translations[lng]!.note!;

let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = makeDataDir();
  server = await startServer({ RATE_LIMIT_ALL: "100000" }, dataDir);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get(target: string) {
  const response = await fetch(`${server.url}${target}`, {
    headers: { "User-Agent": BOT },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { response, html: decodeEntities(await response.text()) };
}

/** What a reader sees of the page: its text without tags (figures sit in their own isolates). */
function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, "");
}

describe("/member/findVisa/D-2-2 for a crawler", () => {
  it("renders the bachelor's student's kit in Korean, with its sources, HiKorea and 1345", async () => {
    const { response, html } = await get("/member/findVisa/D-2-2?lng=ko");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="ko"/);
    expect(html).toContain("D-2-2");
    expect(html).toContain(ko.extension.docs.studyProof.name);
    expect(html).toContain(ko.extension.docs.financialProof.name);
    expect(textOf(html)).toContain("60,000원");
    expect(textOf(html)).toContain("온라인 신청 50,000원");
    expect(html).toContain('href="https://www.hikorea.go.kr"');
    expect(html).toContain('href="tel:1345"');
    expect(html).toContain("https://www.gov.kr/portal/foreigner/ko/m010102");
    expect(textOf(html)).toContain("2026-12-03 확인");
    // The manual's section is the source of the documents; the note of the D-2 kit is the Korean original.
    expect(html).toContain("「외국인체류 안내매뉴얼」 2026.9, 유학(D-2) 체류기간 연장허가");
    expect(html).toContain("3월 말 또는 9월 말");
  });

  it("renders it in Vietnamese with each document's Korean name beside it, the note in Vietnamese too", async () => {
    const { response, html } = await get("/member/findVisa/D-2-2?lng=vi");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="vi"/);
    expect(html).toContain(vi.extension.docs.studyProof.name);
    expect(html).toContain(`<bdi lang="ko" dir="ltr" class="kit__korean">${ko.extension.docs.studyProof.name}</bdi>`);
    expect(textOf(html)).toContain("60,000 won");
    // The D-2 note is shipped in every language: the Vietnamese one, not the English it would fall back to.
    expect(textOf(html)).toContain(noteOf("D-2", "vi"));
    expect(html).not.toContain(noteOf("D-2", "en"));
  });

  it("names its 19 languages and x-default as alternates, and the sitemap lists it so", async () => {
    const { html } = await get("/member/findVisa/D-2-2?lng=vi");
    const alternates = alternatesOf(html);
    expect(alternates.map(([lang]) => lang)).toEqual([...supportedLanguages, "x-default"]);
    expect(alternates.find(([lang]) => lang === "vi")![1]).toMatch(/\/member\/findVisa\/D-2-2\?lng=vi$/);
    const { html: xml } = await get("/sitemap.xml");
    expect(xml).toMatch(/<loc>[^<]*\/member\/findVisa\/D-2-2\?lng=vi<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/member\/findVisa\/E-9-1\?lng=ko<\/loc>/);
  });

  it("shows a short stay's kit as not extendable, with what to do instead", async () => {
    const { response, html } = await get("/member/findVisa/B-2-1?lng=ko");
    expect(response.status).toBe(200);
    expect(html).toContain(ko.extension.answer.no);
    expect(html).toContain(ko.extension.leaveReenter);
  });

  it("marks what no source confirms as unverified (F-6's status documents)", async () => {
    const { html } = await get("/member/findVisa/F-6-1?lng=ko");
    expect(html).toContain(ko.extension.docs.statusDocuments.name);
    expect(html).toContain(ko.extension.unverified);
    expect(textOf(html)).toContain("30,000원");
  });

  it("answers 404 for a code that is no current sub-type", async () => {
    for (const code of ["D-2-9", "F-4-11", "E-9-1-1"]) {
      expect((await get(`/member/findVisa/${code}`)).response.status, code).toBe(404);
    }
  });
});
