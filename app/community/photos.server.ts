/**
 * Photos members upload: checked by their bytes (never their name or declared
 * type), decoded by sharp (libvips) with a pixel limit read from the header before
 * any decoding, turned upright, and re-encoded as WebP at two bounded sizes. The
 * output carries no metadata block at all (EXIF with its GPS position, XMP, IPTC,
 * ICC comments): sharp writes none unless asked. The upload itself is never kept.
 *
 * One photo is processed at a time in the whole process, so memory stays bounded
 * however many members upload at once (a 12-megapixel JPEG takes about 50 MB to
 * decode at its shrunk size; libvips's cache is off).
 */
import fs from "node:fs";
import sharp from "sharp";

export const PHOTO_LIMITS = {
  /** Largest upload accepted per photo. */
  maxBytes: 15 * 1024 * 1024,
  /** Largest image accepted, in pixels (a 48-megapixel phone camera fits; a 20 000 × 20 000 bomb does not). */
  maxPixels: 50_000_000,
  /** Longest edge of the stored photo and of its thumbnail. */
  fullEdge: 1600,
  thumbEdge: 480,
  /** Photos on one feed. */
  perFeed: 10,
} as const;

export type PhotoProblem = "notImage" | "tooLarge" | "tooManyPixels";

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  /** Of the stored (full) photo. */
  width: number;
  height: number;
}

sharp.cache(false);
sharp.concurrency(1);

/** JPEG, PNG, WebP or GIF by its first bytes; anything else (HTML, SVG, a renamed file) is not a photo here. */
export function sniffImage(bytes: Uint8Array): "jpeg" | "png" | "webp" | "gif" | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "gif";
  return null;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every photo before it (one at a time in the process). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The first bytes of a spooled file, enough to tell its format. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.byteLength, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A photo's bytes, or the path of a file they were spooled to (an upload: never read whole into memory here). */
export type PhotoSource = Uint8Array | { path: string; size: number };

export async function processPhoto(
  source: PhotoSource,
): Promise<({ ok: true } & ProcessedPhoto) | { ok: false; problem: PhotoProblem }> {
  const spooled = !(source instanceof Uint8Array);
  const size = spooled ? source.size : source.byteLength;
  if (size > PHOTO_LIMITS.maxBytes) return { ok: false, problem: "tooLarge" };
  const format = sniffImage(spooled ? await headOf(source.path) : source);
  if (!format) return { ok: false, problem: "notImage" };
  const input = spooled ? source.path : source;
  return oneAtATime(async () => {
    const options = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "error", pages: 1 } as const;
    try {
      const meta = await sharp(input, options).metadata();
      if (meta.format !== format && !(format === "jpeg" && meta.format === "jpeg")) return bad("notImage");
      if (!meta.width || !meta.height) return bad("notImage");
      if (meta.width * meta.height > PHOTO_LIMITS.maxPixels) return bad("tooManyPixels");
      const upright = () => sharp(input, options).rotate();
      const full = await upright()
        .resize({
          width: PHOTO_LIMITS.fullEdge,
          height: PHOTO_LIMITS.fullEdge,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const thumb = await upright()
        .resize({
          width: PHOTO_LIMITS.thumbEdge,
          height: PHOTO_LIMITS.thumbEdge,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 75 })
        .toBuffer();
      return { ok: true as const, full: full.data, thumb, width: full.info.width, height: full.info.height };
    } catch (error) {
      // libvips refuses past the pixel limit before decoding; anything else is a broken file.
      return bad(/pixel limit/i.test(String(error)) ? "tooManyPixels" : "notImage");
    }
  });
}

const bad = (problem: PhotoProblem) => ({ ok: false as const, problem });
