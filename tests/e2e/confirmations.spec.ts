/**
 * Confirmations with JavaScript (decision 0095): publishing a notice and deleting from the inbox open the message
 * box; cancelling changes nothing, confirming acts and the page says so. (Without JavaScript, the confirm pages:
 * tests/integration/confirmations.test.ts.) Then the dialog and the confirm page at 360 px in en, ko, vi and ur,
 * written to /tmp/shots-confirm/ for review.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, localeText, memberWithUnreadComment, signInAsAdmin, waitForHydration } from "./helpers";

const get = localeText;
const SHOTS = "/tmp/shots-confirm";

async function draftNotice(page: Page, itemCd: string, title: string) {
  await page.goto("/admin/notices/edit?lng=en");
  await page.getByLabel(get("en", "admin.edit.itemCd")).fill(itemCd);
  await page.getByLabel(get("en", "admin.edit.category")).selectOption("event");
  await page.locator('[name="translations.ko.title"]').fill(title);
  await page.locator('[name="translations.ko.body"]').fill("본문");
  await page.getByRole("button", { name: get("en", "admin.edit.save"), exact: true }).click();
  // The list itself, not the edit page this starts on (which the pattern would match before the save is through).
  await expect(page).toHaveURL(/\/admin\/notices(\?|$)/);
}

test("with JavaScript, publishing a notice and deleting it from the inbox ask in the message box", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the message box needs JavaScript");
  await hideTodayPopup(context);
  await signInAsAdmin(context, baseURL!);
  const itemCd = `cf-${Date.now() % 1_000_000}`;
  const title = `확인 공지 ${itemCd}`;
  await draftNotice(page, itemCd, title);
  await page.goto("/admin/notices?lng=en");
  await waitForHydration(page);
  const row = page.locator(".admin-row", { hasText: title });
  await expect(row).toContainText(get("en", "admin.notices.state.draft"));

  // Cancelled: the box closes and nothing is sent.
  await row.getByRole("button", { name: get("en", "admin.notices.publish"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: get("en", "admin.notices.publishTitle") });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(get("en", "admin.notices.publishMessage").slice(0, 20));
  await dialog.getByRole("button", { name: get("en", "dialog.cancel") }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(get("en", "admin.notices.state.draft"));

  // Confirmed: published, and the list says what that did.
  await row.getByRole("button", { name: get("en", "admin.notices.publish"), exact: true }).click();
  await dialog.getByRole("button", { name: get("en", "admin.notices.publish"), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/notices\?done=published$/);
  await expect(page.getByRole("status")).toContainText(get("en", "admin.notices.published"));
  await expect(row).toContainText(get("en", "admin.notices.state.published"));

  // The notice is in the admin's own inbox: deleting it asks too.
  await page.goto("/noti?lng=en");
  await waitForHydration(page);
  const item = page.locator(".inbox-item", { hasText: title });
  await item.getByRole("button", { name: get("en", "delete") }).click();
  const ask = page.getByRole("dialog", { name: get("en", "deleteTitle") });
  await expect(ask).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: get("en", "delete") }).click();
  await ask.getByRole("button", { name: get("en", "delete") }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(get("en", "deleted"));
});

test("the message box and the confirm page at 360 px in en, ko, vi and ur", async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "one set of pictures");
  fs.mkdirSync(SHOTS, { recursive: true });
  const { cookies } = await memberWithUnreadComment(baseURL!, "Confirm Shots");
  for (const lng of ["en", "ko", "vi", "ur"]) {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({
        ...testInfo.project.use,
        viewport: { width: 360, height: 760 },
        deviceScaleFactor: 2,
        javaScriptEnabled,
      });
      await hideTodayPopup(context);
      await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
      const page = await context.newPage();
      await page.goto(`/noti?lng=${lng}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page
        .locator(".inbox-item")
        .first()
        .getByRole("button", { name: get(lng, "delete") })
        .click();
      if (javaScriptEnabled) {
        await expect(page.getByRole("dialog", { name: get(lng, "deleteTitle") })).toBeVisible();
      } else {
        await expect(page.getByRole("heading", { name: get(lng, "deleteTitle") })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
      }
      await page.screenshot({
        path: path.join(SHOTS, `${lng}-inbox-${javaScriptEnabled ? "dialog" : "page"}.png`),
        fullPage: !javaScriptEnabled,
        // The box rises in (dialog.css): the picture is of where it stops.
        animations: "disabled",
      });
      await context.close();
    }
  }
});
