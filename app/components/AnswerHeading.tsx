import { useRef, type ReactNode } from "react";
import { useFocusOnAnswer } from "~/components/Confirmation";

/**
 * The heading of an answer a POST form's page opens on (the admin notice preview, drawn above a long form): the
 * browser focuses it as the answer loads without JavaScript (`autofocus` in the server's HTML), and with
 * JavaScript it is focused and scrolled to whenever a new answer arrives (`answer` changes with each).
 */
export function AnswerHeading({ id, answer, children }: { id: string; answer: unknown; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnAnswer(ref, answer, "start");
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="result-heading" autoFocus>
      {children}
    </h2>
  );
}
