/** 404s from route boundaries, translated. */
import { expect, test } from "@playwright/test";
import { importVisitorNotice, inLanguage, openPage, strings, visitorPages } from "./helpers";

test.beforeAll(importVisitorNotice);

test("an unknown route answers 404 with its path, from the route boundary", async ({ page }) => {
  const response = await page.goto("/member/nowhere?lng=ko");
  expect(response?.status()).toBe(404);
  const ko = strings("ko").errors!;
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: ko.notFoundTitle })).toBeVisible();
  await expect(page.getByText(ko.notFoundPath!.replace("{{path}}", "/member/nowhere"))).toBeVisible();
  await expect(page.getByRole("link", { name: ko.goHome })).toHaveAttribute("href", "/");
});

test("a route parameter that fails validation answers 404", async ({ request }) => {
  for (const path of [
    "/locales/xx/common.json",
    "/locales/en/secrets.json",
    "/locales/..%2F..%2Fpackage.json/common.json",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
  expect((await request.get("/locales/ko/common.json")).status()).toBe(200);
});

test("in right-to-left Urdu the quoted path reads left-to-right, and the page offers ways on", async ({ page }) => {
  const response = await page.goto("/no/such/page?lng=ur");
  expect(response?.status()).toBe(404);
  const ur = strings("ur");
  const path = page.locator(".error-view bdi");
  await expect(path).toHaveText("/no/such/page");
  await expect(path).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(ur.errors!.notFoundExplain!)).toBeVisible();
  await expect(page.getByRole("link", { name: ur.nav!.findVisa! })).toHaveAttribute("href", "/member/findVisa");
  await expect(page.getByRole("link", { name: ur.nav!.signInOrJoin! })).toHaveAttribute("href", "/member/start");
});

test("no link on any page a visitor sees leads to a 404", async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const found = new Map<string, string>();
  for (const path of visitorPages) {
    await openPage(page, inLanguage(path, "en"));
    // In-page anchors (the skip link) stay on the page.
    const hrefs = await page
      .locator("a[href]:not([href^='#'])")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin === origin && !found.has(url.pathname + url.search)) found.set(url.pathname + url.search, path);
    }
  }
  expect(found.size).toBeGreaterThan(15);
  const dead: string[] = [];
  for (const [target, from] of found) {
    const response = await request.get(target, { maxRedirects: 0 });
    if (response.status() >= 400) dead.push(`${target} (linked from ${from}): ${response.status()}`);
  }
  expect(dead).toEqual([]);
});
