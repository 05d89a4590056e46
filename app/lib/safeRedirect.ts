/**
 * The one place that decides where a visitor may be sent: every redirect and every
 * link built from a `redirectTo`/`returnTo` value goes through here. A candidate
 * is resolved the way a browser resolves a Location header, must stay on this
 * site, and what comes back is exactly the normalised path that was checked, so
 * no spelling (dot segments, `%2e`, backslashes, tabs, schemes) can turn into an
 * off-site address after the check.
 */

/** A stand-in for the site's origin: only the path, query and hash of a result are ever used. */
const SITE = "https://site.invalid";

/**
 * Characters browsers strip or reinterpret before resolving a URL (tabs and
 * newlines are removed, `\` becomes `/`): a candidate holding any is refused
 * rather than guessed at. Space and other C0/C1 controls likewise.
 */
// eslint-disable-next-line no-control-regex
const AMBIGUOUS = /[\u0000-\u0020\u007f-\u009f\\]/;

export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || AMBIGUOUS.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave "//host" behind ("/.//evil.example"), which a browser reads as another host.
  if (!isSitePath(path)) return fallback;
  return path;
}

/** A path a browser resolves to this site, and to the very same URL when resolved again. */
function isSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || AMBIGUOUS.test(path)) return false;
  try {
    const again = new URL(path, SITE);
    return again.origin === SITE && `${again.pathname}${again.search}${again.hash}` === path;
  } catch {
    return false;
  }
}

/**
 * A safe target with some query parameters set (a value of null removes the
 * parameter): the visa finder sends `?visa=CODE` back to `returnTo`, the language
 * choice drops `?lng=`. Falls back to `fallback` when the target is not safe.
 */
export function safeRedirectWith(target: unknown, params: Record<string, string | null>, fallback = "/"): string {
  const url = new URL(safeRedirect(target, fallback), SITE);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(path) ? path : fallback;
}
