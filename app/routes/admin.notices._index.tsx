/**
 * Every notice, drafts too, last changed first: to edit, publish (now, and into
 * every member's inbox once), unpublish (out of every inbox), pin and unpin. Publishing
 * and unpublishing reach every member, so they ask first (the message box with
 * JavaScript, a confirm page without; decision 0095) and say what they did. Plain
 * forms: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, formatDate, RouteErrorBoundary } from "~/pageKit";
import { ConfirmForm, ConfirmPage } from "~/kits/editing";
import {
  badRequest,
  changeNotice,
  isConfirmed,
  json,
  noticeActionSchema,
  notFound,
  readForm,
  redirect,
  requireAdmin,
} from "~/routeKit.server";

export const handle: PageHandle = { i18n: ["admin"], title: "titles.adminNotices", back: "/admin", secret: true };

/** What the list says after publishing or unpublishing (`?done=`). */
const DONE = ["published", "unpublished"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const query = new URL(request.url).searchParams;
  const after = query.get("after");
  const done = DONE.find((d) => d === query.get("done")) ?? null;
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
    done,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const fields = await readForm(request);
  const parsed = noticeActionSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) badRequest();
  const { itemCd, intent } = parsed.data;
  const reachesEveryone = intent === "publish" || intent === "unpublish";
  if (reachesEveryone && !isConfirmed(fields)) {
    // Without JavaScript: the confirm page first, naming the notice; nothing changes until it is answered.
    const notice = await context.services.stores.notices.get(itemCd);
    if (!notice) notFound(request);
    return json({ confirm: { itemCd, intent, title: notice.translations.ko?.title ?? itemCd } });
  }
  const changed = await changeNotice(context.services.stores, itemCd, intent, admin.actor, Date.now());
  if (!changed) notFound(request);
  const done: Done | null = intent === "publish" ? "published" : intent === "unpublish" ? "unpublished" : null;
  return redirect(done ? `/admin/notices?done=${done}` : "/admin/notices");
}

type Intent = "publish" | "unpublish";

export default function AdminNoticesRoute() {
  const { t } = useTranslation("admin");
  const { items, next, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const question = (intent: Intent) => ({
    title: t(`admin.notices.${intent}Title`),
    message: t(`admin.notices.${intent}Message`),
    confirm: t(`admin.notices.${intent}`),
  });
  if (answer && "confirm" in answer) {
    const { itemCd, intent, title } = answer.confirm;
    if (intent === "publish" || intent === "unpublish") {
      return (
        <ConfirmPage question={question(intent)} fields={{ itemCd, intent }} cancelTo="/admin/notices">
          <p className="confirm-page__item" lang="ko">
            {title}
          </p>
        </ConfirmPage>
      );
    }
  }
  return (
    <>
      {done ? (
        <Confirmation answer={done}>
          <p>{t(`admin.notices.${done}`)}</p>
        </Confirmation>
      ) : null}
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
              <ConfirmForm question={question(n.state === "draft" ? "publish" : "unpublish")}>
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
              </ConfirmForm>
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
