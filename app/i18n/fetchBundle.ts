/**
 * How the browser's catalog fetches a namespace a later page needs: one request to
 * the cached /locales/{lng}/{ns}.json route, with the client timeout. A network or
 * server error is tried again (twice, after a short pause); a refusal (404) or a
 * body that is not JSON will not change on retry.
 */
import { fetchWithTimeout } from "~/lib/fetchWithTimeout";
import type { Bundle, LoadBundle } from "./catalog";

const ATTEMPTS = 3;
const PAUSE_MS = 350;

class Refused extends Error {}

export function fetchBundle(
  loadPath: (language: string, namespace: string) => string,
  options: { fetchImpl?: typeof fetch; pauseMs?: number } = {},
): LoadBundle {
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  return async (language, namespace) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetchWithTimeout(
          loadPath(language, namespace),
          { credentials: "same-origin" },
          { fetchImpl: options.fetchImpl },
        );
        if (response.status >= 500) throw new Error(`translations: HTTP ${response.status}`);
        if (!response.ok) throw new Refused(`translations: HTTP ${response.status}`);
        try {
          return (await response.json()) as Bundle;
        } catch (error) {
          throw new Refused(String(error));
        }
      } catch (error) {
        if (error instanceof Refused || attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
      }
    }
  };
}
