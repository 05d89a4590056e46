/**
 * GET /push/vapidPublicKey (issue 42): the VAPID public key (base64url) browsers subscribe with, as text; 404 when
 * push is off (hosted mode without VAPID_* keys).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { vapidPublicKey } from "~/routeKit.server";

export function loader({ context }: LoaderFunctionArgs) {
  const key = vapidPublicKey(context.services);
  return new Response(key ?? "push is off", {
    status: key ? 200 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
