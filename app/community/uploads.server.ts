/**
 * Reading a feed form with photos (multipart): text fields as usual, and each
 * photo part read up to the per-photo limit. A part past the limit, or past the
 * number a feed may have, is drained without being kept and reported by name, so
 * the form answers "this photo is too large" with the text kept, never a 413 page.
 * The whole body is already bounded by the route's `maxBody` (server.ts).
 */
import {
  json,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { readForm } from "~/forms/form.server";
import { PHOTO_LIMITS } from "./photos.server";

/**
 * The body limit of a feed form. It is held in memory while read, so it is not every
 * photo at its limit: ten photos as phones take them (3–5 MB) fit, and one photo
 * over its own limit is still read far enough to be refused by name, text kept.
 * The page checks sizes before sending, with JavaScript.
 */
export const FEED_FORM_MAX_BODY = 48 * 1024 * 1024;
const TEXT_PART_MAX = 64 * 1024;

export interface UploadedPhoto {
  /** The name the phone gave it (shown in messages only; never used as a path). */
  name: string;
  bytes: Buffer;
}

export interface FeedUpload {
  form: FormData;
  /** Photos read whole (within the limit), in the order sent. */
  photos: UploadedPhoto[];
  /** Names of photos not read: too large, or beyond how many a feed may have. */
  tooLarge: string[];
  tooMany: string[];
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

export async function readFeedUpload(request: Request, field = "photos"): Promise<FeedUpload> {
  // A form without files may come url-encoded (a client that sends no photos): read as any form.
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return { form: await readForm(request), photos: [], tooLarge: [], tooMany: [] };
  }
  const photos: UploadedPhoto[] = [];
  const tooLarge: string[] = [];
  const tooMany: string[] = [];
  const photoHandler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) return undefined; // a text field: the next handler's
    if (name !== field || filename === "") {
      await drain(data); // an empty file input, or a file where none is expected
      return null;
    }
    const label = filename.replace(/[\\/]/g, "_").slice(0, 100);
    if (photos.length >= PHOTO_LIMITS.perFeed) {
      tooMany.push(label);
      await drain(data);
      return null;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= PHOTO_LIMITS.maxBytes) chunks.push(chunk);
    }
    if (size > PHOTO_LIMITS.maxBytes) {
      tooLarge.push(label);
      return null;
    }
    if (size === 0) return null;
    photos.push({ name: label, bytes: Buffer.concat(chunks) });
    return null;
  };
  try {
    const form = await parseMultipartFormData(
      request,
      composeUploadHandlers(photoHandler, createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX })),
    );
    return { form, photos, tooLarge, tooMany };
  } catch {
    // Not multipart, a broken body, or a text part past its limit.
    throw json({ code: "badRequest" }, { status: 400, statusText: "Bad Request" });
  }
}
