/**
 * The public pages in a real browser, in English, Korean and right-to-left Urdu: the right title, lang and dir,
 * server-rendered (the no-JavaScript project proves it), with no third-party script and, when JavaScript runs, no
 * error in the console. The same pages in all 19 languages are checked in-process, from the built server's HTML:
 * tests/integration/pageLanguages.test.ts (docs/decisions/0051).
 */
import { expect, test } from "@playwright/test";
import { publicPages } from "../support/publicPages";
import { openPage, pageTitle } from "./helpers";

const languages = ["en", "ko", "ur"];

for (const lng of languages) {
  test(`all public pages in ${lng}`, async ({ page, baseURL }) => {
    const problems: string[] = [];
    let current = publicPages[0]!;
    page.on("pageerror", (error) => problems.push(`${current.path} pageerror: ${error.message}`));
    page.on("console", (message) => {
      // The browser reports the 404 page's own status as a failed load; that one is expected.
      const ownStatus = current.status === 404 && message.text().includes("status of 404");
      if (message.type() === "error" && !ownStatus) problems.push(`${current.path} console: ${message.text()}`);
    });

    for (const route of publicPages) {
      current = route;
      await openPage(page, `${route.path}?lng=${lng}`, { status: route.status });
      await expect(page).toHaveTitle(pageTitle(lng, route.title));
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", lng);
      await expect(html).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");

      const origin = new URL(baseURL!).origin;
      const sources = await page
        .locator("script[src]")
        .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
      for (const src of sources) expect(new URL(src).origin, `third-party script on ${route.path}`).toBe(origin);
      // Let hydration and the language files settle before leaving the page.
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
  });
}
