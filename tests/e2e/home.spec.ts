/** The main page: what a visitor is offered, and what a member sees of their own stay. */
import { expect, test, type BrowserContext } from "@playwright/test";
import { addDays, format, subMonths } from "date-fns";
import { joinOverHttp } from "../support/join";
import { hideTodayPopup, memberWithUnreadComment, openPage, shippedTerms, strings, useLanguage } from "./helpers";

type Home = {
  main: Record<string, string>;
  visaCard: Record<string, string>;
};
const home = (lng: string) => strings(lng) as unknown as Home;

/** Today in Seoul, as the server reads it, moved by `days`. */
function seoulDay(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
  return format(addDays(new Date(`${today}T12:00:00`), days), "yyyy-MM-dd");
}

const uniqueEmail = () => `home-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Puts a joined member's cookies into the browser. */
async function signedInAs(context: BrowserContext, baseURL: string, cookies: string) {
  await context.addCookies(
    cookies.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: baseURL };
    }),
  );
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

test("a visitor is told what the service does and offered one way to start", async ({ page, context }) => {
  await useLanguage(context, "vi");
  await page.goto("/");
  const vi = home("vi");
  await expect(page.getByRole("heading", { level: 1, name: vi.main.greeting })).toBeVisible();
  await expect(page.getByText(vi.main.intro!)).toBeVisible();
  await page.getByRole("link", { name: vi.main.start, exact: true }).click();
  await expect(page).toHaveURL(/\/member\/start$/);
});

test("a visitor sees the US dollar's rate with its source and day, one tap from the estimate", async ({
  page,
  context,
}) => {
  await useLanguage(context, "ko");
  await page.goto("/");
  const ko = strings("ko") as unknown as { main: { rate: Record<string, string> }; rates: Record<string, string> };
  const card = page.locator("section.home-rate");
  await expect(card.getByRole("heading", { name: ko.main.rate.title })).toBeVisible();
  await expect(card.locator(".home-rate__figure")).toHaveText(/^1 USD = [\d,.]+ KRW$/);
  // The sample said so in the one Korean term, with its source and day.
  await expect(card.locator(".rate-tag strong").first()).toHaveText("예시 환율");
  await expect(card.locator(".rate-tag")).toContainText(/\d{4}-\d{2}-\d{2}/);
  await card.getByRole("link", { name: ko.main.rate.estimate }).click();
  await expect(page).toHaveURL(/\/finance\/remittance$/);
});

test("a member whose extension window is open sees their visa, the days left and what to do", async ({
  page,
  context,
  baseURL,
}) => {
  const expiry = seoulDay(30);
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, {
    email: uniqueEmail(),
    name: "Tran Thi B",
    visa: "E-9",
    visaExpiry: expiry,
  });
  await useLanguage(context, "en");
  await signedInAs(context, baseURL!, joined.cookies);
  await page.goto("/");
  const en = home("en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    en.main.memberGreeting!.replace("{{name}}", "Tran Thi B"),
  );
  const card = page.getByRole("region", { name: en.visaCard.title });
  await expect(card).toHaveClass(/visa-card--extensionOpen/);
  // The status in the member's language, leading to its page in the finder.
  await expect(card.getByRole("link", { name: /^E-9 / })).toHaveAttribute("href", "/member/findVisa/E-9");
  await expect(card.getByRole("definition").first()).toHaveText(expiry);
  await expect(card.getByRole("definition").nth(1)).toHaveText("30");
  await expect(card.getByText(en.visaCard.extensionOpen!.replace("{{date}}", expiry))).toBeVisible();
  await expect(card.getByRole("link", { name: en.visaCard.applyOnline })).toHaveAttribute(
    "href",
    "https://www.hikorea.go.kr",
  );
  await expect(card.getByRole("link", { name: en.visaCard.call1345 })).toHaveAttribute("href", "tel:1345");
  await expect(page.getByRole("link", { name: en.main.start, exact: true })).toHaveCount(0);
});

test("a member far from expiry is told when the window opens, in Korean", async ({ page, context, baseURL }) => {
  const expiry = seoulDay(200);
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, {
    email: uniqueEmail(),
    name: "김하나",
    visa: "F-6-1",
    visaExpiry: expiry,
  });
  await useLanguage(context, "ko");
  await signedInAs(context, baseURL!, joined.cookies);
  await page.goto("/");
  const ko = home("ko");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("김하나님, 안녕하세요");
  const card = page.getByRole("region", { name: ko.visaCard.title });
  await expect(card).toHaveClass(/visa-card--upcoming/);
  await expect(card.getByRole("link", { name: /^F-6-1 / })).toHaveAttribute("href", "/member/findVisa/F-6");
  await expect(card.getByRole("definition").nth(1)).toHaveText("200");
  // Four months before the expiry date.
  const opens = format(subMonths(new Date(`${expiry}T12:00:00`), 4), "yyyy-MM-dd");
  await expect(card.getByText(ko.visaCard.extensionFrom!.replace("{{date}}", opens))).toBeVisible();
  await expect(card.getByRole("link", { name: ko.visaCard.applyOnline })).toHaveCount(0);
});

test("a member who joined by phone without an expiry date is asked for it, and the way there is real", async ({
  page,
  context,
  baseURL,
}) => {
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, { name: "Ram Bahadur" });
  await useLanguage(context, "en");
  await signedInAs(context, baseURL!, joined.cookies);
  await page.goto("/");
  const en = home("en");
  const card = page.getByRole("region", { name: en.visaCard.title });
  // The phone join asks for the visa (the test joins with E-9) but not its expiry date.
  await expect(card.getByRole("link", { name: /^E-9 / })).toBeVisible();
  await expect(card.getByText(en.visaCard.noExpiry!)).toBeVisible();
  await card.getByRole("link", { name: en.visaCard.addExpiry }).click();
  await expect(page).toHaveURL(/\/mypage\/visa$/);
  expect((await page.request.get("/mypage/visa")).status()).toBe(200);
});

test("the header's bell shows the member's unread count, and its name says it", async ({ page, context, baseURL }) => {
  // Another member comments on the member's feed: one unread notification.
  const { cookies } = await memberWithUnreadComment(baseURL!, "Bell Owner");
  await useLanguage(context, "en");
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
  await page.goto("/");
  const common = strings("en") as unknown as { titles: { inbox: string }; nav: { unread_one: string } };
  // The home page's own header, at the top of its content.
  const bell = page
    .locator("header")
    .getByRole("link", { name: `${common.titles.inbox} ${common.nav.unread_one.replace("{{count}}", "1")}` });
  await expect(bell).toHaveAttribute("href", "/noti");
  // The number is on the bell for the eye too, as on the inbox's tab.
  await expect(bell.getByText("1", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation").getByRole("link", { name: /Inbox/ }).getByText("1", { exact: true }),
  ).toBeVisible();
});

test("every page's footer names who runs the service, says what local mode has not set, and links the policies", async ({
  page,
  context,
}) => {
  await useLanguage(context, "ko");
  const ko = {
    ...(strings("ko") as unknown as { footer: Record<string, string> }),
    privacyPolicy: shippedTerms("ko", "privacyPolicy"),
  };
  for (const path of ["/", "/member/start", "/member/findVisa"]) {
    await openPage(page, path);
    const footer = page.getByRole("contentinfo");
    for (const label of [ko.footer.operator!, ko.footer.registrationNo!, ko.footer.support!]) {
      await expect(footer.getByRole("term").filter({ hasText: label })).toBeVisible();
    }
    // Local mode has no operator configured: it says so rather than invent one.
    await expect(footer.getByRole("definition").filter({ hasText: ko.footer.notSet! })).toHaveCount(3);
  }
  await page.getByRole("contentinfo").getByRole("link", { name: ko.footer.privacy }).click();
  await expect(page).toHaveURL(/\/member\/terms#privacyPolicy$/);
  await expect(page.getByRole("heading", { level: 2, name: ko.privacyPolicy.title })).toBeVisible();
});

test("a member's last estimate opens again from the home page's tile, its values in the address", async ({
  page,
  context,
  baseURL,
}) => {
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, { email: uniqueEmail(), name: "Le Van C" });
  await useLanguage(context, "en");
  await signedInAs(context, baseURL!, joined.cookies);
  const remittance = strings("en").remittance as unknown as Record<string, string>;
  await page.goto("/finance/remittance");
  await page.getByLabel(remittance.country!).selectOption("VN");
  await page.getByLabel(remittance.send!).fill("1,000,000");
  await page.getByRole("button", { name: remittance.calculate }).click();
  await expect(page).toHaveURL(/send=1%2C000%2C000/);

  await page.goto("/");
  await page.locator('.entry-card[href^="/finance/remittance"]').click();
  // The tile carries the last question (decision 0102): the form is filled in and answered again.
  await expect(page).toHaveURL(/\/finance\/remittance\?country=VN&currency=VND&send=1%2C000%2C000$/);
  await expect(page.getByLabel(remittance.send!)).toHaveValue("1,000,000");
  await expect(page.locator(".remittance__result")).toBeVisible();
});
