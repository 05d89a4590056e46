import { useEffect, useRef, type ReactNode, type RefObject } from "react";

/** Focuses `ref`'s element and scrolls it into view whenever `answer` changes (each new answer of a form). */
export function useFocusOnAnswer(ref: RefObject<HTMLElement | null>, answer: unknown, block: ScrollLogicalPosition) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block });
  }, [ref, answer, block]);
}

/**
 * The answer of a form sent to its own page ("saved", "sent", "posted"): the page opens on it, never with it above
 * the screen. Without JavaScript the browser focuses it as the answer loads (`autofocus` in the server's HTML) and
 * so scrolls it into view; with JavaScript it is focused and scrolled to whenever a new answer arrives (`answer`:
 * anything that changes with each, such as the action's data).
 */
export function Confirmation({
  answer,
  className = "notice notice--success",
  children,
}: {
  answer: unknown;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusOnAnswer(ref, answer, "center");
  return (
    <div ref={ref} className={`confirmation ${className}`} role="status" tabIndex={-1} autoFocus>
      {children}
    </div>
  );
}
