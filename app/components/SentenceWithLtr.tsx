import { Fragment, type ReactNode } from "react";

/** Stands for a value inside the translated sentence, which is then split around it. */
const SLOT = "\u2063";
/** A stand-in: SLOT, the value's index as a private-use character (never a digit a count could be mistaken for), SLOT. */
const slot = (index: number) => `${SLOT}${String.fromCharCode(0xe000 + index)}${SLOT}`;
const SLOTS = /\u2063([\ue000-\uf8ff])\u2063/;

/**
 * A translated sentence with its values (dates, numbers, codes, phone numbers)
 * each isolated left-to-right in its own element: in right-to-left text a value
 * reads as written ("2027-03-06", not "06-03-2027"), two values never run together
 * ("2027-03-06" then "100", not "06100-03-2027"), and the sentence's own direction is
 * not disturbed by them. `sentence` gets a stand-in for each value to pass to `t`;
 * words (names, excerpts) go to `t` directly. A plural's `count` is given to `t` as
 * the number it is (the plural form depends on it) and isolated where it appears.
 */
export function SentenceWithValues<K extends string = never, W extends string = never>({
  sentence,
  values = {} as Record<K, string | number>,
  words = {} as Record<W, string>,
  count,
  href,
  text: renderText = (part) => part,
}: {
  sentence: (slots: Record<K | W, string> & { count?: number }) => string;
  values?: Record<K, string | number>;
  /** People's words (a name, an excerpt): isolated in their own direction, so they cannot reorder the sentence. */
  words?: Record<W, string>;
  /** The plural's count: passed to `t` as a number, then isolated in the sentence. */
  count?: number;
  /** Makes a value a link (a phone number as `tel:`). */
  href?: Partial<Record<K, string>>;
  /** Draws the sentence's own words (the app's name kept on one line: Branded). */
  text?: (part: string) => ReactNode;
}) {
  const names = [...Object.keys(values), ...Object.keys(words)] as (K | W)[];
  const ltr = Object.keys(values).length;
  const slots = Object.fromEntries(names.map((name, i) => [name, slot(i)])) as Record<K | W, string>;
  let text = sentence(count === undefined ? slots : { ...slots, count });
  const all = { ...values, ...words } as Record<K | W, string | number>;
  const shown = names.map((name) => String(all[name]));
  if (count !== undefined) {
    // The count's first appearance (translations hold no other digits).
    text = text.replace(String(count), slot(shown.length));
    shown.push(String(count));
  }
  const parts = text.split(SLOTS);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part ? <Fragment key={i}>{renderText(part)}</Fragment> : null;
        const index = part.charCodeAt(0) - 0xe000;
        const value = shown[index]!;
        if (index >= ltr && index < names.length) return <bdi key={i}>{value}</bdi>;
        const link = href?.[names[index] as K];
        // A phone number (masked or not) or a date never breaks in the middle: the line breaks around it.
        const className = /^[+\d\s()*-]+$/.test(value) ? "ltr-value ltr-value--unbroken" : "ltr-value";
        return link ? (
          <a key={i} href={link} dir="ltr" className="ltr-link">
            <bdi className={className}>{value}</bdi>
          </a>
        ) : (
          <bdi key={i} dir="ltr" className={className}>
            {value}
          </bdi>
        );
      })}
    </>
  );
}

/** A translated sentence with one value in it isolated left-to-right (SentenceWithValues with one value). */
export function SentenceWithLtr({
  sentence,
  value,
  href,
}: {
  sentence: (slot: string) => string;
  value: string;
  /** Makes the value a link (a phone number as `tel:`). */
  href?: string;
}) {
  return (
    <SentenceWithValues
      sentence={({ value: slot }) => sentence(slot)}
      values={{ value }}
      href={href ? { value: href } : undefined}
    />
  );
}

/** One value on its own (a date, a count beside words), isolated left-to-right. */
export function Ltr({ children }: { children: string | number }) {
  return <bdi dir="ltr">{children}</bdi>;
}
