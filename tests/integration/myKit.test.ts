/**
 * The member's own extension kit on /mypage/visa (issue 43, decision 0109), over HTTP to the built server as a
 * browser without JavaScript: a member on E-9-1 whose stay ends in 100 days sees the window's first day (4 months
 * before) and the days left, the documents as a checklist whose ticks are kept on the server (a reload shows them),
 * the fee, HiKorea and 1345; a member whose passport ends before the extended stay sees the passport warning, with
 * its source and day; a checklist post for a kit that is not the member's, or with a document not in the kit, is
 * refused with its own translated message and stores nothing.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { addDays, addMonths, format, parseISO, subMonths } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/lib/format";
import { decodeEntities } from "../support/html";
import { httpBrowser, joinOverHttp } from "../support/join";
import { startServer, type RunningServer } from "../support/server";

const en = {
  mypage: JSON.parse(fs.readFileSync("locales/en/mypage.json", "utf8")),
  common: JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")),
};
const ko = { common: JSON.parse(fs.readFileSync("locales/ko/common.json", "utf8")) };
const vi = { mypage: JSON.parse(fs.readFileSync("locales/vi/mypage.json", "utf8")) };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_ALL: "100000" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const day = (date: Date) => format(date, "yyyy-MM-dd");
const today = formatDate(new Date());
const in100Days = day(addDays(parseISO(today), 100));

async function member(visa: string, visaExpiry: string) {
  const joined = await joinOverHttp(server.url, server.dataDir, {
    email: `kit-${randomUUID()}@example.com`,
    name: "Kit Member",
    visa,
    visaExpiry,
  });
  const browser = httpBrowser(server.url);
  for (const cookie of joined.cookies.split("; ")) {
    const at = cookie.indexOf("=");
    browser.jar.cookies.set(cookie.slice(0, at), cookie.slice(at + 1));
  }
  return browser;
}

type Browser = Awaited<ReturnType<typeof member>>;

/** A page as a browser without JavaScript gets it: its status, where it sends, its decoded HTML and text. */
async function page(browser: Browser, pathname: string, form?: [string, string][]) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: browser.jar.header,
      ...(form ? { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  browser.jar.take(response);
  const html = decodeEntities(await response.text());
  // What a reader sees: the main part's text (the page's inlined translations hold every sentence, shown or not).
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  return {
    status: response.status,
    location: response.headers.get("Location"),
    html,
    text: main.replace(/<[^>]+>/g, ""),
  };
}

/** The checklist's boxes: each document key and whether it is ticked. */
function boxes(html: string): Record<string, boolean> {
  const form = /<form[^>]*id="kit-checklist"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    [...form.matchAll(/<input type="checkbox" name="documents"([^>]*)\/?>/g)].map((m) => [
      / value="([^"]+)"/.exec(m[1]!)?.[1] ?? "",
      / checked=""/.test(m[1]!),
    ]),
  );
}

const tick = (kit: string, documents: string[]): [string, string][] => [
  ["intent", "checklist"],
  ["kit", kit],
  ...documents.map((d): [string, string] => ["documents", d]),
];

describe("the member's own kit on /mypage/visa, without JavaScript", () => {
  it("shows an E-9-1 worker 100 days from the end the window's first day, the checklist, the fee and the links", async () => {
    const browser = await member("E-9-1", in100Days);
    const opens = day(subMonths(parseISO(in100Days), 4));
    const shown = await page(browser, "/mypage/visa?lng=en");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(en.mypage.myKit.heading);
    expect(shown.text).toContain(en.mypage.myKit.opensOn.replace("{{date}}", opens));
    expect(shown.text).toContain(en.mypage.myKit.openNow);
    expect(shown.text).toContain("100 days left");
    expect(shown.text).toContain("KRW 60,000");
    expect(shown.text).toContain("KRW 50,000 when filed online");
    expect(shown.html).toContain('href="https://www.hikorea.go.kr"');
    expect(shown.html).toContain('href="tel:1345"');
    // The premiums warning applies to every insured status, with how to check.
    expect(shown.text).toContain(en.mypage.myKit.healthInsurance);
    expect(shown.html).toContain('href="tel:1577-1000"');
    expect(shown.text).not.toContain(en.mypage.myKit.passportDo);

    const before = boxes(shown.html);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(["application", "passport", "arc", "employmentPermit", "standardContract"]),
    );
    expect(Object.values(before).every((ticked) => !ticked)).toBe(true);

    const saved = await page(browser, "/mypage/visa?index", tick("E-9-1", ["passport", "standardContract"]));
    expect(saved).toMatchObject({ status: 302, location: "/mypage/visa?checklist=saved#my-kit" });
    const reloaded = await page(browser, "/mypage/visa?checklist=saved&lng=en");
    expect(reloaded.text).toContain(en.mypage.myKit.saved);
    expect(boxes(reloaded.html)).toEqual({ ...before, passport: true, standardContract: true });
    // Again, later, without the confirmation: still ticked; unticking one keeps the other.
    expect(boxes((await page(browser, "/mypage/visa")).html)).toMatchObject({ passport: true, standardContract: true });
    await page(browser, "/mypage/visa?index", tick("E-9-1", ["standardContract"]));
    expect(boxes((await page(browser, "/mypage/visa")).html)).toEqual({ ...before, standardContract: true });
  }, 120_000);

  it("warns a member whose passport ends before the extended stay, in their language, with its source", async () => {
    const browser = await member("E-9-1", in100Days);
    const passport = day(addMonths(parseISO(in100Days), 3));
    const stored = await page(browser, "/mypage/visa?index", [["passportExpiry", passport]]);
    expect(stored.status).toBe(200);
    const shown = await page(browser, "/mypage/visa?lng=en");
    expect(shown.text).toContain(en.mypage.myKit.passport.replace("{{date}}", passport));
    expect(shown.text).toContain(en.mypage.myKit.passportDo);
    expect(shown.text).toContain("within 15 days");
    expect(shown.html).toContain("https://app.tip114.site/bbs/board.php?bo_table=news&wr_id=208");
    expect(shown.text).toContain("checked 2026-12-03");
    const vietnamese = await page(browser, "/mypage/visa?lng=vi");
    expect(vietnamese.text).toContain(vi.mypage.myKit.passportDo);
    // A passport that ends even before the stay does says so.
    await page(browser, "/mypage/visa?index", [["passportExpiry", day(addDays(parseISO(in100Days), -10))]]);
    expect((await page(browser, "/mypage/visa?lng=en")).text).toContain(
      en.mypage.myKit.passportBeforeStay.replace("{{date}}", day(addDays(parseISO(in100Days), -10))),
    );
    // Renewed: a passport that reaches well past the stay warns of nothing.
    await page(browser, "/mypage/visa?index", [["passportExpiry", day(addMonths(parseISO(in100Days), 60))]]);
    expect((await page(browser, "/mypage/visa?lng=en")).text).not.toContain(en.mypage.myKit.passportDo);
  }, 120_000);

  it("refuses a post for another kit than the member's, or with a document not in it, storing nothing", async () => {
    const worker = await member("E-9-1", in100Days);
    const student = await member("D-2-2", in100Days);
    await page(worker, "/mypage/visa?index", tick("E-9-1", ["passport"]));

    // The student posts for the worker's kit (E-9-1): refused, in the student's words; nothing changes for anyone.
    const other = await page(student, "/mypage/visa?index&lng=ko", tick("E-9-1", ["arc"]));
    expect(other.status).toBe(403);
    expect(other.text).toContain(ko.common.errors.form.kitOther);
    expect(Object.values(boxes((await page(student, "/mypage/visa")).html)).some(Boolean)).toBe(false);
    expect(boxes((await page(worker, "/mypage/visa")).html)).toMatchObject({ passport: true, arc: false });

    // A document the E-9 kit does not have (a student's): refused whole, the boxes as the member ticked them.
    const unknown = await page(worker, "/mypage/visa?index&lng=en", tick("E-9-1", ["arc", "studyProof"]));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(en.common.errors.form.kitDocument);
    expect(boxes(unknown.html)).toMatchObject({ arc: true, passport: false });
    expect(boxes((await page(worker, "/mypage/visa")).html)).toMatchObject({ passport: true, arc: false });

    // A form without its kit, and a visitor without a session: refused, never a 500.
    const bare = await page(worker, "/mypage/visa?index&lng=en", [
      ["intent", "checklist"],
      ["documents", "arc"],
    ]);
    expect(bare.status).toBe(400);
    expect(bare.text).toContain(en.common.errors.form.kitOther);
    const visitor = httpBrowser(server.url);
    const anonymous = await page(visitor, "/mypage/visa?index", tick("E-9-1", ["arc"]));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/member\/start\?redirectTo=/);
  }, 120_000);
});
