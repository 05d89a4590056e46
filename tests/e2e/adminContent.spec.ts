/**
 * The admin forms of benefits, offers and terms in a browser, with JavaScript and
 * without (the two projects): an admin creates and edits a benefit (in English, a
 * wrong field answered next to it with everything typed kept), an offer (in Korean)
 * and a terms version (in Vietnamese: a draft, then edited and published), and the
 * form is right to left in Urdu with the Korean block marked as Korean. What it writes shows on /benefit and
 * /shop, which other specs count: it runs after them (playwright.config.ts; alone, with `--no-deps`).
 */
import { expect, test, type Page } from "@playwright/test";
import { hideTodayPopup, localeText as get, signInAsAdmin, useLanguage } from "./helpers";

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test("an admin creates and edits a benefit, an offer and a terms version", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await hideTodayPopup(context);
  await signInAsAdmin(context, baseURL!);
  const suffix = `${testInfo.project.name}-${Date.now() % 1_000_000}`;

  // A benefit, in English; its link wrong at first.
  const benefit = `e2e-benefit-${suffix}`;
  // The page's language as a member chose it (the cookie the language page sets), so it holds from page to page.
  await useLanguage(context, "en");
  await page.goto("/admin/benefits/edit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("en", "titles.adminNewBenefit"));
  await page.getByLabel(get("en", "admin.edit.itemCd"), { exact: true }).fill(benefit);
  await page.getByLabel(get("en", "admin.edit.category"), { exact: true }).selectOption("legal");
  await page.getByLabel(get("en", "admin.content.visas"), { exact: true }).fill("all");
  await page.getByLabel(get("en", "admin.content.link"), { exact: true }).fill("http://not-https.example");
  await field(page, "source.checkedOn").fill("2026-11-20");
  await field(page, "translations.ko.name").fill(`법률 상담 ${suffix}`);
  await field(page, "translations.ko.gives").fill("무료 법률 상담");
  await field(page, "translations.ko.eligible").fill("모든 외국인");
  await field(page, "translations.ko.apply").fill("전화로 신청해요");
  await page.getByRole("button", { name: get("en", "admin.edit.save") }).click();
  const linkField = page.locator(".field", { has: page.getByLabel(get("en", "admin.content.link"), { exact: true }) });
  await expect(linkField.locator(".field__error")).toHaveText(get("en", "benefitContent.link"));
  await expect(field(page, "translations.ko.name")).toHaveValue(`법률 상담 ${suffix}`);
  await page.getByLabel(get("en", "admin.content.link"), { exact: true }).fill("https://www.klac.or.kr");
  await page.getByRole("button", { name: get("en", "admin.edit.save") }).click();
  await expect(page).toHaveURL(/\/admin\/benefits$/);
  const benefitRow = page.locator(".admin-row", { hasText: benefit });
  await expect(benefitRow).toContainText(`법률 상담 ${suffix}`);
  await benefitRow.getByRole("link", { name: get("en", "admin.notices.edit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("en", "titles.adminEditBenefit"));
  await expect(page.getByLabel(get("en", "admin.content.link"), { exact: true })).toHaveValue("https://www.klac.or.kr");
  await field(page, "translations.ko.name").fill(`법률 상담 (수정) ${suffix}`);
  await page.getByRole("button", { name: get("en", "admin.edit.save") }).click();
  await expect(page.locator(".admin-row", { hasText: benefit })).toContainText(`법률 상담 (수정) ${suffix}`);

  // An offer, in Korean.
  const offer = `e2e-offer-${suffix}`;
  await useLanguage(context, "ko");
  await page.goto("/admin/offers/edit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("ko", "titles.adminNewOffer"));
  await page.getByLabel(get("ko", "admin.edit.itemCd"), { exact: true }).fill(offer);
  await page.getByLabel(get("ko", "admin.content.partner"), { exact: true }).fill("K-Mobile");
  await page.getByLabel(get("ko", "admin.content.offerLink"), { exact: true }).fill("https://example.com/sim");
  await page.getByLabel(get("ko", "admin.content.priceMin"), { exact: true }).fill("33000");
  await field(page, "checkedOn").fill("2026-11-21");
  await field(page, "translations.ko.title").fill(`선불 유심 ${suffix}`);
  await field(page, "translations.ko.description").fill("30일 데이터 무제한");
  await page.getByRole("button", { name: get("ko", "admin.edit.save") }).click();
  await expect(page).toHaveURL(/\/admin\/offers$/);
  const offerRow = page.locator(".admin-row", { hasText: offer });
  await offerRow.getByRole("link", { name: get("ko", "admin.notices.edit") }).click();
  await page.getByLabel(get("ko", "admin.content.priceMax"), { exact: true }).fill("55000");
  await page.getByRole("button", { name: get("ko", "admin.edit.save") }).click();
  await expect(page).toHaveURL(/\/admin\/offers$/);
  await page.goto("/shop");
  await expect(page.locator(".offer", { hasText: `선불 유심 ${suffix}` })).toContainText("55,000");

  // A terms version, in Vietnamese: a draft, then edited and published.
  const version = `v-${suffix}`;
  const effectiveOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await useLanguage(context, "vi");
  await page.goto("/admin/terms/edit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("vi", "titles.adminNewTerms"));
  await page.getByLabel(get("vi", "admin.terms.document"), { exact: true }).selectOption("service");
  await page.getByLabel(get("vi", "admin.terms.version"), { exact: true }).fill(version);
  await page.getByLabel(get("vi", "admin.terms.effectiveOn"), { exact: true }).fill(effectiveOn);
  await field(page, "translations.ko.title").fill("서비스 이용약관");
  await field(page, "translations.ko.sections").fill("## 목적\n이 약관은 서비스 이용 조건을 정해요.");
  await page.getByRole("button", { name: get("vi", "admin.edit.save"), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/terms$/);
  const termsRow = page.locator(".admin-row", { hasText: version });
  await expect(termsRow).toContainText(get("vi", "admin.terms.state.draft"));
  await termsRow.getByRole("link", { name: get("vi", "admin.notices.edit") }).click();
  await expect(field(page, "translations.ko.sections")).toHaveValue(/## 목적/);
  await field(page, "translations.ko.summary").fill("목적 조항을 새로 썼어요.");
  await page.getByRole("button", { name: get("vi", "admin.edit.publish") }).click();
  await expect(page).toHaveURL(/\/admin\/terms$/);
  await expect(page.locator(".admin-row", { hasText: version })).toContainText(
    get("vi", "admin.terms.state.announced"),
  );

  // Right to left in Urdu, the Korean original's fields marked as Korean.
  await useLanguage(context, "ur");
  await page.goto("/admin/benefits/edit");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(get("ur", "titles.adminNewBenefit"));
  await expect(field(page, "translations.ko.name")).toHaveAttribute("lang", "ko");
  await expect(field(page, "translations.ur.name")).toHaveAttribute("dir", "rtl");
});

test("the notice preview opens on itself, above the long form the admin pressed it at the bottom of", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await hideTodayPopup(context);
  await signInAsAdmin(context, baseURL!);
  await useLanguage(context, "ko");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/notices/edit");
  await page.getByLabel(get("ko", "admin.edit.itemCd"), { exact: true }).fill("e2e-preview");
  await page.getByLabel(get("ko", "admin.edit.category"), { exact: true }).selectOption({ index: 1 });
  await field(page, "translations.ko.title").fill("미리보기 점검");
  await field(page, "translations.ko.body").fill("**굵게** 쓴 본문이에요.");
  await page.getByRole("button", { name: get("ko", "admin.edit.preview") }).click();
  const heading = page.getByRole("heading", { name: get("ko", "admin.edit.previewTitle") });
  await expect(heading).toBeInViewport();
  if (javaScriptEnabled) await expect(heading).toBeFocused();
  await expect(page.locator(".admin-preview strong")).toHaveText("굵게");
  // What was typed stays in the form below it.
  await expect(field(page, "translations.ko.title")).toHaveValue("미리보기 점검");
});
