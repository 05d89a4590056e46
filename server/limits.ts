/**
 * Rate limits per client address, within RATE_LIMIT_WINDOW_MS. The mutation and
 * sign-in tiers (and a mount's own tier) count in the counters store
 * (services.stores.counters, through CountersRateLimitStore), so they count
 * across processes once the stores are shared; local mode keeps them in memory
 * (docs/decisions/0046). The per-request tier stays in each process's memory:
 * it guards this process's work, and a database write per request would cost
 * more than it saves.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import rateLimit, {
  type ClientRateLimitInfo,
  type Options as RateLimitOptions,
  type Store as RateLimitStore,
} from "express-rate-limit";
import type { Answer } from "./answers";
import type { Config, CountersStore } from "./appTypes";
import { isMutation, type RoutePolicy } from "./policy";

/**
 * An express-rate-limit store on the counters port. One per limiter (express-rate-limit refuses a shared
 * instance), each with its own `prefix`, so the tiers never add to each other's counts.
 */
export class CountersRateLimitStore implements RateLimitStore {
  /** The counts may be shared with other processes (express-rate-limit's double-count check then uses the prefix). */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly counters: CountersStore,
    readonly prefix: string,
  ) {}

  init(options: RateLimitOptions) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { totalHits, resetTime } = await this.counters.increment(this.prefix + key, this.windowMs, Date.now());
    return { totalHits, resetTime: new Date(resetTime) };
  }

  async decrement(key: string) {
    await this.counters.decrement(this.prefix + key);
  }

  async resetKey(key: string) {
    await this.counters.reset(this.prefix + key);
  }
}

type Skip = (req: ExpressRequest, res: ExpressResponse) => boolean;

/** A tier: `limit` requests per address and window; over it, `handler` (the plain 429 page unless given). */
export function limiter(
  config: Config,
  answer: Answer,
  options: { limit: number; skip: Skip; store?: RateLimitStore; handler?: RateLimitOptions["handler"] },
): RequestHandler {
  return rateLimit({
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    limit: options.limit,
    skip: options.skip,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: options.handler ?? ((req, res) => answer(req, res, 429)),
    // Without one, express-rate-limit counts in its own memory store.
    ...(options.store ? { store: options.store } : {}),
  });
}

/**
 * The app's tiers: every request but health checks and hashed build assets (`perRequest`,
 * RATE_LIMIT_ALL, in this process's memory); non-GET requests (`mutations`, RATE_LIMIT_MUTATIONS); posts
 * to routes that declare `rateLimit` (`auth`, RATE_LIMIT_AUTH). An `"auth-form"` route over the limit is
 * answered by its form ("try again in N seconds", with what was typed kept): the wait is passed on as
 * `res.locals.rateLimited`.
 */
export function rateLimitTiers(config: Config, counters: CountersStore, answer: Answer) {
  return {
    perRequest: limiter(config, answer, { limit: config.RATE_LIMIT_ALL, skip: () => false }),
    mutations: limiter(config, answer, {
      limit: config.RATE_LIMIT_MUTATIONS,
      skip: (req) => !isMutation(req),
      store: new CountersRateLimitStore(counters, "mutations:"),
    }),
    auth: limiter(config, answer, {
      limit: config.RATE_LIMIT_AUTH,
      skip: (req, res) => !(isMutation(req) && (res.locals.policy as RoutePolicy).rateLimit !== null),
      store: new CountersRateLimitStore(counters, "auth:"),
      handler: (req, res, next) => {
        if ((res.locals.policy as RoutePolicy).rateLimit !== "auth-form") return answer(req, res, 429);
        // The form answers: "try again in N seconds", with what was typed kept.
        const { resetTime } = (req as ExpressRequest & { rateLimit?: { resetTime?: Date } }).rateLimit ?? {};
        const until = resetTime?.getTime() ?? Date.now() + config.RATE_LIMIT_WINDOW_MS;
        res.locals.rateLimited = Math.max(1, Math.ceil((until - Date.now()) / 1000));
        next();
      },
    }),
  };
}
