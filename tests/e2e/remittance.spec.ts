/**
 * /finance/remittance in a phone's browser, with JavaScript and without (the two projects), in English, Korean,
 * Vietnamese and Urdu: the GET form filled and sent, the itemised estimate with the sample rate said so and the
 * limits beside it, a problem next to its field with the input kept, and the answer's address to share.
 */
import { expect, test } from "@playwright/test";
import { hideTodayPopup, strings, useLanguage } from "./helpers";

type Words = Record<string, string> & { items: Record<string, string>; errors: Record<string, string> };
const words = (lng: string) => strings(lng).remittance as unknown as Words;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

for (const lng of ["en", "ko", "vi", "ur"]) {
  test(`/finance/remittance in ${lng}: an estimate from the form, a refusal next to its field`, async ({
    page,
    context,
  }) => {
    const t = words(lng);
    await useLanguage(context, lng);
    await page.goto("/finance/remittance");
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { name: t.limitsTitle })).toBeVisible();

    await page.getByLabel(t.country!).selectOption("VN");
    await page.getByLabel(t.send!).fill("1,000,000");
    await page.getByRole("button", { name: t.calculate }).click();
    await expect(page).toHaveURL(/country=VN/);
    expect(new URL(page.url()).searchParams.get("send")).toBe("1,000,000");
    const result = page.locator("section", { has: page.locator("#result") });
    await expect(result.getByRole("heading", { name: t.resultTitle })).toBeVisible();
    // Every row but the cross-rate estimate, which only a corridor through US dollars has.
    const { crossReceive: _cross, ...rows } = t.items;
    for (const label of Object.values(rows)) await expect(result.getByText(label, { exact: true })).toBeVisible();
    // The base rate carries its facts on the figure itself: the sample said so, with its source and day.
    await expect(result.locator(".rate-tag strong").first()).toHaveText(strings(lng).rates!.sample!);
    await expect(result.locator(".remittance__row--total dd").last()).toHaveText(/^[\d,]+ VND/);
    // Local mode's rates are a dated sample: said so beside the figures, never shown as live.
    await expect(page.locator(".remittance__sources").getByText(t.rateSample!)).toBeVisible();
    await expect(page.locator(".remittance__limits").getByText(t.rateSample!)).toBeVisible();
    await expect(page.locator(".unverified").first()).toHaveText(t.unverified!);
    // The input is kept in the form the answer came with.
    await expect(page.getByLabel(t.send!)).toHaveValue("1,000,000");

    // Both amounts: said above the two fields, both kept, no estimate.
    await page.getByLabel(t.receive!).fill("500");
    await page.getByRole("button", { name: t.calculate }).click();
    await expect(page.locator("#amount-error")).toHaveText(t.errors.bothAmounts!);
    await expect(page.getByLabel(t.receive!)).toHaveValue("500");
    await expect(page.locator("#result")).toHaveCount(0);

    if (lng === "ur") {
      // Right to left: the estimate's labels start at the right edge, the figures read left to right.
      await page.getByLabel(t.receive!).fill("");
      await page.getByRole("button", { name: t.calculate }).click();
      const row = (await page.locator(".remittance__row").first().boundingBox())!;
      const label = (await page.locator(".remittance__row dt").first().boundingBox())!;
      expect(row.x + row.width - (label.x + label.width)).toBeLessThan(8);
      await expect(page.locator(".remittance__row dd bdi").first()).toHaveAttribute("dir", "ltr");
    }
  });
}

test("a transfer over the per-transaction limit is refused with the limit named, in the field's message", async ({
  page,
  context,
}) => {
  const t = words("en");
  await useLanguage(context, "en");
  await page.goto("/finance/remittance?country=PH&currency=USD&send=10%2C000%2C000");
  const message = page.locator("#send-error");
  // A whole amount has no cents (issue 40), and the message says what it read.
  await expect(message).toContainText("\u20665,000\u2069 US dollars per transfer");
  await expect(message).toContainText("We read this as \u206610,000,000\u2069.");
  await expect(page.getByLabel(t.send!)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(t.send!)).toHaveValue("10,000,000");
  await expect(page.locator("#result")).toHaveCount(0);
});

test("Nepal answers in US dollars and says so; the currency list follows the country", async ({ page, context }) => {
  const t = words("en");
  await useLanguage(context, "en");
  await page.goto("/finance/remittance");
  const currency = page.getByLabel(t.currency!);
  // US dollars are in the list from the first render, before any country is chosen.
  await expect(currency.locator("option[value=USD]")).toHaveCount(1);
  await page.getByLabel(t.country!).selectOption("NP");
  await expect(currency.locator("option[value=NPR]")).toHaveCount(1);
  await expect(currency.locator("option[value=USD]")).toHaveCount(1);
  // With JavaScript the list is Nepal's own at once, no round trip (without it the server judges the pair).
  if (test.info().project.name === "js") await expect(currency.locator("option[value=VND]")).toHaveCount(0);
  await page.getByLabel(t.send!).fill("1,000,000");
  await page.getByRole("button", { name: t.calculate }).click();
  const result = page.locator("section", { has: page.locator("#result") });
  await expect(result.locator(".remittance__through")).toHaveText(t.throughUsd!.replace("{{currency}}", "NPR"));
  await expect(result.locator(".remittance__row--total dd").last()).toHaveText(/^[\d,]+\.\d\d USD/);
  await expect(result.getByText(t.payoutDepends!.replace("{{currency}}", "NPR"))).toBeVisible();
});
