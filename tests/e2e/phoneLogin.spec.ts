/** Signing in with a phone number and a texted code, with and without JavaScript. */
import { expect, test } from "@playwright/test";
import { joinOverHttp, uniqueNumber } from "../support/join";
import { chooseVisaInFinder, enterCode, hideTodayPopup, strings, textedCode, textsTo } from "./helpers";

/** 01012345678 → 010-****-5678, as the code screens show a Korean number. */
const masked = (local: string) => `${local.slice(0, 3)}-****-${local.slice(-4)}`;

interface Texts {
  login: {
    phone: string;
    sendCode: string;
    code: string;
    verify: string;
    verifyCode: string;
    resend: string;
    codeValidUntil: string;
    codeTimeLeft: string;
    resendIn: string;
    noAccountJoin: string;
    joinWithNumber: string;
    joiningWith: string;
  };
  errors: { form: { wrongCode: string; noAccount: string; termsRequired: string } };
  signup: {
    next: string;
    step: string;
    agree: { all: string };
    user: { name: string };
    add: { nationality: string; submit: string };
    phone: { signIn: string; memberHeading: string; memberFound: string };
  };
  nav: { signOut: string };
}
const en = strings("en") as unknown as Texts;
const stepOf = (current: number, total: number) =>
  en.signup.step.replace("{{current}}", String(current)).replace("{{total}}", String(total));
/** A member who joined with a phone number (over HTTP), or only a number no member uses. */
async function memberWithPhone(baseURL: string, withAccount = true) {
  return withAccount ? joinOverHttp(baseURL, process.env.E2E_DATA_DIR!) : uniqueNumber();
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await context.addCookies([{ name: "lng", value: Buffer.from('"en"').toString("base64"), url: "http://127.0.0.1" }]);
});

test("a member signs in from the start screen with a phone number and the texted code", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const { e164, local } = await memberWithPhone(baseURL!);
  await page.goto("/member/start?redirectTo=%2F");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);

  const code = textedCode(e164);
  const wrong = code === "000000" ? "111111" : "000000";
  const typing = { label: en.login.code, submit: en.login.verify, javaScriptEnabled };
  await enterCode(page, wrong, typing);
  await expect(page.getByRole("alert")).toHaveText(en.errors.form.wrongCode.replace("{{count}}", "4"));

  // Pasted from the text with a space in the middle.
  await enterCode(page, `${code.slice(0, 3)} ${code.slice(3)}`, typing);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
});

/** A translated sentence with its one placeholder as a pattern. */
const pattern = (sentence: string, placeholder: string, value: string) =>
  new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(`\\{\\{${placeholder}\\}\\}`, value)}$`);

/** "14:05" in Korea at the instant `at` (ms since the epoch). */
const seoulTime = (at: number) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Seoul",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));

test("the code screen says how long the code works and when a new one can be asked for", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const { local } = await memberWithPhone(baseURL!);
  await page.goto("/login/login");
  await page.getByLabel(en.login.phone).fill(local);
  const asked = Date.now();
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  const timer = page.locator(".code-timer");
  const resend = page.locator('button[name="intent"][value="resend"]');
  if (javaScriptEnabled) {
    // A live countdown from 3 minutes, and "send a new code" waiting out its minute.
    await expect(timer).toHaveText(pattern(en.login.codeTimeLeft, "time", "(3:00|2:[0-5]\\d)"));
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(pattern(en.login.resendIn, "time", "(1:00|0:[0-5]\\d)"));
  } else {
    // The time of day the code stops working, three minutes after it was sent (Korea's clock).
    const until = [seoulTime(asked + 180_000), seoulTime(Date.now() + 180_000)];
    await expect(timer).toHaveText(pattern(en.login.codeValidUntil, "time", `(${until.join("|")})`));
    await expect(resend).toBeEnabled();
    await expect(resend).toHaveText(en.login.resend);
  }
});

test("jumping ahead to the code step goes back to the number step", async ({ page }) => {
  await page.goto("/login/authNo");
  await expect(page).toHaveURL(/\/login\/login$/);
});

test("a number without an account is told so only after the code", async ({ page, baseURL, javaScriptEnabled }) => {
  const { e164, local } = await memberWithPhone(baseURL!, false);
  await page.goto("/login/login");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await enterCode(page, textedCode(e164), { label: en.login.code, submit: en.login.verify, javaScriptEnabled });
  await expect(page.getByRole("status")).toHaveText(en.login.noAccountJoin.replace("{{phone}}", masked(local)));
});

test("a number without an account joins from the sign-in code screen with no second text", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const { e164, local } = await memberWithPhone(baseURL!, false);
  await page.goto("/member/start");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await enterCode(page, textedCode(e164), { label: en.login.code, submit: en.login.verify, javaScriptEnabled });
  await page.getByRole("button", { name: en.login.joinWithNumber }).click();
  await expect(page).toHaveURL(/\/sign$/);
  // The number is not asked for again: the terms are.
  await expect(page.getByRole("status")).toHaveText(en.login.joiningWith.replace("{{phone}}", masked(local)));
  await expect(page.getByLabel(en.login.phone)).toHaveCount(0);
  // The join's code step is not shown on this way in, so it is not counted: step 1 of 2, then 2 of 2.
  await expect(page.getByText(stepOf(1, 2))).toBeVisible();
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(en.errors.form.termsRequired)).toHaveCount(1);
  await page.getByLabel(en.signup.agree.all).check();
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page).toHaveURL(/\/sign\/choiceNation$/);
  await expect(page.getByText(stepOf(2, 2))).toBeVisible();
  await page.getByLabel(en.signup.user.name).fill("Sita Gurung");
  await page.getByLabel(en.signup.add.nationality).fill("Nepal");
  // The visa comes from the finder; what was typed waits in the draft meanwhile.
  await chooseVisaInFinder(page, "E-9");
  await expect(page.getByLabel(en.signup.user.name)).toHaveValue("Sita Gurung");
  await expect(page.getByLabel(en.signup.add.nationality)).toHaveValue("Nepal");
  await page.getByRole("button", { name: en.signup.add.submit }).click();
  await expect(page).toHaveURL(/\/sign\/signUpComplete$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
  expect(textsTo(e164)).toBe(1);

  // The proof was spent: going back and joining again does not make a second account.
  await page.goBack();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  expect(textsTo(e164)).toBe(1);
});

test("a member who starts joining with their own number signs in with the code they were texted, one text", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  // A member who joined from the sign-in screen: the join's own code for this number is not in its cool-down.
  const { e164, local } = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, { fromSignIn: true });
  const before = textsTo(e164);
  await page.goto("/sign");
  await page.getByLabel(en.login.phone).fill(local);
  await page.getByLabel(en.signup.agree.all).check();
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/sign\/authNo$/);
  await enterCode(page, textedCode(e164), { label: en.login.code, submit: en.login.verifyCode, javaScriptEnabled });
  // The code proved a member's number: no retyping, no second text; one button signs in.
  await expect(page.getByRole("heading", { name: en.signup.phone.memberHeading })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(en.signup.phone.memberFound.replace("{{phone}}", masked(local)));
  await page.getByRole("button", { name: en.signup.phone.signIn }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
  expect(textsTo(e164) - before).toBe(1);
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
  // The number (the code step's times are isolated too).
  const number = page.locator("bdi[dir='ltr']", { hasText: "****" });
  await expect(number).toHaveText(`${local.slice(0, 3)}-****-${local.slice(-4)}`);
  // Inside the translated sentence.
  const [before] = ur.login.codeSent.split("{{phone}}");
  await expect(number.locator("..")).toContainText(before!.trim());
});
