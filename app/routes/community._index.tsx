/**
 * All posts: the newest first, by category tab, a page at a time. Public and fully
 * server-rendered (crawlers read it in each language); members see a button to post.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, Icon, RouteErrorBoundary } from "~/pageKit";
import { FeedList } from "~/kits/community";
import {
  badRequest,
  FEED_CATEGORIES,
  feedCard,
  FEEDS_PER_PAGE,
  json,
  languageOf,
  pageSeo,
  readSession,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.community],
  i18n: ["community"],
  layout: "community",
  title: "titles.allFeeds",
  tab: "community",
};

type Category = (typeof FEED_CATEGORIES)[number];
const isCategory = (value: string | null): value is Category =>
  value !== null && (FEED_CATEGORIES as readonly string[]).includes(value);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { stores } = context.services;
  const url = new URL(request.url);
  const asked = url.searchParams.get("category");
  const category = isCategory(asked) ? asked : null;
  const after = url.searchParams.get("after");
  const [lng, member, page] = await Promise.all([
    languageOf(request),
    readSession(request, context.services),
    stores.feeds.list({ after, limit: FEEDS_PER_PAGE, ...(category ? { category } : {}) }),
  ]);
  if (!page.ok) badRequest();
  const now = Date.now();
  return json({
    category,
    categories: FEED_CATEGORIES,
    feeds: page.items.map((feed) => feedCard(feed, lng, now)),
    next: page.next,
    deeper: after !== null,
    member: member !== null,
    seo: pageSeo(request, context.services.config, lng, { query: category ? ["category", "after"] : ["after"] }),
  });
}

export default function CommunityRoute() {
  const { t } = useTranslation("community");
  const { category, categories, feeds, next, deeper, member } = useLoaderData<typeof loader>();
  const base = category ? `/community?category=${category}` : "/community";
  const moreHref = useCallback(
    (cursor: string) => `${base}${base.includes("?") ? "&" : "?"}after=${encodeURIComponent(cursor)}`,
    [base],
  );
  return (
    <div className="community">
      <nav className="category-tabs" aria-label={t("list.categories")}>
        <ul>
          <li>
            <Link to="/community" aria-current={category === null ? "page" : undefined}>
              {t("categories.all")}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link to={`/community?category=${c}`} aria-current={category === c ? "page" : undefined}>
                {t(`categories.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {deeper ? (
        <p className="community__back-to-top">
          <Link to={base}>{t("list.newest")}</Link>
        </p>
      ) : null}
      <FeedList feeds={feeds} next={next} moreHref={moreHref} empty={t("list.empty")} />
      <Link
        className="write-button"
        to={member ? "/community/edit" : `/member/start?redirectTo=${encodeURIComponent("/community/edit")}`}
      >
        <Icon name="pencil" />
        <span>{t("edit.write")}</span>
      </Link>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
