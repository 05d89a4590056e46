/**
 * /finance/loan in a phone's browser, with JavaScript and without (the two projects), in English, Korean,
 * Vietnamese and Urdu: the form filled and sent as a member would, the research notes' worked example as the
 * answer, the rest of the schedule behind its summary, a bad amount said beside its field with what was typed
 * kept; and the products for an E-9 member first.
 */
import { expect, test } from "@playwright/test";
import { hideTodayPopup, inLanguage, joinedMemberCookies, strings, useLanguage, waitForHydration } from "./helpers";

type Words = {
  amount: string;
  rate: string;
  months: string;
  calculate: string;
  methods: Record<string, { name: string }>;
  schedule: Record<string, string>;
  problems: Record<string, string>;
  products: Record<string, string>;
};
const words = (lng: string) => strings(lng).loan as unknown as Words;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

for (const lng of ["en", "ko", "vi", "ur"]) {
  test(`/finance/loan in ${lng}: the form's answer, the whole schedule, a bad amount said beside its field`, async ({
    page,
    context,
  }) => {
    const t = words(lng);
    await useLanguage(context, lng);
    await page.goto("/finance/loan");
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");
    await page.getByLabel(t.amount).fill("1,000,000");
    await page.getByLabel(t.rate).fill("5");
    await page.getByLabel(t.months).fill("24");
    await page.getByLabel(t.methods.equalPayment!.name).check();
    await page.getByRole("button", { name: t.calculate }).click();
    await expect(page).toHaveURL(/amount=1%2C000%2C000&rate=5&months=24&unit=months&method=equalPayment/);
    const figures = page.locator(".loan__figures");
    await expect(figures).toContainText("43,871");
    await expect(figures).toContainText("43,868");
    await expect(figures).toContainText("52,901");
    // The first year is open; months 13 to 24 open from their summary, with JavaScript or without.
    const rest = page.locator("details.loan__rest");
    await expect(rest.locator("tbody tr").last()).toBeHidden();
    await rest.locator("summary").click();
    await expect(rest.locator("tbody tr")).toHaveCount(12);
    await expect(rest.locator("tbody tr").last()).toContainText("43,868");
    await expect(page.getByLabel(t.amount)).toHaveValue("1,000,000");

    await page.getByLabel(t.amount).fill("-1000");
    await page.getByRole("button", { name: t.calculate }).click();
    // The refusal, then what was read in the field (issue 40), as typed kept in the field.
    await expect(page.locator("#amount-error")).toContainText(t.problems.amountNotPositive!);
    await expect(page.locator("#amount-error")).toContainText("\u2066-1,000\u2069");
    await expect(page.getByLabel(t.amount)).toHaveValue("-1000");
    await expect(page.getByLabel(t.amount)).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".loan__figures")).toHaveCount(0);
    await expect(page.locator("article.benefit")).toHaveCount(3);
  });
}

test("typing an amount groups it as typed and says it in words; without JavaScript the digits go as typed", async ({
  page,
  context,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await useLanguage(context, "ko");
  await page.goto("/finance/loan");
  if (js) await waitForHydration(page);
  const amount = page.locator("#amount");
  await expect(amount).toHaveAttribute("inputmode", "numeric");
  await amount.pressSequentially("10000000");
  if (js) {
    await expect(amount).toHaveValue("10,000,000");
    await expect(page.locator("#amount-words")).toHaveText("1,000만 원");
  } else {
    await expect(amount).toHaveValue("10000000");
  }
  await page.locator("#rate").fill("5");
  await page.locator("#months").fill("3");
  await page.locator("#unit").selectOption("years");
  await page.locator("#months").press("Enter");
  await expect(page).toHaveURL(/months=3&unit=years/);
  await expect(page.locator("#result")).toBeVisible();
  await expect(page.locator("#amount-words")).toHaveText("1,000만 원");
  await expect(page.locator("#unit")).toHaveValue("years");
});

test("a page drawn with an amount keeps the server's words while hydrating, then says what is typed", async ({
  page,
  context,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await useLanguage(context, "ko");
  await page.goto("/finance/loan?amount=10%2C000%2C000&rate=5&months=36");
  await expect(page.locator("#amount-words")).toHaveText("1,000만 원");
  if (!js) return;
  await waitForHydration(page);
  await expect(page.locator("#amount-words")).toHaveText("1,000만 원");
  const amount = page.locator("#amount");
  await amount.fill("");
  await amount.pressSequentially("250000000");
  await expect(amount).toHaveValue("250,000,000");
  await expect(page.locator("#amount-words")).toHaveText("2억 5,000만 원");
  // Back to the amount it was drawn with: the words are the app's again, the same as the server's.
  await amount.fill("");
  await amount.pressSequentially("10000000");
  await expect(page.locator("#amount-words")).toHaveText("1,000만 원");
  // Another amount sent: the answer's words are the new amount's, not the ones the page was drawn with.
  await amount.fill("");
  await amount.pressSequentially("250000000");
  await amount.press("Enter");
  await expect(page).toHaveURL(/amount=250%2C000%2C000/);
  await expect(page.locator("#result")).toBeVisible();
  await expect(page.locator("#amount-words")).toHaveText("2억 5,000만 원");
  expect(problems).toEqual([]);
});

test("a member with an E-9 visa sees the loans for it first", async ({ page, context, baseURL }) => {
  await useLanguage(context);
  await context.addCookies((await joinedMemberCookies(baseURL!)).map((c) => ({ ...c, url: baseURL! })));
  const t = words("en");
  await page.goto(inLanguage("/finance/loan", "en"));
  await expect(
    page.getByRole("heading", { level: 3, name: t.products.forYourVisa!.replace("{{visa}}", "E-9") }),
  ).toBeVisible();
  await expect(page.locator("article.benefit h3").first()).toHaveText("JB Bravo Korea Loan");
  await expect(page.getByRole("heading", { level: 3, name: t.products.others })).toBeVisible();
});
