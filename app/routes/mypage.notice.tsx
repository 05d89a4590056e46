/**
 * The notices (public: visitors and crawlers read them without signing in, although
 * they sit under /mypage; the rest of my page asks for sign-in in each of its own
 * loaders, and this one does not). Pinned first (labelled), then newest; a title
 * not in the page's language is marked with the language it is shown in; a link to
 * the next page, so paging needs no JavaScript.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, KoreanTerms, languageMarks, RouteErrorBoundary } from "~/pageKit";
import { badRequest, json, languageOf, noticeListView, pageSeo } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.notices],
  i18n: ["notices"],
  layout: "default",
  title: "titles.notices",
  tab: "mypage",
  back: "/mypage",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = await languageOf(request);
  const view = await noticeListView(context.services, lng, url.searchParams.get("after"), Date.now());
  if (!view) badRequest();
  const { description, ...list } = view;
  return json({
    ...list,
    language: lng,
    // Links keep a language named in the address, so a crawler stays in the language it reads.
    lng: url.searchParams.has("lng") ? lng : null,
    seo: pageSeo(request, context.services.config, lng, { description, query: ["after"] }),
  });
}

export default function NoticesRoute() {
  const { t } = useTranslation("notices");
  const { t: tc } = useTranslation("common");
  const { items, next, lng } = useLoaderData<typeof loader>();
  const withLanguage = (path: string) => (lng ? `${path}&lng=${encodeURIComponent(lng)}` : path);
  if (items.length === 0) return <p className="notice-empty">{t("notices.list.empty")}</p>;
  return (
    <>
      <ul className="notice-list">
        {items.map((notice) => (
          <li key={notice.itemCd} className="notice-list__item">
            <Link
              className="notice-list__link"
              to={withLanguage(`/mypage/noticeDetail?itemCd=${encodeURIComponent(notice.itemCd)}`)}
            >
              <span className="notice-list__title" {...languageMarks(notice.lang?.code)}>
                <KoreanTerms lang={notice.lang?.code}>{notice.title}</KoreanTerms>
              </span>
              <span className="notice-meta">
                {notice.pinned ? (
                  <span className="notice-tag notice-tag--pinned">{t("notices.list.pinned")}</span>
                ) : null}
                <span className="notice-tag">{t(`notices.categories.${notice.category}`)}</span>
                <time dateTime={notice.published.iso} dir={notice.published.numeric ? "ltr" : undefined}>
                  {notice.published.date}
                </time>
                {notice.lang ? (
                  <span className="notice-shown-in">{tc("content.shownIn", { language: notice.lang.name })}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {next ? (
        <Link
          className="button button--secondary button--block notice-list__more"
          to={withLanguage(`/mypage/notice?after=${encodeURIComponent(next)}`)}
        >
          {t("notices.list.more")}
        </Link>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
