/** The admin area's first page: its sections (admin/sections.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { json, requireAdmin } from "~/routeKit.server";

export const handle: PageHandle = { i18n: ["admin"], title: "titles.admin", back: "/", secret: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return json({ ok: true });
}

export default function AdminIndexRoute() {
  const { t } = useTranslation("admin");
  return <p>{t("admin.intro")}</p>;
}

export const ErrorBoundary = RouteErrorBoundary;
