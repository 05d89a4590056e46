import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { isHydrating, whenIdle } from "~/lib/hydration";
import {
  amountInWords,
  canonicalNumber,
  groupDigits,
  numberHabit,
  regroupAsTyped,
  type ReadBack,
} from "~/lib/numberInput";

/**
 * The echo under a money field: the amount in words ("1,000만 원", "10 million won"), drawn by the server from
 * what was sent and, with JavaScript, kept up as the member types; the field's digits are regrouped with the
 * app's commas as they are typed (a member's own dots or spaces are left alone). Without JavaScript the field
 * submits what was typed and the server reads it (lib/numberInput.ts). `unit`: "won", or a currency's code;
 * `unitFrom`: the id of the select that chooses that currency, followed as it changes.
 *
 * While hydrating, the words are the server's, read from its HTML: the first compact number format of a language
 * costs about 9 ms (ICU loads its data), 55 ms on the slow phone, inside hydration's long task (decision 0116).
 * It is paid when the browser is next idle, before the member types.
 */
export function AmountWords(props: { inputId: string; value: string; unit: string; unitFrom?: string }) {
  const { inputId, unitFrom } = props;
  const { t, language } = useTranslation();
  const [typed, setTyped] = useState(props.value);
  const [code, setCode] = useState(props.unit);
  // The server's words hold for the amount, the unit and the language it drew them in.
  const [drawn] = useState(() =>
    isHydrating() ? { html: drawnWords(inputId), value: props.value, unit: props.unit, language } : null,
  );
  useEffect(() => whenIdle(() => void amountInWords("10000", language)), [language]);
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    const select = unitFrom ? (document.getElementById(unitFrom) as HTMLSelectElement | null) : null;
    if (!input) return;
    const onInput = () => {
      const grouped = regroupAsTyped(input.value, input.selectionStart ?? input.value.length, language);
      if (grouped && grouped.value !== input.value) {
        input.value = grouped.value;
        input.setSelectionRange(grouped.caret, grouped.caret);
      }
      setTyped(input.value);
    };
    const onSelect = () => {
      if (!select) return;
      setCode(select.value);
      // Won has no decimals: a phone shows digits only; any other currency may have cents.
      input.inputMode = select.value === "KRW" ? "numeric" : "decimal";
    };
    onSelect();
    setTyped(input.value);
    input.addEventListener("input", onInput);
    select?.addEventListener("change", onSelect);
    return () => {
      input.removeEventListener("input", onInput);
      select?.removeEventListener("change", onSelect);
    };
  }, [inputId, unitFrom, language]);
  const drawnHtml =
    drawn && drawn.language === language && drawn.value === typed && drawn.unit === code ? drawn.html : null;
  const words = drawnHtml !== null ? null : amountInWords(canonicalNumber(typed.trim(), language), language);
  return (
    <p className="field__hint amount-words" id={`${inputId}-words`} aria-live="polite">
      {drawnHtml !== null ? (
        // The server's own markup of these words, given back as it was (keyed apart: replaced, not patched).
        <bdi key="drawn" dangerouslySetInnerHTML={{ __html: drawnHtml }} />
      ) : words ? (
        <bdi key="typed">
          {code === "won" || code === "KRW" ? t("numbers.won", { amount: words }) : `${words} ${code}`.trim()}
        </bdi>
      ) : null}
    </p>
  );
}

/** The words the server drew under the field, as HTML (null when it drew none). */
function drawnWords(inputId: string): string | null {
  return document.getElementById(`${inputId}-words`)?.querySelector("bdi")?.innerHTML ?? null;
}

/** What the app read in a refused number (lib/numberInput.ts readBack), said after the refusal. */
export function ReadBackLine({ readBack }: { readBack: ReadBack | null | undefined }) {
  const { t } = useTranslation();
  if (!readBack) return null;
  const sentence =
    "digits" in readBack
      ? t("numbers.understoodDigits", { digits: groupDigits(String(readBack.digits)) })
      : t("numbers.understood", { value: `\u2066${readBack.value}\u2069` });
  return <> {sentence}</>;
}

/**
 * The hint of a number field: the forms read in the page's language (lib/numberInput.ts numberHabit), each
 * isolated left to right (LRI … PDI) so they read as typed inside a right-to-left sentence.
 */
export function numberExamples(language: string, decimals: boolean): string {
  const habit = numberHabit(language);
  const forms = ["1,000,000"];
  if (habit === "dot") forms.push("1.000.000");
  if (habit === "space") forms.push("1 000 000");
  if (decimals) forms.push("25.50");
  if (decimals && habit !== "comma") forms.push("25,50");
  return forms.map((form) => `\u2066${form}\u2069`).join(" · ");
}
