/**
 * Shared pages kept whole for a few seconds (docs/decisions/0068). A route that declares `shared: true` in its
 * handle (a notice, the notices' list, the benefits, the shop, the terms, home) draws the same document for everyone who
 * sends the same address, cookies and languages: crawlers and visitors read these pages most, and a document of
 * 60 KB costs its loaders, their JSON twice and the stream on every request. Such a document is kept for
 * `PAGE_CACHE_SECONDS` and answered again without running the route, under these rules:
 * - only a GET of a shared route, with no body; the key is the URL, the whole Cookie header, Accept-Language and
 *   whether a crawler asks, so a member's request never meets a visitor's document (their cookies differ), each
 *   language has its own, and a person is never answered a crawler's page (home offers a person a language);
 * - only a document answered 200 with no Set-Cookie and no `no-store` Cache-Control is kept (a page for a member
 *   is `private, no-store`: entry.server.tsx), so nothing personal is ever stored. A visitor's page whose language
 *   came from the cookie or Accept-Language is `private` for the caches between us and the visitor (decision
 *   0084), which this one is not: it is the origin's, keyed by both;
 * - the CSP nonce is taken out when stored and the request's own put in when answered (in the body and in the
 *   `Link` header that names the modules), with an `Age` header;
 *   to a browser that takes gzip, the document goes compressed once when kept, the nonce joined in per answer
 *   (gzipWithSlots.ts), so an answer costs no compression;
 * - any post this process answers empties it (an admin's change is seen at once here), and so does a change
 *   another process committed to the storage (the content import, a second server on the same SQLite file):
 *   the storage's change mark (`Stores.changeMark`) is read before each answer from the cache (and only then:
 *   a request the cache holds nothing for, a member's above all, costs no read of it). A storage
 *   without such a mark would leave a change elsewhere to show within `PAGE_CACHE_SECONDS`.
 */
import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import { gzipWithSlots, prepareSlottedGzip, type SlottedGzip } from "./gzipWithSlots";

interface Kept {
  /** When it was drawn (the TTL's clock). */
  at: number;
  status: number;
  headers: [string, string][];
  /** The document with every occurrence of the nonce it was drawn with replaced by `NONCE_SLOT`. */
  body: string;
  /** The document compressed but for the nonce's places. */
  gzip: SlottedGzip;
}

/** Stands for the nonce in a kept document. */
const NONCE_SLOT = `nonce-slot-${randomUUID()}`;
/** A longer key (a flood of cookies) is not worth keeping. */
const MAX_KEY = 4096;

/**
 * A kept page as it is sent: its whole body in one buffer, written to the socket as it is (no fetch Response and
 * web stream around it: on Node 24 that wrapping cost a cached answer more than the rest of it, decision 0085).
 */
export interface KeptAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface PageCache {
  /** Whether a kept answer to this request may be there (before the mark is read). */
  holds(key: string | null): boolean;
  /** The kept answer to this request with `nonce` in place (gzip-compressed when `gzip`), or null. */
  answer(key: string | null, nonce: string, gzip?: boolean): KeptAnswer | null;
  /**
   * Keeps `response` if it may be kept; returns a response to send in its place (its body was read, unless `text`
   * gives it: asked only for a page it keeps).
   */
  keep(key: string | null, response: Response, nonce: string, text?: () => string | undefined): Promise<Response>;
  /** Forgets everything (after a post). */
  clear(): void;
  /** Forgets everything when the storage's change mark is not the one seen last (another process wrote). */
  sync(mark: number): void;
}

/** Who sends a request, as far as a shared page may differ by it. */
export type Reader = "crawler" | "person";

/**
 * The key of a request to a shared route, or null when it may not be answered from the cache. The reader is part
 * of it: home offers a person's first visit the choice of language and shows a crawler the page (decision 0115).
 */
export function pageCacheKey(
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
  reader: Reader,
) {
  if (method !== "GET") return null;
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join("\n") : (value ?? "");
  };
  const key = [url, one("cookie"), one("accept-language"), reader].join("\n\n");
  return key.length > MAX_KEY ? null : key;
}

/** `clock` is for tests: the TTL's clock (performance.now by default). */
export function createPageCache(seconds: number, clock?: { now(): number }): PageCache {
  if (seconds <= 0) {
    return { holds: () => false, answer: () => null, keep: async (_key, response) => response, clear() {}, sync() {} };
  }
  const kept = new LRUCache<string, Kept>({
    max: 1000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) =>
      page.body.length * 2 +
      page.gzip.parts.reduce((sum, part) => sum + part.raw.length + part.deflated.length, 0) +
      page.headers.length * 64 +
      256,
    ttl: seconds * 1000,
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
  });

  let seenMark: number | null = null;
  const now = () => (clock ?? performance).now();

  const mayKeep = (response: Response) => {
    const cacheControl = response.headers.get("cache-control") ?? "";
    return (
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      !/\bno-store\b/i.test(cacheControl) &&
      (response.headers.get("content-type") ?? "").startsWith("text/html")
    );
  };

  return {
    holds(key) {
      return key !== null && kept.has(key);
    },

    answer(key, nonce, gzip = false) {
      const page = key === null ? undefined : kept.get(key);
      if (!page) return null;
      // The Link header names the modules with the nonce (decision 0116): each answer's own.
      const headers = new Headers(
        page.headers.map(([name, value]): [string, string] => [name, value.replaceAll(NONCE_SLOT, nonce)]),
      );
      // HTTP's own word for an answer from a cache: how many seconds ago it was drawn.
      headers.set("Age", String(Math.max(0, Math.floor((now() - page.at) / 1000))));
      headers.append("Vary", "Accept-Encoding");
      const body = gzip ? gzipWithSlots(page.gzip, nonce) : Buffer.from(page.body.replaceAll(NONCE_SLOT, nonce));
      if (gzip) headers.set("Content-Encoding", "gzip");
      headers.set("Content-Length", String(body.length));
      return { status: page.status, headers, body };
    },

    async keep(key, response, nonce, text) {
      if (key === null || !mayKeep(response)) return response;
      const body = text?.() ?? (await response.text());
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
      const slot = (text: string) => (nonce ? text.replaceAll(nonce, NONCE_SLOT) : text);
      const slotted = slot(body);
      const page = {
        at: now(),
        status: response.status,
        headers: headers.map(([name, value]): [string, string] => [name, slot(value)]),
        body: slotted,
        gzip: prepareSlottedGzip(slotted.split(NONCE_SLOT)),
      };
      kept.set(key, page);
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    },

    clear() {
      kept.clear();
    },

    sync(mark) {
      if (mark !== seenMark) kept.clear();
      seenMark = mark;
    },
  };
}
