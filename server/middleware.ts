/**
 * The steps every request goes through whoever answers it: its id and CSP nonce,
 * the request log, the built assets, compression, the security headers, the
 * other public files and the health endpoints.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler, type Response as ExpressResponse } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import type { Bootstrap, Config, Services } from "./appTypes";

/** Whether the server is draining before it stops (start.ts sets it). */
export interface ServerState {
  shuttingDown: boolean;
}

const NONCE_BYTES = 16;
let entropy = Buffer.alloc(0);
let taken = 0;

/**
 * 16 random bytes, base64, never given twice: cut from a block of the system's random bytes drawn 256 nonces at a
 * time (as Node draws randomUUID's), since drawing 16 bytes on each request costs OpenSSL's lock and lookups each time.
 */
export function freshNonce(): string {
  if (taken + NONCE_BYTES > entropy.length) {
    entropy = crypto.randomBytes(NONCE_BYTES * 256);
    taken = 0;
  }
  const nonce = entropy.toString("base64", taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

/** A CSP nonce and an id per request (`res.locals`); while shutting down, keep-alive clients are asked to leave. */
export function requestContext(state: ServerState): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = freshNonce();
    res.locals.requestId = crypto.randomUUID();
    res.setHeader("X-Request-Id", res.locals.requestId as string);
    // While shutting down, ask keep-alive clients to reconnect elsewhere.
    if (state.shuttingDown) res.setHeader("Connection", "close");
    next();
  };
}

/** One line per answered request, through the app's logger. */
export function requestLog(log: Bootstrap["log"]): RequestHandler {
  return (req, res, next) => {
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
  };
}

/**
 * Hashed build assets never change under their name and are not rate limited:
 * one page view fetches several of them. They come precompressed (Brotli, gzip:
 * scripts/compress-assets.mjs) to browsers that accept them, and are answered
 * before the document headers (about 1 KiB per response, paid again for each
 * script on a slow phone), with the headers that matter for a script, a stylesheet
 * or an image: no MIME sniffing, no use by other sites, and nothing active if one
 * is opened as a document. Mounted at /build.
 */
export function buildAssets(publicDir: string): RequestHandler {
  return expressStaticGzip(path.join(publicDir, "build"), {
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
  });
}

/**
 * Pages and data: Brotli at quality 6 is about 8 % smaller than the default 4 for our pages, at the same
 * cost (well under a millisecond for a 25 KiB page); 11 would take 20 ms.
 */
export const pageCompression = () => compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } });

/**
 * The document headers: a content security policy with the request's nonce,
 * HSTS, no framing, no referrer across sites. A mount that needs other rules for
 * its own answers (a redirect the OpenID provider's form-action must allow) sets
 * its headers on them, replacing these.
 */
export function securityHeaders(config: Config, boot: Bootstrap): RequestHandler {
  const extra = boot.cspAllowances(config);
  const development = config.NODE_ENV === "development";
  return helmet({
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
        // The reminders' service worker (/sw.js, issue 42): script-src's 'strict-dynamic' would ignore 'self'.
        "worker-src": ["'self'"],
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
  });
}

/** /healthz (the process is up) and /readyz (its storage and identity answer), never cached. */
export function healthEndpoints(boot: Bootstrap, services: Services, state: ServerState) {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: state.shuttingDown ? "stopping" : "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const result = await boot.readiness(services);
    const ready = result.ready && !state.shuttingDown;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ...result, ready });
  });
  return router;
}

/**
 * Other public files may change under their name: cached briefly. They are the few files at the top of
 * public/ (read once here): only their paths reach the file system, so a page request costs no stat.
 */
export function publicFiles(publicDir: string): RequestHandler {
  const names = new Set(
    fs
      .readdirSync(publicDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serve = express.static(publicDir, { maxAge: "1h", index: false });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}
