/**
 * The page-translation widget (spec §7–§9), used only when the config switch is on.
 * It lives in a hidden element and is offered the languages it is given (the 19
 * product languages). Loaded only when the widget is on (components/TranslateWidget.tsx).
 */
import { TRANSLATE_SCRIPT } from "./analytics";
import { addScript, type TrackerHost } from "./trackers";

export const TRANSLATE_RETRY_MS = 3000;

/** The translation cookie: Korean pages are only auto-detected, others go to the chosen language. */
export function translateCookieValue(language: string): string {
  return language === "ko" ? "/auto" : `/auto/${language}`;
}

interface TranslateElementCtor {
  new (options: { pageLanguage: string; includedLanguages: string; autoDisplay: boolean }, elementId: string): unknown;
}

export interface TranslateHost {
  google?: { translate?: { TranslateElement?: TranslateElementCtor } };
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  document: { cookie: string };
  console: { error(...args: unknown[]): void };
}

/** Sets the cookie, then creates the widget in the element `elementId`, retrying every 3 s until the script has loaded. */
export function mountTranslateWidget(
  host: TranslateHost,
  language: string,
  { elementId, languages }: { elementId: string; languages: readonly string[] },
): () => void {
  host.document.cookie = `googtrans=${translateCookieValue(language)}; path=/; SameSite=Lax`;
  let timer: unknown = null;
  const attempt = () => {
    const Ctor = host.google?.translate?.TranslateElement;
    if (!Ctor) {
      timer = host.setTimeout(attempt, TRANSLATE_RETRY_MS);
      return;
    }
    try {
      new Ctor({ pageLanguage: "auto", includedLanguages: languages.join(","), autoDisplay: false }, elementId);
    } catch (error) {
      host.console.error("translation widget could not be created", error);
    }
  };
  attempt();
  return () => {
    if (timer !== null) host.clearTimeout(timer);
  };
}

/** Adds Google's widget script once, with the page's nonce. */
export function addWidgetScript(
  host: Pick<TrackerHost, "document"> & { document: Pick<Document, "querySelector"> },
  nonce: string,
) {
  if (!host.document.querySelector(`script[src="${TRANSLATE_SCRIPT}"]`)) addScript(host, TRANSLATE_SCRIPT, nonce);
}
