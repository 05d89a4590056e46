/**
 * The first launch: a visitor whose browser speaks one language chooses another on
 * the language page, and the home page, its notice included, is in the chosen
 * language from its first render (never a frame in the browser's language, never
 * the browser's words under the chosen language's direction).
 */
import { expect, test } from "@playwright/test";
import { directionOf } from "~/i18n/config";
import { strings, waitForHydration } from "./helpers";

/** [the browser's language, the language chosen] */
const cases = [
  ["ko", "vi"],
  ["en", "ur"],
  ["vi", "ko"],
  ["ne", "my"],
  ["my", "ne"],
] as const;

for (const [browserLanguage, chosen] of cases) {
  test.describe(`a ${browserLanguage} browser choosing ${chosen}`, () => {
    test.use({ locale: browserLanguage });

    test("the home page and its notice are in the chosen language from the first render", async ({
      page,
      javaScriptEnabled,
    }) => {
      const home = strings(chosen);
      // Every text the home page's heading ever shows in this document (with JavaScript the home page is
      // reached by a client-side navigation from the language page, so one document sees both; without
      // it, each page is its own document, drawn by the server in one language).
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
        new MutationObserver(() => {
          const heading = document.getElementById("hero-title");
          const record = `${document.documentElement.lang}|${document.documentElement.dir}|${heading?.textContent ?? ""}`;
          if (heading && seen.at(-1) !== record) seen.push(record);
        }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });

      await page.goto("/");
      await expect(page).toHaveURL(/\/language\?redirectTo=%2F$/);
      await expect(page.locator("html")).toHaveAttribute("lang", browserLanguage);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: new RegExp(`^${languageName(chosen)}`) }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("html")).toHaveAttribute("lang", chosen);
      await expect(page.locator("html")).toHaveAttribute("dir", directionOf(chosen));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.main!.greeting!);
      await expect(page.locator(".hero__text")).toHaveText(home.main!.intro!);

      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: home.popup!.title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(home.popup!.message!);
        await expect(dialog.getByRole("button", { name: home.popup!.hideToday })).toBeVisible();
        // The dialog reads in the page's direction.
        const dir = await dialog.evaluate((el) => getComputedStyle(el).direction);
        expect(dir).toBe(directionOf(chosen));
      } else {
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }

      if (javaScriptEnabled) {
        // Every state of the heading this document showed: only the chosen language, in its direction.
        const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
        expect(seen.length).toBeGreaterThan(0);
        expect(new Set(seen)).toEqual(new Set([`${chosen}|${directionOf(chosen)}|${home.main!.greeting}`]));
      }
    });
  });
}

function languageName(lng: string): string {
  const names: Record<string, string> = {
    vi: "Tiếng Việt",
    ur: "اردو",
    ko: "한국어",
    my: "မြန်မာဘာသာ",
    ne: "नेपाली",
  };
  return names[lng]!;
}
