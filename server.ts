/**
 * The Node server: compression, static assets, security headers, rate limits,
 * request logging, health endpoints and graceful shutdown, in front of the Remix
 * request handler. Compiled to build/server.js; `npm start` runs it.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import rateLimit from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { ConfigError, loadConfig, type Config } from "./app/config.server";
import { i18nServer } from "./app/i18n/i18next.server";
import { readiness, startServices, stopServices, type Services } from "./app/services.server";
import { cspAllowances } from "./app/lib/analytics";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(buildDir, "..", "public");

/** POSTs to these paths sign in, sign up or check a code: the strictest rate-limit tier. */
const AUTH_ENDPOINTS =
  /^\/(?:sign(?:\/.*)?|login\/.*|member\/(?:startId|agree|accountInfo|userInfo|addInfo|findPw|resetPw|google)|mypage\/(?:phone(?:\/.*)?|changePw))\/?$/;

function log(line: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
}

/** A fetch Request carrying only what language detection reads. */
function detectionRequest(req: ExpressRequest) {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  if (req.headers["accept-language"]) headers.set("Accept-Language", req.headers["accept-language"]);
  return new Request(`http://localhost${req.originalUrl.startsWith("/") ? req.originalUrl : "/"}`, { headers });
}

async function tooManyRequests(req: ExpressRequest, res: ExpressResponse) {
  let message = "Too many requests. Please wait a moment and try again.";
  let lang = "en";
  try {
    const request = detectionRequest(req);
    lang = await i18nServer.getLocale(request);
    message = (await i18nServer.getFixedT(lang, "common"))("errors.tooManyRequests");
  } catch {
    // Keep the English message: a rate-limit answer must never fail.
  }
  res
    .status(429)
    .type("html")
    .send(
      `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>429</title><p>${message}</p></html>`,
    );
}

function createApp(config: Config, services: Services, build: ServerBuild) {
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

  app.use(
    morgan((tokens, req: IncomingMessage, res: ServerResponse) =>
      JSON.stringify({
        time: new Date().toISOString(),
        id: (res as ExpressResponse).locals?.requestId,
        method: req.method,
        // The path only: query strings may carry personal data.
        path: (req as ExpressRequest).path,
        status: Number(tokens.status?.(req, res) ?? 0),
        ms: Number(tokens["response-time"]?.(req, res) ?? 0),
        bytes: Number(tokens.res?.(req, res, "content-length") ?? 0) || undefined,
      }),
    ),
  );

  app.use(compression());

  const extra = cspAllowances(config);
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
          "style-src": ["'self'", ...extra.style],
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

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: state.shuttingDown ? "stopping" : "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const result = await readiness(services);
    const ready = result.ready && !state.shuttingDown;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ...result, ready });
  });

  // Hashed build assets never change under their name and are not rate limited:
  // one page view fetches several of them.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y" }));

  const isMutation = (req: ExpressRequest) => !["GET", "HEAD", "OPTIONS"].includes(req.method);
  const limiter = (limit: number, skip: (req: ExpressRequest) => boolean) =>
    rateLimit({
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      limit,
      skip,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: (req, res) => void tooManyRequests(req, res),
    });
  // Cross-site form posts are refused outright (login CSRF and friends); the
  // session cookie's SameSite=Lax covers the rest.
  const ownHost = config.mode === "hosted" ? new URL(config.PUBLIC_ORIGIN).host : null;
  app.use((req, res, next) => {
    if (!isMutation(req)) return next();
    const origin = req.get("origin");
    let crossSite = req.get("sec-fetch-site") === "cross-site" || origin === "null";
    if (origin && origin !== "null") {
      try {
        crossSite ||= new URL(origin).host !== (ownHost ?? req.get("host"));
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) res.status(403).type("text/plain").send("Forbidden");
    else next();
  });
  app.use(limiter(config.RATE_LIMIT_ALL, () => false));
  // Other public files may change under their name: cache them briefly.
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));
  app.use(limiter(config.RATE_LIMIT_MUTATIONS, (req) => !isMutation(req)));
  app.use(limiter(config.RATE_LIMIT_AUTH, (req) => !(isMutation(req) && AUTH_ENDPOINTS.test(req.path))));

  // The browser polls this to learn that a new build was deployed.
  app.get("/__version", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ version: build.assets.version });
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.NODE_ENV,
      getLoadContext: (req, res) => ({
        services,
        cspNonce: res.locals.cspNonce as string,
        buildVersion: build.assets.version,
        clientAddress: req.ip ?? "",
      }),
    }),
  );

  return { app, state };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  process.on("unhandledRejection", (reason) =>
    log({ level: "error", event: "unhandledRejection", reason: String(reason) }),
  );

  const services = await startServices(config, (line) => log({ event: "services", message: line }));
  const build = (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild;
  const { app, state } = createApp(config, services, build);

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log({ event: "listening", mode: config.mode, url: `http://${config.HOST}:${port}` });
    if (config.NODE_ENV === "development") void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  const shutdown = async (signal: string) => {
    if (state.shuttingDown) return;
    state.shuttingDown = true;
    log({ event: "shutdown", signal });
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    const drained = await Promise.race([
      closed,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref()),
    ]);
    if (!drained) {
      log({ event: "shutdown", message: "in-flight requests cut off after the shutdown bound" });
      server.closeAllConnections();
    }
    try {
      await stopServices(services);
    } catch (error) {
      log({ level: "error", event: "shutdown", message: String(error) });
    }
    log({ event: "stopped" });
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

void main().catch((error: unknown) => {
  console.error("server failed to start:", error);
  process.exit(1);
});
