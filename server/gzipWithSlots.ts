/**
 * A gzip body for a document that is the same on every answer but for one short value (the CSP nonce), without
 * compressing the document again for each answer (docs/decisions/0068). Compressing a 90 KB page takes over a
 * millisecond, more than the rest of an answer from the shared pages' cache; so the parts between the values are
 * compressed once, each as raw deflate ending in a full flush (byte-aligned, no reference across parts), and an
 * answer joins them with the value in uncompressed ("stored") deflate blocks, a final empty block, and gzip's
 * header and trailer (the CRC-32 and length of the whole document). RFC 1951 §3.2.4 (stored blocks) and RFC 1952.
 */
import zlib from "node:zlib";

/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final stored block of no bytes: BFINAL 1, BTYPE 00, aligned, LEN 0, NLEN 0xFFFF. */
const FINAL = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** A stored block holds at most this many bytes. */
const MAX_STORED = 0xffff;

export interface SlottedGzip {
  /** The parts between the slots, as text (for the CRC) and compressed. */
  parts: { raw: Buffer; deflated: Buffer }[];
}

/** Compresses the parts of a document split at its slots (`parts.length` is the number of slots plus one). */
export function prepareSlottedGzip(parts: string[]): SlottedGzip {
  return {
    parts: parts.map((part) => {
      const raw = Buffer.from(part, "utf8");
      return { raw, deflated: zlib.deflateRawSync(raw, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }) };
    }),
  };
}

function stored(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_STORED) {
    const chunk = bytes.subarray(start, start + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** CRC-32 continued over `bytes` (Node 20's zlib.crc32 answers 0 for an empty buffer with no memory behind it). */
const crcOver = (bytes: Buffer, crc: number) => (bytes.length === 0 ? crc : zlib.crc32(bytes, crc));

/** The gzip body of the document with `value` in every slot. */
export function gzipWithSlots(prepared: SlottedGzip, value: string): Buffer {
  const filler = Buffer.from(value, "utf8");
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  prepared.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(...stored(filler));
      crc = crcOver(filler, crc);
      size += filler.length;
    }
    pieces.push(part.deflated);
    crc = crcOver(part.raw, crc);
    size += part.raw.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL, trailer);
  return Buffer.concat(pieces);
}
