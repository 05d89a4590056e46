/**
 * Gzip bodies joined from parts compressed apart, so that what is the same on every answer is compressed once
 * (docs/decisions/0068, 0078). Each part is raw deflate ending in a full flush (byte-aligned, no reference across
 * parts); an answer joins the parts, a final empty block, and gzip's header and trailer (the CRC-32 and length of
 * the whole document). Short values between parts go as uncompressed ("stored") deflate blocks. RFC 1951 §3.2.4
 * (stored blocks) and RFC 1952.
 *
 * - A document that is the same on every answer but for one short value (the CSP nonce): `prepareSlottedGzip`
 *   once, `gzipWithSlots` per answer (the shared pages' cache). Compressing a 90 KB page takes over a millisecond,
 *   more than the rest of an answer from that cache.
 * - A document whose large parts recur across answers (the inline stylesheets and translations of every page):
 *   `deflatedPart` for each part, cached or not, then `gzipOfParts` (documentGzip.ts).
 */
import zlib from "node:zlib";

/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final stored block of no bytes: BFINAL 1, BTYPE 00, aligned, LEN 0, NLEN 0xFFFF. */
const FINAL = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** A stored block holds at most this many bytes. */
const MAX_STORED = 0xffff;

/** A part of a document, as bytes (for the CRC and length) and compressed on its own, ending byte-aligned. */
export interface DeflatedPart {
  raw: Buffer;
  deflated: Buffer;
}

export interface SlottedGzip {
  /** The parts between the slots. */
  parts: DeflatedPart[];
}

/**
 * zlib's settings for a part compressed on its own: gzip's default level, ending byte-aligned with no reference
 * past it; the window and hash table sized to the part (a page's few KB of markup need no 32 KB window): the same
 * bytes out, and half the time, most of which is setting up that state.
 */
function partOptions(length: number): zlib.ZlibOptions {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(length + 1))));
  return {
    level: 6,
    windowBits,
    memLevel: Math.min(8, Math.max(1, windowBits - 7)),
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  };
}

/** A part compressed on its own, ready to be joined with others. */
export function deflatedPart(text: string): DeflatedPart {
  const raw = Buffer.from(text, "utf8");
  return { raw, deflated: zlib.deflateRawSync(raw, partOptions(raw.length)) };
}

/** A part left uncompressed: stored blocks (a short value costs its own length and 5 bytes). */
export function storedPart(text: string): DeflatedPart {
  const raw = Buffer.from(text, "utf8");
  const blocks: Buffer[] = [];
  for (let start = 0; start < raw.length; start += MAX_STORED) {
    const chunk = raw.subarray(start, start + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return { raw, deflated: Buffer.concat(blocks) };
}

/** CRC-32 continued over `bytes` (Node 20's zlib.crc32 answers 0 for an empty buffer with no memory behind it). */
const crcOver = (bytes: Buffer, crc: number) => (bytes.length === 0 ? crc : zlib.crc32(bytes, crc));

/** The gzip body of the parts, in order. */
export function gzipOfParts(parts: readonly DeflatedPart[]): Buffer {
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    pieces.push(part.deflated);
    crc = crcOver(part.raw, crc);
    size += part.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL, trailer);
  return Buffer.concat(pieces);
}

/** Compresses the parts of a document split at its slots (`parts.length` is the number of slots plus one). */
export function prepareSlottedGzip(parts: string[]): SlottedGzip {
  return { parts: parts.map(deflatedPart) };
}

/** The gzip body of the document with `value` in every slot. */
export function gzipWithSlots(prepared: SlottedGzip, value: string): Buffer {
  const filler = storedPart(value);
  return gzipOfParts(prepared.parts.flatMap((part, index) => (index > 0 ? [filler, part] : [part])));
}
