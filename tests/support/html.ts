/** Reading server-rendered HTML in tests: the entities React writes, and a page's hreflang alternates. */

/** The text React escaped, as a reader sees it (the five entities its server renderer writes). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x27;/g, "'");
}

/** A page's `<link rel="alternate" hrefLang … href …>` pairs, in their order. */
export function alternatesOf(html: string): [string, string][] {
  return [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1]!, m[2]!]);
}
