/** The page-translation widget (off unless TRANSLATE_WIDGET is on): a hidden host element and its script. */
import { useEffect } from "react";
import { mountTranslateWidget, TRANSLATE_ELEMENT_ID, type TranslateHost } from "~/lib/translateWidget";
import { TRANSLATE_SCRIPT } from "~/lib/analytics";
import { useNonce } from "~/nonce";

export function TranslateWidget({ language }: { language: string }) {
  const nonce = useNonce();
  useEffect(() => mountTranslateWidget(window as unknown as TranslateHost, language), [language]);
  return (
    <>
      <div id={TRANSLATE_ELEMENT_ID} hidden />
      <script async nonce={nonce} src={TRANSLATE_SCRIPT} suppressHydrationWarning />
    </>
  );
}
