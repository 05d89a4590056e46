/**
 * What every page carries inside its HTML, so that a phone on a slow network needs
 * no request after the HTML to paint the page and none in sequence before hydrating
 * it (docs/decisions/0025-inline-stylesheet-and-translations.md): the app's
 * stylesheet, as a <style> with the CSP nonce, and the translations of the page's
 * namespaces, as a JSON script the browser's i18next is created from (placed after
 * Remix's scripts, so that the module preloads come first in the byte stream).
 *
 * The server fills them in (entry.server). The browser reads them, and the nonce,
 * from the HTML before hydrating (entry.client) and renders exactly that: a render
 * in the browser, after a hydration error for instance, keeps the page styled.
 */
import { createContext, useContext } from "react";
import stylesheetHref from "~/styles/app.css";
import { useNonce } from "~/nonce";

export interface InlineAssets {
  /** The built stylesheet's text; null where it cannot be read (a render from source in tests): then it is linked. */
  stylesheet: string | null;
  /** `{ namespace: resources }` in the page's language, as JSON text that is safe inside a script element. */
  translations: string;
}

export const STYLESHEET_ID = "app-stylesheet";
export const TRANSLATIONS_ID = "app-translations";

export const InlineAssetsContext = createContext<InlineAssets>({ stylesheet: null, translations: "{}" });

export { stylesheetHref };

/** JSON that cannot close the element that holds it (`</script>`, `<!--`). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** A stylesheet's text if it can be inlined as is: nothing in it may close the <style> element. */
export function inlinableStylesheet(text: string): string | null {
  return /<\/?style|<!--/i.test(text) ? null : text;
}

export function InlineStylesheet() {
  const { stylesheet } = useContext(InlineAssetsContext);
  const nonce = useNonce();
  if (stylesheet === null) return <link rel="stylesheet" href={stylesheetHref} />;
  return <style id={STYLESHEET_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesheet }} />;
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
  const style = document.getElementById(STYLESHEET_ID);
  const script = document.getElementById(TRANSLATIONS_ID) as HTMLScriptElement | null;
  return {
    stylesheet: style ? (style.textContent ?? "") : null,
    translations: script?.textContent || "{}",
    // The nonce attribute reads as empty once the page has loaded; the property keeps the value.
    nonce: script?.nonce ?? "",
  };
}
