/** Stands for the value inside the translated sentence, which is then split around it. */
const SLOT = "\u2063";

/**
 * A translated sentence with one value in it isolated left-to-right (a path, a
 * phone number): the value reads as written inside right-to-left text, and the
 * sentence's own direction is not disturbed by it.
 */
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
  const [before = "", after = ""] = sentence(SLOT).split(SLOT);
  // A phone number (masked or not) never breaks in the middle: the line breaks around it.
  const className = /^[+\d\s()*-]+$/.test(value) ? "ltr-value ltr-value--unbroken" : "ltr-value";
  return (
    <>
      {before}
      {href ? (
        <a href={href} dir="ltr" className="ltr-link">
          <bdi className={className}>{value}</bdi>
        </a>
      ) : (
        <bdi dir="ltr" className={className}>
          {value}
        </bdi>
      )}
      {after}
    </>
  );
}
