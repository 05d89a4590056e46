/**
 * The first launch: a visitor whose browser speaks one language chooses another on
 * the language page, and the home page, its notice included, is in the chosen
 * language from its first render (never a frame in the browser's language, never
 * the browser's words under the chosen language's direction).
 */
import { expect, test } from "@playwright/test";
import { directionOf } from "~/i18n/config";
import { joinOverHttp } from "../support/join";
import { inLanguage, strings, waitForHydration } from "./helpers";

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

test.describe("the daily notice of a member", () => {
  test.use({ locale: "en" });

  test("a member whose visa expiry date is stored is not asked to store it; hiding for today is the secondary choice, on one line", async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the notice needs JavaScript (local storage)");
    const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, {
      email: `notice-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
      name: "Nguyen Van An",
      visa: "E-9",
      visaExpiry: "2027-06-30",
    });
    await context.addCookies(
      joined.cookies.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: baseURL! };
      }),
    );
    for (const lng of ["en", "ko", "vi", "ur"]) {
      const home = strings(lng);
      await page.goto(inLanguage("/", lng));
      const dialog = page.getByRole("dialog", { name: home.popup!.title });
      await expect(dialog).toContainText(home.popup!.messageRegistered!);
      await expect(dialog).not.toContainText(home.popup!.message!);
      const hide = dialog.getByRole("button", { name: home.popup!.hideToday, exact: true });
      await expect(hide).toHaveClass(/button--secondary/);
      // The main button is the one that only closes.
      await expect(dialog.locator(".button--primary")).toHaveText(home.dialog!.close!);
      // One line: a button is 52 px tall (its minimum) until its label wraps.
      expect((await hide.boundingBox())!.height, lng).toBeLessThanOrEqual(53);
      await dialog.locator(".button--primary").click();
      await expect(dialog).toBeHidden();
    }
    // Closing did not hide it for the day; the secondary button does.
    await page.reload();
    const dialog = page.getByRole("dialog", { name: strings("ur").popup!.title });
    await dialog.getByRole("button", { name: strings("ur").popup!.hideToday, exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

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
