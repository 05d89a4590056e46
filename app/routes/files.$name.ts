/**
 * Stored photos, by name (`{id}.webp`, `{id}-s.webp` for the thumbnail), served
 * only while whoever asks may see them: a photo of a visible feed to everyone; of
 * a feed hidden by reports or a moderator to its author and moderators; a pending
 * photo (a form not yet saved) to its uploader. A photo whose record is gone
 * (deleted feed, withdrawn member, swept upload) is a 404 at once, before its
 * bytes are removed.
 *
 * Caching follows what a takedown can wait for: a public photo may be kept for 5
 * minutes (then revalidated: the name never changes its bytes, so a 304 costs no
 * body); anything only one person may see is private and never stored.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, readSession } from "~/routeKit.server";

const NAME = /^([A-Za-z0-9_-]{12})(-s)?\.webp$/;
/** How long a browser or shared cache may keep a public photo before asking again: the takedown's delay. */
export const PUBLIC_PHOTO_MAX_AGE_S = 300;
/** The app's 404 for a photo is never kept by a cache: one taken down is gone at once. */
const GONE = { "Cache-Control": "no-store" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const name = params.name ?? "";
  const match = NAME.exec(name);
  if (!match) notFound(request, GONE);
  const record = await services.stores.files.get(match[1]!);
  if (!record) notFound(request, GONE);

  let shared = false;
  if (record.feedId !== null) {
    const feed = await services.stores.feeds.get(record.feedId);
    if (!feed) notFound(request, GONE);
    shared = feed.status === "visible";
    if (!shared) {
      const viewer = await readSession(request, services);
      if (!viewer || (viewer.uid !== feed.author.uid && !viewer.admin)) notFound(request, GONE);
    }
  } else {
    const viewer = await readSession(request, services);
    if (viewer?.uid !== record.ownerUid) notFound(request, GONE);
  }

  const etag = `"${name}"`;
  const cacheControl = shared ? `public, max-age=${PUBLIC_PHOTO_MAX_AGE_S}` : "private, no-store";
  if (shared && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": cacheControl } });
  }
  const bytes = await services.files.read(name);
  if (!bytes) notFound(request, GONE);
  return new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as BodyInit, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": cacheControl,
      ...(shared ? { ETag: etag } : {}),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
