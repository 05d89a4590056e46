/**
 * The admin area's frame: its guard (app/admin/admin.server.ts: anyone but an admin
 * gets the 404 page), its navigation, and `noindex` for every page under it. Each
 * page under it checks the guard in its own loader and action too (Remix runs them
 * side by side, not after this one).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminNav } from "~/components/AdminNav";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { json, requireAdmin } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.notices],
  i18n: ["admin"],
  layout: "default",
  title: "titles.admin",
  back: "/",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return json({ ok: true });
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export default function AdminLayout() {
  return (
    <div className="admin">
      <AdminNav />
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
