/**
 * The page-translation widget (off unless TRANSLATE_WIDGET is on): a hidden host
 * element; its code and Google's script are loaded once the page is hydrated and
 * the browser idle.
 */
import { useEffect } from "react";
import { supportedLanguages } from "~/i18n/config";
import { whenIdle } from "~/lib/hydration";
import type { TranslateHost } from "~/lib/translateWidget";
import { useNonce } from "~/nonce";

/** The element the widget draws into. */
export const TRANSLATE_ELEMENT_ID = "google_translate_element";

export function TranslateWidget({ language }: { language: string }) {
  const nonce = useNonce();
  useEffect(() => {
    let unmount = () => {};
    let cancelled = false;
    const cancel = whenIdle(() => {
      void import("~/lib/translateWidget").then(
        (widget) => {
          if (cancelled) return;
          widget.addWidgetScript(window, nonce);
          unmount = widget.mountTranslateWidget(window as unknown as TranslateHost, language, {
            elementId: TRANSLATE_ELEMENT_ID,
            languages: supportedLanguages,
          });
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancel();
      unmount();
    };
  }, [language, nonce]);
  return <div id={TRANSLATE_ELEMENT_ID} hidden />;
}
