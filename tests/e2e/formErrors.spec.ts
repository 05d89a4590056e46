/**
 * Form messages, with JavaScript on and off (the two projects): every cheap problem of a submit is said at once,
 * a message goes when its cause is fixed (with JavaScript as the field changes, without it on the next submit),
 * and a step never shows its success and an error together.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { joinOverHttp, uniqueNumber } from "../support/join";
import { enterCode, hideTodayPopup, strings, textedCode, useLanguage, waitForHydration } from "./helpers";

type Groups = Record<string, Record<string, string>>;
const en = strings("en") as unknown as Groups & {
  member: { startId: Record<string, string>; newPassword: Record<string, string> };
  signup: Record<string, Record<string, string>> & { next: string };
  edit: Record<string, string>;
  errors: { form: Record<string, string> };
};
const f = en.errors.form;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context);
});

const uniqueEmail = () => `errors-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The form's messages next to its fields and above it, as the page shows them now. */
const shownMessages = (page: Page) => page.locator(".field__error, .form-error");

async function signedIn(context: BrowserContext, baseURL: string, join: Parameters<typeof joinOverHttp>[2] = {}) {
  const joined = await joinOverHttp(baseURL, process.env.E2E_DATA_DIR!, join);
  await context.addCookies(
    joined.cookies.split("; ").map((pair) => {
      const [key, ...value] = pair.split("=");
      return { name: key!, value: value.join("="), url: baseURL };
    }),
  );
  return joined;
}

test("the ID join's account step says a bad ID, a short password and a different confirmation at once", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/member/agree");
  await page.getByLabel(en.signup.agree!.all!).check();
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();
  await expect(page).toHaveURL(/\/member\/accountInfo$/);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(en.member.startId.email!).fill("not-an-address");
  await page.getByLabel(en.member.startId.password!, { exact: true }).fill("short");
  await page.getByLabel(en.member.newPassword.confirm!).fill("shorter");
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(f.invalidEmail!)).toBeVisible();
  await expect(page.getByText(f.passwordLength!)).toBeVisible();
  await expect(page.getByText(f.passwordMismatch!)).toBeVisible();
  await expect(shownMessages(page)).toHaveCount(3);

  // The ID corrected: its message goes (with JavaScript as it is typed, without on the next submit), the others stay.
  await page.getByLabel(en.member.startId.email!).fill(uniqueEmail());
  if (!javaScriptEnabled) {
    await page.getByLabel(en.member.startId.password!, { exact: true }).fill("short");
    await page.getByLabel(en.member.newPassword.confirm!).fill("shorter");
    await page.getByRole("button", { name: en.signup.next }).click();
  }
  await expect(page.getByText(f.invalidEmail!)).toHaveCount(0);
  await expect(page.getByText(f.passwordLength!)).toBeVisible();
  await expect(page.getByText(f.passwordMismatch!)).toBeVisible();
});

test("setting a first password on my page says a bad ID, a common password and a different confirmation at once", async ({
  page,
  context,
  baseURL,
}) => {
  await signedIn(context, baseURL!);
  const my = en as unknown as { password: Record<string, string> };
  await page.goto("/mypage/changePw");
  await page.getByLabel(my.password.email!).fill("nobody@");
  await page.getByLabel(my.password.new!, { exact: true }).fill("password123");
  await page.getByLabel(en.member.newPassword.confirm!).fill("password1234");
  await page.getByRole("button", { name: my.password.saveFirst }).click();
  await expect(page.getByText(f.invalidEmail!)).toBeVisible();
  await expect(page.getByText(f.passwordCommon!)).toBeVisible();
  await expect(page.getByText(f.passwordMismatch!)).toBeVisible();
  await expect(shownMessages(page)).toHaveCount(3);
});

test("changing a password says a new one like the current one, too short, and a different confirmation at once", async ({
  page,
  context,
  baseURL,
}) => {
  const password = "the current long passphrase";
  await signedIn(context, baseURL!, { email: uniqueEmail(), password });
  const my = en as unknown as { password: Record<string, string> };
  await page.goto("/mypage/changePw");
  await page.getByLabel(my.password.current!).fill("seven77");
  await page.getByLabel(my.password.new!, { exact: true }).fill("seven77");
  await page.getByLabel(en.member.newPassword.confirm!).fill("eight888");
  await page.getByRole("button", { name: my.password.save }).click();
  await expect(page.getByText(f.passwordLength!)).toBeVisible();
  await expect(page.getByText(f.passwordMismatch!)).toBeVisible();
  await expect(shownMessages(page)).toHaveCount(2);
});

test("choosing a new password after recovery says a short password and a different confirmation at once", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail();
  const { e164 } = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, { email, password: "a forgotten phrase" });
  const recovery = en as unknown as { recovery: Record<string, string>; login: Record<string, string> };
  await page.goto("/member/findPw");
  await page.getByLabel(en.member.startId.email!).fill(email);
  await page.getByRole("button", { name: recovery.login.sendCode }).click();
  // The code is read once this one went out (joining texted the number a code too).
  await expect(page.getByText(recovery.recovery.codeSent!.replace("{{email}}", email))).toBeVisible();
  await enterCode(page, textedCode(e164), {
    label: recovery.login.code!,
    submit: recovery.login.verifyCode!,
    javaScriptEnabled,
  });
  await expect(page).toHaveURL(/\/member\/resetPw$/);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(recovery.recovery.newPassword!).fill("tiny");
  await page.getByLabel(en.member.newPassword.confirm!).fill("tinier");
  await page.getByRole("button", { name: recovery.recovery.submit }).click();
  await expect(page.getByText(f.passwordLength!)).toBeVisible();
  await expect(page.getByText(f.passwordMismatch!)).toBeVisible();
  await expect(shownMessages(page)).toHaveCount(2);
});

test("the phone join's terms message goes once 'agree to all' is ticked; the number's stays", async ({
  page,
  javaScriptEnabled,
}) => {
  const login = (en as unknown as { login: Record<string, string> }).login;
  await page.goto("/sign");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: login.sendCode }).click();
  await expect(page.getByText(f.termsRequired!)).toBeVisible();
  await expect(page.getByText(f.required!)).toBeVisible();

  await page.getByLabel(en.signup.agree!.all!).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: login.sendCode }).click();
  await expect(page.getByText(f.termsRequired!)).toHaveCount(0);
  await expect(page.getByText(f.required!)).toBeVisible();
  await expect(page.getByLabel(en.signup.agree!.all!)).toBeChecked();
});

test("a post's category and text messages go as each is given", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await signedIn(context, baseURL!, { name: "Tran Thi Stale" });
  const community = en as unknown as { edit: Record<string, string>; categories: Record<string, string> };
  await page.goto("/community/edit");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: community.edit.post }).click();
  await expect(page.getByText(f.categoryRequired!)).toBeVisible();
  await expect(page.getByText(f.textRequired!)).toBeVisible();

  await page.getByLabel(community.categories.questions!).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: community.edit.post }).click();
  await expect(page.getByText(f.categoryRequired!)).toHaveCount(0);
  await expect(page.getByText(f.textRequired!)).toBeVisible();

  if (javaScriptEnabled) {
    await page.getByLabel(community.edit.text!).fill("Where is the immigration office in Ansan?");
    await expect(page.getByText(f.textRequired!)).toHaveCount(0);
    // Put back as it was, the field is wrong again and says so.
    await page.getByLabel(community.edit.text!).fill("");
    await expect(page.getByText(f.textRequired!)).toBeVisible();
  }
});

test("the sign-in code screen never shows a wrong code above the offer to join", async ({
  page,
  javaScriptEnabled,
}) => {
  const login = (en as unknown as { login: Record<string, string> }).login;
  const { e164, local } = uniqueNumber();
  await page.goto("/login/login");
  await page.getByLabel(login.phone!).fill(local);
  await page.getByRole("button", { name: login.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  const code = textedCode(e164);
  const wrong = code === "000000" ? "111111" : "000000";
  const typing = { label: login.code!, submit: login.verify!, javaScriptEnabled };
  await enterCode(page, wrong, typing);
  const wrongCode = page.getByText(/The code is incorrect/);
  await expect(wrongCode).toBeVisible();
  await enterCode(page, code, typing);
  await expect(page.getByRole("button", { name: login.joinWithNumber })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(login.noAccountJoin!.split("{{phone}}")[0]!.trim());
  await expect(wrongCode).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
