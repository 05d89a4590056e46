/**
 * Web Push (issue 42): the VAPID keys the server signs with (local mode makes them once in DATA_DIR; hosted mode
 * takes VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), the sender that encrypts a reminder for one browser
 * (RFC 8291 aes128gcm, through the `web-push` library) and tells the delivery job what the push service answered,
 * and the check of a subscription a browser posts (its endpoint is a URL the server will call).
 */
import path from "node:path";
import webpush from "web-push";
import { createdOnce } from "~/infra/dataFiles.server";
import type { PushMessage, PushOutcome, PushSender, PushSubscriptionRecord } from "~/stores/reminders";

export interface VapidKeys {
  /** base64url, uncompressed P-256 point (65 bytes). */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

/** Local mode's keys: made by the first process to start on DATA_DIR, read by every later one. */
export function localVapidKeys(dataDir: string, subject = "mailto:operator@localhost"): VapidKeys {
  return createdOnce(
    path.join(dataDir, "vapid-keys.json"),
    () => JSON.stringify(webpush.generateVAPIDKeys()),
    (text) => {
      const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") throw new Error("incomplete");
      return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
    },
  );
}

/** A push service that hangs is given up on after this long; the delivery is retried later. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a reminder for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Sends through `fetch`: web-push builds the request (the aes128gcm body and the VAPID headers) and its own sender
 * speaks only https, where a local deployment's test push service listens on loopback http. A redirect is never
 * followed (the endpoint is the one URL the browser gave).
 */
export function webPushSender(keys: VapidKeys, timeoutMs = PUSH_TIMEOUT_MS): PushSender {
  return {
    async send(subscription: PushSubscriptionRecord, message: PushMessage): Promise<PushOutcome> {
      let response: Response;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(message),
          { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
        );
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The answer's body is not needed; reading it frees the connection.
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      if (response.status >= 200 && response.status < 300) return { ok: true };
      if (response.status === 404 || response.status === 410) return { ok: false, gone: true };
      return {
        ok: false,
        retryAfterMs: response.status === 429 ? retryAfterMs(response.headers.get("retry-after")) : undefined,
        error: `push service answered ${response.status}`,
      };
    },
  };
}

/** At most this many bytes of subscription JSON are read. */
export const SUBSCRIPTION_MAX_BYTES = 2048;

export type SubscriptionProblem = "subscriptionMalformed" | "subscriptionEndpoint" | "subscriptionKeys";

const hostAllowed = (host: string, allowed: readonly string[]) =>
  allowed.some((rule) => (rule.startsWith("*.") ? host.endsWith(rule.slice(1)) : host === rule));

const bytesOf = (text: unknown) => {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return -1;
  return Buffer.from(text, "base64url").length;
};

/**
 * The subscription a browser posted, or why it is refused: JSON of at most SUBSCRIPTION_MAX_BYTES with an endpoint
 * that is `https` on one of `hosts` (the configuration's PUSH_SERVICE_HOSTS; in local mode also `http` on this
 * machine's loopback, for tests and development) and keys of the right length (p256dh a 65-byte P-256 point, auth 16 bytes).
 */
export function parseSubscription(
  text: unknown,
  options: { local: boolean; hosts: readonly string[] },
): { ok: true; subscription: Omit<PushSubscriptionRecord, "createdAt"> } | { ok: false; problem: SubscriptionProblem } {
  if (typeof text !== "string" || text.length === 0 || Buffer.byteLength(text) > SUBSCRIPTION_MAX_BYTES) {
    return { ok: false, problem: "subscriptionMalformed" };
  }
  let value: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "subscriptionMalformed" };
  }
  if (!value || typeof value !== "object" || typeof value.endpoint !== "string") {
    return { ok: false, problem: "subscriptionMalformed" };
  }
  let url: URL;
  try {
    url = new URL(value.endpoint);
  } catch {
    return { ok: false, problem: "subscriptionEndpoint" };
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  const allowed =
    (url.protocol === "https:" && hostAllowed(url.hostname, options.hosts)) ||
    (options.local && loopback && (url.protocol === "http:" || url.protocol === "https:"));
  if (!allowed || url.username || url.password || value.endpoint.length > 1024) {
    return { ok: false, problem: "subscriptionEndpoint" };
  }
  const p256dh = value.keys?.p256dh;
  const auth = value.keys?.auth;
  if (bytesOf(p256dh) !== 65 || bytesOf(auth) !== 16 || Buffer.from(p256dh as string, "base64url")[0] !== 0x04) {
    return { ok: false, problem: "subscriptionKeys" };
  }
  return { ok: true, subscription: { endpoint: url.href, p256dh: p256dh as string, auth: auth as string } };
}
