/**
 * Stylesheets per feature: a page's HTML carries the app's sheet and its
 * features' sheets, so it is styled with no CSS request, with JavaScript or
 * without; a client-side navigation into a feature whose sheet the first page did
 * not bring fetches it once, keeps the current page until it has loaded, and never
 * shows the new page unstyled.
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, strings, useLanguage } from "./helpers";

const en = strings("en") as unknown as {
  main: { greeting: string; entries: Record<string, string>; visaTile: { title: string } };
  visaFinder: { intro: string };
};

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context, "en");
});

function recordStylesheets(page: Page) {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".css")) fetched.push(url.pathname);
  });
  return fetched;
}

/** How the visa finder's list is laid out: `flex` only where its sheet applies. */
const visaItemDisplay = (page: Page) =>
  page
    .locator(".visa-item")
    .first()
    .evaluate((element) => getComputedStyle(element).display);

test("a feature's page is styled from its HTML alone", async ({ page }) => {
  const fetched = recordStylesheets(page);
  await page.goto("/member/findVisa");
  expect(await visaItemDisplay(page)).toBe("flex");
  await page.goto("/");
  // The home page's own sheet: the tiles are a grid.
  expect(await page.locator(".entry-grid").evaluate((element) => getComputedStyle(element).display)).toBe("grid");
  expect(fetched).toEqual([]);
});

test("navigating into a feature keeps the page until its stylesheet is in, then shows it styled", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every page is a document with its sheets inside");
  const fetched = recordStylesheets(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main.greeting);
  await page.waitForLoadState("networkidle");

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/build\/_assets\/visaFinder-[A-Z0-9]+\.css$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });

  await page.getByRole("link", { name: new RegExp(`^${en.main.visaTile.title}`) }).click();
  await expect.poll(() => asked).toBe(true);
  // The sheet is on its way: the home page stays.
  await page.waitForTimeout(300);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main.greeting);
  await expect(page.locator(".visa-item")).toHaveCount(0);
  release();

  await expect(page.getByText(en.visaFinder.intro)).toBeVisible();
  expect(await visaItemDisplay(page)).toBe("flex");

  // Back home and into the finder again: the sheet is already in the document.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main.greeting);
  await page.getByRole("link", { name: new RegExp(`^${en.main.visaTile.title}`) }).click();
  await expect(page.getByText(en.visaFinder.intro)).toBeVisible();
  expect(await visaItemDisplay(page)).toBe("flex");
  expect(fetched.filter((p) => p.includes("/visaFinder-"))).toHaveLength(1);
});
