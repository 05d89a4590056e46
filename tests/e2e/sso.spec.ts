/**
 * Single sign-on in a real browser, with and without JavaScript: a partner (this test, with openid-client 6)
 * sends the visitor to /sso/authorize; they sign in with an ID, agree on the consent screen, and arrive at the
 * partner's registered address with a code the partner exchanges. Chromium applies the consent page's
 * `form-action` to the redirects after the form: arriving at the partner proves the policy lets exactly that
 * through. Then the partner's start, code and consent screens at 360 px in en, ko, vi and ur, written to
 * screenshots/ for review.
 */
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { joinOverHttp, uniqueNumber } from "../support/join";
import { authorizationRequest, oidc, registerPartner, relyingParty, type Partner } from "../support/sso";
import { enterCode, hideTodayPopup, localeText, textedCode, waitForHydration } from "./helpers";

const password = "a long enough passphrase";
// The issuer is http://localhost:PORT/sso: the whole flow runs on that origin, its cookies included.
const originOf = (baseURL: string) => baseURL.replace("127.0.0.1", "localhost");
const cliEnv = () => ({ PATH: process.env.PATH ?? "", DATA_DIR: process.env.E2E_DATA_DIR! });

async function language(context: BrowserContext, lng: string) {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: "http://localhost" },
  ]);
}

/** axe's violations on the page (the tags of a11y.spec.ts), one line per element. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(" ")}`));
}

/** The partner's address answers with a small page (nothing listens there): the test reads where it arrived. */
async function partnerSite(page: Page, partner: Partner) {
  await page.route(`${new URL(partner.redirectUri).origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>partner</title><p>back" }),
  );
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await language(context, "en");
});

test("a partner signs a member in: sign-in, consent, back with a code the partner exchanges", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = originOf(baseURL!);
  const email = `e2e-sso-${randomUUID()}@example.com`;
  await joinOverHttp(origin, process.env.E2E_DATA_DIR!, { email, password, name: "Tran Thi Mai" });
  const partner = registerPartner(cliEnv(), "Mirae Remit", "https://partner.example/callback");
  await partnerSite(page, partner);
  const config = await relyingParty(`${origin}/sso`, partner);
  const started = await authorizationRequest(config, partner);

  await page.goto(started.url.href);
  await expect(page).toHaveURL(/\/member\/start\?redirectTo=%2FssoConsent%2F/);
  // Every door names the partner the visitor is on the way to.
  await expect(page.getByText("Sign in to continue to Mirae Remit")).toBeVisible();
  await page.getByRole("link", { name: localeText("en", "member.start.withId") }).click();
  await expect(page.getByText("Sign in to continue to Mirae Remit")).toBeVisible();
  await page.getByLabel(localeText("en", "member.startId.email")).fill(email);
  await page.getByLabel(localeText("en", "member.startId.password")).fill(password);
  await page.getByRole("button", { name: localeText("en", "member.startId.submit") }).click();

  // Signed in: back to the same request, and on to the consent screen naming the partner.
  const allow = page.getByRole("button", { name: localeText("en", "consent.allow"), exact: true });
  await expect(allow).toBeVisible();
  await expect(page.getByText("Mirae Remit").first()).toBeVisible();
  await expect(page.getByText(localeText("en", "consent.phone"))).toBeVisible();
  await expect(page.getByText("Signed in as Tran Thi Mai")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mirae Remit's privacy policy" })).toHaveAttribute(
    "href",
    "https://partner.example/privacy",
  );
  await allow.click();

  await expect(page).toHaveURL(/^https:\/\/partner\.example\/callback\?/);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
  });
  const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
  expect(info.name).toBe("Tran Thi Mai");

  // My page lists the partner; ending its access asks first: the message box with JavaScript, a confirm page
  // without (decision 0095).
  await page.goto(`${origin}/mypage/partners`);
  await expect(page.getByText("Mirae Remit")).toBeVisible();
  if (testInfo.project.name === "js") await waitForHydration(page);
  await page.getByRole("button", { name: localeText("en", "partners.revoke") }).click();
  const question = localeText("en", "partners.revokeTitle").replace("{{partner}}", "Mirae Remit");
  const asked =
    testInfo.project.name === "js" ? page.getByRole("dialog", { name: question }) : page.locator(".confirm-page");
  await expect(asked.getByRole("heading", { name: question })).toBeVisible();
  await asked.getByRole("button", { name: localeText("en", "partners.revoke") }).click();
  await expect(page.getByText(localeText("en", "partners.none"))).toBeVisible();
});

test("a visitor from a partner is told its name on every door, keeps it on a different number, and comes back to the consent", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const origin = originOf(baseURL!);
  const member = await joinOverHttp(origin, process.env.E2E_DATA_DIR!, { name: "Nguyen Van An" });
  const partner = registerPartner(cliEnv(), "Hana Doors", "https://partner-doors.example/callback");
  await partnerSite(page, partner);
  const config = await relyingParty(`${origin}/sso`, partner);
  const started = await authorizationRequest(config, partner);
  const door = page.getByText("Sign in to continue to Hana Doors");
  const text = (key: string) => localeText("en", key);

  await page.goto(started.url.href);
  await expect(page).toHaveURL(/\/member\/start\?redirectTo=%2FssoConsent%2F/);
  const start = page.url();
  const returnTo = new URL(start).searchParams.get("redirectTo")!;
  await expect(door).toBeVisible();
  // The ID door, the phone door and both ways to join name the partner too.
  await page.getByRole("link", { name: text("member.start.withId") }).click();
  await expect(page).toHaveURL(/\/member\/startId\?redirectTo=%2FssoConsent%2F/);
  await expect(door).toBeVisible();
  await page.goto(`${origin}/login/login?redirectTo=${encodeURIComponent(returnTo)}`);
  await expect(door).toBeVisible();
  for (const join of ["member.start.joinWithPhone", "member.start.joinWithId"]) {
    await page.goto(start);
    await page.getByRole("link", { name: text(join) }).click();
    await expect(page.getByText("Join K-Life to continue to Hana Doors")).toBeVisible();
  }

  // A number typed wrong: the code page names the partner, and "Use a different number" keeps the way back.
  await page.goto(start);
  await page.getByLabel(text("login.phone")).fill(uniqueNumber().local);
  await page.getByRole("button", { name: text("login.sendCode") }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await expect(door).toBeVisible();
  await page.getByRole("link", { name: text("login.changeNumber") }).click();
  await expect(page).toHaveURL(/\/member\/start\?/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(returnTo);
  await expect(door).toBeVisible();

  // The right number: signed in, the visitor is back at the partner's consent.
  await page.getByLabel(text("login.phone")).fill(member.local);
  await page.getByRole("button", { name: text("login.sendCode") }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await expect(door).toBeVisible();
  await enterCode(page, textedCode(member.e164), {
    label: text("login.code"),
    submit: text("login.verify"),
    javaScriptEnabled: Boolean(javaScriptEnabled),
  });
  await expect(page).toHaveURL(/\/ssoConsent\//);
  await expect(page.getByText("Signed in as Nguyen Van An")).toBeVisible();
  await expect(page.getByRole("button", { name: text("consent.allow"), exact: true })).toBeVisible();
  await expect(page.getByText("Hana Doors").first()).toBeVisible();
});

test("cancelling on the consent screen goes back to the partner with access_denied and the state", async ({
  page,
  baseURL,
}) => {
  const origin = originOf(baseURL!);
  const email = `e2e-sso-deny-${randomUUID()}@example.com`;
  await joinOverHttp(origin, process.env.E2E_DATA_DIR!, { email, password, name: "Sok Dara" });
  const partner = registerPartner(cliEnv(), "Refused Partner", "https://partner-deny.example/callback");
  await partnerSite(page, partner);
  const config = await relyingParty(`${origin}/sso`, partner);
  const started = await authorizationRequest(config, partner);
  await page.goto(started.url.href);
  await page.getByRole("link", { name: localeText("en", "member.start.withId") }).click();
  await page.getByLabel(localeText("en", "member.startId.email")).fill(email);
  await page.getByLabel(localeText("en", "member.startId.password")).fill(password);
  await page.getByRole("button", { name: localeText("en", "member.startId.submit") }).click();
  await page.getByRole("button", { name: localeText("en", "consent.deny"), exact: true }).click();
  await expect(page).toHaveURL(/^https:\/\/partner-deny\.example\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe(started.state);
  expect(back.searchParams.get("code")).toBeNull();
});

test("the partner's start, code and consent screens at 360 px in en, ko, vi and ur, and what axe finds on them and on partner access", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "one set of pictures");
  // Four languages, each signed in and checked by axe twice: more than one test's minute on a shared machine.
  test.setTimeout(180_000);
  const origin = originOf(baseURL!);
  const email = `e2e-sso-shot-${randomUUID()}@example.com`;
  await joinOverHttp(origin, process.env.E2E_DATA_DIR!, { email, password, name: "Nguyen Van An" });
  const partner = registerPartner(cliEnv(), "Hana Bank", "https://bank.example/cb");
  const config = await relyingParty(`${origin}/sso`, partner);
  for (const lng of ["en", "ko", "vi", "ur"]) {
    // axe is injected as a script: the page's own policy would refuse it.
    const context = await browser.newContext({
      viewport: { width: 360, height: 760 },
      deviceScaleFactor: 2,
      bypassCSP: true,
    });
    await hideTodayPopup(context);
    await language(context, lng);
    const page = await context.newPage();
    const dir = path.join(process.cwd(), "screenshots", lng);
    fs.mkdirSync(dir, { recursive: true });
    await page.goto((await authorizationRequest(config, partner)).url.href);
    const search = new URL(page.url()).search;
    // The doors a visitor from the partner sees first: the start page and the code page, both naming it.
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await page.screenshot({ path: path.join(dir, "sso-start.png"), fullPage: true });
    expect(await violations(page), `${lng} partner start`).toEqual([]);
    await page.getByLabel(localeText(lng, "login.phone")).fill(uniqueNumber().local);
    await page.getByRole("button", { name: localeText(lng, "login.sendCode") }).click();
    await expect(page).toHaveURL(/\/login\/authNo$/);
    await page.screenshot({ path: path.join(dir, "sso-code.png"), fullPage: true });
    expect(await violations(page), `${lng} partner code`).toEqual([]);
    await page.goto(`${origin}/member/startId${search}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').last().click();
    const allow = page.getByRole("button", { name: localeText(lng, "consent.allow"), exact: true });
    await expect(allow).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await page.screenshot({ path: path.join(dir, "sso-consent.png"), fullPage: true });
    expect(await violations(page), lng).toEqual([]);
    await page.goto(`${origin}/mypage/partners`);
    expect(await violations(page), `${lng} partner access`).toEqual([]);
    await context.close();
  }
});

test("a partner's page posts the request to /sso/authorize across sites: the same flow, and prompt=none after", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = originOf(baseURL!);
  const email = `e2e-sso-post-${randomUUID()}@example.com`;
  await joinOverHttp(origin, process.env.E2E_DATA_DIR!, { email, password, name: "Bat-Erdene" });
  const partner = registerPartner(cliEnv(), "Posting Partner", "https://partner-post.example/callback");
  await partnerSite(page, partner);
  const config = await relyingParty(`${origin}/sso`, partner);
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  // The partner's own page (another site, plain http: a form from https to http would be held by the browser):
  // a form that posts the request to us, submitted by its script, or by hand without JavaScript.
  const partnerPage = "http://partner-post.example/start";
  const postFrom = async (started: Awaited<ReturnType<typeof authorizationRequest>>) => {
    const fields = [...started.url.searchParams]
      .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
      .join("");
    await page.route(partnerPage, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: `<!doctype html><title>partner</title><form method="post" action="${origin}/sso/authorize">${fields}<button>Continue</button></form><script>document.forms[0].submit()</script>`,
      }),
    );
    await page.goto(partnerPage);
    if (testInfo.project.name === "nojs") await page.getByRole("button", { name: "Continue" }).click();
  };

  const started = await authorizationRequest(config, partner);
  await postFrom(started);
  await expect(page).toHaveURL(/\/member\/start\?redirectTo=%2FssoConsent%2F/);
  await page.getByRole("link", { name: localeText("en", "member.start.withId") }).click();
  await page.getByLabel(localeText("en", "member.startId.email")).fill(email);
  await page.getByLabel(localeText("en", "member.startId.password")).fill(password);
  await page.getByRole("button", { name: localeText("en", "member.startId.submit") }).click();
  await page.getByRole("button", { name: localeText("en", "consent.allow"), exact: true }).click();
  await expect(page).toHaveURL(/^https:\/\/partner-post\.example\/callback\?/);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
  });
  expect(tokens.claims()!.iss).toBe(`${origin}/sso`);

  // Signed in and agreed: a posted prompt=none comes straight back with a code (the GET after the 303 carries
  // the cookies that the cross-site post could not).
  const quiet = await authorizationRequest(config, partner, { prompt: "none" });
  await postFrom(quiet);
  await expect(page).toHaveURL(/^https:\/\/partner-post\.example\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("error")).toBeNull();
  const again = await oidc.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: quiet.verifier,
    expectedState: quiet.state,
    expectedNonce: quiet.nonce,
  });
  expect(again.claims()!.sub).toBe(tokens.claims()!.sub);
});
