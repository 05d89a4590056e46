/**
 * The work-and-leaving tools of issue 44 without JavaScript on a 360 × 740 phone, in Urdu (right to left) and
 * Burmese (the longest lines): /finance/pay, /finance/severance and /finance/leavingKorea each compute on the
 * server after the tap and open on the answer, its heading and its first sentence in view (the form's `#result`
 * fragment), with the figure or the checklist's first row there.
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, joinedMemberCookies, strings, useLanguage } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off project is the one issue 44 asks for");

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

type Words = Record<string, Record<string, string>>;
const work = (lng: string) => strings(lng).work as unknown as Words;

const tools: { path: string; fill: (page: Page, lng: string) => Promise<void>; answer: string }[] = [
  {
    path: "/finance/pay",
    fill: async (page, lng) => {
      await page.locator("#amount").fill("2,000,000");
      await page.locator('input[name="per"][value="month"]').check();
      await page.locator("#weeklyHours").fill("40");
      await page.getByRole("button", { name: work(lng).pay!.check }).click();
    },
    answer: "156,880",
  },
  {
    path: "/finance/severance",
    fill: async (page, lng) => {
      await page.locator("#start").fill("2025-03-01");
      await page.locator("#end").fill("2026-03-01");
      await page.locator("#lastThreeMonthsPay").fill("9,000,000");
      await page.getByRole("button", { name: work(lng).severance!.calculate }).click();
    },
    answer: "3,000,000",
  },
  {
    path: "/finance/leavingKorea",
    fill: async (page, lng) => {
      await page.locator("#nationality").selectOption("NP");
      await page.locator("#visa").selectOption("E-9");
      await page.getByRole("button", { name: work(lng).leaving!.check }).click();
    },
    answer: "E-9",
  },
];

for (const lng of ["ur", "my"]) {
  for (const tool of tools) {
    test(`${tool.path} in ${lng} without JavaScript: the server's answer is on the screen after the tap`, async ({
      page,
      context,
    }) => {
      await useLanguage(context, lng);
      await page.goto(tool.path);
      await tool.fill(page, lng);
      await expect(page).toHaveURL(/\?.+#result$/);
      await expect(page.locator("#result:target")).toHaveCount(1);
      const heading = page.locator("#result");
      await expect(heading).toBeInViewport();
      // The answer's first sentence, with its figure (or the member's visa), right below the heading.
      const answer = page.locator(".loan__result > .notice").first();
      await expect(answer).toContainText(tool.answer);
      await expect(answer).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
}

test("an E-9 member's home links to what they are owed on leaving, opening on their nationality and visa", async ({
  page,
  context,
  baseURL,
}) => {
  // A phone join: a Vietnamese E-9 worker (tests/support/join.ts).
  await context.addCookies(
    (await joinedMemberCookies(baseURL!, "Leaving Worker")).map((cookie) => ({ ...cookie, url: baseURL! })),
  );
  await useLanguage(context, "ur");
  await page.goto("/");
  const home = strings("ur").main as unknown as Record<string, Record<string, string>>;
  const link = page.getByRole("link", { name: home.leaving!.title });
  await expect(link).toHaveAttribute("href", "/finance/leavingKorea?nationality=VN&visa=E-9#result");
  await link.click();
  await expect(page.locator("#result")).toBeInViewport();
  await expect(page.locator(".loan__result > .notice").first()).toContainText("E-9");
  await expect(page.locator("#nationality")).toHaveValue("VN");
});
