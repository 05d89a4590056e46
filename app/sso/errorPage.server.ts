/**
 * The page single sign-on shows when a request cannot go back to the partner
 * (an unknown or disabled partner, a return address not registered, an expired
 * interaction): in the visitor's language, with no redirect, nothing loaded and
 * nothing of the request echoed.
 */
import { directionOf } from "~/i18n/config";
import { languageOf } from "~/i18n/i18next.server";
import { i18nFor } from "~/i18n/instances.server";

/** The message key of an OAuth error the page shows. */
export function ssoErrorKey(error: string): string {
  if (error === "invalid_client" || error === "invalid_redirect_uri") return "failure.unknownPartner";
  if (error === "invalid_request" || error === "unsupported_response_type") return "failure.badRequest";
  if (error === "session_not_found" || error === "invalid_request_uri") return "failure.expired";
  return "failure.failed";
}

export async function ssoErrorPage(cookie: string, acceptLanguage: string, error: string): Promise<string> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  const lang = await languageOf(new Request("http://localhost/", { headers }));
  const t = (await i18nFor(lang)).getFixedT(lang, "sso");
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">` +
    `<title>${escape(t("failure.title"))}</title>` +
    `<style>body{font-family:system-ui,sans-serif;margin:2rem 1rem;max-width:32rem;line-height:1.5}</style>` +
    `<h1>${escape(t("failure.title"))}</h1><p>${escape(t(ssoErrorKey(error)))}</p>` +
    `<p>${escape(t("failure.whatToDo"))}</p><p><a href="/">${escape(t("failure.home"))}</a></p></html>`
  );
}
