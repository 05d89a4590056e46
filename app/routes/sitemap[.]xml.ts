/** The sitemap (app/seo/sitemap.server.ts): public pages with their languages and last changes; cached an hour. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/routeKit.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapXml(context.services), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
