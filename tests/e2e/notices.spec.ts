/**
 * Notices in a browser, with JavaScript and without (the two projects): the list
 * and a notice's page in English, Korean, Vietnamese and Urdu (right to left) for a
 * visitor, English or else the Korean original shown and marked where a language has
 * no translation, a date-only notice without a time, the pinned one on home; and an
 * admin making a notice: the form, its server-rendered preview, saving and
 * publishing, the notice then on the public list. Notices are seeded through the
 * content import, as an operator would (build/content.js on the server's DATA_DIR).
 */
import { expect, test } from "@playwright/test";
import { hideTodayPopup, importContent, localeText, pageTitle, signInAsAdmin, waitForHydration } from "./helpers";

const get = localeText;

const ONLY_KOREAN = {
  title: "외국인등록증 발급 일정 안내",
  body: "발급까지 **3주** 정도 걸려요.\n\n- 방문 예약\n- 수수료 3만 5천 원",
};

test.beforeAll(() =>
  // Both projects import the same content: the second run changes nothing.
  importContent({
    notices: [
      {
        itemCd: "e2e-001",
        pinned: true,
        publishedAt: "2026-10-01",
        category: "visa",
        translations: {
          ko: { title: "체류기간 연장 안내", body: "만료일 **4개월 전부터** 신청할 수 있어요." },
          en: { title: "Extending your stay", body: "Apply from **4 months** before expiry." },
          ur: { title: "قیام میں توسیع", body: "میعاد ختم ہونے سے **4 ماہ** پہلے درخواست دیں۔" },
        },
      },
      { itemCd: "e2e-002", publishedAt: "2026-10-02", category: "service", translations: { ko: ONLY_KOREAN } },
    ],
  }),
);

const dayOf = (lng: string, date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return lng === "ko" ? `${y}년 ${m}월 ${d}일` : date;
};

for (const lng of ["en", "ko", "vi", "ur"]) {
  test(`a visitor reads the notices and one notice in ${lng}`, async ({ page, context }) => {
    await hideTodayPopup(context);
    await page.goto(`/mypage/notice?lng=${lng}`);
    await expect(page).toHaveURL(new RegExp(`/mypage/notice\\?lng=${lng}$`));
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ur" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(get(lng, "titles.notices"));
    const list = page.locator(".notice-list");
    const first = list.locator("li").first();
    await expect(first).toContainText(get(lng, "notices.list.pinned"));
    await expect(first).toContainText(get(lng, "notices.categories.visa"));
    await expect(first.locator("time")).toHaveText(dayOf(lng, "2026-10-01"));
    // Korean, English and Urdu only: a Vietnamese reader gets the English title, marked as such.
    const firstTitle = first.locator(".notice-list__title");
    if (lng === "vi") {
      await expect(firstTitle).toHaveText("Extending your stay");
      await expect(firstTitle).toHaveAttribute("lang", "en");
      await expect(first.locator(".notice-shown-in")).toHaveText(/Anh/i);
    } else {
      await expect(firstTitle).not.toHaveAttribute("lang", /./);
      await expect(first.locator(".notice-shown-in")).toHaveCount(0);
    }

    await list.getByRole("link", { name: new RegExp(ONLY_KOREAN.title) }).click();
    await expect(page).toHaveURL(/\/mypage\/noticeDetail\?itemCd=e2e-002/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(ONLY_KOREAN.title);
    await expect(page.locator(".notice__body strong")).toHaveText("3주");
    // Published on a date alone: the day, without "00:00" or "(0시 0분)", and never edited: no "Updated".
    const meta = page.locator(".notice-meta");
    await expect(meta.locator("time")).toHaveText([dayOf(lng, "2026-10-02")]);
    await expect(meta).not.toContainText(get(lng, "notices.detail.updated"));
    // No tint over the notice (the page is not one of the design system's tinted boxes).
    await expect(page.locator("article")).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    if (lng === "ko") {
      await expect(page.locator(".untranslated")).toHaveCount(0);
    } else {
      // The one note of every feature (components/Untranslated.tsx), naming the language shown.
      await expect(page.locator(".untranslated")).toContainText(
        get(lng, "content.untranslated").split("{{")[0]!.trim(),
      );
      await expect(heading).toHaveAttribute("lang", "ko");
      await expect(page.locator(".notice__body")).toHaveAttribute("lang", "ko");
      await expect(page.locator(".notice__body")).toHaveAttribute("dir", "ltr");
    }
    await expect(page).toHaveTitle(`${ONLY_KOREAN.title} | ${get(lng, "app.name")}`);

    // Home leads to the pinned notice in one line.
    await page.goto(`/?lng=${lng}`);
    const line = page.locator(".home-notice");
    await expect(line).toContainText(get(lng, "main.pinnedNotice"));
    await expect(line).toContainText(
      lng === "ko" ? "체류기간 연장 안내" : lng === "ur" ? "قیام میں توسیع" : "Extending your stay",
    );
    await line.click();
    await expect(page).toHaveURL(/\/mypage\/noticeDetail\?itemCd=e2e-001/);
  });
}

test("an admin writes a notice, previews it and publishes it; a visitor then reads it", async ({
  page,
  context,
  baseURL,
  browser,
}, testInfo) => {
  await hideTodayPopup(context);
  await signInAsAdmin(context, baseURL!);
  const itemCd = `e2e-${testInfo.project.name}-${Date.now() % 1_000_000}`;
  const title = `새 공지 ${itemCd}`;
  await page.goto("/admin/notices/edit?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("en", "titles.adminNewNotice"));
  await page.getByLabel(get("en", "admin.edit.itemCd")).fill(itemCd);
  await page.getByLabel(get("en", "admin.edit.category")).selectOption("event");
  await page.locator('[name="translations.ko.title"]').fill(title);
  await page.locator('[name="translations.ko.body"]').fill("**굵게** 쓴 본문과 [링크](https://example.com)");

  await page.getByRole("button", { name: get("en", "admin.edit.preview"), exact: true }).click();
  const preview = page.locator(".admin-preview");
  await expect(preview.locator("strong")).toHaveText("굵게");
  await expect(preview.getByRole("link", { name: "링크" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  // The form keeps what was typed.
  await expect(page.locator('[name="translations.ko.title"]')).toHaveValue(title);

  // It reaches every member's inbox, so it asks first: the message box with JavaScript, the form's confirm step
  // without (decision 0103).
  if (testInfo.project.use.javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: get("en", "admin.edit.publish") }).click();
  const question = get("en", "admin.notices.publishTitle");
  const asked = testInfo.project.use.javaScriptEnabled
    ? page.getByRole("dialog", { name: question })
    : page.locator(".confirm-page");
  await expect(asked.getByRole("heading", { name: question })).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin\/notices$/);
  await asked.getByRole("button", { name: get("en", "admin.notices.publish"), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/notices$/);
  const row = page.locator(".admin-row", { hasText: title });
  await expect(row).toContainText(get("en", "admin.notices.state.published"));

  const visitor = await browser.newContext({ ...testInfo.project.use });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${baseURL}/mypage/notice?lng=en`);
  await expect(visitorPage.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await visitor.close();
});

test("the admin area is an unknown path's 404 page for a visitor", async ({ page }) => {
  const response = await page.goto("/admin/notices?lng=en");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(pageTitle("en", "titles.notFound"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("en", "titles.notFound"));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(get("en", "errors.notFoundTitle"));
});
