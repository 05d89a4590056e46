/**
 * A first visit on a slow phone: the HTML alone paints a styled, translated page;
 * every module the page needs is requested at once, by its preload (none waits for
 * the module that imports it, none is fetched twice); hydration waits for no
 * translation request; nothing breaks the CSP; and a form submitted before the
 * scripts have arrived still works (docs/decisions/0025, 0026).
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, openPage, strings, useLanguage, waitForHydration } from "./helpers";

const en = strings("en") as unknown as {
  member: { start: { joinWithPhone: string } };
  login: { sendCode: string };
  errors: { form: { termsRequired: string } };
};

const PAGES = ["/", "/language", "/member/start", "/member/startId", "/sign", "/member/findVisa", "/shop"];

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context, "en");
});

/** CSP violations the page reports, from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

for (const path of PAGES) {
  test(`${path}: styled from its HTML, every module preloaded once, nothing refused by the CSP`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const violations = await watchViolations(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await openPage(page, path);
    // The inline stylesheet applies (a browser's default body margin is 8 px).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    expect(requested.filter((p) => p.endsWith(".css"))).toEqual([]);
    if (!javaScriptEnabled) return;

    await waitForHydration(page);
    expect(await violations()).toEqual([]);
    expect(requested.filter((p) => p.startsWith("/locales/"))).toEqual([]);
    // Remix's manifest file is not fetched on a first load (lazy route discovery): the chunks test's budget leaves it out.
    expect(requested.filter((p) => /\/build\/manifest-/.test(p))).toEqual([]);
    // A preload the CSP refuses shows as an entry with nothing transferred, and the module is fetched again.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => new URL(e.name).pathname.endsWith(".js"))
        .map((e) => ({ path: new URL(e.name).pathname, bytes: e.transferSize })),
    );
    const firstLoad = scripts.filter((s) => !/\/(buildCheck|trackers|translateWidget)-/.test(s.path));
    expect(firstLoad.length).toBeGreaterThanOrEqual(4);
    expect(new Set(firstLoad.map((s) => s.path)).size).toBe(firstLoad.length);
    for (const script of firstLoad) expect(script.bytes, script.path).toBeGreaterThan(0);
  });
}

test("a form submitted before its scripts have arrived is answered by the server", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every form is submitted this way (the nojs project)");
  // Hold every script until the form has been submitted.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the page itself.
  await page.goto("/sign", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: en.member.start.joinWithPhone })).toBeVisible();
  await page.getByRole("textbox").first().fill("010-1234");
  await page.getByRole("button", { name: en.login.sendCode }).click();
  // The server's answer: the same page with the number kept and the missing agreements named.
  await expect(page.getByText(en.errors.form.termsRequired).first()).toBeVisible();
  await expect(page.getByRole("textbox").first()).toHaveValue("010-1234");
  release();
  await waitForHydration(page);
});
