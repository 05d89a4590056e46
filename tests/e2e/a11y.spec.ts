/**
 * axe on every page of the app (app/routes), signed out and signed in: WCAG 2.0, 2.1 (and 2.2) A and AA and axe's
 * best practices, with the experimental rules of those tags too (among them `label-content-name-mismatch`: a
 * control's name holds what it shows). The steps of the sign-up, sign-in, recovery and number-change flows are
 * reached through the flows themselves (each code read from the outbox), the terms sheet open, a feed with a
 * comment, the inbox with an unread notification, and the error pages.
 * Each page is checked once per project, with JavaScript ("js") and without ("nojs"), in English; one page per
 * layout is checked in every language of this file (English and right-to-left Urdu), since a layout's own parts
 * (header, tab bar, footer) are what a language changes on every page (docs/decisions/0051). The flows' steps are
 * checked with JavaScript only: they are the same documents without it. Every page is first checked to be the page
 * asked for, with its status: a sweep sent to sign-in would otherwise check the sign-in page.
 */
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { devices, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { LayoutName } from "~/lib/page";
import { httpBrowser, joinOverHttp, lastCodeTo } from "../support/join";
import {
  communityPages,
  freshNumber,
  hideTodayPopup,
  importVisitorNotice,
  inLanguage,
  memberPages,
  memberWithUnreadComment,
  openPage,
  shippedTerms,
  strings,
  visitorNotice,
  visitorPages,
} from "./helpers";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** axe leaves its experimental rules out unless they are named: those of the tags above are. */
const experimental = axe
  .getRules()
  .filter((rule) => rule.tags.includes("experimental") && rule.tags.some((tag) => tags.includes(tag)))
  .map((rule) => rule.ruleId);

/** The languages of the checks: every page in the first, one page per layout in each of the others too. */
const [everyPage, ...layoutsOnly] = ["en", "ur"] as const;

/** One page a visitor reaches in each layout (app/lib/page.ts). */
const visitorLayoutPages: Record<LayoutName, string> = {
  main: "/",
  join: "/sign",
  default: "/member/startId",
  simple: "/member/agree",
  blank: "/shop",
  community: "/community",
  none: "/language",
};

/** One page a member reaches in each layout, with the inbox bell and sign-out (the simple layout is the join's). */
const memberLayoutPages: Record<Exclude<LayoutName, "simple">, string> = {
  main: "/",
  join: "/nLanguage",
  default: "/mypage",
  blank: "/shop",
  community: "/community",
  none: "/language",
};
const dataDir = () => process.env.E2E_DATA_DIR!;

type Cookie = { name: string; value: string };

/**
 * The page as a visitor without JavaScript gets it, in a page where axe can run: axe is a script, and where
 * scripts are off its timers never fire. The same browser and phone, scripts allowed, but the document's scripts
 * taken out and script requests refused, so nothing of the app runs (the app has no <noscript> or
 * `scripting` media query that would tell the two apart).
 */
async function contextWithoutScripts(browser: Browser, baseURL: string, cookies: Cookie[]) {
  const context = await browser.newContext({ ...devices["Pixel 5"], baseURL, javaScriptEnabled: true });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document") return route.continue();
    // A redirect is not followed here but handed to the browser, which follows it: the address it lands on is then
    // the browser's, for openPage to see, not the address asked for with another page's body.
    const response = await route.fetch({ maxRedirects: 0 });
    if (response.status() >= 300 && response.status() < 400) return route.fulfill({ response });
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    return route.fulfill({ response, headers, body });
  });
  return context;
}

/** axe's violations, one readable line per element. */
async function violations(page: Page) {
  // axe.run in the page itself: the app has no frames, so there are no per-frame results to join in a blank page.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      runOnly: { type: "tag", values: tags },
      rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, " ")}`,
    ),
  );
}

/**
 * Checks pages one load each, in the test's browser with JavaScript (hydrated first) or in a browser without the
 * app's scripts, and gathers what axe finds on all of them.
 */
class Checker {
  found: string[] = [];
  private lng: string = everyPage;
  private cookies: Cookie[] = [];
  private bare: BrowserContext | null = null;
  constructor(
    private readonly page: Page,
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly javaScriptEnabled: boolean,
  ) {}

  /**
   * The language's cookie too, not only `?lng=`: what the page fetches later (the terms sheet's text) is in the
   * language the browser chose, as it is for a person who chose it.
   */
  private get language(): Cookie {
    return { name: "lng", value: Buffer.from(JSON.stringify(this.lng)).toString("base64") };
  }

  /** The browser's cookies from now on (a member's session, a flow in progress). */
  async useCookies(cookies: Cookie[]) {
    this.cookies = cookies;
    const context = this.page.context();
    await context.clearCookies();
    await context.addCookies([...cookies, this.language].map((c) => ({ ...c, url: this.baseURL })));
    await this.bare?.close();
    this.bare = null;
    if (!this.javaScriptEnabled) {
      this.bare = await contextWithoutScripts(this.browser, this.baseURL, [...cookies, this.language]);
    }
  }

  /** The pages from now on are in `lng` (the cookies kept). */
  async speak(lng: string) {
    this.lng = lng;
    await this.useCookies(this.cookies);
  }

  /**
   * Opens a page in the current language; with JavaScript, once React has taken it over. It must be the page asked
   * for, answering with its status (openPage).
   */
  async open(path: string) {
    let page = this.page;
    if (!this.javaScriptEnabled) {
      this.bare ??= await contextWithoutScripts(this.browser, this.baseURL, []);
      page = this.bare.pages()[0] ?? (await this.bare.newPage());
    }
    await openPage(page, inLanguage(path, this.lng), { hydrate: this.javaScriptEnabled });
    return { page };
  }

  /** Runs axe on the page as it is now, its findings named by `what`. */
  async check(page: Page, what: string) {
    this.found.push(...(await violations(page)).map((line) => `${what} in ${this.lng}: ${line}`));
  }

  async visit(path: string) {
    const { page } = await this.open(path);
    await this.check(page, path);
  }

  /** Every page in the first language, then the layouts' pages in each of the others. */
  async visitAll(pages: string[], layoutPages: string[]) {
    for (const path of pages) await this.visit(path);
    for (const lng of layoutsOnly) {
      await this.speak(lng);
      for (const path of layoutPages) await this.visit(path);
    }
    await this.speak(everyPage);
  }

  async close() {
    await this.bare?.close();
  }
}

const cookiesOf = (header: string): Cookie[] =>
  header.split("; ").map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: name!, value: value.join("=") };
  });

test.beforeAll(importVisitorNotice);

/** Pages a visitor reaches that `visitorPages` leaves out: the outbox, the calculators' answers and messages, and more dead ends. */
const moreVisitorPages = [
  "/dev/outbox",
  "/finance/loan?amount=-5&rate=100&months=600&method=x",
  "/finance/currencyExchange",
  // The calculator's answer with its rate card, and its messages (a bad amount, a currency without a rate).
  "/finance/currencyExchange?from=USD&to=KRW&amount=1,000",
  "/finance/currencyExchange?from=KRW&to=MNT&amount=-5",
  "/finance/remittance",
  // The leaving checklist's messages: a country and a visa that are not in the lists, kept as typed.
  "/finance/leavingKorea?nationality=Atlantis&visa=Z-99",
  // 404s from a route's own loader: an unknown visa, a feed that is not there.
  "/member/findVisa/Z-99",
  "/community/AAAAAAAAAAAA",
];

test.describe("axe", () => {
  // Many pages in one test, one load each.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ context }) => {
    // The popup is checked on its own below.
    await hideTodayPopup(context);
  });

  test("every page a visitor reaches has no axe violations", async ({ page, browser, baseURL, javaScriptEnabled }) => {
    const checker = new Checker(page, browser, baseURL!, javaScriptEnabled);
    await checker.visitAll([...visitorPages, ...moreVisitorPages], Object.values(visitorLayoutPages));
    await checker.close();
    expect(checker.found, checker.found.join("\n")).toEqual([]);
  });

  test("every page a member reaches, the inbox with an unread notification, has no axe violations", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { cookies, feed } = await memberWithUnreadComment(baseURL!);
    const others = await communityPages(baseURL!);
    const checker = new Checker(page, browser, baseURL!, javaScriptEnabled);
    await checker.useCookies(cookies);
    const pages = [
      "/",
      "/community",
      feed,
      ...others,
      ...memberPages,
      "/mypage/terms",
      "/language",
      "/nLanguage",
      "/shop",
      "/benefit",
      "/mypage/notice",
      visitorNotice,
      "/member/findVisa",
      "/member/findVisa/E-9",
      // A member who is not a moderator: 403.
      "/community/review",
      "/no/such/page",
    ];
    await checker.visitAll(pages, Object.values(memberLayoutPages));
    await checker.close();
    expect(checker.found, checker.found.join("\n")).toEqual([]);
  });

  test("the steps of joining, signing in, recovery and a number change have no axe violations", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the flows' steps are the same documents without JavaScript");
    const checker = new Checker(page, browser, baseURL!, javaScriptEnabled);
    await checker.useCookies([]);
    const s = {
      ...(strings(everyPage) as unknown as { signup: { agree: { view: string } } }),
      service: shippedTerms(everyPage, "service"),
    };

    // The terms sheet, open over each checklist.
    for (const path of ["/sign", "/member/agree"]) {
      const { page: opened } = await checker.open(path);
      await opened.getByRole("link", { name: `${s.signup.agree.view} ${s.service.title}` }).click();
      const sheet = opened.getByRole("dialog", { name: s.service.title });
      await expect(sheet.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await checker.check(opened, `${path} with the terms sheet open`);
    }

    // Joining with a phone: each step as the flow reaches it, the code read from the outbox.
    {
      const { e164, local } = freshNumber();
      const flow = httpBrowser(baseURL!);
      const at = async (path: string) => {
        await checker.useCookies(cookiesOf(flow.jar.header));
        await checker.visit(path);
      };
      await flow.step("/sign?index", { phone: local, agreeAll: "on" }, "/sign/authNo");
      await at("/sign/authNo");
      // The name is asked with the nationality and visa (decision 0044).
      await flow.step("/sign/authNo", { code: lastCodeTo(dataDir(), e164) }, "/sign/choiceNation");
      await at("/sign/choiceNation");
      await flow.step(
        "/sign/choiceNation",
        { name: "Bold Bat", nationality: "Mongolia", visa: "E-9" },
        "/sign/signUpComplete",
      );
      await at("/sign/signUpComplete");
    }

    // Joining with an ID.
    const email = `a11y-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const password = "a long phrase about Seoul winters";
    {
      const { e164, local } = freshNumber();
      const flow = httpBrowser(baseURL!);
      const at = async (path: string, what = path) => {
        await checker.useCookies(cookiesOf(flow.jar.header));
        const { page: opened } = await checker.open(path);
        await checker.check(opened, what);
      };
      await flow.step("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
      await at("/member/accountInfo");
      await flow.step("/member/accountInfo", { email, password, passwordConfirm: password }, "/member/userInfo");
      await at("/member/userInfo");
      await flow.step("/member/userInfo", { intent: "send", name: "Nguyen Van A", phone: local }, "/member/userInfo");
      await at("/member/userInfo", "/member/userInfo's code step");
      await flow.step(
        "/member/userInfo",
        { intent: "verify", name: "Nguyen Van A", code: lastCodeTo(dataDir(), e164) },
        "/member/addInfo",
      );
      await at("/member/addInfo");
      await flow.step("/member/addInfo", { nationality: "Vietnam", visa: "D-2-2" }, "/member/complete");
      await at("/member/complete");
    }

    // Signing in with a phone: the code step.
    {
      const joined = await joinOverHttp(baseURL!, dataDir(), { name: "Phone Signer" });
      const flow = httpBrowser(baseURL!);
      await flow.step("/login/login", { phone: joined.local, redirectTo: "/" }, "/login/authNo");
      await checker.useCookies(cookiesOf(flow.jar.header));
      await checker.visit("/login/authNo");
    }

    // Recovery: the code step, then the new password.
    {
      const joined = await joinOverHttp(baseURL!, dataDir(), { name: "Forgetful Member", email: `r-${email}` });
      const flow = httpBrowser(baseURL!);
      await flow.step("/member/findPw", { intent: "send", email: `r-${email}` }, "/member/findPw");
      await checker.useCookies(cookiesOf(flow.jar.header));
      const { page: opened } = await checker.open("/member/findPw");
      await checker.check(opened, "/member/findPw's code step");
      await flow.step(
        "/member/findPw",
        { intent: "verify", code: lastCodeTo(dataDir(), joined.e164) },
        "/member/resetPw",
      );
      await checker.useCookies(cookiesOf(flow.jar.header));
      await checker.visit("/member/resetPw");
    }

    // A member changing their number: the code step.
    {
      const joined = await joinOverHttp(baseURL!, dataDir(), { name: "Moving Member" });
      const flow = httpBrowser(baseURL!);
      for (const [name, value] of cookiesOf(joined.cookies).map((c) => [c.name, c.value] as const))
        flow.jar.cookies.set(name, value);
      await flow.step("/mypage/phone?index", { phone: freshNumber().local }, "/mypage/phone/authNo");
      await checker.useCookies(cookiesOf(flow.jar.header));
      await checker.visit("/mypage/phone/authNo");
    }

    await checker.close();
    expect(checker.found, checker.found.join("\n")).toEqual([]);
  });
});

test("the main page's popup has no axe violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the popup needs JavaScript");
  await page.goto("/?lng=en");
  const dialog = page.getByRole("dialog", { name: strings("en").popup!.title });
  await expect(dialog).toBeVisible();
  const found = await violations(page);
  expect(found, found.join("\n")).toEqual([]);
});

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const rgbs = (value: string) => value.match(/rgba?\([^)]*\)/g) ?? [];

// What axe does not measure: a field's edge and the focus ring against the page (3:1), and the hero's words over
// every colour of its gradient (4.5:1; axe skips text on gradients).
test("fields' edges and the focus ring at 3:1, the hero's words at 4.5:1 over its whole gradient", async ({ page }) => {
  await page.goto("/member/startId?lng=en");
  const field = page.locator(".field input").first();
  const background = await page.locator(".layout").evaluate((e) => getComputedStyle(e).backgroundColor);
  const edge = await field.evaluate((e) => getComputedStyle(e).borderTopColor);
  expect(contrast(edge, background), `field edge ${edge} on ${background}`).toBeGreaterThanOrEqual(3);
  await field.focus();
  const ring = await field.evaluate((e) => getComputedStyle(e).boxShadow);
  const best = Math.max(...rgbs(ring).map((color) => contrast(color, background)));
  expect(best, `focus ring ${ring} on ${background}`).toBeGreaterThanOrEqual(3);

  await page.goto("/?lng=en");
  const hero = page.locator(".hero");
  const { image, color } = await hero.evaluate((e) => ({
    image: getComputedStyle(e).backgroundImage,
    color: getComputedStyle(e).color,
  }));
  expect(rgbs(image).length, image).toBeGreaterThan(1);
  for (const stop of rgbs(image)) expect(contrast(color, stop), `${color} on ${stop}`).toBeGreaterThanOrEqual(4.5);
});
