import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { httpBrowser, joinOverHttp, lastCodeTo, uniqueNumber } from "../support/join";
import { pageTitle, strings } from "../support/locales";
import { authEmulatorIn, type AuthEmulatorAddress } from "../support/serverLog";

// The locale helpers live in tests/support (Vitest uses them too); the specs take them from here.
export { pageTitle, strings };

/** The notice the visitor pages include: imported by `importVisitorNotice` before a spec sweeps them. */
export const visitorNotice = "/mypage/noticeDetail?itemCd=e2e-visitor";

/**
 * The pages a visitor can reach without an account or a flow in progress, and the two kinds of dead end. A spec
 * that visits them all imports the notice first (`test.beforeAll(importVisitorNotice)`).
 */
export const visitorPages = [
  "/",
  "/language",
  "/nLanguage",
  "/shop",
  "/benefit",
  "/benefit?category=work",
  "/finance/loan?amount=1%2C000%2C000&rate=5&months=24&method=equalPayment",
  "/finance/leavingKorea?nationality=NP&visa=E-9",
  "/mypage/notice",
  visitorNotice,
  "/member/start",
  "/member/startId",
  "/login/login",
  "/sign",
  "/member/agree",
  "/member/terms",
  "/mypage/terms",
  "/member/findPw",
  "/member/findVisa",
  "/member/findVisa/E-9",
  "/community",
  "/no/such/page",
];

/** My page's screens, as a member who has just joined (the number change and withdrawal need a recent sign-in). */
export const memberPages = [
  "/mypage",
  "/mypage/userInfo",
  "/mypage/addInfo",
  "/mypage/visa",
  "/mypage/visa/F-4",
  "/mypage/changePw",
  "/mypage/phone",
  "/mypage/reminders",
  "/mypage/secede",
  "/mypage/community",
  "/community/edit",
  "/noti",
];

/**
 * The community's pages about one feed, as another member sees them: a feed with a
 * photo and a comment, posted over HTTP by its own author, and its report page.
 */
export async function communityPages(baseURL: string): Promise<string[]> {
  const author = cookieHeader(await joinedMemberCookies(baseURL, "Feed Author"));
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVR4nGPQyr9NEmIY1ZA/Gkpa2JIGAPo9FxAczk5VAAAAAElFTkSuQmCC",
    "base64",
  );
  const id = await postFeed(
    baseURL,
    author,
    "Where is the nearest immigration office to Ansan? https://www.hikorea.go.kr/",
    new Blob([png], { type: "image/png" }),
  );
  await comment(baseURL, author, id, "Ansan has its own office, near the station.");
  return [`/community/${id}`, `/community/report?itemCd=${id}`];
}

/** Posts a feed as a member over HTTP (`cookie`: the member's Cookie header); the feed's id. */
async function postFeed(baseURL: string, cookie: string, text: string, photo?: Blob) {
  const form = new FormData();
  form.set("category", "daily");
  form.set("text", text);
  if (photo) form.append("photos", photo, "photo.png");
  const posted = await fetch(`${baseURL}/community/edit`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: baseURL },
    redirect: "manual",
  });
  const location = posted.headers.get("Location") ?? "";
  const id = /\/community\/([A-Za-z0-9_-]{12})$/.exec(location)?.[1];
  if (!id) throw new Error(`posting a feed answered ${posted.status} ${location}`);
  return id;
}

/** Comments on a feed as a member over HTTP. */
async function comment(baseURL: string, cookie: string, id: string, text: string) {
  const answered = await fetch(`${baseURL}/community/${id}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "comment", text }),
    headers: { Cookie: cookie, Origin: baseURL },
    redirect: "manual",
  });
  if (answered.status >= 400) throw new Error(`commenting answered ${answered.status}`);
}

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/**
 * A member with one unread notification, made as people make one: the member posts a feed and another member
 * comments on it. The member's cookies and the path of their feed.
 */
export async function memberWithUnreadComment(baseURL: string, name = "Inbox Owner") {
  const cookies = await joinedMemberCookies(baseURL, name);
  const id = await postFeed(baseURL, cookieHeader(cookies), "Does anyone know a Korean class on Sundays in Ansan?");
  const other = await joinedMemberCookies(baseURL, "Kind Neighbour");
  await comment(baseURL, cookieHeader(other), id, "The migrant centre near the station has one at 2 pm.");
  return { cookies, feed: `/community/${id}` };
}

/** The cookies of a member who has just joined (a phone join over HTTP), to put into a browser. */
export async function joinedMemberCookies(baseURL: string, name = "Test Member") {
  const joined = await joinOverHttp(baseURL, process.env.E2E_DATA_DIR!, { name });
  return joined.cookies.split("; ").map((pair) => {
    const [key, ...value] = pair.split("=");
    return { name: key!, value: value.join("=") };
  });
}

/** Imports content into the test server's DATA_DIR as an operator would (build/content.js); a second run changes nothing. */
export function importContent(content: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-e2e-content-"));
  try {
    const file = path.join(dir, "content.json");
    fs.writeFileSync(file, JSON.stringify(content));
    execFileSync(process.execPath, ["build/content.js", "import", file], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The notice of `visitorNotice`: a Korean original with an English translation, its body a list and a link. */
export function importVisitorNotice() {
  importContent({
    notices: [
      {
        itemCd: new URLSearchParams(visitorNotice.split("?")[1]).get("itemCd"),
        publishedAt: "2026-09-15",
        category: "service",
        translations: {
          ko: {
            title: "모바일 신분증 발급 안내",
            body: "외국인등록증을 **휴대폰**에 담을 수 있어요.\n\n- 출입국 사무소 방문\n- [하이코리아](https://www.hikorea.go.kr)에서 예약",
          },
          en: {
            title: "Your residence card on your phone",
            body: "Your residence card can now live on your **phone**.\n\n- Visit an immigration office\n- Book on [HiKorea](https://www.hikorea.go.kr)",
          },
        },
      },
    ],
  });
}

/** A page in a language for this one visit (`?lng=`), as a visitor's link would name it. */
export const inLanguage = (path: string, lng: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;

/**
 * The pages of the sweeps that answer with a status other than 200 where the sweeps reach them: 404s from the
 * catch-all and from routes' own loaders, and the moderators' queue for a member who is not one.
 */
const sweepStatuses: Record<string, number> = {
  "/no/such/page": 404,
  "/member/findVisa/Z-99": 404,
  "/community/AAAAAAAAAAAA": 404,
  "/community/review": 403,
};

/**
 * Opens a page of a sweep (a loop that checks something on page after page) and checks that what answered is the
 * page asked for, with its status (by default 200, or the one `sweepStatuses` names): a redirect, to sign-in when a
 * session is missing, would otherwise have the sweep check the page it landed on, and pass. With `hydrate`, it waits
 * for React first, so a navigation the page makes by itself is caught too.
 */
/**
 * A terms document's first version in a language, as the app ships it (content/terms.json): the terms are
 * content, not locale keys (docs/decisions/0057).
 */
export function shippedTerms(lng: string, document: string): { title: string; sections: { heading: string }[] } {
  const file = JSON.parse(fs.readFileSync(path.resolve("content", "terms.json"), "utf8")) as {
    terms: { document: string; translations: Record<string, { title: string; sections?: { heading: string }[] }> }[];
  };
  const text = file.terms.find((item) => item.document === document)!.translations[lng]!;
  return { title: text.title, sections: text.sections ?? [] };
}

export async function openPage(
  page: Page,
  target: string,
  { status, hydrate = false }: { status?: number; hydrate?: boolean } = {},
) {
  const response = await page.goto(target);
  if (hydrate) await waitForHydration(page);
  const landed = new URL(page.url());
  const asked = new URL(target, landed);
  const expected = status ?? sweepStatuses[asked.pathname] ?? 200;
  expect(`${response?.status()} ${landed.pathname}${landed.search}`, `${target} answered or landed elsewhere`).toBe(
    `${expected} ${asked.pathname}${asked.search}`,
  );
  return response!;
}

/**
 * Marks the today-popup as hidden for today so it does not cover what a test looks
 * at: before every page, so a test that runs past midnight in Seoul is not met by
 * the popup of the new day.
 */
export async function hideTodayPopup(context: BrowserContext) {
  await context.addInitScript(() => {
    const seoulToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
    const config = JSON.parse(window.localStorage.getItem("siteConfig") ?? "{}") as Record<string, unknown>;
    window.localStorage.setItem(
      "siteConfig",
      JSON.stringify({ ...config, toDayPopup: seoulToday, isToDayPopup: true }),
    );
  });
}

/** Where the e2e server's Auth emulator answers, as the server's log says (playwright.config.ts keeps it). */
export function authEmulator(): AuthEmulatorAddress {
  const log = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "server.log"), "utf8");
  const named = authEmulatorIn(log);
  if (!named) throw new Error("the e2e server's log names no Auth emulator");
  return named;
}

/** An admin's browser: a member who joined, was given the claim (scripts/grant-admin.mjs), and signed in again. */
export async function signInAsAdmin(context: BrowserContext, baseURL: string) {
  const dataDir = process.env.E2E_DATA_DIR!;
  const joined = await joinOverHttp(baseURL, dataDir, { name: "Admin Park" });
  const emulator = authEmulator();
  execFileSync(process.execPath, ["scripts/grant-admin.mjs", joined.e164], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: new URL(emulator.origin).host,
      FIREBASE_PROJECT_ID: emulator.projectId,
      DATA_DIR: dataDir,
    },
  });
  const { jar, request, step } = httpBrowser(baseURL);
  await step("/login/login", { phone: joined.local, redirectTo: "/" }, "/login/authNo");
  await request("/login/authNo", { code: lastCodeTo(dataDir, joined.e164) });
  await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: baseURL })));
}

/** One string of a language's locale files by its dotted key ("admin.edit.save"), as written (placeholders kept). */
export const localeText = (lng: string, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings(lng)) as string;

/** The last code the server texted to a number (local mode's outbox). */
export const textedCode = (e164: string) => lastCodeTo(process.env.E2E_DATA_DIR!, e164);

/** How many texts the server has sent to a number (local mode's outbox). */
export function textsTo(e164: string): number {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "sms-outbox.jsonl");
  if (!fs.existsSync(outbox)) return 0;
  return fs
    .readFileSync(outbox, "utf8")
    .split("\n")
    .filter((line) => line && (JSON.parse(line) as { to: string }).to === e164).length;
}

/** A Korean mobile number no other test uses: E.164 and as people type it. */
export const freshNumber = uniqueNumber;

/** Sends the browser's language cookie (en unless told otherwise). */
export async function useLanguage(context: BrowserContext, lng = "en") {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: "http://127.0.0.1" },
  ]);
}

/**
 * Waits until React has taken over the page: the document's effects have run and set the `hydrated` mark
 * (app/lib/hydration.ts), so every handler is attached. Before that, a click submits the server form instead,
 * and what only the browser-side handler does (such as remembering the language in localStorage) does not happen.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName("hydrated", "mark").length > 0);
}

/**
 * Types a texted code as a person does. With JavaScript, six digits send the form by themselves (once the page
 * has hydrated); without it, or for anything else typed, the person taps the verify button.
 */
export async function enterCode(
  page: Page,
  code: string,
  options: { label: string; submit: string; javaScriptEnabled: boolean },
) {
  if (options.javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(options.label).fill(code);
  const sendsItself = options.javaScriptEnabled && code.normalize("NFKC").replace(/\D/g, "").length === 6;
  if (!sendsItself) await page.getByRole("button", { name: options.submit }).click();
}

/**
 * On a join's last step: "Find my visa", a quick choice in the finder, then that
 * status (not a sub-type); back on the step with the visa chosen, as a person does it.
 */
export async function chooseVisaInFinder(page: Page, code: string) {
  const texts = strings("en") as unknown as {
    signup: { add: { findVisa: string } };
    visaFinder: { quick: string; chooseStatus: string; choose: string };
  };
  const step = new URL(page.url()).pathname;
  await page.getByRole("button", { name: texts.signup.add.findVisa }).click();
  await expect(page).toHaveURL(/\/member\/findVisa\?returnTo=/);
  await page
    .getByRole("region", { name: texts.visaFinder.quick })
    .getByRole("link", { name: new RegExp(`^${code}\\b`) })
    .click();
  await page
    .getByRole("link", { name: texts.visaFinder.chooseStatus.replace("{{code}}", code) })
    .or(page.getByRole("link", { name: texts.visaFinder.choose, exact: true }))
    .click();
  await expect(page).toHaveURL((url) => url.pathname === step && url.searchParams.get("visa") === code);
}
