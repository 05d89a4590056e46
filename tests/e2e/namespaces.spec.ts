/**
 * Translations per feature: a page's HTML carries `common` and the namespaces its
 * route declares, nothing else, and the browser downloads none of them; a
 * client-side navigation into a feature whose words are not loaded yet fetches
 * them, keeps the current page until they are in, and never shows a raw key.
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, openPage, strings, useLanguage } from "./helpers";

const en = strings("en") as unknown as {
  main: { greeting: string; entries: Record<string, string>; visaTile: { title: string } };
  visaFinder: { intro: string };
  member: { start: { heading: string; joinWithPhone: string } };
  signup: { phone: { heading: string } };
  login: { sendCode: string };
};

test.beforeEach(async ({ context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "translations are used by the browser only when JavaScript runs");
  await hideTodayPopup(context);
  await useLanguage(context, "en");
});

/** The translation files the page fetched, by path. */
function recordLocales(page: Page) {
  const fetched: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/locales/")) fetched.push(url.pathname);
  });
  return fetched;
}

/**
 * Every text the page ever shows that looks like a translation key of a feature
 * namespace ("member.start.heading"), caught as it enters the document.
 */
async function watchForRawKeys(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rawKeys: string[] }).rawKeys = seen;
    const pattern = /\b(main|popup|member|login|recovery|signup|termsPage|visaFinder|dev|shop)\.[a-zA-Z]+/;
    // Text a person sees: not the route data and module names inside scripts.
    const check = (node: Node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = node.nodeType === Node.TEXT_NODE ? node : walker.nextNode(); text; text = walker.nextNode()) {
        if (text.parentElement?.closest("script, style")) continue;
        const match = pattern.exec(text.textContent ?? "");
        if (match) seen.push(match[0]);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") check(record.target);
        record.addedNodes.forEach(check);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys);
}

/** Holds the responses for one translation file until `release` is called. */
async function holdLocale(page: Page, file: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(`**/locales/en/${file}?*`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** The namespaces the page's HTML carries (the JSON script the browser's catalog starts from). */
async function carried(page: Page) {
  const json = await page.locator("script#app-translations").textContent();
  return Object.keys(JSON.parse(json ?? "{}") as object).sort();
}

for (const [path, expected] of [
  ["/", ["common", "home"]],
  ["/language", ["common"]],
  ["/member/start", ["auth", "common"]],
  ["/sign", ["auth", "common", "signup"]],
  ["/member/findVisa", ["common", "visaFinder"]],
  ["/shop", ["common", "shop"]],
] as const) {
  test(`${path} carries ${expected.join(", ")} in its HTML and downloads no translations`, async ({ page }) => {
    const fetched = recordLocales(page);
    await openPage(page, path);
    await page.waitForLoadState("networkidle");
    expect(await carried(page)).toEqual(expected);
    expect(fetched).toEqual([]);
  });
}

test("navigating into a feature waits for its words instead of showing keys", async ({ page }) => {
  const rawKeys = await watchForRawKeys(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main.greeting);
  await page.waitForLoadState("networkidle");
  const visaFinder = await holdLocale(page, "visaFinder.json");

  await page.getByRole("link", { name: new RegExp(`^${en.main.visaTile.title}`) }).click();
  await expect.poll(visaFinder.asked).toBe(true);
  // The words are on their way: the home page stays, in its own words.
  await page.waitForTimeout(300);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.main.greeting);
  visaFinder.release();

  await expect(page).toHaveURL(/\/member\/findVisa$/);
  await expect(page.getByText(en.visaFinder.intro)).toBeVisible();
  expect(await rawKeys()).toEqual([]);
});

test("a sign-up page reached from sign-in loads the sign-up words before it shows", async ({ page }) => {
  const rawKeys = await watchForRawKeys(page);
  const fetched = recordLocales(page);
  await page.goto("/member/start");
  await expect(page.getByRole("heading", { name: en.member.start.heading })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const signup = await holdLocale(page, "signup.json");

  await page.getByRole("link", { name: en.member.start.joinWithPhone }).click();
  await expect.poll(signup.asked).toBe(true);
  await page.waitForTimeout(300);
  await expect(page.getByRole("heading", { name: en.member.start.heading })).toBeVisible();
  signup.release();

  await expect(page).toHaveURL(/\/sign$/);
  await expect(page.getByRole("button", { name: en.login.sendCode })).toBeVisible();
  expect(await rawKeys()).toEqual([]);
  // `common` and `auth` came with the first page; `signup` is fetched once (its response event may trail the render).
  await expect.poll(() => fetched).toEqual(["/locales/en/signup.json"]);
});

test("a page's words are fetched alongside its data, not after it", async ({ page }) => {
  // A <Link> to /sign: Remix has discovered that route before the click.
  await page.goto("/member/start");
  await page.waitForLoadState("networkidle");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/sign" && url.searchParams.has("_data"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  await page.getByRole("link", { name: en.member.start.joinWithPhone }).click();
  // The page's data has not arrived, and its translations are already asked for.
  await expect.poll(() => requested).toContain("/locales/en/signup.json");
  release();
  await expect(page.getByRole("button", { name: en.login.sendCode })).toBeVisible();
});

test("choosing a language goes on to a page in that language, never through keys", async ({ page }) => {
  const rawKeys = await watchForRawKeys(page);
  await page.goto("/language?redirectTo=%2F");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "한국어" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("ko").main!.greeting!);
  expect(await rawKeys()).toEqual([]);
});
