/**
 * Moderators' review queue (members with the `admin` claim; scripts/grant-admin.mjs):
 * every reported feed and comment, oldest report first, to restore, hide or delete.
 * Each reporter is told the outcome (in their inbox).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithValues, TimeAgo } from "~/pageKit";
import {
  badRequest,
  countryName,
  excerpt,
  json,
  languageOf,
  readForm,
  requireModerator,
  resolveReports,
  reviewSchema,
  whenOf,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.community],
  i18n: ["community"],
  layout: "default",
  title: "titles.review",
  tab: "community",
  back: "/community",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context.services);
  const lng = await languageOf(request);
  const after = new URL(request.url).searchParams.get("after");
  const page = await context.services.stores.reports.queue({ after, limit: 20 });
  if (!page.ok) badRequest();
  const now = Date.now();
  return json({
    items: page.items.map((item) => ({
      kind: item.target.kind,
      id: item.target.id,
      feedId: item.feedId,
      text: excerpt(item.text, 300),
      author: item.author.label,
      country: item.author.nationality ? countryName(item.author.nationality, lng) : null,
      status: item.status,
      reportCount: item.reportCount,
      reasons: item.reasons,
      reported: whenOf(item.firstReportedAt, now, lng),
    })),
    next: page.next,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireModerator(request, context.services);
  const parsed = reviewSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  const { kind, id, outcome } = parsed.data;
  const done = await resolveReports(context.services, { kind, id }, outcome);
  return json({ done: done.ok });
}

export default function ReviewRoute() {
  const { t } = useTranslation("community");
  const { items, next } = useLoaderData<typeof loader>();
  return (
    <div className="community">
      {items.length === 0 ? <p className="empty-state">{t("review.empty")}</p> : null}
      <ul className="card-list review-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`} className="card review-item">
            <p className="author-line">
              <bdi className="author-line__name">{item.author}</bdi>
              {item.country ? <span>{item.country}</span> : null}
              <span className="badge">{t(`feedStatus.${item.status}`)}</span>
            </p>
            <p className="comment__text" dir="auto">
              {item.text}
            </p>
            <p className="muted">
              <SentenceWithValues sentence={(v) => t("review.reports", v)} count={item.reportCount} /> ·{" "}
              {item.reasons.map((r) => t(`report.reasons.${r}`)).join(", ")} · <TimeAgo when={item.reported} />
            </p>
            <Link to={`/community/${item.feedId}`}>
              {t(item.kind === "feed" ? "review.openFeed" : "review.openComment")}
            </Link>
            <div className="review-item__actions">
              {(["restored", "hidden", "deleted"] as const).map((outcome) => (
                <Form method="post" key={outcome}>
                  <input type="hidden" name="kind" value={item.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    name="outcome"
                    value={outcome}
                    className={
                      outcome === "deleted"
                        ? "button button--secondary link-button--danger"
                        : "button button--secondary"
                    }
                  >
                    {t(`review.${outcome}`)}
                  </button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {next ? (
        <Link className="button button--secondary button--block" to={`?after=${encodeURIComponent(next)}`}>
          {t("list.more")}
        </Link>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
