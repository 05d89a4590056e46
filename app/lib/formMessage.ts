/**
 * Form errors travel from actions to pages as i18next keys, so the page shows
 * them in its own language. A message that needs values carries them after the
 * key: "errors.form.resendWait::{"seconds":42}".
 */
import type { TFunction } from "~/i18n/catalog";

export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}::${JSON.stringify(values)}` : key;
}

export function translateFormMessage(t: TFunction, message: string | undefined): string | null {
  if (!message) return null;
  const [key = "", values] = message.split("::", 2);
  try {
    return t(key, values ? (JSON.parse(values) as Record<string, unknown>) : undefined);
  } catch {
    return t(key);
  }
}
