/** Client fetches give up after 30 s on desktop and 60 s on mobile networks (spec §9). */
export const DESKTOP_TIMEOUT_MS = 30_000;
export const MOBILE_TIMEOUT_MS = 60_000;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini/i.test(userAgent ?? "");
}

export function requestTimeoutMs(userAgent: string | null | undefined): number {
  return isMobileUserAgent(userAgent) ? MOBILE_TIMEOUT_MS : DESKTOP_TIMEOUT_MS;
}

export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`request timed out after ${timeoutMs} ms`);
  }
}

export async function fetchWithTimeout(
  input: RequestInfo | URL,
  init: RequestInit = {},
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs(typeof navigator === "undefined" ? "" : navigator.userAgent);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = init.signal;
  const forward = () => controller.abort();
  outer?.addEventListener("abort", forward, { once: true });
  try {
    return await (options.fetchImpl ?? fetch)(input, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}
