/**
 * Server render: every page in the visitor's language, with the request's CSP
 * nonce on inline scripts. Crawlers get the whole document at once; when a page
 * fails fatally they get only the status and a minimal body (the error is logged).
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n/i18n";
import { i18nServer, languageOf } from "./i18n/i18next.server";
import { allResources } from "./i18n/resources.server";
import { NonceContext } from "./nonce";

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  process.stderr.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      path: url.pathname,
      bot: isbot(request.headers.get("user-agent")),
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    })}\n`,
  );
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent"));
  if (bot && responseStatusCode >= 500) {
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }

  const lng = await languageOf(request);
  const ns = i18nServer.getRouteNamespaces(remixContext);
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    ...i18nOptions,
    lng,
    ns,
    resources: allResources(),
    initImmediate: false,
  });
  const nonce = loadContext?.cspNonce ?? "";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
