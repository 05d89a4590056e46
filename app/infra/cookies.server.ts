/**
 * The app's cookies, made in one place with one rule: httpOnly, SameSite=Lax,
 * path /, and Secure wherever the app is served over HTTPS (hosted mode). A cookie
 * given a secret is signed with it; one without carries a value that is
 * harmless to read (a language) or authenticates itself (a value sealed by us).
 *
 * Also the browser's id (`__bid`): a long-lived random id that codes and flows
 * are bound to.
 */
import { randomUUID } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import type { Config } from "./config.server";

const made = new WeakMap<Config, Map<string, Cookie>>();

export function appCookie(config: Config, name: string, options: { maxAgeS: number; secret?: string }): Cookie {
  let byName = made.get(config);
  if (!byName) made.set(config, (byName = new Map()));
  const key = `${name}\0${options.maxAgeS}\0${options.secret ?? ""}`;
  let cookie = byName.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.mode === "hosted",
      path: "/",
      maxAge: options.maxAgeS,
      ...(options.secret ? { secrets: [options.secret] } : {}),
    });
    byName.set(key, cookie);
  }
  return cookie;
}

const BROWSER_ID_MAX_AGE_S = 60 * 60 * 24 * 365;
const browserIds = new WeakMap<Request, Promise<{ id: string; setCookie: string | null }>>();

/**
 * The browser's id, and the Set-Cookie header that gives it one when it had none.
 * One id per request, however many steps of it ask (a code and a flow started in
 * one request belong to the same new browser).
 */
export function browserIdOf(request: Request, services: { config: Config; sessionSecret: string }) {
  let known = browserIds.get(request);
  if (!known) {
    known = (async () => {
      const bid = appCookie(services.config, "__bid", {
        maxAgeS: BROWSER_ID_MAX_AGE_S,
        secret: services.sessionSecret,
      });
      const existing = (await bid.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
      if (typeof existing === "string" && /^[0-9a-f-]{36}$/.test(existing)) return { id: existing, setCookie: null };
      const id = randomUUID();
      return { id, setCookie: await bid.serialize(id) };
    })();
    browserIds.set(request, known);
  }
  return known;
}
