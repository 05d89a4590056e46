/** My page in a real browser, with JavaScript on and off (the two projects): settings, edits, visa, withdrawal. */
import { expect, test, type BrowserContext } from "@playwright/test";
import { joinOverHttp } from "../support/join";
import {
  enterCode,
  freshNumber,
  hideTodayPopup,
  inLanguage,
  openPage,
  strings,
  textedCode,
  useLanguage,
} from "./helpers";

type Groups = Record<string, Record<string, string>>;
const my = (lng: string) => strings(lng) as unknown as Groups;
/** A form message in English, as the page shows it. */
const formError = (key: string) =>
  (strings("en").errors as unknown as Record<string, Record<string, string>>).form![key]!;

async function signedInMember(context: BrowserContext, baseURL: string, name = "Tran Thi B") {
  const joined = await joinOverHttp(baseURL, process.env.E2E_DATA_DIR!, { name, visa: "E-9" });
  await context.addCookies(
    joined.cookies.split("; ").map((pair) => {
      const [key, ...value] = pair.split("=");
      return { name: key!, value: value.join("="), url: baseURL };
    }),
  );
  return joined;
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

test("a visitor is sent to sign in, and comes back to my page afterwards", async ({ page, context }) => {
  await useLanguage(context, "en");
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/member\/start\?redirectTo=%2Fmypage$/);
});

test("a member sees their summary and changes their name", async ({ page, context, baseURL }) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  await page.goto("/mypage");
  await expect(page.getByRole("heading", { level: 2, name: "Tran Thi B" })).toBeVisible();
  await expect(page.getByText(/^E-9 /).first()).toBeVisible();
  await page.getByRole("link", { name: en.entries!.userInfo }).click();
  await expect(page).toHaveURL(/\/mypage\/userInfo$/);
  await page.getByLabel(en.userInfo!.name!).fill("Tran Thi C");
  await page.getByRole("button", { name: en.userInfo!.save }).click();
  await expect(page.getByRole("status").filter({ hasText: en.userInfo!.saved! })).toBeVisible();
  await page.goto("/mypage");
  await expect(page.getByRole("heading", { level: 2, name: "Tran Thi C" })).toBeVisible();
});

test("a member chooses their visa in the catalogue, in Korean", async ({ page, context, baseURL }) => {
  await useLanguage(context, "ko");
  await signedInMember(context, baseURL!);
  const ko = my("ko");
  await page.goto("/mypage/visa");
  await page.getByRole("link", { name: /^F-4/ }).click();
  await expect(page).toHaveURL(/\/mypage\/visa\/F-4$/);
  await page.getByRole("radio", { name: /F-4-41/ }).check();
  await page.getByRole("button", { name: ko.visa!.save }).click();
  await expect(page).toHaveURL(/\/mypage\/visa\?saved=1$/);
  await expect(page.getByRole("status").filter({ hasText: ko.visa!.saved! })).toBeVisible();
  await expect(page.locator(".settings-card__name")).toHaveText(/^F-4-41 /);
  // Below it, the member's own kit for the sub-type chosen (decision 0109), folded while no expiry date is stored.
  await expect(page.getByRole("heading", { level: 3, name: /^F-4-41 /, includeHidden: true })).toBeAttached();
  await expect(page.getByText(ko.myKit!.details!)).toBeVisible();
});

test("a bad expiry date is explained next to the field and the nationality typed is kept", async ({
  page,
  context,
  baseURL,
}) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  await page.goto("/mypage/addInfo");
  await page.getByLabel(en.summary!.nationality!).fill("Nepal");
  await page.getByLabel(en.addInfo!.visaExpiry!).fill("2001-01-01");
  await page.getByRole("button", { name: en.addInfo!.save }).click();
  await expect(page.getByText(formError("expiryPast"))).toBeVisible();
  await expect(page.getByLabel(en.summary!.nationality!)).toHaveValue("Nepal");
});

test("the passport's expiry date on my visa: a date gone by is explained in Korean and kept, a good one saved", async ({
  page,
  context,
  baseURL,
}) => {
  await useLanguage(context, "ko");
  await signedInMember(context, baseURL!);
  const ko = my("ko");
  const past = (strings("ko").errors as unknown as Record<string, Record<string, string>>).form!.passportExpiryPast!;
  await page.goto("/mypage/visa");
  const field = page.getByLabel(ko.visa!.passportExpiry!);
  await field.fill("2001-01-01");
  await page.getByRole("button", { name: ko.visa!.passportSave }).click();
  await expect(page.getByText(past)).toBeVisible();
  await expect(field).toHaveValue("2001-01-01");
  const later = `${new Date().getUTCFullYear() + 3}-05-31`;
  await field.fill(later);
  await page.getByRole("button", { name: ko.visa!.passportSave }).click();
  await expect(page.getByRole("status").filter({ hasText: ko.visa!.passportSaved! })).toBeVisible();
  await page.goto("/mypage/visa");
  await expect(page.getByLabel(ko.visa!.passportExpiry!)).toHaveValue(later);
});

test("a member deletes their account: asked once more, then a goodbye, then signed out", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  await page.goto("/mypage/secede");
  await expect(page.getByRole("heading", { name: en.secede!.keptTitle })).toBeVisible();
  await page.getByLabel(en.secede!.reason!).fill("Moving back home");
  await page.getByRole("button", { name: en.secede!.submit }).click();
  // Nothing happens until the box is ticked.
  await expect(page.getByText(formError("confirmRequired"))).toBeVisible();
  await page.getByLabel(en.secede!.confirm!).check();
  await page.getByRole("button", { name: en.secede!.submit }).click();
  if (javaScriptEnabled) {
    await page.getByRole("dialog").getByRole("button", { name: en.secede!.confirmButton }).click();
  } else {
    await expect(page.getByText(en.secede!.confirmStep!)).toBeVisible();
    await page.getByRole("button", { name: en.secede!.confirmButton }).click();
  }
  await expect(page).toHaveURL(/\/mypage\/secede\?bye=1$/);
  await expect(page.getByRole("heading", { name: en.secede!.goodbyeTitle })).toBeVisible();
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/member\/start/);
});

test("a member who joined by phone sets a first password and can then sign in with their ID", async ({
  page,
  context,
  baseURL,
}) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  const email = `first-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/mypage");
  await page.getByRole("link", { name: en.entries!.setPassword }).click();
  await expect(page.getByRole("heading", { level: 2, name: en.password!.setHeading })).toBeVisible();
  await page.getByLabel(en.password!.email!).fill(email);
  await page.getByLabel(en.password!.new!, { exact: true }).fill("my first passphrase");
  await page.getByLabel((strings("en").member as unknown as Groups).newPassword!.confirm!).fill("my first passphrase");
  await page.getByRole("button", { name: en.password!.saveFirst }).click();
  await expect(page.getByRole("status").filter({ hasText: en.password!.doneFirst! })).toBeVisible();
});

test("a member changes their number with a code sent to the new one", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  const auth = strings("en") as unknown as Groups;
  const next = freshNumber();
  await page.goto("/mypage/phone");
  await page.getByLabel(auth.login!.phone!).fill(next.local);
  await page.getByRole("button", { name: en.phone!.send }).click();
  await expect(page).toHaveURL(/\/mypage\/phone\/authNo$/);
  await enterCode(page, textedCode(next.e164), {
    label: auth.login!.code!,
    submit: auth.login!.verifyCode!,
    javaScriptEnabled,
  });
  await expect(page).toHaveURL(/\/mypage\/phone\?done=1$/);
  await expect(page.getByRole("status").filter({ hasText: en.phone!.done! })).toBeVisible();
});

/**
 * My page is one place (docs/decisions/0043): every /mypage/* page has the header with its title, the tab bar with
 * "My page" as the current tab, and a back arrow to its parent; my page itself, the tab's first page, is titled as
 * the tab is, with no back arrow. "Sign out" appears once on each.
 */
test("every page of my page has the header, the tab bar and one sign-out; my page has no back arrow", async ({
  page,
  context,
  baseURL,
}) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const common = strings("en") as unknown as Groups;
  const tabLabel = common.tabs!.mypage!;
  const pages = [
    "/mypage",
    "/mypage/userInfo",
    "/mypage/addInfo",
    "/mypage/visa",
    "/mypage/visa/F-4",
    "/mypage/changePw",
    "/mypage/phone",
    "/mypage/secede",
    "/mypage/community",
    "/mypage/terms",
  ];
  const problems: string[] = [];
  for (const path of pages) {
    await openPage(page, path);
    const tabs = page.getByRole("navigation", { name: common.nav!.tabs });
    if (!(await tabs.isVisible())) problems.push(`${path}: no tab bar`);
    else if ((await tabs.getByRole("link", { name: tabLabel }).getAttribute("aria-current")) !== "page")
      problems.push(`${path}: "${tabLabel}" is not the current tab`);
    const title = page.locator(".app-header__title");
    if ((await title.count()) !== 1) problems.push(`${path}: no header title`);
    const back = page.locator(".app-header").getByRole("link", { name: common.nav!.back });
    if (path === "/mypage") {
      if ((await title.innerText()) !== tabLabel) problems.push(`${path}: titled "${await title.innerText()}"`);
      if ((await back.count()) !== 0) problems.push(`${path}: has a back arrow`);
    } else if ((await back.count()) !== 1) problems.push(`${path}: no back arrow`);
    const signOuts = await page.getByRole("button", { name: common.nav!.signOut, exact: true }).count();
    if (signOuts !== 1) problems.push(`${path}: "${common.nav!.signOut}" ${signOuts} times`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("the My page tab leads to my page, with the tab bar still there", async ({ page, context, baseURL }) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const common = strings("en") as unknown as Groups;
  await page.goto("/community");
  await page
    .getByRole("navigation", { name: common.nav!.tabs })
    .getByRole("link", { name: common.tabs!.mypage })
    .click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("heading", { level: 1, name: common.tabs!.mypage })).toBeVisible();
  await expect(page.getByRole("navigation", { name: common.nav!.tabs })).toBeVisible();
});

test("confirming it is them, a member sees their own screen: why, their number masked, no invitation to join", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await useLanguage(context, "en");
  const joined = await signedInMember(context, baseURL!);
  const en = strings("en") as unknown as Groups & { member: Groups };
  // Where requireRecentMember sends a member whose sign-in is older than five minutes.
  await page.goto("/member/start?reauth=1&redirectTo=%2Fmypage%2Fsecede");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.reauth!.title!);
  await expect(page).toHaveTitle(new RegExp(`^${en.reauth!.title}`));
  await expect(page.getByText(en.reauth!.message!)).toBeVisible();
  // Not the visitor's start page: no hero, no number to type, no sign-up.
  await expect(page.getByText(en.member.start!.heading!)).toHaveCount(0);
  await expect(page.getByLabel(en.login!.phone!)).toHaveCount(0);
  await expect(page.getByText(en.member.start!.newHere!)).toHaveCount(0);
  await expect(page.locator('a[href="/sign"], a[href^="/member/agree"]')).toHaveCount(0);
  // The member's own number, masked as everywhere else ("010-****-1234").
  const masked = `${joined.local.slice(0, 3)}-****-${joined.local.slice(-4)}`;
  await expect(page.locator(".start__number")).toHaveText(en.member.reauth!.codeTo!.replace("{{phone}}", masked));
  await expect(page.locator("main")).not.toContainText(joined.local.slice(3, 7));

  // The code goes to that number, and the member is back where they were going.
  await page.getByRole("button", { name: en.login!.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/authNo$/);
  await enterCode(page, textedCode(joined.e164), {
    label: en.login!.code!,
    submit: en.login!.verify!,
    javaScriptEnabled,
  });
  await expect(page).toHaveURL(/\/mypage\/secede$/);
});

test("on my page, the partner-access row keeps its chevron beside its value", async ({ page, context, baseURL }) => {
  await signedInMember(context, baseURL!);
  for (const lng of ["en", "ko", "vi", "ur"]) {
    await page.goto(inLanguage("/mypage", lng));
    const row = page.locator('a.settings-row[href="/mypage/partners"]');
    const [value, chevron] = [row.locator(".settings-row__value"), row.locator(".settings-row__chevron")];
    await expect(value).toHaveText(my(lng).entries!.partnersNone!);
    const rowBox = (await row.boundingBox())!;
    const valueBox = (await value.boundingBox())!;
    const chevronBox = (await chevron.boundingBox())!;
    // The chevron sits at the row's end, level with the text, not on a line of its own below it.
    expect(chevronBox.y, lng).toBeLessThan(valueBox.y + valueBox.height);
    expect(chevronBox.y + chevronBox.height, lng).toBeGreaterThan(valueBox.y);
    // …and past the value's end, in the page's direction.
    if (lng === "ur") expect(chevronBox.x + chevronBox.width, lng).toBeLessThanOrEqual(valueBox.x);
    else expect(chevronBox.x, lng).toBeGreaterThanOrEqual(valueBox.x + valueBox.width);
    expect(chevronBox.x + chevronBox.width, lng).toBeLessThanOrEqual(rowBox.x + rowBox.width);
  }
});
