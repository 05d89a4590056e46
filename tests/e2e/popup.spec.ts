/** The main page's hide-for-today popup (needs JavaScript: it lives in local storage). */
import { expect, test } from "@playwright/test";
import { strings } from "./helpers";

const en = strings("en");

test("'Don't show again today' hides the popup until the next day", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the popup is stored in local storage, which needs JavaScript");
  // 10:00 in Seoul.
  await page.clock.install({ time: new Date("2026-11-22T01:00:00Z") });
  await page.goto("/?lng=en");
  const dialog = page.getByRole("dialog", { name: en.popup!.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: en.popup!.hideToday }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // 00:30 the next day in Seoul: the popup is back.
  await page.clock.setSystemTime(new Date("2026-11-22T15:30:00Z"));
  await page.reload();
  await expect(page.getByRole("dialog", { name: en.popup!.title })).toBeVisible();
});

test("closing the popup without hiding it brings it back on the next visit", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the popup needs JavaScript");
  await page.goto("/?lng=en");
  const dialog = page.getByRole("dialog", { name: en.popup!.title });
  await dialog.getByRole("button", { name: en.dialog!.close, exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("dialog", { name: en.popup!.title })).toBeVisible();
});

test("without JavaScript the main page is complete and shows no popup", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "no-JavaScript behaviour");
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main!.greeting!);
  for (const label of Object.values(en.main!.entries as unknown as Record<string, string>)) {
    await expect(page.getByRole("link", { name: label, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
