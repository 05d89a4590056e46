/**
 * The Remix app behind the server's policy: its build's version, and its request
 * handler, given a fetch Request whose body is bounded by the route's policy and
 * whose URL is the checked one.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { sendResponse, sendWhole, sendWithBody, type Answer } from "./answers";
import type { Bootstrap, Config, Services } from "./appTypes";
import { boundedBody, discardRest, streamedBody, type StreamedBody } from "./body";
import { createDocumentGzip, type DocumentGzip } from "./documentGzip";
import { createPageCache, pageCacheKey } from "./pageCache";
import type { RoutePolicy } from "./policy";

/** Headers the Request Remix sees does not take from the client's: framing, and hosts other than the checked one. */
const UNFORWARDED_HEADERS = new Set(["transfer-encoding", "content-length", "host", "x-forwarded-host", "forwarded"]);

/**
 * The fetch Request Remix sees. Built here rather than by @remix-run/express so
 * that the body is bounded and already read, and the URL comes from the
 * configured origin (hosted) or a checked Host header (local), never from a
 * header a client made up.
 */
function remixRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  checked: URL,
  body: Buffer | ReadableStream<Uint8Array> | null,
): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // The host was checked above and is the URL's: a forwarded one Remix would compare again is not passed on.
    if (value === undefined || UNFORWARDED_HEADERS.has(name)) continue;
    // An opaque origin that refuseCrossSite let through (our own no-referrer page, decision 0071): Remix would
    // compare it with the host again and refuse it.
    if (name === "origin" && value === "null") continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set("Host", checked.host);
  return new Request(remixUrl(checked), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body ? { body, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Sends a page to a client that takes gzip compressed with its recurring parts compressed once (documentGzip.ts);
 * any other answer as it is (the compression middleware then does what it does for everything else).
 */
async function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  documents: DocumentGzip,
  { pageText, pageTemplate }: Pick<Bootstrap, "pageText" | "pageTemplate">,
) {
  const isPage =
    response.body &&
    !response.headers.has("Content-Encoding") &&
    response.headers.get("Content-Type")?.startsWith("text/html");
  if (!isPage || !acceptsGzip(req)) return sendResponse(res, response);
  const template = pageTemplate(response);
  const body = template
    ? documents.gzipTemplate(template)
    : documents.gzip(pageText(response) ?? (await response.text()));
  const vary = response.headers.get("Vary");
  sendWithBody(res, response, body, {
    "Content-Encoding": "gzip",
    "Content-Length": String(body.length),
    Vary: vary && /accept-encoding/i.test(vary) ? vary : [vary, "Accept-Encoding"].filter(Boolean).join(", "),
  });
}

/** Backslashes, percent-encoded, at the start of a path (past its slashes). */
const LEADING_ENCODED_BACKSLASHES = /^(\/+)((?:%5C)+)/i;

/**
 * The URL Remix gets: the checked one, except that backslashes encoded at the start of its path are encoded once
 * more. React Router decodes the root splat route's match of `/%5C…` to `/\…`, and its server `encodeLocation`
 * reads that as a scheme-relative URL (a backslash is a slash to the URL parser): with no host it throws, a 500
 * (remix-run/react-router#15140, reported on v7; our 6.30 has it). Encoded again, the splat route gets `%5C…`, which no route
 * has, and answers the app's own 404 page; any path is still answered on this origin, never sent elsewhere.
 */
function remixUrl(checked: URL): string {
  const url = new URL(checked);
  url.pathname = url.pathname.replace(
    LEADING_ENCODED_BACKSLASHES,
    (_path, slashes: string, backslashes: string) => `${slashes}${backslashes.replaceAll("%", "%25")}`,
  );
  return url.href;
}

/** Whether the client takes a gzip body (Accept-Encoding names gzip, or *, with a weight above 0). */
function acceptsGzip(req: ExpressRequest) {
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

function isLoopback(address: string | undefined) {
  return Boolean(address && (address === "::1" || /^(?:::ffff:)?127\./.test(address)));
}

/** The browser polls this to learn that a new build was deployed. */
export function buildVersion(build: ServerBuild, config: Config): RequestHandler {
  // In local mode also the Node that runs the server (tests hold it to the carried runtime: decision 0085);
  // a hosted server keeps its runtime to itself.
  const runtime = config.mode === "local" ? { runtime: process.version } : {};
  return (_req, res) => {
    res.set("Cache-Control", "no-store").json({ version: build.assets.version, ...runtime });
  };
}

/**
 * The Remix request handler, as Express middleware (`use`, not `all("*")`: Express would decode the path as a
 * parameter, and throw on a malformed one). The body is read within the route's policy (`res.locals.policy`).
 */
export function remixHandler(
  build: ServerBuild,
  config: Config,
  services: Services,
  answer: Answer,
  app: Pick<Bootstrap, "inRequestScope" | "pageText" | "pageTemplate" | "isCrawler">,
): RequestHandler {
  // inRequestScope: runs the app's handling of one request in its scope (reads its loaders repeat, made once for
  // a GET). pageText: a page's HTML without reading its body back; pageTemplate: a cached render's. isCrawler: the app's one judgement of a user
  // agent, for the shared pages' key.
  const { inRequestScope, pageText, isCrawler } = app;
  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  const pageCache = createPageCache(config.NODE_ENV === "development" ? 0 : config.PAGE_CACHE_SECONDS);
  const documents = createDocumentGzip();
  return async (req, res, next) => {
    const policy = res.locals.policy as RoutePolicy;
    const nonce = res.locals.cspNonce as string;
    const cacheKey = policy.shared
      ? pageCacheKey(
          req.method,
          req.originalUrl,
          req.headers,
          isCrawler(req.get("user-agent") ?? null) ? "crawler" : "person",
        )
      : null;
    // Nothing kept for it, nothing to check: the mark is read only before an answer from the cache.
    if (pageCache.holds(cacheKey)) {
      let mark: number | null = null;
      try {
        mark = await services.stores.changeMark();
      } catch {
        // The storage does not answer (a database restarting): nothing kept can be trusted to be current, and the
        // route runs, answering its own error page if it needs the storage. The next mark read syncs again.
        pageCache.clear();
      }
      try {
        if (mark !== null) {
          pageCache.sync(mark);
          const kept = pageCache.answer(cacheKey, nonce, acceptsGzip(req));
          if (kept) return sendWhole(res, kept);
        }
      } catch (error) {
        return next(error);
      }
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    let body: Buffer | ReadableStream<Uint8Array> | null = null;
    let streamed: StreamedBody | null = null;
    const tooLarge = () => {
      // The rest of an oversized body is never read: the connection ends with the answer.
      res.setHeader("Connection", "close");
      answer(req, res, 413);
    };
    if (hasBody && policy.streamed) {
      // Even past its limit, the route reads what it can take, so the form keeps the text sent before the photos.
      streamed = streamedBody(req, policy.maxBody);
      body = streamed.stream;
    } else {
      try {
        body = await boundedBody(req, policy.maxBody);
      } catch (error) {
        if ((error as { status?: number }).status === 413) return tooLarge();
        res.setHeader("Connection", "close");
        return answer(req, res, 400);
      }
    }
    try {
      const response = await inRequestScope(req.method, () =>
        handleRequest(remixRequest(req, res, res.locals.url as URL, body), {
          services,
          cspNonce: nonce,
          buildVersion: build.assets.version,
          clientAddress: req.ip ?? "",
          fromThisMachine: isLoopback(req.socket.remoteAddress) && !req.get("x-forwarded-for") && !req.get("forwarded"),
          rateLimited: (res.locals.rateLimited as number | undefined) ?? null,
          node: { req, res },
        }),
      );
      // The route answered before the body's end (it stopped reading, or went past the limit): the rest is
      // discarded as it arrives, so the browser, still sending, then reads the answer on a live connection.
      // (A body the route never read is discarded by Node itself.)
      if (streamed?.touched && !req.complete) discardRest(req, policy.maxBody);
      // A post may have changed what a shared page shows (an admin's edit): this process draws them again.
      if (hasBody) pageCache.clear();
      // The page's text is made only for a page kept: a member's home is shared but never kept.
      const answered = await pageCache.keep(cacheKey, response, nonce, () => pageText(response));
      await sendPage(req, res, answered, documents, app);
    } catch (error) {
      next(error);
    }
  };
}
