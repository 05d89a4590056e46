/**
 * The server's edges for text the database cannot keep (a NUL, a lone surrogate, a percent escape that is not
 * UTF-8; the rule is the app's, `unstorableField` in app/lib/text.ts, handed over by the bootstrap): an address
 * holding one is refused before the Remix app reads its parameters, and a request to the /sso mount, address or
 * body, before the OpenID provider looks anything up (decision 0083). Forms' bodies are judged by the form loop
 * (app/forms), which answers at the field.
 */
import type { RequestHandler } from "express";
import type { Answer } from "./answers";
import type { Bootstrap } from "./appTypes";

/** Whether the request's address (path and query) holds text the database cannot keep. */
function addressUnstorable(boot: Bootstrap, originalUrl: string): boolean {
  const at = originalUrl.indexOf("?");
  const path = at < 0 ? originalUrl : originalUrl.slice(0, at);
  try {
    if (!boot.isStorable(decodeURIComponent(path))) return true;
  } catch {
    // A path that is not UTF-8 is the router's to answer (404), as before; it reads no parameter from it.
  }
  return at >= 0 && boot.unstorableField(originalUrl.slice(at + 1)) !== null;
}

/** The app's pages: an address holding such text is answered the 400 page. */
export function refuseUnstorableAddress(boot: Bootstrap, answer: Answer): RequestHandler {
  return (req, res, next) => (addressUnstorable(boot, req.originalUrl) ? answer(req, res, 400) : next());
}

/** The provider's pages a browser is sent to (the rest are partners' servers' endpoints, answered in JSON). */
const BROWSER_ENDPOINTS = /^\/(authorize|session\/end)(\/|$)/;

/**
 * The /sso mount's edge: the address, and a form body (which it reads, within the mount's bound, and hands on as
 * `req.body`, which oidc-provider reads in place of the stream), refused with the protocol's `invalid_request`:
 * JSON for a partner's server, single sign-on's error page for a browser.
 */
export function refuseUnstorableAtSso(boot: Bootstrap): RequestHandler {
  return async (req, res, next) => {
    let unstorable = addressUnstorable(boot, req.originalUrl);
    const form = /^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? "");
    if (!unstorable && form && req.method === "POST") {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of req) chunks.push(chunk as Buffer);
      } catch (error) {
        return next(error);
      }
      const body = Buffer.concat(chunks);
      (req as typeof req & { body?: Buffer }).body = body;
      unstorable = boot.unstorableField(body.toString("utf8")) !== null;
    }
    if (!unstorable) return next();
    res.status(400).setHeader("Cache-Control", "no-store");
    if (BROWSER_ENDPOINTS.test(req.path)) {
      const page = await boot.ssoErrorPage(
        req.headers.cookie ?? "",
        req.headers["accept-language"] ?? "",
        "invalid_request",
      );
      res.type("html").send(page);
      return;
    }
    res.json({ error: "invalid_request", error_description: "a parameter holds characters that cannot be used" });
  };
}
