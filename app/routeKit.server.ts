/**
 * Everything a route's loader and action use on the server, in one import.
 *
 * Why one module: for the browser, Remix empties every `*.server` module (and
 * `@remix-run/node`), but each one a route imports would still cost an empty
 * chunk and a request on that page's first load. Imported from here, there is
 * one empty stand-in, and `~/pageKit` puts it in React's chunk (decisions 0022,
 * 0026). Routes import server code from this module only (a lint rule says so);
 * types may come from anywhere.
 */
export { json, redirect } from "@remix-run/node";

export * from "~/admin/admin.server";
export * from "~/admin/contentForms.server";
export { auditActionLabel, auditTargetLabel, corridorFactLabel, rateOutcomeLabel } from "~/admin/labels";
export { recordAudit } from "~/content/audit.server";
export { isConfirmed } from "~/lib/confirm";
export * from "~/account/lifecycle.server";
export * from "~/auth/google.server";
export * from "~/auth/password.server";
export * from "~/auth/passwordAttempts.server";
export * from "~/auth/phoneLogin.server";
export * from "~/auth/recovery.server";
export * from "~/auth/session.server";
export * from "~/auth/signInForm.server";
export * from "~/benefits/benefits.server";
export * from "~/community/community.server";
export * from "~/community/inbox.server";
export * from "~/community/schemas.server";
export * from "~/community/uploads.server";
export * from "~/community/views.server";
export { PHOTO_LIMITS } from "~/community/photos.server";
export { photoNames } from "~/community/files.server";
export { cleanText, excerpt, linkSegments } from "~/community/text";
export * from "~/countries/countries.server";
export {
  CORRIDOR_FORM_ROWS,
  OWN_RESEARCH,
  readCorridorForm,
  TYPICAL_BANK_COUNTER,
  type CorridorFormValues,
} from "~/finance/corridors.server";
export { corridorsKind } from "~/finance/corridorsKind.server";
export { remittancePage } from "~/finance/remittancePage.server";
export * from "~/finance/loanPage.server";
export * from "~/finance/payPage.server";
export * from "~/finance/severancePage.server";
export * from "~/finance/leavingPage.server";
export * from "~/finance/loanProducts.server";
export { loanProductsKind } from "~/finance/loanProductsKind.server";
export * from "~/forms/form.server";
export * from "~/finance/exchange.server";
export { OPERATOR_CURRENCIES } from "~/finance/exchange";
export { decimalText } from "~/finance/money";
export { safeRedirect, safeRedirectWith } from "~/lib/safeRedirect";
export { operatorRateItem, rateCoverage, saveOperatorRate } from "~/finance/rates.server";
export { homeRate, type HomeRate } from "~/finance/homeRate.server";
export { lastUseHeaders, lastUseLinks, passLastUseCookie, rememberLastUse } from "~/finance/lastUsed.server";
export * from "~/i18n/i18next.server";
export * from "~/i18n/languageChoice.server";
export * from "~/i18n/resources.server";
export { analyticsFor } from "~/lib/analytics";
export { publicConfig, publicOrigin } from "~/infra/config.server";
export * from "~/infra/http.server";
export { log } from "~/infra/log.server";
export { isCrawler } from "~/lib/crawler.server";
export * from "~/members/account.server";
export * from "~/members/accountSchemas.server";
export * from "~/members/home.server";
export * from "~/members/members.server";
export * from "~/notices/notices.server";
export * from "~/notices/schemas.server";
export { renderMarkdown } from "~/notices/markdown.server";
export * from "~/seo/seo.server";
export * from "~/seo/sitemap.server";
export * from "~/members/settings.server";
export { phoneCountriesIn } from "~/phone/phoneNumber.server";
export * from "~/signup/complete.server";
export * from "~/signup/draft.server";
export * from "~/signup/flow.server";
export * from "~/signup/phoneStep.server";
export * from "~/signup/residenceStep.server";
export * from "~/signup/schemas.server";
export * from "~/sso/interaction.server";
export * from "~/sso/partners.server";
export * from "~/terms/terms.server";
export * from "~/terms/updateForm.server";
export * from "~/terms/view.server";
// Plain modules that these routes use on the server only (imported directly, they would leave an empty chunk).
export { stepAfter, stepPosition } from "~/signup/steps";
export * from "~/verification/codes.server";
export * from "~/visa/catalogue.server";
export { extensionKitView, type ExtensionKitView } from "~/visa/extensionKits.server";
export { NHIS, WARNING_SOURCES } from "~/visa/extensionPlan";
export { checklistSchema, myKit, saveChecklist } from "~/visa/myKit.server";
export * from "~/visa/reminderSettings.server";
export * from "~/visa/appointment.server";
export { extensionKitsKind } from "~/visa/extensionKitsKind.server";
export { KIT_FIELD, kitText, readExtensionKitForm } from "~/visa/extensionKitForm.server";
export { FEED_CATEGORIES, REPORT_REASONS } from "~/stores/community";
export { NOTICE_CATEGORIES } from "~/stores/notices";
export { CORRIDOR_FACTS, FEE_TIER_CURRENCIES } from "~/stores/corridors";
export { ALL_VISAS, BENEFIT_CATEGORIES, BENEFIT_FACTS } from "~/stores/benefits";
export { allDocuments, versionInForce } from "~/terms/documents";
export { termsKind, TERMS_LIMITS } from "~/terms/termsKind.server";
export { benefitsKind } from "~/benefits/benefitsKind.server";
export { offersKind } from "~/benefits/offersKind.server";
export { isKnownVisa, quickVisaCodes, statusOfVisa } from "~/visa/catalogue";
