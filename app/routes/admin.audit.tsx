/** The audit log: who changed what and when (admins and the content import), newest first, a page at a time. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import {
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditTargetLabel,
  badRequest,
  json,
  requireAdmin,
  whenOf,
} from "~/routeKit.server";

export const handle: PageHandle = { i18n: ["admin"], title: "titles.adminAudit", back: "/admin", secret: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const { stores } = context.services;
  const after = new URL(request.url).searchParams.get("after");
  const page = await stores.audit.list({ after, limit: AUDIT_PAGE_SIZE });
  if (!page.ok) badRequest();
  return json({
    items: page.items.map((e) => ({
      id: e.id,
      // Who, as recorded: the kind of actor, and an admin's uid with the name they had then (never a name read
      // now, which its owner can change to anything, another admin's or "import" included).
      actor: e.actor,
      action: e.action,
      target: `${e.target.kind} ${e.target.id}`,
      // What the page shows: what was done, and to what, in the operator's words (admin/labels.ts); the item by its code.
      actionLabel: auditActionLabel(e.action),
      targetLabel: auditTargetLabel(e.target.kind),
      targetId: e.target.id,
      summary: e.summary,
      // Korea's time, as every date of the app.
      at: whenOf(e.at, e.at, "ko").full,
    })),
    next: page.next,
  });
}

export default function AdminAuditRoute() {
  const { t } = useTranslation("admin");
  const { items, next } = useLoaderData<typeof loader>();
  return (
    <>
      {items.length === 0 ? <p className="notice-empty">{t("admin.audit.empty")}</p> : null}
      <ul className="admin-table">
        {items.map((e) => (
          <li key={e.id} className="admin-row">
            <span className="notice-meta">
              <span dir="ltr">{e.at}</span>
              <span className="notice-tag" data-actor-kind={e.actor.kind}>
                {t(`admin.audit.kind.${e.actor.kind}`)}
              </span>
              {e.actor.kind === "admin" && e.actor.name !== null ? <bdi>{e.actor.name}</bdi> : null}
              {e.actor.kind === "admin" ? <code dir="ltr">{e.actor.uid}</code> : null}
              {e.actor.kind === "operator" ? <code dir="ltr">{e.actor.id}</code> : null}
              <span className="notice-tag">{t(e.actionLabel)}</span>
              <span>{t(e.targetLabel)}</span>
              <span dir="ltr">{e.targetId}</span>
            </span>
            <bdi>{e.summary}</bdi>
          </li>
        ))}
      </ul>
      {next ? (
        <Link className="button button--secondary button--block" to={`/admin/audit?after=${encodeURIComponent(next)}`}>
          {t("admin.more")}
        </Link>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
