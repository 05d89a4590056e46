/**
 * The inbox: a member's notifications as the page shows them. Each has its words
 * (a key of the `inbox` namespace and its values, so the page says it in the
 * reader's language) and the page it leads to, both made here from the stored
 * data: a link never comes from a form.
 */
import type { Services } from "~/context";
import { noticeTitleIn, type NoticeListItem } from "~/notices/notices.server";
import { isNoticeId } from "~/notices/schemas.server";
import { memberInboxAudience } from "~/stores/notifications";
import type { InboxAudience, NotificationRecord } from "~/stores/stores";
import { whenOf, type When } from "./views.server";

export const INBOX_PAGE_SIZE = 20;

export interface InboxItem {
  id: string;
  kind: NotificationRecord["kind"];
  unread: boolean;
  when: When;
  /** A key of the inbox namespace and its values. */
  message: { key: string; values: Record<string, string | number> };
  href: string;
  /** The language of the words it quotes (a notice's title) when they are not in the page's language, else null. */
  lang: NoticeListItem["lang"];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** A member's words inside a translated sentence, isolated so their direction does not reorder it (Urdu around English). */
const isolated = (value: unknown) => `\u2068${text(value)}\u2069`;
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const FEED_ID = /^[A-Za-z0-9_-]{12}$/;
const feedHref = (value: unknown, anchor?: unknown) =>
  typeof value === "string" && FEED_ID.test(value)
    ? `/community/${value}${typeof anchor === "string" && FEED_ID.test(anchor) ? `#c-${anchor}` : ""}`
    : "/community";

/** Which broadcasts (published notices) reach a member's inbox now (`memberInboxAudience`, decision 0052). */
export async function inboxAudience(
  services: Pick<Services, "stores">,
  uid: string,
  now: number,
): Promise<InboxAudience> {
  const [profile, settings] = await Promise.all([
    services.stores.members.profile(uid),
    services.stores.members.settings(uid),
  ]);
  return memberInboxAudience(profile, settings, now);
}

/**
 * The member's unread count for the badge of every page: their notifications and the notices of their audience,
 * part of the member's screen (one read with the session's and the profile's on a shared database).
 */
export async function inboxUnread(services: Pick<Services, "stores">, uid: string, now = Date.now()): Promise<number> {
  return (await services.stores.memberScreen(uid, now)).unread;
}

/** A notice's title by the one fallback chain (the reader's language, else English, else Korean). */
function noticeTitle(titles: unknown, lng: string) {
  if (!titles || typeof titles !== "object") return { title: "", lang: null };
  const byLanguage = Object.fromEntries(
    Object.entries(titles as Record<string, unknown>).filter(([, title]) => text(title) !== ""),
  );
  return noticeTitleIn({ ko: "", ...byLanguage }, lng);
}

/** Words and destination of a stored notification. */
export function inboxItem(n: NotificationRecord, lng: string, now: number): InboxItem {
  const d = n.data;
  const base = {
    id: n.id,
    kind: n.kind,
    unread: n.readAt === null,
    when: whenOf(n.createdAt, now, lng),
    lang: null,
  };
  switch (n.kind) {
    case "visaReminder":
      return {
        ...base,
        message: { key: `visa.${text(d.milestone) || "windowOpens"}`, values: { date: text(d.expiresOn) } },
        href: "/mypage",
      };
    case "appointmentReminder":
      return {
        ...base,
        message: {
          key: `appointment.${text(d.milestone) === "morning" ? "morning" : "eveningBefore"}`,
          values: { date: text(d.date), time: text(d.time) },
        },
        href: "/mypage/visa/appointment",
      };
    case "passportReminder":
      return {
        ...base,
        message: { key: `passport.${text(d.milestone) || "sixMonths"}`, values: { date: text(d.expiresOn) } },
        href: "/mypage/visa",
      };
    case "comment":
    case "reply":
      return {
        ...base,
        message: { key: n.kind, values: { name: isolated(d.by), excerpt: isolated(d.excerpt) } },
        href: feedHref(d.feedId, d.commentId),
      };
    case "like": {
      // Its last liker withdrew: how many like the post, without a name.
      if (typeof d.by !== "string") {
        return {
          ...base,
          message: { key: "likeUnnamed", values: { count: count(d.likeCount), excerpt: isolated(d.excerpt) } },
          href: feedHref(d.feedId),
        };
      }
      const others = count(d.others);
      return {
        ...base,
        message: {
          key: others > 0 ? "likeWithOthers" : "like",
          values: { name: isolated(d.by), count: others, excerpt: isolated(d.excerpt) },
        },
        href: feedHref(d.feedId),
      };
    }
    case "reportOutcome":
      return {
        ...base,
        message: { key: `report.${text(d.outcome) || "restored"}`, values: {} },
        href: "/community",
      };
    case "notice": {
      const { title, lang } = noticeTitle(d.titles, lng);
      return {
        ...base,
        message: { key: "notice", values: { title: isolated(title) } },
        href: isNoticeId(d.itemCd) ? `/mypage/noticeDetail?itemCd=${d.itemCd}` : "/mypage/notice",
        lang,
      };
    }
  }
}
