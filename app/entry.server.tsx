/**
 * Server render: every page in the visitor's language, with the request's CSP
 * nonce on inline scripts. When a page fails fatally, crawlers get only the status
 * and a minimal body (the error is logged).
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n/i18n";
import { namespaces } from "./i18n/config";
import { languageOf } from "./i18n/i18next.server";
import { allResources } from "./i18n/resources.server";
import { NonceContext } from "./nonce";

const ABORT_DELAY = 5_000;

/**
 * One i18next instance per language, made on first use and shared by every render
 * in that language: all namespaces are in memory and nothing ever changes an
 * instance's language, so sharing is safe and saves an init per request.
 */
const renderers = new Map<string, Promise<i18n>>();

function rendererFor(lng: string): Promise<i18n> {
  let renderer = process.env.NODE_ENV === "development" ? undefined : renderers.get(lng);
  if (!renderer) {
    const instance = createInstance();
    renderer = instance
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, ns: [...namespaces], resources: allResources(), initImmediate: false })
      .then(() => instance);
    renderers.set(lng, renderer);
  }
  return renderer;
}

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

  const instance = await rendererFor(await languageOf(request));
  const nonce = loadContext?.cspNonce ?? "";

  // No route defers data (loaders finish before rendering starts), so streaming
  // gains nothing: the whole document is rendered, then sent in one write, which
  // compresses in one pass instead of one per chunk.
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
