/** Signing in with a phone number and a texted code, with and without JavaScript. */
import { expect, test } from "@playwright/test";
import { joinOverHttp, uniqueNumber } from "../support/join";
import { hideTodayPopup, strings, textedCode } from "./helpers";

interface Texts {
  login: { phone: string; sendCode: string; code: string; verify: string };
  errors: { form: { wrongCode: string; noAccount: string } };
  nav: { signOut: string };
}
const en = strings("en") as unknown as Texts;
/** A member who joined with a phone number (over HTTP), or only a number no member uses. */
async function memberWithPhone(baseURL: string, withAccount = true) {
  return withAccount ? joinOverHttp(baseURL, process.env.E2E_DATA_DIR!) : uniqueNumber();
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await context.addCookies([{ name: "lng", value: Buffer.from('"en"').toString("base64"), url: "http://127.0.0.1" }]);
});

test("a member signs in with a phone number and the texted code", async ({ page, baseURL }) => {
  const { e164, local } = await memberWithPhone(baseURL!);
  await page.goto("/login/login?redirectTo=%2F");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);

  const code = textedCode(e164);
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel(en.login.code).fill(wrong);
  await page.getByRole("button", { name: en.login.verify }).click();
  await expect(page.getByRole("alert")).toHaveText(en.errors.form.wrongCode.replace("{{count}}", "4"));

  await page.getByLabel(en.login.code).fill(code);
  await page.getByRole("button", { name: en.login.verify }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
});

test("jumping ahead to the code step goes back to the number step", async ({ page }) => {
  await page.goto("/login/authNo");
  await expect(page).toHaveURL(/\/login\/login$/);
});

test("a number without an account is told so only after the code", async ({ page, baseURL }) => {
  const { e164, local } = await memberWithPhone(baseURL!, false);
  await page.goto("/login/login");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await page.getByLabel(en.login.code).fill(textedCode(e164));
  await page.getByRole("button", { name: en.login.verify }).click();
  await expect(page.getByRole("alert")).toHaveText(en.errors.form.noAccount);
});

test("in local mode the texted code can be read at /dev/outbox", async ({ page, baseURL }) => {
  const { e164, local } = await memberWithPhone(baseURL!);
  await page.goto("/login/login");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("row").filter({ hasText: e164 }).first()).toContainText(textedCode(e164));
});

test("in Urdu the number a code went to reads left-to-right, written as Koreans write it, its middle hidden", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "lng", value: Buffer.from('"ur"').toString("base64"), url: "http://127.0.0.1" }]);
  const ur = strings("ur") as unknown as Texts & { login: { codeSent: string } };
  const { local } = uniqueNumber();
  await page.goto("/login/login");
  await page.getByLabel(ur.login.phone).fill(local);
  await page.getByRole("button", { name: ur.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const number = page.locator("bdi[dir='ltr']");
  await expect(number).toHaveText(`${local.slice(0, 3)}-****-${local.slice(-4)}`);
  // Inside the translated sentence.
  const [before] = ur.login.codeSent.split("{{phone}}");
  await expect(number.locator("..")).toContainText(before!.trim());
});
