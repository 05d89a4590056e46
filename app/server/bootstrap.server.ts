/**
 * What the Node server (server.ts) needs from the app before and around the
 * Remix handler: configuration, the services, the logger, the CSP allowances of
 * the analytics hosts, and the words of the answers it gives before a route runs.
 * It reaches server.ts as the `bootstrap` export of entry.server.tsx, through the
 * Remix build: server.ts imports nothing from app/, so every module, class and
 * cache of the app exists once per process.
 */
import { cspAllowances } from "~/lib/analytics";
import { isCrawler } from "~/lib/crawler.server";
import { isStorable, unstorableField } from "~/lib/text";
import { ssoErrorPage } from "~/sso/errorPage.server";
import { directionOf } from "~/i18n/config";
import { languageOf } from "~/i18n/i18next.server";
import { i18nFor } from "~/i18n/instances.server";
import type { Services } from "~/context";
import { ConfigError, processConfig, type Config } from "~/infra/config.server";
import { log } from "~/infra/log.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { inRequestScope } from "~/infra/requestScope.server";
import { pageTemplate, pageText } from "./pageResponse.server";
import { readiness, startServices, stopServices } from "./services.server";

/** The answers the server gives before a route runs, by status: their message key. */
const PLAIN_ANSWER_KEYS = {
  400: "errors.badRequest",
  // A cross-site post: to the person who sent it, a request we could not take, whatever the page that made it.
  403: "errors.badRequest",
  405: "errors.methodNotAllowed",
  413: "errors.tooLarge",
  429: "errors.tooManyRequests",
} as const;

export type PlainStatus = keyof typeof PLAIN_ANSWER_KEYS;

export interface PlainWords {
  lang: string;
  dir: "ltr" | "rtl";
  message: string;
  home: string;
}

/** The words of a plain answer in the request's language (detected from its cookie and Accept-Language). */
async function plainWords(request: Request, status: PlainStatus): Promise<PlainWords> {
  const lang = await languageOf(request);
  const t = (await i18nFor(lang)).getFixedT(lang, "common");
  return { lang, dir: directionOf(lang), message: t(PLAIN_ANSWER_KEYS[status]), home: t("errors.goHome") };
}

/** The configuration, or the reasons it is invalid (each naming its variable). */
function readConfig(): { ok: true; config: Config } | { ok: false; problem: string } {
  try {
    return { ok: true, config: processConfig() };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, problem: error.message };
    throw error;
  }
}

export const bootstrap = {
  readConfig,
  startServices: (config: Config) => startServices(config),
  stopServices: (services: Services) => stopServices(services),
  readiness: (services: Services) => readiness(services),
  inRequestScope,
  pageText,
  pageTemplate,
  // A crawler's shared page is kept apart from a person's (server/pageCache.ts).
  isCrawler,
  cspAllowances,
  plainWords,
  /** The one rule for text the database cannot keep, for the server's edges (server/unstorable.ts). */
  unstorableField,
  isStorable,
  /** Single sign-on's error page, for what the /sso mount refuses before the provider runs. */
  ssoErrorPage,
  log,
  // The one redirect helper, for the server's redirect of a page to its route's own spelling (server/policy.ts).
  safeRedirect,
};

export type Bootstrap = typeof bootstrap;
