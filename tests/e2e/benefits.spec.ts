/**
 * /benefit and /shop in a phone's browser, with JavaScript and without (the two
 * projects), in English, Korean and Urdu: categories that filter by link, tappable
 * numbers, unverified facts marked, the Korean names, right to left in Urdu, the
 * services for an E-9 member first, and the shop's partner label and way home.
 */
import { expect, test } from "@playwright/test";
import { hideTodayPopup, inLanguage, joinedMemberCookies, strings, useLanguage } from "./helpers";

type Words = Record<string, string> & { categories: Record<string, string> };
const words = (lng: string) => strings(lng).benefit as unknown as Words;
const shopWords = (lng: string) => strings(lng).shop as unknown as Record<string, string>;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

for (const lng of ["en", "ko", "ur"]) {
  test(`/benefit in ${lng}: every service, a category by its link, numbers to tap, unverified facts marked`, async ({
    page,
    context,
  }) => {
    const t = words(lng);
    // The language chosen (its cookie): the category links keep it.
    await useLanguage(context, lng);
    await page.goto("/benefit");
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");
    const cards = page.locator("article.benefit");
    await expect(cards).toHaveCount(18);
    await expect(page.getByRole("heading", { name: t.allServices })).toBeVisible();
    // Nothing chosen: one line a category with its count, its cards one tap away (decision 0103).
    const groups = page.locator("details.benefit-category");
    await expect(groups).toHaveCount(7);
    await expect(page.locator("article.benefit:visible")).toHaveCount(0);
    const immigration = groups.filter({ has: page.getByText(t.categories.immigration!, { exact: true }) });
    await expect(immigration.locator(":scope > summary")).toContainText(
      t.categoryCount_other!.replace("{{count}}", "2"),
    );
    await immigration.locator(":scope > summary").click();
    // The 1345 contact center: its number as a link to call, its Korean name beside the translation.
    const contact = page.locator("#benefit-immigration-contact-center").locator("xpath=..");
    await expect(contact.locator('a[href="tel:1345"]')).toBeVisible();
    if (lng !== "ko") await expect(contact.getByText("외국인종합안내센터")).toBeVisible();
    if (lng === "ur") {
      // Right to left: the category's name starts at its line's right edge, its count at the left.
      const line = (await immigration.locator(":scope > summary").boundingBox())!;
      const name = (await immigration.locator(".benefit-category__name").boundingBox())!;
      expect(line.x + line.width - (name.x + name.width)).toBeLessThan(24);
    }
    // What the research marks ✖ is said to be unverified, beside the fact.
    const nhis = page.locator("article", { has: page.locator("#benefit-national-health-insurance") });
    await expect(nhis.locator(".unverified")).toHaveText(t.unverified!);
    await expect(page.locator(".unverified")).toHaveCount(7);

    const tabs = page.getByRole("navigation", { name: t.categoriesLabel });
    await tabs.getByRole("link", { name: t.categories.emergency }).click();
    await expect(page).toHaveURL(/\/benefit\?category=emergency$/);
    await expect(cards).toHaveCount(2);
    await expect(page.locator('a[href="tel:112"]')).toBeVisible();
    await expect(tabs.getByRole("link", { name: t.categories.emergency })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: t.all }).click();
    await expect(cards).toHaveCount(18);

    if (lng === "ur") {
      // Right to left: in a list across categories (a region), a card's category label starts at its right edge.
      await page.goto("/benefit?region=Seoul");
      const card = (await cards.first().boundingBox())!;
      const label = (await cards.first().locator(".benefit__category").boundingBox())!;
      expect(card.x + card.width - (label.x + label.width)).toBeLessThan(24);
      expect(label.x - card.x).toBeGreaterThan(100);
    }
  });

  test(`/shop in ${lng}: labelled as partner offers, and an empty shop leads home`, async ({ page, context }) => {
    const t = shopWords(lng);
    await useLanguage(context, lng);
    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByText(t.disclosure!)).toBeVisible();
    await expect(page.getByText(t.empty!)).toBeVisible();
    await page.getByRole("link", { name: (strings(lng).errors as Record<string, string>).goHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("a member with an E-9 visa sees the services for it first", async ({ page, context, baseURL }) => {
  await useLanguage(context);
  await context.addCookies((await joinedMemberCookies(baseURL!)).map((c) => ({ ...c, url: baseURL! })));
  const t = words("en");
  await page.goto(inLanguage("/benefit", "en"));
  const forVisa = page.locator("section", { has: page.locator("#benefits-for-visa") });
  await expect(forVisa.getByRole("heading", { level: 2 })).toHaveText(t.forYourVisa!.replace("{{visa}}", "E-9"));
  await expect(forVisa.locator("article.benefit h3").first()).toHaveText(
    "Foreign Workforce Counseling Center (HRD Korea)",
  );
  await expect(forVisa.locator("article.benefit")).toHaveCount(7);
  await expect(page.getByRole("heading", { name: t.otherServices })).toBeVisible();
});
