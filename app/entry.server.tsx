/**
 * Server render: every page in the visitor's language, with the request's CSP
 * nonce on inline scripts. When a page fails fatally, crawlers get only the status
 * and a minimal body (the error is logged).
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { isCrawler } from "./lib/crawler.server";
import { defaultNamespace, namespacesOf } from "./i18n/config";
import { languageOf } from "./i18n/i18next.server";
import { isDevelopment } from "./infra/config.server";
import { log } from "./infra/log.server";
import type { Catalog } from "./i18n/catalog";
import { catalogFor } from "./i18n/instances.server";
import { CatalogProvider } from "./i18n/useTranslation";
import { inlinableStylesheet, InlineAssetsContext, jsonForScript } from "./lib/inlineAssets";
import { modulePreloadHeader, pageModules } from "./lib/pageModules";
import { pageStylesheets } from "./lib/stylesheets";
import { NonceContext } from "./nonce";
import { pageResponse } from "./server/pageResponse.server";

const ABORT_DELAY = 5_000;

/**
 * Rendered documents, keyed by everything a render reads: language, URL and the
 * loaders' data (the build is fixed for the life of the process). Loaders still
 * run on every request, so redirects and personal data stay live; only the React
 * render of an identical page is reused. The CSP nonce is rendered as a
 * placeholder and filled in per response.
 */
const NONCE_SLOT = `nonce-slot-${randomUUID()}`;
const renderCache = new LRUCache<string, string>({
  max: 500,
  // Bounded in bytes too: a page is tens of KiB (UTF-16 in memory).
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html) => html.length * 2 + 64,
  ttl: 60_000,
});

function renderCacheKey(request: Request, status: number, context: EntryContext, lng: string): string | null {
  if (isDevelopment()) return null;
  if (request.method !== "GET" || (status !== 200 && status !== 404)) return null;
  const { actionData, errors, loaderData } = context.staticHandlerContext;
  // Thrown responses (a 404) are plain data; thrown Errors are not, and are never reused.
  if (actionData || (errors && !Object.values(errors).every(isRouteErrorResponse))) return null;
  // Kept as a digest: the loaders' data can be large, and only equality matters.
  return createHash("sha256")
    .update([status, lng, request.url, JSON.stringify(loaderData), JSON.stringify(errors)].join("\n"))
    .digest("base64url");
}

/**
 * Pages that show personal data are never stored by a browser or a shared cache:
 * any page for a signed-in member, and the pages that declare `personal` in their
 * handle (sign-up steps, recovery, codes).
 */
const PRIVATE = "private, no-store";

function isPersonal(context: EntryContext): boolean {
  const root = context.staticHandlerContext.loaderData.root as { member?: unknown } | undefined;
  if (root?.member) return true;
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { personal?: unknown } | undefined)?.personal === true,
  );
}

/**
 * What a public page depends on, for caches between us and the visitor (RFC 9110 §12.5.5, RFC 9111; decision 0084).
 * Every public page depends on the Cookie header (a session makes it a member's page, which is private). Its
 * language is the address's `?lng=` when that names a language exactly; otherwise the cookie's or
 * Accept-Language's, which no shared cache should key on (every browser sends its own list): such a page is
 * `private`. Either may be kept, but is asked for again each time (`no-cache`): what a page shows changes with
 * the content, and the server's own cache of shared pages (decision 0068) makes asking cheap. A route that set
 * its own Cache-Control keeps it.
 */
function publicPageCaching(request: Request, lng: string, headers: Headers) {
  const named = new URL(request.url).searchParams.get("lng") === lng;
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", named ? "public, no-cache" : "private, no-cache");
  headers.append("Vary", named ? "Cookie" : "Accept-Language, Cookie");
}

/** Loader and action data fetched by the browser is per visitor: never stored. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE);
  return response;
};

const ROUTE_ID = /^[\w.$/()-]{1,120}$/;

/**
 * An unexpected error is logged as an error. A client's mistake that Remix answers itself with a 4xx (a `_data`
 * naming a route that does not match the URL or has no loader, an action's `_data` on a GET) is not: it is a
 * warning saying what was asked and the status answered, so no visitor can write error lines at will.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const fields = { path: url.pathname, bot: isCrawler(request.headers.get("user-agent")) };
  if (isRouteErrorResponse(error) && error.status < 500) {
    const routeId = url.searchParams.get("_data");
    log.warn("route.refused", {
      ...fields,
      method: request.method,
      status: error.status,
      reason: error.statusText,
      // The route id a data request named: the client's text, logged only when it looks like one.
      ...(routeId === null ? {} : { routeId: ROUTE_ID.test(routeId) ? routeId : "(not a route id)" }),
    });
    return;
  }
  log.error("route", error, fields);
};

/** What server.ts needs from the app at start: it reads this from the build (see server/bootstrap.server.ts). */
export { bootstrap } from "./server/bootstrap.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const bot = isCrawler(request.headers.get("user-agent"));
  if (bot && responseStatusCode >= 500) {
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }

  // The root loader detected the language already; detect again only if it did not run.
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: string } | undefined;
  const lng = rootData?.locale ?? (await languageOf(request));
  const nonce = loadContext?.cspNonce ?? "";
  const key = renderCacheKey(request, responseStatusCode, remixContext, lng);
  let html = key ? renderCache.get(key) : undefined;
  if (html === undefined) {
    const status = responseStatusCode;
    html = await render(lng, key ? NONCE_SLOT : nonce);
    // A render that failed part-way changed the status: never reuse it.
    if (key && responseStatusCode === status) renderCache.set(key, html);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The browser asks for the page's modules as the headers arrive, before the head's stylesheets (decision 0116).
  const preloads = modulePreloadHeader(
    pageModules(
      remixContext.manifest,
      remixContext.staticHandlerContext.matches.map((match) => match.route.id),
    ),
    nonce,
  );
  if (preloads) responseHeaders.set("Link", preloads);
  if (isPersonal(remixContext)) responseHeaders.set("Cache-Control", PRIVATE);
  else publicPageCaching(request, lng, responseHeaders);
  // A cached render goes as its template: the server compresses it once and joins each answer's nonce in.
  return pageResponse(key ? { key, template: html, slot: NONCE_SLOT, value: nonce } : html, {
    headers: responseHeaders,
    status: responseStatusCode,
  });

  async function render(language: string, renderNonce: string) {
    const catalog = catalogFor(language);
    const inline = {
      stylesheets: Object.fromEntries(
        pageStylesheets(
          remixContext.staticHandlerContext.matches.map((m) => remixContext.routeModules[m.route.id]),
        ).map((href) => [href, builtStylesheet(href)]),
      ),
      translations: pageTranslations(remixContext, catalog),
    };
    return renderDocument(
      <NonceContext.Provider value={renderNonce}>
        <InlineAssetsContext.Provider value={inline}>
          <CatalogProvider catalog={catalog}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={renderNonce} />
          </CatalogProvider>
        </InlineAssetsContext.Provider>
      </NonceContext.Provider>,
      renderNonce,
      (status) => (responseStatusCode = status),
    );
  }
}

/**
 * The routes whose words the page carries: every match, down to the first that answered 404 (its loader threw
 * it), which with everything below it ships none of its namespaces. The 404 a visitor gets under /admin/* is then
 * the unknown path's page in its words too (decision 0054): not the admin area's section names, labels and messages.
 */
function wordedMatches(context: EntryContext) {
  const { matches, errors } = context.staticHandlerContext;
  const notFoundAt = matches.findIndex((match) => {
    const error = errors?.[match.route.id];
    return isRouteErrorResponse(error) && error.status === 404;
  });
  return notFoundAt === -1 ? matches : matches.slice(0, notFoundAt);
}

/**
 * The translations the page's routes declare (`handle.i18n`, root's `common`
 * included) in its language, for the HTML: the browser's catalog starts from them.
 */
function pageTranslations(context: EntryContext, catalog: Catalog): string {
  const wanted = new Set<string>([defaultNamespace]);
  for (const match of wordedMatches(context)) {
    for (const ns of namespacesOf(context.routeModules[match.route.id])) wanted.add(ns);
  }
  const bundles: Record<string, unknown> = {};
  for (const ns of wanted) bundles[ns] = catalog.bundle(ns);
  return jsonForScript(bundles);
}

/** Where server.ts serves the built assets from: `public/` beside the directory of this build. */
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const stylesheets = new Map<string, string | null>();

/**
 * A built stylesheet's text, read once (on every render in development, where it
 * changes). Null when it cannot be read or inlined: the page links it instead.
 */
function builtStylesheet(href: string): string | null {
  const known = stylesheets.get(href);
  if (known !== undefined && !isDevelopment()) return known;
  let text: string | null = null;
  // Not a built URL: rendered from source, where the stylesheets are not built (tests).
  if (href.startsWith("/build/")) {
    try {
      text = inlinableStylesheet(fs.readFileSync(path.join(publicDir, href), "utf8"));
    } catch (error) {
      log.error("stylesheet", error, { href });
    }
  }
  stylesheets.set(href, text);
  return text;
}

/**
 * Remix renders its `<link rel="modulepreload">` tags without the nonce, and the
 * CSP's 'strict-dynamic' ignores 'self', so the browser refused every preload and
 * each module waited until the module importing it had arrived and run: one round
 * trip per level of imports. With the nonce, all of a page's modules are requested
 * as soon as the HTML names them.
 */
function withPreloadNonce(html: string, nonce: string): string {
  return html.replaceAll('<link rel="modulepreload" href=', `<link rel="modulepreload" nonce="${nonce}" href=`);
}

/**
 * React 18.3's Node stream writes a full 2 KiB buffer when a multi-byte character does not fit in what is left of
 * it, the unfilled bytes included: a NUL byte or two in the middle of Korean, Bengali, Burmese or Khmer text
 * (facebook/react#24985; fixed upstream by #26228, in no 18.x release). No page of ours holds a NUL (content refuses
 * control characters), so every one is that padding (docs/decisions/0056).
 */
function withoutPadding(html: string): string {
  return html.includes("\0") ? html.replaceAll("\0", "") : html;
}

/**
 * No route defers data (loaders finish before rendering starts), so streaming
 * gains nothing: the whole document is rendered to one string and sent in one
 * write, which also compresses in one pass instead of one per chunk.
 */
function renderDocument(element: ReactElement, nonce: string, failed: (status: number) => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(withPreloadNonce(withoutPadding(Buffer.concat(chunks).toString("utf8")), nonce));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        failed(500);
        log.error("render", error);
      },
    });
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
