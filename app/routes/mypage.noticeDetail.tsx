/**
 * One notice (`?itemCd=`), public like the list: its text in the page's language,
 * else English, else the Korean original, said so and marked with its language. Its title is the
 * page's heading and the document's title. A missing, malformed, unknown or
 * unpublished code is the 404 page, from this route's boundary.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, KoreanTerms, languageMarks, RouteErrorBoundary, UntranslatedNote } from "~/pageKit";
import { json, languageOf, noticeDetailView, notFound, pageSeo } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.notices],
  i18n: ["notices"],
  layout: "default",
  title: "titles.noticeDetail",
  tab: "mypage",
  back: "/mypage/notice",
  ownHeading: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = await languageOf(request);
  const notice = await noticeDetailView(context.services, url.searchParams.get("itemCd"), lng, Date.now());
  if (!notice) notFound(request);
  return json({
    notice,
    lng: url.searchParams.has("lng") ? lng : null,
    seo: pageSeo(request, context.services.config, lng, {
      title: notice.title,
      description: notice.description,
      type: "article",
      query: ["itemCd"],
    }),
  });
}

export default function NoticeDetailRoute() {
  const { t } = useTranslation("notices");
  const { notice, lng } = useLoaderData<typeof loader>();
  // English or the Korean original on another language's page: its language and direction marked on the block.
  const textLanguage = languageMarks(notice.original ? notice.language : null);
  return (
    <article className="notice-page">
      <header>
        <h1 className="notice__title" {...textLanguage}>
          <KoreanTerms lang={notice.language}>{notice.title}</KoreanTerms>
        </h1>
        <p className="notice-meta">
          {notice.pinned ? <span className="notice-tag notice-tag--pinned">{t("notices.list.pinned")}</span> : null}
          <span className="notice-tag">{t(`notices.categories.${notice.category}`)}</span>
          <time dateTime={notice.published.iso} dir={notice.published.numeric ? "ltr" : undefined}>
            {notice.published.full}
          </time>
          {notice.updated ? (
            <span>
              {t("notices.detail.updated")}{" "}
              <time dateTime={notice.updated.iso} dir={notice.updated.numeric ? "ltr" : undefined}>
                {notice.updated.date}
              </time>
            </span>
          ) : null}
        </p>
        {notice.languageName ? <UntranslatedNote language={notice.languageName} /> : null}
      </header>
      {/* Rendered from Markdown and sanitised on the server (notices/markdown.server.ts). */}
      <div className="notice__body" {...textLanguage} dangerouslySetInnerHTML={{ __html: notice.html }} />
      <Link className="notice__back" to={lng ? `/mypage/notice?lng=${encodeURIComponent(lng)}` : "/mypage/notice"}>
        {t("notices.detail.all")}
      </Link>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
