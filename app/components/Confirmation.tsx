import { useEffect, useRef, type ReactNode } from "react";

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
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  }, [answer]);
  return (
    <div ref={ref} className={`confirmation ${className}`} role="status" tabIndex={-1} autoFocus>
      {children}
    </div>
  );
}
