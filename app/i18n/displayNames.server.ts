/**
 * Languages named in the page's language ("English and Chinese", "영어"), by the
 * runtime's Intl: the languages a benefit serves in, and the language content is
 * shown in when the page's own has no translation (components/Untranslated.tsx).
 */

/** Named lists of languages by page language and codes: making `Intl`'s formatters costs more than the page's query. */
const namedLanguages = new Map<string, string>();

/** Language codes named in `lng` ("English and Chinese"), or null for none. */
export function languagesNamedIn(codes: readonly string[], lng: string): string | null {
  if (codes.length === 0) return null;
  const key = `${lng}:${codes.join(",")}`;
  let named = namedLanguages.get(key);
  if (named === undefined) {
    try {
      const names = new Intl.DisplayNames([lng], { type: "language", fallback: "code" });
      named = new Intl.ListFormat(lng, { type: "conjunction" }).format(codes.map((code) => names.of(code) ?? code));
    } catch {
      named = codes.join(", ");
    }
    // Bounded: codes come from stored content, a handful per benefit.
    if (namedLanguages.size > 2000) namedLanguages.clear();
    namedLanguages.set(key, named);
  }
  return named;
}
