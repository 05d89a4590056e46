/**
 * Every notice, drafts too, last changed first: to edit, publish (now, and into
 * every member's inbox once), unpublish (out of every inbox), pin and unpin. Plain
 * forms: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { formatDate, RouteErrorBoundary } from "~/pageKit";
import {
  badRequest,
  changeNotice,
  json,
  noticeActionSchema,
  notFound,
  readForm,
  redirect,
  requireAdmin,
} from "~/routeKit.server";

export const handle: PageHandle = { i18n: ["admin"], title: "titles.adminNotices", back: "/admin", secret: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const after = new URL(request.url).searchParams.get("after");
  const page = await context.services.stores.notices.listAll({ after, limit: 50, language: "ko" });
  if (!page.ok) badRequest();
  const now = Date.now();
  return json({
    items: page.items.map((n) => ({
      itemCd: n.itemCd,
      title: n.titles.ko,
      category: n.category,
      pinned: n.pinned,
      state: n.publishedAt === null ? "draft" : n.publishedAt > now ? "scheduled" : "published",
      publishedOn: n.publishedAt === null ? null : formatDate(n.publishedAt),
      updatedOn: formatDate(n.updatedAt),
      languages: n.languages,
    })),
    next: page.next,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const parsed = noticeActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  const { itemCd, intent } = parsed.data;
  const changed = await changeNotice(context.services.stores, itemCd, intent, admin.actor, Date.now());
  if (!changed) notFound(request);
  return redirect("/admin/notices");
}

export default function AdminNoticesRoute() {
  const { t } = useTranslation("admin");
  const { items, next } = useLoaderData<typeof loader>();
  return (
    <>
      <Link className="button button--primary" to="/admin/notices/edit">
        {t("admin.notices.new")}
      </Link>
      {items.length === 0 ? <p className="notice-empty">{t("admin.notices.empty")}</p> : null}
      <ul className="admin-table">
        {items.map((n) => (
          <li key={n.itemCd} className="admin-row">
            <strong lang="ko">{n.title}</strong>
            <span className="notice-meta">
              <span dir="ltr">{n.itemCd}</span>
              <span className="notice-tag">{t(`admin.notices.state.${n.state}`)}</span>
              {n.pinned ? <span className="notice-tag notice-tag--pinned">{t("admin.notices.pinned")}</span> : null}
              {n.publishedOn ? <span dir="ltr">{n.publishedOn}</span> : null}
              <span dir="ltr">{n.languages.join(" ")}</span>
            </span>
            <div className="admin-row__actions">
              <Link
                className="button button--secondary"
                to={`/admin/notices/edit?itemCd=${encodeURIComponent(n.itemCd)}`}
              >
                {t("admin.notices.edit")}
              </Link>
              <Form method="post">
                <input type="hidden" name="itemCd" value={n.itemCd} />
                {n.state === "draft" ? (
                  <button type="submit" name="intent" value="publish" className="button button--primary">
                    {t("admin.notices.publish")}
                  </button>
                ) : (
                  <button type="submit" name="intent" value="unpublish" className="button button--secondary">
                    {t("admin.notices.unpublish")}
                  </button>
                )}
              </Form>
              <Form method="post">
                <input type="hidden" name="itemCd" value={n.itemCd} />
                <button
                  type="submit"
                  name="intent"
                  value={n.pinned ? "unpin" : "pin"}
                  className="button button--secondary"
                >
                  {n.pinned ? t("admin.notices.unpin") : t("admin.notices.pin")}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {next ? (
        <Link
          className="button button--secondary button--block"
          to={`/admin/notices?after=${encodeURIComponent(next)}`}
        >
          {t("admin.more")}
        </Link>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
