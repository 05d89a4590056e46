/**
 * Links between pages are Remix links: with lazy route discovery (remix.config.js)
 * the routes they point to are discovered once the page has loaded, so a tap goes
 * straight to the next page's data and code, with no detour for the route
 * manifest and no document reload. Without JavaScript they are plain links.
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, pageTitle, strings, useLanguage } from "./helpers";

const en = strings("en") as unknown as {
  main: { entries: Record<string, string>; visaTile: { title: string } };
  tabs: Record<string, string>;
  nav: { back: string; tabs: string };
};
const finder = (strings("en") as unknown as { visaFinder: { quick: string } }).visaFinder;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context);
});

/**
 * What the page asks the server for from here on: documents, and the paths whose
 * routes it asks the route manifest for (a tap on an undiscovered link asks for
 * its own path first, a round trip before the page's data can be fetched).
 */
function watchRequests(page: Page) {
  const seen = { documents: [] as string[], discovered: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "document") seen.documents.push(url.pathname);
    if (url.pathname === "/__manifest") seen.discovered.push(...url.searchParams.getAll("p"));
  });
  return seen;
}

/**
 * Taps a link once the page has settled, as a person would: the route the link
 * leads to (`routeId`) has been discovered. The page changes in place, and the
 * tap asks the route manifest for nothing.
 */
async function tap(
  page: Page,
  seen: ReturnType<typeof watchRequests>,
  link: ReturnType<Page["getByRole"]>,
  routeId: string,
) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (id) => id in (window as unknown as { __remixManifest: { routes: object } }).__remixManifest.routes,
          routeId,
        ),
      { message: `${routeId} is discovered before the tap` },
    )
    .toBe(true);
  const target = new URL((await link.getAttribute("href"))!, page.url()).pathname;
  seen.documents.length = 0;
  seen.discovered.length = 0;
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === target);
  expect(seen.documents).toEqual([]);
  expect(seen.discovered).not.toContain(target);
}

test("the main page's links and the tab bar navigate in the page, their routes known before the tap", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every link is a document load, as it should be");
  await page.goto("/");
  const seen = watchRequests(page);

  await tap(
    page,
    seen,
    page.getByRole("link", { name: new RegExp(`^${en.main.visaTile.title}`) }),
    "routes/member.findVisa._index",
  );
  await expect(page).toHaveTitle(pageTitle("en", "titles.findVisa"));
  // A visa of the finder's quick choices, then back with the header's back button (history).
  const quick = page.getByRole("region", { name: finder.quick });
  await tap(page, seen, quick.getByRole("link", { name: /^D-2\b/ }), "routes/member.findVisa.$visa");
  await expect(page).toHaveTitle(pageTitle("en", "titles.selectVisa"));
  await page.getByRole("link", { name: en.nav.back }).click();
  await expect(page).toHaveURL(/\/member\/findVisa$/);
  expect(seen.documents).toEqual([]);

  // The community tab opens its feed list in the page.
  await page.goto("/");
  const tabs = page.getByRole("navigation", { name: en.nav.tabs });
  await tap(page, seen, tabs.getByRole("link", { name: en.tabs.community! }), "routes/community._index");
  await expect(page).toHaveTitle(pageTitle("en", "titles.allFeeds"));
  await expect(tabs.getByRole("link", { name: en.tabs.community! })).toHaveAttribute("aria-current", "page");

  // The benefits tab opens its page in the page, under its tab.
  await tap(page, seen, tabs.getByRole("link", { name: en.tabs.benefit! }), "routes/benefit");
  await expect(page).toHaveTitle(pageTitle("en", "titles.benefit"));
  await expect(tabs.getByRole("link", { name: en.tabs.benefit! })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("404", { exact: true })).toHaveCount(0);
});

test("a visa of the finder opens in the page", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "route discovery needs JavaScript");
  await page.goto("/member/findVisa");
  const seen = watchRequests(page);
  // A visa of the full list (the quick choices above it link to the same pages).
  const list = page.locator(".visa-family");
  await list.first().locator("summary").click();
  await tap(page, seen, list.getByRole("link", { name: /^E-9\b/ }), "routes/member.findVisa.$visa");
  await expect(page).toHaveTitle(pageTitle("en", "titles.selectVisa"));
});
