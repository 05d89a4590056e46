/**
 * Mounts: parts of the site that are not Remix routes, each a handler under its
 * own path with its own policy. createApp (server/createApp.ts) wires them after the
 * steps every request takes (request id, log, compression, security headers,
 * methods, health, the host check) and before the Remix app's own policy (its
 * cross-site check, tiers and route policies) and handler, so a request under a
 * mount's path is judged by the mount's policy alone and never reaches Remix.
 *
 * This is where the OpenID provider of the single-sign-on issue (issue 30) goes:
 * `oidc-provider`'s `provider.callback()` at `/sso`, with a policy of its own
 * (its authorization endpoint takes partners' cross-site posts, its token
 * endpoint their servers' posts; small bodies; a tier of its own). The app builds
 * the provider (its adapter on the stores, its accounts from the members store)
 * and hands it over through the build's bootstrap, like everything else of the
 * app: server/ imports nothing from app/ (docs/decisions/0047).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Answer } from "./answers";
import type { Bootstrap, Config, CountersStore, Services } from "./appTypes";
import { declaredLength } from "./body";
import { CountersRateLimitStore, limiter } from "./limits";
import { refuseCrossSite } from "./policy";
import { refuseUnstorableAtSso } from "./unstorable";

export interface MountPolicy {
  /**
   * Bodies declared longer are answered 413 before the mount runs, which then
   * reads its body itself. A body must declare its length (every browser form
   * and OpenID client does): a chunked one is answered 400, so the bound holds
   * before a byte is read.
   */
  maxBody: number;
  /**
   * `"refuse"`: a cross-site post is answered 403, as for the app's pages.
   * `"mount"`: it reaches the mount, which judges it (a protocol endpoint that
   * partners' pages or servers post to).
   */
  crossSite: "refuse" | "mount";
  /**
   * The mount's own tier: requests per client address and RATE_LIMIT_WINDOW_MS,
   * counted in the counters store under the mount's path (shared across
   * processes with the stores), besides the per-request tier every request
   * counts in.
   */
  rateLimit: number;
}

export interface Mount {
  /** Requests for this path and below it (`/sso`, `/sso/token`), and only those, go to the mount. */
  path: `/${string}`;
  policy: MountPolicy;
  /**
   * A Node request handler (what `provider.callback()` is): it answers every
   * request it is given. It sees the URL below its path as `req.url`, the full
   * one as `req.originalUrl`; the checked origin is `res.locals.origin`.
   */
  handler: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** The mount's own checks of what it is sent, after its body bound and before it runs (server/unstorable.ts). */
  edge?: RequestHandler;
}

/**
 * Single sign-on's OpenID provider (app/sso, docs/decisions/0069): its protocol
 * endpoints take partners' cross-site posts (the authorization endpoint) and their
 * servers' posts (token, userinfo), so it judges them itself; its bodies are a few
 * parameters; its tier is per address, as a partner's server calls from one.
 */
const ssoMountPolicy = (config: Config): MountPolicy => ({
  maxBody: 8 * 1024,
  crossSite: "mount",
  rateLimit: config.RATE_LIMIT_SSO,
});

/**
 * The mounts of this server, in the order they are tried: single sign-on's
 * provider at /sso when the app made one (services.sso, from the bootstrap's
 * startServices).
 */
export function mountsOf(boot: Bootstrap, services: Services): Mount[] {
  const mounts: Mount[] = [];
  if (services.sso)
    mounts.push({
      path: "/sso",
      policy: ssoMountPolicy(services.config),
      handler: services.sso.handler,
      // Text the database cannot keep never reaches the provider's lookups (decision 0083).
      edge: refuseUnstorableAtSso(boot),
    });
  return mounts;
}

/**
 * The steps of one mount, in order: its cross-site rule, the per-request tier, its own tier, its body bound, its
 * edge, it.
 */
export function mountSteps(
  mount: Mount,
  context: { config: Config; answer: Answer; counters: CountersStore; perRequest: RequestHandler },
): RequestHandler[] {
  const { config, answer, counters, perRequest } = context;
  const { policy } = mount;
  const bounded: RequestHandler = (req, res, next) => {
    const length = declaredLength(req);
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && (length === null || length <= policy.maxBody)) return next();
    // The body is never read: the connection ends with the answer.
    res.setHeader("Connection", "close");
    answer(req, res, chunked ? 400 : 413);
  };
  const handler: RequestHandler = async (req, res, next) => {
    try {
      await mount.handler(req, res);
    } catch (error) {
      next(error);
    }
  };
  return [
    ...(policy.crossSite === "refuse" ? [refuseCrossSite(answer)] : []),
    perRequest,
    limiter(config, answer, {
      limit: policy.rateLimit,
      skip: () => false,
      store: new CountersRateLimitStore(counters, `mount:${mount.path}:`),
    }),
    bounded,
    ...(mount.edge ? [mount.edge] : []),
    handler,
  ];
}
