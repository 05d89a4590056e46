/**
 * The browser's i18next backend: one fetch of /locales/{lng}/{ns}.json per
 * namespace it needs, with the client timeout. (i18next-http-backend would add a
 * fetch polyfill no supported browser needs.)
 */
import type { BackendModule, ReadCallback } from "i18next";
import { fetchWithTimeout } from "~/lib/fetchWithTimeout";

export function fetchBackend(
  loadPath: (language: string, namespace: string) => string,
  fetchImpl?: typeof fetch,
): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetchWithTimeout(loadPath(language, namespace), { credentials: "same-origin" }, { fetchImpl }).then(
        async (response) => {
          // 404 and other refusals will not change on retry; server errors might.
          if (!response.ok) return callback(new Error(`translations: HTTP ${response.status}`), response.status >= 500);
          try {
            callback(null, (await response.json()) as Record<string, unknown>);
          } catch (error) {
            callback(error as Error, false);
          }
        },
        (error: unknown) => callback(error as Error, true),
      );
    },
  };
}
