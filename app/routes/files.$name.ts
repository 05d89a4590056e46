/**
 * Stored photos, by name (`{id}.webp`, `{id}-s.webp` for the thumbnail). A name
 * is never reused for other bytes, so a browser keeps each for a year without
 * asking again. Anything that is not such a name is a 404 before the disk is read.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

const NAME = /^[A-Za-z0-9_-]{12}(-s)?\.webp$/;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  const bytes = NAME.test(name) ? await context.services.files.read(name) : null;
  if (!bytes)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as BodyInit, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
