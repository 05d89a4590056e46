/**
 * Notices: what their pages show (made on the server: dates worded, Markdown
 * rendered and sanitised, each language's own text, else English, else the Korean
 * original, marked as such: the content kernel's one chain, content/texts.server.ts),
 * and every change to them (the admin area's and the content import's),
 * each recorded in the audit log. Publishing reaches every member's inbox through
 * the store's broadcast (decision 0052).
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { excerpt } from "~/community/text";
import { textIn, type ShownIn } from "~/content/texts.server";
import { i18nFor } from "~/i18n/instances.server";
import type { Services } from "~/context";
import { formatDate, formatKoreanDate, formatKoreanDateTime, formatTime } from "~/lib/format";
import type {
  AuditActor,
  NoticeCategory,
  NoticeInput,
  NoticeRecord,
  NoticeStateChange,
  NoticeTitles,
  Stores,
} from "~/stores/stores";
import { isolatesKoreanTerms } from "~/lib/koreanTerms";
import { markdownText, renderMarkdown } from "./markdown.server";
import { isDateOnly, isNoticeId, noticeSummaryOf } from "./schemas.server";

export const NOTICE_PAGE_SIZE = 20;
const DESCRIPTION_MAX = 160;

export interface NoticeDate {
  /** ISO instant (or yyyy-mm-dd for a date only), for <time dateTime>. */
  iso: string;
  /** The day (Korea): "2026년 10월 1일" on Korean pages, else yyyy-mm-dd; one style on a page. */
  date: string;
  /**
   * With the time: the Korean style of the spec ("2026년 10월 1일 (9시 5분)") on Korean pages, else
   * "yyyy-mm-dd hh:mm"; the day alone for a notice published on a date without a time (no "00:00").
   */
  full: string;
  /** True when `date` is written with digits and hyphens only (laid out left to right in any page). */
  numeric: boolean;
}

const noticeDate = (at: number, lng: string, withTime = !isDateOnly(at)): NoticeDate => {
  const korean = lng === "ko";
  const date = korean ? formatKoreanDate(at) : formatDate(at);
  return {
    iso: withTime ? new Date(at).toISOString() : formatDate(at),
    date,
    full: !withTime ? date : korean ? formatKoreanDateTime(at) : `${formatDate(at)} ${formatTime(at)}`,
    numeric: !korean,
  };
};

/** A notice's title in the reader's language, else English, else the Korean original, and the language shown. */
export function noticeTitleIn(titles: NoticeTitles, lng: string): { title: string; lang: ShownIn | null } {
  const found = textIn<string>(titles, lng);
  return { title: found?.text ?? "", lang: found?.lang ?? null };
}

export interface NoticeListItem {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  title: string;
  /** The language of the title when it is not the page's (lists mark it), else null. */
  lang: ShownIn | null;
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
    ...noticeTitleIn(n.titles, lng),
    published: noticeDate(n.publishedAt!, lng),
  }));
  return { items, next: page.next, description: t("notices.meta.list") };
}

/** The pinned notice the home page leads to (the first of the published list when it is pinned), or null. */
export async function pinnedNoticeLine(services: Pick<Services, "stores">, lng: string, now: number) {
  const page = await services.stores.notices.listPublished({ after: null, limit: 1, now, language: lng });
  const first = page.ok ? page.items[0] : undefined;
  if (!first?.pinned) return null;
  return { itemCd: first.itemCd, ...noticeTitleIn(first.titles, lng) };
}

export interface NoticeDetail {
  itemCd: string;
  category: NoticeCategory;
  pinned: boolean;
  title: string;
  /** Sanitised HTML of the body. */
  html: string;
  /** The language of the text shown: the page's own, else English, else `ko` (the original). */
  language: string;
  /** True when that is not the page's language (a note says so, components/Untranslated.tsx). */
  original: boolean;
  /** That language named in the page's language, when it is not the page's. */
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

function renderedBody(body: string, language: string) {
  const koreanTerms = isolatesKoreanTerms(language);
  const key = `${koreanTerms ? "t" : "k"}:${createHash("sha256").update(body).digest("base64url")}`;
  let entry = renderedBodies.get(key);
  if (!entry) {
    entry = { html: renderMarkdown(body, { koreanTerms }), description: excerpt(markdownText(body), DESCRIPTION_MAX) };
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
  const { text, lang } = textIn(notice.translations, lng) ?? { text: notice.translations.ko, lang: null };
  const { html, description } = renderedBody(text.body, lang?.code ?? lng);
  return {
    itemCd: notice.itemCd,
    category: notice.category,
    pinned: notice.pinned,
    title: text.title,
    html,
    language: lang?.code ?? lng,
    original: lang !== null,
    languageName: lang?.name ?? null,
    description,
    published: noticeDate(notice.publishedAt, lng),
    updated: editedAfterPublication(notice) ? noticeDate(notice.updatedAt, lng, false) : null,
  };
}

/**
 * Whether a notice's page says "Updated": it was changed after it was first stored (the content import's day is
 * no edit: a notice imported once has `updatedAt` equal to `createdAt`), a day or more after its publication
 * (same-day corrections are not news).
 */
export const editedAfterPublication = (notice: Pick<NoticeRecord, "createdAt" | "updatedAt" | "publishedAt">) =>
  notice.publishedAt !== null &&
  notice.updatedAt > notice.createdAt &&
  notice.updatedAt - notice.publishedAt >= 86_400_000;

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
