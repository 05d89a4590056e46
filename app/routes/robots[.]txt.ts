/** robots.txt (app/seo/sitemap.server.ts): the sitemap's absolute address and the private paths; cached a day. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/routeKit.server";

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.services), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
