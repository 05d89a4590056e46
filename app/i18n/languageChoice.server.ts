/**
 * Choosing a language: the form on /language and /nLanguage. The choice is kept
 * in the `lng` cookie and the visitor goes back to where they came from
 * (same-origin only).
 */
import { readForm } from "~/forms/form.server";
import { safeRedirectWith } from "~/lib/safeRedirect";
import { isSupportedLanguage } from "./config";
import { languageCookie, languageOf } from "./i18next.server";

/** The page to return to, without a `?lng=` that would override the new choice. */
export function returnPath(target: unknown): string {
  return safeRedirectWith(target, { lng: null });
}

/**
 * Where the choice returns to: the `redirectTo` parameter, else the page the
 * visitor came from when the Referer names a page of this site, else home.
 */
function cameFrom(request: Request): string | null {
  const url = new URL(request.url);
  const explicit = url.searchParams.get("redirectTo");
  if (explicit !== null) return explicit;
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== url.host || /^\/n?[Ll]anguage\/?$/.test(from.pathname)) return null;
    return `${from.pathname}${from.search}`;
  } catch {
    return null;
  }
}

export async function languagePageData(request: Request) {
  return {
    current: await languageOf(request),
    chosen: Boolean(
      await languageCookie()
        .parse(request.headers.get("Cookie"))
        .catch(() => null),
    ),
    redirectTo: returnPath(cameFrom(request)),
  };
}

/** The language a visitor chose on the language page, the cookie that keeps it, and where to go next. */
export async function chooseLanguage(
  request: Request,
): Promise<{ ok: true; redirectTo: string; setCookie: string } | { ok: false; redirectTo: string }> {
  const form = await readForm(request);
  const lng = form.get("lng");
  const redirectTo = returnPath(form.get("redirectTo"));
  if (!isSupportedLanguage(lng)) return { ok: false, redirectTo };
  return { ok: true, redirectTo, setCookie: await languageCookie().serialize(lng) };
}

/** True when the visitor has chosen a language (cookie) or names one in the URL. */
export async function hasChosenLanguage(request: Request) {
  if (new URL(request.url).searchParams.has("lng")) return true;
  const chosen = await languageCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return isSupportedLanguage(chosen);
}
