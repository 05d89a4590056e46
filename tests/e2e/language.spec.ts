/** Language selection, with and without JavaScript. */
import { expect, test, type Request } from "@playwright/test";
import { hideTodayPopup, strings, useLanguage, waitForHydration } from "./helpers";

test.beforeEach(async ({ context }) => hideTodayPopup(context));

test("a first visit to / is offered language selection, and the choice sticks", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/language\?redirectTo=%2F$/);
  // With JavaScript, the choice is also remembered in the browser: that needs React to handle the click.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: "한국어" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("ko").main!.greeting!);

  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  expect(cookie?.httpOnly).toBe(true);
  if (javaScriptEnabled) {
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("siteConfig") ?? "{}"));
    expect(stored).toMatchObject({ langCd: "ko", isLangSelect: true });
  }

  // Next visit: no more detour through language selection.
  await page.goto("/shop");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
});

test("/nLanguage returns to the page the visitor came from", async ({ page }) => {
  await page.goto("/nLanguage?redirectTo=%2Fshop");
  await page.getByRole("button", { name: "Tiếng Việt" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("vi").shop!.title!);
});

for (const target of ["//evil.example", "https://evil.example/x", "javascript:alert(1)"]) {
  test(`a return target of ${target} goes to /`, async ({ page, baseURL }) => {
    await page.goto(`/language?redirectTo=${encodeURIComponent(target)}`);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
  });
}

test("Urdu pages are right to left and the header mirrors", async ({ page }) => {
  await page.goto("/nLanguage?lng=ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const back = await page.getByRole("link", { name: strings("ur").nav!.back! }).boundingBox();
  const viewport = page.viewportSize()!;
  expect(back!.x).toBeGreaterThan(viewport.width / 2);

  await page.goto("/nLanguage?lng=en");
  const ltrBack = await page.getByRole("link", { name: strings("en").nav!.back! }).boundingBox();
  expect(ltrBack!.x).toBeLessThan(viewport.width / 2);
});

test("the layout fits a 320 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ["/?lng=my", "/language?lng=km", "/shop?lng=ru"]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the browser downloads only its own language's translations, from the cached route", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "translations are fetched by the browser only when JavaScript runs");
  const asked: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/locales/")) asked.push(request);
  });
  const fetched = () =>
    Promise.all(
      asked.map(async (request) => {
        const response = await request.response();
        return `${new URL(request.url()).pathname} ${response?.status()} ${response?.headers()["cache-control"]}`;
      }),
    );
  // The chosen language (its cookie): `?lng=` changes one page only, the next one is in the browser's language again.
  await useLanguage(context, "ne");
  await page.goto("/member/start");
  await page.waitForLoadState("networkidle");
  // The first page's words came in its HTML.
  expect(await fetched()).toEqual([]);
  // Joining needs `signup`, in Nepali only (a client-side navigation: React must have the page).
  const ne = strings("ne") as unknown as { member: { start: { joinWithPhone: string } } };
  await waitForHydration(page);
  await page.getByRole("link", { name: ne.member.start.joinWithPhone }).click();
  await expect(page).toHaveURL(/\/sign$/);
  await page.waitForLoadState("networkidle");
  await expect.poll(fetched).toEqual(["/locales/ne/signup.json 200 public, max-age=31536000, immutable"]);
});

test("the picker puts the visitor's own language first, then the largest groups, each with its English name", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "ne-NP" });
  await hideTodayPopup(context);
  const page = await context.newPage();
  await page.goto("/language");
  const options = page.getByRole("list").getByRole("button");
  await expect(options).toHaveCount(19);
  // Nepali was detected from the browser; then Chinese and Vietnamese, the two largest groups.
  await expect(options.nth(0)).toHaveAccessibleName("नेपाली Nepali");
  await expect(options.nth(1)).toHaveAccessibleName("简体中文 Chinese (Simplified)");
  await expect(options.nth(2)).toHaveAccessibleName("Tiếng Việt Vietnamese");
  await expect(options.nth(0).locator("[lang='ne']")).toHaveText("नेपाली");
  await context.close();
});

test("the language page's back button keeps the language the visitor was given", async ({ page, context }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/language\?redirectTo=%2F$/);
  await page.getByRole("button", { name: strings("en").nav!.back! }).click();
  // Back on the main page, not sent to language selection again: the detected language counts as chosen.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("en").main!.greeting!);
  expect((await context.cookies()).some((c) => c.name === "lng")).toBe(true);
  // Once chosen, the back button is a plain way back.
  await page.goto("/language?redirectTo=%2Fshop");
  await page.getByRole("link", { name: strings("en").nav!.back! }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
