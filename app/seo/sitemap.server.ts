/**
 * /sitemap.xml and /robots.txt (decision 0053). The sitemap lists the pages a
 * visitor may read without an account, each once at its adapting address (no
 * `lng`) with its 19 languages and `x-default` as `xhtml:link` alternates, and when
 * it last changed. Pages of features still being built (lib/upcoming.ts: a
 * coming-soon page marked noindex) are left out until they ship; the community's
 * visible posts and the published notices are listed newest first, each capped, so
 * the file stays far below the protocol's 50 000 URLs and 50 MB.
 */
import { supportedLanguages } from "~/i18n/config";
import type { Services } from "~/context";
import { publicOrigin } from "~/infra/config.server";
import { seoHref, type PageSeo } from "~/lib/seo";
import { upcomingFeatureAt } from "~/lib/upcoming";
import { publishedNotices } from "~/notices/notices.server";
import { visaStatuses } from "~/visa/catalogue";

/** Posts and notices listed at most (newest first); with the fixed pages, a few thousand URLs. */
export const SITEMAP_LIMITS = { feeds: 2000, notices: 2000 };

/** Public pages whose words change only with a deployment: dated when this process started. */
const FIXED_PAGES = [
  "/",
  "/member/findVisa",
  ...visaStatuses.map((status) => `/member/findVisa/${status.code}`),
  "/benefit",
  "/finance/loan",
  "/finance/currencyExchange",
  "/finance/remittance",
  "/member/terms",
  "/mypage/terms",
  "/shop",
];

const STARTED = Date.now();

interface SitemapEntry {
  path: string;
  query: [string, string][];
  lastmod: number;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const isoDate = (at: number) => new Date(at).toISOString();

/** The sitemap's XML. */
export async function sitemapXml(services: Pick<Services, "stores" | "config">, now = Date.now()): Promise<string> {
  const { stores, config } = services;
  const entries: SitemapEntry[] = FIXED_PAGES.filter((path) => !upcomingFeatureAt(path)).map((path) => ({
    path,
    query: [],
    lastmod: STARTED,
  }));

  const feeds: SitemapEntry[] = [];
  let after: string | null = null;
  while (feeds.length < SITEMAP_LIMITS.feeds) {
    const page = await stores.feeds.list({ after, limit: Math.min(1000, SITEMAP_LIMITS.feeds - feeds.length) });
    if (!page.ok) break;
    feeds.push(...page.items.map((f) => ({ path: `/community/${f.id}`, query: [], lastmod: f.updatedAt })));
    if (!page.next) break;
    after = page.next;
  }
  entries.push({
    path: "/community",
    query: [],
    lastmod: Math.max(STARTED, ...feeds.slice(0, 1).map((f) => f.lastmod)),
  });
  entries.push(...feeds);

  const notices = await publishedNotices(stores, now, SITEMAP_LIMITS.notices);
  const newestNotice = notices.reduce((newest, n) => Math.max(newest, n.updatedAt), STARTED);
  entries.push({ path: "/mypage/notice", query: [], lastmod: newestNotice });
  entries.push(
    ...notices.map((n) => ({
      path: "/mypage/noticeDetail",
      query: [["itemCd", n.itemCd]] as [string, string][],
      lastmod: n.updatedAt,
    })),
  );

  const origin = publicOrigin(config);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const seo: PageSeo = {
      origin,
      path: entry.path,
      query: entry.query,
      language: "ko",
      title: null,
      description: null,
      type: "website",
    };
    lines.push("<url>", `<loc>${escapeXml(seoHref(seo, null))}</loc>`, `<lastmod>${isoDate(entry.lastmod)}</lastmod>`);
    for (const language of supportedLanguages) {
      lines.push(`<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(seoHref(seo, language))}"/>`);
    }
    lines.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(seoHref(seo, null))}"/>`, "</url>");
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/**
 * Paths that are private (my page other than its notices and terms, the inbox, the joins' and sign-in's
 * steps, the terms' re-consent step, the post editor, reporting, moderation, the admin area, local mode's
 * developer pages) or that would only spend a crawler's time: robots.txt disallows them. Allow lines name
 * the public pages under /mypage.
 */
const DISALLOWED = [
  "/mypage",
  "/noti",
  "/member/start",
  "/member/startId",
  "/member/agree",
  "/member/accountInfo",
  "/member/userInfo",
  "/member/addInfo",
  "/member/complete",
  "/member/findPw",
  "/member/resetPw",
  "/member/google",
  "/member/signOut",
  "/member/termsUpdate",
  "/sign",
  "/login",
  "/language",
  "/nLanguage",
  "/community/edit",
  "/community/report",
  "/community/review",
  "/admin",
  "/dev",
  "/files",
];

export function robotsTxt(services: Pick<Services, "config">): string {
  return [
    "User-agent: *",
    "Allow: /mypage/notice",
    "Allow: /mypage/noticeDetail",
    "Allow: /mypage/terms",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicOrigin(services.config)}/sitemap.xml`,
    "",
  ].join("\n");
}
