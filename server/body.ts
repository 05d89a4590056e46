/**
 * Reading a request's body within a bound: whole (a form post, refused past its
 * limit without reading the rest), or as a stream the route pulls from (uploads,
 * read after the route decided who may send one).
 */
import type { Request as ExpressRequest } from "express";
import getRawBody from "raw-body";

/** The body length the request declares, or null (chunked, or none). */
export function declaredLength(req: ExpressRequest): number | null {
  const length = req.headers["content-length"];
  return length && /^\d+$/.test(length) ? Number(length) : null;
}

/** The request's body, refused past `limit` bytes without reading the rest (memory stays bounded). */
export async function boundedBody(req: ExpressRequest, limit: number): Promise<Buffer | null> {
  if (req.method === "GET" || req.method === "HEAD") return null;
  return getRawBody(req, { limit, length: declaredLength(req) });
}

/** A streamed body, and whether the route read from it. */
export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  touched: boolean;
}

/**
 * The request's body as a stream the route pulls from, one socket chunk at a
 * time (nothing is read before the route asks, nothing is held beyond the chunk
 * it is given), failing past `limit` bytes. A body the route never reads is
 * discarded by Node as it arrives, so a refused visitor costs no memory.
 */
export function streamedBody(req: ExpressRequest, limit: number): StreamedBody {
  let received = 0;
  const reading = new AbortController();
  const body: StreamedBody = {
    touched: false,
    stream: new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          body.touched = true;
          try {
            const chunk = await nextChunk(req, reading.signal);
            if (reading.signal.aborted) return;
            if (chunk === null) return controller.close();
            received += chunk.byteLength;
            if (received > limit) {
              return controller.error(Object.assign(new Error("request body over its limit"), { status: 413 }));
            }
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          } catch (error) {
            controller.error(error);
          }
        },
        // The route stopped reading: a read still waiting lets go of the request.
        cancel: () => reading.abort(),
      },
      { highWaterMark: 0 },
    ),
  };
  return body;
}

/** Reads and drops the rest of a body; past `limit` more bytes (an endless one), the connection is cut. */
export function discardRest(req: ExpressRequest, limit: number) {
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > limit) req.socket.destroy();
  });
  req.resume();
}

/** The next chunk of a request's body, or null at its end (or when `stop` aborts); no listener is left behind. */
async function nextChunk(req: ExpressRequest, stop: AbortSignal): Promise<Buffer | null> {
  for (;;) {
    if (stop.aborted) return null;
    const chunk = req.read() as Buffer | null;
    if (chunk !== null) return chunk;
    if (req.readableEnded) return null;
    if (req.destroyed) throw new Error("request closed before its body ended");
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        req.off("readable", settle).off("end", settle).off("close", settle).off("error", done);
        stop.removeEventListener("abort", settle);
        if (error) reject(error);
        else resolve();
      };
      const settle = () => done();
      req.once("readable", settle).once("end", settle).once("close", settle).once("error", done);
      stop.addEventListener("abort", settle, { once: true });
    });
  }
}
