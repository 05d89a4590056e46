/**
 * Where to send a visitor back to: only a same-origin path is accepted. Anything
 * else (other origins, protocol-relative `//host`, `/\host`, `javascript:`,
 * control characters) becomes the fallback.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://same.origin");
    if (url.origin !== "http://same.origin") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
