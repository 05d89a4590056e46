/**
 * What every page carries inside its HTML, so that a phone on a slow network needs
 * no request after the HTML to paint the page and none in sequence before hydrating
 * it (docs/decisions/0025-inline-stylesheet-and-translations.md): the page's
 * stylesheets (lib/stylesheets.ts), each a <style> with the CSP nonce, and the translations of the page's
 * namespaces, as a JSON script the browser's catalog (i18n/catalog.ts) is created from (placed after
 * Remix's scripts, so that the module preloads come first in the byte stream).
 *
 * The server fills them in (entry.server). The browser reads them, and the nonce,
 * from the HTML before hydrating (entry.client) and renders exactly that: a render
 * in the browser, after a hydration error for instance, keeps the page styled.
 */
import { useMatches } from "@remix-run/react";
import { createContext, useContext } from "react";
import { useNonce } from "~/nonce";
import { loadStylesheet, pageStylesheets, STYLESHEET_ATTRIBUTE } from "./stylesheets";

export interface InlineAssets {
  /**
   * The page's stylesheets by built URL: each one's text, or null where it cannot
   * be read or inlined (a render from source in tests): then it is linked.
   */
  stylesheets: Record<string, string | null>;
  /** `{ namespace: resources }` in the page's language, as JSON text that is safe inside a script element. */
  translations: string;
}

export const TRANSLATIONS_ID = "app-translations";

export const InlineAssetsContext = createContext<InlineAssets>({ stylesheets: {}, translations: "{}" });

/** JSON that cannot close the element that holds it (`</script>`, `<!--`). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** A stylesheet's text if it can be inlined as is: nothing in it may close the <style> element. */
export function inlinableStylesheet(text: string): string | null {
  return /<\/?style|<!--/i.test(text) ? null : text;
}

/**
 * The stylesheets of the page the HTML was made for, always rendered the same way
 * (so hydration matches, and they stay for the pages that follow). A page reached
 * later that needs another sheet suspends until it has loaded: the navigation keeps
 * the previous page on screen meanwhile, so no page is ever shown unstyled.
 */
export function InlineStylesheets() {
  const { stylesheets } = useContext(InlineAssetsContext);
  const nonce = useNonce();
  const matches = useMatches();
  if (typeof document !== "undefined") {
    const pending = pageStylesheets(matches).flatMap((href) => loadStylesheet(href) ?? []);
    if (pending.length) throw Promise.all(pending);
  }
  return (
    <>
      {Object.entries(stylesheets).map(([href, text]) =>
        text === null ? (
          <link key={href} rel="stylesheet" href={href} {...{ [STYLESHEET_ATTRIBUTE]: href }} />
        ) : (
          <style
            key={href}
            nonce={nonce}
            {...{ [STYLESHEET_ATTRIBUTE]: href }}
            dangerouslySetInnerHTML={{ __html: text }}
          />
        ),
      )}
    </>
  );
}

export function InlineTranslations() {
  const { translations } = useContext(InlineAssetsContext);
  const nonce = useNonce();
  return (
    <script
      id={TRANSLATIONS_ID}
      type="application/json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: translations }}
    />
  );
}

/** In the browser, before hydrating: what the server put in the HTML, and the CSP nonce it used. */
export function readInlineAssets(document: Document): InlineAssets & { nonce: string } {
  const stylesheets: Record<string, string | null> = {};
  for (const element of document.head.querySelectorAll(`[${STYLESHEET_ATTRIBUTE}]`)) {
    stylesheets[element.getAttribute(STYLESHEET_ATTRIBUTE)!] =
      element instanceof HTMLStyleElement ? (element.textContent ?? "") : null;
  }
  const script = document.getElementById(TRANSLATIONS_ID) as HTMLScriptElement | null;
  return {
    stylesheets,
    translations: script?.textContent || "{}",
    // The nonce attribute reads as empty once the page has loaded; the property keeps the value.
    nonce: script?.nonce ?? "",
  };
}
