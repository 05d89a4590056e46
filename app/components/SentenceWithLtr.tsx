/** Stands for the value inside the translated sentence, which is then split around it. */
const SLOT = "\u2063";

/**
 * A translated sentence with one value in it isolated left-to-right (a path, a
 * phone number): the value reads as written inside right-to-left text, and the
 * sentence's own direction is not disturbed by it.
 */
export function SentenceWithLtr({ sentence, value }: { sentence: (slot: string) => string; value: string }) {
  const [before = "", after = ""] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      <bdi dir="ltr">{value}</bdi>
      {after}
    </>
  );
}
