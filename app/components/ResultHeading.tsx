import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/** The fragment a calculator's GET form carries, so its answer page opens on the answer. */
export const RESULT_FRAGMENT = "result";

/** A calculator form's action: its own page, opening on the answer (`/finance/loan#result`). */
export const resultAction = (path: string) => `${path}#${RESULT_FRAGMENT}`;

/**
 * The heading of a calculator's answer, drawn below the form (on a phone 800–1 000 px down, off the screen).
 * Without JavaScript the browser scrolls to it because the form's action carries `#result`; with JavaScript it
 * is also focused after each new answer, so a screen reader reads it and the next Tab goes on from there.
 */
export function ResultHeading({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    const heading = ref.current;
    if (!heading || hash !== `#${RESULT_FRAGMENT}`) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start" });
  }, [hash, key]);
  return (
    <h2
      id={RESULT_FRAGMENT}
      ref={ref}
      tabIndex={-1}
      className={className ? `result-heading ${className}` : "result-heading"}
    >
      {children}
    </h2>
  );
}
