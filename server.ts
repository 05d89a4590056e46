/**
 * The Node server: compression, static assets, security headers, rate limits,
 * request logging, health endpoints and graceful shutdown, in front of the Remix
 * request handler. Compiled to build/server.js; `npm start` runs it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import {
  broadcastDevReady,
  createRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import compression from "compression";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import rateLimit, { type Options as RateLimitOptions } from "express-rate-limit";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { LRUCache } from "lru-cache";
import getRawBody from "raw-body";
// Types only (erased when bundled): everything of the app reaches this file through the build.
import type { Bootstrap, PlainStatus } from "./app/server/bootstrap.server";
import type { Config } from "./app/infra/config.server";
import type { Services } from "./app/context";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(buildDir, "..", "public");

/** A form post is a few KiB; a route that takes more (uploads) declares its own `maxBody`. */
const DEFAULT_MAX_BODY = 32 * 1024;
/** The methods the app answers; anything else is 405 before it reaches a route. */
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** A Host (or X-Forwarded-Host) value: a name or an IPv6 literal, with an optional port. */
const HOST_VALUE = /^(?:[a-z0-9](?:[a-z0-9.-]{0,252})|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/**
 * Local mode answers only to an address or `localhost`: a page on another site
 * whose name was re-pointed at this machine (DNS rebinding) is refused, so it
 * cannot read local pages such as /dev/outbox.
 */
const LOCAL_HOST_VALUE = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * What a route declares in its `handle` about how the server treats its requests
 * (read through the build, so nothing here imports the app): `rateLimit: "auth"`
 * puts its posts in the strictest tier (sign-in, sign-up, codes) and answers a
 * post over it here; `"auth-form"` counts the same and leaves the answer to the
 * route's form, which says how long to wait and keeps what was typed
 * (forms/form.server.ts: parseForm); `maxBody` raises the body limit for that
 * route alone, and makes the route read its body itself, as a stream, after it
 * has decided who may send one (a visitor's upload is answered "sign in first"
 * without a byte of it held): `streamed`.
 */
interface RoutePolicy {
  rateLimit: "auth" | "auth-form" | null;
  maxBody: number;
  streamed: boolean;
}

/**
 * The policy of the route that will really answer a URL, matched as Remix matches
 * it (the URL parser's dot-segment removal, then the router's decoding and
 * case-insensitive match), so no other spelling of a path reaches a route with a
 * looser policy.
 */
function routePolicies(build: ServerBuild) {
  type Node = AgnosticRouteObject & { id: string };
  const childrenOf = (parentId: string | undefined): Node[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        return {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          ...(route.index ? { index: true } : { children }),
        } as Node;
      });
  const tree = childrenOf(undefined);
  const fallback: RoutePolicy = { rateLimit: null, maxBody: DEFAULT_MAX_BODY, streamed: false };
  // matchRoutes ranks every route on each call; the answer for a path never changes while the build runs.
  const known = new LRUCache<string, RoutePolicy>({ max: 5000 });
  return (url: URL): RoutePolicy => {
    let policy = known.get(url.pathname);
    if (!policy) known.set(url.pathname, (policy = match(url.pathname)));
    return policy;
  };

  function match(pathname: string): RoutePolicy {
    const matches = matchRoutes(tree, pathname) ?? [];
    const leaf = matches.at(-1);
    const handle = (leaf ? build.routes[leaf.route.id]?.module.handle : undefined) as
      { rateLimit?: unknown; maxBody?: unknown } | undefined;
    const raised = typeof handle?.maxBody === "number" && handle.maxBody > 0;
    return {
      rateLimit: handle?.rateLimit === "auth" || handle?.rateLimit === "auth-form" ? handle.rateLimit : null,
      maxBody: raised ? Math.floor(handle.maxBody as number) : fallback.maxBody,
      streamed: raised,
    };
  }
}

/** A fetch Request carrying only what language detection reads. */
function detectionRequest(req: ExpressRequest) {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  if (req.headers["accept-language"]) headers.set("Accept-Language", req.headers["accept-language"]);
  return new Request(`http://localhost${req.originalUrl.startsWith("/") ? req.originalUrl : "/"}`, { headers });
}

/** English wording of the answers the server gives before a route runs, used if translation fails. */
const ENGLISH_ANSWERS: Record<PlainStatus, string> = {
  400: "The request could not be understood. Please go back and try again.",
  403: "The request could not be understood. Please go back and try again.",
  405: "This page cannot be used that way.",
  413: "What you sent is too large. Please shorten it and try again.",
  429: "Too many requests. Please wait a moment and try again.",
};

/** A small translated page for answers given before a route runs (rate limits, bounds, malformed requests). */
async function plainAnswer(app: Bootstrap, req: ExpressRequest, res: ExpressResponse, status: PlainStatus) {
  let words = { lang: "en", dir: "ltr", message: ENGLISH_ANSWERS[status], home: "Go to the home page" };
  try {
    words = await app.plainWords(detectionRequest(req), status);
  } catch {
    // Keep the English message: these answers must never fail.
  }
  if (res.headersSent) return;
  res
    .status(status)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(
      `<!doctype html><html lang="${words.lang}" dir="${words.dir}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status}</title><p>${words.message}</p><p><a href="/">${words.home}</a></p></html>`,
    );
}

/** The body length the request declares, or null (chunked, or none). */
function declaredLength(req: ExpressRequest): number | null {
  const length = req.headers["content-length"];
  return length && /^\d+$/.test(length) ? Number(length) : null;
}

/** The request's body, refused past `limit` bytes without reading the rest (memory stays bounded). */
async function boundedBody(req: ExpressRequest, limit: number): Promise<Buffer | null> {
  if (req.method === "GET" || req.method === "HEAD") return null;
  return getRawBody(req, { limit, length: declaredLength(req) });
}

/** A streamed body, and whether the route read from it. */
interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  touched: boolean;
}

/**
 * The request's body as a stream the route pulls from, one socket chunk at a
 * time (nothing is read before the route asks, nothing is held beyond the chunk
 * it is given), failing past `limit` bytes. A body the route never reads is
 * discarded by Node as it arrives, so a refused visitor costs no memory.
 */
function streamedBody(req: ExpressRequest, limit: number): StreamedBody {
  let received = 0;
  const reading = new AbortController();
  const body: StreamedBody = {
    touched: false,
    stream: new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          body.touched = true;
          try {
            const chunk = await nextChunk(req, reading.signal);
            if (reading.signal.aborted) return;
            if (chunk === null) return controller.close();
            received += chunk.byteLength;
            if (received > limit) {
              return controller.error(Object.assign(new Error("request body over its limit"), { status: 413 }));
            }
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          } catch (error) {
            controller.error(error);
          }
        },
        // The route stopped reading: a read still waiting lets go of the request.
        cancel: () => reading.abort(),
      },
      { highWaterMark: 0 },
    ),
  };
  return body;
}

/** Reads and drops the rest of a body; past `limit` more bytes (an endless one), the connection is cut. */
function discardRest(req: ExpressRequest, limit: number) {
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > limit) req.socket.destroy();
  });
  req.resume();
}

/** The next chunk of a request's body, or null at its end (or when `stop` aborts); no listener is left behind. */
async function nextChunk(req: ExpressRequest, stop: AbortSignal): Promise<Buffer | null> {
  for (;;) {
    if (stop.aborted) return null;
    const chunk = req.read() as Buffer | null;
    if (chunk !== null) return chunk;
    if (req.readableEnded) return null;
    if (req.destroyed) throw new Error("request closed before its body ended");
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        req.off("readable", settle).off("end", settle).off("close", settle).off("error", done);
        stop.removeEventListener("abort", settle);
        if (error) reject(error);
        else resolve();
      };
      const settle = () => done();
      req.once("readable", settle).once("end", settle).once("close", settle).once("error", done);
      stop.addEventListener("abort", settle, { once: true });
    });
  }
}

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
  origin: string,
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
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set("Host", new URL(origin).host);
  return new Request(`${origin}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body ? { body, duplex: "half" } : {}),
  } as RequestInit);
}

function createApp(config: Config, services: Services, build: ServerBuild, boot: Bootstrap) {
  const { log } = boot;
  const answer = (req: ExpressRequest, res: ExpressResponse, status: PlainStatus) =>
    void plainAnswer(boot, req, res, status);
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) {
    const hops = Number(config.TRUST_PROXY);
    app.set("trust proxy", Number.isInteger(hops) ? hops : config.TRUST_PROXY.split(",").map((s) => s.trim()));
  }
  const state = { shuttingDown: false };

  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.locals.requestId = crypto.randomUUID();
    res.setHeader("X-Request-Id", res.locals.requestId as string);
    // While shutting down, ask keep-alive clients to reconnect elsewhere.
    if (state.shuttingDown) res.setHeader("Connection", "close");
    next();
  });

  // One line per answered request, through the app's logger.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () =>
      log.info("request", {
        id: res.locals.requestId as string,
        method: req.method,
        // The path only: query strings may carry personal data.
        path: req.path,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        bytes: Number(res.getHeader("content-length")) || undefined,
      }),
    );
    next();
  });

  // Hashed build assets never change under their name and are not rate limited:
  // one page view fetches several of them. They come precompressed (Brotli, gzip:
  // scripts/compress-assets.mjs) to browsers that accept them, and are answered
  // before the document headers below (about 1 KiB per response, paid again for each
  // script on a slow phone), with the headers that matter for a script, a stylesheet
  // or an image: no MIME sniffing, no use by other sites, and nothing active if one
  // is opened as a document.
  app.use(
    "/build",
    expressStaticGzip(path.join(publicDir, "build"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        // Names change with content: revalidation headers would never be used.
        etag: false,
        lastModified: false,
        setHeaders: (res: ServerResponse) => {
          res.setHeader("X-Content-Type-Options", "nosniff");
          res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
          res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        },
      },
    }),
  );

  // Pages and data: Brotli at quality 6 is about 8 % smaller than the default 4 for our pages, at the same
  // cost (well under a millisecond for a 25 KiB page); 11 would take 20 ms.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } }));

  const extra = boot.cspAllowances(config);
  const development = config.NODE_ENV === "development";
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as ExpressResponse).locals.cspNonce as string}'`,
            "'strict-dynamic'",
            ...extra.script,
          ],
          // The stylesheet is inlined in every page with the nonce (app/lib/inlineAssets.tsx). A browser
          // ignores 'unsafe-inline' beside a nonce: when a third party needs it (the translation widget), it
          // covers our <style> too, and the nonce is left out.
          "style-src": [
            "'self'",
            ...(extra.style.includes("'unsafe-inline'")
              ? []
              : [(_req: unknown, res: unknown) => `'nonce-${(res as ExpressResponse).locals.cspNonce as string}'`]),
            ...extra.style,
          ],
          "img-src": ["'self'", "data:", ...extra.img],
          "connect-src": ["'self'", ...extra.connect, ...(development ? ["ws:"] : [])],
          "font-src": ["'self'"],
          "frame-src": extra.frame.length ? extra.frame : ["'none'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          // Google sign-in posts to us and we redirect to Google: form-action covers that redirect.
          "form-action": [
            "'self'",
            ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
              ? [new URL(config.GOOGLE_AUTHORIZE_URL).origin]
              : []),
          ],
          "frame-ancestors": ["'none'"],
          "manifest-src": ["'self'"],
          ...(config.mode === "hosted" ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );

  // Only GET, HEAD and POST reach the app.
  app.use((req, res, next) => {
    if (METHODS.has(req.method)) return next();
    res.setHeader("Allow", [...METHODS].join(", "));
    answer(req, res, 405);
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: state.shuttingDown ? "stopping" : "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const result = await boot.readiness(services);
    const ready = result.ready && !state.shuttingDown;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ...result, ready });
  });

  // A request target that is not a path, or a host that is not ours, is refused
  // before anything reads it; the URL Remix sees is built from what was checked.
  const publicHost = config.mode === "hosted" ? new URL(config.PUBLIC_ORIGIN).host : null;
  const policyOf = routePolicies(build);
  app.use((req, res, next) => {
    const forwarded = config.TRUST_PROXY ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const host = forwarded || req.get("host") || "";
    const hostOk = publicHost ? HOST_VALUE.test(host) && host === publicHost : LOCAL_HOST_VALUE.test(host);
    if (!req.originalUrl.startsWith("/") || !hostOk) {
      return answer(req, res, 400);
    }
    const origin = config.mode === "hosted" ? new URL(config.PUBLIC_ORIGIN).origin : `${req.protocol}://${host}`;
    let url: URL;
    try {
      url = new URL(`${origin}${req.originalUrl}`);
    } catch {
      return answer(req, res, 400);
    }
    res.locals.origin = origin;
    res.locals.policy = policyOf(url);
    next();
  });

  const isMutation = (req: ExpressRequest) => !["GET", "HEAD", "OPTIONS"].includes(req.method);
  const limiter = (
    limit: number,
    skip: (req: ExpressRequest, res: ExpressResponse) => boolean,
    handler: RateLimitOptions["handler"] = (req, res) => answer(req, res, 429),
  ) =>
    rateLimit({
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      limit,
      skip,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler,
    });
  // Cross-site form posts are refused outright (login CSRF and friends); the
  // session cookie's SameSite=Lax covers the rest.
  app.use((req, res, next) => {
    if (!isMutation(req)) return next();
    const origin = req.get("origin");
    let crossSite = req.get("sec-fetch-site") === "cross-site" || origin === "null";
    if (origin && origin !== "null") {
      try {
        // Against the host checked above (the configured one, or the forwarded one a trusted proxy gave).
        crossSite ||= new URL(origin).host !== new URL(res.locals.origin as string).host;
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) answer(req, res, 403);
    else next();
  });
  app.use(limiter(config.RATE_LIMIT_ALL, () => false));
  // Other public files may change under their name: cache them briefly. They are the few files at the top of
  // public/ (read once here): only their paths reach the file system, so a page request costs no stat.
  const publicFiles = new Set(
    fs
      .readdirSync(publicDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const servePublicFile = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublicFile(req, res, next) : next()));
  app.use(limiter(config.RATE_LIMIT_MUTATIONS, (req) => !isMutation(req)));
  app.use(
    limiter(
      config.RATE_LIMIT_AUTH,
      (req, res) => !(isMutation(req) && (res.locals.policy as RoutePolicy).rateLimit !== null),
      (req, res, next) => {
        if ((res.locals.policy as RoutePolicy).rateLimit !== "auth-form") return answer(req, res, 429);
        // The form answers: "try again in N seconds", with what was typed kept.
        const { resetTime } = (req as ExpressRequest & { rateLimit?: { resetTime?: Date } }).rateLimit ?? {};
        const until = resetTime?.getTime() ?? Date.now() + config.RATE_LIMIT_WINDOW_MS;
        res.locals.rateLimited = Math.max(1, Math.ceil((until - Date.now()) / 1000));
        next();
      },
    ),
  );

  // The browser polls this to learn that a new build was deployed.
  app.get("/__version", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ version: build.assets.version });
  });

  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  // `use`, not `all("*")`: Express would decode the path as a parameter, and throw on a malformed one.
  app.use(async (req, res, next) => {
    const policy = res.locals.policy as RoutePolicy;
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
      const response = await handleRequest(remixRequest(req, res, res.locals.origin as string, body), {
        services,
        cspNonce: res.locals.cspNonce as string,
        buildVersion: build.assets.version,
        clientAddress: req.ip ?? "",
        fromThisMachine: isLoopback(req.socket.remoteAddress) && !req.get("x-forwarded-for") && !req.get("forwarded"),
        rateLimited: (res.locals.rateLimited as number | undefined) ?? null,
      });
      // The route answered before the body's end (it stopped reading, or went past the limit): the rest is
      // discarded as it arrives, so the browser, still sending, then reads the answer on a live connection.
      // (A body the route never read is discarded by Node itself.)
      if (streamed?.touched && !req.complete) discardRest(req, policy.maxBody);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Nothing a client sends should land here; if something does, it is logged and answered plainly. A
  // request that Express's own parsing refused (its status says so) gets the plain 400 page.
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: express.NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (!res.headersSent && typeof status === "number" && status >= 400 && status < 500) {
      return answer(req, res, status === 413 ? 413 : 400);
    }
    log.error("request", error, { id: res.locals.requestId, path: req.path });
    if (res.headersSent) return void res.end();
    res.status(500).type("text/plain").set("Cache-Control", "no-store").send("Internal Server Error");
  });

  return { app, state };
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's header replaces the server's default of the same name (never doubled); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function isLoopback(address: string | undefined) {
  return Boolean(address && (address === "::1" || /^(?:::ffff:)?127\./.test(address)));
}

/** The app's side of start-up, exported by app/entry.server.tsx. */
function bootstrapOf(build: ServerBuild): Bootstrap {
  const boot = (build.entry.module as { bootstrap?: Bootstrap }).bootstrap;
  if (!boot) throw new Error("the build's entry.server exports no bootstrap: rebuild with `npm run build`");
  return boot;
}

async function main() {
  const build = (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild;
  const boot = bootstrapOf(build);
  const { log } = boot;
  const read = boot.readConfig();
  if (!read.ok) {
    console.error(read.problem);
    process.exit(1);
  }
  const { config } = read;
  process.on("unhandledRejection", (reason) => log.error("unhandledRejection", reason));

  const services = await boot.startServices(config);
  const { app, state } = createApp(config, services, build, boot);

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info("listening", { mode: config.mode, url: `http://${config.HOST}:${port}` });
    if (config.NODE_ENV === "development") void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  const shutdown = async (signal: string) => {
    if (state.shuttingDown) return;
    state.shuttingDown = true;
    log.info("shutdown", { signal });
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    const drained = await Promise.race([
      closed,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref()),
    ]);
    if (!drained) {
      log.info("shutdown", { message: "in-flight requests cut off after the shutdown bound" });
      server.closeAllConnections();
    }
    try {
      await boot.stopServices(services);
    } catch (error) {
      log.error("shutdown", error);
    }
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

void main().catch((error: unknown) => {
  // What an operator needs is the reason (a taken port, damaged saved accounts), not a stack.
  console.error(`server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
