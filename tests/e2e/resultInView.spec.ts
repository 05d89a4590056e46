/**
 * The three money tools on a 360 × 740 phone, with JavaScript and without (the two projects), in English, Korean,
 * Vietnamese and Urdu: after Calculate or Convert the page opens on the answer (drawn 800–1 000 px down, below
 * the form), never at the top where the tap seems to have done nothing. Without JavaScript the form's `#result`
 * fragment scrolls the browser to the heading; with JavaScript the heading is also focused.
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, strings, useLanguage } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

type Words = Record<string, string>;
const words = (lng: string, namespace: string) => strings(lng)[namespace] as unknown as Words;

const tools: { name: string; path: string; fill: (page: Page, lng: string) => Promise<void> }[] = [
  {
    name: "loan",
    path: "/finance/loan",
    fill: async (page, lng) => {
      const t = words(lng, "loan");
      await page.getByLabel(t.amount!).fill("10,000,000");
      await page.getByLabel(t.rate!).fill("4.5");
      await page.getByLabel(t.months!).fill("36");
      await page.getByRole("button", { name: t.calculate }).click();
    },
  },
  {
    name: "remittance",
    path: "/finance/remittance",
    fill: async (page, lng) => {
      const t = words(lng, "remittance");
      await page.getByLabel(t.country!).selectOption("VN");
      await page.getByLabel(t.send!).fill("1,000,000");
      await page.getByRole("button", { name: t.calculate }).click();
    },
  },
  {
    name: "exchange",
    path: "/finance/currencyExchange",
    fill: async (page, lng) => {
      const t = words(lng, "exchange");
      await page.getByLabel(t.amount!).fill("1,000");
      await page.getByLabel(t.from!).selectOption("USD");
      await page.getByLabel(t.to!, { exact: true }).selectOption("KRW");
      await page.getByRole("button", { name: t.convert }).click();
    },
  },
];

for (const lng of ["en", "ko", "vi", "ur"]) {
  for (const tool of tools) {
    test(`${tool.path} in ${lng}: the answer is on the screen after the tap`, async ({
      page,
      context,
      javaScriptEnabled,
    }) => {
      await useLanguage(context, lng);
      await page.goto(tool.path);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await tool.fill(page, lng);
      await expect(page).toHaveURL(/\?.+#result$/);
      const heading = page.locator("#result");
      await expect(heading).toBeVisible();
      await expect(heading).toBeInViewport();
      // The form is above it, scrolled off: the page really moved.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      if (javaScriptEnabled) await expect(heading).toBeFocused();
      else await expect(page.locator("#result:target")).toHaveCount(1);
    });
  }
}
