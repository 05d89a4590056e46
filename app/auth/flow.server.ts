/**
 * The multi-step flows of this app and the cookies that point to them. A flow's
 * state lives on the server (the flow store, services.stores.flows); its cookie holds only an
 * opaque random id, signed, so the browser learns nothing from it and a flow
 * cannot be used from another browser, after its lifetime, or (with `take`) twice.
 */
import { randomBytes } from "node:crypto";
import { appCookie, browserIdOf } from "~/infra/cookies.server";
import type { Services } from "~/context";
import { keyedHash } from "~/infra/secrets.server";
import type { FlowKind } from "~/stores/flows";

/** What a flow uses: its store, the cookie rule and the secret its cookie and ids are keyed with. */
export type FlowServices = Pick<Services, "config" | "stores" | "sessionSecret">;

export interface OpenFlow<T> {
  id: string;
  data: T;
}

/**
 * One kind of flow: its cookie name and its lifetime on the server (counted again
 * from each `save`). The data is whatever the flow needs; none of it leaves the
 * server.
 */
export function flow<T extends object>(
  services: FlowServices,
  kind: FlowKind,
  options: { cookie: string; ttlMs: number },
) {
  const store = services.stores.flows;
  const cookie = appCookie(services.config, options.cookie, {
    maxAgeS: Math.ceil(options.ttlMs / 1000),
    secret: services.sessionSecret,
  });
  const idHash = (id: string) => keyedHash(services.sessionSecret, "flow-id", id);
  const browserHash = (browserId: string) => keyedHash(services.sessionSecret, "browser", browserId);

  async function located(request: Request) {
    const id = (await cookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
    if (typeof id !== "string" || !/^[A-Za-z0-9_-]{22,64}$/.test(id)) return null;
    const browser = await browserIdOf(request, services);
    // A browser without an id cannot own a flow.
    if (browser.setCookie) return null;
    return { id, browserHash: browserHash(browser.id) };
  }

  const parse = (data: string | null): T | null => {
    if (data === null) return null;
    try {
      return JSON.parse(data) as T;
    } catch {
      return null;
    }
  };

  /** Starts a new flow bound to this browser; resolves with the Set-Cookie values to send. */
  async function start(
    request: Request,
    data: T,
    now = Date.now(),
    expiresAt = now + options.ttlMs,
  ): Promise<{ id: string; cookies: string[] }> {
    const browser = await browserIdOf(request, services);
    const id = randomBytes(24).toString("base64url");
    await store.prune(now);
    await store.create({
      kind,
      idHash: idHash(id),
      browserHash: browserHash(browser.id),
      data: JSON.stringify(data),
      now,
      expiresAt,
    });
    const cookies = [await cookie.serialize(id)];
    if (browser.setCookie) cookies.push(browser.setCookie);
    return { id, cookies };
  }

  return {
    start,

    /** The visitor's flow of this kind, or null (none, expired, or another browser's). */
    async read(request: Request, now = Date.now()): Promise<OpenFlow<T> | null> {
      const at = await located(request);
      if (!at) return null;
      const data = parse(await store.find(kind, idHash(at.id), at.browserHash, now));
      return data ? { id: at.id, data } : null;
    },

    /** Saves new state and gives the flow its full lifetime again; resolves with Set-Cookie. */
    async save(id: string, data: T, now = Date.now()): Promise<string> {
      await store.update(kind, idHash(id), JSON.stringify(data), now + options.ttlMs);
      return cookie.serialize(id);
    },

    /** The flow's state, deleted in the same step: a proof spent once. Null when there is none to spend. */
    async take(request: Request, now = Date.now()): Promise<T | null> {
      const at = await located(request);
      if (!at) return null;
      return parse(await store.take(kind, idHash(at.id), at.browserHash, now));
    },

    /**
     * Puts a taken flow back (the step that spent it failed for a reason of ours,
     * not the visitor's), until `expiresAt` when it must not outlive its first
     * lifetime (a grant), else for a full lifetime from now.
     */
    async restore(request: Request, data: T, expiresAt?: number, now = Date.now()): Promise<string[]> {
      const until = expiresAt ?? now + options.ttlMs;
      const at = await located(request);
      if (!at) return (await start(request, data, now, until)).cookies;
      // Under the id the browser holds: the page answered with the refusal (its loader reads this very request's
      // cookie, without JavaScript) still finds the flow, and what the member typed stays on it.
      await store.create({
        kind,
        idHash: idHash(at.id),
        browserHash: at.browserHash,
        data: JSON.stringify(data),
        now,
        expiresAt: until,
      });
      return [await cookie.serialize(at.id)];
    },

    /** Deletes the flow (if any) and clears its cookie; resolves with Set-Cookie. */
    async discard(id?: string | null): Promise<string> {
      if (id) await store.remove(kind, idHash(id));
      return cookie.serialize("", { maxAge: 0 });
    },

    /** The Set-Cookie that clears this flow's cookie in the browser. */
    clear: () => cookie.serialize("", { maxAge: 0 }),
  };
}
