/**
 * axe on every page a visitor reaches, in English, Korean and right-to-left Urdu, with JavaScript and without
 * (the two projects): no violations, with every rule axe runs by default (color contrast included).
 */
import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import {
  hideTodayPopup,
  inLanguage,
  joinedMemberCookies,
  memberPages,
  communityPages,
  strings,
  visitorPages,
  waitForHydration,
} from "./helpers";

const languages = ["en", "ko", "ur"];

/**
 * The page as a visitor without JavaScript gets it, in a page where axe can run: axe is a script, and where
 * scripts are off its timers never fire. The same browser and phone, scripts allowed, but the document's scripts
 * taken out and script requests refused, so nothing of the app runs (the app has no <noscript> or
 * `scripting` media query that would tell the two apart).
 */
async function openWithoutScripts(
  browser: Browser,
  baseURL: string,
  url: string,
  cookies: { name: string; value: string }[] = [],
) {
  const context = await browser.newContext({ ...devices["Pixel 5"], baseURL, javaScriptEnabled: true });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    return route.fulfill({ response, headers, body });
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** axe's violations, one readable line per element. */
async function violations(page: Page) {
  // axe.run in the page itself: the app has no frames, so there are no per-frame results to join in a blank page.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, " ")}`,
    ),
  );
}

for (const lng of languages) {
  test.describe(`in ${lng}`, () => {
    test.beforeEach(async ({ context }) => {
      // The popup is checked on its own below.
      await hideTodayPopup(context);
    });

    for (const path of visitorPages) {
      test(`${path} has no axe violations`, async ({ page, browser, baseURL, javaScriptEnabled }) => {
        let checked = page;
        if (javaScriptEnabled) {
          await page.goto(inLanguage(path, lng));
          await waitForHydration(page);
        } else {
          checked = await openWithoutScripts(browser, baseURL!, inLanguage(path, lng));
        }
        const found = await violations(checked);
        if (checked !== page) await checked.context().close();
        expect(found, `${path} in ${lng}:\n${found.join("\n")}`).toEqual([]);
      });
    }
  });
}

for (const lng of languages) {
  test(`my page's screens in ${lng} have no axe violations`, async ({
    page,
    context,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    await hideTodayPopup(context);
    const cookies = await joinedMemberCookies(baseURL!, "Axe Check");
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
    const found: string[] = [];
    for (const path of [...memberPages, ...(await communityPages(baseURL!))]) {
      let checked = page;
      if (javaScriptEnabled) {
        await page.goto(inLanguage(path, lng));
        await waitForHydration(page);
      } else {
        checked = await openWithoutScripts(browser, baseURL!, inLanguage(path, lng), cookies);
      }
      found.push(...(await violations(checked)).map((line) => `${path}: ${line}`));
      if (checked !== page) await checked.context().close();
    }
    expect(found, found.join("\n")).toEqual([]);
  });
}

test("the main page's popup has no axe violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the popup needs JavaScript");
  await page.goto("/?lng=en");
  const dialog = page.getByRole("dialog", { name: strings("en").popup!.title });
  await expect(dialog).toBeVisible();
  const found = await violations(page);
  expect(found, found.join("\n")).toEqual([]);
});

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const rgbs = (value: string) => value.match(/rgba?\([^)]*\)/g) ?? [];

// What axe does not measure: a field's edge and the focus ring against the page (3:1), and the hero's words over
// every colour of its gradient (4.5:1; axe skips text on gradients).
test("fields' edges and the focus ring at 3:1, the hero's words at 4.5:1 over its whole gradient", async ({ page }) => {
  await page.goto("/member/startId?lng=en");
  const field = page.locator(".field input").first();
  const background = await page.locator(".layout").evaluate((e) => getComputedStyle(e).backgroundColor);
  const edge = await field.evaluate((e) => getComputedStyle(e).borderTopColor);
  expect(contrast(edge, background), `field edge ${edge} on ${background}`).toBeGreaterThanOrEqual(3);
  await field.focus();
  const ring = await field.evaluate((e) => getComputedStyle(e).boxShadow);
  const best = Math.max(...rgbs(ring).map((color) => contrast(color, background)));
  expect(best, `focus ring ${ring} on ${background}`).toBeGreaterThanOrEqual(3);

  await page.goto("/?lng=en");
  const hero = page.locator(".hero");
  const { image, color } = await hero.evaluate((e) => ({
    image: getComputedStyle(e).backgroundImage,
    color: getComputedStyle(e).color,
  }));
  expect(rgbs(image).length, image).toBeGreaterThan(1);
  for (const stop of rgbs(image)) expect(contrast(color, stop), `${color} on ${stop}`).toBeGreaterThanOrEqual(4.5);
});
