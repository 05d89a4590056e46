/**
 * Cookies of multi-step flows: a long-lived random id for the browser (phone codes
 * are bound to it) and short-lived, signed state of a flow in progress (which
 * code, which number). Signed with the session secret, so neither can be forged.
 */
import { randomUUID } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import type { Services } from "~/services.server";

const cache = new WeakMap<Services, Map<string, Cookie>>();

function cookie(services: Services, name: string, maxAge: number): Cookie {
  let byName = cache.get(services);
  if (!byName) cache.set(services, (byName = new Map()));
  let c = byName.get(name);
  if (!c) {
    c = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: services.config.mode === "hosted",
      path: "/",
      maxAge,
      secrets: [services.sessionSecret],
    });
    byName.set(name, c);
  }
  return c;
}

/** The browser's id, and the Set-Cookie header that gives it one when it had none. */
export async function browserIdOf(request: Request, services: Services) {
  const bid = cookie(services, "__bid", 60 * 60 * 24 * 365);
  const existing = (await bid.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
  if (typeof existing === "string" && /^[0-9a-f-]{36}$/.test(existing)) return { id: existing, setCookie: null };
  const id = randomUUID();
  return { id, setCookie: await bid.serialize(id) };
}

/** A flow's state, readable for ten minutes (an abandoned flow simply expires). */
export function flowState<T extends object>(services: Services, name: string) {
  const c = cookie(services, name, 10 * 60);
  return {
    async read(request: Request): Promise<Partial<T> | null> {
      const value = (await c.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
      return value && typeof value === "object" ? (value as Partial<T>) : null;
    },
    write: (state: T) => c.serialize(state),
    clear: () => c.serialize("", { maxAge: 0 }),
  };
}
