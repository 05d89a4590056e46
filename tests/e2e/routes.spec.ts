/**
 * Every route of the foundation renders in all 19 languages with the right title,
 * lang and dir, server-rendered (the no-JavaScript project proves it), with no
 * third-party script and, when JavaScript runs, no error in the console.
 */
import { expect, test } from "@playwright/test";
import { supportedLanguages } from "../../app/i18n/config";
import { pageTitle } from "./helpers";

const routes = [
  { path: "/", title: "titles.main", status: 200 },
  { path: "/language", title: "titles.language", status: 200 },
  { path: "/nLanguage", title: "titles.language", status: 200 },
  { path: "/shop", title: "titles.shop", status: 200 },
  { path: "/member/start", title: "titles.start", status: 200 },
  { path: "/member/startId", title: "titles.startId", status: 200 },
  { path: "/login/login", title: "titles.login", status: 200 },
  { path: "/dev/outbox", title: "titles.outbox", status: 200 },
  { path: "/no/such/page", title: "titles.notFound", status: 404 },
  { path: "/community", title: "titles.allFeeds", status: 200 },
  { path: "/benefit", title: "titles.benefit", status: 200 },
  // A feature still being built: its coming-soon page, not the 404 page.
  { path: "/finance/remittance", title: "titles.remittance", status: 200 },
];

for (const lng of supportedLanguages) {
  test(`all foundation routes in ${lng}`, async ({ page, baseURL }) => {
    const problems: string[] = [];
    let current = routes[0]!;
    page.on("pageerror", (error) => problems.push(`${current.path} pageerror: ${error.message}`));
    page.on("console", (message) => {
      // The browser reports the 404 page's own status as a failed load; that one is expected.
      const ownStatus = current.status === 404 && message.text().includes("status of 404");
      if (message.type() === "error" && !ownStatus) problems.push(`${current.path} console: ${message.text()}`);
    });

    for (const route of routes) {
      current = route;
      const response = await page.goto(`${route.path}?lng=${lng}`);
      expect(response?.status(), route.path).toBe(route.status);
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
