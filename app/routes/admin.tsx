/**
 * The admin area's frame: its guard (app/admin/admin.server.ts: anyone but an admin
 * gets the 404 page, drawn as an unknown path's: `secret`), its navigation, and
 * `noindex` for every page under it. Each page under it checks the guard in its own
 * loader and action too (Remix runs them side by side, not after this one). Its
 * pages are never cached: only admins, who are signed in, get them (entry.server).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
  secret: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return json({ ok: true });
}

// As an unknown path's page says too (routes/$.tsx): the 404 a visitor gets here is that page, meta included.
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout() {
  return (
    <div className="admin">
      <AdminNav />
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
