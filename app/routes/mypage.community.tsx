/**
 * My community: the member's own feeds (every status: a hidden one says so) and
 * their comments, newest first, a page at a time like the feed list.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary, TimeAgo } from "~/pageKit";
import { FeedList } from "~/kits/community";
import {
  badRequest,
  excerpt,
  feedCard,
  FEEDS_PER_PAGE,
  json,
  languageOf,
  requireMember,
  whenOf,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.community],
  i18n: ["community"],
  layout: "default",
  title: "titles.myCommunity",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

interface MyComment {
  id: string;
  feedId: string;
  text: string;
  when: ReturnType<typeof whenOf>;
  hidden: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const { stores } = context.services;
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "comments" ? "comments" : "feeds";
  const after = url.searchParams.get("after");
  const lng = await languageOf(request);
  const now = Date.now();
  const deleted = url.searchParams.has("deleted");
  if (tab === "feeds") {
    const page = await stores.feeds.listByAuthor(member.uid, { after, limit: FEEDS_PER_PAGE });
    if (!page.ok) badRequest();
    const comments: MyComment[] = [];
    return json({ tab, deleted, feeds: page.items.map((f) => feedCard(f, lng, now)), comments, next: page.next });
  }
  const page = await stores.comments.listByAuthor(member.uid, { after, limit: FEEDS_PER_PAGE });
  if (!page.ok) badRequest();
  const feeds: ReturnType<typeof feedCard>[] = [];
  return json({
    tab,
    deleted,
    feeds,
    comments: page.items.map((c): MyComment => ({
      id: c.id,
      feedId: c.feedId,
      text: excerpt(c.text, 140),
      when: whenOf(c.createdAt, now, lng),
      hidden: c.status !== "visible",
    })),
    next: page.next,
  });
}

export default function MyCommunityRoute() {
  const { t } = useTranslation("community");
  const { tab, deleted, feeds, comments, next } = useLoaderData<typeof loader>();
  const moreHref = useCallback((cursor: string) => `/mypage/community?after=${encodeURIComponent(cursor)}`, []);
  return (
    <div className="community">
      {deleted ? (
        <Confirmation answer={deleted}>
          <p>{t("feed.deleted")}</p>
        </Confirmation>
      ) : null}
      <nav className="category-tabs" aria-label={t("mine.tabs")}>
        <ul>
          <li>
            <Link to="/mypage/community" aria-current={tab === "feeds" ? "page" : undefined}>
              {t("mine.feeds")}
            </Link>
          </li>
          <li>
            <Link to="/mypage/community?tab=comments" aria-current={tab === "comments" ? "page" : undefined}>
              {t("mine.comments")}
            </Link>
          </li>
        </ul>
      </nav>
      {tab === "feeds" ? (
        <FeedList feeds={feeds} next={next} moreHref={moreHref} empty={t("mine.noFeeds")} />
      ) : (
        <>
          {comments.length === 0 ? <p className="empty-state">{t("mine.noComments")}</p> : null}
          <ul className="card-list comment-list">
            {comments.map((c) => (
              <li key={c.id} className="card feed-card">
                <Link to={`/community/${c.feedId}`} className="feed-card__link">
                  <span className="feed-card__text" dir="auto">
                    {c.text}
                  </span>
                </Link>
                <p className="author-line">
                  <TimeAgo when={c.when} />
                  {c.hidden ? <span className="badge">{t("feedStatus.hidden")}</span> : null}
                </p>
              </li>
            ))}
          </ul>
          {next ? (
            <Link
              className="button button--secondary button--block"
              to={`/mypage/community?tab=comments&after=${encodeURIComponent(next)}`}
            >
              {t("list.more")}
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
