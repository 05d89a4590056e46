/** The sign-up flows (ID, phone, Google), password recovery and the visa finder, with and without JavaScript. */
import { expect, test, type Page } from "@playwright/test";
import { joinOverHttp } from "../support/join";
import {
  authEmulator,
  chooseVisaInFinder,
  freshNumber,
  hideTodayPopup,
  pageTitle,
  shippedTerms,
  strings,
  enterCode,
  textedCode,
  textsTo,
  useLanguage,
  waitForHydration,
} from "./helpers";

const en = strings("en") as unknown as {
  signup: Record<string, Record<string, string>> & { next: string; step: string };
  login: Record<string, string>;
  member: { startId: Record<string, string>; start: Record<string, string>; newPassword: Record<string, string> };
  recovery: Record<string, string>;
  visaFinder: Record<string, string>;
  errors: { form: Record<string, string> };
  nav: { signOut: string };
};
const f = en.errors.form;

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context);
});

const uniqueEmail = () => `join-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function agreeRequired(page: Page) {
  await page.getByLabel(/Terms of service/).check();
  await page.getByLabel(/Collection and use of personal information/).check();
  await page.getByLabel(/14 years old or older/).check();
}

/** How the code screens are typed into in this project (with or without JavaScript). */
const typing = (javaScriptEnabled: boolean) => ({
  label: en.login.code!,
  submit: en.login.verifyCode!,
  javaScriptEnabled,
});

async function verifyPhone(page: Page, e164: string, local: string, javaScriptEnabled: boolean) {
  await page.getByLabel(en.login.phone!).fill(local);
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page.getByLabel(en.login.code!)).toBeVisible();
  await enterCode(page, textedCode(e164), typing(javaScriptEnabled));
}

test("joining with an ID: terms, ID and password, name and phone, nationality and visa, signed in", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail();
  const { e164, local } = freshNumber();

  await page.goto("/member/agree");
  await expect(page).toHaveTitle(pageTitle("en", "titles.signUp"));
  // Required items not agreed: refused, next to the item.
  await page.getByLabel(/Terms of service/).check();
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();
  await expect(page.getByText(f.termsRequired!).first()).toBeVisible();
  await agreeRequired(page);
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();
  await expect(page).toHaveURL(/\/member\/accountInfo$/);

  // A common password is refused, the ID is kept, the password is not echoed.
  await page.getByLabel(en.member.startId.email!).fill(email);
  await page.getByLabel(en.member.startId.password!, { exact: true }).fill("password123");
  await page.getByLabel(en.member.newPassword.confirm!).fill("password123");
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(f.passwordCommon!)).toBeVisible();
  await expect(page.getByLabel(en.member.startId.email!)).toHaveValue(email);
  await expect(page.getByLabel(en.member.startId.password!, { exact: true })).toHaveValue("");
  // Seven characters are too few.
  await page.getByLabel(en.member.startId.password!, { exact: true }).fill("seven77");
  await page.getByLabel(en.member.newPassword.confirm!).fill("seven77");
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(f.passwordLength!)).toBeVisible();

  const password = "a long phrase about Seoul winters";
  await page.getByLabel(en.member.startId.password!, { exact: true }).fill(password);
  await page.getByLabel(en.member.newPassword.confirm!).fill(password);
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page).toHaveURL(/\/member\/userInfo$/);

  await page.getByLabel(en.signup.user!.name!).fill("Nguyen Van A");
  await verifyPhone(page, e164, local, javaScriptEnabled);
  await expect(page).toHaveURL(/\/member\/addInfo$/);

  // Pick the visa in the finder; the nationality typed before is kept.
  await page.getByLabel(en.signup.add!.nationality!).fill("Vietnam");
  await page.getByRole("button", { name: en.signup.add!.findVisa }).click();
  await expect(page).toHaveURL(/\/member\/findVisa\?returnTo=/);
  await page.getByRole("searchbox").fill("d2");
  await page.getByRole("button", { name: en.visaFinder.searchButton }).click();
  await expect(page).toHaveURL(/q=d2/);
  await page.getByRole("link", { name: /D-2\s*Study/ }).click();
  await page.getByRole("link", { name: /D-2-2/ }).click();
  await expect(page).toHaveURL(/\/member\/addInfo\?visa=D-2-2$/);
  await expect(page.getByLabel(en.signup.add!.nationality!)).toHaveValue("Vietnam");
  await expect(page.getByText("D-2-2 Bachelor's degree")).toBeVisible();

  await page.getByLabel(en.signup.add!.visaExpiry!).fill("2027-02-28");
  await page.getByRole("button", { name: en.signup.add!.submit }).click();
  await expect(page).toHaveURL(/\/member\/complete$/);
  await expect(
    page.getByRole("heading", { name: en.signup.complete!.heading!.replace("{{name}}", "Nguyen Van A") }),
  ).toBeVisible();
  // The expiry date was given: the next step offered is the finder only.
  await expect(page.getByRole("region", { name: en.signup.complete!.next }).getByRole("link")).toHaveText([
    en.signup.complete!.exploreFinder!,
  ]);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();

  // The same ID cannot join twice.
  await page.getByRole("button", { name: en.nav.signOut }).click();
  // Wait for the sign-out to land: a signed-in visitor is sent away from sign-up.
  await expect(page.getByRole("button", { name: en.nav.signOut })).toHaveCount(0);
  await page.goto("/member/agree");
  await agreeRequired(page);
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();
  await page.getByLabel(en.member.startId.email!).fill(email);
  await page.getByLabel(en.member.startId.password!, { exact: true }).fill(password);
  await page.getByLabel(en.member.newPassword.confirm!).fill(password);
  await page.getByRole("button", { name: en.signup.next }).click();
  await expect(page.getByText(f.emailTaken!)).toBeVisible();

  // And the new account signs in with its ID.
  await page.goto("/member/startId");
  await page.getByLabel(en.member.startId.email!).fill(email);
  await page.getByLabel(en.member.startId.password!).fill(password);
  await page.getByRole("button", { name: en.member.startId.submit }).click();
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
});

/** At the Google stand-in's account chooser (tests/support/googleStandIn.mjs). */
async function chooseGoogleAccount(page: Page, email: string, name = "") {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("joining with Google: Google account, terms, name and phone, nationality; next time Google signs in", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail().replace("join-", "google-");
  const { e164, local } = freshNumber();

  await page.goto("/member/start");
  await page.getByRole("button", { name: en.member.start.withGoogle }).click();
  await chooseGoogleAccount(page, email, "Maria Santos");
  await expect(page).toHaveURL(/\/member\/agree$/);
  // Arrived by redirects from another origin: let hydration finish before ticking boxes, or React resets them.
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(en.signup.google!.joining!.replace("{{email}}", email))).toBeVisible();
  await expect(page.getByText(en.signup.step.replace("{{current}}", "1").replace("{{total}}", "3"))).toBeVisible();
  await agreeRequired(page);
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();

  // No ID and password step: Google is the sign-in. Google's name is suggested.
  await expect(page).toHaveURL(/\/member\/userInfo$/);
  await expect(page.getByLabel(en.signup.user!.name!)).toHaveValue("Maria Santos");
  await verifyPhone(page, e164, local, javaScriptEnabled);
  await expect(page).toHaveURL(/\/member\/addInfo$/);
  await page.goto("/member/addInfo?visa=E-9-1");
  await page.getByLabel(en.signup.add!.nationality!).fill("Philippines");
  await page.getByRole("button", { name: en.signup.add!.submit }).click();
  await expect(page).toHaveURL(/\/member\/complete$/);
  await expect(
    page.getByRole("heading", { name: en.signup.complete!.heading!.replace("{{name}}", "Maria Santos") }),
  ).toBeVisible();

  await page.getByRole("button", { name: en.nav.signOut }).click();
  await expect(page.getByRole("button", { name: en.nav.signOut })).toHaveCount(0);
  await page.goto("/member/start");
  await page.getByRole("button", { name: en.member.start.withGoogle }).click();
  await chooseGoogleAccount(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();
});

test("a terms document opens in a sheet that can tick its box with JavaScript, and as the terms page without", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const terms = {
    ...(strings("en") as unknown as { signup: { agree: { view: string; agreeThis: string } } }),
    service: shippedTerms("en", "service"),
  };
  await page.goto("/member/agree");
  const read = page.getByRole("link", { name: `${terms.signup.agree.view} ${terms.service.title}` });
  const box = page.getByRole("checkbox", { name: /Terms of service/ });
  await expect(box).not.toBeChecked();
  if (!javaScriptEnabled) {
    // A new tab, so the checklist keeps its ticks.
    const [tab] = await Promise.all([context.waitForEvent("page"), read.click()]);
    await expect(tab).toHaveURL(/\/member\/terms#service$/);
    await expect(tab.getByRole("heading", { name: new RegExp(terms.service.title) })).toBeVisible();
    return;
  }
  await waitForHydration(page);
  await read.click();
  const sheet = page.getByRole("dialog", { name: terms.service.title });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { level: 3 }).first()).toBeVisible();
  await sheet.getByRole("button", { name: terms.signup.agree.agreeThis, exact: true }).click();
  await expect(sheet).toBeHidden();
  await expect(box).toBeChecked();
  await expect(page).toHaveURL(/\/member\/agree$/);
});

test("the terms sheet speaks the page's language, also when ?lng= chose it over the cookie's", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the sheet is the JavaScript view of the terms page");
  const ur = {
    ...(strings("ur") as unknown as { signup: { agree: { view: string } } }),
    service: shippedTerms("ur", "service"),
  };
  // The language cookie says English (beforeEach); the address says Urdu.
  await page.goto("/member/agree?lng=ur");
  await waitForHydration(page);
  await page.getByRole("link", { name: `${ur.signup.agree.view} ${ur.service.title}` }).click();
  const sheet = page.getByRole("dialog", { name: ur.service.title });
  await expect(sheet.getByRole("heading", { level: 3 }).first()).toHaveText(ur.service.sections[0]!.heading);
});

test("jumping ahead in a sign-up goes to the first unfinished step", async ({ page }) => {
  await page.goto("/member/addInfo");
  await expect(page).toHaveURL(/\/member\/agree$/);
  await page.goto("/sign/choiceNation");
  await expect(page).toHaveURL(/\/sign$/);
  await page.goto("/member/agree");
  await agreeRequired(page);
  await page.getByRole("button", { name: en.signup.agree!.submit }).click();
  await expect(page).toHaveURL(/\/member\/accountInfo$/);
  await page.goto("/member/addInfo");
  await expect(page).toHaveURL(/\/member\/accountInfo$/);
});

const stepOf = (current: number, total: number) =>
  en.signup.step.replace("{{current}}", String(current)).replace("{{total}}", String(total));

test("joining with a phone: number and terms, code, then name, nationality and visa", async ({
  page,
  javaScriptEnabled,
}) => {
  const { e164, local } = freshNumber();
  await page.goto("/sign");
  // The counter counts the screens the member sees, one after another.
  await expect(page.getByText(stepOf(1, 3))).toBeVisible();
  await page.getByLabel(en.login.phone!).fill(local);
  await page.getByLabel(en.signup.agree!.all!).check();
  await page.getByRole("button", { name: en.login.sendCode }).click();
  await expect(page).toHaveURL(/\/sign\/authNo$/);
  await expect(page.getByText(stepOf(2, 3))).toBeVisible();

  const code = textedCode(e164);
  await enterCode(page, "12ab56", typing(javaScriptEnabled));
  await expect(page.getByText(f.codeFormat!)).toBeVisible();
  await enterCode(page, code === "000000" ? "111111" : "000000", typing(javaScriptEnabled));
  await expect(page.getByRole("alert")).toHaveText(f.wrongCode!.replace("{{count}}", "4"));
  await enterCode(page, code, typing(javaScriptEnabled));
  await expect(page).toHaveURL(/\/sign\/choiceNation$/);
  await expect(page.getByText(stepOf(3, 3))).toBeVisible();

  await page.getByLabel(en.signup.user!.name!).fill("Bold Bat");
  // An unknown country and no visa: both said at once, the first field focused, what was typed kept.
  await page.getByLabel(en.signup.add!.nationality!).fill("Atlantis");
  await page.getByRole("button", { name: en.signup.add!.submit }).click();
  await expect(page.getByText(f.unknownCountry!)).toBeVisible();
  await expect(page.getByText(f.visaRequired!)).toBeVisible();
  await expect(page.getByLabel(en.signup.add!.nationality!)).toBeFocused();
  await expect(page.getByLabel(en.signup.add!.nationality!)).toHaveValue("Atlantis");
  await page.getByLabel(en.signup.add!.nationality!).fill("Mongolia");
  await chooseVisaInFinder(page, "E-9");
  await page.getByRole("button", { name: en.signup.add!.submit }).click();
  await expect(page).toHaveURL(/\/sign\/signUpComplete$/);
  await expect(
    page.getByRole("heading", { name: en.signup.complete!.heading!.replace("{{name}}", "Bold Bat") }),
  ).toBeVisible();
  // What next: no expiry date was asked for on this door, so adding it comes first; then the finder.
  const next = page.getByRole("region", { name: en.signup.complete!.next });
  await expect(next.getByRole("link")).toHaveText([en.signup.complete!.addExpiry!, en.signup.complete!.exploreFinder!]);
  await expect(next.getByRole("link").first()).toHaveAttribute("href", "/mypage/visa");
  // "See what your visa allows" opens the member's own status, their code marked there.
  await next.getByRole("link", { name: en.signup.complete!.exploreFinder }).click();
  await expect(page).toHaveURL(/\/member\/findVisa\/E-9\?mine=E-9$/);
  await expect(page.getByRole("heading", { level: 2 })).toContainText("E-9");
  await expect(page.getByText(en.visaFinder.yours!)).toBeVisible();
});

test("the name's old step sends the member on to where the join stands", async ({ page }) => {
  await page.goto("/sign/inputName");
  await expect(page).toHaveURL(/\/sign$/);
});

test("the visa finder and my visa are short on a 360 px phone", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  await page.goto("/member/findVisa");
  expect(await height()).toBeLessThan(3000);
  await page.goto("/member/findVisa/E-7");
  expect(await height()).toBeLessThan(3000);
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!);
  await context.addCookies(
    joined.cookies.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: baseURL! };
    }),
  );
  await page.goto("/mypage/visa");
  expect(await height()).toBeLessThan(3000);
  // My visa searches as the finder does, without JavaScript too.
  await page.getByRole("searchbox", { name: en.visaFinder.search }).fill("marriage");
  await page.getByRole("button", { name: en.visaFinder.searchButton }).click();
  await expect(page).toHaveURL(/\/mypage\/visa\?q=marriage$/);
  await expect(page.getByRole("link", { name: /^F-6\b/ })).toHaveAttribute("href", "/mypage/visa/F-6");
});

/** Asks for a sign-up code for a number at /sign, terms agreed. */
async function askForSignUpCode(page: Page, local: string) {
  await page.goto("/sign");
  await page.getByLabel(en.login.phone!).fill(local);
  await page.getByLabel(en.signup.agree!.all!).check();
  await page.getByRole("button", { name: en.login.sendCode }).click();
}

test("a number that was just sent a code waits for the cool-down before another", async ({ page }) => {
  // Both requests come within this test's 30 seconds, inside the 60-second cool-down: only the wait can follow.
  test.setTimeout(30_000);
  const { e164, local } = freshNumber();
  await askForSignUpCode(page, local);
  await expect(page).toHaveURL(/\/sign\/authNo$/);
  expect(textsTo(e164)).toBe(1);
  await askForSignUpCode(page, local);
  await expect(page.locator(".form-error")).toHaveText(new RegExp(f.resendWait!.replace("{{seconds}}", "\\d+")));
  await expect(page).toHaveURL(/\/sign(\?index)?$/);
  expect(textsTo(e164)).toBe(1);
});

test("a number that already has an account is told so, only after the code", async ({ page, javaScriptEnabled }) => {
  const { e164, local } = freshNumber();
  // An account with this number, made in the server's Auth emulator: the number was never sent a code before.
  const { origin, projectId } = authEmulator();
  const made = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ phoneNumber: e164 }),
  });
  expect(made.ok).toBe(true);
  await askForSignUpCode(page, local);
  await expect(page).toHaveURL(/\/sign\/authNo$/);
  await enterCode(page, textedCode(e164), typing(javaScriptEnabled));
  await expect(page.locator(".form-error")).toHaveText(f.phoneTaken!);
  await expect(page).toHaveURL(/\/sign\/authNo$/);
});

test("recovering a password with a code to the account's phone ends the old sessions", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail();
  const oldPassword = "first winter in Busan";
  // A member who joined with an ID and a phone (over HTTP; joining has its own tests above).
  const { e164 } = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, { email, password: oldPassword });
  await page.goto("/member/startId");
  await page.getByLabel(en.member.startId.email!).fill(email);
  await page.getByLabel(en.member.startId.password!).fill(oldPassword);
  await page.getByRole("button", { name: en.member.startId.submit }).click();
  await expect(page.getByRole("button", { name: en.nav.signOut })).toBeVisible();

  // Another browser finds the password.
  const other = await browser.newContext({ ...test.info().project.use, baseURL: test.info().project.use.baseURL });
  await useLanguage(other);
  const recover = await other.newPage();
  await recover.goto("/member/findPw");
  // An unknown ID gets the same answer as a member's: nothing tells them apart.
  const codeSent = (id: string) => en.recovery.codeSent!.replace("{{email}}", id);
  await recover.getByLabel(en.member.startId.email!).fill(`nobody-${email}`);
  await recover.getByRole("button", { name: en.login.sendCode }).click();
  await expect(recover.getByText(codeSent(`nobody-${email}`))).toBeVisible();
  await recover.getByRole("button", { name: en.recovery.otherId }).click();
  await recover.getByLabel(en.member.startId.email!).fill(email);
  await recover.getByRole("button", { name: en.login.sendCode }).click();
  await expect(recover.getByText(codeSent(email))).toBeVisible();
  await enterCode(recover, textedCode(e164), typing(javaScriptEnabled));
  await expect(recover).toHaveURL(/\/member\/resetPw$/);
  const newPassword = "second winter in Daegu";
  await recover.getByLabel(en.recovery.newPassword!).fill(newPassword);
  await recover.getByLabel(en.member.newPassword.confirm!).fill(newPassword);
  await recover.getByRole("button", { name: en.recovery.submit }).click();
  await expect(recover).toHaveURL(/\/member\/startId\?reset=1$/);
  await expect(recover.getByText(en.recovery.done!)).toBeVisible();
  await recover.getByLabel(en.member.startId.email!).fill(email);
  await recover.getByLabel(en.member.startId.password!).fill(newPassword);
  await recover.getByRole("button", { name: en.member.startId.submit }).click();
  await expect(recover.getByRole("button", { name: en.nav.signOut })).toBeVisible();
  await other.close();

  // The first browser's session ended.
  await page.goto("/member/start");
  await expect(page).toHaveURL(/\/member\/start$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toHaveCount(0);
});

test("the visa finder lists every family, searches without JavaScript and 404s unknown visas", async ({ page }) => {
  await page.goto("/member/findVisa");
  await expect(page).toHaveTitle(pageTitle("en", "titles.findVisa"));
  const families = page.locator(".visa-family");
  // Each family is a closed group that opens with a tap, with or without JavaScript.
  await expect(families.getByRole("link", { name: /^D-10\b/ })).toBeHidden();
  for (const summary of await families.locator("summary").all()) await summary.click();
  for (const code of ["A-1", "B-2", "C-4", "D-10", "E-9", "F-6", "G-1", "H-2"]) {
    await expect(families.getByRole("link", { name: new RegExp(`^${code}\\b`) })).toBeVisible();
  }
  // Employment first.
  await expect(families.first().locator("summary")).toContainText(strings("en").family!.E!);
  // Quick choices for the statuses most members hold, H-2 marked closed to newcomers; 1345 can be called.
  const quick = page.getByRole("region", { name: en.visaFinder.quick });
  await expect(quick.getByRole("link")).toHaveCount(8);
  await expect(quick.getByRole("link").first()).toHaveAttribute("href", "/member/findVisa/E-9");
  await expect(quick.getByRole("link", { name: /^H-2\b/ })).toContainText(en.visaFinder.closed!);
  await expect(quick.getByRole("link", { name: /^E-9\b/ })).not.toContainText(en.visaFinder.closed!);
  await expect(page.getByRole("link", { name: "1345" })).toHaveAttribute("href", "tel:1345");
  // The hint is a line under the field (as a placeholder it was cut off on phones) and is read out with it.
  const search = page.getByRole("searchbox", { name: en.visaFinder.search });
  await expect(search).toHaveAccessibleDescription(en.visaFinder.searchHint!);
  await expect(page.getByText(en.visaFinder.searchHint!)).toBeVisible();
  await search.fill("marriage");
  await page.getByRole("button", { name: en.visaFinder.searchButton }).click();
  await expect(page).toHaveURL(/q=marriage/);
  // With JavaScript the address changes a moment before the page does: the quick choices leave with the results' render.
  await expect(quick).toBeHidden();
  await expect(page.getByRole("link", { name: /^F-6\b/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^D-2\b/ })).toHaveCount(0);
  await page.getByRole("link", { name: /^F-6\b/ }).click();
  await expect(page).toHaveTitle(pageTitle("en", "titles.selectVisa"));
  await expect(page.getByText("F-6-3")).toBeVisible();

  const response = await page.goto("/member/findVisa/Z-9");
  expect(response?.status()).toBe(404);
});

test("the visa finder speaks the visitor's language", async ({ page, context }) => {
  await useLanguage(context, "ko");
  await page.goto("/member/findVisa/D-2");
  await expect(page.getByRole("heading", { level: 2 })).toContainText("유학");
  await expect(page.getByText("학사", { exact: true })).toBeVisible();
});
