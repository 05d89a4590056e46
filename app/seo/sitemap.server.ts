/**
 * /sitemap.xml and /robots.txt (decisions 0053, 0084). The sitemap lists the pages a
 * visitor may read without an account, each at its canonical address in every language
 * (`?lng=`, what the page's own canonical link names), with the same alternates the page
 * names (its 19 languages and `x-default`), and when its content last changed where the
 * stores know it (a notice's, a post's, the newest benefit's…); a page whose words change
 * only with a deployment has no `lastmod`. The community's visible posts and the
 * published notices are listed newest first, each capped (SITEMAP_LIMITS).
 */
import { supportedLanguages } from "~/i18n/config";
import type { Services } from "~/context";
import { publicOrigin } from "~/infra/config.server";
import { seoLinks, type PageAddress } from "~/lib/seo";
import { publishedNotices } from "~/notices/notices.server";
import { visaStatuses } from "~/visa/catalogue";

/**
 * Posts and notices listed at most (newest first). Each page is 19 addresses of about 2.3 KB each (its 20
 * alternates), so 100 of each with the fixed pages and the 188 visa sub-types' pages is about 8 300 URLs and
 * 19 MB, made on each request: below the protocol's 50 000 URLs and 50 MB. Older ones are reached through the lists' pages; a sitemap index with a
 * file per kind is the next step (decision 0084).
 */
export const SITEMAP_LIMITS = { feeds: 100, notices: 100 };

interface SitemapEntry {
  path: string;
  query: [string, string][];
  /** When its content last changed (ms), or null when nothing but a deployment changes it. */
  lastmod: number | null;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const isoDate = (at: number) => new Date(at).toISOString();

/** The latest of some update times, or null for none. */
const newest = (times: readonly number[]) => (times.length === 0 ? null : Math.max(...times));

/** How long a made sitemap is answered again while the storage has not changed (a notice due later shows then). */
const SITEMAP_KEPT_MS = 60_000;
/** By storage: a process may hold several (tests do). */
const keptFor = new WeakMap<object, { mark: number; at: number; xml: string }>();

/**
 * The sitemap's XML, made again when the storage changed (its change mark moved: an import, another process) or
 * after a minute (a change this process made itself shows then; the file is HTTP-cached an hour anyway): a few MB
 * for a few thousand URLs is not made on every request a crawler or a flood sends.
 */
export async function sitemapXml(services: Pick<Services, "stores" | "config">, now = Date.now()): Promise<string> {
  const mark = await services.stores.changeMark();
  const kept = keptFor.get(services.stores);
  if (kept && kept.mark === mark && now - kept.at >= 0 && now - kept.at < SITEMAP_KEPT_MS) return kept.xml;
  const xml = await makeSitemap(services, now);
  keptFor.set(services.stores, { mark, at: now, xml });
  return xml;
}

async function makeSitemap(services: Pick<Services, "stores" | "config">, now: number): Promise<string> {
  const { stores, config } = services;
  const [benefits, offers, loanProducts, corridors, rates, terms, kits, workRules] = await Promise.all([
    stores.benefits.list({ languages: ["ko"] }),
    stores.offers.list({ languages: ["ko"] }),
    stores.loanProducts.list({ languages: ["ko"] }),
    stores.corridors.list(),
    stores.rates.current(),
    stores.terms.heads(),
    stores.extensionKits.list({ languages: ["ko"] }),
    stores.workRules.list({ languages: [] }),
  ]);
  // A status's page and each of its sub-types' show the status's extension kit (decision 0105).
  const kitChanged = new Map(kits.map((kit) => [kit.itemCd, kit.updatedAt]));
  const rulesChanged = newest(workRules.map((r) => r.updatedAt));
  const rateTimes = rates.map((r) => r.storedAt);
  const published = terms.filter((t) => t.publishedAt !== null && t.publishedAt <= now);
  const termsChanged = newest(published.map((t) => Math.max(t.publishedAt!, t.updatedAt)));
  const entries: SitemapEntry[] = [
    { path: "/", query: [], lastmod: null },
    { path: "/member/findVisa", query: [], lastmod: null },
    ...visaStatuses.flatMap((status) =>
      [status.code, ...status.subtypes].map((code) => ({
        path: `/member/findVisa/${code}`,
        query: [],
        lastmod: kitChanged.get(status.code) ?? null,
      })),
    ),
    { path: "/benefit", query: [], lastmod: newest(benefits.map((b) => b.updatedAt)) },
    { path: "/finance/loan", query: [], lastmod: newest(loanProducts.map((p) => p.updatedAt)) },
    { path: "/finance/pay", query: [], lastmod: rulesChanged },
    { path: "/finance/severance", query: [], lastmod: rulesChanged },
    { path: "/finance/leavingKorea", query: [], lastmod: rulesChanged },
    { path: "/finance/currencyExchange", query: [], lastmod: newest(rateTimes) },
    {
      path: "/finance/remittance",
      query: [],
      lastmod: newest([...corridors.map((c) => c.updatedAt), ...rateTimes]),
    },
    { path: "/member/terms", query: [], lastmod: termsChanged },
    { path: "/mypage/terms", query: [], lastmod: termsChanged },
    { path: "/shop", query: [], lastmod: newest(offers.map((o) => o.updatedAt)) },
  ];

  const feeds: SitemapEntry[] = [];
  let after: string | null = null;
  while (feeds.length < SITEMAP_LIMITS.feeds) {
    const page = await stores.feeds.list({ after, limit: Math.min(1000, SITEMAP_LIMITS.feeds - feeds.length) });
    if (!page.ok) break;
    feeds.push(...page.items.map((f) => ({ path: `/community/${f.id}`, query: [], lastmod: f.updatedAt })));
    if (!page.next) break;
    after = page.next;
  }
  entries.push({ path: "/community", query: [], lastmod: newest(feeds.map((f) => f.lastmod!)) });
  entries.push(...feeds);

  const notices = await publishedNotices(stores, now, SITEMAP_LIMITS.notices);
  entries.push({ path: "/mypage/notice", query: [], lastmod: newest(notices.map((n) => n.updatedAt)) });
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
    // The alternates are the same for every language of a page: made once, from the links the page itself names.
    const base: PageAddress = { origin, path: entry.path, query: entry.query, language: supportedLanguages[0] };
    const alternates = seoLinks(base).alternates.map(
      (link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`,
    );
    const lastmod = entry.lastmod === null ? [] : [`<lastmod>${isoDate(entry.lastmod)}</lastmod>`];
    for (const language of supportedLanguages) {
      const { canonical } = seoLinks({ ...base, language });
      lines.push("<url>", `<loc>${escapeXml(canonical)}</loc>`, ...lastmod, ...alternates, "</url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/**
 * Paths that are private (my page other than its notices and terms, the inbox, the joins' and sign-in's
 * steps, the terms' re-consent step, the post editor, reporting, moderation, the admin area, local mode's
 * developer pages, the reminders' opt-out links) or that would only spend a crawler's time: robots.txt disallows them. Allow lines name
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
  "/reminders",
  "/push",
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
