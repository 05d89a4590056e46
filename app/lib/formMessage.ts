/**
 * Form errors travel from actions to pages as i18next keys, so the page shows
 * them in its own language. A message that needs values carries them after the
 * key: "errors.form.resendWait::{"seconds":42}".
 */
import type { TFunction } from "~/i18n/catalog";
import { particleRo } from "./format";

export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}::${JSON.stringify(values)}` : key;
}

/**
 * The message in the page's language. Its text values (a code such as "+44") are
 * isolated left to right with Unicode's isolates (LRI … PDI: a message is text,
 * not elements), so they read as written inside right-to-left sentences; a code
 * brings Korean's particle after it (`ro`, lib/format.ts particleRo).
 */
export function translateFormMessage(t: TFunction, message: string | undefined): string | null {
  if (!message) return null;
  const [key = "", values] = message.split("::", 2);
  try {
    if (!values) return t(key);
    const parsed = JSON.parse(values) as Record<string, unknown>;
    const shown: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(parsed)) {
      shown[name] = typeof value === "string" ? `\u2066${value}\u2069` : value;
    }
    if (typeof parsed.code === "string") shown.ro = particleRo(parsed.code);
    return t(key, shown);
  } catch {
    return t(key);
  }
}
