/**
 * Which stylesheets a page needs: the app's own (`app.css`: the design tokens, the
 * frame, header, tabs, footer, buttons, notices and error pages) on every page, and the sheets of
 * its features, which its routes declare in `handle.styles` (the built URLs their
 * CSS imports give). Each page's HTML carries exactly those, inlined (see
 * inlineAssets.tsx): a phone's first paint waits for no more CSS than the page uses
 * (docs/decisions/0027-stylesheets-per-feature.md).
 *
 * A page reached by a client navigation may need a sheet the first page did not
 * bring: `loadStylesheet` adds it to the document when the navigation starts
 * (preloadNextPage.ts), and the page is not shown until it has loaded.
 */
import appStylesheet from "~/styles/app.css";
import benefitsStylesheet from "~/styles/benefits.css";
import communityStylesheet from "~/styles/community.css";
import devStylesheet from "~/styles/dev.css";
import dialogStylesheet from "~/styles/dialog.css";
import exchangeStylesheet from "~/styles/exchange.css";
import formsStylesheet from "~/styles/forms.css";
import homeStylesheet from "~/styles/home.css";
import joinStylesheet from "~/styles/join.css";
import languageStylesheet from "~/styles/language.css";
import loanStylesheet from "~/styles/loan.css";
import mypageStylesheet from "~/styles/mypage.css";
import noticesStylesheet from "~/styles/notices.css";
import remittanceStylesheet from "~/styles/remittance.css";
import termsStylesheet from "~/styles/terms.css";
import visaFinderStylesheet from "~/styles/visaFinder.css";

export { appStylesheet };

/**
 * The features' stylesheets, for routes' `handle.styles`. Imported here, once: a
 * CSS import shared by several routes would otherwise become a JavaScript chunk
 * of its own, one more request per page (tests/integration/chunks.test.ts).
 */
export const featureStyles = {
  /** Benefits (/benefit) and the partner shop (/shop): cards of facts and of offers. */
  benefits: benefitsStylesheet,
  /** The community (feeds, comments, the post form, reports, review) and the inbox. */
  community: communityStylesheet,
  /** Local mode's developer pages. */
  dev: devStylesheet,
  /** The message box: loaded when a dialog first opens (lib/dialog/open.ts), never with a page. */
  dialog: dialogStylesheet,
  /** Currency exchange (/finance/currencyExchange): the calculator, its answer and the rates' cards. */
  exchange: exchangeStylesheet,
  /** Fields, buttons and checkboxes of every form. */
  forms: formsStylesheet,
  home: homeStylesheet,
  /** The joins' steps: progress, terms checklist, visa choice, completion. */
  join: joinStylesheet,
  language: languageStylesheet,
  /** The loan calculator (/finance/loan): its form, result and schedule. */
  loan: loanStylesheet,
  /** My page: the settings list and the account pages. */
  mypage: mypageStylesheet,
  /** Notices (their list and page) and the admin area. */
  notices: noticesStylesheet,
  /** The remittance estimate (/finance/remittance). */
  remittance: remittanceStylesheet,
  /** Terms and policies, on their page and in the checklist's sheet (loaded when it opens). */
  terms: termsStylesheet,
  visaFinder: visaFinderStylesheet,
};

/** The stylesheets a route module's `handle.styles` names. */
export function stylesOf(module: { handle?: unknown } | undefined): string[] {
  const declared = (module?.handle as { styles?: unknown } | undefined)?.styles;
  return Array.isArray(declared) ? declared.filter((href): href is string => typeof href === "string") : [];
}

/** A page's stylesheets, app's first, each once, from its matched routes' modules (root first). */
export function pageStylesheets(modules: ({ handle?: unknown } | undefined)[]): string[] {
  return [...new Set([appStylesheet, ...modules.flatMap(stylesOf)])];
}

/** Sheets added to this document, by URL: settled once loaded (or failed: the page is then shown as it is). */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

export const STYLESHEET_ATTRIBUTE = "data-href";

/**
 * Null when the sheet is in the document and loaded; otherwise the promise of its
 * load, adding a `<link rel="stylesheet">` for it the first time. The link stays:
 * each sheet's rules are scoped by its feature's class names, and a later visit to
 * the feature finds it loaded.
 */
export function loadStylesheet(href: string, doc: Document = document): Promise<void> | null {
  if (loaded.has(href)) return null;
  const present = doc.head.querySelector(`[${STYLESHEET_ATTRIBUTE}="${CSS.escape(href)}"]`);
  if (present && !loading.has(href)) {
    // Inlined or linked by the server: loaded before the page was shown.
    loaded.add(href);
    return null;
  }
  let promise = loading.get(href);
  if (!promise) {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.setAttribute(STYLESHEET_ATTRIBUTE, href);
    promise = new Promise<void>((resolve) => {
      const settle = () => {
        loaded.add(href);
        loading.delete(href);
        resolve();
      };
      link.addEventListener("load", settle, { once: true });
      link.addEventListener("error", settle, { once: true });
    });
    loading.set(href, promise);
    doc.head.append(link);
  }
  return promise;
}
