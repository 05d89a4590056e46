/**
 * Pages compressed for the wire with their recurring parts compressed once (docs/decisions/0078). Four fifths of
 * a page are its inline stylesheets, its translations and Remix's module script, the same for every page of a
 * feature in a language; gzip at level 6 over a 36 KB page costs about 0.4 ms, as much as half of all the rest of
 * a signed-in page view. So each inline `<style>` or `<script>` element's text of `MIN_KEPT` bytes or more is
 * compressed on its own once and kept (by its text, in a bounded LRU); only the markup around them, the loaders'
 * data and what is shorter is compressed per answer. The parts join into one gzip body (gzipWithSlots.ts).
 *
 * Remix's context script (`window.__remixContext = …`) carries the loaders' data (a member's own, on their pages):
 * never kept. A page compressed this way is up to a tenth larger than one compressed whole (the parts do not
 * refer to each other).
 */
import { LRUCache } from "lru-cache";
import { deflatedPart, gzipOfParts, storedPart, type DeflatedPart } from "./gzipWithSlots";

/** An element's text shorter than this goes with the page around it. */
const MIN_KEPT = 1024;
/**
 * Text between kept parts shorter than this goes uncompressed (a stored block): compressing it would save a few
 * hundred bytes at most, and every compression sets up zlib's state anew (most of its cost for a short text).
 */
const MIN_COMPRESSED = 512;
/** Where Remix puts the loaders' data. */
const LOADER_DATA = "window.__remixContext";
const INLINE_ELEMENT = /<(style|script)\b[^>]*>/gi;

/** The text's length and FNV-1a over 64 of its characters spread along it. */
function fingerprint(text: string): string {
  const step = Math.max(1, Math.floor(text.length / 64));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += step) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${hash >>> 0}`;
}

export interface DocumentGzip {
  /** The gzip body of `html`. */
  gzip(html: string): Buffer;
  /** How many parts are kept compressed now. */
  keptParts(): number;
}

/** A compressor keeping at most `maxBytes` of compressed parts and their texts. */
export function createDocumentGzip(maxBytes = 16 * 1024 * 1024): DocumentGzip {
  const kept = new LRUCache<string, { text: string; part: DeflatedPart }>({
    maxSize: maxBytes,
    sizeCalculation: ({ text, part }) => text.length * 2 + part.raw.length + part.deflated.length,
  });

  function keptPart(text: string): DeflatedPart {
    // Found by a short fingerprint (a text as the key would be hashed whole on every lookup), then compared whole.
    const key = fingerprint(text);
    const known = kept.get(key);
    if (known?.text === text) return known.part;
    const part = deflatedPart(text);
    // Kept as a string made from the bytes: a slice of the page would keep the whole page alive in the cache.
    kept.set(key, { text: part.raw.toString("utf8"), part });
    return part;
  }

  // In the event loop: zlib's asynchronous calls cost it more (a stream per call) than compressing a few KB.
  const between = (text: string) => (text.length < MIN_COMPRESSED ? storedPart(text) : deflatedPart(text));

  return {
    gzip(html) {
      const parts: DeflatedPart[] = [];
      let from = 0;
      for (const open of html.matchAll(INLINE_ELEMENT)) {
        const start = open.index + open[0].length;
        if (start < from) continue;
        const end = html.indexOf(`</${open[1]!.toLowerCase()}`, start);
        if (end < 0) break;
        if (end - start < MIN_KEPT) continue;
        const text = html.slice(start, end);
        if (text.includes(LOADER_DATA)) continue;
        if (start > from) parts.push(between(html.slice(from, start)));
        parts.push(keptPart(text));
        from = end;
      }
      parts.push(between(html.slice(from)));
      return gzipOfParts(parts);
    },
    keptParts: () => kept.size,
  };
}
