/**
 * /finance/currencyExchange in a phone's browser, with JavaScript and without (the two projects), in English,
 * Korean, Vietnamese and Urdu: the GET form computes on the server (the answer's address can be shared), the
 * swap link, a bad amount said beside its field with the amount kept, a currency without a rate said with no
 * number, local mode's sample marked, and right to left in Urdu with the figures left to right.
 */
import { expect, test } from "@playwright/test";
import { hideTodayPopup, strings, useLanguage } from "./helpers";

type Words = Record<string, string> & { problems: Record<string, string> };
const words = (lng: string) => strings(lng).exchange as unknown as Words;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

for (const lng of ["en", "ko", "vi", "ur"]) {
  test(`the calculator in ${lng}: an answer, a bad amount, a currency without a rate, the sample marked`, async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    const t = words(lng);
    await useLanguage(context, lng);
    await page.goto("/finance/currencyExchange");
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");
    await expect(page.locator(".exchange__sample")).toHaveText(t.sampleNote!);

    // A question typed into the form: the answer comes from the server, its inputs in the address.
    await page.getByLabel(t.amount!).fill("1,000");
    await page.getByLabel(t.from!).selectOption("USD");
    await page.getByLabel(t.to!, { exact: true }).selectOption("KRW");
    await page.getByRole("button", { name: t.convert }).click();
    await expect(page).toHaveURL(/amount=1%2C000&from=USD&to=KRW|amount=1,000&from=USD&to=KRW/);
    const result = page.locator(".exchange__figure--result");
    await expect(result).toHaveText("1,418,500 KRW");
    await expect(page.locator(".exchange__answer bdi").first()).toHaveAttribute("dir", "ltr");
    await expect(page.locator("article.exchange__rate .exchange__badge")).toHaveText(t.sampleBadge!);
    await expect(page.locator(".exchange__stale")).toBeVisible();

    // The swap link asks the opposite question.
    await page.getByRole("link", { name: t.swap }).click();
    await expect(page).toHaveURL(/from=KRW&to=USD/);
    await expect(page.locator(".exchange__missing")).toHaveCount(0);
    await expect(page.getByLabel(t.amount!)).toHaveValue("1,000");
    await expect(result).toHaveText("0.70 USD");
    // The fields say what the answer computed, and Back brings both the old answer and its fields.
    await expect(page.getByLabel(t.from!)).toHaveValue("KRW");
    await expect(page.getByLabel(t.to!, { exact: true })).toHaveValue("USD");
    await page.goBack();
    await expect(result).toHaveText("1,418,500 KRW");
    await expect(page.getByLabel(t.from!)).toHaveValue("USD");
    await expect(page.getByLabel(t.to!, { exact: true })).toHaveValue("KRW");
    if (javaScriptEnabled) {
      // With JavaScript the swap takes the amount as typed since the last answer, and asks at once.
      await page.getByLabel(t.amount!).fill("2,000");
      await page.getByRole("link", { name: t.swap }).click();
      await expect(page).toHaveURL(/amount=2%2C000&from=KRW&to=USD#result$/);
      // 2,000 ÷ 1,418.5 = 1.4099…, rounded down to the cent.
      await expect(result).toHaveText("1.40 USD");
      await expect(page.getByLabel(t.amount!)).toHaveValue("2,000");
      await expect(page.getByLabel(t.from!)).toHaveValue("KRW");
    }

    // A bad amount: its message beside the field, what was typed kept, no answer.
    await page.getByLabel(t.amount!).fill("-5");
    await page.getByRole("button", { name: t.convert }).click();
    // The refusal, then what was read in the field (issue 40).
    await expect(page.locator("#amount-error")).toContainText(t.problems.amountNotPositive!);
    await expect(page.locator("#amount-error")).toContainText("\u2066-5\u2069");
    await expect(page.getByLabel(t.amount!)).toHaveValue("-5");
    await expect(page.getByLabel(t.amount!)).toHaveAttribute("aria-invalid", "true");
    await expect(result).toHaveCount(0);

    // A currency the sample does not carry: said, and no number.
    await page.goto("/finance/currencyExchange?from=KRW&to=MNT&amount=50000");
    await expect(page.locator(".exchange__missing")).toContainText("MNT");
    await expect(result).toHaveCount(0);

    if (lng === "ur") {
      // Right to left: the amount field's label starts at the right edge, the figures read left to right.
      const field = (await page.getByLabel(t.amount!).boundingBox())!;
      const label = (await page.locator('label[for="amount"]').boundingBox())!;
      expect(field.x + field.width - (label.x + label.width)).toBeLessThan(24);
      await expect(page.getByLabel(t.amount!)).toHaveAttribute("dir", "ltr");
    }
  });
}
