/**
 * Reading a feed form with photos (multipart), as a stream: the server hands the
 * route its body unread (server.ts: routes that raise `maxBody`), so the route
 * decides who may send one first (a visitor is sent to sign in without a byte of
 * it held) and reads it here. Text fields are kept within small limits; each
 * photo goes straight to a temporary file under `DATA_DIR/uploads` (spooled, never
 * held whole in memory), up to the per-photo limit. A photo past its limit, or
 * past the number a feed may have, is drained without being kept and reported by
 * name; a body that breaks off or goes past the route's limit is reported as a
 * problem with every field read so far, so the form answers with the text kept,
 * never a bare error page.
 *
 * Memory: at most UPLOADS_AT_ONCE bodies are read at a time in the process (the
 * others wait unread, held back by TCP), each holding a socket chunk or two and
 * its text fields (at most FIELDS × FIELD_MAX): bounded however many are sent.
 * The multipart parser is busboy, which reads quoted parameters as RFC 7578 says,
 * so a file named `a;b=c.jpg` is just a name.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";
import type { Services } from "~/context";
import { readFormData } from "~/forms/form.server";
import { PHOTO_LIMITS } from "./photos.server";

/**
 * The body limit of a feed form: ten photos as phones take them (3–5 MB), and one
 * over its own limit still read far enough to be refused by name, text kept. It is
 * never held in memory (photos are spooled to disk). The page checks sizes before
 * sending, with JavaScript.
 */
export const FEED_FORM_MAX_BODY = 48 * 1024 * 1024;
/** A text field's limit (the feed's text is at most 2000 characters: 8 KB in any script). */
const FIELD_MAX = 16 * 1024;
const FIELDS = 40;
/** Files a body may carry before the rest are ignored unread (a feed takes 10; the rest are named as too many). */
const FILES_MAX = 100;
/** A url-encoded feed form (no photos) is only text. */
const TEXT_FORM_MAX = FIELDS * FIELD_MAX;
/** Upload bodies read at once in the process; the rest wait, unread. */
export const UPLOADS_AT_ONCE = 8;
/** Spooled files older than this belong to no request still running (a crash left them): the sweep removes them. */
export const SPOOL_MAX_AGE_MS = 60 * 60_000;

export interface UploadedPhoto {
  /** The name the phone gave it (shown in messages only; never used as a path). */
  name: string;
  /** Where its bytes were spooled (removed by `discard`). */
  path: string;
  size: number;
}

/** Why a body was not read to its end: past the route's limit, or broken off / malformed. */
export type UploadProblem = "uploadTooLarge" | "uploadBroken";

export interface FeedUpload {
  form: FormData;
  /** Photos read whole (within the limit), in the order sent. */
  photos: UploadedPhoto[];
  /** Names of photos not kept: too large, or beyond how many a feed may have. */
  tooLarge: string[];
  tooMany: string[];
  /** Set when the body was not read to its end; `form` then has the fields read before that. */
  problem: UploadProblem | null;
  /** Removes the spooled photos; call when done with them, whatever happened. */
  discard(): Promise<void>;
}

/** The folder spooled uploads go to. */
export const uploadSpoolOf = (services: Pick<Services, "config">) => path.join(services.config.DATA_DIR, "uploads");

let reading = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than UPLOADS_AT_ONCE bodies are being read. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= UPLOADS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

/** A name safe to show: no path, no control characters, at most 100 characters. */
const label = (filename: string) =>
  // eslint-disable-next-line no-control-regex
  (filename.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 100) || "?";

export async function readFeedUpload(
  request: Request,
  services: Pick<Services, "config">,
  field = "photos",
): Promise<FeedUpload> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return readTextForm(request);
  const spool = uploadSpoolOf(services);
  await fs.promises.mkdir(spool, { recursive: true, mode: 0o700 });
  return inTurn(() => readMultipart(request, contentType, spool, field));
}

/** A form without files may come url-encoded (a client that sends no photos): only text, within its limit. */
async function readTextForm(request: Request): Promise<FeedUpload> {
  const empty = { photos: [], tooLarge: [], tooMany: [], discard: async () => undefined };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of (request.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > TEXT_FORM_MAX) return { ...empty, form: new FormData(), problem: "uploadTooLarge" };
      chunks.push(chunk);
    }
  } catch (error) {
    const status = (error as { status?: number }).status;
    return { ...empty, form: new FormData(), problem: status === 413 ? "uploadTooLarge" : "uploadBroken" };
  }
  const form = await readFormData(
    new Request("http://form.local/", {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
      body: Buffer.concat(chunks),
    }),
  );
  return { ...empty, form, problem: null };
}

function readMultipart(request: Request, contentType: string, spool: string, field: string): Promise<FeedUpload> {
  const form = new FormData();
  /** Photos in the order they were sent (each written in its turn; a refused one leaves its place empty). */
  const sent: (UploadedPhoto | null)[] = [];
  const tooLarge: string[] = [];
  const tooMany: string[] = [];
  const spooled = new Set<string>();
  const writes: Promise<void>[] = [];
  let accepted = 0;
  let problem: UploadProblem | null = null;
  const discard = async () => {
    await Promise.allSettled(writes);
    await Promise.all([...spooled].map((file) => fs.promises.rm(file, { force: true })));
    spooled.clear();
  };
  const result = (): FeedUpload => ({
    form,
    photos: sent.filter((photo): photo is UploadedPhoto => photo !== null),
    tooLarge,
    tooMany,
    problem,
    discard,
  });

  return new Promise<FeedUpload>((resolve) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        defCharset: "utf8",
        limits: {
          fieldNameSize: 100,
          fieldSize: FIELD_MAX,
          fields: FIELDS,
          fileSize: PHOTO_LIMITS.maxBytes,
          files: FILES_MAX,
          parts: FIELDS + FILES_MAX,
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary, or not multipart after all.
      problem = "uploadBroken";
      return resolve(result());
    }
    const source = request.body ? Readable.fromWeb(request.body as WebReadableStream) : null;
    if (!source) {
      problem = "uploadBroken";
      return resolve(result());
    }
    let settled = false;
    /** Photos being written: a body that breaks off ends them, so their writes settle. */
    const open = new Set<NodeJS.ReadableStream & { destroy(error?: Error): void }>();
    const finish = async (failure: UploadProblem | null) => {
      if (settled) return;
      settled = true;
      if (failure) {
        problem = failure;
        source.unpipe(parser);
        source.destroy();
        for (const stream of open) stream.destroy(new Error("upload ended early"));
      }
      await Promise.allSettled(writes);
      resolve(result());
    };

    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) problem ??= "uploadTooLarge";
      form.append(name, value);
    });
    parser.on("file", (name, stream, filename) => {
      if (name !== field || !filename) return void stream.resume(); // an empty file input, or a file where none is expected
      const shown = label(filename);
      if (accepted >= PHOTO_LIMITS.perFeed) {
        tooMany.push(shown);
        return void stream.resume();
      }
      accepted++;
      const file = path.join(spool, `${crypto.randomBytes(12).toString("hex")}.part`);
      spooled.add(file);
      const place = sent.push(null) - 1;
      open.add(stream);
      stream.once("close", () => open.delete(stream));
      writes.push(
        pipeline(stream, fs.createWriteStream(file, { mode: 0o600 })).then(
          async () => {
            if (stream.truncated) {
              accepted--;
              tooLarge.push(shown);
              spooled.delete(file);
              await fs.promises.rm(file, { force: true });
            } else if (stream.bytesRead === 0) {
              accepted--;
              spooled.delete(file);
              await fs.promises.rm(file, { force: true });
            } else {
              sent[place] = { name: shown, path: file, size: stream.bytesRead };
            }
          },
          () => {
            // The body broke off inside this photo: the parser's error says so.
            accepted--;
          },
        ),
      );
    });
    parser.on("filesLimit", () => tooMany.push("…"));
    parser.on("fieldsLimit", () => (problem ??= "uploadTooLarge"));
    parser.on("partsLimit", () => (problem ??= "uploadTooLarge"));
    parser.on("error", () => void finish("uploadBroken"));
    parser.on("finish", () => void finish(null));
    source.on(
      "error",
      (error: Error & { status?: number }) => void finish(error.status === 413 ? "uploadTooLarge" : "uploadBroken"),
    );
    source.pipe(parser);
  });
}

/** Removes spooled uploads older than SPOOL_MAX_AGE_MS (left by a process that stopped mid-upload). */
export async function sweepUploadSpool(services: Pick<Services, "config">, now = Date.now()): Promise<number> {
  const spool = uploadSpoolOf(services);
  let removed = 0;
  let names: string[];
  try {
    names = await fs.promises.readdir(spool);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(spool, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > SPOOL_MAX_AGE_MS) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
