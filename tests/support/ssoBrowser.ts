/**
 * Single sign-on's browser in tests: one without JavaScript (HTTP with a cookie jar, redirects and "continue"
 * pages followed by hand on our origin only), signing in as one member through the ID door, and the way from an
 * authorization request to the partner's callback.
 */
import { expect } from "vitest";
import { Jar } from "./jar";
import type { Started } from "./sso";

type Form = Record<string, string | string[]>;

export class SsoBrowser {
  jar = new Jar();
  constructor(
    readonly origin: string,
    readonly member: { email: string; password: string },
  ) {}
  /** One request on our origin; a form is posted from our own pages unless `headers` say otherwise. */
  async fetch(target: string, form?: Form, headers: Record<string, string> = {}) {
    const url = new URL(target, this.origin);
    expect(url.origin).toBe(this.origin);
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      headers: { Cookie: this.jar.header, ...(form ? { Origin: this.origin } : {}), ...headers },
      body: form ? body : undefined,
      redirect: "manual",
    });
    this.jar.take(response);
    const text = await response.text();
    expect(response.status, `${url.pathname}: ${text.slice(0, 300)}`).toBeLessThan(500);
    return { response, text, location: response.headers.get("Location") };
  }
  /**
   * Goes to `target` and on through redirects and "continue" pages on our origin; stops at a page that
   * asks something (sign-in, consent), an error, or a redirect that leaves our origin.
   */
  async go(target: string, form?: Form, headers?: Record<string, string>) {
    let step = await this.fetch(target, form, headers);
    let current = new URL(target, this.origin).href;
    for (let hops = 0; hops < 10; hops++) {
      const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(step.text)?.[1];
      const next = step.location ?? (refresh ? refresh.replace(/&amp;/g, "&") : null);
      if (!next) return { ...step, url: current, left: null as URL | null };
      const url = new URL(next, current);
      if (url.origin !== this.origin) return { ...step, url: current, left: url };
      current = url.href;
      step = await this.fetch(url.href);
    }
    throw new Error("too many redirects");
  }
  async signIn(at: string) {
    const url = new URL(at);
    const redirectTo = url.searchParams.get("redirectTo") ?? "/";
    return this.go(`/member/startId${url.search}`, { ...this.member, redirectTo });
  }
}

export const interactionPath = (url: string) => new URL(url).pathname;

/** From the authorization request to the partner's callback, signing in and agreeing as needed. */
export async function authorize(
  browser: SsoBrowser,
  started: Pick<Started, "url">,
  answer: { share?: string[]; decision?: string } = {},
) {
  return answerPage(browser, await browser.go(started.url.href), answer);
}

/** From a page of the flow on (the sign-in doors or the consent screen) to the partner's callback. */
export async function answerPage(
  browser: SsoBrowser,
  reached: Awaited<ReturnType<SsoBrowser["go"]>>,
  answer: { share?: string[]; decision?: string } = {},
) {
  let page = reached;
  if (page.url.includes("/member/start")) page = await browser.signIn(page.url);
  if (page.url.includes("/ssoConsent/") && page.text.includes('name="decision"')) {
    page = await browser.go(interactionPath(page.url), {
      decision: answer.decision ?? "allow",
      share: answer.share ?? ["phone", "email"],
    });
  }
  return page;
}
