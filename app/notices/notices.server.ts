/**
 * Notices: what their pages show (made on the server: dates worded, Markdown
 * rendered and sanitised, each language's own text or the Korean original marked
 * as such), and every change to them (the admin area's and the content import's),
 * each recorded in the audit log. Publishing reaches every member's inbox through
 * the store's broadcast (decision 0052).
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { excerpt } from "~/community/text";
import { i18nFor } from "~/i18n/instances.server";
import { languagesNamedIn } from "~/i18n/displayNames.server";
import type { Services } from "~/context";
import { formatDate, formatKoreanDateTime, formatTime } from "~/lib/format";
import type { AuditActor, NoticeCategory, NoticeInput, NoticeRecord, NoticeStateChange, Stores } from "~/stores/stores";
import { markdownText, renderMarkdown } from "./markdown.server";
import { isNoticeId, noticeSummaryOf } from "./schemas.server";

export const NOTICE_PAGE_SIZE = 20;
const DESCRIPTION_MAX = 160;

export interface NoticeDate {
  /** ISO instant, for <time dateTime>. */
  iso: string;
  /** yyyy-mm-dd (Korea). */
  date: string;
  /** The Korean style of the spec ("2026년 10월 1일 (9시 0분)") on Korean pages, else "yyyy-mm-dd hh:mm". */
  full: string;
}

const noticeDate = (at: number, lng: string): NoticeDate => ({
  iso: new Date(at).toISOString(),
  date: formatDate(at),
  full: lng === "ko" ? formatKoreanDateTime(at) : `${formatDate(at)} ${formatTime(at)}`,
});

export interface NoticeListItem {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  title: string;
  /** The language of the title: the page's, or `ko` where the notice has no translation in it. */
  titleLanguage: string;
  published: NoticeDate;
}

/**
 * A page of published notices (pinned first, then newest) with the list's description for search results, or
 * null for a cursor that is not ours.
 */
export async function noticeListView(
  services: Pick<Services, "stores">,
  lng: string,
  after: string | null,
  now: number,
) {
  const page = await services.stores.notices.listPublished({ after, limit: NOTICE_PAGE_SIZE, now, language: lng });
  if (!page.ok) return null;
  const t = (await i18nFor(lng)).getFixedT(lng, "notices");
  const items: NoticeListItem[] = page.items.map((n) => ({
    itemCd: n.itemCd,
    category: n.category,
    pinned: n.pinned,
    title: n.title,
    titleLanguage: n.titleLanguage,
    published: noticeDate(n.publishedAt!, lng),
  }));
  return { items, next: page.next, description: t("notices.meta.list") };
}

export interface NoticeDetail {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  title: string;
  /** Sanitised HTML of the body. */
  html: string;
  /** The language of the text shown: the page's own, or `ko` (the original) with a note saying so. */
  language: string;
  original: boolean;
  /** The original's language named in the page's language, when it is shown (components/Untranslated.tsx). */
  languageName: string | null;
  /** One line of the body's text, for the meta description. */
  description: string;
  published: NoticeDate;
  updated: NoticeDate | null;
}

/**
 * Bodies rendered to safe HTML and their descriptions, by a digest of the Markdown: rendering and sanitising
 * cost milliseconds a body, and a notice is read far more often than it changes (an edited body has another
 * digest, so a stale one is never served, whichever process changed it). Bounded in count and size.
 */
const renderedBodies = new LRUCache<string, { html: string; description: string }>({
  max: 500,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (entry) => (entry.html.length + entry.description.length) * 2 + 64,
});

function renderedBody(body: string) {
  const key = createHash("sha256").update(body).digest("base64url");
  let entry = renderedBodies.get(key);
  if (!entry) {
    entry = { html: renderMarkdown(body), description: excerpt(markdownText(body), DESCRIPTION_MAX) };
    renderedBodies.set(key, entry);
  }
  return entry;
}

/** A published notice in the reader's language; null for a malformed, unknown, draft or not yet published code. */
export async function noticeDetailView(
  services: Pick<Services, "stores">,
  itemCd: string | null,
  lng: string,
  now: number,
): Promise<NoticeDetail | null> {
  if (!isNoticeId(itemCd)) return null;
  const notice = await services.stores.notices.get(itemCd);
  if (!notice || notice.publishedAt === null || notice.publishedAt > now) return null;
  const own = notice.translations[lng];
  const text = own ?? notice.translations.ko;
  const { html, description } = renderedBody(text.body);
  return {
    itemCd: notice.itemCd,
    category: notice.category,
    pinned: notice.pinned,
    title: text.title,
    html,
    language: own ? lng : "ko",
    original: !own && lng !== "ko",
    languageName: !own && lng !== "ko" ? languagesNamedIn(["ko"], lng) : null,
    description,
    published: noticeDate(notice.publishedAt, lng),
    // An edit after publication is dated too (a day or more later: same-day corrections are not news).
    updated: notice.updatedAt - notice.publishedAt >= 86_400_000 ? noticeDate(notice.updatedAt, lng) : null,
  };
}

/** Every published notice's code and last change, for the sitemap: at most `limit`. */
export async function publishedNotices(stores: Stores, now: number, limit: number) {
  const found: { itemCd: string; updatedAt: number }[] = [];
  let after: string | null = null;
  while (found.length < limit) {
    const page = await stores.notices.listPublished({ after, limit: Math.min(1000, limit), now, language: "ko" });
    if (!page.ok) break;
    found.push(...page.items.map((n) => ({ itemCd: n.itemCd, updatedAt: n.updatedAt })));
    if (!page.next) break;
    after = page.next;
  }
  return found.slice(0, limit);
}

/**
 * Creates or changes a notice as the admin form gives it, recorded in the audit log under `actor` when
 * something changed. Its broadcast follows in the same store call.
 */
export async function saveNotice(stores: Stores, notice: NoticeInput, actor: AuditActor, at: number) {
  return stores.notices.save(notice, at, {
    actor,
    target: { kind: "notice", id: notice.itemCd },
    summary: noticeSummaryOf(notice),
    at,
  });
}

export type NoticeAction = "publish" | "unpublish" | "pin" | "unpin";

const changeOf: Record<NoticeAction, (at: number) => NoticeStateChange> = {
  publish: (at) => ({ publishedAt: at }),
  unpublish: () => ({ publishedAt: null }),
  pin: () => ({ pinned: true }),
  unpin: () => ({ pinned: false }),
};

/**
 * Publishes (now: in every inbox, once), unpublishes (out of every inbox), pins or unpins a notice,
 * recorded in the audit log. A notice already so is left as it is (publishing a published one keeps
 * its date). Null when there is no such notice.
 */
export async function changeNotice(
  stores: Stores,
  itemCd: string,
  action: NoticeAction,
  actor: AuditActor,
  at: number,
): Promise<NoticeRecord | null> {
  const before = await stores.notices.get(itemCd);
  if (!before) return null;
  if (action === "publish" && before.publishedAt !== null) return before;
  // Recorded by the store in the change's transaction, when something changed.
  return stores.notices.change(itemCd, changeOf[action](at), at, {
    actor,
    action,
    target: { kind: "notice", id: itemCd },
    summary: noticeSummaryOf(before),
    at,
  });
}
