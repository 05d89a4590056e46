/**
 * Whether a request comes from a crawler (isbot), remembered per user agent: isbot runs one long pattern, and
 * most requests repeat the few agents of the phones and crawlers of the day.
 */
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";

const seen = new LRUCache<string, boolean>({ max: 2000 });

export function isCrawler(userAgent: string | null): boolean {
  // A user agent longer than any real one is judged, not kept.
  if (!userAgent || userAgent.length > 512) return isbot(userAgent);
  let crawler = seen.get(userAgent);
  if (crawler === undefined) {
    crawler = isbot(userAgent);
    seen.set(userAgent, crawler);
  }
  return crawler;
}
