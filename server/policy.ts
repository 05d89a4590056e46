/**
 * How the server treats a request before anything answers it: the methods the
 * app takes, the hosts it answers to, the policy each Remix route declares in its
 * `handle` (body limit, rate-limit tier), and cross-site posts.
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteMatch, type AgnosticRouteObject } from "@remix-run/router";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { Answer } from "./answers";
import type { Config } from "./appTypes";

/** A form post is a few KiB; a route that takes more (uploads) declares its own `maxBody`. */
export const DEFAULT_MAX_BODY = 32 * 1024;
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
 * without a byte of it held): `streamed`. `shared: true` says the page is the same
 * for everyone who sends the same address, cookies and languages: the server may
 * answer it again for a few seconds without running the route (pageCache.ts).
 */
export interface RoutePolicy {
  rateLimit: "auth" | "auth-form" | null;
  maxBody: number;
  streamed: boolean;
  shared: boolean;
  /**
   * The path as the route spells it (its static segments, the URL's values for its parameters), or null for the
   * unknown path's page (the splat route): `/MyPage/Notice/` and `/mypage/notic%65` are `/mypage/notice`.
   */
  ownPath: string | null;
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
  const fallback = { maxBody: DEFAULT_MAX_BODY };
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
      { rateLimit?: unknown; maxBody?: unknown; shared?: unknown } | undefined;
    const raised = typeof handle?.maxBody === "number" && handle.maxBody > 0;
    return {
      rateLimit: handle?.rateLimit === "auth" || handle?.rateLimit === "auth-form" ? handle.rateLimit : null,
      maxBody: raised ? Math.floor(handle.maxBody as number) : fallback.maxBody,
      streamed: raised,
      shared: handle?.shared === true,
      // A malformed escape is answered where it was asked (the route's 4xx), never sent on as a new spelling.
      ownPath: decodable(pathname) ? ownPathOf(matches) : null,
    };
  }

  function decodable(pathname: string) {
    try {
      decodeURIComponent(pathname);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The route's own spelling of a matched path. A parameter's value is data and keeps its case (a visa code, a
   * post's id), percent-encoded as a URL carries it. Null where there is no one spelling: a splat, an optional
   * segment, or a spelling that would not match the same route with the same values again (so a redirect to it
   * can never loop).
   */
  function ownPathOf(matches: AgnosticRouteMatch<string, Node>[]): string | null {
    const segments: string[] = [];
    for (const { route, params } of matches) {
      for (const segment of (route.path ?? "").split("/")) {
        if (segment === "") continue;
        if (segment === "*" || segment.endsWith("?")) return null;
        if (segment.startsWith(":")) {
          const value = params[segment.slice(1)];
          if (value === undefined) return null;
          segments.push(encodeURIComponent(value));
        } else segments.push(segment);
      }
    }
    const own = `/${segments.join("/")}`;
    const again = matchRoutes(tree, own) ?? [];
    const leaf = matches.at(-1);
    const sameRoute = again.at(-1)?.route.id === leaf?.route.id;
    const sameValues = JSON.stringify(again.at(-1)?.params) === JSON.stringify(leaf?.params);
    return leaf && sameRoute && sameValues ? own : null;
  }
}

/** Only GET, HEAD and POST reach the app. */
export function onlyAppMethods(answer: Answer): RequestHandler {
  return (req, res, next) => {
    if (METHODS.has(req.method)) return next();
    res.setHeader("Allow", [...METHODS].join(", "));
    answer(req, res, 405);
  };
}

/**
 * A request target that is not a path, or a host that is not ours, is refused
 * before anything reads it; the URL every handler sees is built from what was
 * checked (`res.locals.origin`, `res.locals.url`).
 */
export function checkedHost(config: Config, answer: Answer): RequestHandler {
  const publicHost = config.mode === "hosted" ? new URL(config.PUBLIC_ORIGIN).host : null;
  return (req, res, next) => {
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
    res.locals.url = url;
    next();
  };
}

/** The policy of the Remix route that answers the checked URL, as `res.locals.policy`. */
export function routePolicy(build: ServerBuild): RequestHandler {
  const policyOf = routePolicies(build);
  return (_req, res, next) => {
    res.locals.policy = policyOf(res.locals.url as URL);
    next();
  };
}

/**
 * A page asked for by another spelling of its path (`/MyPage/Notice`, `/mypage/notice/`, `/mypage/notic%65`) is
 * sent to the route's own spelling, the query kept, with a 301 (RFC 6596 §3: a crawler follows it and keeps one
 * address; its canonical link and alternates are made from the path it then asks for). Only GET and HEAD of a
 * document: a post is answered where it was sent, and a data request names its route by id.
 */
export function ownSpelling(redirectTarget: (target: string, fallback: string) => string): RequestHandler {
  return (req, res, next) => {
    const { ownPath } = res.locals.policy as RoutePolicy;
    const url = res.locals.url as URL;
    if (ownPath === null || ownPath === url.pathname) return next();
    if ((req.method !== "GET" && req.method !== "HEAD") || url.searchParams.has("_data")) return next();
    // Through the one redirect helper; a query it would not pass (a raw backslash) is dropped, never the path.
    res.redirect(301, redirectTarget(`${ownPath}${url.search}`, ownPath));
  };
}

export const isMutation = (req: ExpressRequest) => !["GET", "HEAD", "OPTIONS"].includes(req.method);

/**
 * Cross-site form posts are refused outright (login CSRF and friends); the
 * session cookie's SameSite=Lax covers the rest.
 */
export function refuseCrossSite(answer: Answer): RequestHandler {
  return (req, res, next) => {
    if (!isMutation(req)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    // A page of ours that sends no referrer (single sign-on's consent page, decision 0071) posts with Origin "null";
    // the browser's own Sec-Fetch-Site, which no page can set, still says it is ours.
    const opaqueButOurs = origin === "null" && fetchSite === "same-origin";
    let crossSite = fetchSite === "cross-site" || (origin === "null" && !opaqueButOurs);
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
  };
}
