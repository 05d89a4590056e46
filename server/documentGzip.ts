/**
 * Pages compressed for the wire with their recurring parts compressed once (docs/decisions/0078). Four fifths of
 * a page are its inline stylesheets, its translations and Remix's module script, the same for every page of a
 * feature in a language; gzip at level 6 over a 36 KB page costs about 0.4 ms, as much as half of all the rest of
 * a signed-in page view. So each inline `<style>` or `<script>` element's text of `MIN_KEPT` bytes or more is
 * compressed on its own once and kept (by its text, in a bounded LRU); only the markup around them, the loaders'
 * data and what is shorter is compressed per answer. The parts join into one gzip body (gzipWithSlots.ts).
 *
 * Remix's context script (`window.__remixContext = …`) carries the loaders' data (a member's own, on their pages):
 * never kept as a part. A page compressed this way is up to a tenth larger than one compressed whole (the parts do
 * not refer to each other).
 *
 * A page the app rendered from its render cache comes as a template (a slot where the nonce goes) and the render's
 * key (app/server/pageResponse.server.ts): the same key, the same template. Its pieces are compressed once and
 * kept by that key, for as long as the render cache keeps a render (decision 0115); each answer joins its own
 * nonce in as a stored block. These templates are a member's own pages: held like the render cache holds them,
 * found only by the digest of everything the render read, and bounded in bytes.
 */
import { LRUCache } from "lru-cache";
import type { PageTemplate } from "./appTypes";
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
/** How long a template's pieces are kept: the render cache's time (entry.server.tsx). */
const TEMPLATE_MS = 60_000;
/** Where a template's answer puts its nonce. */
const SLOT = Symbol("slot");
type Piece = DeflatedPart | typeof SLOT;

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
  /** The gzip body of the template with its nonce in place. */
  gzipTemplate(page: PageTemplate): Buffer;
  /** How many parts are kept compressed now. */
  keptParts(): number;
}

/** A compressor keeping at most `maxBytes` of compressed parts and their texts, and as much of templates. */
export function createDocumentGzip(maxBytes = 16 * 1024 * 1024): DocumentGzip {
  const kept = new LRUCache<string, { text: string; part: DeflatedPart }>({
    maxSize: maxBytes,
    sizeCalculation: ({ text, part }) => text.length * 2 + part.raw.length + part.deflated.length,
  });
  const templates = new LRUCache<string, { template: string; pieces: Piece[] }>({
    maxSize: maxBytes,
    // The kept parts it shares are counted again: a bound, not an account.
    sizeCalculation: ({ pieces }) =>
      pieces.reduce((sum, piece) => sum + (piece === SLOT ? 8 : piece.raw.length + piece.deflated.length), 64),
    ttl: TEMPLATE_MS,
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

  /** Markup between kept parts, split at each slot when there is one. */
  function betweenPieces(text: string, slot: string | null, pieces: Piece[]) {
    if (slot === null) return void pieces.push(between(text));
    text.split(slot).forEach((segment, index) => {
      if (index > 0) pieces.push(SLOT);
      if (segment) pieces.push(between(segment));
    });
  }

  /** The page's pieces: its recurring inline elements kept, what is between them compressed, the slots marked. */
  function piecesOf(html: string, slot: string | null): Piece[] {
    const pieces: Piece[] = [];
    let from = 0;
    for (const open of html.matchAll(INLINE_ELEMENT)) {
      const start = open.index + open[0].length;
      if (start < from) continue;
      const end = html.indexOf(`</${open[1]!.toLowerCase()}`, start);
      if (end < 0) break;
      if (end - start < MIN_KEPT) continue;
      const text = html.slice(start, end);
      if (text.includes(LOADER_DATA) || (slot !== null && text.includes(slot))) continue;
      if (start > from) betweenPieces(html.slice(from, start), slot, pieces);
      pieces.push(keptPart(text));
      from = end;
    }
    betweenPieces(html.slice(from), slot, pieces);
    return pieces;
  }

  return {
    gzip: (html) => gzipOfParts(piecesOf(html, null) as DeflatedPart[]),
    gzipTemplate({ key, template, slot, value }) {
      let known = templates.get(key);
      if (known?.template !== template) {
        known = { template, pieces: piecesOf(template, slot) };
        templates.set(key, known);
      }
      const filler = storedPart(value);
      return gzipOfParts(known.pieces.map((piece) => (piece === SLOT ? filler : piece)));
    },
    keptParts: () => kept.size,
  };
}
