/**
 * The moment React has attached to the server's HTML, and work that should wait
 * for it. The mark is what `npm run bench:phone` measures and what the end-to-end
 * tests wait for before an interaction whose browser-side effect they check.
 */
import { useEffect } from "react";

export const HYDRATED_MARK = "hydrated";

/** Sets the mark in the effects of the hydrating render (the document's, so they run after every page effect). */
export function useHydratedMark() {
  useEffect(() => {
    if (performance.getEntriesByName(HYDRATED_MARK, "mark").length === 0) performance.mark(HYDRATED_MARK);
  }, []);
}

/**
 * Whether this render in the browser is the one attaching to the server's HTML (the mark is set in its effects).
 * False on the server and in every later render.
 */
export function isHydrating(): boolean {
  return typeof document !== "undefined" && performance.getEntriesByName(HYDRATED_MARK, "mark").length === 0;
}

/**
 * Runs `work` when the browser is next idle (at the latest after `timeoutMs`), so
 * that what a page does not need for its first screen (popups, build checks,
 * analytics) never delays hydration or the first interaction. Returns the cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}
